package cute

// Crd2Idx is CuTe's crd2idx(coord, shape, stride): the index of a coordinate. An integer
// coordinate is split colexicographically over the modes of the shape, the last mode
// taking the whole remaining quotient (no modulo); a tuple coordinate applies by mode.
// With scaled-basis strides the result is an arithmetic tuple.
func Crd2Idx(coord, shape, stride IntTuple) (r IntTuple, err error) {
	defer catch("crd2idx", &err)
	if !Congruent(shape, stride) {
		throw("crd2idx", ErrInvalid, "shape %v and stride %v are not congruent", shape, stride)
	}
	return crd2idxT(coord, shape, stride), nil
}

// crd2idxInt is crd2idx for an integer coordinate and integer strides.
func crd2idxInt(c int64, shape, stride IntTuple) int64 {
	if shape.elems == nil {
		return mulChecked(c, stride.v)
	}
	n := len(shape.elems)
	r := int64(0)
	for i := 0; i < n-1; i++ {
		s := size(shape.elems[i])
		if s == 0 {
			throw("crd2idx", ErrInvalid, "shape %v has a mode of size 0", shape)
		}
		r = addChecked(r, crd2idxInt(c%s, shape.elems[i], stride.elems[i]))
		c /= s
	}
	if n > 0 {
		r = addChecked(r, crd2idxInt(c, shape.elems[n-1], stride.elems[n-1]))
	}
	return r
}

// crd2idxT is crd2idx for any coordinate, any strides (throws).
func crd2idxT(c, shape, stride IntTuple) IntTuple {
	if c.elems == nil {
		if c.basis != nil {
			throw("crd2idx", ErrInvalid, "a coordinate cannot be a scaled basis (%v)", c)
		}
		if !stride.hasBasis() {
			return Int(crd2idxInt(c.v, shape, stride))
		}
		return crd2idxIntArith(c.v, shape, stride)
	}
	if shape.elems == nil {
		throw("crd2idx", ErrInvalid, "coordinate %v is a tuple but the shape %v is an integer", c, shape)
	}
	if len(c.elems) != len(shape.elems) {
		throw("crd2idx", ErrInvalid, "coordinate %v and shape %v have different ranks", c, shape)
	}
	var r arithSum
	for i := range c.elems {
		r.add(crd2idxT(c.elems[i], shape.elems[i], stride.elems[i]))
	}
	return r.r
}

func crd2idxIntArith(c int64, shape, stride IntTuple) IntTuple {
	var r arithSum
	crd2idxArith(&r, c, shape, stride)
	return r.r
}

// crd2idxArith adds the terms of crd2idx(c, shape, stride) to r.
func crd2idxArith(r *arithSum, c int64, shape, stride IntTuple) {
	if shape.elems == nil {
		r.add(arithScale(stride, c))
		return
	}
	n := len(shape.elems)
	for i := 0; i < n-1; i++ {
		s := size(shape.elems[i])
		if s == 0 {
			throw("crd2idx", ErrInvalid, "shape %v has a mode of size 0", shape)
		}
		crd2idxArith(r, c%s, shape.elems[i], stride.elems[i])
		c /= s
	}
	if n > 0 {
		crd2idxArith(r, c, shape.elems[n-1], stride.elems[n-1])
	}
}

// arithScale multiplies an integer, scaled basis or arithmetic tuple by c.
func arithScale(t IntTuple, c int64) IntTuple {
	if t.elems == nil {
		return IntTuple{v: mulChecked(t.v, c), basis: t.basis}
	}
	e := make([]IntTuple, len(t.elems))
	for i := range t.elems {
		e[i] = arithScale(t.elems[i], c)
	}
	return tupleOwn(e)
}

// arithTuple turns v·E<p0,p1,...> into the arithmetic tuple it stands for: a tuple with v
// at position p0 (recursively), zeros elsewhere. Tuples and integers are returned as
// they are.
func arithTuple(t IntTuple) IntTuple {
	if t.elems != nil || t.basis == nil {
		return t
	}
	var a arithSum
	a.dense = true
	a.add(t)
	return a.r
}

// arithAdd adds integers, scaled bases and arithmetic tuples as CuTe does: a 0 is the
// identity; equal bases add their scales; otherwise the operands become arithmetic
// tuples added element by element, the shorter padded with zeros.
func arithAdd(a, b IntTuple) IntTuple {
	var s arithSum
	s.add(a)
	s.add(b)
	return s.r
}

// arithSum folds arithAdd over a sequence of terms in time linear in the terms and the
// result: while the terms share one scaled basis (or are all integers) the sum stays a
// scaled basis; from the first pair of different bases on it is an arithmetic tuple that
// the sum owns and adds into in place. The zero arithSum is the integer 0.
//
// The elements it creates are bounded by arithBudget plus a constant per term, so that
// the cost of a sum grows with its terms as written (1@1048576 is a few bytes), never
// with the value of a basis mode: a larger result is refused (ErrInvalid).
type arithSum struct {
	r      IntTuple
	dense  bool // r is an arithmetic tuple (or integer) owned by the sum, without bases
	budget int  // elements the sum may still create
	terms  int
}

// arithBudget is the number of elements an arithmetic tuple may have beyond a few per
// term: enough for every layout of real kernels, small enough that no short input
// allocates much.
const arithBudget = 1 << 12

func isZero(t IntTuple) bool { return t.elems == nil && t.basis == nil && t.v == 0 }

func (a *arithSum) add(t IntTuple) {
	if a.terms == 0 {
		a.budget = arithBudget
	}
	a.terms++
	a.budget += 4 + 2*len(t.basis) + 2*len(t.elems)
	if isZero(t) {
		return
	}
	if !a.dense {
		switch {
		case isZero(a.r):
			a.r = t
			return
		case a.r.elems == nil && t.elems == nil && pathEqual(a.r.basis, t.basis):
			a.r = IntTuple{v: addChecked(a.r.v, t.v), basis: a.r.basis}
			return
		}
		r := a.r
		a.r, a.dense = IntTuple{}, true
		a.into(&a.r, r)
	}
	a.into(&a.r, t)
}

// into adds t to *dst, a value owned by the sum (an integer or a tuple without bases).
func (a *arithSum) into(dst *IntTuple, t IntTuple) {
	if isZero(t) {
		return
	}
	if t.elems == nil && t.basis == nil { // a nonzero integer
		if dst.elems != nil {
			throw("", ErrInvalid, "cannot add the integer %v to the arithmetic tuple %v", t, *dst)
		}
		dst.v = addChecked(dst.v, t.v)
		return
	}
	// t is a scaled basis or a tuple: *dst must be a tuple.
	if dst.elems == nil {
		if dst.v != 0 {
			throw("", ErrInvalid, "cannot add the integer %v to the arithmetic tuple %v", *dst, brief(t))
		}
		dst.elems = emptyElems
	}
	n := len(t.elems)
	if t.elems == nil {
		n = t.basis[0] + 1
	}
	if n > len(dst.elems) {
		if n-len(dst.elems) > a.budget {
			throw("", ErrInvalid, "the arithmetic tuple of %v would have %d elements: cutego builds at most %d here (cost must not grow with a basis mode)", brief(t), n, a.budget)
		}
		a.budget -= n - len(dst.elems)
		dst.elems = grow(dst.elems, n)
	}
	if t.elems == nil {
		a.into(&dst.elems[t.basis[0]], IntTuple{v: t.v, basis: nilIfEmpty(t.basis[1:])})
		return
	}
	for i := range t.elems {
		a.into(&dst.elems[i], t.elems[i])
	}
}

// grow extends e, owned by the sum, to length n with zeros (the integer 0). It grows the
// capacity geometrically, as append does, so that a sum whose terms reach one more mode
// each (1@0 + 1@1 + … + 1@n) copies O(n) elements in all, not O(n²). The spare capacity
// is never written by anyone but the sum: no operation appends to a tuple's elements in
// place.
func grow(e []IntTuple, n int) []IntTuple {
	if n <= cap(e) {
		return e[:n]
	}
	c := 2 * cap(e)
	if c < n {
		c = n
	}
	g := make([]IntTuple, n, c)
	copy(g, e)
	return g
}

func nilIfEmpty(p []int) []int {
	if len(p) == 0 {
		return nil
	}
	return p
}

func pathEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

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
	r := Int(0)
	for i := range c.elems {
		r = arithAdd(r, crd2idxT(c.elems[i], shape.elems[i], stride.elems[i]))
	}
	return r
}

func crd2idxIntArith(c int64, shape, stride IntTuple) IntTuple {
	if shape.elems == nil {
		return arithScale(stride, c)
	}
	n := len(shape.elems)
	r := Int(0)
	for i := 0; i < n-1; i++ {
		s := size(shape.elems[i])
		r = arithAdd(r, crd2idxIntArith(c%s, shape.elems[i], stride.elems[i]))
		c /= s
	}
	if n > 0 {
		r = arithAdd(r, crd2idxIntArith(c, shape.elems[n-1], stride.elems[n-1]))
	}
	return r
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
// at position p0 (recursively), zeros elsewhere.
func arithTuple(t IntTuple) IntTuple {
	if t.elems != nil || t.basis == nil {
		return t
	}
	e := make([]IntTuple, t.basis[0]+1)
	for i := range e {
		e[i] = Int(0)
	}
	e[t.basis[0]] = arithTuple(IntTuple{v: t.v, basis: nilIfEmpty(t.basis[1:])})
	return tupleOwn(e)
}

func nilIfEmpty(p []int) []int {
	if len(p) == 0 {
		return nil
	}
	return p
}

// arithAdd adds integers, scaled bases and arithmetic tuples as CuTe does: a 0 is the
// identity; equal bases add their scales; otherwise the operands become arithmetic
// tuples added element by element, the shorter padded with zeros.
func arithAdd(a, b IntTuple) IntTuple {
	if a.elems == nil && a.basis == nil && a.v == 0 {
		return b
	}
	if b.elems == nil && b.basis == nil && b.v == 0 {
		return a
	}
	if a.elems == nil && b.elems == nil {
		if a.basis == nil && b.basis == nil {
			return Int(addChecked(a.v, b.v))
		}
		if a.basis != nil && b.basis != nil && pathEqual(a.basis, b.basis) {
			return IntTuple{v: addChecked(a.v, b.v), basis: a.basis}
		}
	}
	a, b = arithTuple(a), arithTuple(b)
	if a.elems == nil || b.elems == nil {
		throw("", ErrInvalid, "cannot add the integer %v to the arithmetic tuple %v", a, b)
	}
	n := max(len(a.elems), len(b.elems))
	e := make([]IntTuple, n)
	for i := range e {
		switch {
		case i >= len(a.elems):
			e[i] = b.elems[i]
		case i >= len(b.elems):
			e[i] = a.elems[i]
		default:
			e[i] = arithAdd(a.elems[i], b.elems[i])
		}
	}
	return tupleOwn(e)
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

package cute

// Layout is CuTe's Layout: a shape and a congruent stride, a function from coordinates
// to indices. Layouts are immutable values.
type Layout struct {
	shape, stride IntTuple
}

// MakeLayout is CuTe's make_layout(shape, stride): the shape and stride must be congruent,
// shapes must be positive integers (no scaled bases).
func MakeLayout(shape, stride IntTuple) (l Layout, err error) {
	if !Congruent(shape, stride) {
		return Layout{}, errorf("make_layout", ErrInvalid, "shape %s and stride %s are not congruent", brief(shape), brief(stride))
	}
	if err := checkShape("make_layout", shape); err != nil {
		return Layout{}, err
	}
	return Layout{shape: shape, stride: stride}, nil
}

// MustLayout is MakeLayout for literals known to be valid (tests, examples); it panics
// on an error.
func MustLayout(shape, stride IntTuple) Layout {
	l, err := MakeLayout(shape, stride)
	if err != nil {
		panic(err)
	}
	return l
}

// mkLayout builds a layout from congruent parts without checks (internal use).
func mkLayout(shape, stride IntTuple) Layout { return Layout{shape: shape, stride: stride} }

func checkShape(op string, s IntTuple) *Error {
	if s.elems == nil {
		if s.basis != nil {
			return errorf(op, ErrInvalid, "a shape cannot hold a scaled basis (%v)", s)
		}
		if s.v < 1 {
			return errorf(op, ErrInvalid, "shape %d is not positive", s.v)
		}
		return nil
	}
	for _, e := range s.elems {
		if err := checkShape(op, e); err != nil {
			return err
		}
	}
	return nil
}

// Shape returns the layout's shape.
func (l Layout) Shape() IntTuple { return l.shape }

// Stride returns the layout's stride.
func (l Layout) Stride() IntTuple { return l.stride }

// Rank is CuTe's rank(layout): the rank of the shape.
func (l Layout) Rank() int { return l.shape.Rank() }

// Depth is CuTe's depth(layout).
func (l Layout) Depth() int { return l.shape.Depth() }

// Mode returns mode i of the layout (CuTe's layout<i>(L)); for a rank-1 layout with an
// integer shape, Mode(0) is the layout itself.
func (l Layout) Mode(i int) (m Layout, err error) {
	if i < 0 || i >= l.Rank() {
		return Layout{}, errorf("layout", ErrInvalid, "mode %d out of range for rank %d layout %v", i, l.Rank(), l)
	}
	return Layout{shape: l.shape.At(i), stride: l.stride.At(i)}, nil
}

// Equal reports whether two layouts have identical shape and stride (not merely the
// same function).
func (l Layout) Equal(m Layout) bool { return l.shape.Equal(m.shape) && l.stride.Equal(m.stride) }

// IsZero reports whether l is the zero Layout value (not a valid layout).
func (l Layout) IsZero() bool { return l.shape.elems == nil && l.shape.v == 0 }

// String prints the layout as CuTe does, minus the `_` marks: `(4,5):(16,64)`.
func (l Layout) String() string { return l.shape.String() + ":" + l.stride.String() }

// Size is CuTe's size(layout): the product of the shape, or −1 when it does not fit in
// int64 (a layout may be written with such a shape: C++ CuTe wraps around there).
// CheckedSize reports that case as an error.
func (l Layout) Size() int64 {
	n, err := l.CheckedSize()
	if err != nil {
		return -1
	}
	return n
}

// CheckedSize is Size, with an ErrOverflow *Error when the size does not fit in int64
// (and ErrInvalid for the zero Layout).
func (l Layout) CheckedSize() (int64, error) {
	if l.IsZero() {
		return 0, errorf("size", ErrInvalid, "the zero Layout has no size")
	}
	return Size(l.shape)
}

// Cosize is CuTe's cosize(layout) = size(coshape(layout)): with coshape = 1 + Σ (s−1)·|d|
// over the leaves (per component of an arithmetic tuple for scaled-basis strides), the
// smallest codomain extent that bounds |L(c)| for every c < size(L).
func (l Layout) Cosize() (n int64, err error) {
	defer catch("cosize", &err)
	return cosize(l), nil
}

func cosize(l Layout) int64 {
	if !l.stride.hasBasis() {
		return addChecked(coshapeInt(l.shape, l.stride), 1)
	}
	co := arithTuple(coshapeArith(l.shape, l.stride))
	return size(arithPlusOne(co))
}

// coshapeInt is Σ (s−1)·|d| over the leaves.
func coshapeInt(shape, stride IntTuple) int64 {
	if shape.elems == nil {
		return mulChecked(shape.v-1, absI(stride.v))
	}
	r := int64(0)
	for i := range shape.elems {
		r = addChecked(r, coshapeInt(shape.elems[i], stride.elems[i]))
	}
	return r
}

func coshapeArith(shape, stride IntTuple) IntTuple {
	if shape.elems == nil {
		return arithScale(IntTuple{v: absI(stride.v), basis: stride.basis}, shape.v-1)
	}
	var r arithSum
	for i := range shape.elems {
		r.add(coshapeArith(shape.elems[i], stride.elems[i]))
	}
	return r.r
}

func arithPlusOne(t IntTuple) IntTuple {
	if t.elems == nil {
		return Int(addChecked(t.v, 1))
	}
	e := make([]IntTuple, len(t.elems))
	for i := range t.elems {
		e[i] = arithPlusOne(arithTuple(t.elems[i]))
	}
	return tupleOwn(e)
}

// Eval evaluates the layout at the 1-D coordinate i (CuTe's L(i)) for integer strides
// and i in the domain [0, Size()); an index outside it is refused (ErrInvalid). Call is
// the other evaluation: CuTe's function past the domain too (the last mode takes the
// rest of the index), as the algebra does, at coordinates of any form.
func (l Layout) Eval(i int64) (idx int64, err error) {
	defer catch("layout", &err)
	if l.stride.hasBasis() {
		throw("layout", ErrInvalid, "layout %v has scaled-basis strides: use Call", l)
	}
	if i < 0 || i >= size(l.shape) {
		throw("layout", ErrInvalid, "index %d is outside the domain [0,%d) of %s (Call evaluates past it)", i, size(l.shape), brief(l))
	}
	return evalIdx(l, i), nil
}

// Call evaluates the layout at a coordinate of any form (CuTe's L(c)): an integer, a
// hierarchical coordinate congruent to (a prefix of) the shape, or a partial one. With
// scaled-basis strides the result is an arithmetic tuple. Coordinates holding `_`
// slice: use Slice.
func (l Layout) Call(c IntTuple) (r IntTuple, err error) {
	defer catch("layout", &err)
	return crd2idxT(c, l.shape, l.stride), nil
}

// Apply is CuTe's L(i) for a 1-D integer coordinate i anywhere, past the domain too (the
// last mode takes the rest of the index, as Call does), for integer strides: the function C++'s
// layout(i) computes. Eval is the form that refuses an i outside [0, Size()).
//
// Deprecated: Layout has two evaluations, Eval (in the domain, checked) and Call (CuTe's
// function anywhere, at a coordinate of any form). Apply(i) is Call(Int(i)) restricted
// to integer strides: use Call(Int(i)) and its Value.
func (l Layout) Apply(i int64) (idx int64, err error) {
	defer catch("layout", &err)
	if l.stride.hasBasis() {
		throw("layout", ErrInvalid, "layout %v has scaled-basis strides: use Call", l)
	}
	return evalIdx(l, i), nil
}

// evalIdx is L(i) for an integer coordinate and integer strides (internal, throws).
func evalIdx(l Layout, i int64) int64 {
	return crd2idxInt(i, l.shape, l.stride)
}

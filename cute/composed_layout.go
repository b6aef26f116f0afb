package cute

// ComposedLayout is CuTe's ComposedLayout<A, O, B>: the function c ↦ A(O + B(c)) with an
// outer swizzle A, an offset O and an inner layout B. Its shape, size and rank are B's.
// (CuTe also allows a layout as the outer function; cutego supports the swizzle form that
// Hopper's shared-memory layouts use.)
type ComposedLayout struct {
	Outer  Swizzle
	Offset int64
	Inner  Layout
}

// MakeComposedLayout is CuTe's make_composed_layout(A, O, B). A must be valid (from
// MakeSwizzle or ParseSwizzle): the methods of a ComposedLayout that return an error
// refuse an invalid one, and NewComposedLayout checks it here.
func MakeComposedLayout(a Swizzle, o int64, b Layout) ComposedLayout {
	return ComposedLayout{Outer: a, Offset: o, Inner: b}
}

// NewComposedLayout is MakeComposedLayout that refuses an invalid swizzle (ErrInvalid)
// and a zero Layout, for swizzles that did not come from MakeSwizzle.
func NewComposedLayout(a Swizzle, o int64, b Layout) (ComposedLayout, error) {
	if err := a.check("make_composed_layout"); err != nil {
		return ComposedLayout{}, err
	}
	if b.IsZero() {
		return ComposedLayout{}, errorf("make_composed_layout", ErrInvalid, "the inner layout is the zero Layout")
	}
	return ComposedLayout{Outer: a, Offset: o, Inner: b}, nil
}

// Validate returns nil when c's swizzle is valid and its inner layout is not the zero
// Layout, else an ErrInvalid *Error.
func (c ComposedLayout) Validate() error {
	_, err := NewComposedLayout(c.Outer, c.Offset, c.Inner)
	return err
}

// Shape is the inner layout's shape.
func (c ComposedLayout) Shape() IntTuple { return c.Inner.shape }

// Rank is the inner layout's rank.
func (c ComposedLayout) Rank() int { return c.Inner.Rank() }

// Size is the inner layout's size.
func (c ComposedLayout) Size() int64 { return c.Inner.Size() }

// Eval is A(O + B(i)) for a 1-D coordinate i in the domain [0, Size()); an index outside
// it is refused (ErrInvalid), as Layout.Eval does.
func (c ComposedLayout) Eval(i int64) (r int64, err error) {
	defer catch("composed_layout", &err)
	if i < 0 || i >= size(c.Inner.shape) {
		throw("composed_layout", ErrInvalid, "index %d is outside the domain [0,%d) of %s", i, size(c.Inner.shape), brief(c))
	}
	return c.Outer.Apply(addChecked(c.Offset, evalIdx(c.Inner, i))), nil
}

// Apply is CuTe's C(i) = A(O + B(i)) for a 1-D coordinate i anywhere, past the domain too
// (B's last mode takes the rest of the index, as Layout.Apply does).
func (c ComposedLayout) Apply(i int64) (r int64, err error) {
	defer catch("composed_layout", &err)
	return c.Outer.Apply(addChecked(c.Offset, evalIdx(c.Inner, i))), nil
}

// String prints `Sw<3,4,3> o 0 o (8,64):(64,1)` as CuTe does.
func (c ComposedLayout) String() string {
	return c.Outer.String() + " o " + Int(c.Offset).String() + " o " + c.Inner.String()
}

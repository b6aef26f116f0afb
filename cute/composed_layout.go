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

// MakeComposedLayout is CuTe's make_composed_layout(A, O, B).
func MakeComposedLayout(a Swizzle, o int64, b Layout) ComposedLayout {
	return ComposedLayout{Outer: a, Offset: o, Inner: b}
}

// Shape is the inner layout's shape.
func (c ComposedLayout) Shape() IntTuple { return c.Inner.shape }

// Rank is the inner layout's rank.
func (c ComposedLayout) Rank() int { return c.Inner.Rank() }

// Size is the inner layout's size.
func (c ComposedLayout) Size() int64 { return c.Inner.Size() }

// Eval is A(O + B(i)) for a 1-D coordinate.
func (c ComposedLayout) Eval(i int64) (r int64, err error) {
	defer catch("composed_layout", &err)
	return c.Outer.Apply(addChecked(c.Offset, evalIdx(c.Inner, i))), nil
}

// String prints `Sw<3,4,3> o 0 o (8,64):(64,1)` as CuTe does.
func (c ComposedLayout) String() string {
	return c.Outer.String() + " o " + Int(c.Offset).String() + " o " + c.Inner.String()
}

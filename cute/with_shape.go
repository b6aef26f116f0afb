package cute

// WithShape is CuTe's L.with_shape(shape): composition(L, make_layout(shape)), L
// reshaped to shape (column-major), e.g. (8,8):(8,1) with shape (4,16) → (4,(2,8)):(8,(32,1)).
// The errors are Composition's.
func WithShape(l Layout, shape IntTuple) (r Layout, err error) {
	b, err := MakeLayoutLeft(shape)
	if err != nil {
		return Layout{}, opErr(err, "with_shape")
	}
	return Composition(l, b)
}

// ComposedWithShape is CuTe's (A o O o B).with_shape(shape) = A o O o B.with_shape(shape).
func ComposedWithShape(c ComposedLayout, shape IntTuple) (ComposedLayout, error) {
	l, err := WithShape(c.Inner, shape)
	return c.withErr(l, err)
}

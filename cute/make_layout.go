package cute

// MakeLayoutLeft is CuTe's make_layout(shape) / make_layout(shape, LayoutLeft{}): the
// column-major (compact, generalized) layout; size-1 modes get stride 0.
func MakeLayoutLeft(shape IntTuple) (l Layout, err error) {
	defer catch("make_layout", &err)
	if e := checkShape("make_layout", shape); e != nil {
		return Layout{}, e
	}
	return compactMajor(shape, false), nil
}

// MakeLayoutRight is CuTe's make_layout(shape, LayoutRight{}): the row-major layout; the
// last leaf is contiguous, size-1 modes get stride 0.
func MakeLayoutRight(shape IntTuple) (l Layout, err error) {
	defer catch("make_layout", &err)
	if e := checkShape("make_layout", shape); e != nil {
		return Layout{}, e
	}
	return compactMajor(shape, true), nil
}

// compactMajor is the layout shape:compact_major(shape) (compactStride from 1).
func compactMajor(shape IntTuple, right bool) Layout {
	return Layout{shape: shape, stride: compactStride(shape, 1, right)}
}

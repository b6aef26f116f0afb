package cute

// MakeLayoutLike is CuTe's make_layout_like(L): a compact layout of L's shape whose modes
// are ordered as L's strides order them; stride-0 modes keep stride 0 (and take no room).
// make_layout_like((2,2,2,2):(0,2,4,1)) = (2,2,2,2):(0,2,4,1).
func MakeLayoutLike(l Layout) (r Layout, err error) {
	defer catch("make_layout_like", &err)
	requirePlain("make_layout_like", l.stride)
	// filter_zeros(stride, shape): the shape with stride-0 leaves replaced by 1.
	fz := zeroStrideShapeToOnes(l.stride, l.shape)
	return Layout{shape: l.shape, stride: compactOrder(fz, l.stride)}, nil
}

// zeroStrideShapeToOnes is CuTe's filter_zeros(stride, shape): shape with every sub-shape
// facing a 0 stride replaced by 1s.
func zeroStrideShapeToOnes(stride, shape IntTuple) IntTuple {
	if stride.elems != nil {
		e := make([]IntTuple, len(stride.elems))
		for i := range e {
			e[i] = zeroStrideShapeToOnes(stride.elems[i], shape.elems[i])
		}
		return tupleOwn(e)
	}
	if stride.v == 0 && stride.basis == nil {
		return repeatLike(shape, 1)
	}
	return shape
}

// repeatLike is CuTe's repeat_like(t, v): t's profile with every leaf v.
func repeatLike(t IntTuple, v int64) IntTuple {
	if t.elems == nil {
		return Int(v)
	}
	e := make([]IntTuple, len(t.elems))
	for i := range e {
		e[i] = repeatLike(t.elems[i], v)
	}
	return tupleOwn(e)
}

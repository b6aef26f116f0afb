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

// compactMajor builds the exclusive prefix product of the (flattened) shape, walked
// forward (column-major) or backward (row-major); size-1 modes get stride 0.
func compactMajor(shape IntTuple, right bool) Layout {
	cur := int64(1)
	var walk func(s IntTuple) IntTuple
	walk = func(s IntTuple) IntTuple {
		if s.elems == nil {
			d := cur
			if s.v == 1 {
				d = 0
			}
			cur = mulChecked(cur, s.v)
			return Int(d)
		}
		e := make([]IntTuple, len(s.elems))
		if right {
			for i := len(s.elems) - 1; i >= 0; i-- {
				e[i] = walk(s.elems[i])
			}
		} else {
			for i := range s.elems {
				e[i] = walk(s.elems[i])
			}
		}
		return tupleOwn(e)
	}
	return Layout{shape: shape, stride: walk(shape)}
}

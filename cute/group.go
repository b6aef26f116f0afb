package cute

// Group is CuTe's group<B,E>(L): modes [begin, end) of L gathered into one mode, the
// others kept: group<1,3>((2,3,4,5):(1,2,6,24)) = (2,(3,4),5):(1,(2,6),24). end = -1
// means rank(L); begin == end leaves L unchanged, except that an L of rank 1 that is not
// a tuple comes back wrapped, as C++ builds its result as a tuple: group<1,1>(4:1) =
// (4):(1), group<0,1>(4:1) = ((4)):((1)). The function is unchanged.
func Group(l Layout, begin, end int) (r Layout, err error) {
	defer catch("group", &err)
	return Layout{shape: groupT(l.shape, begin, end), stride: groupT(l.stride, begin, end)}, nil
}

func groupT(t IntTuple, b, e int) IntTuple {
	w := t
	if t.elems == nil {
		w = tupleOwn([]IntTuple{t})
	}
	n := len(w.elems)
	if e == -1 {
		e = n
	}
	if b < 0 || e > n || b > e {
		throw("group", ErrInvalid, "range [%d,%d) is out of bounds for rank %d", b, e, n)
	}
	if b == e {
		return w
	}
	r := make([]IntTuple, 0, n-(e-b)+1)
	r = append(r, w.elems[:b]...)
	r = append(r, tupleOwn(append([]IntTuple{}, w.elems[b:e]...)))
	r = append(r, w.elems[e:]...)
	return tupleOwn(r)
}

// GroupTuple is CuTe's group<B,E>(t) on an int tuple, with the rules of Group:
// group<1,3>((2,3,4,5)) = (2,(3,4),5).
func GroupTuple(t IntTuple, begin, end int) (r IntTuple, err error) {
	defer catch("group", &err)
	return groupT(t, begin, end), nil
}

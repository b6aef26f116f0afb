package cute

// Get is CuTe's get<I0,I1,...>(L) (also layout<I...>(L)): the sub-layout at the nested
// mode path, get<I1>(get<I0>(L)); no path returns L. On an integer-shaped (sub)layout,
// index 0 is the layout itself.
func Get(l Layout, path ...int) (r Layout, err error) {
	defer catch("get", &err)
	return Layout{shape: getT(l.shape, path), stride: getT(l.stride, path)}, nil
}

// GetTuple is CuTe's get<I0,I1,...>(t) on an IntTuple.
func GetTuple(t IntTuple, path ...int) (r IntTuple, err error) {
	defer catch("get", &err)
	return getT(t, path), nil
}

func getT(t IntTuple, path []int) IntTuple {
	for _, i := range path {
		if i < 0 || i >= t.Rank() {
			throw("get", ErrInvalid, "index %d out of range for %v of rank %d", i, t, t.Rank())
		}
		t = t.At(i)
	}
	return t
}

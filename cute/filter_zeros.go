package cute

// FilterZeros is CuTe's filter_zeros(layout): every mode with stride 0 gets shape 1; the
// structure and strides are kept. Post: the same function on [0, size(l)) modulo the
// removed stride-0 repetitions; size(result) = size(l) / size(nullspace(l)).
func FilterZeros(l Layout) (r Layout, err error) {
	defer catch("filter_zeros", &err)
	checkLayoutArg("filter_zeros", l)
	return Layout{shape: filterZerosShape(l.shape, l.stride), stride: l.stride}, nil
}

func filterZerosShape(s, d IntTuple) IntTuple {
	if s.elems == nil {
		if d.elems == nil && d.basis == nil && d.v == 0 {
			return Int(1)
		}
		return s
	}
	e := make([]IntTuple, len(s.elems))
	for i := range e {
		e[i] = filterZerosShape(s.elems[i], d.elems[i])
	}
	return tupleOwn(e)
}

package cute

// Select is CuTe's select<I...>(L): the layout of the listed modes of L, in the listed
// order, as a tuple (select<2,0>((2,3,4):(1,2,6)) = (4,2):(6,1)).
func Select(l Layout, modes ...int) (r Layout, err error) {
	defer catch("select", &err)
	n := l.Rank()
	s, d := make([]IntTuple, 0, len(modes)), make([]IntTuple, 0, len(modes))
	for _, i := range modes {
		if i < 0 || i >= n {
			throw("select", ErrInvalid, "mode %d out of range for rank %d layout %v", i, n, l)
		}
		s = append(s, l.shape.At(i))
		d = append(d, l.stride.At(i))
	}
	return Layout{shape: tupleOwn(s), stride: tupleOwn(d)}, nil
}

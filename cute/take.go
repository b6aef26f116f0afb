package cute

// Take is CuTe's take<B,E>(L): the layout of modes [begin, end) of L, as a tuple
// (take<1,3>((2,3,4):(1,2,6)) = (3,4):(2,6)); end = -1 means rank(L). CuTe requires
// begin < end ≤ rank(L).
func Take(l Layout, begin, end int) (r Layout, err error) {
	defer catch("take", &err)
	n := l.Rank()
	if end == -1 {
		end = n
	}
	if begin < 0 || end > n || begin >= end {
		throw("take", ErrInvalid, "range [%d,%d) is empty or out of bounds for rank %d layout %v", begin, end, n, l)
	}
	s, d := make([]IntTuple, 0, end-begin), make([]IntTuple, 0, end-begin)
	for i := begin; i < end; i++ {
		s = append(s, l.shape.At(i))
		d = append(d, l.stride.At(i))
	}
	return Layout{shape: tupleOwn(s), stride: tupleOwn(d)}, nil
}

package cute

// MakeLayoutModes is CuTe's make_layout(L0, L1, ...) of several layouts: the layout whose
// mode i is Li, ((s0,s1,...):(d0,d1,...)). One layout gives the rank-1 layout (s0):(d0).
func MakeLayoutModes(ls ...Layout) (r Layout, err error) {
	s, d := make([]IntTuple, len(ls)), make([]IntTuple, len(ls))
	for i, l := range ls {
		if l.IsZero() {
			return Layout{}, errorf("make_layout", ErrInvalid, "layout %d is the zero Layout value", i)
		}
		s[i], d[i] = l.shape, l.stride
	}
	return Layout{shape: tupleOwn(s), stride: tupleOwn(d)}, nil
}

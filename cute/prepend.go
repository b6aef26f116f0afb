package cute

// Prepend is CuTe's prepend(L, X): the layout with X added as a new first mode; a layout
// whose shape is an integer is first wrapped: prepend(4:1, 2:4) = (2,4):(4,1).
func Prepend(l, x Layout) Layout {
	return Layout{shape: prependT(l.shape, x.shape), stride: prependT(l.stride, x.stride)}
}

// PrependN is CuTe's prepend<N>(L, X): L padded at the front with copies of X to rank n,
// which must be at least rank(L) and at most MaxAppendRank (ErrInvalid otherwise).
func PrependN(l Layout, n int, x Layout) (r Layout, err error) {
	defer catch("prepend", &err)
	return Layout{shape: appendNT("prepend", l.shape, n, x.shape, true), stride: appendNT("prepend", l.stride, n, x.stride, true)}, nil
}

func prependT(t, x IntTuple) IntTuple {
	if t.elems == nil {
		return tupleOwn([]IntTuple{x, t})
	}
	e := make([]IntTuple, 0, len(t.elems)+1)
	return tupleOwn(append(append(e, x), t.elems...))
}

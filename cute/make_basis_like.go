package cute

// MakeBasisLike is CuTe's make_basis_like(shape): a tuple congruent to shape whose leaf at
// mode path (i0, i1, ...) is the unit scaled basis E<i0,i1,...> (printed 1@...@i1@i0);
// an integer shape gives the plain 1 (CuTe's E<>). make_basis_like((2,(3,4))) =
// (1@0,(1@0@1,1@1@1)).
func MakeBasisLike(shape IntTuple) IntTuple { return basisLike(shape, nil) }

func basisLike(s IntTuple, path []int) IntTuple {
	if s.elems == nil {
		return E(1, path...)
	}
	e := make([]IntTuple, len(s.elems))
	for i := range e {
		p := append(append(make([]int, 0, len(path)+1), path...), i)
		e[i] = basisLike(s.elems[i], p)
	}
	return tupleOwn(e)
}

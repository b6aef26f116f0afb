package cute

// MakeBasisLike is CuTe's make_basis_like(shape): a tuple congruent to shape whose leaf at
// mode path (i0, i1, ...) is the unit scaled basis E<i0,i1,...> (printed 1@...@i1@i0);
// an integer shape gives the plain 1 (CuTe's E<>). make_basis_like((2,(3,4))) =
// (1@0,(1@0@1,1@1@1)). A shape nested deeper than MaxParseDepth is refused (ErrInvalid):
// a scaled-basis path has at most MaxParseDepth modes, as E and Parse read them.
func MakeBasisLike(shape IntTuple) (IntTuple, error) {
	if err := checkBasisDepth("make_basis_like", shape); err != nil {
		return IntTuple{}, err
	}
	return basisLike(shape, nil), nil
}

// checkBasisDepth refuses a shape whose leaves lie deeper than a scaled-basis path may
// reach.
func checkBasisDepth(op string, shape IntTuple) *Error {
	if d := shape.Depth(); d > MaxParseDepth {
		return errorf(op, ErrInvalid, "shape %s is nested %d deep: the scaled basis of a leaf has a mode path of at most %d modes (MaxParseDepth)", brief(shape), d, MaxParseDepth)
	}
	return nil
}

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

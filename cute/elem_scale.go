package cute

// ElemScale is CuTe's elem_scale(a, b): a tuple of a's profile whose leaf a_i is
// multiplied by the product of the matching element of b (b weakly congruent the other
// way: a leaf of a may face a sub-tuple of b).
func ElemScale(a, b IntTuple) (r IntTuple, err error) {
	defer catch("elem_scale", &err)
	requirePlain("elem_scale", a, b)
	return elemScale(a, b), nil
}

func elemScale(a, b IntTuple) IntTuple {
	if a.elems == nil {
		return Int(mulChecked(a.v, size(b)))
	}
	if b.elems == nil || len(b.elems) != len(a.elems) {
		throw("elem_scale", ErrInvalid, "%v and %v have different ranks", a, b)
	}
	e := make([]IntTuple, len(a.elems))
	for i := range a.elems {
		e[i] = elemScale(a.elems[i], b.elems[i])
	}
	return tupleOwn(e)
}

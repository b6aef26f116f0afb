package cute

// ProductEach is CuTe's product_each(t): the flat tuple of the products of t's modes
// (an integer counts as the rank-1 tuple (t)): product_each((2,(3,4))) = (2,12).
func ProductEach(t IntTuple) (r IntTuple, err error) {
	defer catch("product_each", &err)
	requirePlain("product_each", t)
	if t.elems == nil {
		return Tuple(t), nil
	}
	e := make([]IntTuple, len(t.elems))
	for i := range t.elems {
		e[i] = Int(size(t.elems[i]))
	}
	return tupleOwn(e), nil
}

// ProductLike is CuTe's product_like(t, guide): the products of t's sub-tuples at the
// leaves of guide (guide weakly congruent to t).
func ProductLike(t, guide IntTuple) (r IntTuple, err error) {
	defer catch("product_like", &err)
	requirePlain("product_like", t)
	if !WeaklyCongruent(guide, t) {
		throw("product_like", ErrInvalid, "guide %v is not weakly congruent to %v", guide, t)
	}
	return productLike(t, guide), nil
}

func productLike(t, guide IntTuple) IntTuple {
	if guide.elems == nil {
		return Int(size(t))
	}
	e := make([]IntTuple, len(guide.elems))
	for i := range guide.elems {
		e[i] = productLike(t.elems[i], guide.elems[i])
	}
	return tupleOwn(e)
}

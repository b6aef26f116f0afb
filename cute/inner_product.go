package cute

// InnerProduct is CuTe's inner_product(a, b): the sum of the products of matching leaves
// of congruent a and b (the index of coordinate a under stride b). With scaled-basis
// leaves in b the result is an arithmetic tuple (as crd2idx of an identity layout).
func InnerProduct(a, b IntTuple) (r IntTuple, err error) {
	defer catch("inner_product", &err)
	requirePlain("inner_product", a)
	return innerProduct(a, b), nil
}

func innerProduct(a, b IntTuple) IntTuple {
	if a.elems == nil && b.elems == nil {
		return arithScale(b, a.v)
	}
	if a.elems == nil || b.elems == nil || len(a.elems) != len(b.elems) {
		throw("inner_product", ErrInvalid, "%v and %v are not congruent", a, b)
	}
	var r arithSum
	for i := range a.elems {
		r.add(innerProduct(a.elems[i], b.elems[i]))
	}
	return r.r
}

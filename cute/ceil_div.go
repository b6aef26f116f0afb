package cute

// CeilDiv is CuTe's ceil_div(a, b): tuple ÷ tuple by mode, b's missing trailing modes
// being 1 (rank(a) ≥ rank(b)); tuple ÷ integer folds left to right like ShapeDiv
// (each mode takes ceil_div(a_i, rest), rest becomes ceil_div(rest, a_i)); integer ÷
// tuple divides by its product; integers give (a + b − 1) / b. No divisibility is required.
func CeilDiv(a, b IntTuple) (r IntTuple, err error) {
	defer catch("ceil_div", &err)
	requirePlain("ceil_div", a, b)
	return ceilDiv(a, b), nil
}

func ceilDiv(a, b IntTuple) IntTuple {
	if a.elems != nil {
		e := make([]IntTuple, len(a.elems))
		if b.elems != nil {
			if len(a.elems) < len(b.elems) {
				throw("ceil_div", ErrInvalid, "%v has a smaller rank than %v", a, b)
			}
			for i := range a.elems {
				if i < len(b.elems) {
					e[i] = ceilDiv(a.elems[i], b.elems[i])
				} else {
					e[i] = a.elems[i]
				}
			}
			return tupleOwn(e)
		}
		rest := b
		for i := range a.elems {
			e[i] = ceilDiv(a.elems[i], rest)
			rest = ceilDiv(rest, a.elems[i])
		}
		return tupleOwn(e)
	}
	if b.elems != nil {
		return Int(ceilDivT(a.v, size(b)))
	}
	return Int(ceilDivT(a.v, b.v))
}

package cute

// ShapeDiv is CuTe's shape_div(a, b): tuple ÷ tuple by mode (equal ranks); tuple ÷ integer
// folds left to right, ((4,5,6) ÷ 40 = (1,1,3)); integer ÷ tuple divides by its product;
// integer ÷ integer is ceil(a/b) and requires a%b == 0 or b%a == 0 (CuTe's divisibility
// condition, an ErrNotAdmissible error otherwise).
func ShapeDiv(a, b IntTuple) (r IntTuple, err error) {
	defer catch("shape_div", &err)
	requirePlain("shape_div", a, b)
	return shapeDiv(a, b), nil
}

func shapeDiv(a, b IntTuple) IntTuple {
	if a.elems != nil {
		e := make([]IntTuple, len(a.elems))
		if b.elems != nil {
			if len(a.elems) != len(b.elems) {
				throw("shape_div", ErrInvalid, "%v and %v have different ranks", a, b)
			}
			for i := range a.elems {
				e[i] = shapeDiv(a.elems[i], b.elems[i])
			}
			return tupleOwn(e)
		}
		rest := b
		for i := range a.elems {
			e[i] = shapeDiv(a.elems[i], rest)
			rest = shapeDiv(rest, a.elems[i])
		}
		return tupleOwn(e)
	}
	if b.elems != nil {
		return shapeDiv(a, Int(size(b)))
	}
	return Int(shapeDivI(a.v, b.v))
}

// shapeDivI is shape_div on integers (throws on the divisibility condition).
func shapeDivI(a, b int64) int64 {
	if b == 0 {
		throw("shape_div", ErrInvalid, "division by zero (%d / 0)", a)
	}
	if a%b != 0 && b%a != 0 {
		throw("shape_div", ErrNotAdmissible, "divisibility condition: neither %d nor %d divides the other", a, b)
	}
	return ceilDivT(a, b)
}

// ceilDivT is C++'s (a + b - 1) / b with truncating division, as CuTe computes ceil_div
// (exact ceiling for a >= 0, b > 0).
func ceilDivT(a, b int64) int64 {
	if b == 0 {
		throw("", ErrInvalid, "division by zero (%d / 0)", a)
	}
	return addChecked(a, b-1) / b
}

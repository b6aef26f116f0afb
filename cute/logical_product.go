package cute

// LogicalProduct is CuTe's logical_product(A, tiler). For a layout tiler B it is
// (A, complement(A, size(A)·cosize(B)) ∘ B): the rank-2 layout of A repeated as B says.
// `_` keeps A; an integer N is make_layout(N); a tuple tiler multiplies mode by mode and
// keeps A's extra modes.
func LogicalProduct(a Layout, t Tiler) (r Layout, err error) {
	defer catch("logical_product", &err)
	checkLayoutArg("logical_product", a)
	return logicalProduct(a, t), nil
}

func logicalProduct(a Layout, t Tiler) Layout {
	switch t.kind {
	case tilerUnderscore:
		return a
	case tilerLayout:
		b := algTilerLayout(t)
		checkLayoutArg("logical_product", b)
		return logicalProductLayout(a, b)
	}
	if len(t.elems) > a.Rank() {
		throw("logical_product", ErrInvalid, "too many modes in tiler %v for layout %v", t, a)
	}
	ms := modesOf(a)
	for i, e := range t.elems {
		ms[i] = logicalProduct(ms[i], e)
	}
	return layoutOf(ms...)
}

func logicalProductLayout(a, b Layout) Layout {
	if b.stride.hasBasis() {
		throw("logical_product", ErrInvalid, "tiler %v has scaled-basis strides", b)
	}
	cot := mulChecked(size(a.shape), cosize(b))
	if cot < 1 {
		throw("logical_product", ErrInvalid, "cosize of tiler %v is not positive", b)
	}
	var fa flatL
	filterFlat("logical_product", &a, &fa)
	complementFlat(&fa, Int(cot), nil)
	return layoutPair(a, composition(fa.toLayout(), b))
}

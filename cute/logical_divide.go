package cute

// LogicalDivide is CuTe's logical_divide(A, tiler). For a layout tiler B it is
// A ∘ (B, complement(B, shape(coalesce(A)))): a rank-2 layout (tile, rest) with the same
// function and size as A. `_` keeps A; an integer N is the layout make_layout(N); a tuple
// tiler divides mode by mode ((T0,R0),(T1,R1),…) and keeps A's extra modes.
func LogicalDivide(a Layout, t Tiler) (r Layout, err error) {
	defer catch("logical_divide", &err)
	return logicalDivide(a, t), nil
}

func logicalDivide(a Layout, t Tiler) Layout {
	switch t.kind {
	case tilerUnderscore:
		return a
	case tilerLayout:
		b := algTilerLayout(t)
		return logicalDivideLayout(a, b)
	}
	if len(t.elems) > a.Rank() {
		throw("logical_divide", ErrInvalid, "too many modes in tiler %v for layout %v", t, a)
	}
	ms := modesOf(a)
	for i, e := range t.elems {
		ms[i] = logicalDivide(ms[i], e)
	}
	return layoutOf(ms...)
}

func logicalDivideLayout(a, b Layout) Layout {
	var ca, fb, comp flatL
	coalesceFlat("logical_divide", a, &ca, false)
	filterFlat("logical_divide", b, &fb)
	complementFlat(&fb, IntTuple{}, &ca, &comp)
	return composition(a, layoutPair(b, comp.toLayout()))
}

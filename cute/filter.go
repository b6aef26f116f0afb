package cute

// Filter is CuTe's filter(layout) = coalesce(filter_zeros(layout)): the stride-0 and
// size-1 modes removed and the rest coalesced; 1:0 when nothing is left.
// Post: depth ≤ 1; the image of the result equals the image of l.
func Filter(l Layout) (r Layout, err error) {
	defer catch("filter", &err)
	var f flatL
	filterFlat("filter", &l, &f)
	return f.toLayout(), nil
}

// filterFlat writes filter(l) into out.
func filterFlat(op string, l *Layout, out *flatL) {
	out.n = 0
	out.flattenInto(op, l)
	for i := 0; i < out.n; i++ {
		if out.isZero(i) {
			out.m[i].s = 1
		}
	}
	bwCoalesceInPlace(op, out, false)
}

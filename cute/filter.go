package cute

// Filter is CuTe's filter(layout) = coalesce(filter_zeros(layout)): the stride-0 and
// size-1 modes removed and the rest coalesced; 1:0 when nothing is left.
// Post: depth ≤ 1; the image of the result equals the image of l.
func Filter(l Layout) (r Layout, err error) {
	defer catch("filter", &err)
	var f flatL
	filterFlat("filter", l, &f)
	return f.toLayout(), nil
}

// filterFlat writes filter(l) into out.
func filterFlat(op string, l Layout, out *flatL) {
	var in flatL
	in.flattenInto(op, l.shape, l.stride)
	for i := 0; i < in.n; i++ {
		if in.m[i].isZero() {
			in.m[i].s = 1
		}
	}
	bwCoalesce(op, &in, out, false)
}

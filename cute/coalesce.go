package cute

// Coalesce is CuTe's coalesce(layout): the layout flattened with mergeable modes combined
// (s0:d0 and s1:d1 with s0·d0 == d1 become s0·s1:d0) and size-1 modes dropped.
// Post: depth ≤ 1, the same size, and the same function on [0, size); all size 1 gives 1:0.
func Coalesce(l Layout) (r Layout, err error) {
	defer catch("coalesce", &err)
	var f flatL
	coalesceFlat("coalesce", &l, &f, false)
	return f.toLayout(), nil
}

// CoalesceProfile is CuTe's coalesce(layout, trg_profile): coalesce applied at the leaves
// of the profile, by mode (modes of l beyond the profile's rank are kept as they are).
// An integer profile coalesces the whole layout.
func CoalesceProfile(l Layout, profile IntTuple) (r Layout, err error) {
	defer catch("coalesce", &err)
	checkLayoutArg("coalesce", l)
	return coalesceProfile("coalesce", l, profile, false), nil
}

func coalesceProfile(op string, l Layout, profile IntTuple, x bool) Layout {
	if profile.elems == nil {
		var f flatL
		coalesceFlat(op, &l, &f, x)
		return f.toLayout()
	}
	if len(profile.elems) > l.Rank() {
		throw(op, ErrInvalid, "profile %v has a larger rank than layout %v", profile, l)
	}
	ms := modesOf(l)
	for i, p := range profile.elems {
		ms[i] = coalesceProfile(op, ms[i], p, x)
	}
	return layoutOf(ms...)
}

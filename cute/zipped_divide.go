package cute

// ZippedDivide is CuTe's zipped_divide(A, tiler): logical_divide with the tile modes
// gathered into the first mode and the rest modes (and A's extra modes) into the second:
// ((T0,T1,…),(R0,R1,…)).
func ZippedDivide(a Layout, t Tiler) (r Layout, err error) {
	defer catch("zipped_divide", &err)
	checkLayoutArg("zipped_divide", a)
	return zip2By("zipped_divide", logicalDivide(a, t), t), nil
}

// zip2By is CuTe's tile_unzip / zip2_by: following the tiler's profile, the rank-2 modes
// at its leaves are split into a first and a second part, the second collecting the
// extra modes.
func zip2By(op string, l Layout, t Tiler) Layout {
	if t.kind != tilerTuple {
		if l.shape.elems == nil || len(l.shape.elems) != 2 {
			throw(op, ErrInvalid, "mode %v is not of rank 2", l)
		}
		return l
	}
	if l.shape.elems == nil || len(t.elems) > len(l.shape.elems) {
		throw(op, ErrInvalid, "layout %v has fewer modes than the tiler %v", l, t)
	}
	n := len(l.shape.elems)
	first := make([]Layout, len(t.elems))
	second := make([]Layout, 0, n)
	for i, e := range t.elems {
		z := zip2By(op, modeOf(op, l, i), e)
		first[i] = modeOf(op, z, 0)
		second = append(second, modeOf(op, z, 1))
	}
	for i := len(t.elems); i < n; i++ {
		second = append(second, modeOf(op, l, i))
	}
	return layoutPair(layoutOf(first...), layoutOf(second...))
}

// spliceModes appends the modes of l to dst, or l itself when its rank is 1 (CuTe's
// slicing with repeat<rank>(_), which for rank 1 is a plain `_`).
func spliceModes(dst []Layout, l Layout) []Layout {
	if l.shape.elems == nil || len(l.shape.elems) == 1 {
		return append(dst, l)
	}
	return append(dst, modesOf(l)...)
}

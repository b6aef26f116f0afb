package cute

// FlatDivide is CuTe's flat_divide(A, tiler): zipped_divide with both modes unpacked:
// (T0,T1,…,R0,R1,…).
func FlatDivide(a Layout, t Tiler) (r Layout, err error) {
	defer catch("flat_divide", &err)
	checkLayoutArg("flat_divide", a)
	z := zip2By("flat_divide", logicalDivide(a, t), t)
	ms := spliceModes(nil, modeOf("flat_divide", z, 0))
	ms = spliceModes(ms, modeOf("flat_divide", z, 1))
	return layoutOf(ms...), nil
}

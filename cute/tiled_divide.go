package cute

// TiledDivide is CuTe's tiled_divide(A, tiler): zipped_divide with the rest mode
// unpacked: ((T0,T1,…),R0,R1,…).
func TiledDivide(a Layout, t Tiler) (r Layout, err error) {
	defer catch("tiled_divide", &err)
	checkLayoutArg("tiled_divide", a)
	z := zip2By("tiled_divide", logicalDivide(a, t), t)
	ms := spliceModes([]Layout{modeOf("tiled_divide", z, 0)}, modeOf("tiled_divide", z, 1))
	return layoutOf(ms...), nil
}

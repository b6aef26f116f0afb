package cute

// TiledProduct is CuTe's tiled_product(A, tiler): zipped_product with the second mode
// unpacked: ((A0,A1,…),P0,P1,…).
func TiledProduct(a Layout, t Tiler) (r Layout, err error) {
	defer catch("tiled_product", &err)
	checkLayoutArg("tiled_product", a)
	z := zip2By("tiled_product", logicalProduct(a, t), t)
	ms := spliceModes([]Layout{modeOf("tiled_product", z, 0)}, modeOf("tiled_product", z, 1))
	return layoutOf(ms...), nil
}

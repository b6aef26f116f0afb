package cute

// FlatProduct is CuTe's flat_product(A, tiler): zipped_product with both modes unpacked.
func FlatProduct(a Layout, t Tiler) (r Layout, err error) {
	defer catch("flat_product", &err)
	checkLayoutArg("flat_product", a)
	z := zip2By("flat_product", logicalProduct(a, t), t)
	ms := spliceModes(nil, modeOf("flat_product", z, 0))
	ms = spliceModes(ms, modeOf("flat_product", z, 1))
	return layoutOf(ms...), nil
}

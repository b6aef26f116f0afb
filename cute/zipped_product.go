package cute

// ZippedProduct is CuTe's zipped_product(A, tiler): logical_product with the block modes
// gathered into the first mode and the product modes into the second.
func ZippedProduct(a Layout, t Tiler) (r Layout, err error) {
	defer catch("zipped_product", &err)
	checkLayoutArg("zipped_product", a)
	return zip2By("zipped_product", logicalProduct(a, t), t), nil
}

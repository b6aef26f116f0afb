package cute

// RakedProduct is CuTe's raked_product(A, B): as BlockedProduct but zip(P1, P0): mode i
// is (P1_i, A_i), the blocks interleaved. Rank max(rank A, rank B).
func RakedProduct(a, b Layout) (r Layout, err error) {
	defer catch("raked_product", &err)
	pa, c := rankProduct("raked_product", a, b)
	return zipLayouts("raked_product", c, pa), nil
}

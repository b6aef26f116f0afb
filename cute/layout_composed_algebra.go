package cute

// The layout algebra on swizzled composed layouts A o O o B (CuTe's layout_composed.hpp):
// every operation acts on the inner layout B and keeps A and O, op(A o O o B) =
// A o O o op(B), so the result evaluates to A(O + op(B)(c)). Errors are op(B)'s.

// ComposedComposition is CuTe's composition(A o O o B, tiler) = A o O o (B ∘ tiler).
func ComposedComposition(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := CompositionTiler(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedCoalesce is CuTe's coalesce(A o O o B) = A o O o coalesce(B).
func ComposedCoalesce(c ComposedLayout) (ComposedLayout, error) {
	l, err := Coalesce(c.Inner)
	return c.withErr(l, err)
}

// ComposedCoalesceProfile is CuTe's coalesce(A o O o B, profile).
func ComposedCoalesceProfile(c ComposedLayout, profile IntTuple) (ComposedLayout, error) {
	l, err := CoalesceProfile(c.Inner, profile)
	return c.withErr(l, err)
}

// ComposedComplement is CuTe's complement(A o O o B, cotarget) = complement(B, cotarget)
// (a plain layout).
func ComposedComplement(c ComposedLayout, cotarget IntTuple) (Layout, error) {
	return Complement(c.Inner, cotarget)
}

// ComposedLogicalDivide is CuTe's logical_divide(A o O o B, tiler).
func ComposedLogicalDivide(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := LogicalDivide(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedZippedDivide is CuTe's zipped_divide(A o O o B, tiler).
func ComposedZippedDivide(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := ZippedDivide(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedTiledDivide is CuTe's tiled_divide(A o O o B, tiler).
func ComposedTiledDivide(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := TiledDivide(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedFlatDivide is CuTe's flat_divide(A o O o B, tiler).
func ComposedFlatDivide(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := FlatDivide(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedLogicalProduct is CuTe's logical_product(A o O o B, tiler).
func ComposedLogicalProduct(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := LogicalProduct(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedZippedProduct is CuTe's zipped_product(A o O o B, tiler).
func ComposedZippedProduct(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := ZippedProduct(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedTiledProduct is CuTe's tiled_product(A o O o B, tiler).
func ComposedTiledProduct(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := TiledProduct(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedFlatProduct is CuTe's flat_product(A o O o B, tiler).
func ComposedFlatProduct(c ComposedLayout, t Tiler) (ComposedLayout, error) {
	l, err := FlatProduct(c.Inner, t)
	return c.withErr(l, err)
}

// ComposedBlockedProduct is CuTe's blocked_product(A o O o B, layout).
func ComposedBlockedProduct(c ComposedLayout, b Layout) (ComposedLayout, error) {
	l, err := BlockedProduct(c.Inner, b)
	return c.withErr(l, err)
}

// ComposedRakedProduct is CuTe's raked_product(A o O o B, layout).
func ComposedRakedProduct(c ComposedLayout, b Layout) (ComposedLayout, error) {
	l, err := RakedProduct(c.Inner, b)
	return c.withErr(l, err)
}

// ComposedTileToShape is CuTe's tile_to_shape(A o O o B, shape): the swizzle atom
// repeated (column-major) to fill shape, e.g. a GMMA atom tiled to a (128,64) smem tile.
func ComposedTileToShape(c ComposedLayout, shape IntTuple) (ComposedLayout, error) {
	l, err := TileToShape(c.Inner, shape)
	return c.withErr(l, err)
}

// ComposedTileToShapeOrdered is CuTe's tile_to_shape(A o O o B, shape, order).
func ComposedTileToShapeOrdered(c ComposedLayout, shape, order IntTuple) (ComposedLayout, error) {
	l, err := TileToShapeOrdered(c.Inner, shape, order)
	return c.withErr(l, err)
}

package cute

// LocalTile is CuTe's local_tile(tensor, tiler, coord): the tile of the tensor at tile
// coordinate coord, a view of the same data (see the layout form, LocalTile). A tile that
// would reach past the data (a tiler that does not divide the tensor, which CuTe leaves to
// predication) is refused.
func (t Tensor[T]) LocalTile(tiler Tiler, coord Coord) (Tensor[T], error) {
	if err := t.valid("local_tile"); err != nil {
		return Tensor[T]{}, err
	}
	l, off, err := LocalTile(t.layout, tiler, coord)
	if err != nil {
		return Tensor[T]{}, err
	}
	return t.view("local_tile", l, off)
}

// LocalTileProj is CuTe's local_tile(tensor, tiler, coord, proj): LocalTile with the modes
// of tiler and coord where proj holds `_` removed (see the layout form, LocalTileProj).
func (t Tensor[T]) LocalTileProj(tiler Tiler, coord, proj Coord) (Tensor[T], error) {
	if err := t.valid("local_tile"); err != nil {
		return Tensor[T]{}, err
	}
	l, off, err := LocalTileProj(t.layout, tiler, coord, proj)
	if err != nil {
		return Tensor[T]{}, err
	}
	return t.view("local_tile", l, off)
}

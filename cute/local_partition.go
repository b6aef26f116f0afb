package cute

// LocalPartition is CuTe's local_partition(tensor, tile, index) on a tensor's layout: the
// elements of L that thread index owns when the threads are arranged by the layout tile
// (coord → thread index): OuterPartition(L, product_each(shape(tile)), flat coordinate
// of index in tile). local_partition((16,64):(1,16), (2,16):(1,2), 3) = (8,4):(2,256)
// at offset 1 + 16 (thread 3 is (1,1)). Returns the result tensor's layout and the
// offset of its origin. The flat coordinate is CuTe's get_flat_coord: per mode, the
// column-major index of idx2crd(index, shape, stride) within that mode.
//
// Deviation: for a tile whose shape is an integer N, C++ wraps it into the by-mode tiler
// (N), which divides L's first mode alone. When N does not divide that mode and L has
// more modes, the division runs the first mode past its extent into the next mode's
// elements (local_partition((8,4):(1,8), 5:1, 1) is C++'s (2,4):(5,8), whose element 5
// is L's row 6 of the same column, but thread 3's is L(8 + 8j), the next column's row 0,
// also thread 0's). cutego then divides L as a whole by N:1, the definition
// k ↦ L(c + N·k) of outer_partition(L, N, c): (7):(5) at offset 1. Where N divides the first
// mode the two are the same function and C++'s form is returned.
func LocalPartition(l, tile Layout, index int64) (r Layout, offset IntTuple, err error) {
	defer catch("local_partition", &err)
	requirePlain("local_partition", tile.stride)
	pe, err := ProductEach(tile.shape)
	if err != nil {
		return Layout{}, IntTuple{}, err
	}
	tiler := ShapeTiler(pe)
	if t := tile.shape; t.elems == nil && t.v > 0 && l.shape.elems != nil && len(l.shape.elems) > 1 &&
		size(l.shape.elems[0])%t.v != 0 {
		tiler = ShapeTiler(t)
	}
	return OuterPartition(l, tiler, flatCoord(tile, index))
}

// LocalPartitionProj is CuTe's local_partition(tensor, tile, index, proj):
// LocalPartition with the tile's modes where proj holds `_` removed (dice(proj, tile));
// index is then read in the diced tile, as CuTe does.
func LocalPartitionProj(l, tile Layout, index int64, proj Coord) (r Layout, offset IntTuple, err error) {
	d, err := Dice(proj, tile)
	if err != nil {
		return Layout{}, IntTuple{}, opErr(err, "local_partition")
	}
	return LocalPartition(l, d, index)
}

// flatCoord is CuTe's Layout::get_flat_coord(index).
func flatCoord(tile Layout, index int64) Coord {
	h := idx2crdS(Int(index), tile.shape, tile.stride)
	if tile.shape.elems == nil {
		return Coord{v: h.v}
	}
	e := make([]Coord, len(tile.shape.elems))
	for i := range e {
		s := tile.shape.elems[i]
		e[i] = Coord{v: crd2idxInt0(h.elems[i], s)}
	}
	return Coord{elems: e}
}

// crd2idxInt0 is crd2idx(c, shape) with the column-major strides of shape.
func crd2idxInt0(c, shape IntTuple) int64 {
	return crd2idxT(c, shape, compactStride(shape, 1, false)).v
}

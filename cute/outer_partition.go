package cute

// OuterPartition is CuTe's outer_partition(tensor, tiler, coord) on a tensor's layout:
// zipped_divide(L, tiler) sliced at (coord into the tile, _ for every rest mode): every
// element of L at position coord within its tile. A tuple coord is padded with `_` to
// the rank of the tile; an integer coord indexes the tile as a whole. Returns the result
// tensor's layout and the offset of its origin, as InnerPartition.
func OuterPartition(l Layout, tiler Tiler, coord Coord) (r Layout, offset IntTuple, err error) {
	defer catch("outer_partition", &err)
	z, err := ZippedDivide(l, tiler)
	if err != nil {
		return Layout{}, IntTuple{}, err
	}
	c := CoordTuple(padCoord("outer_partition", coord, z.shape.At(0)), repeatUnderscore(z.shape.At(1).Rank()))
	return SliceAndOffset(c, z)
}

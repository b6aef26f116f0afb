package cute

// Dice is CuTe's dice(c, L), the complement of Slice: the sub-layout of L along the
// modes where c holds an integer (the modes that `_` would keep are dropped). A lone
// integer coordinate keeps L whole; a lone `_` gives ():().
func Dice(c Coord, l Layout) (r Layout, err error) {
	defer catch("dice", &err)
	return Layout{shape: sliceT(c, l.shape, true), stride: sliceT(c, l.stride, true)}, nil
}

// DiceTuple is CuTe's dice(c, t) on an IntTuple (dice(c, c) keeps the integers of c).
func DiceTuple(c Coord, t IntTuple) (r IntTuple, err error) {
	defer catch("dice", &err)
	return sliceT(c, t, true), nil
}

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

// diceCoord is CuTe's dice(proj, coord) for coordinates.
func diceCoord(p, c Coord) Coord {
	if !p.IsTuple() {
		if p.under {
			return Coord{elems: []Coord{}}
		}
		return c
	}
	return Coord{elems: liftDiceCoord(p, c, nil)}
}

func liftDiceCoord(p, c Coord, dst []Coord) []Coord {
	if !p.IsTuple() {
		if p.under {
			return dst
		}
		return append(dst, c)
	}
	if !c.IsTuple() || len(c.elems) != len(p.elems) {
		throw("", ErrInvalid, "projection %v does not match the coordinate %v", p, c)
	}
	for i := range p.elems {
		dst = liftDiceCoord(p.elems[i], c.elems[i], dst)
	}
	return dst
}

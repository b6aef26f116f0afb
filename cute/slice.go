package cute

// Slice is CuTe's slice(c, L): the sub-layout of L along the modes where the coordinate
// c holds `_`. A tuple coordinate must match the rank of the mode it faces; the kept
// modes are concatenated, so (_,(1,_)) on (a,(b,c)) keeps (a,c), and `_` facing a
// sub-tuple keeps it whole. With offset = crd2idx(c with `_`=0, L) (SliceAndOffset),
// L(c') = offset + Slice(c,L)(c”) for every coordinate c' that agrees with c off the
// `_` positions. Slice(c, L) with no `_` in c is the empty layout ():().
func Slice(c Coord, l Layout) (r Layout, err error) {
	defer catch("slice", &err)
	return sliceLayout(c, l), nil
}

// Slice is L(c) for a coordinate holding `_` (CuTe's L(_,2)): see Slice.
func (l Layout) Slice(c Coord) (Layout, error) { return Slice(c, l) }

// SliceAndOffset is CuTe's slice_and_offset(c, L): Slice(c, L) and the index of c with
// every `_` taken as 0. With scaled-basis strides the offset is an arithmetic tuple.
func SliceAndOffset(c Coord, l Layout) (r Layout, offset IntTuple, err error) {
	defer catch("slice_and_offset", &err)
	r = sliceLayout(c, l)
	return r, crd2idxT(c.IntTuple(), l.shape, l.stride), nil
}

// SliceTuple is CuTe's slice(c, t) on an IntTuple.
func SliceTuple(c Coord, t IntTuple) (r IntTuple, err error) {
	defer catch("slice", &err)
	return sliceT(c, t, false), nil
}

func sliceLayout(c Coord, l Layout) Layout {
	return Layout{shape: sliceT(c, l.shape, false), stride: sliceT(c, l.stride, false)}
}

// sliceT is CuTe's slice (dice=false) or dice (dice=true) of t by c: the top level
// returns t itself for a lone `_` (slice) or integer (dice).
func sliceT(c Coord, t IntTuple, dice bool) IntTuple {
	if c.elems == nil {
		if c.under != dice {
			return t
		}
		return tupleOwn(nil)
	}
	return tupleOwn(liftSlice(c, t, dice, nil))
}

// liftSlice appends to dst the elements of t kept by c (CuTe's filter_tuple/lift_slice).
func liftSlice(c Coord, t IntTuple, dice bool, dst []IntTuple) []IntTuple {
	if c.elems == nil {
		if c.under != dice {
			return append(dst, t)
		}
		return dst
	}
	if t.elems == nil || len(t.elems) != len(c.elems) {
		throw("", ErrInvalid, "coordinate %v does not match the rank of %v", c, t)
	}
	for i := range c.elems {
		dst = liftSlice(c.elems[i], t.elems[i], dice, dst)
	}
	return dst
}

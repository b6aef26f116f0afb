package cute

// InnerPartition is CuTe's inner_partition(tensor, tiler, coord) on a tensor's layout:
// zipped_divide(L, tiler) = ((tile modes),(rest modes)) sliced at (_ for every tile mode,
// coord into the rest). A tuple coord is padded with `_` to the rank of the rest (so
// trailing rest modes are kept); an integer coord indexes the rest mode as a whole. It
// returns the layout of CuTe's result tensor and the offset of its origin in L's
// codomain (CuTe moves the tensor's pointer by it): result(c) = offset + layout(c).
func InnerPartition(l Layout, tiler Tiler, coord Coord) (r Layout, offset IntTuple, err error) {
	defer catch("inner_partition", &err)
	z, err := ZippedDivide(l, tiler)
	if err != nil {
		return Layout{}, IntTuple{}, err
	}
	c := CoordTuple(repeatUnderscore(z.shape.At(0).Rank()), padCoord("inner_partition", coord, z.shape.At(1)))
	return SliceAndOffset(c, z)
}

// repeatUnderscore is CuTe's repeat<N>(_): `_` for N == 1, else (_,…,_).
func repeatUnderscore(n int) Coord {
	if n == 1 {
		return CoordUnderscore()
	}
	e := make([]Coord, n)
	for i := range e {
		e[i] = CoordUnderscore()
	}
	return Coord{elems: e}
}

// padCoord is CuTe's append<N>(coord, _) for a tuple coord, N the rank of the mode it
// slices (throws if it is longer than N); a non-tuple coord is returned as it is. A
// rank-1 tuple coord stays a tuple for a tuple mode, as in C++ (local_tile((12):(1), (4),
// (_)) = ((4),3):((1),4): the coord (_) flattens the rest mode (3) into 3), and is
// unwrapped for a mode that is an integer.
func padCoord(op string, c Coord, mode IntTuple) Coord {
	if !c.IsTuple() {
		return c
	}
	n := mode.Rank()
	if len(c.elems) > n {
		throw(op, ErrInvalid, "coordinate %v has more modes than the %d it indexes", c, n)
	}
	if n == 1 && !mode.IsTuple() {
		return c.elems[0]
	}
	e := make([]Coord, n)
	copy(e, c.elems)
	for i := len(c.elems); i < n; i++ {
		e[i] = CoordUnderscore()
	}
	return Coord{elems: e}
}

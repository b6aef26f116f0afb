package cute

// LocalTile is CuTe's local_tile(tensor, tiler, coord) on a tensor's layout: the tile of
// L at tile coordinate coord (InnerPartition), as used per CTA:
// local_tile((M,N):(1,M), (32,64), (bx,by)) is the 32×64 block (bx,by), a layout of
// shape (32,64), with offset the index of its first element. `_` in coord keeps that
// rest mode (e.g. the k-tiles: coord (bx,by,_) on a rank-3 tiler gives (32,64,k)).
// Returns CuTe's result tensor's layout and the offset its pointer moves by.
func LocalTile(l Layout, tiler Tiler, coord Coord) (r Layout, offset IntTuple, err error) {
	r, offset, err = InnerPartition(l, tiler, coord)
	return r, offset, opErr(err, "local_tile")
}

// LocalTileProj is CuTe's local_tile(tensor, tiler, coord, proj): LocalTile with the
// tiler's and coord's modes where proj holds `_` (CuTe's X in Step<_1,X,_1>) removed,
// so one CTA tiler (BM,BN,BK) and coord (m,n,_) serve A (proj (1,_,1)), B ((_,1,1)) and
// C ((1,1,_)).
func LocalTileProj(l Layout, tiler Tiler, coord, proj Coord) (r Layout, offset IntTuple, err error) {
	defer catch("local_tile", &err)
	t := diceTiler(proj, tiler)
	c := diceCoord(proj, coord)
	return InnerPartition(l, t, c)
}

// diceTiler is CuTe's dice(proj, tiler): the elements of a tuple tiler where proj holds
// an integer (nested tuples are flattened into the result, as CuTe's filter_tuple).
func diceTiler(p Coord, t Tiler) Tiler {
	if !p.IsTuple() {
		if p.under {
			return Tiler{kind: tilerTuple, elems: []Tiler{}}
		}
		return t
	}
	return Tiler{kind: tilerTuple, elems: liftDiceTiler(p, t, nil)}
}

func liftDiceTiler(p Coord, t Tiler, dst []Tiler) []Tiler {
	if !p.IsTuple() {
		if p.under {
			return dst
		}
		return append(dst, t)
	}
	if t.kind != tilerTuple || len(t.elems) != len(p.elems) {
		throw("", ErrInvalid, "projection %v does not match the tiler %v", p, t)
	}
	for i := range p.elems {
		dst = liftDiceTiler(p.elems[i], t.elems[i], dst)
	}
	return dst
}

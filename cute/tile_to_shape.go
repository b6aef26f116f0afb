package cute

// TileToShape is CuTe's tile_to_shape(A, shape): A (padded with 1:0 modes to the rank of
// shape) repeated column-major until it covers shape: blocked_product(A,
// make_layout(ceil_div(product_each(shape), product_each(shape(A))))). Each mode of the
// target must be divisible by the block's; rank(A) ≤ rank(shape).
func TileToShape(a Layout, shape IntTuple) (r Layout, err error) {
	defer catch("tile_to_shape", &err)
	return tileToShape(a, shape, IntTuple{}, false, false), nil
}

// TileToShapeMajor is CuTe's tile_to_shape(A, shape, LayoutLeft{}) (rowMajor false, the
// same as TileToShape) and tile_to_shape(A, shape, LayoutRight{}) (rowMajor true): the
// repetitions laid out by make_ordered_layout(…, tag), column- or row-major.
func TileToShapeMajor(a Layout, shape IntTuple, rowMajor bool) (r Layout, err error) {
	defer catch("tile_to_shape", &err)
	return tileToShape(a, shape, IntTuple{}, false, rowMajor), nil
}

// TileToShapeOrdered is CuTe's tile_to_shape(A, shape, order): as TileToShape with the
// repetitions laid out by make_ordered_layout(…, order) (order: the rank in which each
// mode is walked, e.g. (2,1,3) walks the second mode first).
func TileToShapeOrdered(a Layout, shape, order IntTuple) (r Layout, err error) {
	defer catch("tile_to_shape", &err)
	return tileToShape(a, shape, order, true, false), nil
}

func tileToShape(a Layout, trg, order IntTuple, ordered, rowMajor bool) Layout {
	const op = "tile_to_shape"
	checkLayoutArg(op, a)
	if e := checkShape(op, trg); e != nil {
		panic(e)
	}
	r := trg.Rank()
	if a.Rank() > r {
		throw(op, ErrInvalid, "rank of layout %v is larger than the rank of target shape %v", a, trg)
	}
	pa := padRank(a, r)
	// product_each wraps: the repetition shape is always a tuple of rank r.
	e := make([]IntTuple, r)
	for i := range e {
		var bs, ts int64
		if pa.shape.elems == nil {
			bs = size(pa.shape)
		} else {
			bs = size(pa.shape.elems[i])
		}
		if trg.elems == nil {
			ts = trg.v
		} else {
			ts = size(trg.elems[i])
		}
		if ts%bs != 0 {
			throw(op, ErrNotAdmissible, "block shape %v does not divide the target shape %v", pa.shape, trg)
		}
		e[i] = Int(ts / bs)
	}
	ps := tupleOwn(e)
	var pl Layout
	if ordered {
		pl = Layout{shape: ps, stride: algOrderedStrides(op, ps, order)}
	} else {
		pl = compactMajor(ps, rowMajor)
	}
	pa2, c := rankProduct(op, pa, pl)
	return zipLayouts(op, pa2, c)
}

// algOrderedStrides is CuTe's compact_order(shape, order) with static orders: each leaf
// of order o gets the column-major strides of its part of the shape, starting at the
// product of the shape parts whose order is less than o.
func algOrderedStrides(op string, shape, order IntTuple) IntTuple {
	var refS []int64
	var refO []int64
	var collect func(s, o IntTuple)
	collect = func(s, o IntTuple) {
		if o.elems == nil {
			refS = append(refS, size(s))
			refO = append(refO, o.v)
			return
		}
		if s.elems == nil || len(s.elems) != len(o.elems) {
			throw(op, ErrInvalid, "order %v does not match shape %v", order, shape)
		}
		for i := range o.elems {
			collect(s.elems[i], o.elems[i])
		}
	}
	collect(shape, order)
	var build func(s, o IntTuple) IntTuple
	build = func(s, o IntTuple) IntTuple {
		if o.elems == nil {
			start := int64(1)
			for j := range refO {
				if refO[j] < o.v {
					start = mulChecked(start, refS[j])
				}
			}
			return compactStride(s, start, false)
		}
		e := make([]IntTuple, len(o.elems))
		for i := range e {
			e[i] = build(s.elems[i], o.elems[i])
		}
		return tupleOwn(e)
	}
	return build(shape, order)
}

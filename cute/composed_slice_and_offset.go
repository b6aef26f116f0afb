package cute

// ComposedSliceAndOffset is CuTe's slice_and_offset(c, Sw o O o B) for a swizzled
// composed layout (swizzle_layout.hpp), returning the same representation as C++:
//   - c all `_`: (Sw o O o slice(c, B), 0);
//   - otherwise, with the diced part of c split into the bits the swizzle reads or
//     writes (zy) and the others: if the sliced layout can reach both a bit the swizzle
//     reads and the bit it writes from it, (Sw o (O xor zy-part) o slice(c, B),
//     non-zy part); else the swizzle is linear on what is left and the result decays to a
//     plain layout, returned as a composed layout with the identity swizzle (Sw<0,0,0> o
//     0 o layout, C++ prints just the layout), and offset Sw(O xor zy-part) + non-zy part.
//
// In every case Sw(O + B(c')) = offset + result(c”) for the coordinates c' agreeing with
// c off its `_`s. Where C++ CuTe cannot compile the decay (the projections do not compose
// with B, or c has no `_`), and where its result would not be that function (C++ assumes
// the offset and the sliced layout touch disjoint bits: Sw<3,3,3> o 8 o (8,64):(64,1)
// sliced at (2,_) gives a wrong layout in C++), the generic form of layout_composed.hpp is
// returned instead: (Sw o (O + B(c with `_`=0)) o slice(c, B), 0), the same function.
// Every decayed result is checked point by point (up to 2^16 points; larger slices keep
// the generic form); the decay itself uses C++'s compositions as its walk computes them.
// (interop/KNOWN_DISAGREEMENTS.md ruling 6: where C++ refuses, we answer.)
func ComposedSliceAndOffset(crd Coord, c ComposedLayout) (r ComposedLayout, offset int64, err error) {
	defer catch("slice_and_offset", &err)
	requirePlain("slice_and_offset", c.Inner.stride)
	sliced := sliceLayout(crd, c.Inner)
	if !hasInt(crd) {
		return c.with(sliced), 0, nil
	}
	generic := func() (ComposedLayout, int64, error) {
		g, err := ComposedSlice(crd, c)
		return g, 0, err
	}
	if !crd.HasUnderscore() {
		return generic()
	}
	sw := c.Outer
	b, m, as := int64(sw.B), int64(sw.M), int64(absInt(sw.S))
	p := func(k int64) int64 { return int64(1) << k }
	swShape := Ints(p(m), p(b), p(as-b), p(b), 1)
	anti := Layout{shape: swShape, stride: Ints(1, 0, p(m+b), 0, p(m+b+as))}
	only := Layout{shape: swShape, stride: Ints(0, p(m), 0, p(m+as), 0)}
	diced := Layout{shape: sliceT(crd, c.Inner.shape, true), stride: sliceT(crd, c.Inner.stride, true)}
	dicedCoord := diceCoord(crd, crd).IntTuple()
	// C++'s compositions as they come (unsound ones included, CUTLASS #3177): the decay
	// below is checked point by point
	dAnti, err1 := compositionCpp(anti, diced)
	dOnly, err2 := compositionCpp(only, diced)
	sOnly, err3 := compositionCpp(only, sliced)
	if err1 != nil || err2 != nil || err3 != nil {
		return generic()
	}
	offOnly := c.Offset ^ crd2idxT(dicedCoord, dOnly.shape, dOnly.stride).v
	offAnti := crd2idxT(dicedCoord, dAnti.shape, dAnti.stride).v
	active := evalIdx(sOnly, size(sOnly.shape)-1)
	if active&^sw.Apply(active) != 0 {
		r := ComposedLayout{Outer: sw, Offset: offOnly, Inner: sliced}
		if !sliceMatches(crd, c, sliced, r, offAnti) {
			return generic()
		}
		return r, offAnti, nil
	}
	zl, yl := sw.ZZZMask()&-sw.ZZZMask(), sw.YYYMask()&-sw.YYYMask()
	strides := func(low bool) IntTuple {
		e := make([]IntTuple, b)
		for i := range e {
			if low {
				if offOnly&(yl<<i) == 0 {
					e[i] = Int(zl << i)
				} else {
					e[i] = Int(-(zl << i))
				}
			} else {
				if offOnly&(zl<<i) == 0 {
					e[i] = Int((yl + zl) << i)
				} else {
					e[i] = Int((yl - zl) << i)
				}
			}
		}
		if b == 1 {
			return e[0]
		}
		return tupleOwn(e)
	}
	twos := Int(2) // repeat<B>(2): one 2 for B = 1, () for the identity swizzle B = 0
	if b != 1 {
		e := make([]IntTuple, b)
		for i := range e {
			e[i] = Int(2)
		}
		twos = tupleOwn(e)
	}
	swl := Layout{
		shape:  Tuple(Int(p(m)), twos, Int(p(as-b)), twos, Int(1)),
		stride: Tuple(Int(1), strides(zl < yl), Int(p(m+b)), strides(zl > yl), Int(p(m+b+as))),
	}
	dec, err := compositionCpp(swl, sliced)
	if err != nil {
		return generic()
	}
	r = ComposedLayout{Inner: dec}
	offset = addChecked(sw.Apply(offOnly), offAnti)
	if !sliceMatches(crd, c, sliced, r, offset) {
		return generic()
	}
	return r, offset, nil
}

// sliceVerifyLimit bounds the brute-force check of a decayed slice.
const sliceVerifyLimit = 1 << 16

// sliceMatches checks offset + r(j) == c(c') for every index j of the sliced domain (c'
// the coordinate agreeing with crd whose `_` part is j), up to sliceVerifyLimit points.
// C++ CuTe's decay assumes the offset and the sliced layout touch disjoint bits; when
// they do not (e.g. Sw<3,3,3> o 8 o (8,64):(64,1) sliced at (2,_)) its result is not the
// restriction of the function, and we keep the generic form instead.
func sliceMatches(crd Coord, c ComposedLayout, sliced Layout, r ComposedLayout, offset int64) bool {
	n := size(sliced.shape)
	if n > sliceVerifyLimit {
		return false
	}
	base := addChecked(c.Offset, crd2idxT(crd.IntTuple(), c.Inner.shape, c.Inner.stride).v)
	for j := int64(0); j < n; j++ {
		want := c.Outer.Apply(addChecked(base, evalIdx(sliced, j)))
		got := addChecked(offset, r.Outer.Apply(addChecked(r.Offset, evalIdx(r.Inner, j))))
		if got != want {
			return false
		}
	}
	return true
}

// hasInt reports whether an integer occurs in c (CuTe's !all_underscore).
func hasInt(c Coord) bool {
	if c.IsUnderscore() {
		return false
	}
	if !c.IsTuple() {
		return true
	}
	for _, e := range c.elems {
		if hasInt(e) {
			return true
		}
	}
	return false
}

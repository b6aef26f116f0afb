package cute

import "testing"

func TestComposedAlgebraTable(t *testing.T) {
	sl := CompositionSwizzle(Swizzle{B: 3, M: 3, S: 3}, tLay(t, "(8,64):(64,1)"))
	type res struct {
		c   ComposedLayout
		err error
	}
	r := func(c ComposedLayout, err error) res { return res{c, err} }
	sh := func(s string) Tiler { return tTiler(t, s) }
	cases := []struct {
		name string
		got  res
		want string
	}{
		// C++ CuTe with static integers on Sw<3,3,3> o 0 o (8,64):(64,1).
		{"composition(sl,(4,16))", r(ComposedComposition(sl, sh("(4,16)"))), "Sw<3,3,3> o _0 o (_4,_16):(_64,_1)"},
		{"composition(sl,(2:4,_))", r(ComposedComposition(sl, sh("(2:4,_)"))), "Sw<3,3,3> o _0 o (_2,_64):(_256,_1)"},
		{"logical_divide", r(ComposedLogicalDivide(sl, sh("(4,16)"))), "Sw<3,3,3> o _0 o ((_4,_2),(_16,_4)):((_64,_256),(_1,_16))"},
		{"zipped_divide", r(ComposedZippedDivide(sl, sh("(4,16)"))), "Sw<3,3,3> o _0 o ((_4,_16),(_2,_4)):((_64,_1),(_256,_16))"},
		{"tiled_divide", r(ComposedTiledDivide(sl, sh("(4,16)"))), "Sw<3,3,3> o _0 o ((_4,_16),_2,_4):((_64,_1),_256,_16)"},
		{"flat_divide", r(ComposedFlatDivide(sl, sh("(4,16)"))), "Sw<3,3,3> o _0 o (_4,_16,_2,_4):(_64,_1,_256,_16)"},
		{"logical_product", r(ComposedLogicalProduct(sl, LayoutTiler(tLay(t, "(2,3)")))), "Sw<3,3,3> o _0 o ((_8,_64),(_2,_3)):((_64,_1),(_512,_1024))"},
		{"blocked_product", r(ComposedBlockedProduct(sl, tLay(t, "(2,3)"))), "Sw<3,3,3> o _0 o ((_8,_2),(_64,_3)):((_64,_512),(_1,_1024))"},
		{"raked_product", r(ComposedRakedProduct(sl, tLay(t, "(2,3)"))), "Sw<3,3,3> o _0 o ((_2,_8),(_3,_64)):((_512,_64),(_1024,_1))"},
		{"coalesce", r(ComposedCoalesce(sl)), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"},
	}
	for _, c := range cases {
		if c.got.err != nil || c.got.c.String() != unmark(c.want) {
			t.Errorf("%s = %v, %v; want %s", c.name, c.got.c, c.got.err, unmark(c.want))
		}
	}
	// GMMA atoms tiled to shared-memory tiles (C++: tile_to_shape on the
	// position-independent atom).
	k128, _ := GMMALayoutAtom(GMMAKSW128, 16)
	mn128f, _ := GMMALayoutAtom(GMMAMNSW128, 32)
	tiles := []struct {
		name string
		got  res
		want string
	}{
		{"(128,64)", r(ComposedTileToShape(k128, tIT(t, "(128,64)"))), "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))"},
		{"(128,128)", r(ComposedTileToShape(k128, tIT(t, "(128,128)"))), "Sw<3,3,3> o _0 o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))"},
		{"(64,64,3)", r(ComposedTileToShape(k128, tIT(t, "(64,64,3)"))), "Sw<3,3,3> o _0 o ((_8,_8),(_64,_1),(_1,_3)):((_64,_512),(_1,_0),(_0,_4096))"},
		{"MN f32 (64,32) order (2,1)", r(ComposedTileToShapeOrdered(mn128f, tIT(t, "(64,32)"), tIT(t, "(2,1)"))), "Sw<3,2,3> o _0 o ((_32,_2),(_8,_4)):((_1,_1024),(_32,_256))"},
	}
	for _, c := range tiles {
		if c.got.err != nil || c.got.c.String() != unmark(c.want) {
			t.Errorf("tile_to_shape %s = %v, %v; want %s", c.name, c.got.c, c.got.err, unmark(c.want))
		}
	}
}

// Property: a composed composition evaluates to A(O + B(T(c))), brute force over the
// result's domain (T applied by mode for tuple tilers, `_` the identity; each mode is
// walked by its 1-D index, since the result's modes may be refinements of T's).
func TestComposedCompositionEvaluates(t *testing.T) {
	sl := CompositionSwizzle(Swizzle{B: 3, M: 3, S: 3}, tLay(t, "(8,64):(64,1)"))
	for _, ts := range []string{"(4,16)", "(2:4,_)", "((2,2):(1,4),(8,2):(2,1))", "32:2", "(4,8):(16,1)"} {
		tl := tTiler(t, ts)
		c, err := ComposedComposition(sl, tl)
		if err != nil {
			t.Fatal(err)
		}
		for i := int64(0); i < c.Size(); i++ {
			got, _ := c.Eval(i)
			var bc IntTuple
			if l, ok := tl.IsLayout(); ok {
				v, _ := l.Eval(i)
				bc = Int(v)
			} else {
				crd, _ := Idx2Crd(i, c.Shape())
				e := make([]IntTuple, tl.Rank())
				for k := range e {
					sk := c.Shape().At(k)
					d, _ := CompactColMajor(sk)
					ik, _ := Crd2Idx(crd.At(k), sk, d)
					if l, ok := tl.Elem(k).IsLayout(); ok {
						v, _ := l.Eval(ik.Value())
						e[k] = Int(v)
					} else {
						e[k] = ik
					}
				}
				bc = Tuple(e...)
			}
			bi, err := sl.Inner.Call(bc)
			if err != nil {
				t.Fatal(err)
			}
			if want := sl.Outer.Apply(sl.Offset + bi.Value()); got != want {
				t.Fatalf("composition(%v,%s) at %d = %d, want %d", sl, ts, i, got, want)
			}
		}
	}
}

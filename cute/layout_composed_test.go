package cute

import "testing"

func TestComposedBasics(t *testing.T) {
	sw := Swizzle{B: 3, M: 4, S: 3}
	l := tLay(t, "(8,64):(64,1)")
	c := CompositionSwizzle(sw, l)
	// C++: composition(Sw<3,4,3>, (8,64):(64,1)) = Sw<3,4,3> o _0 o (_8,_64):(_64,_1).
	if c.String() != "Sw<3,4,3> o 0 o (8,64):(64,1)" || GetSwizzle(c) != sw || !GetNonswizzlePortion(c).Equal(l) {
		t.Errorf("composition(Sw,L) = %v", c)
	}
	// upcast/downcast of a composed layout (C++: composition(upcast<N>(A), upcast<N>(O), upcast<N>(B))).
	u, err := ComposedUpcast(c, 2)
	if err != nil || u.String() != "Sw<3,3,3> o 0 o (8,32):(32,1)" {
		t.Errorf("upcast<2>(%v) = %v, %v", c, u, err)
	}
	d, err := ComposedDowncast(u, 2)
	if err != nil || d.String() != c.String() {
		t.Errorf("downcast<2>(upcast<2>(%v)) = %v, %v", c, d, err)
	}
	r, err := ComposedRecastLayout(c, 8, 16)
	if err != nil || r.String() != u.String() {
		t.Errorf("recast_layout<u8,u16>(%v) = %v, %v", c, r, err)
	}
	if _, err := ComposedUpcast(MakeComposedLayout(sw, 3, l), 2); err == nil {
		t.Error("upcast<2> of an odd offset: want an error")
	}
	g, err := ComposedGet(CompositionSwizzle(sw, tLay(t, "((8,2),64):((64,512),1)")), 0, 1)
	if err != nil || g.String() != "Sw<3,4,3> o 0 o 2:512" {
		t.Errorf("get<0,1> = %v, %v", g, err)
	}
	f := ComposedFlatten(CompositionSwizzle(sw, tLay(t, "((8,2),64):((64,512),1)")))
	if f.String() != "Sw<3,4,3> o 0 o (8,2,64):(64,512,1)" {
		t.Errorf("flatten = %v", f)
	}
}

// Property: slicing a composed layout is the restriction of A(O + B(c)).
func TestComposedSliceIsRestriction(t *testing.T) {
	c := CompositionSwizzle(Swizzle{B: 3, M: 3, S: 3}, tLay(t, "((8,2),(8,4)):((64,512),(1,8))"))
	for _, cs := range []string{"(_,3)", "(5,_)", "((_,1),(2,_))", "((3,_),_)", "_", "(7,30)"} {
		crd := tCrd(t, cs)
		s, err := ComposedSlice(crd, c)
		if err != nil {
			t.Fatal(err)
		}
		matched := int64(0)
		for i := int64(0); i < c.Size(); i++ {
			full, _ := Idx2Crd(i, c.Shape())
			parts, ok := matchCoord(crd, full, c.Shape())
			if !ok {
				continue
			}
			matched++
			sub := Tuple(parts...)
			if crd.IsUnderscore() {
				sub = full
			}
			idx, err := s.Inner.Call(sub)
			if err != nil {
				t.Fatalf("%s at %v: %v", cs, sub, err)
			}
			want, _ := c.Eval(i)
			if got := s.Outer.Apply(s.Offset + idx.Value()); got != want {
				t.Fatalf("slice %s of %v at %v: %d, want %d", cs, c, full, got, want)
			}
		}
		if matched != s.Size() {
			t.Errorf("slice %s: %d coordinates matched, sliced size %d", cs, matched, s.Size())
		}
	}
}

// matchCoord returns the parts of full at the `_` positions of c (in order), and whether
// full agrees with c's integers (an integer facing a sub-shape is its colex index).
func matchCoord(c Coord, full, shape IntTuple) ([]IntTuple, bool) {
	if c.IsUnderscore() {
		return []IntTuple{full}, true
	}
	if !c.IsTuple() {
		d, _ := CompactColMajor(shape)
		idx, err := Crd2Idx(full, shape, d)
		return nil, err == nil && idx.Value() == c.Value()
	}
	var out []IntTuple
	for i, e := range c.Elems() {
		sub, ok := matchCoord(e, full.At(i), shape.At(i))
		if !ok {
			return nil, false
		}
		out = append(out, sub...)
	}
	return out, true
}

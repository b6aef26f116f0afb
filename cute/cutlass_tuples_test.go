package cute

import "testing"

// CUTLASS's own unit tests (test/unit/cute/core/*.cpp), re-expressed.

// compact_xmajor.cpp: CompactColMajor_Static / CompactRowMajor_Static.
func TestCutlassCompactXMajor(t *testing.T) {
	col := [][2]string{
		{"1", "0"}, {"8", "1"}, {"(4,8)", "(1,4)"}, {"(4,8,2)", "(1,4,32)"}, {"(4,8,1,2)", "(1,4,0,32)"},
		{"((4,8),1,2)", "((1,4),0,32)"}, {"(4,(8,1,2))", "(1,(4,0,32))"}, {"(4,(8,1,(2,3)))", "(1,(4,0,(32,64)))"},
	}
	row := [][2]string{
		{"1", "0"}, {"8", "1"}, {"(4,8)", "(8,1)"}, {"(4,8,2)", "(16,2,1)"}, {"(4,8,1,2)", "(16,2,0,1)"},
		{"((4,8),1,2)", "((16,2),0,1)"}, {"(4,(8,1,2))", "(16,(2,0,1))"}, {"(4,(8,1,(2,3)))", "(48,(6,0,(3,1)))"},
	}
	for _, c := range col {
		if got, err := CompactColMajor(tIT(t, c[0])); err != nil || got.String() != c[1] {
			t.Errorf("compact_col_major(%s) = %v, %v; want %s", c[0], got, err, c[1])
		}
	}
	for _, c := range row {
		if got, err := CompactRowMajor(tIT(t, c[0])); err != nil || got.String() != c[1] {
			t.Errorf("compact_row_major(%s) = %v, %v; want %s", c[0], got, err, c[1])
		}
	}
	// compact_col_major(1, 3) == 0, compact_col_major(8, 3) == 3
	if got, _ := CompactMajor(Int(1), false, 3); got.String() != "0" {
		t.Errorf("compact_col_major(1,3) = %v", got)
	}
	if got, _ := CompactMajor(Int(8), true, 3); got.String() != "3" {
		t.Errorf("compact_row_major(8,3) = %v", got)
	}
}

// int_tuple.cpp: WeaklyCongruent.
func TestCutlassWeaklyCongruent(t *testing.T) {
	a, b, a0, b0 := "1", "2", "(1)", "(2)"
	a1, a2, b1, b2, b3 := "(1,1)", "(1,(1,1))", "(2,2)", "(2,(2,2))", "((2,2),(2,2))"
	cases := []struct {
		x, y string
		want bool
	}{
		{a, a, true}, {b, b, true}, {a, b, true},
		{a, a0, true}, {b, b0, true}, {a, b0, true}, {b, a0, true},
		{a0, a, false}, {b0, b, false}, {a0, b, false}, {b0, a, false},
		{a0, a0, true}, {b0, b0, true}, {a0, b0, true},
		{a, a1, true}, {a0, a1, false}, {a1, a1, true},
		{a, a2, true}, {a0, a2, false}, {a1, a2, true},
		{b, b1, true}, {b0, b1, false}, {a1, b1, true},
		{a2, b0, false}, {a2, a1, false}, {a2, b2, true},
		{a0, b3, false}, {a1, b3, true}, {a2, b3, true},
	}
	for _, c := range cases {
		if got := WeaklyCongruent(tIT(t, c.x), tIT(t, c.y)); got != c.want {
			t.Errorf("weakly_congruent(%s,%s) = %v", c.x, c.y, got)
		}
	}
}

// swizzle_layout.cpp: every row and column slice of a swizzled layout evaluates as the
// layout does (sw_tensor(i,_)(j) == sw_tensor(i,j)).
func TestCutlassSwizzleLayoutSlices(t *testing.T) {
	layouts := []ComposedLayout{
		CompositionSwizzle(Swizzle{B: 3, M: 0, S: 3}, tLay(t, "(8,8):(8,1)")),
		CompositionSwizzle(Swizzle{B: 3, M: 0, S: -3}, tLay(t, "(8,8):(8,1)")),
		CompositionSwizzle(Swizzle{B: 2, M: 1, S: 3}, tLay(t, "((2,2,2),(2,2,2)):((32,2,8),(4,1,16))")),
	}
	for _, c := range layouts {
		for mode := 0; mode < 2; mode++ {
			m, _ := c.Inner.Mode(mode)
			for i := int64(0); i < m.Size(); i++ {
				e := []Coord{CoordUnderscore(), CoordUnderscore()}
				e[1-mode] = CoordInt(i)
				crd := CoordTuple(e...)
				r, off, err := ComposedSliceAndOffset(crd, c)
				if err != nil {
					t.Fatal(err)
				}
				checkComposedSlice(t, c, crd, func(sub IntTuple) int64 {
					v, err := r.Inner.Call(sub)
					if err != nil {
						t.Fatal(err)
					}
					return off + r.Outer.Apply(r.Offset+v.Value())
				})
			}
		}
	}
}

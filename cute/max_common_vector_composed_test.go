package cute

import "testing"

func TestComposedMaxCommonTable(t *testing.T) {
	atom, _ := GMMALayoutAtom(GMMAKSW128, 16)
	sw, err := ComposedTileToShape(atom, tIT(t, "(64,64)"))
	if err != nil {
		t.Fatal(err)
	}
	rm := tLay(t, "(64,64):(64,1)")
	cm := tLay(t, "(64,64):(1,64)")
	a := CompositionSwizzle(Swizzle{B: 3, M: 2, S: 3}, tLay(t, "(8,32):(32,1)"))
	b := tLay(t, "(8,32):(32,1)")
	c := CompositionSwizzle(Swizzle{B: 3, M: 5, S: 3}, tLay(t, "(8,16):(16,1)"))
	b16 := tLay(t, "(8,16):(16,1)")
	sw2 := CompositionSwizzle(Swizzle{B: 2, M: 3, S: 3}, sw.Inner)
	vec := func(v int64, err error) int64 {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	// C++ CuTe: max_common_vector / max_common_layout with static integers.
	for _, c := range []struct {
		name string
		got  int64
		want int64
	}{
		{"mcv(sw,rm)", vec(ComposedMaxCommonVector(sw, rm)), 8},
		{"mcv(sw,cm)", vec(ComposedMaxCommonVector(sw, cm)), 1},
		{"mcv(sw,sw)", vec(ComposedMaxCommonVectorBoth(sw, sw)), 4096},
		{"mcv(sw,sw2)", vec(ComposedMaxCommonVectorBoth(sw, sw2)), 8},
		{"mcv(a,b)", vec(ComposedMaxCommonVector(a, b)), 4},
		{"mcv(c,b16)", vec(ComposedMaxCommonVector(c, b16)), 32},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d; want %d", c.name, c.got, c.want)
		}
	}
	for _, c := range []struct {
		name string
		a    ComposedLayout
		b    Layout
		want string
	}{
		{"mcl(sw,rm)", sw, rm, "_8:_64"},
		{"mcl(sw,cm)", sw, cm, "_1:_0"},
		{"mcl(a,b)", a, b, "_4:_8"},
		{"mcl(c,b16)", c, b16, "(_16,_2):(_8,_1)"},
	} {
		got, err := ComposedMaxCommonLayout(c.a, c.b)
		if err != nil || got.String() != unmark(c.want) {
			t.Errorf("%s = %v, %v; want %s", c.name, got, err, unmark(c.want))
		}
	}
	// An odd offset breaks the runs: C++ would still say 8; we say 1.
	odd := MakeComposedLayout(sw.Outer, 1, sw.Inner)
	if v := vec(ComposedMaxCommonVector(odd, rm)); v != 1 {
		t.Errorf("mcv with offset 1 = %d", v)
	}
}

// Property: the common vector v is real: for every aligned run of v elements of L's
// domain starting at a multiple of v, the composed layout maps them to v consecutive
// integers (through the right inverse of L: element n of the run sits at L^-1(n)).
func TestComposedMaxCommonVectorIsContiguous(t *testing.T) {
	atom, _ := GMMALayoutAtom(GMMAKSW64, 16)
	for _, off := range []int64{0, 8, 2, 3} {
		c0, _ := ComposedTileToShape(atom, tIT(t, "(32,64)"))
		c := MakeComposedLayout(c0.Outer, off, c0.Inner)
		for _, ls := range []string{"(32,64):(64,1)", "(32,64):(1,32)", "((8,4),64):((64,512),1)"} {
			l := tLay(t, ls)
			v, err := ComposedMaxCommonVector(c, l)
			if err != nil {
				t.Fatal(err)
			}
			inv, err := RightInverse(l)
			if err != nil {
				t.Fatal(err)
			}
			for start := int64(0); start+v <= inv.Size(); start += v {
				c0, _ := inv.Eval(start)
				first, _ := c.Eval(c0)
				if first%v != 0 && v > 1 {
					t.Fatalf("%v vs %s: run at %d starts at %d, not aligned to %d", c, ls, start, first, v)
				}
				for k := int64(1); k < v; k++ {
					ck, _ := inv.Eval(start + k)
					got, _ := c.Eval(ck)
					if got != first+k {
						t.Fatalf("%v vs %s (off %d): vector %d breaks at %d+%d", c, ls, off, v, start, k)
					}
				}
			}
		}
	}
}

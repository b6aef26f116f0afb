package cute

import (
	"testing"
)

func TestSliceDiceTable(t *testing.T) {
	M := tLay(t, "(4,8):(1,4)")
	S := tLay(t, "(2,(3,4),5):(1,(2,6),24)")
	cases := []struct {
		op, crd string
		l       Layout
		want    string
		off     int64
	}{
		// C++ CuTe: M(_,2), M(1,_), slice/dice(c, L), slice_and_offset.
		{"slice", "(_,2)", M, "(_4):(_1)", 8},
		{"slice", "(1,_)", M, "(_8):(_4)", 1},
		{"slice", "_", M, "(_4,_8):(_1,_4)", 0},
		{"slice", "3", M, "():()", 3},
		{"slice", "(1,2)", M, "():()", 9},
		{"dice", "(_,2)", M, "(_8):(_4)", 0},
		{"dice", "_", M, "():()", 0},
		{"dice", "3", M, "(_4,_8):(_1,_4)", 0},
		{"slice", "(_,(1,_),2)", S, "(_2,_4):(_1,_6)", 50},
		{"slice", "(1,_,_)", S, "((_3,_4),_5):((_2,_6),_24)", 1},
		{"slice", "(1,_,3)", S, "((_3,_4)):((_2,_6))", 73},
		{"slice", "(1,7,_)", S, "(_5):(_24)", 15},
		{"dice", "(_,(1,_),2)", S, "(_3,_5):(_2,_24)", 0},
		{"dice", "(1,_,3)", S, "(_2,_5):(_1,_24)", 0},
	}
	for _, c := range cases {
		crd := tCrd(t, c.crd)
		var got Layout
		var err error
		if c.op == "slice" {
			got, err = c.l.Slice(crd)
			var off IntTuple
			g2, off, err2 := SliceAndOffset(crd, c.l)
			if err2 != nil || !g2.Equal(got) || off.String() != Int(c.off).String() {
				t.Errorf("slice_and_offset(%s, %v) = %v, %v, %v; want offset %d", c.crd, c.l, g2, off, err2, c.off)
			}
		} else {
			got, err = Dice(crd, c.l)
		}
		if err != nil || got.String() != unmark(c.want) {
			t.Errorf("%s(%s, %v) = %v, %v; want %s", c.op, c.crd, c.l, got, err, unmark(c.want))
		}
	}
	for _, c := range []string{"(_,_,_)", "((1,2),_)", "(_)"} {
		if _, err := Slice(tCrd(t, c), M); err == nil {
			t.Errorf("slice(%s, %v): want a rank error", c, M)
		}
		if _, err := Dice(tCrd(t, c), M); err == nil {
			t.Errorf("dice(%s, %v): want a rank error", c, M)
		}
	}
}

func TestCoordParse(t *testing.T) {
	for _, s := range []string{"_", "3", "(_,2)", "((1,_),_,-1)", "()", "(0,_)"} {
		c, err := ParseCoord(s)
		if err != nil || c.String() != s {
			t.Errorf("ParseCoord(%q) = %v, %v", s, c, err)
		}
	}
	c, err := ParseCoord("(_, _2, (_0,_))")
	if err != nil || c.String() != "(_,2,(0,_))" {
		t.Errorf("static marks: %v %v", c, err)
	}
	for _, s := range []string{"", "(", "(1,", "x", "(1,2))", "(1 2)"} {
		if _, err := ParseCoord(s); err == nil {
			t.Errorf("ParseCoord(%q): want an error", s)
		}
	}
	// From what Parse returns: a Tiler for "(_,2)", an IntTuple for "(1,2)".
	for _, s := range []string{"(_,2)", "(1,2)", "_", "((_,3),_)"} {
		v, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		c, err := AsCoord(v)
		if err != nil || c.String() != s {
			t.Errorf("AsCoord(Parse(%q)) = %v, %v", s, c, err)
		}
	}
	if v, _ := Parse("(4:2,_)"); true {
		if _, err := AsCoord(v); err == nil {
			t.Error("AsCoord of a tiler with a layout: want an error")
		}
	}
	if c := CoordTuple(CoordUnderscore(), CoordInt(3)); c.String() != "(_,3)" || !c.HasUnderscore() || c.IntTuple().String() != "(0,3)" {
		t.Errorf("CoordTuple: %v", c)
	}
}

// Property: slicing is restriction. For every coordinate with `_` in some top-level
// modes, L(c') == offset + Slice(c, L)(c”) where c” lists the `_` positions of c'.
func TestSliceIsRestriction(t *testing.T) {
	for _, ls := range []string{"(2,(3,4),5):(1,(2,6),24)", "((2,2),(3,2)):((7,-3),(1,40))", "(4,8):(0,4)"} {
		l := tLay(t, ls)
		checkSliceRestriction(t, l, 0)
	}
}

// checkSliceRestriction tries every top-level pattern of `_`/integer over l's modes
// (integers taking each value of their mode), comparing with the full evaluation.
func checkSliceRestriction(t *testing.T, l Layout, seed int64) {
	t.Helper()
	r := l.Rank()
	for mask := 0; mask < 1<<r; mask++ {
		// pick fixed coordinates for the non-`_` modes: index seed mod size
		elems := make([]Coord, r)
		fixed := make([]int64, r)
		for i := 0; i < r; i++ {
			if mask&(1<<i) != 0 {
				elems[i] = CoordUnderscore()
			} else {
				m, _ := l.Mode(i)
				fixed[i] = (seed + int64(i)*7) % m.Size()
				elems[i] = CoordInt(fixed[i])
			}
		}
		c := CoordTuple(elems...)
		s, off, err := SliceAndOffset(c, l)
		if err != nil {
			t.Fatal(err)
		}
		// enumerate the sliced layout's domain, rebuild the full coordinate
		n := s.Size()
		for j := int64(0); j < n; j++ {
			sub, _ := Idx2Crd(j, s.Shape())
			full := make([]IntTuple, r)
			k := 0
			for i := 0; i < r; i++ {
				if mask&(1<<i) != 0 {
					if s.Rank() == 1 && sub.IsLeaf() {
						full[i] = sub
					} else {
						full[i] = sub.At(k)
					}
					k++
				} else {
					full[i] = Int(fixed[i])
				}
			}
			want, err := l.Call(Tuple(full...))
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Call(sub)
			if err != nil {
				t.Fatal(err)
			}
			if got.Value()+off.Value() != want.Value() {
				t.Fatalf("%v sliced by %v at %v: %v + %v != %v", l, c, sub, off, got, want)
			}
		}
	}
}

package cute

import (
	"errors"
	"testing"
)

func TestUpcastDowncastTable(t *testing.T) {
	M := tLay(t, "(4,8):(1,4)")
	cases := []struct {
		op   string
		l    Layout
		n    int64
		want string
	}{
		// C++ CuTe upcast<N> / downcast<N> with static integers.
		{"up", M, 2, "(_2,_8):(_1,_2)"},
		{"up", M, 4, "(_1,_8):(_1,_1)"},
		{"up", M, 8, "(_1,_4):(_1,_1)"},
		{"up", tLay(t, "(3,(4,5)):(0,(1,-8))"), 2, "(_3,(_2,_5)):(_0,(_1,_-4))"},
		{"up", tLay(t, "(6,3):(2,12)"), 4, "(_3,_3):(_1,_3)"},
		{"up", tLay(t, "5:1"), 2, "_3:_1"},
		{"down", M, 2, "(_8,_8):(_1,_8)"},
		{"down", tLay(t, "(3,(4,5)):(0,(1,8))"), 4, "(_3,(_16,_5)):(_0,(_1,_32))"},
	}
	for _, c := range cases {
		var got Layout
		var err error
		if c.op == "up" {
			got, err = Upcast(c.l, c.n)
		} else {
			got, err = Downcast(c.l, c.n)
		}
		if err != nil || got.String() != unmark(c.want) {
			t.Errorf("%scast<%d>(%v) = %v, %v; want %s", c.op, c.n, c.l, got, err, unmark(c.want))
		}
	}
	recasts := []struct {
		old, new int64
		want     string
	}{{16, 32, "(_2,_8):(_1,_2)"}, {32, 16, "(_8,_8):(_1,_8)"}, {8, 8, "(_4,_8):(_1,_4)"}, {16, 8, "(_8,_8):(_1,_8)"}}
	for _, c := range recasts {
		got, err := RecastLayout(M, c.old, c.new)
		if err != nil || got.String() != unmark(c.want) {
			t.Errorf("recast_layout<%d,%d>(%v) = %v, %v; want %s", c.old, c.new, M, got, err, unmark(c.want))
		}
	}
	// 6 bits → 4 bits: ratio 2/3 → upcast<2> then downcast<3>.
	if got, err := RecastLayout(tLay(t, "(6,4):(1,6)"), 6, 4); err != nil || got.String() != "(9,4):(1,9)" {
		t.Errorf("recast_layout<6b,4b> = %v, %v", got, err)
	}
	if _, err := Upcast(tLay(t, "(4,8):(1,6)"), 4); !errors.Is(err, &Error{Kind: ErrNotAdmissible, Op: "upcast"}) {
		t.Errorf("upcast<4>((4,8):(1,6)): want the divisibility error, got %v", err)
	}
	if _, err := Downcast(tLay(t, "(4,8):(2,8)"), 2); !errors.Is(err, &Error{Kind: ErrNotAdmissible, Op: "downcast"}) {
		t.Errorf("downcast without a stride-1 mode: want an error, got %v", err)
	}
	if _, err := Upcast(M, 0); err == nil {
		t.Error("upcast<0>: want an error")
	}
	if _, err := Downcast(tLay(t, "(4611686018427387904,2):(1,1)"), 4); !errors.Is(err, &Error{Kind: ErrOverflow}) {
		t.Errorf("downcast overflow: got %v", err)
	}
}

// Property: upcast<N>(downcast<N>(L)) == L for layouts with a stride-1 mode whose other
// strides are anything (downcast multiplies them by N, upcast divides them back).
func TestUpcastDowncastRoundTrip(t *testing.T) {
	for _, s := range []string{"(4,8):(1,4)", "(3,(4,5)):(0,(1,-8))", "((2,3),7):((1,-2),100)", "5:1"} {
		l := tLay(t, s)
		for _, n := range []int64{1, 2, 4, 8, 3} {
			d, err := Downcast(l, n)
			if err != nil {
				t.Fatal(err)
			}
			u, err := Upcast(d, n)
			if err != nil || !u.Equal(l) {
				t.Errorf("upcast<%d>(downcast<%d>(%v)) = %v, %v", n, n, l, u, err)
			}
		}
	}
}

func TestSwizzleCasts(t *testing.T) {
	sw := func(b, m, s int) Swizzle { return Swizzle{B: b, M: m, S: s} }
	ups := []struct {
		in   Swizzle
		n    int64
		want string
	}{{sw(3, 4, 3), 16, "Sw<3,0,3>"}, {sw(3, 4, 3), 2, "Sw<3,3,3>"}, {sw(3, 4, 3), 64, "Sw<1,0,3>"}, {sw(3, 4, 3), 1024, "Sw<0,0,3>"}}
	for _, c := range ups {
		got, err := UpcastSwizzle(c.in, c.n)
		if err != nil || got.String() != c.want {
			t.Errorf("upcast<%d>(%v) = %v, %v; want %s", c.n, c.in, got, err, c.want)
		}
	}
	if got, err := DowncastSwizzle(sw(2, 4, 3), 2); err != nil || got.String() != "Sw<2,5,3>" {
		t.Errorf("downcast<2>(Sw<2,4,3>) = %v, %v", got, err)
	}
	if got, err := RecastSwizzle(sw(3, 4, 3), 8, 16); err != nil || got.String() != "Sw<3,3,3>" {
		t.Errorf("recast<u8,half>(Sw<3,4,3>) = %v, %v", got, err)
	}
	if got, err := RecastSwizzle(sw(2, 4, 3), 8, 32); err != nil || got.String() != "Sw<2,2,3>" {
		t.Errorf("recast<u8,float>(Sw<2,4,3>) = %v, %v", got, err)
	}
	if _, err := UpcastSwizzle(sw(3, 4, 3), 3); err == nil {
		t.Error("upcast<3> of a swizzle: want an error")
	}
}

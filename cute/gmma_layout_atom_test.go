package cute

import "testing"

func TestGMMALayoutAtomTable(t *testing.T) {
	// C++: as_position_independent_swizzle_layout(GMMA::Layout_<kind>_Atom<T>{}).
	cases := []struct {
		kind GMMALayoutKind
		bits int64
		want string
	}{
		{GMMAKSW128, 16, "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"},
		{GMMAKSW64, 16, "Sw<2,3,3> o _0 o (_8,_32):(_32,_1)"},
		{GMMAKSW32, 16, "Sw<1,3,3> o _0 o (_8,_16):(_16,_1)"},
		{GMMAMNSW128, 16, "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)"},
		{GMMAMNSW64, 16, "Sw<2,3,3> o _0 o (_32,_8):(_1,_32)"},
		{GMMAMNSW32, 16, "Sw<1,3,3> o _0 o (_16,_8):(_1,_16)"},
		{GMMAKSW128, 32, "Sw<3,2,3> o _0 o (_8,_32):(_32,_1)"},
		{GMMAKSW128, 8, "Sw<3,4,3> o _0 o (_8,_128):(_128,_1)"},
		{GMMAMNSW128, 32, "Sw<3,2,3> o _0 o (_32,_8):(_1,_32)"},
		{GMMAMNSW64, 8, "Sw<2,4,3> o _0 o (_64,_8):(_1,_64)"},
		{GMMAKSW64, 64, "Sw<2,1,3> o _0 o (_8,_8):(_8,_1)"},
		{GMMAKSW128, 4, "Sw<3,5,3> o _0 o (_8,_256):(_256,_1)"},
	}
	for _, c := range cases {
		got, err := GMMALayoutAtom(c.kind, c.bits)
		if err != nil || got.String() != unmark(c.want) {
			t.Errorf("GMMALayoutAtom(%v,%d) = %v, %v; want %s", c.kind, c.bits, got, err, unmark(c.want))
		}
	}
	// INTER atoms: C++ decays Sw<0,..> o 0 o L to L = (8,8):(8,1) / (8,8):(1,8) for half.
	for _, c := range []struct {
		kind GMMALayoutKind
		want string
	}{{GMMAKInter, "(8,8):(8,1)"}, {GMMAMNInter, "(8,8):(1,8)"}} {
		got, err := GMMALayoutAtom(c.kind, 16)
		if err != nil || !got.Outer.IsIdentity() || got.Offset != 0 || got.Inner.String() != c.want {
			t.Errorf("GMMALayoutAtom(%v,16) = %v, %v", c.kind, got, err)
		}
	}
	for _, b := range []int64{0, 3, 6, 2048} {
		if _, err := GMMALayoutAtom(GMMAKSW128, b); err == nil {
			t.Errorf("GMMALayoutAtom(K_SW128, %d): want an error", b)
		}
	}
	if _, err := GMMALayoutAtom(GMMALayoutKind(9), 16); err == nil {
		t.Error("unknown kind: want an error")
	}
	for i, n := range gmmaKindNames {
		k, err := ParseGMMALayoutKind("Layout_" + n + "_Atom")
		if err != nil || int(k) != i || k.String() != n {
			t.Errorf("ParseGMMALayoutKind(%s) = %v, %v", n, k, err)
		}
	}
	if _, err := ParseGMMALayoutKind("K_SW16"); err == nil {
		t.Error("ParseGMMALayoutKind(K_SW16): want an error")
	}
}

// Property: for byte-sized and larger elements the element-offset atom equals the
// byte-address swizzle Sw<B,4,3> of CUTLASS's atom: byte(atom(i)) = Sw(byte(L(i))).
func TestGMMALayoutAtomMatchesByteSwizzle(t *testing.T) {
	for k := GMMAKInter; k <= GMMAMNSW128; k++ {
		byteSw := Swizzle{B: int(k) % 4, M: 4, S: 3}
		for _, bits := range []int64{8, 16, 32, 64} {
			eb := bits / 8
			a, err := GMMALayoutAtom(k, bits)
			if err != nil {
				t.Fatal(err)
			}
			// The atom covers 8 rows of 128·2^B bits: 1024·2^B bits = 128·2^B bytes.
			if got, want := a.Size()*eb, int64(128)<<(int(k)%4); got != want {
				t.Errorf("%v<%d>: %d bytes, want %d", k, bits, got, want)
			}
			for i := int64(0); i < a.Size(); i++ {
				v, _ := a.Eval(i)
				l, _ := a.Inner.Eval(i)
				if v*eb != byteSw.Apply(l*eb) {
					t.Fatalf("%v<%d> at %d: %d·%d != Sw(%d)", k, bits, i, v, eb, l*eb)
				}
			}
		}
	}
}

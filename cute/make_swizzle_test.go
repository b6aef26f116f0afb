package cute

import "testing"

func TestMakeSwizzleFromMasks(t *testing.T) {
	// CuTe's swizzle.hpp doc comment and compiled C++.
	cases := []struct {
		y, z int64
		want string
	}{
		{0b1000, 0b0100, "Sw<1,2,1>"},
		{0b11000000, 0b00000110, "Sw<2,1,5>"},
		{0b1110000000, 0b0001110000, "Sw<3,4,3>"},
		{0b0110, 0b11000, "Sw<2,1,-2>"},
		{0, 0, "Sw<0,0,0>"},
	}
	for _, c := range cases {
		got, err := MakeSwizzleFromMasks(c.y, c.z)
		if err != nil || got.String() != c.want {
			t.Errorf("make_swizzle<%#b,%#b> = %v, %v; want %s", c.y, c.z, got, err, c.want)
		}
	}
	for _, c := range [][2]int64{{0b1000, 0b0110}, {0b1010, 0b0101}, {-1, 1}, {0b0110, 0b0011}} {
		if sw, err := MakeSwizzleFromMasks(c[0], c[1]); err == nil {
			t.Errorf("make_swizzle<%#b,%#b> = %v: want an error", c[0], c[1], sw)
		}
	}
	// Round trip over valid swizzles, and the involution property.
	for b := 0; b <= 4; b++ {
		for m := 0; m <= 4; m++ {
			for s := -6; s <= 6; s++ {
				sw, err := MakeSwizzle(b, m, s)
				if err != nil || b == 0 {
					continue
				}
				got, err := MakeSwizzleFromMasks(sw.YYYMask(), sw.ZZZMask())
				if err != nil || got != sw {
					t.Errorf("masks of %v give %v, %v", sw, got, err)
				}
				for x := int64(0); x < 1<<12; x += 7 {
					if sw.Apply(sw.Apply(x)) != x {
						t.Fatalf("%v is not an involution at %d", sw, x)
					}
				}
			}
		}
	}
	ab, err := ComposeSwizzles(Swizzle{B: 1, M: 4, S: 3}, Swizzle{B: 1, M: 5, S: 3})
	if err != nil || ab.String() != "Sw<2,4,3>" {
		t.Errorf("composition(Sw<1,4,3>,Sw<1,5,3>) = %v, %v", ab, err)
	}
	if _, err := ComposeSwizzles(Swizzle{B: 1, M: 4, S: 3}, Swizzle{B: 1, M: 4, S: 2}); err == nil {
		t.Error("composition of swizzles with different shifts: want an error")
	}
}

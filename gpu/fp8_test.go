package gpu

import (
	"math"
	"math/rand"
	"testing"
)

// Values from the OCP 8-bit floating point specification (v1.0, table 1 and 2): the largest
// finite, the smallest normal and subnormal magnitudes, and the special codes.
func TestFP8Values(t *testing.T) {
	cases := []struct {
		name string
		from func(uint8) float32
		code uint8
		want float64
	}{
		{"e4m3 max", FromE4M3, 0x7E, 448},
		{"e4m3 -max", FromE4M3, 0xFE, -448},
		{"e4m3 min normal", FromE4M3, 0x08, 1.0 / 64},
		{"e4m3 min subnormal", FromE4M3, 0x01, 1.0 / 512},
		{"e4m3 max subnormal", FromE4M3, 0x07, 7.0 / 512},
		{"e4m3 one", FromE4M3, 0x38, 1},
		{"e5m2 max", FromE5M2, 0x7B, 57344},
		{"e5m2 min normal", FromE5M2, 0x04, 1.0 / 16384},
		{"e5m2 min subnormal", FromE5M2, 0x01, 1.0 / 65536},
		{"e5m2 one", FromE5M2, 0x3C, 1},
		{"e5m2 -inf", FromE5M2, 0xFC, math.Inf(-1)},
	}
	for _, tc := range cases {
		if got := float64(tc.from(tc.code)); got != tc.want {
			t.Errorf("%s: code %#x is %g, want %g", tc.name, tc.code, got, tc.want)
		}
	}
	for _, c := range []uint8{0x7F, 0xFF} {
		if !math.IsNaN(float64(FromE4M3(c))) {
			t.Errorf("e4m3 %#x is not NaN", c)
		}
	}
	for _, c := range []uint8{0x7D, 0x7E, 0x7F, 0xFD} {
		if !math.IsNaN(float64(FromE5M2(c))) {
			t.Errorf("e5m2 %#x is not NaN", c)
		}
	}
	if ToE4M3(1e9) != 0x7E || ToE4M3(-1e9) != 0xFE || ToE5M2(float32(math.Inf(1))) != 0x7B {
		t.Error("no saturation to the largest finite value")
	}
	if ToE4M3(float32(math.NaN()))&0x7F != 0x7F || !math.IsNaN(float64(FromE5M2(ToE5M2(float32(math.NaN()))))) {
		t.Error("NaN not kept")
	}
}

// Every finite code decodes and encodes back to itself, and the encoding of any float is the
// nearest finite code by brute force over all 256 (ties: the even code; beyond the largest:
// the largest).
func TestFP8RoundTripAndNearest(t *testing.T) {
	type fmtc struct {
		name string
		to   func(float32) uint8
		from func(uint8) float32
	}
	rng := rand.New(rand.NewSource(3))
	for _, f := range []fmtc{{"e4m3", ToE4M3, FromE4M3}, {"e5m2", ToE5M2, FromE5M2}} {
		var finite []uint8
		for c := 0; c < 256; c++ {
			v := f.from(uint8(c))
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				continue
			}
			finite = append(finite, uint8(c))
			if got := f.to(v); got != uint8(c) && !(v == 0 && got&0x7F == 0 && got == uint8(c)&0x80) {
				t.Errorf("%s: code %#x (%g) encodes to %#x", f.name, c, v, got)
			}
		}
		nearest := func(x float32) uint8 {
			best, bd := uint8(0), math.Inf(1)
			for _, c := range finite {
				if math.Signbit(float64(f.from(c))) != math.Signbit(float64(x)) {
					continue
				}
				d := math.Abs(float64(f.from(c)) - float64(x))
				if d < bd || (d == bd && c%2 == 0) {
					best, bd = c, d
				}
			}
			return best
		}
		for i := 0; i < 20000; i++ {
			x := float32(math.Ldexp(rng.Float64()*2-1, rng.Intn(40)-24))
			if i%3 == 0 { // halfway between two neighbouring codes: a tie
				c := finite[rng.Intn(len(finite))]
				if c&0x7F < 0x7B {
					x = float32((float64(f.from(c)) + float64(f.from(c+1))) / 2)
				}
			}
			if got, want := f.to(x), nearest(x); got != want {
				t.Fatalf("%s: %g encodes to %#x (%g), the nearest is %#x (%g)", f.name, x, got, f.from(got), want, f.from(want))
			}
		}
	}
}

package gpu

import "math"

// The FP8 formats of the GEMM's A and B (CUTLASS's float_e4m3_t and float_e5m2_t, CUDA's
// __nv_fp8_e4m3 and __nv_fp8_e5m2, PyTorch's float8_e4m3fn and float8_e5m2), for quantizing
// host data before a copy to the device and for host references. E4M3: 4 exponent bits (bias
// 7), 3 mantissa bits, no infinities, NaN 0x7F/0xFF, largest finite 448 (0x7E). E5M2: 5 exponent
// bits (bias 15), 2 mantissa bits, IEEE-like, largest finite 57344 (0x7B).
type fp8Format struct {
	mbits, bias int
	maxCode     uint8 // the largest finite magnitude's code
	nan         uint8
}

var (
	fmtE4M3 = fp8Format{mbits: 3, bias: 7, maxCode: 0x7E, nan: 0x7F}
	fmtE5M2 = fp8Format{mbits: 2, bias: 15, maxCode: 0x7B, nan: 0x7F}
)

// ToE4M3 is f rounded to the nearest E4M3 value (ties to even), saturated to ±448 (as CUDA's
// __nv_cvt_float_to_fp8 with __NV_SATFINITE); NaN gives NaN.
func ToE4M3(f float32) uint8 { return fmtE4M3.encode(f) }

// ToE5M2 is f rounded to the nearest E5M2 value (ties to even), saturated to ±57344; NaN gives
// NaN.
func ToE5M2(f float32) uint8 { return fmtE5M2.encode(f) }

// FromE4M3 is the value of an E4M3 code.
func FromE4M3(b uint8) float32 { return fmtE4M3.decode(b) }

// FromE5M2 is the value of an E5M2 code.
func FromE5M2(b uint8) float32 { return fmtE5M2.decode(b) }

func (t fp8Format) decode(b uint8) float32 {
	sign := float32(1)
	if b&0x80 != 0 {
		sign = -1
	}
	ebits := 7 - t.mbits
	e := int(b>>t.mbits) & (1<<ebits - 1)
	m := int(b) & (1<<t.mbits - 1)
	if b&0x7F > t.maxCode { // past the largest finite code: E5M2's infinities and NaNs, E4M3's NaN
		if t.mbits == 2 && m == 0 {
			return sign * float32(math.Inf(1))
		}
		return float32(math.NaN())
	}
	if e == 0 { // subnormal
		return sign * float32(math.Ldexp(float64(m), 1-t.bias-t.mbits))
	}
	return sign * float32(math.Ldexp(float64(m|1<<t.mbits), e-t.bias-t.mbits))
}

func (t fp8Format) encode(f float32) uint8 {
	var sign uint8
	if math.Signbit(float64(f)) {
		sign = 0x80
	}
	a := math.Abs(float64(f))
	if math.IsNaN(a) {
		return sign | t.nan
	}
	if a >= float64(t.decode(t.maxCode)) {
		return sign | t.maxCode
	}
	if a == 0 {
		return sign
	}
	_, exp := math.Frexp(a) // a in [2^(exp-1), 2^exp)
	e := exp - 1
	if e < 1-t.bias {
		e = 1 - t.bias // subnormals share the smallest normal binade's spacing
	}
	n := math.RoundToEven(math.Ldexp(a, t.mbits-e)) // a in units of the binade's spacing (exact: a has 24 bits)
	if n >= float64(int(1)<<(t.mbits+1)) {          // rounded up into the next binade
		n /= 2
		e++
	}
	var code int
	if n < float64(int(1)<<t.mbits) {
		code = int(n) // subnormal (e is the smallest normal exponent)
	} else {
		code = (e+t.bias)<<t.mbits | (int(n) - 1<<t.mbits)
	}
	if code > int(t.maxCode) {
		code = int(t.maxCode)
	}
	return sign | uint8(code)
}

package cute

import "fmt"

// Swizzle is CuTe's Swizzle<B,M,S>: f(x) = x XOR ((x AND yyy) >> S) with
// yyy = (2^B − 1) << (M + max(0,S)); a negative S shifts left. It is an involution.
// B = 0 is the identity. CuTe requires B >= 0, M >= 0, |S| >= B.
type Swizzle struct {
	B, M, S int
}

// MakeSwizzle is CuTe's Swizzle<B,M,S>{} with its static_asserts as errors.
func MakeSwizzle(b, m, s int) (Swizzle, error) {
	if b < 0 || m < 0 {
		return Swizzle{}, errorf("make_swizzle", ErrInvalid, "Swizzle<%d,%d,%d>: B and M must be non-negative", b, m, s)
	}
	if absInt(s) < b {
		return Swizzle{}, errorf("make_swizzle", ErrInvalid, "Swizzle<%d,%d,%d>: requires |S| >= B", b, m, s)
	}
	if b+m+absInt(s) > 62 {
		return Swizzle{}, errorf("make_swizzle", ErrInvalid, "Swizzle<%d,%d,%d>: bits exceed 62", b, m, s)
	}
	return Swizzle{B: b, M: m, S: s}, nil
}

func absInt(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// YYYMask is the mask of the bits that are read: (2^B−1) << (M + max(0,S)).
func (s Swizzle) YYYMask() int64 { return (int64(1)<<s.B - 1) << (s.M + max(0, s.S)) }

// ZZZMask is the mask of the bits that are written: (2^B−1) << (M − min(0,S)).
func (s Swizzle) ZZZMask() int64 { return (int64(1)<<s.B - 1) << (s.M - min(0, s.S)) }

// Apply is the swizzle function f(x).
func (s Swizzle) Apply(x int64) int64 {
	y := x & s.YYYMask()
	if s.S >= 0 {
		return x ^ (y >> s.S)
	}
	return x ^ (y << -s.S)
}

// IsIdentity reports whether the swizzle is the identity (B == 0).
func (s Swizzle) IsIdentity() bool { return s.B == 0 }

// String prints `Sw<B,M,S>` as CuTe does.
func (s Swizzle) String() string { return fmt.Sprintf("Sw<%d,%d,%d>", s.B, s.M, s.S) }

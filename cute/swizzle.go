package cute

import "fmt"

// Swizzle is CuTe's Swizzle<B,M,S>: f(x) = x XOR ((x AND yyy) >> S) with
// yyy = (2^B − 1) << (M + max(0,S)); a negative S shifts left. It is an involution.
// B = 0 is the identity. CuTe requires B >= 0, M >= 0, |S| >= B; cutego also requires
// B + M + |S| <= 62 so that every mask fits in int64.
//
// Build a Swizzle with MakeSwizzle (or ParseSwizzle), which checks these rules. A
// Swizzle written as a literal with fields that break them is invalid: Validate says
// why, the functions that take a swizzle and return an error refuse it (ErrInvalid), and
// the methods without an error result (Apply, YYYMask, ZZZMask) panic with that *Error,
// as indexing past the end of a slice does.
type Swizzle struct {
	B, M, S int
}

// MakeSwizzle is CuTe's Swizzle<B,M,S>{} with its static_asserts as errors.
func MakeSwizzle(b, m, s int) (Swizzle, error) {
	sw := Swizzle{B: b, M: m, S: s}
	if err := sw.check("make_swizzle"); err != nil {
		return Swizzle{}, err
	}
	return sw, nil
}

// Validate returns nil for a swizzle MakeSwizzle accepts, else an ErrInvalid *Error
// naming the broken rule.
func (s Swizzle) Validate() error {
	if err := s.check("swizzle"); err != nil {
		return err
	}
	return nil
}

func (s Swizzle) check(op string) *Error {
	b, m, sh := s.B, s.M, s.S
	switch {
	case b < 0 || m < 0:
		return errorf(op, ErrInvalid, "Swizzle<%d,%d,%d>: B and M must be non-negative", b, m, sh)
	case sh < -62 || sh > 62 || absInt(sh) < b:
		return errorf(op, ErrInvalid, "Swizzle<%d,%d,%d>: requires B <= |S| <= 62", b, m, sh)
	case b > 62 || m > 62 || b+m+absInt(sh) > 62:
		return errorf(op, ErrInvalid, "Swizzle<%d,%d,%d>: bits exceed 62", b, m, sh)
	}
	return nil
}

// mustValid panics with the *Error of an invalid swizzle (see Swizzle).
func (s Swizzle) mustValid() {
	if err := s.check("swizzle"); err != nil {
		panic(err)
	}
}

func absInt(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// YYYMask is the mask of the bits that are read: (2^B−1) << (M + max(0,S)).
func (s Swizzle) YYYMask() int64 {
	s.mustValid()
	return (int64(1)<<s.B - 1) << (s.M + max(0, s.S))
}

// ZZZMask is the mask of the bits that are written: (2^B−1) << (M − min(0,S)).
func (s Swizzle) ZZZMask() int64 {
	s.mustValid()
	return (int64(1)<<s.B - 1) << (s.M - min(0, s.S))
}

// Apply is the swizzle function f(x). It panics with an *Error on an invalid Swizzle
// (see Swizzle); a Swizzle from MakeSwizzle or ParseSwizzle never panics.
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

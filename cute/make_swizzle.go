package cute

import "math/bits"

// MakeSwizzleFromMasks is CuTe's make_swizzle<Y,Z>(): the Swizzle<B,M,S> whose read mask
// (yyy) is y and write mask (zzz) is z: B = popcount(y) (= popcount(z)), M = the lower of
// their trailing-zero counts, S = tz(y) − tz(z). make_swizzle<0b1000,0b0100>() =
// Sw<1,2,1>; the masks must be those of a swizzle (contiguous, non-overlapping).
func MakeSwizzleFromMasks(y, z int64) (Swizzle, error) {
	if y < 0 || z < 0 || y >= 1<<62 || z >= 1<<62 {
		return Swizzle{}, errorf("make_swizzle", ErrInvalid, "masks %#b and %#b out of range", y, z)
	}
	b := bits.OnesCount64(uint64(y))
	if bz := bits.OnesCount64(uint64(z)); b != bz {
		return Swizzle{}, errorf("make_swizzle", ErrInvalid, "number of bits in Y (%d) and Z (%d) don't match", b, bz)
	}
	if b == 0 {
		return Swizzle{}, nil
	}
	ty, tz := bits.TrailingZeros64(uint64(y)), bits.TrailingZeros64(uint64(z))
	sw, err := MakeSwizzle(b, min(ty, tz), ty-tz)
	if err != nil {
		return Swizzle{}, err
	}
	if sw.YYYMask() != y || sw.ZZZMask() != z {
		return Swizzle{}, errorf("make_swizzle", ErrInvalid, "masks %#b and %#b are not those of a swizzle", y, z)
	}
	return sw, nil
}

// ComposeSwizzles is CuTe's composition(Swizzle, Swizzle) for two swizzles of the same
// shift S: the swizzle whose masks are the XOR of theirs (used to merge swizzles acting
// on disjoint bits); CuTe refuses different shifts.
func ComposeSwizzles(a, b Swizzle) (Swizzle, error) {
	for _, s := range []Swizzle{a, b} {
		if err := s.check("composition"); err != nil {
			return Swizzle{}, err
		}
	}
	if a.S != b.S {
		return Swizzle{}, errorf("composition", ErrNotAdmissible, "can only merge swizzles of the same shift (%v, %v)", a, b)
	}
	sw, err := MakeSwizzleFromMasks(a.YYYMask()^b.YYYMask(), a.ZZZMask()^b.ZZZMask())
	return sw, opErr(err, "composition")
}

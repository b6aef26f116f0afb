package cute

import "math/bits"

// Upcast is CuTe's upcast<N>(L): L re-expressed in units N times larger. Per leaf: a
// stride 0 is kept; otherwise the stride d must satisfy d%N == 0 or N%d == 0 (CuTe's
// divisibility condition), the shape becomes ceil(s / ceil(N/|d|)) and the stride
// sgn(d)·ceil(|d|/N). So a stride-1 mode shrinks by N and other strides divide by N:
// upcast<2>((4,8):(1,4)) = (2,8):(1,2).
func Upcast(l Layout, n int64) (r Layout, err error) {
	defer catch("upcast", &err)
	if n < 1 {
		throw("upcast", ErrInvalid, "factor %d is not positive", n)
	}
	requirePlain("upcast", l.stride)
	return upcastLayout(l, n), nil
}

func upcastLayout(l Layout, n int64) Layout {
	if l.shape.elems != nil {
		s, d := make([]IntTuple, len(l.shape.elems)), make([]IntTuple, len(l.shape.elems))
		for i := range s {
			m := upcastLayout(Layout{shape: l.shape.elems[i], stride: l.stride.elems[i]}, n)
			s[i], d[i] = m.shape, m.stride
		}
		return Layout{shape: tupleOwn(s), stride: tupleOwn(d)}
	}
	d := l.stride.v
	if d == 0 {
		return l
	}
	ad := absI(d)
	if ad%n != 0 && n%ad != 0 {
		throw("upcast", ErrNotAdmissible, "divisibility condition: stride %d and factor %d do not divide one another", d, n)
	}
	return Layout{shape: Int(ceilDivT(l.shape.v, ceilDivT(n, ad))), stride: Int(signI(d) * ceilDivT(ad, n))}
}

// UpcastSwizzle is CuTe's upcast<N>(Swizzle<B,M,S>) for a power-of-two N = 2^k: the
// swizzle on addresses in units N times larger, Sw<B,M−k,S>; when M < k the low bits
// are lost: Sw<max(B+M−k,0),0,S>.
func UpcastSwizzle(s Swizzle, n int64) (r Swizzle, err error) {
	if err := s.check("upcast"); err != nil {
		return Swizzle{}, err
	}
	k, err := log2Exact("upcast", n)
	if err != nil {
		return Swizzle{}, err
	}
	if m := s.M - k; m >= 0 {
		return Swizzle{B: s.B, M: m, S: s.S}, nil
	} else {
		return Swizzle{B: max(s.B+m, 0), M: 0, S: s.S}, nil
	}
}

// ComposedUpcast is CuTe's upcast<N>(A o O o B) = upcast<N>(A) o O/N o upcast<N>(B) for
// a swizzle A; the offset must be a multiple of N.
func ComposedUpcast(c ComposedLayout, n int64) (r ComposedLayout, err error) {
	defer catch("upcast", &err)
	sw, err := UpcastSwizzle(c.Outer, n)
	if err != nil {
		return ComposedLayout{}, err
	}
	if c.Offset%n != 0 {
		throw("upcast", ErrNotAdmissible, "offset %d is not a multiple of %d", c.Offset, n)
	}
	requirePlain("upcast", c.Inner.stride)
	return ComposedLayout{Outer: sw, Offset: c.Offset / n, Inner: upcastLayout(c.Inner, n)}, nil
}

// log2Exact returns k with n = 2^k, or an error naming op.
func log2Exact(op string, n int64) (int, error) {
	if n < 1 || n&(n-1) != 0 {
		return 0, errorf(op, ErrInvalid, "factor %d of a swizzle is not a power of two", n)
	}
	return bits.TrailingZeros64(uint64(n)), nil
}

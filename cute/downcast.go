package cute

// Downcast is CuTe's downcast<N>(L): L re-expressed in units N times smaller. Per leaf a
// stride ±1 multiplies the shape by N, any other stride is multiplied by N (0 stays 0):
// downcast<2>((4,8):(1,4)) = (8,8):(1,8). CuTe requires a stride-1 leaf ("downcast
// requires adjacent elements").
func Downcast(l Layout, n int64) (r Layout, err error) {
	defer catch("downcast", &err)
	if n < 1 {
		throw("downcast", ErrInvalid, "factor %d is not positive", n)
	}
	requirePlain("downcast", l.stride)
	if !hasStride1(l.stride) {
		throw("downcast", ErrNotAdmissible, "layout %v has no stride-1 mode: downcast requires adjacent elements", l)
	}
	return downcastLayout(l, n), nil
}

func hasStride1(d IntTuple) bool {
	if d.elems == nil {
		return d.v == 1
	}
	for _, e := range d.elems {
		if hasStride1(e) {
			return true
		}
	}
	return false
}

func downcastLayout(l Layout, n int64) Layout {
	if l.shape.elems != nil {
		s, d := make([]IntTuple, len(l.shape.elems)), make([]IntTuple, len(l.shape.elems))
		for i := range s {
			m := downcastLayout(Layout{shape: l.shape.elems[i], stride: l.stride.elems[i]}, n)
			s[i], d[i] = m.shape, m.stride
		}
		return Layout{shape: tupleOwn(s), stride: tupleOwn(d)}
	}
	if d := l.stride.v; d == 1 || d == -1 {
		return Layout{shape: Int(mulChecked(l.shape.v, n)), stride: l.stride}
	}
	return Layout{shape: l.shape, stride: Int(mulChecked(l.stride.v, n))}
}

// DowncastSwizzle is CuTe's downcast<N>(Swizzle<B,M,S>) for N = 2^k: Sw<B,M+k,S>.
func DowncastSwizzle(s Swizzle, n int64) (r Swizzle, err error) {
	if err := s.check("downcast"); err != nil {
		return Swizzle{}, err
	}
	k, err := log2Exact("downcast", n)
	if err != nil {
		return Swizzle{}, err
	}
	return MakeSwizzle(s.B, s.M+k, s.S)
}

// ComposedDowncast is CuTe's downcast<N>(A o O o B) = downcast<N>(A) o O·N o
// downcast<N>(B) for a swizzle A. As for layouts, B needs a stride-1 mode.
func ComposedDowncast(c ComposedLayout, n int64) (r ComposedLayout, err error) {
	defer catch("downcast", &err)
	sw, err := DowncastSwizzle(c.Outer, n)
	if err != nil {
		return ComposedLayout{}, err
	}
	inner, err := Downcast(c.Inner, n)
	if err != nil {
		return ComposedLayout{}, err
	}
	return ComposedLayout{Outer: sw, Offset: mulChecked(c.Offset, n), Inner: inner}, nil
}

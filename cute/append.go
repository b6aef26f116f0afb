package cute

// Append is CuTe's append(L, X): the layout with X added as a new last mode; a layout
// whose shape is an integer is first wrapped as a rank-1 tuple: append(4:1, 2:4) =
// (4,2):(1,4).
func Append(l, x Layout) Layout {
	return Layout{shape: appendT(l.shape, x.shape), stride: appendT(l.stride, x.stride)}
}

// AppendN is CuTe's append<N>(L, X): L padded with copies of X to rank n (CuTe's default
// X is 1:0). n must be at least rank(L) and at most MaxAppendRank (ErrInvalid otherwise,
// refused before anything is allocated); n == 1 leaves an integer-shaped L as it is.
func AppendN(l Layout, n int, x Layout) (r Layout, err error) {
	defer catch("append", &err)
	return Layout{shape: appendNT("append", l.shape, n, x.shape, false), stride: appendNT("append", l.stride, n, x.stride, false)}, nil
}

// MaxAppendRank bounds the rank n of AppendN, PrependN and ComposedAppendN: in C++ n is a
// template argument, here it is a number whose value must not decide how much memory one
// call takes (a rank of 1<<31 would be tens of gigabytes).
const MaxAppendRank = 1 << 16

func appendT(t, x IntTuple) IntTuple {
	if t.elems == nil {
		return tupleOwn([]IntTuple{t, x})
	}
	e := make([]IntTuple, 0, len(t.elems)+1)
	return tupleOwn(append(append(e, t.elems...), x))
}

// appendNT pads t (wrapped if an integer) with x to rank n, at the back or the front.
func appendNT(op string, t IntTuple, n int, x IntTuple, front bool) IntTuple {
	if t.elems == nil {
		if n == 1 {
			return t
		}
		t = tupleOwn([]IntTuple{t})
	}
	if n < len(t.elems) {
		throw(op, ErrInvalid, "rank %d is smaller than the rank %d of %v", n, len(t.elems), brief(t))
	}
	if n > MaxAppendRank {
		throw(op, ErrInvalid, "rank %d is larger than cute.MaxAppendRank (%d)", n, MaxAppendRank)
	}
	e := make([]IntTuple, 0, n)
	if front {
		for i := len(t.elems); i < n; i++ {
			e = append(e, x)
		}
		return tupleOwn(append(e, t.elems...))
	}
	e = append(e, t.elems...)
	for i := len(t.elems); i < n; i++ {
		e = append(e, x)
	}
	return tupleOwn(e)
}

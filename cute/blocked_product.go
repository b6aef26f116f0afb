package cute

// BlockedProduct is CuTe's blocked_product(A, B): A and B padded with 1:0 modes to the
// larger rank R, P = logical_product(A, B), and the result zip(P0, P1): mode i is
// (A_i, P1_i), the block A repeated as B says, blocks contiguous. Rank R.
func BlockedProduct(a, b Layout) (r Layout, err error) {
	defer catch("blocked_product", &err)
	pa, c := rankProduct("blocked_product", a, b)
	return zipLayouts("blocked_product", pa, c), nil
}

// rankProduct pads a and b to the larger rank and returns a and
// complement(a, size(a)·cosize(b)) ∘ b (the two modes of their logical product).
func rankProduct(op string, a, b Layout) (Layout, Layout) {
	checkLayoutArg(op, a)
	checkLayoutArg(op, b)
	r := max(a.Rank(), b.Rank())
	pa, pb := padRank(a, r), padRank(b, r)
	p := logicalProductLayout(pa, pb)
	return modeOf(op, p, 0), modeOf(op, p, 1)
}

// padRank is CuTe's append<R>(layout): the layout with 1:0 modes appended up to rank r
// (an integer-shaped layout stays as it is for r = 1).
func padRank(l Layout, r int) Layout {
	if l.shape.elems == nil {
		if r == 1 {
			return l
		}
		ms := make([]Layout, r)
		ms[0] = l
		for i := 1; i < r; i++ {
			ms[i] = Layout{shape: Int(1), stride: Int(0)}
		}
		return layoutOf(ms...)
	}
	if len(l.shape.elems) >= r {
		return l
	}
	ms := modesOf(l)
	for len(ms) < r {
		ms = append(ms, Layout{shape: Int(1), stride: Int(0)})
	}
	return layoutOf(ms...)
}

// zipLayouts is CuTe's zip(L0, L1): ((L0_0,L1_0),(L0_1,L1_1),…) when L0 is a tuple (the
// ranks must match), ((L0,L1)) when it is not.
func zipLayouts(op string, l0, l1 Layout) Layout {
	if l0.shape.elems == nil {
		return layoutOf(layoutPair(l0, l1))
	}
	n := len(l0.shape.elems)
	if l1.shape.elems == nil || len(l1.shape.elems) != n {
		throw(op, ErrInvalid, "cannot zip %v with %v: mismatched ranks", l0, l1)
	}
	ms := make([]Layout, n)
	for i := range ms {
		ms[i] = layoutPair(modeOf(op, l0, i), modeOf(op, l1, i))
	}
	return layoutOf(ms...)
}

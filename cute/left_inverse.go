package cute

// LeftInverse is CuTe's left_inverse(L): a layout R with R(L(i)) = i for every
// i < size(L) when L is injective (L(R(L(i))) = L(i) in general). The coalesced modes of
// L by ascending stride each need their stride divisible by the size built so far;
// negative and scaled-basis strides are refused.
func LeftInverse(l Layout) (r Layout, err error) {
	defer catch("left_inverse", &err)
	var c flatL
	coalesceFlat("left_inverse", &l, &c, false)
	var key [algMaxFlat]int64
	var idx [algMaxFlat]int
	var pre [algMaxFlat]int64
	p := int64(1)
	for i := 0; i < c.n; i++ {
		if c.basis(i) != nil {
			throw("left_inverse", ErrInvalid, "layout %v has scaled-basis strides", l)
		}
		if c.m[i].d < 0 {
			throw("left_inverse", ErrInvalid, "layout %v has a negative stride", l)
		}
		key[i], idx[i], pre[i] = c.m[i].d, i, p
		p = mulChecked(p, c.m[i].s)
	}
	exchangeSortIdx(key[:c.n], idx[:c.n])
	// res: shapes s_0..s_{k-1} plus the last, strides 0, pre...
	var res flatL
	res.m[0].d = 0
	n := 0 // shapes appended so far
	sz := int64(1)
	for k := 0; k < c.n; k++ {
		m := c.m[idx[k]]
		if m.d == 0 {
			continue
		}
		if m.d%sz != 0 {
			throw("left_inverse", ErrNotAdmissible, "divisibility condition: stride %d is not divisible by %d", m.d, sz)
		}
		q := m.d / sz
		res.m[n].s = q
		res.m[n+1].d = pre[idx[k]]
		sz = mulChecked(sz, q)
		n++
	}
	res.m[n].s = c.m[idx[c.n-1]].s
	res.n = n + 1
	var o flatL
	bwCoalesce("left_inverse", &res, &o, false)
	return o.toLayout(), nil
}

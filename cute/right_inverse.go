package cute

// RightInverse is CuTe's right_inverse(L): the layout R with L(R(i)) = i for every
// i < size(R), as large as CuTe finds it: the coalesced modes of L by ascending stride,
// taking each whose stride equals the extent reached so far (others are skipped).
// Scaled-basis strides are refused.
func RightInverse(l Layout) (r Layout, err error) {
	defer catch("right_inverse", &err)
	var c flatL
	coalesceFlat("right_inverse", &l, &c, false)
	var key [algMaxFlat]int64
	var idx [algMaxFlat]int
	var pre [algMaxFlat]int64 // exclusive prefix product of the shape
	p := int64(1)
	for i := 0; i < c.n; i++ {
		if c.basis(i) != nil {
			throw("right_inverse", ErrInvalid, "layout %v has scaled-basis strides", l)
		}
		key[i], idx[i], pre[i] = c.m[i].d, i, p
		p = mulI(p, c.m[i].s)
	}
	exchangeSortIdx(key[:c.n], idx[:c.n])
	var res flatL
	res.m[0] = fmode{s: 1, d: 0}
	res.n = 1
	curr := int64(1)
	for k := 0; k < c.n; k++ {
		m := c.m[idx[k]]
		if m.d == curr {
			res.m[res.n] = fmode{s: m.s, d: pre[idx[k]]}
			res.n++
			curr = mulI(m.s, m.d)
		}
	}
	bwCoalesceInPlace("right_inverse", &res, false)
	return res.toLayout(), nil
}

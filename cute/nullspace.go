package cute

// Nullspace is CuTe's nullspace(L): the flat modes of L with stride 0, with the strides
// they have in the column-major layout of L's flattened shape; 1:0 when there are none.
// Post: L(R(i)) = 0 for i < size(R).
func Nullspace(l Layout) (r Layout, err error) {
	defer catch("nullspace", &err)
	var f, o flatL
	f.flattenInto("nullspace", &l)
	cur := int64(1)
	for i := 0; i < f.n; i++ {
		m := f.m[i]
		d := cur
		if m.s == 1 {
			d = 0
		}
		cur = mulChecked(cur, m.s)
		if f.isZero(i) {
			o.m[o.n] = fmode{s: m.s, d: d}
			o.n++
		}
	}
	if o.n == 0 {
		return Layout{shape: Int(1), stride: Int(0)}, nil
	}
	return o.toLayout(), nil
}

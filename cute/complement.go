package cute

// Complement is CuTe's complement(L, cotarget): the ordered layout R, disjoint from L,
// that repeats L up to the cotarget: R(i) < R(i+1) and R(i) ∉ image(L) for i > 0 (when
// a stride of L is not a multiple of the extent below it, CuTe's truncating division
// leaves gaps, exactly as C++ does). A tuple cotarget is divided mode by mode
// (complement(3:1, (8,3)) = 9:3, complement(3:1, 24) = 8:3). Overlapping modes
// (non-injective L), negative and scaled-basis strides are refused.
func Complement(l Layout, cotarget IntTuple) (r Layout, err error) {
	defer catch("complement", &err)
	checkCotarget(cotarget)
	var f, o flatL
	filterFlat("complement", l, &f)
	complementFlat(&f, cotarget, nil, &o)
	return o.toLayout(), nil
}

// ComplementDefault is CuTe's complement(L) = complement(L, cosize(filter(L))).
func ComplementDefault(l Layout) (r Layout, err error) {
	defer catch("complement", &err)
	var f, o flatL
	filterFlat("complement", l, &f)
	c := int64(1)
	for i := 0; i < f.n; i++ {
		if f.m[i].b != nil {
			throw("complement", ErrInvalid, "layout %v has scaled-basis strides", l)
		}
		c = addChecked(c, mulI(f.m[i].s-1, f.m[i].d))
	}
	complementFlat(&f, Int(c), nil, &o)
	return o.toLayout(), nil
}

func checkCotarget(t IntTuple) {
	if t.elems == nil {
		if t.basis != nil || t.v < 1 {
			throw("complement", ErrInvalid, "cotarget %v is not a positive integer", t)
		}
		return
	}
	if len(t.elems) == 0 {
		throw("complement", ErrInvalid, "cotarget () is empty")
	}
	for _, e := range t.elems {
		checkCotarget(e)
	}
}

// cotargetCeilDivSize is size(ceil_div(cotarget, b)): a tuple is divided left to right,
// each element by what is left of b (ceil_div(b, element) after it). A cotarget given as
// a flat list of shapes (flat != nil) is used instead of t.
func cotargetCeilDivSize(t IntTuple, flat *flatL, b int64) int64 {
	if flat != nil {
		p := int64(1)
		for i := 0; i < flat.n; i++ {
			s := flat.m[i].s
			p = mulI(p, algCeilDiv(s, b))
			b = algCeilDiv(b, s)
		}
		return p
	}
	if t.elems == nil {
		return algCeilDiv(t.v, b)
	}
	p := int64(1)
	for _, e := range t.elems {
		p = mulI(p, cotargetCeilDivSize(e, nil, b))
		b = algCeilDiv(b, size(e))
	}
	return p
}

// cotargetSize is size(cotarget) for the same two forms.
func cotargetSize(t IntTuple, flat *flatL) int64 {
	if flat != nil {
		p := int64(1)
		for i := 0; i < flat.n; i++ {
			p = mulI(p, flat.m[i].s)
		}
		return p
	}
	return size(t)
}

// complementFlat is CuTe's detail::complement on a filtered layout f, written to out.
func complementFlat(f *flatL, cotarget IntTuple, flatCot *flatL, out *flatL) {
	if f.n == 1 && f.m[0].isZero() {
		// Irreducible stride-0 layout: make_layout(coalesce(cotarget)).
		n := cotargetSize(cotarget, flatCot)
		out.n = 1
		if n == 1 {
			out.m[0] = fmode{s: 1, d: 0}
		} else {
			out.m[0] = fmode{s: n, d: 1}
		}
		return
	}
	var key [algMaxFlat]int64
	var idx [algMaxFlat]int
	for i := 0; i < f.n; i++ {
		m := f.m[i]
		if m.b != nil {
			throw("complement", ErrInvalid, "stride %v is a scaled basis", m.strideTuple())
		}
		if m.d < 0 {
			throw("complement", ErrInvalid, "stride %d is negative", m.d)
		}
		key[i] = m.d
		idx[i] = i
	}
	// Modes by ascending stride, ties by first occurrence (CuTe's min + find + remove).
	n := f.n
	for i := 1; i < n; i++ {
		for j := i; j > 0 && key[j] < key[j-1]; j-- {
			key[j], key[j-1] = key[j-1], key[j]
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	// Built directly in out (f and out are distinct), then coalesced in place.
	res := out
	res.n = n + 1
	last := int64(1) // result_stride[i]
	for i := 0; i < n; i++ {
		m := f.m[idx[i]]
		c := m.d / last
		if c == 0 {
			throw("complement", ErrNotAdmissible, "non-injective layout: stride %d is below the extent %d of the modes before it", m.d, last)
		}
		res.m[i] = fmode{s: c, d: last}
		last = mulI(m.d, m.s)
	}
	rest := cotargetCeilDivSize(cotarget, flatCot, last)
	rd := last
	if rest == 1 {
		rd = 0
	}
	res.m[n] = fmode{s: rest, d: rd}
	bwCoalesceInPlace("complement", res, false)
}

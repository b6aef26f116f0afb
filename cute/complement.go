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
	var f flatL
	filterFlat("complement", &l, &f)
	complementFlat(&f, cotarget, nil)
	return f.toLayout(), nil
}

// ComplementDefault is CuTe's complement(L) = complement(L, cosize(filter(L))).
func ComplementDefault(l Layout) (r Layout, err error) {
	defer catch("complement", &err)
	var f flatL
	filterFlat("complement", &l, &f)
	c := int64(1)
	for i := 0; i < f.n; i++ {
		if f.basis(i) != nil {
			throw("complement", ErrInvalid, "layout %v has scaled-basis strides", l)
		}
		c = addChecked(c, mulI(f.m[i].s-1, f.m[i].d))
	}
	complementFlat(&f, Int(c), nil)
	return f.toLayout(), nil
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

// complementFlat is CuTe's detail::complement on a filtered layout, in place: f becomes
// the complement. CuTe folds over the modes by ascending stride (the first of equal
// strides first: its min, find and remove); each mode s:d adds the mode d/r:r to the
// result, where r is the extent of the modes before it (1, then the previous s·d), and a
// last mode takes the rest of the cotarget. The result is coalesced.
func complementFlat(f *flatL, cotarget IntTuple, flatCot *flatL) {
	if f.n == 1 && f.isZero(0) {
		// Irreducible stride-0 layout: make_layout(coalesce(cotarget)).
		n := cotargetSize(cotarget, flatCot)
		f.set(0, n, 1, nil)
		if n == 1 {
			f.m[0].d = 0
		}
		return
	}
	n := f.n
	for i := 0; i < n; i++ {
		if f.basis(i) != nil {
			throw("complement", ErrInvalid, "stride %v is a scaled basis", f.stride(i))
		}
		if f.m[i].d < 0 {
			throw("complement", ErrInvalid, "stride %d is negative", f.m[i].d)
		}
	}
	sortByStride(f.m[:n])
	r := int64(1) // the extent of the modes before mode i
	for i := 0; i < n; i++ {
		m := f.m[i]
		if m.d/r == 0 {
			throw("complement", ErrNotAdmissible, "non-injective layout: stride %d is below the extent %d of the modes before it", m.d, r)
		}
		f.m[i] = fmode{s: m.d / r, d: r}
		r = mulI(m.d, m.s)
	}
	rest := fmode{s: cotargetCeilDivSize(cotarget, flatCot, r), d: r}
	if rest.s == 1 {
		rest.d = 0
	}
	f.set(n, rest.s, rest.d, nil) // f.m has room for algMaxFlat+1 modes
	f.n = n + 1
	bwCoalesceInPlace("complement", f, false)
}

// sortByStride sorts ms by ascending integer stride, keeping the order of equal strides
// (an insertion sort: layouts have few modes).
func sortByStride(ms []fmode) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].d < ms[j-1].d; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

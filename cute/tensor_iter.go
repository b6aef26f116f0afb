package cute

// walker visits the positions offset + L(i) of a layout for i = 0, 1, 2, … (CuTe's 1-D
// coordinate order), in runs along the first leaf of the coalesced layout (coalesce keeps
// the function over the domain, so the order is L's own).
type walker struct {
	shape, stride, cnt []int64
	idx                int64
}

func newWalker(l Layout, offset int64) *walker {
	if l.shape.NumLeaves() == 0 { // the rank-0 layout ():() of a full slice: one element
		return &walker{shape: []int64{1}, stride: []int64{0}, cnt: []int64{0}, idx: offset}
	}
	c, err := Coalesce(l)
	if err != nil {
		throw("", ErrInternal, "coalesce of a checked layout failed: %v", err)
	}
	w := &walker{shape: c.shape.LeafValues(nil), stride: c.stride.LeafValues(nil), idx: offset}
	w.cnt = make([]int64, len(w.shape))
	return w
}

// run is the current position, the stride along the run and the elements left in it.
func (w *walker) run() (idx, d, n int64) { return w.idx, w.stride[0], w.shape[0] - w.cnt[0] }

// advance moves k ≤ n elements along the current run, carrying into the next leaves.
func (w *walker) advance(k int64) {
	w.cnt[0] += k
	w.idx += k * w.stride[0]
	if w.cnt[0] < w.shape[0] {
		return
	}
	w.idx -= w.shape[0] * w.stride[0]
	w.cnt[0] = 0
	for j := 1; j < len(w.shape); j++ {
		w.cnt[j]++
		w.idx += w.stride[j]
		if w.cnt[j] < w.shape[j] {
			return
		}
		w.idx -= w.shape[j] * w.stride[j]
		w.cnt[j] = 0
	}
}

// forRuns calls fn(i, d, n) for runs of positions i, i+d, …, i+(n-1)d covering the layout's
// domain in 1-D coordinate order.
func forRuns(l Layout, offset int64, fn func(i, d, n int64)) {
	w := newWalker(l, offset)
	for left := size(l.shape); left > 0; {
		i, d, n := w.run()
		fn(i, d, n)
		w.advance(n)
		left -= n
	}
}

// forRuns2 walks two layouts of the same size together by 1-D coordinate: fn(ia, da, ib,
// db, n) for runs where both advance by their own stride.
func forRuns2(a Layout, offA int64, b Layout, offB int64, fn func(ia, da, ib, db, n int64)) {
	wa, wb := newWalker(a, offA), newWalker(b, offB)
	for left := size(a.shape); left > 0; {
		ia, da, na := wa.run()
		ib, db, nb := wb.run()
		n := min(na, nb)
		fn(ia, da, ib, db, n)
		wa.advance(n)
		wb.advance(n)
		left -= n
	}
}

// offsets is the table of L(i) for every 1-D coordinate i of L (the paper's loop over a
// multi-mode with a 1-D coordinate, its index computed once).
func offsets(l Layout) []int64 {
	t := make([]int64, 0, size(l.shape))
	forRuns(l, 0, func(i, d, n int64) {
		for k := int64(0); k < n; k++ {
			t = append(t, i)
			i += d
		}
	})
	return t
}

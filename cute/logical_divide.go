package cute

import "sync"

// LogicalDivide is CuTe's logical_divide(A, tiler). For a layout tiler B it is
// A ∘ (B, complement(B, shape(coalesce(A)))): the rank-2 layout (A∘B, rest), the rest
// mode walking the repetitions of the tile over A. `_` keeps A; an integer N is the
// layout make_layout(N); a tuple tiler divides mode by mode ((T0,R0),(T1,R1),…) and keeps
// A's extra modes.
func LogicalDivide(a Layout, t Tiler) (r Layout, err error) {
	defer catch("logical_divide", &err)
	return logicalDivide(a, t), nil
}

func logicalDivide(a Layout, t Tiler) Layout { return logicalDivideP(a, &t) }

// logicalDivideP is logicalDivide with the tiler through a pointer (a Tiler is 18 words): the result of
// a tuple tiler is built in one allocation.
func logicalDivideP(a Layout, t *Tiler) Layout {
	switch t.kind {
	case tilerUnderscore:
		return a
	case tilerLayout:
		return logicalDivideLayout(a, algTilerLayout(*t))
	}
	if len(t.elems) > a.Rank() {
		throw("logical_divide", ErrInvalid, "too many modes in tiler %v for layout %v", *t, a)
	}
	n := a.Rank()
	back := make([]IntTuple, 2*n)
	for i := 0; i < n; i++ {
		m := a
		if a.shape.elems != nil {
			m = Layout{shape: a.shape.elems[i], stride: a.stride.elems[i]}
		}
		if i < len(t.elems) {
			m = logicalDivideP(m, &t.elems[i])
		}
		back[i], back[n+i] = m.shape, m.stride
	}
	if n == 0 {
		return Layout{shape: IntTuple{elems: emptyElems}, stride: IntTuple{elems: emptyElems}}
	}
	return Layout{shape: IntTuple{elems: back[:n:n]}, stride: IntTuple{elems: back[n:]}}
}

// divWork is logical_divide's scratch space, pooled so that it is not cleared per call.
type divWork struct{ ax, ca, fb flatL }

var divPool = sync.Pool{New: func() any { return new(divWork) }}

func logicalDivideLayout(a, b Layout) Layout {
	w := divPool.Get().(*divWork)
	defer divPool.Put(w)
	w.ax.n = 0
	w.ax.flattenInto("logical_divide", &a)
	w.ca.copyFrom(&w.ax)
	bwCoalesceInPlace("logical_divide", &w.ca, false)
	filterFlat("logical_divide", &b, &w.fb)
	complementFlat(&w.fb, IntTuple{}, &w.ca)
	return compositionParts(a, b, &w.fb, &w.ax, false)
}

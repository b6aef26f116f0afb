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

func logicalDivide(a Layout, t Tiler) Layout {
	switch t.kind {
	case tilerUnderscore:
		return a
	case tilerLayout:
		b := algTilerLayout(t)
		return logicalDivideLayout(a, b)
	}
	if len(t.elems) > a.Rank() {
		throw("logical_divide", ErrInvalid, "too many modes in tiler %v for layout %v", t, a)
	}
	var small [8]Layout
	ms := small[:0]
	if a.shape.elems == nil {
		ms = append(ms, a)
	} else {
		for i := range a.shape.elems {
			ms = append(ms, Layout{shape: a.shape.elems[i], stride: a.stride.elems[i]})
		}
	}
	for i, e := range t.elems {
		ms[i] = logicalDivide(ms[i], e)
	}
	return layoutOf(ms...)
}

// divWork is logical_divide's scratch space, pooled so that it is not cleared per call.
type divWork struct{ ca, fb, comp flatL }

var divPool = sync.Pool{New: func() any { return new(divWork) }}

func logicalDivideLayout(a, b Layout) Layout {
	w := divPool.Get().(*divWork)
	defer divPool.Put(w)
	coalesceFlat("logical_divide", a, &w.ca, false)
	filterFlat("logical_divide", b, &w.fb)
	complementFlat(&w.fb, IntTuple{}, &w.ca, &w.comp)
	return compositionParts(a, b, &w.comp)
}

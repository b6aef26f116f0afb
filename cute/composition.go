package cute

import "fmt"

// Composition is CuTe's composition(A, B) = A∘B: the layout R with R(c) = A(B(c)) for
// every c < size(B), its shape B's shape with each leaf refined (compatible with B).
// A is evaluated beyond its size through its last mode, as CuTe does. Inputs that C++
// CuTe rejects (stride or shape divisibility) are ErrNotAdmissible. Where CuTe's walk
// can go wrong (a stride of B that does not divide a mode of A it runs past, modes of B
// overlapping within a mode of A, strides of B of both signs: CUTLASS #3177, #2955,
// #2113) the result is checked against the definition by brute force and refused with
// ErrNotAdmissible when it is not A∘B (C++ CuTe returns it anyway).
func Composition(a, b Layout) (r Layout, err error) {
	defer catch("composition", &err)
	return composition(a, b), nil
}

func composition(a, b Layout) Layout { return compositionParts(a, b, nil, nil, false) }

// compositionCpp is C++ CuTe's composition(A, B) as its walk computes it, unchecked: where
// the walk can go wrong (CUTLASS #3177, #2955) the result may not be A∘B. Only for
// intermediate results C++ uses as they come and whose use is checked by brute force
// (ComposedSliceAndOffset's decay).
func compositionCpp(a, b Layout) (r Layout, err error) {
	defer catch("composition", &err)
	return compositionParts(a, b, nil, nil, true), nil
}

// compLeaf is the definition of composition for one leaf s:d of B, CuTe's
// composition_impl for an integral rhs: the stride d is divided out of A's modes in turn
// (the "stride walk"), then the shape s is divided into what is left, and each mode of A
// that s reaches contributes min(its remaining shape, s) elements:
//
//	for each mode a_i:e_i of A but the last, with rest shape rs and stride rd:
//	    ns = ceil(a_i / |rd|), nd = sign(rd)·ceil(|rd| / a_i)   (|rd| divides a_i or is less)
//	    if ns > 1 and rs > 1: emit min(ns, rs) : rd·e_i, and rs /= min(ns, rs)
//	    rd = nd
//	emit rs : rd·e_last when nothing was emitted or rs > 1 (the last mode of A takes
//	the rest, beyond size(A) too)
//
// The divisibility conditions C++ checks with static_asserts are ErrNotAdmissible here.
// The flat, coalesced (coalesce_x) A is g.a; the emitted modes are appended to out and
// their number returned.
func compLeaf(g *compGroup, s, d int64, out *compOut) int {
	start := out.n
	if d == 0 {
		out.push(s, 0, nil)
		return 1
	}
	A := &g.a
	n := A.n
	if n == 1 {
		out.push(s, mulI(d, A.m[0].d), A.basis(0))
		return 1
	}
	rs, rd := s, d
	for i := 0; i < n-1; i++ {
		a := A.m[i].s
		ard := absI(rd)
		if ard%a != 0 && ard >= a {
			throw("composition", ErrNotAdmissible,
				"stride divisibility condition: stride %d (of %d:%d) neither divides nor is less than shape %d of the lhs",
				ard, s, d, a)
		}
		ns := algCeilDiv(a, ard)
		nd := signI(rd) * algCeilDiv(ard, a)
		if ns == 1 || rs == 1 {
			rd = nd
			continue
		}
		m := minI(ns, rs)
		if rs%m != 0 {
			throw("composition", ErrNotAdmissible,
				"shape divisibility condition: shape %d (of %d:%d) is not divisible by %d (lhs shape %d at stride %d)",
				rs, s, d, m, a, ard)
		}
		if m < rs && a%ard != 0 && g.suspect == "" {
			g.suspect = fmt.Sprintf("%d:%d runs past lhs mode %d with a stride %d that does not divide it (CUTLASS #3177)", s, d, a, ard)
		}
		out.push(m, mulI(rd, A.m[i].d), A.basis(i))
		g.use[i] += (m - 1) * ard // < a, no overflow
		rs /= m
		rd = nd
	}
	if out.n == start || rs != 1 {
		out.push(rs, mulI(rd, A.m[n-1].d), A.basis(n-1))
	}
	return out.n - start
}

// CompositionTiler is CuTe's composition(A, tiler): a layout tiler is Composition; `_`
// keeps A; an integer N composes with N:1; a tuple tiler applies by mode, and the modes of
// A beyond the tiler's rank are dropped. The result of a tuple tiler is a tuple layout.
func CompositionTiler(a Layout, t Tiler) (r Layout, err error) {
	defer catch("composition", &err)
	checkLayoutArg("composition", a)
	return compositionTiler(a, t), nil
}

func compositionTiler(a Layout, t Tiler) Layout { return compositionTilerP(a, &t) }

// compositionTilerP is compositionTiler with the tiler through a pointer (a Tiler is 18 words): the
// result of a tuple tiler is built in one allocation.
func compositionTilerP(a Layout, t *Tiler) Layout {
	switch t.kind {
	case tilerUnderscore:
		return a
	case tilerLayout:
		return composition(a, t.layout)
	}
	if len(t.elems) > a.Rank() {
		throw("composition", ErrInvalid, "tiler %v has a larger rank than layout %v", *t, a)
	}
	n := len(t.elems)
	if n == 0 {
		return Layout{shape: IntTuple{elems: emptyElems}, stride: IntTuple{elems: emptyElems}}
	}
	back := make([]IntTuple, 2*n)
	for i := range t.elems {
		m := a
		if a.shape.elems != nil {
			m = Layout{shape: a.shape.elems[i], stride: a.stride.elems[i]}
		}
		m = compositionTilerP(m, &t.elems[i])
		back[i], back[n+i] = m.shape, m.stride
	}
	return Layout{shape: IntTuple{elems: back[:n:n]}, stride: IntTuple{elems: back[n:]}}
}

// compositionParts is composition(a, b), or composition(a, (b, c)) for a flat layout c
// given as modes (logical_divide's rhs), without building the pair. ax, when not nil, is
// the flattened a (it is coalesced here). unchecked returns C++ CuTe's result where its walk
// may go wrong instead of checking it (compositionCpp).
//
// The steps: gather B's leaves (and c's modes) into one flat rhs; compose A with each leaf
// (compLeaf), over A itself for integer strides (composeIntegral) or over the sub-layout of
// A each scaled basis names (composeScaledBasis); then build the result with B's shape.
func compositionParts(a, b Layout, c *flatL, ax *flatL, unchecked bool) Layout {
	w := compPool.Get().(*compWork)
	defer compPool.Put(w)
	w.bl.n, w.out.n = 0, 0
	if w.gatherRHS(&b, c) {
		if c != nil {
			return composition(a, layoutPair(b, c.toLayout()))
		}
		w.composeScaledBasis(a, b)
		return w.build(&b, nil)
	}
	if why := w.composeIntegral(&a, &b, c, ax); why != "" {
		return w.replayChecked(a, b, c, why, unchecked)
	}
	return w.build(&b, c)
}

// gatherRHS flattens B into w.bl and appends the modes of c (logical_divide's rhs, fused
// into the composition instead of built as the pair (B, c)). It reports whether B has
// scaled-basis strides; then c's modes are not appended.
func (w *compWork) gatherRHS(b *Layout, c *flatL) (bBasis bool) {
	bl := &w.bl
	bl.flattenInto("composition", b)
	if bl.hasBasis() {
		return true
	}
	if c != nil {
		for i := 0; i < c.n; i++ {
			bl.push("composition", c.m[i].s, c.m[i].d, c.basis(i))
		}
	}
	return false
}

// composeIntegral composes the coalesced A with every leaf of the integer-strided rhs in
// w.bl, as C++ CuTe's walk distributes A over B. It returns why that walk may not give A∘B
// here ("" when it gives A∘B): a stride running past a mode it does not divide, modes of B
// overlapping within a mode of A, or strides of both signs.
func (w *compWork) composeIntegral(a, b *Layout, c, ax *flatL) string {
	g, bl := &w.g, &w.bl
	g.use = [algMaxFlat]int64{}
	g.suspect = ""
	if ax != nil {
		g.a.copyFrom(ax)
		bwCoalesceInPlace("composition", &g.a, true)
	} else {
		coalesceFlat("composition", a, &g.a, true)
	}
	for j := 0; j < bl.n; j++ {
		w.cnt[j] = compLeaf(g, bl.m[j].s, bl.m[j].d, &w.out)
	}
	if c != nil {
		g.checkOverlapPair(*a, *b, c)
	} else {
		g.checkOverlap(*a, *b)
	}
	if g.suspect == "" && g.a.n > 1 && mixedSigns(bl) {
		g.suspect = "B has strides of both signs, whose sums can borrow across the modes of A"
	}
	return g.suspect
}

// replayChecked builds the result C++ CuTe's walk gives where why says it may not be A∘B,
// and keeps it only if it is A∘B by brute force (verifyComposition), unless unchecked.
func (w *compWork) replayChecked(a, b Layout, c *flatL, why string, unchecked bool) Layout {
	rhs := b
	if c != nil {
		rhs = layoutPair(b, c.toLayout())
	}
	r := buildLike(rhs.shape, &w.out, &w.cnt)
	if !unchecked {
		verifyComposition(a, rhs, r, why)
	}
	return r
}

// composeScaledBasis composes A with a rhs whose strides are scaled bases d·E<path>: each
// leaf composes with the sub-layout of A at its path (basis_get), the leaves of one path
// sharing one walk; a leaf of stride 0 stays 0. Integer strides besides bases, bases on
// nested paths, and walks that may not give A∘B are errors (C++ CuTe has no check to
// replay here).
func (w *compWork) composeScaledBasis(a, b Layout) {
	bl, out := &w.bl, &w.out
	var groups []*compGroup
	for j := 0; j < bl.n; j++ {
		m, mb := bl.m[j], bl.basis(j)
		if mb == nil {
			if m.d != 0 {
				throw("composition", ErrInvalid, "B %v mixes integer and scaled-basis strides", b.String())
			}
			out.push(m.s, 0, nil)
			w.cnt[j] = 1
			continue
		}
		var g *compGroup
		for _, h := range groups {
			if pathEqual(h.path, mb) {
				g = h
				break
			}
			if pathPrefix(h.path, mb) || pathPrefix(mb, h.path) {
				throw("composition", ErrInvalid, "B %v has scaled-basis strides on nested paths", b.String())
			}
		}
		if g == nil {
			g = &compGroup{path: mb}
			ab := basisGetLayout(a, mb)
			coalesceFlat("composition", &ab, &g.a, true)
			groups = append(groups, g)
		}
		w.cnt[j] = compLeaf(g, m.s, m.d, out)
	}
	for _, g := range groups {
		g.checkOverlap(a, b)
		if g.suspect != "" {
			throw("composition", ErrNotAdmissible, "%s: A∘B is not a layout (C++ CuTe returns a wrong one)", g.suspect)
		}
	}
}

// build makes the result from the emitted modes: B's shape with each leaf refined, and
// when c is not nil the pair (B's shape, c's modes), c as a leaf or a flat tuple.
func (w *compWork) build(b *Layout, c *flatL) Layout {
	if c == nil {
		return buildLike(b.shape, &w.out, &w.cnt)
	}
	var pe [2]IntTuple
	pe[0] = b.shape
	if c.n == 1 {
		pe[1] = IntTuple{}
	} else {
		pe[1] = IntTuple{elems: flatProto[:c.n:c.n]}
	}
	return buildLike(IntTuple{elems: pe[:]}, &w.out, &w.cnt)
}

func pathPrefix(p, q []int) bool { return len(p) < len(q) && pathEqual(p, q[:len(p)]) }

// basisGetLayout is CuTe's basis_get(E<path...>, A): the sub-layout of A at the path
// (get<0> of an integer-shaped layout is the layout itself).
func basisGetLayout(a Layout, path []int) Layout {
	for _, p := range path {
		if a.shape.elems == nil {
			if p != 0 {
				throw("composition", ErrInvalid, "scaled basis E<%v> does not address a mode of %v", path, a)
			}
			continue
		}
		if p < 0 || p >= len(a.shape.elems) {
			throw("composition", ErrInvalid, "scaled basis E<%v> does not address a mode of %v", path, a)
		}
		a = Layout{shape: a.shape.elems[p], stride: a.stride.elems[p]}
	}
	return a
}

// compGroup is a flattened (coalesce_x) lhs with, per mode but the last, the sum over
// the leaves of B composed with it of the largest digit their images use in that mode.
type compGroup struct {
	a    flatL
	use  [algMaxFlat]int64
	path []int
	// suspect, when set, says why C++ CuTe's distributed walk may not give A∘B here
	// (CUTLASS #3177, #2955): the result is then kept only if it checks out by brute force.
	suspect string
}

// checkOverlap marks as suspect a composition whose rhs modes (composed one by one, as
// CuTe distributes them) use digits of an lhs mode that add up past its shape: A is then
// not additive over them and the distributed result may not be A∘B (CUTLASS #2955).
func (g *compGroup) checkOverlap(a, b Layout) {
	for i := 0; i < g.a.n-1; i++ {
		if g.use[i] > g.a.m[i].s-1 && g.suspect == "" {
			g.suspect = fmt.Sprintf("the modes of %v overlap within mode %d:%v of the lhs %v (CUTLASS #2955)",
				b.String(), g.a.m[i].s, g.a.stride(i).String(), a.String())
		}
	}
}

func (g *compGroup) checkOverlapPair(a, b Layout, c *flatL) {
	for i := 0; i < g.a.n-1; i++ {
		if g.use[i] > g.a.m[i].s-1 {
			g.checkOverlap(a, layoutPair(b, c.toLayout()))
		}
	}
}

// mixedSigns reports whether B has non-trivial modes with strides of both signs.
func mixedSigns(bl *flatL) bool {
	pos, neg := false, false
	for j := 0; j < bl.n; j++ {
		if bl.m[j].s > 1 {
			pos = pos || bl.m[j].d > 0
			neg = neg || bl.m[j].d < 0
		}
	}
	return pos && neg
}

// compVerifyLimit bounds the brute-force check of verifyComposition.
const compVerifyLimit = 1 << 16

// verifyComposition checks R(c) = A(B(c)) for every c < size(B). CuTe distributes A over
// the modes of B and walks B's strides through A's modes; where why says that walk may
// go wrong (a stride that does not divide a mode it runs past, modes of B overlapping
// within a mode of A, strides of both signs borrowing across modes), C++ CuTe returns
// its result anyway. We keep it only if it is A∘B, and otherwise refuse.
func verifyComposition(a, b, r Layout, why string) {
	n := size(b.shape)
	if n > compVerifyLimit {
		throw("composition", ErrNotAdmissible,
			"%s, and B %v has more than %d elements: A∘B cannot be shown to be a layout", why, b, compVerifyLimit)
	}
	for c := int64(0); c < n; c++ {
		if want, got := evalIdx(a, evalIdx(b, c)), evalIdx(r, c); want != got {
			throw("composition", ErrNotAdmissible,
				"%s: A∘B is not a layout (A(B(%d)) = %d, the distributed result gives %d; C++ CuTe returns it anyway)",
				why, c, want, got)
		}
	}
}

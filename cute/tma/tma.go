// Package tma derives the parameters of a Hopper tensor map (cuTensorMapEncodeTiled) from
// CuTe layouts, the way CuTe's make_tma_copy does: the right inverse of the shared-memory
// tile layout, composed with the global layout restricted to the tile, gives — in the order
// the tile is laid out in shared memory — the global modes the copy engine walks; those
// become the tensor map's dimensions (extent, byte stride) and box. Global modes the tile
// does not cover follow with a box of 1, so the map addresses the whole tensor.
//
// The result is checked against what the hardware can do — rank ≤ 5, a contiguous first
// dimension, byte strides that are multiples of 16 below 2^40, boxes ≤ 256 (a larger mode is
// split into two dimensions when it divides), extents below 2^31, swizzles of 32/64/128 bytes —
// and every refusal is an *Error with a Kind.
package tma

import (
	"errors"
	"fmt"

	"github.com/cutego/cutego/cute"
)

// The limits of a tiled tensor map, one set for the project: include/cutego_tma.h's
// CUTEGO_TMA_* constants are these (libcutego checks it at compile time, capi/tma.go), and
// Desc.Check and the C planner's cutego_tma_desc_check apply the same rules
// (csrc/abi/tma_check_test.c compares them).
const (
	MaxRank       = 5              // dimensions of a map
	MaxBox        = 256            // elements of a box per dimension
	MaxElemStride = 8              // traversal stride per dimension
	StrideAlign   = 16             // global byte strides (but the first) are multiples of 16
	MaxStride     = int64(1) << 40 // global byte strides are below 2^40
	// MaxDim: extents are below 2^31. The hardware takes extents up to 2^32, but the
	// coordinates of cp.async.bulk.tensor are signed 32-bit: below 2^31 every element of
	// the tensor, and one past its end, has a coordinate.
	MaxDim = int64(1) << 31
)

// Kind classifies an Error.
type Kind int

const (
	// ErrLayout: the layouts are malformed for a TMA copy (tile does not fit the tensor,
	// shared-memory layout not compact, sizes disagree, bad element size).
	ErrLayout Kind = iota + 1
	// ErrNotContiguous: the tile's fastest shared-memory direction is not contiguous in
	// global memory (the first tensor-map dimension must have stride 1).
	ErrNotContiguous
	// ErrAlignment: a global byte stride is not a multiple of 16 or not below 2^40.
	ErrAlignment
	// ErrBox: a box extent exceeds 256 and cannot be split, or the inner box is not a
	// multiple of 16 bytes, or wider than the swizzle.
	ErrBox
	// ErrRank: more than 5 dimensions are needed.
	ErrRank
	// ErrSwizzle: the shared-memory swizzle is not one the hardware applies.
	ErrSwizzle
	// ErrExtent: a global extent is not below MaxDim (2^31).
	ErrExtent
)

func (k Kind) String() string {
	switch k {
	case ErrLayout:
		return "layout"
	case ErrNotContiguous:
		return "not contiguous"
	case ErrAlignment:
		return "alignment"
	case ErrBox:
		return "box"
	case ErrRank:
		return "rank"
	case ErrSwizzle:
		return "swizzle"
	case ErrExtent:
		return "extent"
	}
	return "error"
}

// Error is every error this package returns.
type Error struct {
	Kind   Kind
	Reason string
}

func (e *Error) Error() string { return "tma: " + e.Kind.String() + ": " + e.Reason }

// Is matches on Kind: errors.Is(err, &tma.Error{Kind: tma.ErrAlignment}).
func (e *Error) Is(target error) bool {
	var t *Error
	if !errors.As(target, &t) {
		return false
	}
	return t.Kind == 0 || t.Kind == e.Kind
}

func fail(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Reason: fmt.Sprintf(format, args...)}
}

// Desc holds the arguments of one cuTensorMapEncodeTiled call (C: cutego_tma_desc_t).
type Desc struct {
	Rank         int
	ElemBytes    int      // bytes of the map's data type: 1, 2, 4 or 8 (16-byte elements are pairs of 8)
	Dims         [5]int64 // global extent per dimension, elements of the map type
	Strides      [5]int64 // byte stride per dimension; Strides[0] == ElemBytes
	Box          [5]int32 // box extent per dimension
	ElemStrides  [5]int32 // traversal strides (all 1 here)
	SwizzleBytes int      // 0, 32, 64 or 128
}

// String prints the descriptor compactly, e.g. "rank 2 u16 dims (64,128) strides (2,128) box (64,32) swizzle 128B".
func (d Desc) String() string {
	s := fmt.Sprintf("rank %d u%d dims (", d.Rank, 8*d.ElemBytes)
	for i := 0; i < d.Rank; i++ {
		s += sep(i) + fmt.Sprint(d.Dims[i])
	}
	s += ") strides ("
	for i := 0; i < d.Rank; i++ {
		s += sep(i) + fmt.Sprint(d.Strides[i])
	}
	s += ") box ("
	for i := 0; i < d.Rank; i++ {
		s += sep(i) + fmt.Sprint(d.Box[i])
	}
	s += ")"
	if d.SwizzleBytes != 0 {
		s += fmt.Sprintf(" swizzle %dB", d.SwizzleBytes)
	}
	return s
}

func sep(i int) string {
	if i == 0 {
		return ""
	}
	return ","
}

// mode is a flat mode: extent and stride.
type mode struct{ n, d int64 }

func leaves(l cute.Layout) []mode {
	sh := l.Shape().LeafValues(nil)
	st := l.Stride().LeafValues(nil)
	m := make([]mode, len(sh))
	for i := range sh {
		m[i] = mode{sh[i], st[i]}
	}
	return m
}

// topModes returns the flat leaves of each top-level mode of l.
func topModes(l cute.Layout) ([][]mode, error) {
	r := l.Rank()
	if !l.Shape().IsTuple() {
		return [][]mode{leaves(l)}, nil
	}
	out := make([][]mode, r)
	for i := 0; i < r; i++ {
		mi, err := l.Mode(i)
		if err != nil {
			return nil, fail(ErrLayout, "mode %d of %v: %v", i, l, err)
		}
		out[i] = leaves(mi)
	}
	return out, nil
}

// tileLeaf is one flat leaf of the global layout with the part of it the tile covers.
type tileLeaf struct {
	ext, gstride int64 // global extent and element stride of the leaf
	box          int64 // extent covered by the tile (1 if none)
	top          int   // the top-level global mode it belongs to
}

// piece is one mode of (global restricted to the tile) ∘ (right inverse of smem): extent m,
// taken from leaf `leaf` at element step `step` within it.
type piece struct {
	m, step int64
	leaf    int
}

// compose1 composes the tile leaves (as a layout over the tile's colexicographic index, the
// last leaf taking the rest) with one mode s:d, tracking the leaf each result mode comes from.
func compose1(tl []tileLeaf, in []int, s, d int64, out []piece) ([]piece, error) {
	rs, rd := s, d
	for k, li := range in {
		a := tl[li].box
		if k == len(in)-1 {
			if rs > 1 {
				if rd*rs > a {
					return nil, fail(ErrLayout, "shared-memory layout reaches past the tile")
				}
				out = append(out, piece{rs, rd, li})
			}
			return out, nil
		}
		if rd%a != 0 && a%rd != 0 {
			return nil, fail(ErrLayout, "stride %d and tile extent %d do not divide each other", rd, a)
		}
		ns := (a + rd - 1) / rd
		nrd := (rd + a - 1) / a
		if ns > 1 && rs > 1 {
			m := min(ns, rs)
			if rs%m != 0 {
				return nil, fail(ErrLayout, "shape %d not divisible by %d in the composition", rs, m)
			}
			out = append(out, piece{m, rd, li})
			rs /= m
		}
		rd = nrd
	}
	if rs > 1 {
		return nil, fail(ErrLayout, "shared-memory layout larger than the tile")
	}
	return out, nil
}

// Swizzle converts a swizzle on element offsets of elemBytes-byte elements to the hardware
// mode: Sw<1|2|3,4,3> on byte offsets is 32/64/128 B. The identity is 0.
func SwizzleBytes(sw cute.Swizzle, elemBytes int) (int, error) {
	if sw.B == 0 {
		return 0, nil
	}
	lg := 0
	for (1 << lg) < elemBytes {
		lg++
	}
	if 1<<lg != elemBytes {
		return 0, fail(ErrLayout, "element size %d is not a power of two", elemBytes)
	}
	m := sw.M + lg
	if m != 4 || sw.S != 3 || sw.B < 1 || sw.B > 3 {
		return 0, fail(ErrSwizzle, "%v on %d-byte elements is Sw<%d,%d,%d> on bytes; the hardware swizzles are Sw<1|2|3,4,3>",
			sw, elemBytes, sw.B, m, sw.S)
	}
	return 16 << sw.B, nil
}

// Derive computes the tensor map for copying tiles of the global layout gmem (element
// offsets) to or from shared memory laid out as smem (a cute.Layout or cute.ComposedLayout
// with a swizzle and zero offset; shape = the tile: one top-level mode per mode of gmem,
// each of a size that divides it), for elements of elemBytes = 1, 2, 4, 8 or 16 bytes.
// The tile at the origin is what one copy moves; other tiles are the same box at other
// coordinates.
func Derive(gmem cute.Layout, smem any, elemBytes int) (Desc, error) {
	var d Desc
	var sl cute.Layout
	var sw cute.Swizzle
	switch s := smem.(type) {
	case cute.Layout:
		sl = s
	case cute.ComposedLayout:
		if s.Offset != 0 {
			return d, fail(ErrLayout, "shared-memory layout has offset %d", s.Offset)
		}
		sl, sw = s.Inner, s.Outer
	default:
		return d, fail(ErrLayout, "shared-memory layout of type %T", smem)
	}
	switch elemBytes {
	case 1, 2, 4, 8, 16:
	default:
		return d, fail(ErrLayout, "element size %d not 1, 2, 4, 8 or 16 bytes", elemBytes)
	}
	gm, err := topModes(gmem)
	if err != nil {
		return d, err
	}
	sm, err := topModes(sl)
	if err != nil {
		return d, err
	}
	if len(gm) != len(sm) {
		return d, fail(ErrLayout, "global layout %v has rank %d, shared-memory tile %v rank %d", gmem, len(gm), sl, len(sm))
	}
	// Tile leaves: per global mode, the leaves the tile covers (from the front) and the rest.
	var tl []tileLeaf
	var in []int // indices of tl in colexicographic tile order (covered leaves only)
	for i := range gm {
		t := int64(1)
		for _, x := range sm[i] {
			t *= x.n
		}
		rem := t
		for _, g := range gm[i] {
			if g.n < 1 {
				return d, fail(ErrLayout, "global extent %d", g.n)
			}
			leaf := tileLeaf{ext: g.n, gstride: g.d, box: 1, top: i}
			switch {
			case rem == 1:
			case rem%g.n == 0:
				leaf.box = g.n
				rem /= g.n
			case g.n%rem == 0:
				leaf.box = rem
				rem = 1
			default:
				return d, fail(ErrLayout, "tile extent %d of mode %d does not divide the global mode %v", t, i, gm[i])
			}
			if leaf.box > 1 || g.n > 1 {
				if leaf.box > 1 {
					in = append(in, len(tl))
				}
				tl = append(tl, leaf)
			}
		}
		if rem != 1 {
			return d, fail(ErrLayout, "tile extent %d of mode %d exceeds the global mode %v", t, i, gm[i])
		}
	}
	size := sl.Size()
	ri, err := cute.RightInverse(sl)
	if err != nil {
		return d, fail(ErrLayout, "right inverse of %v: %v", sl, err)
	}
	var rinv []mode
	for _, x := range leaves(ri) {
		if x.n > 1 {
			rinv = append(rinv, x)
		}
	}
	rsize := int64(1)
	for _, x := range rinv {
		rsize *= x.n
	}
	if rsize != size {
		return d, fail(ErrLayout, "shared-memory layout %v is not compact (its right inverse covers %d of %d)", sl, rsize, size)
	}
	var pcs []piece
	if len(in) > 0 {
		for _, r := range rinv {
			if pcs, err = compose1(tl, in, r.n, r.d, pcs); err != nil {
				return d, err
			}
		}
	}
	// Merge consecutive pieces of one leaf that continue each other.
	var mp []piece
	for _, p := range pcs {
		if k := len(mp) - 1; k >= 0 && mp[k].leaf == p.leaf && mp[k].m*mp[k].step == p.step {
			mp[k].m *= p.m
			continue
		}
		mp = append(mp, p)
	}
	// Each piece becomes a dimension; a leaf split into several pieces becomes several
	// dimensions whose extents multiply to the leaf's; its last piece takes the global rest.
	type dim struct {
		ext, stride, box int64
		top              int
	}
	var dims []dim
	// The piece with the largest step in a leaf takes the rest of the global extent.
	lastPiece := map[int]int{}
	for k, p := range mp {
		if j, ok := lastPiece[p.leaf]; !ok || mp[j].step < p.step {
			lastPiece[p.leaf] = k
		}
	}
	used := map[int]bool{}
	for k, p := range mp {
		l := tl[p.leaf]
		ext := p.m
		if lastPiece[p.leaf] == k {
			if l.ext%p.step != 0 {
				return d, fail(ErrLayout, "global extent %d is not a multiple of the step %d the tile takes in it", l.ext, p.step)
			}
			ext = l.ext / p.step
		}
		used[p.leaf] = true
		dims = append(dims, dim{ext, p.step * l.gstride, p.m, l.top})
	}
	for i, l := range tl {
		if !used[i] && l.ext > 1 {
			dims = append(dims, dim{l.ext, l.gstride, 1, l.top})
		}
	}
	if len(dims) == 0 {
		dims = []dim{{1, 1, 1, 0}}
	}
	// Coalesce within a global mode: a dimension the box covers whole continues into the
	// next one of the same top-level mode when the next's stride is its extent times its
	// stride (fewer dimensions, same addresses). Different modes stay apart, as CuTe's
	// basis-strided composition keeps them.
	for k := 0; k+1 < len(dims); {
		a, b := dims[k], dims[k+1]
		if a.top == b.top && a.box == a.ext && b.stride == a.ext*a.stride {
			dims[k] = dim{a.ext * b.ext, a.stride, a.box * b.box, a.top}
			dims = append(dims[:k+1], dims[k+2:]...)
			continue
		}
		k++
	}
	if dims[0].stride != 1 {
		return d, fail(ErrNotContiguous, "the tile's fastest shared-memory direction has global stride %d, not 1", dims[0].stride)
	}
	// Split boxes above 256 into two dimensions when they divide.
	for k := 0; k < len(dims); k++ {
		x := dims[k]
		if x.box <= MaxBox {
			continue
		}
		if x.box%MaxBox != 0 || x.ext%MaxBox != 0 {
			return d, fail(ErrBox, "box %d of dimension %d exceeds 256 and does not split into 256-element boxes", x.box, k)
		}
		lo := dim{MaxBox, x.stride, MaxBox, x.top}
		hi := dim{x.ext / MaxBox, x.stride * MaxBox, x.box / MaxBox, x.top}
		dims = append(dims[:k], append([]dim{lo, hi}, dims[k+1:]...)...)
	}
	if len(dims) > MaxRank {
		return d, fail(ErrRank, "%d dimensions needed, the hardware has %d", len(dims), MaxRank)
	}
	es, cm := elemBytes, int64(1)
	if es == 16 {
		es, cm = 8, 2
	}
	d.Rank = len(dims)
	d.ElemBytes = es
	for k, x := range dims {
		d.Dims[k] = x.ext
		d.Box[k] = int32(x.box)
		d.ElemStrides[k] = 1
		d.Strides[k] = x.stride * int64(elemBytes)
		if k == 0 {
			d.Dims[k] *= cm
			d.Box[k] *= int32(cm)
			d.Strides[k] = int64(es)
		}
	}
	if d.SwizzleBytes, err = SwizzleBytes(sw, elemBytes); err != nil {
		return Desc{}, err
	}
	return d, d.Check()
}

// Check validates a descriptor against the hardware rules: the rules of the C planner's
// cutego_tma_desc_check (csrc/tma/plan.c) but the global address's alignment, which a
// Desc does not hold.
func (d Desc) Check() error {
	if d.Rank < 1 || d.Rank > MaxRank {
		return fail(ErrRank, "rank %d not in 1..%d", d.Rank, MaxRank)
	}
	if d.ElemBytes != 1 && d.ElemBytes != 2 && d.ElemBytes != 4 && d.ElemBytes != 8 {
		return fail(ErrLayout, "element size %d not 1, 2, 4 or 8 bytes", d.ElemBytes)
	}
	if d.Strides[0] != int64(d.ElemBytes) {
		return fail(ErrNotContiguous, "dimension 0 is not contiguous (byte stride %d, element %d bytes)", d.Strides[0], d.ElemBytes)
	}
	for k := 0; k < d.Rank; k++ {
		if d.Dims[k] < 1 || d.Dims[k] >= MaxDim {
			return fail(ErrExtent, "extent %d of dimension %d not in 1..2^31-1", d.Dims[k], k)
		}
		if d.Box[k] < 1 || d.Box[k] > MaxBox {
			return fail(ErrBox, "box %d of dimension %d not in 1..%d", d.Box[k], k, MaxBox)
		}
		if d.ElemStrides[k] < 1 || d.ElemStrides[k] > MaxElemStride {
			return fail(ErrBox, "element stride %d of dimension %d not in 1..%d", d.ElemStrides[k], k, MaxElemStride)
		}
		if k > 0 && (d.Strides[k] <= 0 || d.Strides[k]%StrideAlign != 0 || d.Strides[k] >= MaxStride) {
			return fail(ErrAlignment, "byte stride %d of dimension %d is not a positive multiple of 16 below 2^40", d.Strides[k], k)
		}
	}
	if d.SwizzleBytes != 0 && d.SwizzleBytes != 32 && d.SwizzleBytes != 64 && d.SwizzleBytes != 128 {
		return fail(ErrSwizzle, "swizzle of %d bytes not 0, 32, 64 or 128", d.SwizzleBytes)
	}
	if ib := int(d.Box[0]) * d.ElemBytes; ib%16 != 0 {
		return fail(ErrBox, "inner box of %d bytes is not a multiple of 16", ib)
	} else if d.SwizzleBytes != 0 && ib > d.SwizzleBytes {
		return fail(ErrBox, "inner box of %d bytes is wider than the %d-byte swizzle", ib, d.SwizzleBytes)
	}
	return nil
}

// Package render draws CuTe layouts: the terminal table of CuTe's print_layout, the
// LaTeX/TikZ picture of print_latex / print_latex_tv, SVG in the style of CuTe's
// print_svg, and PNG. A plain layout (rank 1 or 2, or a swizzle composed layout) is drawn
// as the M×N table of its indices; a thread-value layout (t,v) → position in an M×N tile
// is drawn as the tile, each cell labeled with the thread and value that own it.
package render

import (
	"context"
	"fmt"

	"github.com/cutego/cutego/cute"
)

// MaxCells bounds the number of cells a picture may have (a guard against drawing a
// layout of size 2^40 by accident).
const MaxCells = 1 << 20

// Grid is a layout seen as an M×N table of indices (CuTe's (m,n) -> idx).
type Grid struct {
	Header string // what CuTe prints for the layout (minus `_`)
	M, N   int64
	Cosize int64
	idx    []int64 // row-major M×N
	// rows and cols are the shapes of the layout's two modes (a row m is the coordinate
	// idx2crd(m, rows) in the first mode).
	rows, cols cute.IntTuple
}

// Coord returns the natural (hierarchical) coordinate of cell (m, n) in the layout's
// shape: (idx2crd(m, shape<0>), idx2crd(n, shape<1>)).
func (g *Grid) Coord(m, n int64) (cute.IntTuple, error) {
	a, err := cute.Idx2Crd(m, g.rows)
	if err != nil {
		return cute.IntTuple{}, err
	}
	b, err := cute.Idx2Crd(n, g.cols)
	if err != nil {
		return cute.IntTuple{}, err
	}
	return cute.Tuple(a, b), nil
}

// At returns the index in cell (m, n).
func (g *Grid) At(m, n int64) int64 { return g.idx[m*g.N+n] }

// NewGrid evaluates a layout or swizzle composed layout of rank 1 or 2 on every cell. A
// rank-1 layout L is drawn as the rank-2 layout (L, 1:0), as CuTe's print_latex does
// (append<2>(L, Layout<_1,_0>{})). Scaled-basis strides are not supported (the cells
// would be coordinates, not indices). At most MaxCells cells.
func NewGrid(v cute.Value) (*Grid, error) {
	return NewGridContext(context.Background(), v, MaxCells)
}

// ctxEvery is how many cells a drawing loop computes between two looks at its context.
const ctxEvery = 1024

// NewGridContext is NewGrid with a cell limit (at most MaxCells) and a context: the size
// is checked before any cell is computed, and the cell loop stops with ctx.Err() once
// ctx is done (a deadline passed, a client left).
func NewGridContext(ctx context.Context, v cute.Value, maxCells int64) (*Grid, error) {
	inner, outer, v, err := gridLayout(v)
	if err != nil {
		return nil, err
	}
	m0, _ := inner.Mode(0)
	m1, _ := inner.Mode(1)
	M, N := m0.Size(), m1.Size()
	if maxCells <= 0 || maxCells > MaxCells {
		maxCells = MaxCells
	}
	if M < 0 || N < 0 || M > maxCells || N > maxCells || M*N > maxCells {
		return nil, &TooLargeError{Op: "print_layout", What: inner.String(), M: M, N: N, Limit: maxCells}
	}
	g := &Grid{Header: v.String(), M: M, N: N, idx: make([]int64, M*N), rows: m0.Shape(), cols: m1.Shape()}
	g.Cosize = cosize(inner)
	// L(m, n) = L0(m) + L1(n): each mode is evaluated once per row or column, and a cell
	// is a sum (a sum that overflows is left to L's own evaluation, which refuses it).
	rowIdx, err := modeValues(m0, M)
	if err != nil {
		return nil, err
	}
	colIdx, err := modeValues(m1, N)
	if err != nil {
		return nil, err
	}
	k := 0
	for n := int64(0); n < N; n++ {
		for m := int64(0); m < M; m++ {
			if k++; k%ctxEvery == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			i, ok := add64(rowIdx[m], colIdx[n])
			if !ok {
				r, err := inner.Call(cute.Ints(m, n))
				if err != nil {
					return nil, err
				}
				i = r.Value()
			}
			if outer != nil {
				if i, err = outer(i); err != nil {
					return nil, err
				}
			}
			g.idx[m*N+n] = i
		}
	}
	return g, nil
}

// modeValues is the mode l (integer strides) evaluated at 0, 1, …, size-1.
func modeValues(l cute.Layout, size int64) ([]int64, error) {
	vs := make([]int64, size)
	for i := range vs {
		v, err := l.Apply(int64(i))
		if err != nil {
			return nil, err
		}
		vs[i] = v
	}
	return vs, nil
}

// add64 is a + b, and false when the sum overflows int64.
func add64(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

// TooLargeError says that a picture would have more cells than allowed. M or N is -1
// when the layout's size overflows.
type TooLargeError struct {
	Op    string // print_layout or print_latex_tv
	What  string
	M, N  int64
	Limit int64
}

func (e *TooLargeError) Error() string {
	if e.M < 0 || e.N < 0 {
		return fmt.Sprintf("%s: %s has too many cells to draw (limit %d)", e.Op, e.What, e.Limit)
	}
	return fmt.Sprintf("%s: %s has %dx%d cells, too many to draw (limit %d)", e.Op, e.What, e.M, e.N, e.Limit)
}

// GridShape returns the M×N cells a grid of v would have, without computing any cell.
func GridShape(v cute.Value) (M, N int64, err error) {
	inner, _, _, err := gridLayout(v)
	if err != nil {
		return 0, 0, err
	}
	m0, _ := inner.Mode(0)
	m1, _ := inner.Mode(1)
	return m0.Size(), m1.Size(), nil
}

// gridLayout returns the rank-2 layout that NewGrid draws for v, the swizzle applied to
// its values (nil when none), and v with a rank-1 layout made rank 2.
func gridLayout(v cute.Value) (inner cute.Layout, outer func(int64) (int64, error), _ cute.Value, err error) {
	switch x := v.(type) {
	case cute.Layout:
		inner = x
	case cute.ComposedLayout:
		inner = x.Inner
		outer = func(i int64) (int64, error) {
			s := x.Offset + i
			if (s > x.Offset) != (i > 0) {
				return 0, fmt.Errorf("print_layout: offset %d + %d overflows int64", x.Offset, i)
			}
			return x.Outer.Apply(s), nil
		}
	case cute.IntTuple:
		l, err := cute.AsLayout(x)
		if err != nil {
			return inner, nil, nil, err
		}
		inner, v = l, l
	default:
		return inner, nil, nil, fmt.Errorf("print_layout: expected a layout, got %v", v)
	}
	if inner.Rank() > 2 {
		return inner, nil, nil, fmt.Errorf("print_layout: needs a layout of rank 1 or 2, got rank %d (%v)", inner.Rank(), inner)
	}
	if inner.Rank() == 1 || inner.Shape().IsLeaf() {
		sh, st := []cute.IntTuple{inner.Shape()}, []cute.IntTuple{inner.Stride()}
		if inner.Shape().IsTuple() { // append<2> adds a mode to a rank-1 tuple
			sh, st = inner.Shape().Elems(), inner.Stride().Elems()
		}
		l, err := cute.MakeLayout(cute.Tuple(append(sh, cute.Int(1))...), cute.Tuple(append(st, cute.Int(0))...))
		if err != nil {
			return inner, nil, nil, err
		}
		inner = l
		if c, ok := v.(cute.ComposedLayout); ok {
			v = cute.MakeComposedLayout(c.Outer, c.Offset, l)
		} else {
			v = l
		}
	}
	if hasBasis(inner.Stride()) {
		return inner, nil, nil, fmt.Errorf("print_layout: %v has scaled-basis strides (its values are coordinates); draw it as a TV layout", inner)
	}
	return inner, outer, v, nil
}

func hasBasis(t cute.IntTuple) bool {
	if t.IsLeaf() {
		return t.IsBasis()
	}
	for i := 0; i < t.Len(); i++ {
		if hasBasis(t.At(i)) {
			return true
		}
	}
	return false
}

// TV is a thread-value layout drawn over its M×N tile: for each cell, the first (thread,
// value) pair, in thread-major order of CuTe's print_latex_tv, that maps to it.
type TV struct {
	Header     string
	Tile       cute.IntTuple
	M, N       int64
	Threads    int64
	Values     int64
	tid, vid   []int32 // row-major M×N; -1 where no (t,v) maps (T, V <= MaxCells)
	order      []int32 // the filled cells in the order they were first filled
	Duplicates int     // (t,v) pairs that landed on an already filled cell
}

// At returns the thread and value owning cell (m, n), or ok == false for an empty cell.
func (g *TV) At(m, n int64) (t, v int64, ok bool) {
	k := m*g.N + n
	return int64(g.tid[k]), int64(g.vid[k]), g.tid[k] >= 0
}

// NewTV evaluates the TV layout tv ((thread, value) → position) over the tile of shape
// tile ((M, N), each mode maybe hierarchical). A position is either an index into the
// tile, taken column-major (CuTe's composition with make_identity_layout(tile) turns it
// into the (m, n) coordinate), or already an (m, n) coordinate (scaled-basis strides,
// e.g. a TV layout composed with an identity layout).
func NewTV(tv cute.Layout, tile cute.IntTuple) (*TV, error) {
	return NewTVContext(context.Background(), tv, tile, MaxCells)
}

// NewTVContext is NewTV with a limit on the tile's cells and on the (thread, value)
// pairs (each at most MaxCells), checked before any pair is computed, and a context
// that stops the loop once done.
func NewTVContext(ctx context.Context, tv cute.Layout, tile cute.IntTuple, maxCells int64) (*TV, error) {
	if maxCells <= 0 || maxCells > MaxCells {
		maxCells = MaxCells
	}
	if tv.Rank() != 2 {
		return nil, fmt.Errorf("print_latex_tv: the TV layout must have rank 2 (thread, value), got %v", tv)
	}
	if tile.IsLeaf() || tile.Rank() != 2 {
		return nil, fmt.Errorf("print_latex_tv: the tile must be a rank-2 shape (M,N), got %v", tile)
	}
	M, err := cute.Size(tile.At(0))
	if err != nil {
		return nil, err
	}
	N, err := cute.Size(tile.At(1))
	if err != nil {
		return nil, err
	}
	if M < 1 || N < 1 || M > maxCells || N > maxCells || M*N > maxCells {
		return nil, &TooLargeError{Op: "print_latex_tv", What: "tile " + tile.String(), M: M, N: N, Limit: maxCells}
	}
	t0, _ := tv.Mode(0)
	v0, _ := tv.Mode(1)
	T, V := t0.Size(), v0.Size()
	if T < 0 || V < 0 || T > maxCells || V > maxCells || T*V > maxCells {
		return nil, fmt.Errorf("print_latex_tv: %v has too many (thread, value) pairs (limit %d)", tv, maxCells)
	}
	g := &TV{Header: tv.String(), Tile: tile, M: M, N: N, Threads: T, Values: V,
		tid: make([]int32, M*N), vid: make([]int32, M*N), order: make([]int32, 0, M*N)}
	for i := range g.tid {
		g.tid[i] = -1
	}
	// With integer strides TV(t, v) = TV0(t) + TV1(v), each mode evaluated once; scaled-basis
	// strides (positions that are coordinates) are evaluated pair by pair.
	var thr, val []int64
	if !hasBasis(tv.Stride()) {
		if thr, err = modeValues(t0, T); err != nil {
			return nil, err
		}
		if val, err = modeValues(v0, V); err != nil {
			return nil, err
		}
	}
	k := 0
	for t := int64(0); t < T; t++ {
		for v := int64(0); v < V; v++ {
			if k++; k%ctxEvery == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			var m, n int64
			i, ok := int64(0), false
			if thr != nil {
				i, ok = add64(thr[t], val[v])
			}
			if ok {
				m, n, err = indexPosition(i, M)
			} else {
				var r cute.IntTuple
				if r, err = tv.Call(cute.Ints(t, v)); err != nil {
					return nil, err
				}
				m, n, err = position(r, tile, M)
			}
			if err != nil {
				return nil, fmt.Errorf("print_latex_tv: (T%d,V%d): %v", t, v, err)
			}
			if m < 0 || m >= M || n < 0 || n >= N {
				return nil, fmt.Errorf("print_latex_tv: (T%d,V%d) maps to (%d,%d), outside the %dx%d tile", t, v, m, n, M, N)
			}
			c := m*N + n
			if g.tid[c] >= 0 {
				g.Duplicates++
				continue
			}
			g.tid[c], g.vid[c] = int32(t), int32(v)
			g.order = append(g.order, int32(c))
		}
	}
	return g, nil
}

// indexPosition is the (m, n) cell of index i into a tile of M rows, taken column-major.
func indexPosition(i, M int64) (m, n int64, err error) {
	if i < 0 {
		return 0, 0, fmt.Errorf("negative index %d", i)
	}
	return i % M, i / M, nil
}

// position turns a TV layout's value into an (m, n) cell of the tile.
func position(r cute.IntTuple, tile cute.IntTuple, M int64) (m, n int64, err error) {
	if r.IsLeaf() && !r.IsBasis() {
		return indexPosition(r.Value(), M)
	}
	// A coordinate: an arithmetic tuple (m, n), each maybe hierarchical.
	if r.IsLeaf() { // a single scaled basis v@k
		p := r.BasisPath()
		if len(p) == 1 && p[0] == 0 {
			return r.Value(), 0, nil
		}
		if len(p) == 1 && p[0] == 1 {
			return 0, r.Value(), nil
		}
		return 0, 0, fmt.Errorf("position %v is not an (m,n) coordinate", r)
	}
	if r.Rank() > 2 {
		return 0, 0, fmt.Errorf("position %v is not an (m,n) coordinate", r)
	}
	var mn [2]int64
	for k := 0; k < r.Rank(); k++ {
		e := r.At(k)
		if e.IsLeaf() && !e.IsBasis() {
			mn[k] = e.Value()
			continue
		}
		// hierarchical coordinate within mode k of the tile: column-major index.
		sh := tile.At(k)
		l, err := cute.MakeLayoutLeft(sh)
		if err != nil {
			return 0, 0, err
		}
		x, err := cute.Crd2Idx(e, sh, l.Stride())
		if err != nil || !x.IsLeaf() || x.IsBasis() {
			return 0, 0, fmt.Errorf("position %v is not an (m,n) coordinate", r)
		}
		mn[k] = x.Value()
	}
	return mn[0], mn[1], nil
}

// cosize is CuTe's cosize(layout) = size(coshape(layout)) = 1 + Σ (s_i − 1)·|d_i| over the
// leaves (for integer strides): with negative strides this is not L(size−1)+1.
func cosize(l cute.Layout) int64 {
	sh := l.Shape().LeafValues(nil)
	st := l.Stride().LeafValues(nil)
	c := int64(1)
	for i := range sh {
		d := st[i]
		if d < 0 {
			d = -d
		}
		c += (sh[i] - 1) * d // sizes are bounded by MaxCells; strides by int64
	}
	return c
}

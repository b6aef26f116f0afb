package render

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
)

// TiledOptions chooses what a TiledMMA's or TiledCopy's picture shows beyond CuTe's
// print_latex.
type TiledOptions struct {
	// Readers lists, in every cell, each thread that holds the element (CuTe's picture
	// shows only the first thread and value).
	Readers bool
	// Thread, when HighlightThread is set, frames the cells of that thread: what
	// thr_mma.partition_C(gC) (A, B; partition_S / partition_D of a TiledCopy) gives thread
	// Thread of a tile-sized tensor.
	Thread          int64
	HighlightThread bool
	// Tiler draws a TiledCopy's Tiler_MN beside its TV layouts: for each mode, the tile
	// coordinate → tensor coordinate map, and TiledLayout_TV over the tiler's domain (the
	// tile before the tiler's permutation).
	Tiler bool
}

// TiledCell is one cell of a panel.
type TiledCell struct {
	// Thread and Value: the first (thread, value), in thread-major order, that holds the
	// cell (CuTe's label); Thread < 0 for a cell no pair reaches, and for a strip's cell.
	Thread, Value int64
	// Readers: every thread holding the cell, ascending (with TiledOptions.Readers).
	Readers []int64
	// Index: a strip's value (the tensor coordinate of a tiler mode's tile coordinate).
	Index int64
	// Marked: a cell of the highlighted thread.
	Marked bool
}

// Panel is one grid of a picture, placed on a canvas of cells.
type Panel struct {
	Title    string
	Row, Col int64 // the canvas cell of the panel's (0, 0)
	M, N     int64
	Cells    []TiledCell // row-major M×N
	Strip    bool        // cells hold Index (a tiler mode), not (thread, value)
	// RowLabelsAt and ColLabelsAt: the canvas column of the row labels and the canvas row
	// of the column labels (NoLabels for none).
	RowLabelsAt, ColLabelsAt int64
}

// NoLabels is RowLabelsAt / ColLabelsAt for a panel without those labels.
const NoLabels = int64(-1 << 62)

// TiledPicture is a TiledMMA's or TiledCopy's picture: panels on a canvas, in CuTe's
// arrangement of print_latex (a TiledMMA's C with A on its left and B, transposed, above;
// a TiledCopy's S and D side by side), each cell labelled by its thread and value.
type TiledPicture struct {
	Title  []string
	Panels []Panel
}

// At returns the cell (m, n) of panel p.
func (p *Panel) At(m, n int64) TiledCell { return p.Cells[m*p.N+n] }

// tvPanel is the panel of a TV layout tv ((thread, value) → column-major index of an
// rows×cols tile), drawn transposed (cell (c, r) for tile element (r, c)) when transpose is
// set. Marked cells are those of thread o.Thread.
func tvPanel(op, title string, tv cute.Layout, rows, cols int64, transpose bool, o TiledOptions) (Panel, error) {
	if err := checkCover(op, title, tv, rows, cols); err != nil {
		return Panel{}, err
	}
	M, N := rows, cols
	if transpose {
		M, N = cols, rows
	}
	p := Panel{Title: title, M: M, N: N, Cells: make([]TiledCell, M*N), RowLabelsAt: NoLabels, ColLabelsAt: NoLabels}
	for i := range p.Cells {
		p.Cells[i].Thread = -1
	}
	nt, nv := modeSize(tv, 0), modeSize(tv, 1)
	for t := int64(0); t < nt; t++ {
		for v := int64(0); v < nv; v++ {
			idx, err := tv.Call(cute.Ints(t, v))
			if err != nil {
				return Panel{}, wrapAtom(op, title, err)
			}
			i := idx.Value()
			if !idx.IsLeaf() || idx.IsBasis() || i < 0 || i >= rows*cols {
				return Panel{}, &cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s: (T%d,V%d) maps to %v, outside the %dx%d tile", title, t, v, idx, rows, cols)}
			}
			r, c := i%rows, i/rows
			if transpose {
				r, c = c, r
			}
			cell := &p.Cells[r*N+c]
			if cell.Thread < 0 {
				cell.Thread, cell.Value = t, v
			}
			if o.Readers && (len(cell.Readers) == 0 || cell.Readers[len(cell.Readers)-1] != t) {
				cell.Readers = append(cell.Readers, t)
			}
			if o.HighlightThread && t == o.Thread {
				cell.Marked = true
			}
		}
	}
	return p, nil
}

func checkThread(op, name string, o TiledOptions, threads int64) error {
	if o.HighlightThread && (o.Thread < 0 || o.Thread >= threads) {
		return &cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s: thread %d is outside its %d threads", name, o.Thread, threads)}
	}
	return nil
}

// NewTiledMMAPicture is the picture of CuTe's print_latex(tiled_mma): C (M×N), A (M×K) on
// its left and B (K×N, B's (n,k) drawn at (k,n)) above it, with the TV layouts of
// get_layoutC_TV, get_layoutA_TV and get_layoutB_TV.
func NewTiledMMAPicture(tm atom.TiledMMA, o TiledOptions) (*TiledPicture, error) {
	const op = "print_tiled_mma"
	M, N, K := tm.TileSizeMNK(0), tm.TileSizeMNK(1), tm.TileSizeMNK(2)
	if err := checkThread(op, tm.Atom.Name, o, tm.Size()); err != nil {
		return nil, err
	}
	c, err := tm.LayoutC_TV()
	if err != nil {
		return nil, err
	}
	a, err := tm.LayoutA_TV()
	if err != nil {
		return nil, err
	}
	b, err := tm.LayoutB_TV()
	if err != nil {
		return nil, err
	}
	pc, err := tvPanel(op, "C", c, M, N, false, o)
	if err != nil {
		return nil, err
	}
	pa, err := tvPanel(op, "A", a, M, K, false, o)
	if err != nil {
		return nil, err
	}
	pb, err := tvPanel(op, "B", b, N, K, true, o)
	if err != nil {
		return nil, err
	}
	pa.Col = -K - 1
	pa.RowLabelsAt, pa.ColLabelsAt = -K-2, -1
	pb.Row = -K - 1
	pb.RowLabelsAt, pb.ColLabelsAt = -1, -K-2
	title := []string{"TiledMMA " + tm.Atom.Name + "  ThrLayoutVMNK " + tm.ThrLayoutVMNK.String() + "  tile " + tm.TileShape().String(),
		"LayoutC_TV " + c.String(), "LayoutA_TV " + a.String(), "LayoutB_TV " + b.String()}
	if o.HighlightThread {
		title = append(title, fmt.Sprintf("framed: thread %d's elements (partition_A / partition_B / partition_C)", o.Thread))
	}
	return &TiledPicture{Title: title, Panels: []Panel{pc, pa, pb}}, nil
}

// NewTiledCopyPicture is the picture of CuTe's print_latex(tiled_copy): the source TV
// layout over the tile (left) and the destination's (right), positions in the tensor's
// coordinates (after the tiler); with o.Tiler, below them each mode of Tiler_MN as a strip
// (tile coordinate j → tensor coordinate) and TiledLayout_TV over the tiler's domain.
func NewTiledCopyPicture(tc atom.TiledCopy, o TiledOptions) (*TiledPicture, error) {
	const op = "print_tiled_copy"
	name := copyName(tc)
	tile, err := tc.TileShape()
	if err != nil {
		return nil, err
	}
	if tile.Rank() != 2 {
		return nil, &cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s: the tile %v is not 2-D", name, tile)}
	}
	if err := checkThread(op, name, o, tc.Size()); err != nil {
		return nil, err
	}
	M, N := tile.At(0).Value(), tile.At(1).Value()
	ref, err := cute.MakeLayoutLeft(tile)
	if err != nil {
		return nil, wrapAtom(op, name, err)
	}
	pic := &TiledPicture{Title: []string{"TiledCopy " + name + "  tiler " + tc.TilerMN.String() + "  tile " + tile.String()}}
	for i, dst := range []bool{false, true} {
		tidfrg, title := tc.TidfrgS, "S"
		if dst {
			tidfrg, title = tc.TidfrgD, "D"
		}
		g, err := tidfrg(ref)
		if err != nil {
			return nil, err
		}
		tv, err := cute.Slice(cute.CoordTuple(cute.CoordUnderscore(), cute.CoordUnderscore(), cute.CoordInt(0)), g)
		if err != nil {
			return nil, wrapAtom(op, name, err)
		}
		p, err := tvPanel(op, title, tv, M, N, false, o)
		if err != nil {
			return nil, err
		}
		p.Col = int64(i) * (N + 3)
		p.RowLabelsAt, p.ColLabelsAt = p.Col-1, -1
		pic.Panels = append(pic.Panels, p)
		pic.Title = append(pic.Title, "Layout"+title+"_TV "+tv.String())
	}
	if o.Tiler {
		row := M + 2
		for i, m := range tc.TilerMN.Elems() {
			l, ok := m.IsLayout()
			if !ok {
				return nil, &cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s: mode %d of the tiler %v is not a layout", name, i, tc.TilerMN)}
			}
			if l.Size() > maxLatexCells {
				return nil, &cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s: the tiler's mode %v is too large to draw", name, l)}
			}
			s := Panel{Title: fmt.Sprintf("Tiler_MN mode %d: %v (tile coordinate -> tensor coordinate)", i, l), Row: row, M: 1, N: l.Size(), Strip: true,
				RowLabelsAt: NoLabels, ColLabelsAt: row - 1}
			for j := int64(0); j < l.Size(); j++ {
				x, err := l.Call(cute.Int(j))
				if err != nil || !x.IsLeaf() || x.IsBasis() {
					return nil, wrapAtom(op, name, fmt.Errorf("the tiler's mode %v at %d: %v", l, j, err))
				}
				s.Cells = append(s.Cells, TiledCell{Thread: -1, Index: x.Value()})
			}
			pic.Panels = append(pic.Panels, s)
			pic.Title = append(pic.Title, s.Title)
			row += 3
		}
		p, err := tvPanel(op, "TiledLayout_TV", tc.LayoutTV, M, N, false, o)
		if err != nil {
			return nil, err
		}
		p.Row = row + 1
		p.RowLabelsAt, p.ColLabelsAt = -1, row
		pic.Panels = append(pic.Panels, p)
		pic.Title = append(pic.Title, "TiledLayout_TV "+tc.LayoutTV.String()+" over the tiler's domain (before its permutation), lower panel")
	}
	if o.HighlightThread {
		pic.Title = append(pic.Title, fmt.Sprintf("framed: thread %d's elements (partition_S / partition_D)", o.Thread))
	}
	return pic, nil
}

// readersText writes a reader list compactly: runs of consecutive threads as a-b, at most
// three pieces, then the count of the rest.
func readersText(rs []int64) []string {
	var pieces []string
	for i := 0; i < len(rs); {
		j := i
		for j+1 < len(rs) && rs[j+1] == rs[j]+1 {
			j++
		}
		if j > i {
			pieces = append(pieces, strconv.FormatInt(rs[i], 10)+"-"+strconv.FormatInt(rs[j], 10))
		} else {
			pieces = append(pieces, strconv.FormatInt(rs[i], 10))
		}
		i = j + 1
	}
	if len(pieces) > 3 {
		n := len(pieces) - 3
		pieces = append(pieces[:3], "+"+strconv.Itoa(n))
	}
	return []string{"T" + strings.Join(pieces[:min(2, len(pieces))], ","), strings.Join(pieces[min(2, len(pieces)):], ",")}
}

// canvas is a picture's cells laid out: cells[r*cols+c], with the kind of each.
type canvas struct {
	title      []string
	rows, cols int64
	cells      []ccell
}

type ccellKind uint8

const (
	ccNone  ccellKind = iota
	ccCell            // a panel's cell, drawn with a border
	ccLabel           // a row or column label, text only
)

type ccell struct {
	kind   ccellKind
	lines  []string
	fill   color.RGBA
	marked bool
}

func (pic *TiledPicture) canvas() (*canvas, error) {
	r0, c0, r1, c1 := int64(0), int64(0), int64(0), int64(0)
	grow := func(r, c int64) {
		r0, c0, r1, c1 = min(r0, r), min(c0, c), max(r1, r+1), max(c1, c+1)
	}
	for _, p := range pic.Panels {
		grow(p.Row, p.Col)
		grow(p.Row+p.M-1, p.Col+p.N-1)
		if p.RowLabelsAt != NoLabels {
			grow(p.Row, p.RowLabelsAt)
		}
		if p.ColLabelsAt != NoLabels {
			grow(p.ColLabelsAt, p.Col)
		}
	}
	cv := &canvas{title: pic.Title, rows: r1 - r0, cols: c1 - c0}
	if cv.rows > maxLatexCells || cv.cols > maxLatexCells || cv.rows*cv.cols > maxLatexCells {
		return nil, &cute.Error{Op: "print_tiled", Kind: cute.ErrInvalid, Reason: fmt.Sprintf("a %dx%d picture is too large to draw", cv.rows, cv.cols)}
	}
	cv.cells = make([]ccell, cv.rows*cv.cols)
	set := func(r, c int64, x ccell) { cv.cells[(r-r0)*cv.cols+(c-c0)] = x }
	for _, p := range pic.Panels {
		for m := int64(0); m < p.M; m++ {
			if p.RowLabelsAt != NoLabels {
				set(p.Row+m, p.RowLabelsAt, ccell{kind: ccLabel, lines: []string{strconv.FormatInt(m, 10)}})
			}
		}
		for n := int64(0); n < p.N; n++ {
			if p.ColLabelsAt != NoLabels {
				set(p.ColLabelsAt, p.Col+n, ccell{kind: ccLabel, lines: []string{strconv.FormatInt(n, 10)}})
			}
		}
		for m := int64(0); m < p.M; m++ {
			for n := int64(0); n < p.N; n++ {
				c := p.At(m, n)
				x := ccell{kind: ccCell, marked: c.Marked, fill: white}
				switch {
				case p.Strip:
					x.lines, x.fill = []string{strconv.FormatInt(c.Index, 10)}, rgb(svgBWx8[mod8(c.Index)])
				case c.Thread >= 0 && len(c.Readers) > 1:
					x.lines, x.fill = readersText(c.Readers), rgb(svgTV[mod8(c.Thread)])
				case c.Thread >= 0:
					x.lines = []string{"T" + strconv.FormatInt(c.Thread, 10), "V" + strconv.FormatInt(c.Value, 10)}
					x.fill = rgb(svgTV[mod8(c.Thread)])
				}
				set(p.Row+m, p.Col+n, x)
			}
		}
	}
	return cv, nil
}

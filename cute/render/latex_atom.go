package render

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
)

// maxLatexCells bounds the pictures: a node per cell, so the cost grows with the tile.
const maxLatexCells = 1 << 20

// static writes a value as C++ CuTe prints it when every integer is a compile-time
// constant: each integer gets its `_` mark; the modes of a scaled basis (after `@`) do not.
func static(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c >= '0' && c <= '9' || c == '-') && (i == 0 || !isDigit(s[i-1]) && s[i-1] != '@' && s[i-1] != '-') {
			b.WriteByte('_')
		}
		b.WriteByte(c)
	}
	return b.String()
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// identityTV is composition(make_identity_tensor(shape), tv) as CuTe prints it:
// "ArithTuple(_0,_0) o layout".
func identityTV(shape cute.IntTuple, tv cute.Layout) (string, error) {
	id, err := cute.MakeIdentityLayout(shape)
	if err != nil {
		return "", err
	}
	c, err := cute.Composition(id, tv)
	if err != nil {
		return "", err
	}
	return "ArithTuple(_0,_0) o " + static(c.String()), nil
}

// latexCells writes a node per (thread, value) of tv that first lands on a cell: tv maps
// (t, v) to the column-major index of a (rows, cols) tile; at places the node.
func latexCells(b *bufio.Writer, tv cute.Layout, rows, cols int64, at func(i, j int64) (int64, int64)) {
	filled := make([]bool, rows*cols)
	nt, nv := modeSize(tv, 0), modeSize(tv, 1)
	for t := int64(0); t < nt; t++ {
		for v := int64(0); v < nv; v++ {
			idx, err := tv.Call(cute.Ints(t, v))
			if err != nil || idx.Value() < 0 || idx.Value() >= rows*cols {
				continue
			}
			i := idx.Value()
			if filled[i] {
				continue
			}
			filled[i] = true
			x, y := at(i%rows, i/rows)
			fmt.Fprintf(b, "\\node[fill=%s] at (%d,%d) {\\shortstack{T%d \\\\ V%d}};\n", tikzTV[mod8(t)], x, y, t, v)
		}
	}
}

// checkCover refuses a picture larger than maxLatexCells, or a TV layout reaching past its
// tile (C++ would index out of bounds).
func checkCover(op, name string, tv cute.Layout, rows, cols int64) error {
	if rows*cols > maxLatexCells || tv.Size() > maxLatexCells {
		return &cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s: a %dx%d picture is too large to draw", name, rows, cols)}
	}
	cs, err := tv.Cosize()
	if err != nil {
		return wrapAtom(op, name, err)
	}
	if cs > rows*cols {
		return &cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s: the TV layout %v reaches past the %dx%d tile", name, tv, rows, cols)}
	}
	return nil
}

// LatexTiledMMA writes CuTe's print_latex(tiled_mma): a TikZ picture of C (top left), A
// (left of it) and B (above it), each cell labelled by the first thread and value that
// hold it, colored by thread. The output is byte-identical to C++ CuTe's.
func LatexTiledMMA(w io.Writer, tm atom.TiledMMA) error {
	const op = "print_latex"
	M, N, K := tm.TileSizeMNK(0), tm.TileSizeMNK(1), tm.TileSizeMNK(2)
	c, err := tm.LayoutC_TV()
	if err != nil {
		return err
	}
	a, err := tm.LayoutA_TV()
	if err != nil {
		return err
	}
	bl, err := tm.LayoutB_TV()
	if err != nil {
		return err
	}
	for _, x := range []struct {
		l    cute.Layout
		r, c int64
	}{{c, M, N}, {a, M, K}, {bl, N, K}} {
		if err := checkCover(op, tm.Atom.Name, x.l, x.r, x.c); err != nil {
			return err
		}
	}
	hc, err := identityTV(cute.Ints(M, N), c)
	if err != nil {
		return wrapAtom(op, tm.Atom.Name, err)
	}
	ha, err := identityTV(cute.Ints(M, K), a)
	if err != nil {
		return wrapAtom(op, tm.Atom.Name, err)
	}
	hb, err := identityTV(cute.Ints(N, K), bl)
	if err != nil {
		return wrapAtom(op, tm.Atom.Name, err)
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%% LayoutC: %s\n%% LayoutA: %s\n%% LayoutB: %s\n", hc, ha, hb)
	b.WriteString(latexHeader)
	latexCells(b, c, M, N, func(m, n int64) (int64, int64) { return m, n })
	fmt.Fprintf(b, "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (%d,%d) grid (%d,%d);\n\n", 0, 0, M, N)
	latexCells(b, a, M, K, func(m, k int64) (int64, int64) { return m, k - K - 1 })
	fmt.Fprintf(b, "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (%d,%d) grid (%d,%d);\n\n", 0, -K-1, M, -1)
	for m := int64(0); m < M; m++ {
		fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", m, -1-K-1, m)
	}
	for k := int64(0); k < K; k++ {
		fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", -1, k-K-1, k)
	}
	latexCells(b, bl, N, K, func(n, k int64) (int64, int64) { return k - K - 1, n })
	fmt.Fprintf(b, "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (%d,%d) grid (%d,%d);\n\n", -K-1, 0, -1, N)
	for n := int64(0); n < N; n++ {
		fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", -1-K-1, n, n)
	}
	for k := int64(0); k < K; k++ {
		fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", k-K-1, -1, k)
	}
	b.WriteString(latexFooter)
	return b.Flush()
}

// LatexTiledCopy writes CuTe's print_latex(tiled_copy): the source TV layout over the
// tile (left) and the destination's (right), byte-identical to C++ CuTe's output.
func LatexTiledCopy(w io.Writer, tc atom.TiledCopy) error {
	const op = "print_latex"
	tile, err := tc.TileShape()
	if err != nil {
		return err
	}
	if tile.Rank() != 2 {
		return &cute.Error{Op: op, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s: the tile %v is not 2-D", copyName(tc), tile)}
	}
	M, N := tile.At(0).Value(), tile.At(1).Value()
	id, err := cute.MakeIdentityLayout(tile)
	if err != nil {
		return wrapAtom(op, copyName(tc), err)
	}
	var heads [2]string
	var tvs [2]cute.Layout
	for i, dst := range []bool{false, true} {
		tidfrg := tc.TidfrgS
		if dst {
			tidfrg = tc.TidfrgD
		}
		f, err := tidfrg(id)
		if err != nil {
			return err
		}
		s, err := cute.Slice(cute.CoordTuple(cute.CoordUnderscore(), cute.CoordUnderscore(), cute.CoordInt(0)), f)
		if err != nil {
			return wrapAtom(op, copyName(tc), err)
		}
		heads[i] = "ArithTuple(_0,_0) o " + static(s.String())
		ref, _ := cute.MakeLayoutLeft(tile)
		g, err := tidfrg(ref)
		if err != nil {
			return err
		}
		if tvs[i], err = cute.Slice(cute.CoordTuple(cute.CoordUnderscore(), cute.CoordUnderscore(), cute.CoordInt(0)), g); err != nil {
			return wrapAtom(op, copyName(tc), err)
		}
		if err := checkCover(op, copyName(tc), tvs[i], M, N); err != nil {
			return err
		}
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%% Layout S TV: %s\n%% Layout D TV: %s\n", heads[0], heads[1])
	b.WriteString(latexHeader)
	latexCells(b, tvs[0], M, N, func(m, n int64) (int64, int64) { return m, n })
	fmt.Fprintf(b, "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (%d,%d) grid (%d,%d);\n\n", 0, 0, M, N)
	for m := int64(0); m < M; m++ {
		fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", m, -1, m)
	}
	for n := int64(0); n < N; n++ {
		fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", -1, n, n)
	}
	latexCells(b, tvs[1], M, N, func(m, n int64) (int64, int64) { return m, n + N + 3 })
	fmt.Fprintf(b, "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (%d,%d) grid (%d,%d);\n\n", 0, N+3, M, N+N+3)
	for m := int64(0); m < M; m++ {
		fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", m, N+N+3, m)
	}
	for n := int64(0); n < N; n++ {
		fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", -1, n+N+3, n)
	}
	b.WriteString(latexFooter)
	return b.Flush()
}

func modeSize(l cute.Layout, i int) int64 {
	m, err := l.Mode(i)
	if err != nil {
		return 0
	}
	return m.Size()
}

func copyName(tc atom.TiledCopy) string {
	return "Copy_Atom<" + tc.Atom.Op + "," + tc.Atom.ValType + ">"
}

// wrapAtom returns err as a *cute.Error of operation op naming the atom.
func wrapAtom(op, name string, err error) error {
	if err == nil {
		return nil
	}
	kind := cute.ErrInvalid
	if e, ok := err.(*cute.Error); ok {
		kind = e.Kind
	}
	return &cute.Error{Op: op, Kind: kind, Reason: name + ": " + err.Error()}
}

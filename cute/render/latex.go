package render

import (
	"bufio"
	"fmt"
	"io"

	"github.com/cutego/cutego/cute"
)

// tikzBWx8 is CuTe's TikzColor_BWx8: eight gray levels by index mod 8.
var tikzBWx8 = [8]string{"black!00", "black!40", "black!20", "black!60",
	"black!10", "black!50", "black!30", "black!70"}

// tikzTV is CuTe's TikzColor_TV: eight pastel colors by thread mod 8.
var tikzTV = [8]string{"{rgb,255:red,175;green,175;blue,255}",
	"{rgb,255:red,175;green,255;blue,175}",
	"{rgb,255:red,255;green,255;blue,175}",
	"{rgb,255:red,255;green,175;blue,175}",
	"{rgb,255:red,210;green,210;blue,255}",
	"{rgb,255:red,210;green,255;blue,210}",
	"{rgb,255:red,255;green,255;blue,210}",
	"{rgb,255:red,255;green,210;blue,210}"}

func mod8(i int64) int { return int(((i % 8) + 8) % 8) }

const latexHeader = "\\documentclass[convert]{standalone}\n" +
	"\\usepackage{tikz}\n\n" +
	"\\begin{document}\n" +
	"\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n"

const latexFooter = "\\end{tikzpicture}\n\\end{document}\n"

// Latex writes CuTe's print_latex picture of a layout: a standalone TikZ document, one
// node per cell holding its index, shaded by index mod 8, a grid, row and column labels.
func Latex(w io.Writer, v cute.Value) error {
	g, err := NewGrid(v)
	if err != nil {
		return err
	}
	return g.Latex(w)
}

// Latex writes the grid as CuTe's print_latex does.
func (g *Grid) Latex(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%% Layout: %s\n", g.Header)
	b.WriteString(latexHeader)
	for m := int64(0); m < g.M; m++ {
		for n := int64(0); n < g.N; n++ {
			idx := g.At(m, n)
			fmt.Fprintf(b, "\\node[fill=%s] at (%d,%d) {%d};\n", tikzBWx8[mod8(idx)], m, n, idx)
		}
	}
	latexGridLabels(b, g.M, g.N)
	return b.Flush()
}

func latexGridLabels(b *bufio.Writer, M, N int64) {
	fmt.Fprintf(b, "\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (%d,%d);\n\n", M, N)
	for m := int64(0); m < M; m++ {
		fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", m, -1, m)
	}
	for n := int64(0); n < N; n++ {
		fmt.Fprintf(b, "\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n", -1, n, n)
	}
	b.WriteString(latexFooter)
}

// LatexTV writes CuTe's print_latex_tv picture of a thread-value layout over an M×N tile.
func LatexTV(w io.Writer, tv cute.Layout, tile cute.IntTuple) error {
	g, err := NewTV(tv, tile)
	if err != nil {
		return err
	}
	return g.Latex(w)
}

// Latex writes the TV grid as CuTe's print_latex_tv does. CuTe emits the cells in
// thread-major order of first visit; the picture is the same in any order, and cutego
// emits them in that order too.
func (g *TV) Latex(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%% Layout TV: %s\n", g.Header)
	b.WriteString(latexHeader)
	for _, c := range g.visitOrder() {
		m, n := c/g.N, c%g.N
		t, v, _ := g.At(m, n)
		fmt.Fprintf(b, "\\node[fill=%s] at (%d,%d) {\\shortstack{T%d \\\\ V%d}};\n", tikzTV[mod8(t)], m, n, t, v)
	}
	latexGridLabels(b, g.M, g.N)
	return b.Flush()
}

// visitOrder lists the filled cells in the order CuTe first fills them: by thread, then
// by value.
func (g *TV) visitOrder() []int64 {
	cells := make([]int64, 0, len(g.tid))
	for k := range g.tid {
		if g.tid[k] >= 0 {
			cells = append(cells, int64(k))
		}
	}
	key := func(k int64) int64 { return g.tid[k]*g.Values + g.vid[k] }
	sortBy(cells, key)
	return cells
}

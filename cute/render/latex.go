package render

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

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
	var s []byte
	for m := int64(0); m < g.M; m++ {
		for n := int64(0); n < g.N; n++ {
			idx := g.At(m, n)
			s = appendTikzNode(s[:0], tikzBWx8[mod8(idx)], m, n)
			s = strconv.AppendInt(s, idx, 10)
			s = append(s, "};\n"...)
			b.Write(s)
		}
	}
	latexGridLabels(b, g.M, g.N)
	return b.Flush()
}

// appendTikzNode appends the start of the node of cell (m, n), up to its text:
// `\node[fill=F] at (m,n) {`.
func appendTikzNode(s []byte, fill string, m, n int64) []byte {
	s = append(s, `\node[fill=`...)
	s = append(s, fill...)
	s = append(s, "] at ("...)
	s = strconv.AppendInt(s, m, 10)
	s = append(s, ',')
	s = strconv.AppendInt(s, n, 10)
	return append(s, ") {"...)
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
	var s []byte
	for _, c := range g.visitOrder() {
		m, n := int64(c)/g.N, int64(c)%g.N
		t, v, _ := g.At(m, n)
		s = appendTikzNode(s[:0], tikzTV[mod8(t)], m, n)
		s = append(s, `\shortstack{T`...)
		s = strconv.AppendInt(s, t, 10)
		s = append(s, ` \\ V`...)
		s = strconv.AppendInt(s, v, 10)
		s = append(s, "}};\n"...)
		b.Write(s)
	}
	latexGridLabels(b, g.M, g.N)
	return b.Flush()
}

// visitOrder lists the filled cells in the order CuTe first fills them: by thread, then
// by value (the order NewTV fills them).
func (g *TV) visitOrder() []int32 { return g.order }

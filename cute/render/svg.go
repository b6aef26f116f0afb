package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"strings"

	"github.com/cutego/cutego/cute"
)

// svgBWx8 is CuTe's TSVGColor_BWx8: eight gray levels by index mod 8.
var svgBWx8 = [8]string{"255,255,255", "230,230,230", "205,205,205", "180,180,180",
	"155,155,155", "130,130,130", "105,105,105", "080,080,080"}

// svgTV is CuTe's SVGColor_TV: eight pastel colors by thread mod 8.
var svgTV = [8]string{"175,175,255", "175,255,175", "255,255,175", "255,175,175",
	"210,210,255", "210,255,210", "255,255,210", "255,210,210"}

// cellSize is CuTe print_svg's cell size in SVG units.
const cellSize = 20

func svgHeader(b *bufio.Writer, w, h int64) {
	fmt.Fprintf(b, "<svg width=\"100%%\" height=\"100%%\" viewBox=\"0 0 %d %d\" "+
		"preserveAspectRatio=\"xMidYMid meet\" xmlns=\"http://www.w3.org/2000/svg\">\n", w, h)
}

func svgRect(b *bufio.Writer, x, y int64, fill string, o SVGOptions, m, n int64) {
	fmt.Fprintf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(%s)\" stroke=\"black\"%s/>\n",
		x, y, cellSize, cellSize, fill, o.cellAttrs(m, n))
}

// SVGOptions tunes an SVG picture.
type SVGOptions struct {
	// CellIDs marks each cell's rect with data-m and data-n (its row and column), for
	// pages that react to the pointer.
	CellIDs bool
}

func (o SVGOptions) cellAttrs(m, n int64) string {
	if !o.CellIDs {
		return ""
	}
	return fmt.Sprintf(` class="cell" data-m="%d" data-n="%d"`, m, n)
}

func svgText(b *bufio.Writer, x, y int64, size int, text string) {
	svgTextOn(b, x, y, size, text, white)
}

// svgTextOn writes a label on a cell of color bg: black, or white where that reads better.
func svgTextOn(b *bufio.Writer, x, y int64, size int, text string, bg color.RGBA) {
	fmt.Fprintf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"%d\"%s>%s</text>\n",
		x, y, size, textFill(bg), text)
}

// textFill is the fill attribute of text on bg: none (black) or white.
func textFill(bg color.RGBA) string {
	if textColor(bg) == white {
		return ` fill="white"`
	}
	return ""
}

func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// svgLabels draws row labels left of the cells and column labels above them.
func svgLabels(b *bufio.Writer, M, N int64) {
	for m := int64(0); m < M; m++ {
		svgText(b, cellSize/2, (m+1)*cellSize+cellSize/2, 12, fmt.Sprint(m))
	}
	for n := int64(0); n < N; n++ {
		svgText(b, (n+1)*cellSize+cellSize/2, cellSize/2, 12, fmt.Sprint(n))
	}
}

// indexFont shrinks the index text so that wide numbers stay inside a cell.
func indexFont(s string) int {
	switch {
	case len(s) <= 4:
		return 8
	case len(s) <= 6:
		return 6
	}
	return 4
}

// SVG draws a layout in the style of CuTe's print_svg: an M×N grid of 20-unit cells,
// each holding its index, shaded by index mod 8 (TSVGColor_BWx8), with row and column
// labels; the layout is in a comment at the top.
func SVG(w io.Writer, v cute.Value) error {
	g, err := NewGrid(v)
	if err != nil {
		return err
	}
	return g.SVG(w)
}

// SVG draws the grid (see SVG).
func (g *Grid) SVG(w io.Writer) error { return g.WriteSVG(w, SVGOptions{}) }

// WriteSVG draws the grid with the given options.
func (g *Grid) WriteSVG(w io.Writer, o SVGOptions) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "<!--  Layout: %s  -->\n", g.Header)
	svgHeader(b, (g.N+1)*cellSize, (g.M+1)*cellSize)
	for m := int64(0); m < g.M; m++ {
		for n := int64(0); n < g.N; n++ {
			idx := g.At(m, n)
			x, y := (n+1)*cellSize, (m+1)*cellSize
			svgRect(b, x, y, svgBWx8[mod8(idx)], o, m, n)
			s := fmt.Sprint(idx)
			svgTextOn(b, x+cellSize/2, y+cellSize/2, indexFont(s), s, rgb(svgBWx8[mod8(idx)]))
		}
	}
	svgLabels(b, g.M, g.N)
	b.WriteString("</svg>\n")
	return b.Flush()
}

// SVGTV draws a thread-value layout over its M×N tile as CuTe's print_svg draws the C
// tile of an MMA: each cell colored by its thread (SVGColor_TV) and labeled T<t> over
// V<v>, with row and column labels.
func SVGTV(w io.Writer, tv cute.Layout, tile cute.IntTuple) error {
	g, err := NewTV(tv, tile)
	if err != nil {
		return err
	}
	return g.SVG(w)
}

// SVG draws the TV grid (see SVGTV).
func (g *TV) SVG(w io.Writer) error { return g.WriteSVG(w, SVGOptions{}) }

// WriteSVG draws the TV grid with the given options.
func (g *TV) WriteSVG(w io.Writer, o SVGOptions) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "<!--  Tile: %s  -->\n<!--    TV: %s  -->\n", g.Tile, g.Header)
	svgHeader(b, (g.N+1)*cellSize, (g.M+1)*cellSize)
	for _, c := range g.visitOrder() {
		m, n := c/g.N, c%g.N
		t, v, _ := g.At(m, n)
		x, y := (n+1)*cellSize, (m+1)*cellSize
		svgRect(b, x, y, svgTV[mod8(t)], o, m, n)
		svgText(b, x+cellSize/2, y+1*cellSize/4, 8, fmt.Sprintf("T%d", t))
		svgText(b, x+cellSize/2, y+3*cellSize/4, 8, fmt.Sprintf("V%d", v))
	}
	svgLabels(b, g.M, g.N)
	b.WriteString("</svg>\n")
	return b.Flush()
}

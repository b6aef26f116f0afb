package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"strconv"
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

// appendSVGRect appends the rect of the cell (m, n) at (x, y), filled with the color
// "r,g,b".
func appendSVGRect(s []byte, x, y int64, fill string, o SVGOptions, m, n int64) []byte {
	s = append(s, `<rect x="`...)
	s = strconv.AppendInt(s, x, 10)
	s = append(s, `" y="`...)
	s = strconv.AppendInt(s, y, 10)
	s = append(s, `" width="`...)
	s = strconv.AppendInt(s, cellSize, 10)
	s = append(s, `" height="`...)
	s = strconv.AppendInt(s, cellSize, 10)
	s = append(s, `" fill="rgb(`...)
	s = append(s, fill...)
	s = append(s, `)" stroke="black"`...)
	s = o.appendCellAttrs(s, m, n)
	return append(s, "/>\n"...)
}

// SVGOptions tunes an SVG picture.
type SVGOptions struct {
	// CellIDs marks each cell's rect with data-m and data-n (its row and column), for
	// pages that react to the pointer.
	CellIDs bool
}

func (o SVGOptions) cellAttrs(m, n int64) string { return string(o.appendCellAttrs(nil, m, n)) }

func (o SVGOptions) appendCellAttrs(s []byte, m, n int64) []byte {
	if !o.CellIDs {
		return s
	}
	s = append(s, ` class="cell" data-m="`...)
	s = strconv.AppendInt(s, m, 10)
	s = append(s, `" data-n="`...)
	s = strconv.AppendInt(s, n, 10)
	return append(s, '"')
}

// appendSVGText appends a text element centered at (x, y) showing prefix and the number
// k; fill is the text's fill attribute (textFill).
func appendSVGText(s []byte, x, y int64, size int, fill, prefix string, k int64) []byte {
	s = append(s, `<text x="`...)
	s = strconv.AppendInt(s, x, 10)
	s = append(s, `" y="`...)
	s = strconv.AppendInt(s, y, 10)
	s = append(s, `" text-anchor="middle" alignment-baseline="central" font-size="`...)
	s = strconv.AppendInt(s, int64(size), 10)
	s = append(s, '"')
	s = append(s, fill...)
	s = append(s, '>')
	s = append(s, prefix...)
	s = strconv.AppendInt(s, k, 10)
	return append(s, "</text>\n"...)
}

// textFill is the fill attribute of text on bg: none (black) or white.
func textFill(bg color.RGBA) string {
	if textColor(bg) == white {
		return ` fill="white"`
	}
	return ""
}

// svgBWx8Text is the fill attribute of text on each color of svgBWx8.
var svgBWx8Text = func() (f [8]string) {
	for i, c := range svgBWx8 {
		f[i] = textFill(rgb(c))
	}
	return f
}()

func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// svgLabels draws row labels left of the cells and column labels above them.
func svgLabels(b *bufio.Writer, M, N int64) {
	var s []byte
	for m := int64(0); m < M; m++ {
		s = appendSVGText(s[:0], cellSize/2, (m+1)*cellSize+cellSize/2, 12, "", "", m)
		b.Write(s)
	}
	for n := int64(0); n < N; n++ {
		s = appendSVGText(s[:0], (n+1)*cellSize+cellSize/2, cellSize/2, 12, "", "", n)
		b.Write(s)
	}
}

// indexFont shrinks the index text so that wide numbers stay inside a cell: the size
// for the printed width of idx (its sign included).
func indexFont(idx int64) int {
	switch {
	case -999 <= idx && idx <= 9999:
		return 8
	case -99999 <= idx && idx <= 999999:
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
	var s []byte
	for m := int64(0); m < g.M; m++ {
		for n := int64(0); n < g.N; n++ {
			idx := g.At(m, n)
			x, y := (n+1)*cellSize, (m+1)*cellSize
			s = appendSVGRect(s[:0], x, y, svgBWx8[mod8(idx)], o, m, n)
			s = appendSVGText(s, x+cellSize/2, y+cellSize/2, indexFont(idx), svgBWx8Text[mod8(idx)], "", idx)
			b.Write(s)
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
	var s []byte
	for _, c := range g.visitOrder() {
		m, n := int64(c)/g.N, int64(c)%g.N
		t, v, _ := g.At(m, n)
		x, y := (n+1)*cellSize, (m+1)*cellSize
		s = appendSVGRect(s[:0], x, y, svgTV[mod8(t)], o, m, n)
		s = appendSVGText(s, x+cellSize/2, y+1*cellSize/4, 8, "", "T", t)
		s = appendSVGText(s, x+cellSize/2, y+3*cellSize/4, 8, "", "V", v)
		b.Write(s)
	}
	svgLabels(b, g.M, g.N)
	b.WriteString("</svg>\n")
	return b.Flush()
}

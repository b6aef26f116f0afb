package render

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
)

// picture is what the PNG renderer (and the bank view's SVG) draws: a title, then an M×N
// table of cells with row labels on the left and column labels on top. Each of Grid, TV
// and Banks turns itself into one.
type picture struct {
	title []string
	M, N  int64
	cells []pcell // row-major M×N
}

// pcell is one cell of a picture: its lines of text on a background color; empty cells
// (a TV layout that does not cover its tile) are left white and unlabeled; marked cells
// (a bank conflict) get a thick red frame.
type pcell struct {
	lines  []string
	fill   color.RGBA
	empty  bool
	marked bool
}

func (g *Grid) picture() *picture {
	p := &picture{title: []string{g.Header}, M: g.M, N: g.N, cells: make([]pcell, g.M*g.N)}
	for m := int64(0); m < g.M; m++ {
		for n := int64(0); n < g.N; n++ {
			idx := g.At(m, n)
			p.cells[m*g.N+n] = pcell{lines: []string{strconv.FormatInt(idx, 10)}, fill: rgb(svgBWx8[mod8(idx)])}
		}
	}
	return p
}

func (g *TV) picture() *picture {
	p := &picture{title: []string{"TV " + g.Header + "  over tile " + g.Tile.String()}, M: g.M, N: g.N, cells: make([]pcell, g.M*g.N)}
	for m := int64(0); m < g.M; m++ {
		for n := int64(0); n < g.N; n++ {
			t, v, ok := g.At(m, n)
			if !ok {
				p.cells[m*g.N+n] = pcell{empty: true, fill: color.RGBA{255, 255, 255, 255}}
				continue
			}
			p.cells[m*g.N+n] = pcell{lines: []string{fmt.Sprintf("T%d", t), fmt.Sprintf("V%d", v)}, fill: rgb(svgTV[mod8(t)])}
		}
	}
	return p
}

// rgb parses one of CuTe's "r,g,b" color strings.
func rgb(s string) color.RGBA {
	var r, g, b uint8
	fmt.Sscanf(s, "%d,%d,%d", &r, &g, &b)
	return color.RGBA{r, g, b, 255}
}

// luminance is the WCAG relative luminance of an sRGB color, in [0, 1].
func luminance(c color.RGBA) float64 {
	lin := func(u uint8) float64 {
		x := float64(u) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// contrast is the WCAG contrast ratio of two colors, from 1 to 21.
func contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

var (
	black = color.RGBA{0, 0, 0, 255}
	white = color.RGBA{255, 255, 255, 255}
	// redFrame frames a marked cell (a bank conflict, a highlighted thread's element)
	redFrame = color.RGBA{220, 0, 0, 255}
)

// textColor is black or white, whichever contrasts more with the background.
func textColor(bg color.RGBA) color.RGBA {
	if contrast(bg, black) >= contrast(bg, white) {
		return black
	}
	return white
}

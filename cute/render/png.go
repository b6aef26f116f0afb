package render

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"github.com/cutego/cutego/cute"
)

// pngCell is the PNG cell size in pixels.
const pngCell = 32

// glyphs is a 3×5 pixel font for the characters the pictures need (rows top to bottom,
// bit 2 is the left column).
var glyphs = map[byte][5]uint8{
	'0': {7, 5, 5, 5, 7}, '1': {2, 6, 2, 2, 7}, '2': {7, 1, 7, 4, 7}, '3': {7, 1, 7, 1, 7},
	'4': {5, 5, 7, 1, 1}, '5': {7, 4, 7, 1, 7}, '6': {7, 4, 7, 5, 7}, '7': {7, 1, 1, 1, 1},
	'8': {7, 5, 7, 5, 7}, '9': {7, 5, 7, 1, 7}, '-': {0, 0, 7, 0, 0}, 'T': {7, 2, 2, 2, 2},
	'V': {5, 5, 5, 5, 2},
}

type canvas struct{ img *image.RGBA }

func newCanvas(w, h int) canvas {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	return canvas{img}
}

func (c canvas) fill(x0, y0, w, h int, col color.RGBA) {
	for y := y0; y < y0+h; y++ {
		for x := x0; x < x0+w; x++ {
			c.img.SetRGBA(x, y, col)
		}
	}
}

func (c canvas) box(x0, y0 int, col color.RGBA) {
	black := color.RGBA{0, 0, 0, 255}
	c.fill(x0, y0, pngCell, pngCell, black)
	c.fill(x0+1, y0+1, pngCell-2, pngCell-2, col)
}

// text draws s centered at (cx, cy), at scale 2 when it fits in a cell, else 1.
func (c canvas) text(cx, cy int, s string) {
	scale := 2
	if len(s)*4*scale > pngCell-2 {
		scale = 1
	}
	w := (len(s)*4 - 1) * scale
	x := cx - w/2
	y := cy - 5*scale/2
	black := color.RGBA{0, 0, 0, 255}
	for i := 0; i < len(s); i++ {
		g := glyphs[s[i]]
		for r := 0; r < 5; r++ {
			for k := 0; k < 3; k++ {
				if g[r]&(4>>k) != 0 {
					c.fill(x+(i*4+k)*scale, y+r*scale, scale, scale, black)
				}
			}
		}
	}
}

func rgb(s string) color.RGBA {
	var r, g, b uint8
	fmt.Sscanf(s, "%d,%d,%d", &r, &g, &b)
	return color.RGBA{r, g, b, 255}
}

func (c canvas) labels(M, N int64) {
	for m := int64(0); m < M; m++ {
		c.text(pngCell/2, int(m+1)*pngCell+pngCell/2, fmt.Sprint(m))
	}
	for n := int64(0); n < N; n++ {
		c.text(int(n+1)*pngCell+pngCell/2, pngCell/2, fmt.Sprint(n))
	}
}

// PNG draws a layout as SVG does, as a PNG image (32-pixel cells, a built-in pixel font).
func PNG(w io.Writer, v cute.Value) error {
	g, err := NewGrid(v)
	if err != nil {
		return err
	}
	return g.PNG(w)
}

// maxPNGCells bounds the cells of a PNG (4096² pixels at most).
const maxPNGCells = 128

// PNG draws the grid (see PNG).
func (g *Grid) PNG(w io.Writer) error {
	if g.M > maxPNGCells || g.N > maxPNGCells {
		return fmt.Errorf("png: %dx%d cells is too large (at most %d per side)", g.M, g.N, maxPNGCells)
	}
	c := newCanvas(int(g.N+1)*pngCell, int(g.M+1)*pngCell)
	for m := int64(0); m < g.M; m++ {
		for n := int64(0); n < g.N; n++ {
			idx := g.At(m, n)
			x, y := int(n+1)*pngCell, int(m+1)*pngCell
			c.box(x, y, rgb(svgBWx8[mod8(idx)]))
			c.text(x+pngCell/2, y+pngCell/2, fmt.Sprint(idx))
		}
	}
	c.labels(g.M, g.N)
	return png.Encode(w, c.img)
}

// PNGTV draws a thread-value layout as SVGTV does, as a PNG image.
func PNGTV(w io.Writer, tv cute.Layout, tile cute.IntTuple) error {
	g, err := NewTV(tv, tile)
	if err != nil {
		return err
	}
	return g.PNG(w)
}

// PNG draws the TV grid (see PNGTV).
func (g *TV) PNG(w io.Writer) error {
	if g.M > maxPNGCells || g.N > maxPNGCells {
		return fmt.Errorf("png: %dx%d cells is too large (at most %d per side)", g.M, g.N, maxPNGCells)
	}
	c := newCanvas(int(g.N+1)*pngCell, int(g.M+1)*pngCell)
	for m := int64(0); m < g.M; m++ {
		for n := int64(0); n < g.N; n++ {
			t, v, ok := g.At(m, n)
			if !ok {
				continue
			}
			x, y := int(n+1)*pngCell, int(m+1)*pngCell
			c.box(x, y, rgb(svgTV[mod8(t)]))
			c.text(x+pngCell/2, y+pngCell/4+1, fmt.Sprintf("T%d", t))
			c.text(x+pngCell/2, y+3*pngCell/4, fmt.Sprintf("V%d", v))
		}
	}
	c.labels(g.M, g.N)
	return png.Encode(w, c.img)
}

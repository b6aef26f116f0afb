package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// PNGOptions tunes a PNG picture.
type PNGOptions struct {
	// Scale multiplies every size (cells, text, lines); 0 means 1. At most MaxPNGScale.
	Scale float64
}

// MaxPNGScale bounds PNGOptions.Scale.
const MaxPNGScale = 8

// maxPNGSide bounds each side of a PNG, in pixels, and maxPNGPixels its area.
const (
	maxPNGSide   = 16384
	maxPNGPixels = 64 << 20
)

// Base sizes at scale 1, in pixels.
const (
	pngFontSize  = 13 // cell and axis labels
	pngTitleSize = 14 // the title line
	pngMinCell   = 30 // a cell is at least this wide and high
	pngPad       = 6  // margin around the picture and inside cells
)

var goRegular = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(goregular.TTF) })

// face returns the Go Regular font at size px. A face is not safe for concurrent use, so
// every picture makes its own.
func face(px float64) (font.Face, error) {
	f, err := goRegular()
	if err != nil {
		return nil, err
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull})
}

// WritePNG draws the grid with the given options.
func (g *Grid) WritePNG(w io.Writer, o PNGOptions) error { return g.picture().writePNG(w, o) }

// WritePNG draws the TV grid with the given options.
func (g *TV) WritePNG(w io.Writer, o PNGOptions) error { return g.picture().writePNG(w, o) }

// pngGeometry is where a picture's parts land in its PNG.
type pngGeometry struct {
	s                    float64 // scale
	titleH, lineH        int     // title block height; one text line's height
	x0, y0               int     // top-left corner of cell (0,0)
	cellW, cellH         int
	width, height        int
	labelFace, titleFace font.Face
	border               int
}

func (p *picture) geometry(o PNGOptions) (*pngGeometry, error) {
	s := o.Scale
	if s == 0 {
		s = 1
	}
	if !(s > 0 && s <= MaxPNGScale) {
		return nil, fmt.Errorf("png: scale %v is outside (0, %d]", o.Scale, MaxPNGScale)
	}
	px := func(v float64) int { return int(math.Round(v * s)) }
	lf, err := face(pngFontSize * s)
	if err != nil {
		return nil, err
	}
	tf, err := face(pngTitleSize * s)
	if err != nil {
		return nil, err
	}
	gm := &pngGeometry{s: s, labelFace: lf, titleFace: tf, border: max(1, px(1))}
	gm.lineH = lf.Metrics().Height.Ceil()
	maxLines, labelW := 1, 0
	for _, c := range p.cells {
		maxLines = max(maxLines, len(c.lines))
		for _, l := range c.lines {
			labelW = max(labelW, font.MeasureString(lf, l).Ceil())
		}
	}
	rowW := font.MeasureString(lf, strconv.FormatInt(max(p.M-1, 0), 10)).Ceil()
	labelW = max(labelW, font.MeasureString(lf, strconv.FormatInt(max(p.N-1, 0), 10)).Ceil())
	gm.cellW = max(px(pngMinCell), labelW+2*px(pngPad))
	gm.cellH = max(px(pngMinCell), maxLines*gm.lineH+px(pngPad))
	titleW, titleLineH := 0, tf.Metrics().Height.Ceil()
	for _, t := range p.title {
		titleW = max(titleW, font.MeasureString(tf, t).Ceil())
	}
	gm.titleH = len(p.title)*titleLineH + px(pngPad)
	gm.x0 = px(pngPad) + rowW + px(pngPad)
	gm.y0 = px(pngPad) + gm.titleH + gm.lineH + px(pngPad)/2
	if p.N > maxPNGSide || p.M > maxPNGSide {
		return nil, fmt.Errorf("png: %dx%d cells is too large", p.M, p.N)
	}
	w := int64(gm.x0) + p.N*int64(gm.cellW) + int64(px(pngPad))
	w = max(w, int64(titleW+2*px(pngPad)))
	h := int64(gm.y0) + p.M*int64(gm.cellH) + int64(px(pngPad))
	if w > maxPNGSide || h > maxPNGSide || w*h > maxPNGPixels {
		return nil, fmt.Errorf("png: %dx%d cells make a %dx%d-pixel image, larger than allowed (%d per side, %d pixels); draw a smaller layout or lower --scale",
			p.M, p.N, w, h, maxPNGSide, maxPNGPixels)
	}
	gm.width, gm.height = int(w), int(h)
	return gm, nil
}

// cellRect is the rectangle of cell (m, n), border included.
func (gm *pngGeometry) cellRect(m, n int64) image.Rectangle {
	x, y := gm.x0+int(n)*gm.cellW, gm.y0+int(m)*gm.cellH
	return image.Rect(x, y, x+gm.cellW+gm.border, y+gm.cellH+gm.border)
}

func (p *picture) writePNG(w io.Writer, o PNGOptions) error {
	gm, err := p.geometry(o)
	if err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, gm.width, gm.height))
	draw.Draw(img, img.Bounds(), image.NewUniform(white), image.Point{}, draw.Src)
	pad := int(math.Round(pngPad * gm.s))
	// Title, left-aligned.
	ty := pad
	for _, t := range p.title {
		m := gm.titleFace.Metrics()
		drawText(img, gm.titleFace, pad, ty+m.Ascent.Ceil(), t, black)
		ty += m.Height.Ceil()
	}
	// Column labels above, row labels to the left.
	for n := int64(0); n < p.N; n++ {
		r := gm.cellRect(0, n)
		textCentered(img, gm.labelFace, (r.Min.X+r.Max.X)/2, gm.y0-gm.lineH/2-pad/4, strconv.FormatInt(n, 10), black)
	}
	for m := int64(0); m < p.M; m++ {
		r := gm.cellRect(m, 0)
		textCentered(img, gm.labelFace, gm.x0/2, (r.Min.Y+r.Max.Y)/2, strconv.FormatInt(m, 10), black)
	}
	for m := int64(0); m < p.M; m++ {
		for n := int64(0); n < p.N; n++ {
			gm.drawCell(img, m, n, p.cells[m*p.N+n])
		}
	}
	return png.Encode(w, img)
}

// drawCell draws cell (m, n): its border, its background, the red frame of a marked
// cell, and its lines of text centered in black or white.
func (gm *pngGeometry) drawCell(img *image.RGBA, m, n int64, c pcell) {
	r := gm.cellRect(m, n)
	fill(img, r, black)
	in := r.Inset(gm.border)
	fill(img, in, c.fill)
	if c.marked {
		k := max(2, int(math.Round(3*gm.s)))
		fill(img, in, redFrame)
		fill(img, in.Inset(k), c.fill)
	}
	if c.empty {
		return
	}
	tc := textColor(c.fill)
	cx, cy := (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2
	top := cy - len(c.lines)*gm.lineH/2
	for i, l := range c.lines {
		textCentered(img, gm.labelFace, cx, top+i*gm.lineH+gm.lineH/2, l, tc)
	}
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// textCentered draws s with its box centered on (cx, cy).
func textCentered(img *image.RGBA, f font.Face, cx, cy int, s string, c color.RGBA) {
	m := f.Metrics()
	w := font.MeasureString(f, s)
	x := fixed.I(cx) - w/2
	// Center the digits' height (the cap height) on cy.
	base := cy + (m.CapHeight.Ceil())/2
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f, Dot: fixed.Point26_6{X: x, Y: fixed.I(base)}}
	d.DrawString(s)
}

func drawText(img *image.RGBA, f font.Face, x, baseline int, s string, c color.RGBA) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f, Dot: fixed.P(x, baseline)}
	d.DrawString(s)
}

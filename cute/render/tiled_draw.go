package render

import (
	"bufio"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"

	"golang.org/x/image/font"
)

// svgTitleLine is the height of a title line of a TiledPicture's SVG, in SVG units.
const svgTitleLine = 14

// WriteSVG draws the picture as SVG: CuTe's 20-unit cells (wider where a cell holds a
// reader list), colored by thread (SVGColor_TV), strips shaded by value (TSVGColor_BWx8),
// framed in red where marked, the title lines above.
func (pic *TiledPicture) WriteSVG(w io.Writer) error {
	cv, err := pic.canvas()
	if err != nil {
		return err
	}
	cw := int64(cellSize)
	titleW := int64(0)
	for _, c := range cv.cells {
		for _, l := range c.lines {
			cw = max(cw, int64(math.Ceil(4.6*float64(len(l))))+4)
		}
	}
	for _, t := range cv.title {
		titleW = max(titleW, int64(6*len(t))+8)
	}
	top := int64(len(cv.title))*svgTitleLine + 8
	b := bufio.NewWriter(w)
	for _, t := range cv.title {
		fmt.Fprintf(b, "<!--  %s  -->\n", xmlEscape(t))
	}
	svgHeader(b, max(cv.cols*cw, titleW), top+cv.rows*cellSize)
	for i, t := range cv.title {
		fmt.Fprintf(b, "<text x=\"4\" y=\"%d\" font-size=\"10\">%s</text>\n", int64(i+1)*svgTitleLine, xmlEscape(t))
	}
	for r := int64(0); r < cv.rows; r++ {
		for c := int64(0); c < cv.cols; c++ {
			x, y := c*cw, top+r*cellSize
			cell := cv.cells[r*cv.cols+c]
			switch cell.kind {
			case ccNone:
				continue
			case ccCell:
				stroke := `stroke="black"`
				if cell.marked {
					stroke = `stroke="rgb(220,0,0)" stroke-width="3"`
				}
				fmt.Fprintf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\" %s/>\n",
					x, y, cw, cellSize, cell.fill.R, cell.fill.G, cell.fill.B, stroke)
			}
			size, fill := 8, textFill(cell.fill)
			if cell.kind == ccLabel {
				size, fill = 12, ""
			}
			for k, l := range cell.lines {
				ty := y + cellSize/2
				if len(cell.lines) == 2 {
					ty = y + int64(1+2*k)*cellSize/4
				}
				fmt.Fprintf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"%d\"%s>%s</text>\n",
					x+cw/2, ty, size, fill, xmlEscape(l))
			}
		}
	}
	b.WriteString("</svg>\n")
	return b.Flush()
}

// WritePNG draws the picture as PNG, with the cells and text of the other PNG pictures.
func (pic *TiledPicture) WritePNG(w io.Writer, o PNGOptions) error {
	cv, err := pic.canvas()
	if err != nil {
		return err
	}
	s := o.Scale
	if s == 0 {
		s = 1
	}
	if !(s > 0 && s <= MaxPNGScale) {
		return fmt.Errorf("png: scale %v is outside (0, %d]", o.Scale, MaxPNGScale)
	}
	px := func(v float64) int { return int(math.Round(v * s)) }
	lf, err := face(pngFontSize * s)
	if err != nil {
		return err
	}
	tf, err := face(pngTitleSize * s)
	if err != nil {
		return err
	}
	lineH, pad, border := lf.Metrics().Height.Ceil(), px(pngPad), max(1, px(1))
	cellW, cellH := px(pngMinCell), px(pngMinCell)
	for _, c := range cv.cells {
		for _, l := range c.lines {
			cellW = max(cellW, font.MeasureString(lf, l).Ceil()+2*pad)
		}
		cellH = max(cellH, len(c.lines)*lineH+pad)
	}
	titleW, titleLine := 0, tf.Metrics().Height.Ceil()
	for _, t := range cv.title {
		titleW = max(titleW, font.MeasureString(tf, t).Ceil())
	}
	y0 := pad + len(cv.title)*titleLine + pad
	wd := max(int64(2*pad)+cv.cols*int64(cellW), int64(titleW+2*pad))
	ht := int64(y0) + cv.rows*int64(cellH) + int64(pad)
	if cv.cols > maxPNGSide || cv.rows > maxPNGSide || wd > maxPNGSide || ht > maxPNGSide || wd*ht > maxPNGPixels {
		return fmt.Errorf("png: %dx%d cells make a %dx%d-pixel image, larger than allowed (%d per side, %d pixels); draw a smaller picture or lower --scale",
			cv.rows, cv.cols, wd, ht, maxPNGSide, maxPNGPixels)
	}
	img := image.NewRGBA(image.Rect(0, 0, int(wd), int(ht)))
	draw.Draw(img, img.Bounds(), image.NewUniform(white), image.Point{}, draw.Src)
	ty := pad
	for _, t := range cv.title {
		drawText(img, tf, pad, ty+tf.Metrics().Ascent.Ceil(), t, black)
		ty += titleLine
	}
	for r := int64(0); r < cv.rows; r++ {
		for c := int64(0); c < cv.cols; c++ {
			cell := cv.cells[r*cv.cols+c]
			x, y := pad+int(c)*cellW, y0+int(r)*cellH
			rect := image.Rect(x, y, x+cellW+border, y+cellH+border)
			tc := black
			switch cell.kind {
			case ccNone:
				continue
			case ccCell:
				fill(img, rect, black)
				in := rect.Inset(border)
				fill(img, in, cell.fill)
				if cell.marked {
					k := max(2, int(math.Round(3*s)))
					fill(img, in, redFrame)
					fill(img, in.Inset(k), cell.fill)
				}
				tc = textColor(cell.fill)
			}
			cx, cy := (rect.Min.X+rect.Max.X)/2, (rect.Min.Y+rect.Max.Y)/2
			top := cy - len(cell.lines)*lineH/2
			for i, l := range cell.lines {
				textCentered(img, lf, cx, top+i*lineH+lineH/2, l, tc)
			}
		}
	}
	return png.Encode(w, img)
}

// String is the picture's title and panels as text: a line per panel row, a cell as T/V
// (or its reader list, or a strip's value), `*` after a marked cell.
func (pic *TiledPicture) String() string {
	var b []byte
	for _, t := range pic.Title {
		b = append(b, t...)
		b = append(b, '\n')
	}
	for _, p := range pic.Panels {
		b = append(b, p.Title...)
		b = append(b, ":\n"...)
		for m := int64(0); m < p.M; m++ {
			for n := int64(0); n < p.N; n++ {
				c := p.At(m, n)
				if n > 0 {
					b = append(b, ' ')
				}
				switch {
				case p.Strip:
					b = strconv.AppendInt(b, c.Index, 10)
				case c.Thread < 0:
					b = append(b, '.')
				default:
					b = append(b, 'T')
					b = strconv.AppendInt(b, c.Thread, 10)
					b = append(b, 'V')
					b = strconv.AppendInt(b, c.Value, 10)
				}
				if c.Marked {
					b = append(b, '*')
				}
			}
			b = append(b, '\n')
		}
	}
	return string(b)
}

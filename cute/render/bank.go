package render

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
)

// Shared memory, as NVIDIA GPUs since Maxwell have it: 32 banks, each 4 bytes wide;
// a warp's access is served in wavefronts of at most 128 bytes, and two threads of one
// wavefront that reach different 4-byte words of the same bank conflict (the wavefront
// is replayed once per extra word). Threads reading the same word do not conflict.
const (
	NumBanks  = 32
	BankBytes = 4
	// WavefrontBytes is the most bytes one conflict-free shared-memory wavefront serves.
	WavefrontBytes = NumBanks * BankBytes
)

// Access says which cells one warp reads together in the bank view.
type Access int

const (
	// AlongM: thread i of a warp reads cell (m0+i, n), down a column (mode 0), as a
	// column-major thread layout does. A transposed read of a row-major tile conflicts.
	AlongM Access = iota
	// AlongN: thread i reads cell (m, n0+i), along a row (mode 1).
	AlongN
)

// ParseAccess reads "m"/"col"/"column" (AlongM) or "n"/"row" (AlongN).
func ParseAccess(s string) (Access, error) {
	switch s {
	case "", "m", "M", "col", "column", "columns":
		return AlongM, nil
	case "n", "N", "row", "rows":
		return AlongN, nil
	}
	return 0, fmt.Errorf("bank view: unknown access %q (m for columns, n for rows)", s)
}

func (a Access) String() string {
	if a == AlongN {
		return "rows (mode 1)"
	}
	return "columns (mode 0)"
}

// Banks is the shared-memory bank view of a grid whose cells are element offsets: the
// bank that each element's first byte lands in, and, for each cell, how many distinct
// words its wavefront reaches in that bank (1: no conflict).
type Banks struct {
	Grid      *Grid
	ElemBytes int64
	Access    Access
	// Wavefront is the number of cells one wavefront reads: a warp's 32 threads, or
	// fewer for elements wider than 4 bytes (128 bytes per wavefront).
	Wavefront int64
	// Worst is the largest conflict degree (words in one bank) of any wavefront; 1 is
	// conflict-free.
	Worst int
	bank  []int
	ways  []int
}

// NewBanks computes the bank view of g for elements of elemBytes bytes (1, 2, 4, 8 or
// 16), the warp reading along the given direction. An element of 8 or 16 bytes spans 2
// or 4 banks; its cell shows the first and counts conflicts over all of them.
func NewBanks(g *Grid, elemBytes int64, access Access) (*Banks, error) {
	switch elemBytes {
	case 1, 2, 4, 8, 16:
	default:
		return nil, fmt.Errorf("bank view: element size %d bytes is not 1, 2, 4, 8 or 16", elemBytes)
	}
	b := &Banks{Grid: g, ElemBytes: elemBytes, Access: access, Worst: 1,
		Wavefront: min(NumBanks, WavefrontBytes/elemBytes),
		bank:      make([]int, g.M*g.N), ways: make([]int, g.M*g.N)}
	for k, idx := range g.idx {
		if idx < 0 {
			return nil, fmt.Errorf("bank view: cell (%d,%d) has the negative offset %d", int64(k)/g.N, int64(k)%g.N, idx)
		}
		if idx > math.MaxInt64/elemBytes {
			return nil, fmt.Errorf("bank view: offset %d × %d bytes overflows int64", idx, elemBytes)
		}
		b.bank[k] = int(idx * elemBytes / BankBytes % NumBanks)
	}
	lines, along := g.N, g.M // columns: for each n, cells m = 0..M-1
	cell := func(line, i int64) int64 { return i*g.N + line }
	if access == AlongN {
		lines, along = g.M, g.N
		cell = func(line, i int64) int64 { return line*g.N + i }
	}
	wordsPerElem := max(1, elemBytes/BankBytes)
	var words [NumBanks]map[int64]bool
	for line := int64(0); line < lines; line++ {
		for start := int64(0); start < along; start += b.Wavefront {
			end := min(along, start+b.Wavefront)
			for i := range words {
				words[i] = nil
			}
			for i := start; i < end; i++ {
				w0 := g.idx[cell(line, i)] * elemBytes / BankBytes
				for w := w0; w < w0+wordsPerElem; w++ {
					bk := w % NumBanks
					if words[bk] == nil {
						words[bk] = map[int64]bool{}
					}
					words[bk][w] = true
				}
			}
			for i := start; i < end; i++ {
				k := cell(line, i)
				w0 := g.idx[k] * elemBytes / BankBytes
				ways := 1
				for w := w0; w < w0+wordsPerElem; w++ {
					ways = max(ways, len(words[w%NumBanks]))
				}
				b.ways[k] = ways
				b.Worst = max(b.Worst, ways)
			}
		}
	}
	return b, nil
}

// At returns the bank of cell (m, n) and the number of distinct words its wavefront
// reaches in that bank (1 when there is no conflict).
func (b *Banks) At(m, n int64) (bank, ways int) {
	k := m*b.Grid.N + n
	return b.bank[k], b.ways[k]
}

// Summary is the bank view's second title line.
func (b *Banks) Summary() string {
	verdict := "conflict-free"
	if b.Worst > 1 {
		verdict = fmt.Sprintf("worst wavefront: %d-way bank conflict (framed in red)", b.Worst)
	}
	return fmt.Sprintf("banks of %d-byte elements (%d banks x %d B); a warp reads along %s, %d cells per wavefront; %s",
		b.ElemBytes, NumBanks, BankBytes, b.Access, b.Wavefront, verdict)
}

// bankColor gives each of the 32 banks its own light color (hue around the circle),
// light enough for black text.
func bankColor(bank int) color.RGBA {
	h := float64(bank*11%NumBanks) / NumBanks * 6 // spread neighbours apart
	const s, v = 0.38, 1.0
	i := math.Floor(h)
	f := h - i
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	var r, g, bl float64
	switch int(i) % 6 {
	case 0:
		r, g, bl = v, t, p
	case 1:
		r, g, bl = q, v, p
	case 2:
		r, g, bl = p, v, t
	case 3:
		r, g, bl = p, q, v
	case 4:
		r, g, bl = t, p, v
	default:
		r, g, bl = v, p, q
	}
	c := func(x float64) uint8 { return uint8(math.Round(x * 255)) }
	return color.RGBA{c(r), c(g), c(bl), 255}
}

func (b *Banks) picture() *picture {
	g := b.Grid
	p := &picture{title: []string{g.Header, b.Summary()}, M: g.M, N: g.N, cells: make([]pcell, g.M*g.N)}
	for k := range p.cells {
		p.cells[k] = pcell{lines: []string{"b" + strconv.Itoa(b.bank[k])}, fill: bankColor(b.bank[k]), marked: b.ways[k] > 1}
	}
	return p
}

// WritePNG draws the bank view: each cell colored and labeled by its bank, cells of a
// conflicting wavefront framed in red, the layout and a summary in the title.
func (b *Banks) WritePNG(w io.Writer, o PNGOptions) error { return b.picture().writePNG(w, o) }

// SVG draws the bank view as SVG (see WritePNG).
func (b *Banks) SVG(w io.Writer) error { return b.picture().svg(w, SVGOptions{}) }

// WriteSVG draws the bank view as SVG with the given options.
func (b *Banks) WriteSVG(w io.Writer, o SVGOptions) error { return b.picture().svg(w, o) }

// svg draws a picture in the style of the other SVGs: 20-unit-high cells, the title as
// text above the table.
func (p *picture) svg(w io.Writer, o SVGOptions) error {
	bw := bufio.NewWriter(w)
	cw := int64(cellSize)
	for _, c := range p.cells {
		for _, l := range c.lines {
			cw = max(cw, int64(len(l))*6+6)
		}
	}
	top := int64(len(p.title))*14 + 4
	for _, t := range p.title {
		fmt.Fprintf(bw, "<!--  %s  -->\n", xmlEscape(t))
	}
	width := cellSize + p.N*cw
	for _, t := range p.title { // about 5.6 units per character at font-size 10
		width = max(width, int64(len(t))*56/10+4)
	}
	fmt.Fprintf(bw, "<svg width=\"100%%\" height=\"100%%\" viewBox=\"0 0 %d %d\" "+
		"preserveAspectRatio=\"xMidYMid meet\" xmlns=\"http://www.w3.org/2000/svg\">\n", width, top+(p.M+1)*cellSize)
	for i, t := range p.title {
		fmt.Fprintf(bw, "<text x=\"2\" y=\"%d\" font-size=\"10\" font-family=\"sans-serif\">%s</text>\n", int64(i)*14+12, xmlEscape(t))
	}
	for m := int64(0); m < p.M; m++ {
		for n := int64(0); n < p.N; n++ {
			c := p.cells[m*p.N+n]
			x, y := cellSize+n*cw, top+(m+1)*cellSize
			stroke, sw := "black", 1
			if c.marked {
				stroke, sw = "rgb(220,0,0)", 2
			}
			fmt.Fprintf(bw, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\" stroke=\"%s\" stroke-width=\"%d\"%s/>\n",
				x, y, cw, cellSize, c.fill.R, c.fill.G, c.fill.B, stroke, sw, o.cellAttrs(m, n))
			for i, l := range c.lines {
				ly := y + int64(2*i+1)*cellSize/int64(2*len(c.lines))
				fmt.Fprintf(bw, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"8\"%s>%s</text>\n",
					x+cw/2, ly, textFill(c.fill), xmlEscape(l))
			}
		}
	}
	for m := int64(0); m < p.M; m++ {
		fmt.Fprintf(bw, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"12\">%d</text>\n", cellSize/2, top+(m+1)*cellSize+cellSize/2, m)
	}
	for n := int64(0); n < p.N; n++ {
		fmt.Fprintf(bw, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"12\">%d</text>\n", cellSize+n*cw+cw/2, top+cellSize/2, n)
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

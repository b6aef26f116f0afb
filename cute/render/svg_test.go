package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wellFormed parses the SVG as XML and counts its elements by name.
func wellFormed(t *testing.T, s string) map[string]int {
	d := xml.NewDecoder(strings.NewReader(s))
	n := map[string]int{}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return n
		}
		require.NoError(t, err)
		if se, ok := tok.(xml.StartElement); ok {
			n[se.Name.Local]++
		}
	}
}

func TestSVGLayout(t *testing.T) {
	l := cute.MustLayout(cute.Ints(4, 5), cute.Ints(16, 64))
	var b bytes.Buffer
	require.NoError(t, SVG(&b, l))
	n := wellFormed(t, b.String())
	assert.Equal(t, 20, n["rect"])
	assert.Equal(t, 20+4+5, n["text"])
	// Cell (1,2) holds 16+128 = 144, shaded 144 mod 8 = 0 (white); it sits at x=60,y=40.
	assert.Contains(t, b.String(), `<rect x="60" y="40" width="20" height="20" fill="rgb(255,255,255)" stroke="black"/>`)
	assert.Contains(t, b.String(), `<text x="70" y="50" text-anchor="middle" alignment-baseline="central" font-size="8">144</text>`)
}

func TestSVGTV(t *testing.T) {
	// 8 threads × 2 values over a 4×4 tile, thread t owning column-major elements 2t, 2t+1.
	tv := cute.MustLayout(cute.Ints(8, 2), cute.Ints(2, 1))
	var b bytes.Buffer
	require.NoError(t, SVGTV(&b, tv, cute.Ints(4, 4)))
	n := wellFormed(t, b.String())
	assert.Equal(t, 16, n["rect"])
	// Element 5 = (m,n) = (1,1) belongs to T2 V1, color 255,255,175 (SVGColor_TV[2]).
	assert.Contains(t, b.String(), `<rect x="40" y="40" width="20" height="20" fill="rgb(255,255,175)" stroke="black"/>`)
	assert.Contains(t, b.String(), `>T2</text>`)
}

func TestTVErrors(t *testing.T) {
	tv := cute.MustLayout(cute.Ints(8, 2), cute.Ints(2, 1))
	assert.Error(t, SVGTV(io.Discard, tv, cute.Ints(2, 4)), "index 15 is outside a 2x4 tile")
	assert.Error(t, SVGTV(io.Discard, tv, cute.Int(16)), "tile must be rank 2")
	assert.Error(t, SVGTV(io.Discard, cute.MustLayout(cute.Int(8), cute.Int(1)), cute.Ints(4, 4)))
}

// svgCell is one drawn cell of an SVG: its row and column (from the rect's place on the
// grid of row and column labels), its rect element, and its text.
type svgCell struct {
	m, n int64
	rect string
	text string
}

// svgCells reads the cells of a picture as a browser would see them: each rect, and the
// text element centered on it. Row and column numbers come from the label texts that
// share the rect's y (left) and x (above).
func svgCells(t *testing.T, s string) []svgCell {
	t.Helper()
	type rect struct{ x, y, w, h float64 }
	type text struct {
		x, y float64
		s    string
	}
	var rects []rect
	var raws []string
	var texts []text
	d := xml.NewDecoder(strings.NewReader(s))
	attr := func(se xml.StartElement, k string) float64 {
		for _, a := range se.Attr {
			if a.Name.Local == k {
				f, err := strconv.ParseFloat(a.Value, 64)
				require.NoError(t, err)
				return f
			}
		}
		return -1
	}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "rect":
			rects = append(rects, rect{attr(se, "x"), attr(se, "y"), attr(se, "width"), attr(se, "height")})
			var b strings.Builder
			for _, a := range se.Attr {
				b.WriteString(a.Name.Local + `="` + a.Value + `" `)
			}
			raws = append(raws, b.String())
		case "text":
			var content string
			require.NoError(t, d.DecodeElement(&content, &se))
			texts = append(texts, text{attr(se, "x"), attr(se, "y"), content})
		}
	}
	minX, minY := math.Inf(1), math.Inf(1)
	for _, r := range rects {
		minX, minY = math.Min(minX, r.x), math.Min(minY, r.y)
	}
	var out []svgCell
	for i, r := range rects {
		c := svgCell{m: -1, n: -1, rect: raws[i]}
		var lines []string
		for _, tx := range texts {
			switch {
			case tx.x > r.x && tx.x < r.x+r.w && tx.y > r.y && tx.y < r.y+r.h:
				lines = append(lines, tx.s)
			case tx.x < minX && tx.y == r.y+r.h/2: // row label, left of the table
				c.m, _ = strconv.ParseInt(tx.s, 10, 64)
			case tx.x == r.x+r.w/2 && tx.y < minY && tx.y > minY-r.h: // column label, above it
				c.n, _ = strconv.ParseInt(tx.s, 10, 64)
			}
		}
		c.text = strings.Join(lines, " ")
		out = append(out, c)
	}
	return out
}

// swz is CuTe's Swizzle<B,M,S> computed by hand: the B bits at M+S, moved down by S,
// XORed in.
func swz(b, m, s, x int64) int64 {
	mask := ((int64(1) << b) - 1) << (m + s)
	return x ^ ((x & mask) >> s)
}

// TestSVGCellLabels reads every drawn cell back (rect + centered text + row/column
// labels) and checks its label against the layout's value computed by hand.
func TestSVGCellLabels(t *testing.T) {
	for _, c := range []struct {
		expr string
		want func(m, n int64) int64
		M, N int64
	}{
		{"(4,5):(16,64)", func(m, n int64) int64 { return 16*m + 64*n }, 4, 5},
		{"(3,7):(-5,1000000)", func(m, n int64) int64 { return -5*m + 1000000*n }, 3, 7},
		{"((2,2),3):((1,6),2)", func(m, n int64) int64 { return m%2 + 6*(m/2) + 2*n }, 4, 3},
		{"Sw<2,1,3> o 0 o (8,8):(8,1)", func(m, n int64) int64 { return swz(2, 1, 3, 8*m+n) }, 8, 8},
		{"(4,4)", func(m, n int64) int64 { return m + 4*n }, 4, 4},
		{"6:2", func(m, n int64) int64 { return 2 * m }, 6, 1},
	} {
		v, err := cute.Parse(c.expr)
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, SVG(&b, v), c.expr)
		cells := svgCells(t, b.String())
		require.Len(t, cells, int(c.M*c.N), c.expr)
		seen := map[[2]int64]bool{}
		for _, cell := range cells {
			require.True(t, cell.m >= 0 && cell.n >= 0, "%s: cell without row/column label", c.expr)
			seen[[2]int64{cell.m, cell.n}] = true
			assert.Equal(t, itoa(c.want(cell.m, cell.n)), cell.text, "%s at (%d,%d)", c.expr, cell.m, cell.n)
		}
		assert.Len(t, seen, int(c.M*c.N))
	}
}

// TestSVGTVCellLabels: each drawn cell (m,n) reads "T<t> V<v>" with tv(t,v) = m + n·M,
// the column-major position in the tile, computed by hand from the TV layout's strides.
func TestSVGTVCellLabels(t *testing.T) {
	// ((4,2),2):((2,16),1) over (8,4): tv(t,v) = 2·(t%4) + 16·(t/4) + v.
	tv := cute.MustLayout(cute.Tuple(cute.Ints(4, 2), cute.Int(2)), cute.Tuple(cute.Ints(2, 16), cute.Int(1)))
	var b bytes.Buffer
	require.NoError(t, SVGTV(&b, tv, cute.Ints(8, 4)))
	cells := svgCells(t, b.String())
	require.Len(t, cells, 16) // 8 threads × 2 values; columns 1 and 3 stay empty
	for _, c := range cells {
		var th, v int64
		_, err := fmt.Sscanf(c.text, "T%d V%d", &th, &v)
		require.NoError(t, err, c.text)
		assert.Equal(t, c.m+8*c.n, 2*(th%4)+16*(th/4)+v, "cell (%d,%d) = %s", c.m, c.n, c.text)
	}
}

// TestSVGDarkCellsWhiteText: labels on the darker grays are white.
func TestSVGDarkCellsWhiteText(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, SVG(&b, cute.MustLayout(cute.Int(8), cute.Int(1))))
	assert.Contains(t, b.String(), `font-size="8" fill="white">7</text>`)
	assert.Contains(t, b.String(), `font-size="8">0</text>`)
}

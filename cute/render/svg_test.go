package render

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
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

func TestPNG(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, PNG(&b, cute.MustLayout(cute.Ints(4, 5), cute.Ints(16, 64))))
	img, err := png.Decode(&b)
	require.NoError(t, err)
	assert.Equal(t, 6*pngCell, img.Bounds().Dx())
	assert.Equal(t, 5*pngCell, img.Bounds().Dy())
	// Cell (0,1) holds 64: 64 mod 8 = 0, white inside, black border.
	r, g, bb, _ := img.At(2*pngCell+2, pngCell+2).RGBA()
	assert.Equal(t, []uint32{0xffff, 0xffff, 0xffff}, []uint32{r, g, bb})
	r, _, _, _ = img.At(2*pngCell, pngCell+5).RGBA()
	assert.Equal(t, uint32(0), r)
	b.Reset()
	require.NoError(t, PNGTV(&b, cute.MustLayout(cute.Ints(8, 2), cute.Ints(2, 1)), cute.Ints(4, 4)))
	_, err = png.Decode(&b)
	require.NoError(t, err)
}

package render

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata/ (then look at them)")

// brute is the value of cell (m, n) of the rank-2 layout with integer shape (M,N) and
// strides (dm, dn), computed by hand: m·dm + n·dn.
func brute(m, n, dm, dn int64) int64 { return m*dm + n*dn }

// goldenPNGs are the pictures kept in testdata/*.png. Each was looked at by a person
// (a label per cell, readable on every gray, the title line) before it was kept.
var goldenPNGs = []struct {
	name string
	draw func() ([]byte, error)
}{
	{"layout_4x5", func() ([]byte, error) {
		return pngOf(mustGrid(cute.MustLayout(cute.Ints(4, 5), cute.Ints(16, 64))).picture(), 1)
	}},
	{"layout_wide_scale2", func() ([]byte, error) {
		return pngOf(mustGrid(cute.MustLayout(cute.Ints(8, 3), cute.Ints(1, 123456))).picture(), 2)
	}},
	{"tv_8x2_over_4x4", func() ([]byte, error) {
		g, err := NewTV(cute.MustLayout(cute.Ints(8, 2), cute.Ints(2, 1)), cute.Ints(4, 4))
		if err != nil {
			return nil, err
		}
		return pngOf(g.picture(), 1)
	}},
	{"bank_8x8_rowmajor", func() ([]byte, error) {
		b, err := NewBanks(mustGrid(cute.MustLayout(cute.Ints(8, 8), cute.Ints(8, 1))), 16, AlongM)
		if err != nil {
			return nil, err
		}
		return pngOf(b.picture(), 1)
	}},
}

func mustGrid(v cute.Value) *Grid {
	g, err := NewGrid(v)
	if err != nil {
		panic(err)
	}
	return g
}

func pngOf(p *picture, scale float64) ([]byte, error) {
	var b bytes.Buffer
	err := p.writePNG(&b, PNGOptions{Scale: scale})
	return b.Bytes(), err
}

// TestPNGGolden compares each picture with its golden file byte for byte (the font and
// its rasterizer are pinned by go.sum). Run with -update to rewrite them, then look.
func TestPNGGolden(t *testing.T) {
	for _, c := range goldenPNGs {
		got, err := c.draw()
		require.NoError(t, err, c.name)
		path := filepath.Join("testdata", c.name+".png")
		if *update {
			require.NoError(t, os.WriteFile(path, got, 0o644))
			continue
		}
		want, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(want, got), "%s differs from %s (run go test -update, then look at it)", c.name, path)
	}
}

// checkPNGCells decodes a PNG of picture p and checks every cell against want(m, n): the
// cell's pixels must be exactly those of that cell (labels, background, frame) drawn
// alone. want is computed by the test, by hand, not from p.
func checkPNGCells(t *testing.T, p *picture, scale float64, want func(m, n int64) pcell) {
	t.Helper()
	data, err := pngOf(p, scale)
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	gm, err := p.geometry(PNGOptions{Scale: scale})
	require.NoError(t, err)
	for m := int64(0); m < p.M; m++ {
		for n := int64(0); n < p.N; n++ {
			c := want(m, n)
			r := gm.cellRect(m, n)
			ref := image.NewRGBA(r)
			gm.drawCell(ref, m, n, c)
			diff, ink := 0, 0
			in := r.Inset(gm.border)
			for y := in.Min.Y; y < in.Max.Y; y++ {
				for x := in.Min.X; x < in.Max.X; x++ {
					if color.RGBAModel.Convert(img.At(x, y)) != color.Color(ref.RGBAAt(x, y)) {
						diff++
					}
					if ref.RGBAAt(x, y) != c.fill {
						ink++
					}
				}
			}
			assert.Zero(t, diff, "cell (%d,%d) does not show %v", m, n, c.lines)
			if !c.empty {
				assert.NotZero(t, ink, "cell (%d,%d): no ink", m, n)
			}
		}
	}
}

// TestPNGCellLabels checks every cell of PNGs of layouts: the index computed by hand from
// shape and stride, on the gray of index mod 8 (CuTe's TSVGColor_BWx8). A wrong, moved
// or missing label fails.
func TestPNGCellLabels(t *testing.T) {
	for _, tc := range []struct {
		M, N, dm, dn int64
		scale        float64
	}{{4, 5, 16, 64, 1}, {3, 4, 1000001, 7, 1}, {2, 3, 5, 1, 2.5}} {
		g := mustGrid(cute.MustLayout(cute.Ints(tc.M, tc.N), cute.Ints(tc.dm, tc.dn)))
		checkPNGCells(t, g.picture(), tc.scale, func(m, n int64) pcell {
			v := brute(m, n, tc.dm, tc.dn)
			return pcell{lines: []string{itoa(v)}, fill: rgb(svgBWx8[mod8(v)])}
		})
	}
}

// TestPNGTVCellLabels: (8,2):(2,1) over (4,4): cell (m,n) is position k = m + 4n, owned
// by thread k/2, value k%2, colored by thread (CuTe's SVGColor_TV).
func TestPNGTVCellLabels(t *testing.T) {
	g, err := NewTV(cute.MustLayout(cute.Ints(8, 2), cute.Ints(2, 1)), cute.Ints(4, 4))
	require.NoError(t, err)
	checkPNGCells(t, g.picture(), 1, func(m, n int64) pcell {
		k := m + 4*n
		return pcell{lines: []string{"T" + itoa(k/2), "V" + itoa(k%2)}, fill: rgb(svgTV[mod8(k/2)])}
	})
}

// TestPNGBankCellLabels: the bank view of (8,8):(8,1) with 16-byte elements: cell (m,n)
// starts at byte 16·(8m+n), bank 4n, and every column is an 8-way conflict (framed).
func TestPNGBankCellLabels(t *testing.T) {
	b, err := NewBanks(mustGrid(cute.MustLayout(cute.Ints(8, 8), cute.Ints(8, 1))), 16, AlongM)
	require.NoError(t, err)
	checkPNGCells(t, b.picture(), 1, func(m, n int64) pcell {
		bank := int(16 * (8*m + n) / 4 % 32)
		return pcell{lines: []string{"b" + itoa(int64(bank))}, fill: bankColor(bank), marked: true}
	})
}

func itoa(v int64) string { return cute.Int(v).String() }

// TestTextContrast: on every background the pictures use (CuTe's eight grays, the eight
// TV colors, the 32 bank colors) the chosen text color reaches WCAG's 4.5:1 contrast.
func TestTextContrast(t *testing.T) {
	var bgs []color.RGBA
	for _, s := range svgBWx8 {
		bgs = append(bgs, rgb(s))
	}
	for _, s := range svgTV {
		bgs = append(bgs, rgb(s))
	}
	for b := 0; b < NumBanks; b++ {
		bgs = append(bgs, bankColor(b))
	}
	for _, bg := range bgs {
		assert.GreaterOrEqual(t, contrast(bg, textColor(bg)), 4.5, "text on %v", bg)
	}
	// The darkest gray (80,80,80) takes white text, the lightest black.
	assert.Equal(t, white, textColor(rgb(svgBWx8[7])))
	assert.Equal(t, black, textColor(rgb(svgBWx8[0])))
	// WCAG's reference values: black on white is 21:1.
	assert.InDelta(t, 21.0, contrast(black, white), 1e-9)
}

func TestPNGTitleAndScale(t *testing.T) {
	g := mustGrid(cute.MustLayout(cute.Ints(4, 5), cute.Ints(16, 64)))
	sizes := map[float64]image.Rectangle{}
	for _, s := range []float64{1, 2, 3} {
		var b bytes.Buffer
		require.NoError(t, g.WritePNG(&b, PNGOptions{Scale: s}))
		img, err := png.Decode(&b)
		require.NoError(t, err)
		sizes[s] = img.Bounds()
		// Title line: dark pixels in the top band, left of the table.
		gm, _ := g.picture().geometry(PNGOptions{Scale: s})
		dark := 0
		for y := 0; y < gm.titleH; y++ {
			for x := 0; x < img.Bounds().Dx(); x++ {
				if r, _, _, _ := img.At(x, y).RGBA(); r < 0x4000 {
					dark++
				}
			}
		}
		assert.NotZero(t, dark, "scale %v: no title", s)
	}
	assert.InDelta(t, 2*sizes[1].Dx(), sizes[2].Dx(), 4)
	assert.InDelta(t, 3*sizes[1].Dy(), sizes[3].Dy(), 6)
	assert.Error(t, g.WritePNG(&bytes.Buffer{}, PNGOptions{Scale: -1}))
	assert.Error(t, g.WritePNG(&bytes.Buffer{}, PNGOptions{Scale: 100}))
	// Too many pixels is refused, not drawn.
	big := mustGrid(cute.MustLayout(cute.Ints(1024, 1024), cute.Ints(1, 1024)))
	assert.ErrorContains(t, big.WritePNG(&bytes.Buffer{}, PNGOptions{}), "larger than allowed")
}

package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func banksOf(t *testing.T, layout string, elem int64, a Access) *Banks {
	t.Helper()
	v, err := cute.Parse(layout)
	require.NoError(t, err)
	g, err := NewGrid(v)
	require.NoError(t, err)
	b, err := NewBanks(g, elem, a)
	require.NoError(t, err)
	return b
}

// TestBankConflicts: the textbook cases of shared-memory bank conflicts (CUDA C++
// Programming Guide, "Shared Memory"; the padding and swizzling tricks of CuTe's
// Swizzle<B,M,S>).
func TestBankConflicts(t *testing.T) {
	for _, c := range []struct {
		layout string
		elem   int64
		access Access
		worst  int
	}{
		// A 32×32 float tile stored row-major: reading a column puts all 32 threads in
		// bank n; reading a row is conflict-free.
		{"(32,32):(32,1)", 4, AlongM, 32},
		{"(32,32):(32,1)", 4, AlongN, 1},
		// Padding each row by one float spreads a column over all 32 banks.
		{"(32,32):(33,1)", 4, AlongM, 1},
		// Column-major is conflict-free along columns.
		{"(32,32):(1,32)", 4, AlongM, 1},
		// 8×8 tile of 16-byte vectors (ldmatrix-like), row-major: 8 wavefront cells of a
		// column all start at bank 4n: 8-way. Swizzling the vector index by Sw<3,0,3>
		// (XOR of row into column) removes it.
		{"(8,8):(8,1)", 16, AlongM, 8},
		{"Sw<3,0,3> o 0 o (8,8):(8,1)", 16, AlongM, 1},
		// fp16 tile of 8 rows of 64 halves (128 B per row): a column of 8 lands in one
		// bank, 8 words: 8-way; CuTe's Sw<3,3,3> swizzle makes it conflict-free.
		{"(8,64):(64,1)", 2, AlongM, 8},
		{"Sw<3,3,3> o 0 o (8,64):(64,1)", 2, AlongM, 1},
		// Two 2-byte elements in one 4-byte word: same word, no conflict (broadcast).
		{"(2,16):(1,2)", 2, AlongM, 1},
		// Two 2-byte elements 128 bytes apart: same bank, two words: 2-way.
		{"(2,16):(64,1)", 2, AlongM, 2},
	} {
		b := banksOf(t, c.layout, c.elem, c.access)
		assert.Equal(t, c.worst, b.Worst, "%s, %d-byte elements, along %v", c.layout, c.elem, c.access)
		if c.worst == 1 {
			assert.Contains(t, b.Summary(), "conflict-free")
		} else {
			assert.Contains(t, b.Summary(), "-way bank conflict")
		}
	}
}

// TestBankOfCell: bank = byte offset / 4 mod 32, and conflicting cells are marked.
func TestBankOfCell(t *testing.T) {
	b := banksOf(t, "(2,16):(64,1)", 2, AlongM)
	for m := int64(0); m < 2; m++ {
		for n := int64(0); n < 16; n++ {
			bank, ways := b.At(m, n)
			assert.Equal(t, int((64*m+n)*2/4%32), bank)
			assert.Equal(t, 2, ways)
		}
	}
	assert.Equal(t, int64(32), b.Wavefront)
	assert.Equal(t, int64(8), banksOf(t, "8:1", 16, AlongM).Wavefront)
	assert.Equal(t, int64(16), banksOf(t, "8:1", 8, AlongM).Wavefront)
	g := mustGrid(cute.MustLayout(cute.Ints(2, 2), cute.Ints(-1, 1)))
	_, err := NewBanks(g, 4, AlongM)
	assert.ErrorContains(t, err, "negative offset")
	_, err = NewBanks(g, 3, AlongM)
	assert.ErrorContains(t, err, "not 1, 2, 4, 8 or 16")
	_, err = ParseAccess("diagonal")
	assert.Error(t, err)
}

// TestBankSVGLabels: every cell of the bank view's SVG reads b<bank> of its offset,
// computed by hand, and the conflicting ones have the red frame.
func TestBankSVGLabels(t *testing.T) {
	b := banksOf(t, "(32,32):(32,1)", 4, AlongM)
	var buf bytes.Buffer
	require.NoError(t, b.SVG(&buf))
	cells := svgCells(t, buf.String())
	require.Len(t, cells, 32*32)
	for _, c := range cells {
		assert.Equal(t, "b"+itoa((c.m*32+c.n)%32), c.text)
		assert.Contains(t, c.rect, `stroke="rgb(220,0,0)"`)
	}
	assert.Contains(t, buf.String(), "32-way bank conflict")
	assert.True(t, strings.HasPrefix(buf.String(), "<!--  (32,32):(32,1)  -->"))
}

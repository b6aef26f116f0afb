package explore

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
	"github.com/cutego/cutego/cute/render"
)

const sm80x2x2 = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{})"

// TestTiledMMA: the explorer draws a TiledMMA as `cutego render` does (the picture that
// cute/render checks against C++'s print_latex), built here from cute/atom directly, not
// through the expression language.
func TestTiledMMA(t *testing.T) {
	r := evaluate(Request{Expr: "auto mma = " + sm80x2x2 + ";\nmma"})
	require.Empty(t, r.Error)
	assert.Equal(t, "TiledMMA", r.Kind)
	assert.Equal(t, "tiled", r.View)
	assert.Equal(t, "128 threads", r.Size)
	a, err := atom.MakeMMAAtom("SM80_16x8x16_F32F16F16F32_TN")
	require.NoError(t, err)
	tm, err := atom.MakeTiledMMA(a, cute.MustLayout(cute.Ints(2, 2, 1), cute.Ints(1, 2, 0)), cute.Tiler{})
	require.NoError(t, err)
	pic, err := render.NewTiledMMAPicture(tm, render.TiledOptions{})
	require.NoError(t, err)
	var want bytes.Buffer
	require.NoError(t, pic.WriteSVG(&want))
	assert.Equal(t, want.String(), r.SVG)
	assert.Equal(t, pic.String(), r.Table)
	// C (32x16), A (32x16) and B (16x16 drawn transposed): 1,280 cells, one rect each.
	assert.GreaterOrEqual(t, strings.Count(r.SVG, "<rect"), 32*16+32*16+16*16)
}

// TestTiledMMAThread: one thread's partition framed. Thread 5 holds 8 values of A, 4 of B
// and 4 of C in the atom (LayoutA_TV's value mode has 8 elements, B's and C's 4), each once.
func TestTiledMMAThread(t *testing.T) {
	th := int64(5)
	r := evaluate(Request{Expr: sm80x2x2, Thread: &th})
	require.Empty(t, r.Error)
	require.Empty(t, r.Picture)
	plain := evaluate(Request{Expr: sm80x2x2})
	assert.NotEqual(t, plain.SVG, r.SVG)
	assert.Contains(t, r.SVG, "thread 5")
	bad := int64(128)
	r = evaluate(Request{Expr: sm80x2x2, Thread: &bad})
	assert.Contains(t, r.Picture, "128")
	assert.Empty(t, r.SVG)
}

// TestTiledTooLarge: a TiledMMA whose panels hold more than 4 x MaxCells cells is
// described, not drawn: 16x16 SM80 atoms tile 256x128x16, 32,768 + 4,096 + 2,048 cells.
func TestTiledTooLarge(t *testing.T) {
	r := evaluate(Request{Expr: "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_16,_16,_1>>{})"})
	require.Empty(t, r.Error)
	assert.Equal(t, "TiledMMA", r.Kind)
	assert.Empty(t, r.SVG)
	assert.Contains(t, r.Picture, "16,384")
	r = evaluate(Request{Expr: "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_8,_8,_1>>{})"})
	assert.Empty(t, r.Picture)
	assert.NotEmpty(t, r.SVG)
}

// TestTiledCopy: a TiledCopy drawn as `cutego render` draws it; Readers changes the picture.
func TestTiledCopy(t *testing.T) {
	expr := "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_32,_4>>{}, Layout<Shape<_1,_2>>{})"
	r := evaluate(Request{Expr: expr})
	require.Empty(t, r.Error, r.Lines)
	assert.Equal(t, "TiledCopy", r.Kind)
	require.Empty(t, r.Picture)
	assert.NotEmpty(t, r.SVG)
	assert.Equal(t, "128 threads", r.Size)
	rr := evaluate(Request{Expr: expr, Readers: true})
	assert.NotEmpty(t, rr.SVG)
}

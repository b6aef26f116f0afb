package main

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRenderViews: --view bank draws banks and names the conflict; --scale sizes PNGs.
func TestRenderViews(t *testing.T) {
	code, out, _ := runCmd(t, "", "render", "--view", "bank", "(32,32):(32,1)")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "32-way bank conflict")
	code, out, _ = runCmd(t, "", "render", "--view", "bank", "--elem", "4", "(32,32):(33,1)")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "conflict-free")
	code, out, _ = runCmd(t, "", "render", "--view", "bank", "--access", "n", "(32,32):(32,1)")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "conflict-free")

	dir := t.TempDir()
	width := func(args ...string) int {
		f := filepath.Join(dir, "p.png")
		code, _, errs := runCmd(t, "", append([]string{"render", "--format", "png", "-o", f}, args...)...)
		require.Equal(t, 0, code, errs)
		fh, err := os.Open(f)
		require.NoError(t, err)
		defer fh.Close()
		img, err := png.Decode(fh)
		require.NoError(t, err)
		return img.Bounds().Dx()
	}
	w1 := width("(4,5):(16,64)")
	w3 := width("--scale", "3", "(4,5):(16,64)")
	assert.InEpsilon(t, 3*w1, w3, 0.05) // text is hinted per size: about 3 times
	assert.Positive(t, width("--view", "bank", "--elem", "2", "Sw<3,3,3> o 0 o (8,64):(64,1)"))
	assert.Positive(t, width("--tv", "(4,4)", "(8,2):(2,1)"))

	for _, bad := range [][]string{
		{"--scale", "2", "(4,4)"},                          // svg has no scale
		{"--view", "nope", "(4,4)"},                        // unknown view
		{"--view", "bank", "--tv", "(4,4)", "(8,2):(2,1)"}, // bank of a TV layout
		{"--view", "bank", "--access", "diag", "(4,4)"},
		{"--view", "bank", "--format", "tex", "(4,4)"},
	} {
		code, _, _ := runCmd(t, "", append([]string{"render"}, bad...)...)
		assert.Equal(t, 2, code, "%v", bad)
	}
	code, _, _ = runCmd(t, "", "render", "--format", "png", "--scale", "100", "-o", filepath.Join(dir, "x.png"), "(4,4)")
	assert.Equal(t, 1, code)
}

package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, strings.NewReader(stdin), &o, &e)
	return code, o.String(), e.String()
}

func TestEvalCommand(t *testing.T) {
	code, out, _ := runCmd(t, "size((4,5))\n# c\n\nnope(\n(4,5):(16,64)(3)\n", "eval")
	assert.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 3)
	assert.Equal(t, "20", lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "error: "))
	assert.Equal(t, "48", lines[2])
	code, _, _ = runCmd(t, "", "eval", "extra")
	assert.Equal(t, 2, code)
}

// TestPrintCommand: the table of (4,5):(16,64) as C++ CuTe's print_layout prints it
// (cute/render/testdata/print_layout.golden, first case).
func TestPrintCommand(t *testing.T) {
	code, out, _ := runCmd(t, "", "print", "(_4,_5):(_16,_64)")
	require.Equal(t, 0, code)
	want := "(4,5):(16,64)\n" +
		"        0     1     2     3     4 \n" +
		"    +-----+-----+-----+-----+-----+\n" +
		" 0  |   0 |  64 | 128 | 192 | 256 |\n" +
		"    +-----+-----+-----+-----+-----+\n" +
		" 1  |  16 |  80 | 144 | 208 | 272 |\n" +
		"    +-----+-----+-----+-----+-----+\n" +
		" 2  |  32 |  96 | 160 | 224 | 288 |\n" +
		"    +-----+-----+-----+-----+-----+\n" +
		" 3  |  48 | 112 | 176 | 240 | 304 |\n" +
		"    +-----+-----+-----+-----+-----+\n"
	assert.Equal(t, want, out)
	// An expression, split over several shell words.
	code, out, _ = runCmd(t, "", "print", "make_layout((2,3),", "LayoutRight)")
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "(2,3):(3,1)\n"))
	code, _, errs := runCmd(t, "", "print", "(2,2,2):(1,2,4)")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "rank 1 or 2")
	code, _, _ = runCmd(t, "", "print")
	assert.Equal(t, 2, code)
}

func TestRenderCommand(t *testing.T) {
	code, out, _ := runCmd(t, "", "render", "(4,5):(16,64)")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "<svg ")
	assert.Equal(t, 20, strings.Count(out, "<rect "))
	code, out, _ = runCmd(t, "", "render", "--format", "tex", "(4,5):(16,64)")
	require.Equal(t, 0, code)
	assert.Contains(t, out, `\node[fill=black!00] at (0,1) {64};`)
	code, out, _ = runCmd(t, "", "render", "--tv", "(4,4)", "(8,2):(2,1)")
	require.Equal(t, 0, code)
	assert.Equal(t, 16, strings.Count(out, "<rect "))
	f := filepath.Join(t.TempDir(), "l.png")
	code, _, _ = runCmd(t, "", "render", "--format", "png", "-o", f, "(4,5):(16,64)")
	require.Equal(t, 0, code)
	fh, err := os.Open(f)
	require.NoError(t, err)
	defer fh.Close()
	_, err = png.Decode(fh)
	require.NoError(t, err)
	code, _, _ = runCmd(t, "", "render", "--format", "gif", "8:1")
	assert.Equal(t, 2, code)
	code, _, _ = runCmd(t, "", "render", "--tv", "(2,2)", "(8,2):(2,1)")
	assert.Equal(t, 1, code)
}

func TestVersionAndUsage(t *testing.T) {
	code, out, _ := runCmd(t, "", "version")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "cutego "))
	code, _, _ = runCmd(t, "")
	assert.Equal(t, 2, code)
	code, _, _ = runCmd(t, "", "frobnicate")
	assert.Equal(t, 2, code)
}

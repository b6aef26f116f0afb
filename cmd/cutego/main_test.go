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

// TestEvalCommand: one line out per line in, errors included; the exit status is 1
// when a line failed.
func TestEvalCommand(t *testing.T) {
	code, out, _ := runCmd(t, "size((4,5))\n# c\n\nnope(\n(4,5):(16,64)(3)\n", "eval")
	assert.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 3)
	assert.Equal(t, "20", lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "error: "))
	assert.Equal(t, "48", lines[2])
	code, out, _ = runCmd(t, "size((4,5))\n(4,5):(16,64)(3)\n", "eval")
	assert.Equal(t, 0, code)
	assert.Equal(t, "20\n48\n", out)
}

// TestEvalArgs: expressions as arguments, one line each, names carried from one to the
// next; stdin is not read then.
func TestEvalArgs(t *testing.T) {
	code, out, _ := runCmd(t, "size(1)\n", "eval", "auto a = make_layout(make_shape(_8{},_4{}), LayoutRight{});", "a(1,2)", "size<1>(a)")
	assert.Equal(t, 0, code)
	assert.Equal(t, "(8,4):(4,1)\n6\n4\n", out)
	code, out, _ = runCmd(t, "", "eval", "sise(4)", "size(4)")
	assert.Equal(t, 1, code)
	assert.Equal(t, "error: parse: unknown function \"sise\" at byte 0 of \"sise(4)\"; did you mean \"size\"?\n4\n", out)
	code, out, _ = runCmd(t, "", "eval", "--", "-3")
	assert.Equal(t, 0, code)
	assert.Equal(t, "-3\n", out)
}

// TestHelp: every subcommand answers --help (and -h) with its usage on stdout, exit 0,
// wherever the flag is.
func TestHelp(t *testing.T) {
	for _, c := range commands {
		for _, args := range [][]string{{c.name, "--help"}, {c.name, "-h"}, {"help", c.name}, {c.name, "(4,5)", "--help"}} {
			code, out, errs := runCmd(t, "", args...)
			assert.Equal(t, 0, code, "%v", args)
			assert.Equal(t, c.usage(), out, "%v", args)
			assert.Empty(t, errs, "%v", args)
			assert.True(t, strings.HasPrefix(synopsis(out), "cutego "+c.name), "%v", args)
		}
	}
	code, out, _ := runCmd(t, "", "--help")
	assert.Equal(t, 0, code)
	for _, c := range commands {
		assert.Contains(t, out, "  cutego "+c.name)
	}
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
	// C++ statements, as pasted.
	code, out, _ = runCmd(t, "", "print", "auto a = make_layout(make_shape(Int<2>{},Int<3>{}),", "LayoutRight{}); a")
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "(2,3):(3,1)\n"))
}

// TestPrintCosizeOverflow: a layout whose cosize overflows int64 is refused, as eval's
// cosize refuses it, not printed as a misaligned table.
func TestPrintCosizeOverflow(t *testing.T) {
	l := "(2,2):(6917529027641081856,-6917529027641081856)"
	code, out, errs := runCmd(t, "", "print", l)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "cutego print: cosize: 6917529027641081856 + 6917529027641081856 overflows int64\n", errs)
	_, evalOut, _ := runCmd(t, "", "eval", "cosize("+l+")")
	assert.Equal(t, "error: cosize: 6917529027641081856 + 6917529027641081856 overflows int64\n", evalOut)
	code, _, errs = runCmd(t, "", "render", l)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "overflows int64")
}

// TestRenderDeepTV: the --tv tile goes through the same depth-limited parser as the
// expression: a deep `tv` is a parse error, not a stack overflow.
func TestRenderDeepTV(t *testing.T) {
	code, _, errs := runCmd(t, "", "render", "--tv", strings.Repeat("(", 1_000_000), "(8,2):(2,1)")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "nested deeper than")
	assert.Less(t, len(errs), 300)
	code, _, errs = runCmd(t, "", "eval", strings.Repeat("(", 1_000_000))
	assert.Equal(t, 1, code)
	assert.Empty(t, errs)
}

// TestRenderKeepsFileOnError: `render -o k.svg <too big>` leaves an existing k.svg as it
// was (temporary file, then rename), and leaves no temporary file behind.
func TestRenderKeepsFileOnError(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "k.svg")
	require.NoError(t, os.WriteFile(f, []byte("keep"), 0o600))
	code, _, errs := runCmd(t, "", "render", "-o", f, "(2048,1024)")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "too many to draw")
	data, err := os.ReadFile(f)
	require.NoError(t, err)
	assert.Equal(t, "keep", string(data))
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, ents, 1)
	// Success replaces it, keeping its permissions; flags may follow the expression.
	code, _, _ = runCmd(t, "", "render", "(4,2)", "-o", f, "--format", "tex")
	require.Equal(t, 0, code)
	data, err = os.ReadFile(f)
	require.NoError(t, err)
	assert.Contains(t, string(data), `\node`)
	st, err := os.Stat(f)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
	ents, _ = os.ReadDir(dir)
	assert.Len(t, ents, 1)
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
	code, _, _ = runCmd(t, "", "version", "extra")
	assert.Equal(t, 2, code)
}

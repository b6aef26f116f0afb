package render

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLatexGolden compares Latex and LatexTV byte for byte with C++ CuTe's print_latex
// and print_latex_tv (testdata/print_latex.golden, produced by testdata/print_latex.cpp).
// For TV layouts C++ prints, on its comment line, the TV layout composed with the tile's
// identity tensor; cutego prints the TV layout itself, so that line is skipped.
func TestLatexGolden(t *testing.T) {
	data, err := os.ReadFile("testdata/print_latex.golden")
	require.NoError(t, err)
	cases := strings.Split(string(data), "== ")[1:]
	require.Len(t, cases, 6)
	for _, c := range cases {
		nl := strings.IndexByte(c, '\n')
		head, want := strings.Fields(c[:nl]), c[nl+1:]
		hdr := strings.IndexByte(want, '\n')
		var got bytes.Buffer
		switch head[0] {
		case "layout":
			want = strings.ReplaceAll(want[:hdr], "_", "") + want[hdr:]
			v, err := cute.Parse(head[1])
			require.NoError(t, err)
			require.NoError(t, Latex(&got, v))
			assert.Equal(t, want, got.String(), head[1])
		case "tv":
			l, err := cute.ParseLayout(head[1])
			require.NoError(t, err)
			tile, err := cute.ParseIntTuple(head[2])
			require.NoError(t, err)
			require.NoError(t, LatexTV(&got, l, tile))
			g := got.String()
			assert.Equal(t, "% Layout TV: "+head[1]+"\n", g[:strings.IndexByte(g, '\n')+1])
			assert.Equal(t, want[hdr+1:], g[strings.IndexByte(g, '\n')+1:], head[1])
		}
	}
}

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

// TestPrintLayoutGolden compares PrintLayout byte for byte with C++ CuTe's print_layout
// (testdata/print_layout.golden, produced by testdata/print_layout.cpp — see its header),
// with the `_` marks of the header line removed.
func TestPrintLayoutGolden(t *testing.T) {
	data, err := os.ReadFile("testdata/print_layout.golden")
	require.NoError(t, err)
	cases := strings.Split(string(data), "== ")[1:]
	require.GreaterOrEqual(t, len(cases), 10)
	for _, c := range cases {
		nl := strings.IndexByte(c, '\n')
		src, want := c[:nl], c[nl+1:]
		hdr := strings.IndexByte(want, '\n')
		want = strings.ReplaceAll(want[:hdr], "_", "") + want[hdr:]
		v, err := cute.Parse(src)
		require.NoError(t, err, src)
		var got bytes.Buffer
		require.NoError(t, PrintLayout(&got, v), src)
		assert.Equal(t, want, got.String(), src)
	}
}

func TestPrintLayoutRank1(t *testing.T) {
	var got bytes.Buffer
	require.NoError(t, PrintLayout(&got, cute.MustLayout(cute.Int(3), cute.Int(2))))
	// CuTe's append<2>(8:1, Layout<_1,_0>{}) is (3,1):(2,0); cosize 5, one digit.
	assert.Equal(t, "(3,1):(2,0)\n      0 \n    +---+\n 0  | 0 |\n    +---+\n 1  | 2 |\n    +---+\n 2  | 4 |\n    +---+\n", got.String())
}

func TestPrintLayoutErrors(t *testing.T) {
	for _, s := range []string{"(2,2,2):(1,2,4)", "(4,5):(1@0,1@1)", "(1048576,2):(1,0)"} {
		v, err := cute.Parse(s)
		require.NoError(t, err, s)
		assert.Error(t, PrintLayout(&bytes.Buffer{}, v), s)
	}
}

// FuzzPrintLayout: any parsable value either prints or returns an error; never a panic,
// and a printed table has 2M+3 lines.
func FuzzPrintLayout(f *testing.F) {
	for _, s := range []string{"(4,5):(16,64)", "8:3", "(2,(2,2)):(1,(4,2))", "Sw<2,0,2> o 0 o (4,4):(4,1)", "(4,3):(-1,4)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := cute.Parse(s)
		if err != nil {
			return
		}
		var b bytes.Buffer
		g, err := NewGrid(v)
		if err != nil || g.M*g.N > 4096 {
			return
		}
		require.NoError(t, g.PrintLayout(&b))
		assert.Equal(t, int(2*g.M+3), strings.Count(b.String(), "\n"))
	})
}

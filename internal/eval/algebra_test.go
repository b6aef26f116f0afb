//go:build cutego_algebra

package eval

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEvalCppAlgebra: every case of testdata/cpp/algebra.out (the eval input, a tab, what
// C++ CuTe printed for it; produced by testdata/cpp/algebra.cpp, examples from CuTe's
// 02_layout_algebra.md and more) must print the same, minus the `_` marks.
func TestEvalCppAlgebra(t *testing.T) {
	data, err := os.ReadFile("testdata/cpp/algebra.out")
	require.NoError(t, err)
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		in, want, ok := strings.Cut(line, "\t")
		require.True(t, ok, line)
		got, _ := Line(in)
		assert.Equal(t, strings.ReplaceAll(want, "_", ""), got, in)
		n++
	}
	assert.GreaterOrEqual(t, n, 50)
}

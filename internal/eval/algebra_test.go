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
	n := checkCppTable(t, "testdata/cpp/algebra.out")
	assert.GreaterOrEqual(t, n, 50)
}

// TestEvalCppPartition: local_tile / local_partition against the layouts of the tensors
// C++ returns (testdata/cpp/partition.cpp → partition.out).
func TestEvalCppPartition(t *testing.T) {
	assert.Equal(t, 9, checkCppTable(t, "testdata/cpp/partition.out"))
}

func checkCppTable(t *testing.T, file string) int {
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		in, want, ok := strings.Cut(line, "\t")
		require.True(t, ok, line)
		got, _ := Line(in)
		assert.Equal(t, stripStatic(want), got, in)
		n++
	}
	return n
}

// TestEvalCppComposedSlice: slicing swizzled composed layouts, where C++ decays the
// result (testdata/cpp/composed_slice.cpp → composed_slice.out).
func TestEvalCppComposedSlice(t *testing.T) {
	assert.Equal(t, 8, checkCppTable(t, "testdata/cpp/composed_slice.out"))
}

// TestEvalCppComposedCompose: composition(Layout, Swizzle) and composition(Layout,
// ComposedLayout) (testdata/cpp/composed_compose.cpp → composed_compose.out).
func TestEvalCppComposedCompose(t *testing.T) {
	assert.Equal(t, 8, checkCppTable(t, "testdata/cpp/composed_compose.out"))
}

// TestEvalCppComposedAlgebra: the algebra on swizzled composed layouts
// (testdata/cpp/composed_algebra.cpp → composed_algebra.out).
func TestEvalCppComposedAlgebra(t *testing.T) {
	assert.Equal(t, 21, checkCppTable(t, "testdata/cpp/composed_algebra.out"))
}

// TestEvalCppSpellings: CuTe's C++ spellings (make_shape, Int<8>{}, _8, get<0>,
// size<1>, take<1,3>, select<0,2>, upcast<2>, recast_layout<uint16_t,uint32_t> and other
// element types, Swizzle<3,4,3>{}, Layout<Shape<…>,Stride<…>>{}, cute:: prefixes,
// arithmetic): each input is the very C++ text that testdata/cpp/spellings.cpp compiled,
// and must print what C++ printed (spellings.out).
func TestEvalCppSpellings(t *testing.T) {
	assert.Equal(t, 70, checkCppTable(t, "testdata/cpp/spellings.out"))
}

// TestElementBits: every element type eval knows has the width C++ CuTe gives it
// (testdata/cpp/elements.cpp → elements.out).
func TestElementBits(t *testing.T) {
	assert.Equal(t, len(elementBits), checkCppTable(t, "testdata/cpp/elements.out"))
}

package eval

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEvalCppFidelity: every case of testdata/cpp/fidelity.out (fidelity.cpp) prints what
// C++ CuTe printed, except where C++ is wrong or cutego cannot hold its answer:
//   - local_partition((8,4):(1,8),5:1,1): C++ divides the first mode alone by (5), past
//     its extent of 8; cutego's is thread 1's share k ↦ L(1 + 5k) of the whole tensor
//     (cute's TestLocalPartitionDefinition checks it by brute force);
//   - left_inverse(Sw<1,3,1> o 4 o 8:1): C++'s 8:1 o -4 o Sw<1,3,1> is a layout composed
//     after a swizzle, which a composed layout cannot hold: the error prints it.
func TestEvalCppFidelity(t *testing.T) {
	data, err := os.ReadFile("testdata/cpp/fidelity.out")
	require.NoError(t, err)
	deviations := map[string]func(got, cpp string){
		"local_partition((8,4):(1,8),5:1,1)": func(got, cpp string) {
			assert.Equal(t, "(2,4):(5,8)", cpp)
			assert.Equal(t, "(7):(5)", got)
		},
		"left_inverse(Sw<1,3,1> o 4 o 8:1)": func(got, cpp string) {
			assert.True(t, strings.HasPrefix(got, "error: left_inverse:"), got)
			assert.Contains(t, got, cpp, "the refusal prints C++'s answer")
		},
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		in, want, ok := strings.Cut(line, "\t")
		require.True(t, ok, line)
		got, _ := Line(in)
		if d, ok := deviations[in]; ok {
			d(got, stripStatic(want))
			delete(deviations, in)
		} else {
			assert.Equal(t, stripStatic(want), got, in)
		}
		n++
	}
	assert.Equal(t, 16, n)
	assert.Empty(t, deviations, "every deviation is a case of fidelity.out")
}

package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExplainCommand: `cutego explain` prints CuTe's intermediates of logical_divide with
// the values of CuTe's documentation (02_layout_algebra.md: complement(4:2, 24) =
// (2,3):(1,8), the divide ((2,2),(2,3)):((4,1),(2,8))).
func TestExplainCommand(t *testing.T) {
	code, out, _ := runCmd(t, "", "explain", "logical_divide((4,2,3):(2,1,8),", "4:2)")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "complement(B, shape(coalesce(A)))")
	assert.Contains(t, out, "= (2,3):(1,8)\n")
	assert.Contains(t, out, "= ((2,2),(2,3)):((4,1),(2,8))   (equals logical_divide")
	// Flags after the expression; tables.
	code, out, _ = runCmd(t, "", "explain", "complement(4:2, 24)", "--tables")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "|  0 |  8 | 16 |")
	code, out, _ = runCmd(t, "", "explain", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "logical_divide")
	code, _, errs := runCmd(t, "", "explain", "size((4,4))")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "not explained")
	code, _, _ = runCmd(t, "", "explain")
	assert.Equal(t, 2, code)
	assert.False(t, strings.Contains(out, "panic"))
}

// TestExplainCommandBlock: a C++ block, as an argument or on stdin, explained by its last
// statement; CuTe's worked example (02_layout_algebra.md): A = (6,2):(8,2), B =
// (4,3):(3,1), (6,2):(8,2) / 3 = (2,2):(24,2), A o B = ((2,2),3):((24,2),8).
func TestExplainCommandBlock(t *testing.T) {
	block := `auto a = make_layout(make_shape(Int<6>{}, Int<2>{}), make_stride(Int<8>{}, Int<2>{}));
auto b = make_layout(make_shape(Int<4>{}, Int<3>{}),
                     make_stride(Int<3>{}, Int<1>{}));
auto c = composition(a, b);
print_layout(c);
`
	for _, in := range [][2]string{{"", block}, {block, ""}} {
		args := []string{"explain"}
		if in[1] != "" {
			args = append(args, in[1])
		}
		code, out, errs := runCmd(t, in[0], args...)
		require.Equal(t, 0, code, errs)
		assert.Contains(t, out, "mode 0: A / 3")
		assert.Contains(t, out, "= (2,2):(24,2)\n")
		assert.Contains(t, out, "= ((2,2),3):((24,2),8)   (equals composition(a, b)")
	}
	code, _, errs := runCmd(t, "auto a = 4:1;\na = composition(a, 2:2);\nprint(a);\n", "explain")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "not shown")
	code, _, errs = runCmd(t, "auto a = nope();\n", "explain")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "line 1")
}

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

package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEvaluateJSON: the function the page calls answers as POST /api/eval does.
func TestEvaluateJSON(t *testing.T) {
	var r map[string]any
	require.NoError(t, json.Unmarshal([]byte(evaluate(`{"expr":"(4,5):(16,64)"}`)), &r))
	assert.Equal(t, "(4,5):(16,64)", r["result"])
	assert.Contains(t, r["svg"], "<svg ")
	cells := r["cells"].(map[string]any)
	assert.Equal(t, "(1,2) → offset 144", cells["info"].([]any)[1*5+2])
	require.NoError(t, json.Unmarshal([]byte(evaluate(`{"expr":"nope("}`)), &r))
	assert.NotEmpty(t, r["error"])
	// A block is one session: line 2 uses line 1's name (LayoutRight{} over (4,8) is
	// (4,8):(8,1) by CuTe's definition).
	r = nil
	require.NoError(t, json.Unmarshal([]byte(evaluate(`{"expr":"auto a = make_layout(make_shape(4,8), LayoutRight{});\nsize(a)"}`)), &r))
	assert.Equal(t, []any{"(4,8):(8,1)", "32"}, r["lines"])
	assert.Equal(t, "32", r["result"])
	require.NoError(t, json.Unmarshal([]byte(evaluate(`{`)), &r))
	assert.Contains(t, r["error"], "bad request")
}

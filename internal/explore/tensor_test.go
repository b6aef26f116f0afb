package explore

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTensor: a partition of an iota tensor shows its values as print_tensor prints them
// (thread 3 of (2,4) over an 8×8 column-major tensor owns rows 1,3,5,7 of columns 1 and 5:
// m + 8n).
func TestTensor(t *testing.T) {
	r := evaluate(Request{Expr: "local_partition(iota_tensor((8,8)), (2,4), 3)"})
	assert.Equal(t, "tensor", r.Kind)
	assert.Equal(t, "counting_iter(9) o (4,2):(2,32)", r.Result)
	assert.Equal(t, "8", r.Size)
	assert.Equal(t, "counting_iter(9) o (4,2):(2,32):\n    9   41\n   11   43\n   13   45\n   15   47\n", r.Table)
	assert.Empty(t, r.SVG)
	r = evaluate(Request{Expr: "iota_tensor((65,64))"})
	assert.Contains(t, r.Picture, "4,160 elements; the explorer prints at most 4,096")
	assert.Empty(t, r.Table)
}

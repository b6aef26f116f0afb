//go:build cuda

package gpu

import (
	"testing"

	"github.com/cutego/cutego/cute"
)

// D streaming past the L2 (GemmPlan.DStream): as GemmOptions.DStore asks, and automatically where
// a 16-bit GEMM of K <= 128 with no source writes at least 2 GiB of D (the C planner's
// stream_output): the attention scores' batch of 256 x 2048 x 2048 x 128 (exactly 2 GiB), not 128
// of them, not at K = 256, not when asked never.
func TestPlanGemmDStream(t *testing.T) {
	op := func(e0, e1, l int64) GemmOperand {
		return GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(e0, e1, l), cute.Ints(e1, 1, e0*e1))}
	}
	for _, c := range []struct {
		m, n, k, l int64
		dStore     int
		want       bool
	}{
		{2048, 2048, 128, 256, 0, true},
		{2048, 2048, 128, 128, 0, false},
		{2048, 2048, 256, 256, 0, false},
		{2048, 2048, 128, 256, 2, false},
		{2048, 2048, 128, 1, 1, true},
		{524288, 2048, 128, 1, 0, true},
	} {
		p, err := PlanGemm(op(c.m, c.n, c.l), op(c.m, c.k, c.l), op(c.n, c.k, c.l), nil, BF16, BF16, 0,
			&GemmOptions{SMs: 132, DStore: c.dStore})
		if err != nil || p.DStream != c.want {
			t.Errorf("%dx%dx%d L%d DStore %d: %v, %v; want DStream %v", c.m, c.n, c.k, c.l, c.dStore, p, err, c.want)
		}
	}
	if _, err := PlanGemm(op(64, 64, 1), op(64, 64, 1), op(64, 64, 1), nil, BF16, BF16, 0, &GemmOptions{DStore: 3}); err == nil {
		t.Errorf("DStore 3: no error")
	}
}

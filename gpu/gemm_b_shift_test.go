//go:build cuda

package gpu

import (
	"testing"

	"github.com/cutego/cutego/cute"
)

// The last tile column's B box shifted inside N (GemmPlan.BShift), as the C planner decides: a
// K-major B whose last tile column holds at most half a tile, beside 8 tile rows in one wave (904,
// 960 and 129 on 128x128 tiles, FP8 per tensor), not more than half (1000), not whole tile columns
// (1024), not N within one tile (100), not an N-major B, not block-scaled FP8 (B's scales go by
// blocks of 128 columns).
func TestPlanGemmBShift(t *testing.T) {
	const c128 = 2 // CUTEGO_GEMM_CONFIG_128x128x64 + 1
	for _, c := range []struct {
		n       int64
		ab      DType
		bNMajor bool
		scaled  bool
		want    bool
	}{
		{904, BF16, false, false, true},
		{960, F16, false, false, true},
		{1000, F16, false, false, false},
		{129, BF16, false, false, true},
		{904, E4M3, false, false, true},
		{1024, BF16, false, false, false},
		{100, BF16, false, false, false},
		{904, BF16, true, false, false},
		{904, E4M3, false, true, false},
	} {
		const m, k = 1024, 4096
		b := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(c.n, k, 1), cute.Ints(k, 1, c.n*k))}
		if c.bNMajor {
			b.Layout = cute.MustLayout(cute.Ints(c.n, k, 1), cute.Ints(1, c.n, c.n*k))
		}
		a := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(m, k, 1), cute.Ints(k, 1, m*k))}
		d := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(m, c.n, 1), cute.Ints(c.n, 1, m*c.n))}
		o := &GemmOptions{SMs: 132, SplitK: 1}
		if !c.scaled {
			o.Config = c128
		}
		p, err := planGemm(d, a, b, nil, c.ab, BF16, 0, o, c.scaled)
		if err != nil {
			t.Errorf("%dx%dx%d %v block-scaled %v: %v", m, c.n, k, c.ab, c.scaled, err)
		} else if p.BShift != c.want {
			t.Errorf("%dx%dx%d %v N-major B %v block-scaled %v: BShift %v (%s), want %v", m, c.n, k, c.ab, c.bNMajor,
				c.scaled, p.BShift, p.Reason, c.want)
		}
	}
}

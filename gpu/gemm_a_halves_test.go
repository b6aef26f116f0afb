//go:build cuda

package gpu

import (
	"testing"

	"github.com/cutego/cutego/cute"
)

// A's K-major box in halves (GemmPlan.AHalves), as the C planner decides: tiles of 128 rows whose
// last tile row holds 1 to 64 rows of a GEMM of more than 128 (448, 416, 320, 129; FP8 too; 2x1
// clusters too), not 65 or more (449), not whole tile rows (512), not one partial tile row (100),
// not an M-major A, not 1x2 clusters sharing A, not 64-row tiles.
func TestPlanGemmAHalves(t *testing.T) {
	kMajor := func(rows, k int64) GemmOperand {
		return GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(rows, k, 1), cute.Ints(k, 1, rows*k))}
	}
	mMajor := func(rows, k int64) GemmOperand {
		return GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(rows, k, 1), cute.Ints(1, rows, rows*k))}
	}
	const c128, c64 = 2, 8 // CUTEGO_GEMM_CONFIG_128x128x64 + 1, CUTEGO_GEMM_CONFIG_64x128x64 + 1
	for _, c := range []struct {
		m        int64
		ab       DType
		aMMajor  bool
		config   int
		clusterM int
		clusterN int
		want     bool
	}{
		{448, BF16, false, c128, 1, 0, true},
		{416, BF16, false, c128, 1, 0, true},
		{320, F16, false, c128, 1, 0, true},
		{129, BF16, false, c128, 1, 0, true},
		{448, E4M3, false, c128, 1, 0, true},
		{448, BF16, false, c128, 2, 0, true},
		{449, BF16, false, c128, 1, 0, false},
		{512, BF16, false, c128, 1, 0, false},
		{100, BF16, false, c128, 1, 0, false},
		{448, BF16, true, c128, 1, 0, false},
		{448, BF16, false, c128, 1, 2, false},
		{448, BF16, false, c64, 1, 0, false},
	} {
		const n, k = 4096, 4096
		a := kMajor(c.m, k)
		if c.aMMajor {
			a = mMajor(c.m, k)
		}
		d := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(c.m, n, 1), cute.Ints(n, 1, c.m*n))}
		p, err := PlanGemm(d, a, kMajor(n, k), nil, c.ab, BF16, 0,
			&GemmOptions{SMs: 132, Config: c.config, ClusterM: c.clusterM, ClusterN: c.clusterN, SplitK: 1})
		if err != nil {
			t.Errorf("%dx%dx%d %v config %d: %v", c.m, n, k, c.ab, c.config, err)
		} else if p.AHalves != c.want {
			t.Errorf("%dx%dx%d %v M-major A %v config %d clusters %dx%d: AHalves %v (%s), want %v", c.m, n, k, c.ab,
				c.aMMajor, c.config, c.clusterM, c.clusterN, p.AHalves, p.Reason, c.want)
		}
	}
}

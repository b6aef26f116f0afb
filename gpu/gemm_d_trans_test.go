//go:build cuda

package gpu

import (
	"testing"

	"github.com/cutego/cutego/cute"
)

// A column-major 16-bit D (M unit stride, columns of whole 16-byte units) goes out through the
// transposed TMA epilogue (GemmPlan.DTransposed), as the C planner decides: not a row-major D, not
// an fp32 one, not columns of 1004 x 2 bytes, not with DirectEpilogue.
func TestPlanGemmDTransposed(t *testing.T) {
	k := int64(4096)
	for _, c := range []struct {
		m, n   int64
		colD   bool
		cd     DType
		direct bool
		want   bool
	}{
		{1024, 512, true, BF16, false, true},
		{1024, 512, true, F16, false, true},
		{1000, 1200, true, BF16, false, true},
		{1024, 512, false, BF16, false, false},
		{1024, 512, true, F32, false, false},
		{1004, 512, true, BF16, false, false},
		{1024, 512, true, BF16, true, false},
	} {
		ds := cute.Ints(c.n, 1)
		if c.colD {
			ds = cute.Ints(1, c.m)
		}
		d := GemmOperand{Ptr: 0x10000, Layout: cute.MustLayout(cute.Ints(c.m, c.n), ds)}
		a := GemmOperand{Ptr: 0x20000, Layout: cute.MustLayout(cute.Ints(c.m, k), cute.Ints(k, 1))}
		b := GemmOperand{Ptr: 0x30000, Layout: cute.MustLayout(cute.Ints(c.n, k), cute.Ints(k, 1))}
		p, err := PlanGemm(d, a, b, nil, BF16, c.cd, 0, &GemmOptions{SMs: 132, DirectEpilogue: c.direct})
		if err != nil || p.DTransposed != c.want {
			t.Errorf("%dx%d column-major %v %v direct %v: %v, %v; want DTransposed %v", c.m, c.n, c.colD, c.cd,
				c.direct, p, err, c.want)
		}
	}
}

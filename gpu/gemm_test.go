//go:build cuda

package gpu

import (
	"testing"

	"github.com/cutego/cutego/cute"
)

// The planner needs no GPU: bad arguments are refused before any launch.
func TestPlanGemmRefuses(t *testing.T) {
	a := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 32), cute.Ints(32, 1))}
	b := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 16), cute.Ints(16, 1))}
	d := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 64), cute.Ints(64, 1))}
	if _, err := PlanGemm(d, a, b, nil, BF16, BF16, 0, nil); err == nil {
		t.Error("mismatched K accepted")
	}
	if _, err := PlanGemm(d, a, a, nil, F32, BF16, 0, nil); err == nil {
		t.Error("fp32 inputs accepted")
	}
	if _, err := PlanGemm(d, a, a, nil, BF16, BF16, 1, nil); err == nil {
		t.Error("beta without C accepted")
	}
	p, err := PlanGemm(d, a, a, nil, BF16, F32, 0, nil)
	if err != nil || p.Path != GemmWgmma || p.Kernel != "cutego_gemm_128x128_kk_bf16_f32" {
		t.Errorf("plan %+v, %v", p, err)
	}
	// FP8: K-major operands are read in place by the k32 kernels; an M-major A is transposed
	// into the workspace first (FP8 wgmma reads K-major only).
	if p, err := PlanGemm(d, a, a, nil, E4M3, BF16, 0, nil); err != nil || p.Kernel != "cutego_gemm_128x128_kk_e4m3_bf16" || p.Packed {
		t.Errorf("fp8 plan %+v, %v", p, err)
	}
	am := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(64, 32), cute.Ints(1, 64))}
	if p, err := PlanGemm(d, am, a, nil, E4M3, F32, 0, nil); err != nil || !p.Packed || p.Kernel != "cutego_gemm_128x128_kk_e4m3_f32" {
		t.Errorf("fp8 M-major A plan %+v, %v", p, err)
	}
	if p, err := PlanGemm(d, a, a, nil, E4M3, BF16, 0, &GemmOptions{BType: E5M2}); err != nil || p.Kernel != "cutego_gemm_128x128_kk_e4m3e5m2_bf16" {
		t.Errorf("e4m3 x e5m2 plan %+v, %v", p, err)
	}
	if p, err := PlanGemm(d, a, a, nil, E4M3, F32, 0, &GemmOptions{Promoted: true, PromotionInterval: 2}); err != nil || p.Kernel != "cutego_gemm_128x128_kk_e4m3_f32_promoted" {
		t.Errorf("promoted plan %+v, %v", p, err)
	}
	if _, err := PlanGemm(d, a, a, nil, BF16, F32, 0, &GemmOptions{Promoted: true}); err == nil {
		t.Error("promoted bf16 accepted")
	}
	// A scaled-basis stride in an operand is refused before any planning.
	basis := GemmOperand{Ptr: 0x1000, Layout: cute.MustParseLayout("(64,64):(1@0,1@1)")}
	if _, err := PlanGemm(d, basis, a, nil, BF16, F32, 0, nil); err == nil {
		t.Error("scaled-basis A accepted")
	}
	// The SM count is an input of the planner: on 132 SMs a 64x64 D gets 128x128 tiles.
	if p, err := PlanGemm(d, a, a, nil, BF16, F32, 0, &GemmOptions{SMs: 132}); err != nil || p.Kernel != "cutego_gemm_128x128_kk_bf16_f32" {
		t.Errorf("plan %+v, %v", p, err)
	}
}

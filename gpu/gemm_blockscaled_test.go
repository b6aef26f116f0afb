//go:build cuda

package gpu

import (
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// The block-scaled plan needs no GPU: the C planner's refusals, and cutego_gemm_block_scales's
// of the scale tensors (each naming scale_a or scale_b: cutego_kernels.h's rule), reach Go.
func TestPlanGemmBlockScaledRefuses(t *testing.T) {
	const M, N, K = 256, 384, 600 // kb = ceil(600/128) = 5, nb = 3
	a := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(M, K), cute.Ints(K, 1))}
	b := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(N, K), cute.Ints(K, 1))}
	d := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(M, N), cute.Ints(N, 1))}
	sa := GemmOperand{Ptr: 0x2000, Layout: cute.MustLayout(cute.Ints(M, 5), cute.Ints(1, M+8))} // DeepGEMM's MN-major
	sb := GemmOperand{Ptr: 0x3000, Layout: cute.MustLayout(cute.Ints(3, 5), cute.Ints(5, 1))}
	p, err := PlanGemmBlockScaled(d, a, b, nil, E4M3, BF16, sa, sb, 0, nil)
	if err != nil || p.Kernel != "cutego_gemm_128x128_kk_e4m3_bf16_blockscaled" || p.Path != GemmWgmma {
		t.Fatalf("block-scaled plan %+v, %v", p, err)
	}
	if p, err := PlanGemmBlockScaled(d, a, b, nil, E5M2, F32, sa, sb, 0, &GemmOptions{BType: E4M3}); err != nil ||
		p.Kernel != "cutego_gemm_128x128_kk_e5m2e4m3_f32_blockscaled" {
		t.Errorf("e5m2 x e4m3 block-scaled plan %+v, %v", p, err)
	}
	// Not K-major A: transposed into the workspace first, as cutego_gemm's FP8.
	am := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(M, K), cute.Ints(1, M))}
	if p, err := PlanGemmBlockScaled(d, am, b, nil, E4M3, F16, sa, sb, 0, nil); err != nil || !p.Packed {
		t.Errorf("M-major A block-scaled plan %+v, %v", p, err)
	}
	lay := func(s, d []int64) cute.Layout { return cute.MustLayout(cute.Ints(s...), cute.Ints(d...)) }
	cases := []struct {
		name   string
		ab     DType
		sa, sb GemmOperand
		opt    GemmOptions
		want   string
	}{
		{"SA with ceil(K/128)-1 columns", E4M3, GemmOperand{Ptr: 0x2000, Layout: lay([]int64{M, 4}, []int64{4, 1})}, sb, GemmOptions{}, "scale_a is 256x4"},
		{"SA with M-1 rows", E4M3, GemmOperand{Ptr: 0x2000, Layout: lay([]int64{M - 1, 5}, []int64{5, 1})}, sb, GemmOptions{}, "scale_a is 255x5"},
		{"SB of N/128 rounded down", E4M3, sa, GemmOperand{Ptr: 0x3000, Layout: lay([]int64{2, 5}, []int64{5, 1})}, GemmOptions{}, "scale_b is 2x5"},
		{"SB batch of 2 for L = 1", E4M3, sa, GemmOperand{Ptr: 0x3000, Layout: lay([]int64{3, 5, 2}, []int64{5, 1, 15})}, GemmOptions{}, "scale_b is 3x5x2"},
		{"null SA", E4M3, GemmOperand{Layout: sa.Layout}, sb, GemmOptions{}, "scale_a: a null pointer"},
		{"misaligned SB", E4M3, sa, GemmOperand{Ptr: 0x3002, Layout: sb.Layout}, GemmOptions{}, "scale_b: pointer not aligned"},
		{"SB mode of two strides", E4M3, sa, GemmOperand{Ptr: 0x3000, Layout: cute.MustParseLayout("(3,(2,3)):(6,(1,3))")}, GemmOptions{}, "scale_b: a mode that does not coalesce"},
		// 5 K blocks of stride 2^29: the last k-tile's 32-bit offset would pass 2^31 - 1
		{"SA K-block stride past 32-bit offsets", E4M3, GemmOperand{Ptr: 0x2000, Layout: lay([]int64{M, 5}, []int64{1, 1 << 29})}, sb, GemmOptions{}, "scale_a: K-block stride 536870912"},
		{"per-tensor scales too", E4M3, sa, sb, GemmOptions{ScaleA: 0x4000}, "scale_a/scale_b (per tensor)"},
		{"promoted", E4M3, sa, sb, GemmOptions{Promoted: true}, "Promoted"},
		{"interval 2", E4M3, sa, sb, GemmOptions{PromotionInterval: 2}, "fp8_promotion_interval"},
		{"128x256 tiles", E4M3, sa, sb, GemmOptions{Config: 1}, "128x128"},
		{"bf16 operands", BF16, sa, sb, GemmOptions{}, "fp8_accumulation"},
	}
	for _, tc := range cases {
		o := tc.opt
		_, err := PlanGemmBlockScaled(d, a, b, nil, tc.ab, BF16, tc.sa, tc.sb, 0, &o)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "gpu: gemm: ") {
			t.Errorf("%s: %v, want it to name %q", tc.name, err, tc.want)
		}
	}
	// K-major operands whose rows are whole 16-byte units are read in place (592 = 37·16), a
	// partial K block and a partial N block included.
	a2 := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(200, 592), cute.Ints(592, 1))}
	b2 := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(300, 592), cute.Ints(592, 1))}
	d2 := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(200, 300), cute.Ints(300, 1))}
	sa2 := GemmOperand{Ptr: 0x2000, Layout: cute.MustLayout(cute.Ints(200, 5), cute.Ints(1, 208))}
	if p, err := PlanGemmBlockScaled(d2, a2, b2, nil, E4M3, BF16, sa2, sb, 0, nil); err != nil || p.Packed {
		t.Errorf("200x300x592 block-scaled plan %+v, %v", p, err)
	}
	// Batched: SA (M, kb, L) and a rank-2 SB shared by both batches.
	a3 := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(M, K, 2), cute.Ints(K, 1, M*K))}
	b3 := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(N, K, 2), cute.Ints(K, 1, N*K))}
	d3 := GemmOperand{Ptr: 0x1000, Layout: cute.MustLayout(cute.Ints(M, N, 2), cute.Ints(N, 1, M*N))}
	sa3 := GemmOperand{Ptr: 0x2000, Layout: cute.MustLayout(cute.Ints(M, 5, 2), cute.Ints(5, 1, 5*M))}
	if _, err := PlanGemmBlockScaled(d3, a3, b3, nil, E4M3, F32, sa3, sb, 0, nil); err != nil {
		t.Errorf("batched block-scaled plan: %v", err)
	}
	if _, err := PlanGemmBlockScaled(d3, a3, b3, nil, E4M3, F32, sa, sb, 0, nil); err != nil {
		t.Errorf("batched block-scaled plan, SA shared: %v", err)
	}
}

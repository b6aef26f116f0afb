//go:build cuda

package gpu

/*
#include <stdlib.h>
#include "shim.h"
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// blockScalesIn are the scale tensors of a block-scaled GEMM as the caller gave them.
type blockScalesIn struct {
	a, b GemmOperand
}

// args checks the scale tensors against plan p (cutego_gemm_block_scales) and returns the
// block-scaled kernel's fifth argument.
func (bs *blockScalesIn) args(p *GemmPlan) (*C.cutego_gemm_block_scales_t, error) {
	la, err := toC(bs.a.Layout)
	if err != nil {
		return nil, fmt.Errorf("gpu: gemm: scale_a: %w", err)
	}
	lb, err := toC(bs.b.Layout)
	if err != nil {
		return nil, fmt.Errorf("gpu: gemm: scale_b: %w", err)
	}
	var out C.cutego_gemm_block_scales_t
	var why [160]C.char
	if C.cutego_shim_gemm_block_scales(&p.c, C.CUdeviceptr(bs.a.Ptr), &la, C.CUdeviceptr(bs.b.Ptr), &lb, &out,
		&why[0], C.size_t(unsafe.Sizeof(why))) != 0 {
		return nil, fmt.Errorf("gpu: gemm: %s", C.GoString(&why[0]))
	}
	return &out, nil
}

// blockScaledOptions refuses the options a block-scaled GEMM has no use for: opt.Promoted
// (the block-scaled kernel promotes every k-tile itself) and per-tensor scales (the C
// planner's refusal: the block scales replace them).
func blockScaledOptions(opt *GemmOptions) error {
	if opt != nil && opt.Promoted {
		return fmt.Errorf("gpu: gemm: block-scaled: Promoted: the block-scaled kernel promotes every k-tile with the block scales")
	}
	return nil
}

// PlanGemmBlockScaled decides how the block-scaled FP8 GEMM of Copier.GemmBlockScaled will
// run, without launching, and checks the scale tensors against the plan (a refusal names
// scale_a or scale_b). The tiles suit opt.SMs multiprocessors, as PlanGemm's.
func PlanGemmBlockScaled(d, a, b GemmOperand, cOp *GemmOperand, ab, cd DType, scaleA, scaleB GemmOperand, beta float32,
	opt *GemmOptions) (*GemmPlan, error) {
	if err := blockScaledOptions(opt); err != nil {
		return nil, err
	}
	bs := &blockScalesIn{scaleA, scaleB}
	p, err := planGemm(d, a, b, cOp, ab, cd, beta, opt, true)
	if err != nil {
		return nil, err
	}
	if p.Path == GemmNone {
		return p, nil
	}
	if _, err := bs.args(p); err != nil {
		return nil, err
	}
	return p, nil
}

// GemmBlockScaled is Copier.Gemm with DeepSeek-V3's block scaling (cutego_gemm_blockscaled):
// with kb = k/128 and nb = n/128,
//
//	D(m,n,l) = alpha · Σ_kb SA(m,kb,l)·SB(nb,kb,l)·Σ_{k in kb} A(m,k,l)·B(n,k,l) + beta·C(m,n,l)
//
// A and B FP8 (ab, opt.BType for a B of the other type), C and D bf16, fp16 or fp32. scaleA
// is SA, fp32 in device memory, an (M, ceil(K/128)) or (M, ceil(K/128), L) layout; scaleB is
// SB, (ceil(N/128), ceil(K/128)[, L]); any strides, each mode one stride (the K-block stride
// times ceil(K/128) within 2^31 - 1 elements), a batch mode of stride 0 (or a rank-2 layout)
// shared by every batch. The C planner decides everything
// (128x128 tiles, 128x192 where their waves take less time, 64x64 or 64x128 for M <= 128 where
// 128-row tiles would split K into the shortest slices: cutego_gemm_pick_config_blockscaled_k;
// the transposing copy of an operand that is not K-major); per-tensor scales
// (opt.ScaleA/ScaleB) and opt.Promoted are refused. K splits as Copier.Gemm's does, in whole K
// blocks (the scales' slices beside A's and B's).
func (c *Copier) GemmBlockScaled(d, a, b GemmOperand, cOp *GemmOperand, ab, cd DType, scaleA, scaleB GemmOperand,
	alpha, beta float32, opt *GemmOptions) (*GemmPlan, error) {
	if err := blockScaledOptions(opt); err != nil {
		return nil, err
	}
	return c.gemm(d, a, b, cOp, ab, cd, alpha, beta, opt, &blockScalesIn{scaleA, scaleB})
}

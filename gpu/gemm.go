//go:build cuda

package gpu

/*
#cgo CXXFLAGS: -std=c++17 -I${SRCDIR}/../include -I${SRCDIR}/../kernels -O2
#include <stdlib.h>
#include "shim.h"
*/
import "C"

import (
	"fmt"
	"os"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"gorgonia.org/cu"
)

// DType is an element type of the GEMM (cutego_kernels.h's CUTEGO_DTYPE_*).
type DType int

// The GEMM's element types.
const (
	F16  DType = C.CUTEGO_DTYPE_F16
	BF16 DType = C.CUTEGO_DTYPE_BF16
	F32  DType = C.CUTEGO_DTYPE_F32
	// E4M3 and E5M2 are the FP8 types (A and B only; GemmOptions.BType names B's where it
	// differs from A's): fp32 accumulation, per-tensor scales GemmOptions.ScaleA/ScaleB.
	E4M3 DType = C.CUTEGO_DTYPE_E4M3
	E5M2 DType = C.CUTEGO_DTYPE_E5M2
)

// GemmPath is the kernel path a GEMM took (CUTEGO_GEMM_PATH_*).
type GemmPath int

// The GEMM paths.
const (
	GemmNone    GemmPath = C.CUTEGO_GEMM_PATH_NONE
	GemmWgmma   GemmPath = C.CUTEGO_GEMM_PATH_WGMMA
	GemmGeneric GemmPath = C.CUTEGO_GEMM_PATH_GENERIC
)

func (p GemmPath) String() string { return C.GoString(C.cutego_gemm_path_name(C.int(p))) }

// GemmDecomposition is how a GEMM's output tiles are shared among CTAs (cutego_kernels.h's
// CUTEGO_GEMM_DECOMPOSITION_*).
type GemmDecomposition int

// The decompositions.
const (
	// GemmDecompositionAuto: the C launcher's cost models choose (csrc/gemm/waves.c).
	GemmDecompositionAuto GemmDecomposition = C.CUTEGO_GEMM_DECOMPOSITION_AUTO
	// GemmDataParallel: every tile whole to one CTA, neither split K nor stream-K.
	GemmDataParallel GemmDecomposition = C.CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL
	// GemmSplitK: K split where cutego_gemm_split_k says (or GemmOptions.SplitK asks).
	GemmSplitK GemmDecomposition = C.CUTEGO_GEMM_DECOMPOSITION_SPLIT_K
	// GemmStreamK: stream-K (CUTLASS's data-parallel + stream-K hybrid, gemm_stream_k.cuh), an
	// error where the plan cannot run it (cutego_gemm_no_stream_k).
	GemmStreamK GemmDecomposition = C.CUTEGO_GEMM_DECOMPOSITION_STREAM_K
)

func (d GemmDecomposition) String() string {
	switch d {
	case GemmDecompositionAuto:
		return "AUTO"
	case GemmDataParallel:
		return "DATA_PARALLEL"
	case GemmSplitK:
		return "SPLIT_K"
	case GemmStreamK:
		return "STREAM_K"
	}
	return fmt.Sprintf("GemmDecomposition(%d)", int(d))
}

// elemBytes is the size of one element of t (1 for FP8, 4 for F32, else 2).
func (t DType) elemBytes() int {
	switch t {
	case E4M3, E5M2:
		return 1
	case F32:
		return 4
	}
	return 2
}

// GemmOptions force a path or tune the wgmma kernel (zero values: automatic).
type GemmOptions struct {
	ForcePath      GemmPath
	Config         int // 0 automatic, else CUTEGO_GEMM_CONFIG_* + 1
	MaxCTAs        int
	GroupM         int
	DirectEpilogue bool
	NoPack         bool  // never copy A or B into a workspace: the generic path instead
	ClusterM       int   // 0 automatic, 1 no clusters, 2: 2x1 clusters sharing B by TMA multicast
	ClusterN       int   // 0 or 1 no clusters along N, 2: 1x2 clusters sharing a K-major A (16-bit, tiles of <= 128 columns)
	DStore         int   // CUTEGO_GEMM_D_STORE_*: 0 automatic, 1 D streams past the L2 (evict-first D, evict-last A and B), 2 never
	SMs            int   // the device's multiprocessor count for the tile choice (Copier.Gemm: 0 is the device's)
	BType          DType // FP8 pairs: B's type when it differs from A's (0: the same)
	// FP8 only: promoted accumulation (partial sums added into fp32 registers every
	// PromotionInterval k-tiles of 128, 0: 1) instead of the tensor cores' own.
	Promoted          bool
	PromotionInterval int
	// FP8 only: per-tensor scales, each one fp32 in device memory (0: 1), read by the kernel
	// when it runs: D = alpha·ScaleA·ScaleB·A·B + beta·C (cutego_gemm_options_t's scale_a and
	// scale_b; the planner refuses them for bf16/fp16 operands).
	ScaleA, ScaleB cu.DevicePtr
	// SplitK is cutego_gemm_options_t's split_k: 0 automatic (cutego_gemm_split_k's rule for
	// SMs multiprocessors), 1 never split K, S > 1 split K in S slices (an error where they
	// are impossible).
	SplitK int
	// Decomposition is cutego_gemm_options_t's decomposition: 0 (GemmDecompositionAuto) the cost
	// models' choice, GemmDataParallel, GemmSplitK or GemmStreamK (Copier.Gemm; an error where the
	// C launcher refuses it, with its message).
	Decomposition GemmDecomposition
	// PitchPack is cutego_gemm_options_t's pitch_pack: 0 (AUTO) copies a K-major A or B whose rows
	// are off the 128-byte grid into a 128-byte pitch where the cost model says it pays (SMs
	// known), 1 (ON) wherever they are, 2 (OFF) never (packed copies then pad K to 16 bytes).
	// 16-bit rows off the 16-byte grid but on the 4-byte one are read in place by cp.async
	// (GemmPlan.Rows) instead of copied: with OFF wherever they can be, with AUTO where the copy
	// costs more (at most 128 rows or columns, or a small GEMM), never with ON.
	PitchPack int
}

// GemmPlan is the planner's decision for one GEMM.
type GemmPlan struct {
	Path   GemmPath
	Packed bool // an operand goes through a compact copy in a workspace first (A, B or C/D)
	// Rows: A and B are read in place by the producer's cp.async pieces (CUTEGO_GEMM_F_ROWS: 16-bit
	// K-major rows off the 16-byte grid of tensor maps); RowsPiece is the pieces' bytes: 8 on the
	// 8-byte grid (K a multiple of 4), 4 on the 4-byte grid (K even, CUTEGO_GEMM_F_ROWS_4), 0 where
	// Rows is false
	Rows      bool
	RowsPiece int
	// DStream: D streams past the L2 (CUTEGO_GEMM_F_D_STREAM: evict-first D stores, evict-last A
	// and B loads), as GemmOptions.DStore asks or, automatically, where a 16-bit GEMM of K <= 128
	// writes at least 2 GiB of D
	DStream bool
	// DTransposed: D's M has unit stride (a column-major 16-bit D) and goes out through TMA stores,
	// each chunk staged transposed in shared memory (CUTEGO_GEMM_F_D_TMA_T)
	DTransposed bool
	// AHalves: a K-major A whose last row of 128-row tiles holds at most 64 rows goes in TMA boxes
	// of 64 rows, two per stage and one in that row (CUTEGO_GEMM_F_A_HALVES: a box reaching 64 or
	// more rows past M slowed the whole wave)
	AHalves bool
	// BShift: a K-major B whose last tile column holds at most half a tile, beside 8 or more tile
	// rows in one wave, loads that column's box from N - BN rounded up to a multiple of 8 (at most 7
	// rows past N), and that column stores only its own columns (CUTEGO_GEMM_F_B_SHIFT: a last box
	// of few rows inside N slowed the whole wave)
	BShift bool
	// SwappedAB: D's M has unit stride and Copier.Gemm computed D^T = B A^T, row-major, with A and
	// B exchanged (cutego_gemm_swap_ab: where both orientations make the same tiles); the plan is
	// the swapped GEMM's (its Kernel and Reason; CUTEGO_GEMM_F_SWAP_AB)
	SwappedAB bool
	Kernel    string
	Reason    string
	// SplitK is how many slices of K Copier.Gemm computes separately (1: none), as cutego_gemm
	// would: the slices' GEMM, then a reduction (cutego_gemm_split_layouts).
	SplitK int
	// Decomposition is what Copier.Gemm runs (cutego_gemm_plan_t's decomposition): GemmDataParallel,
	// GemmSplitK or GemmStreamK; 0 from PlanGemm. Stream-K: Kernel ends _streamk and Reason gives
	// the stream-K tiles, CTAs and groups (cutego_gemm_plan_stream_k).
	Decomposition GemmDecomposition
	c             C.cutego_gemm_plan_t
	split         C.cutego_gemm_split_layouts_t // the slices, where SplitK > 1
	slices        GemmOptions                   // the slices' options, where SplitK > 1
	// stream-K (Decomposition GemmStreamK): the kernel's fifth argument (its partials and flags
	// set at the launch), its CTAs and the flags' byte offset in its workspace of
	// c.split_workspace_bytes (cutego_gemm_stream_k_launch)
	sk      C.cutego_gemm_stream_k_t
	skCTAs  int64
	skFlags int64
}

// GemmOperand is a device pointer and the layout of the elements it points to.
type GemmOperand struct {
	Ptr    cu.DevicePtr
	Layout cute.Layout
}

// LoadGemm loads the GEMM modules (`make kernels-go`): build/kernels/cutego_gemm.cubin (the
// bf16/fp16 kernels) and, for FP8 A and B, build/kernels/cutego_gemm_fp8.cubin. A kernel is
// looked up in each module in turn.
func (c *Copier) LoadGemm(cubinPaths ...string) error {
	if len(cubinPaths) == 0 {
		return fmt.Errorf("gpu: LoadGemm: no module named")
	}
	for _, path := range cubinPaths {
		image, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("gpu: %w", err)
		}
		m, err := cu.LoadData(string(image))
		if err != nil {
			return fmt.Errorf("gpu: loading %s: %w", path, err)
		}
		c.gemmMods = append(c.gemmMods, m)
	}
	return nil
}

// gemmFunction is the kernel called name in the loaded GEMM modules (the first that has it).
func (c *Copier) gemmFunction(name string, fp8 bool) (cu.Function, error) {
	for _, m := range c.gemmMods {
		if fn, err := m.Function(name); err == nil {
			return fn, nil
		}
	}
	if fp8 {
		return cu.Function{}, fmt.Errorf("gpu: gemm kernel %s is in none of the loaded modules (FP8: LoadGemm with build/kernels/cutego_gemm_fp8.cubin too)", name)
	}
	return cu.Function{}, fmt.Errorf("gpu: gemm kernel %s is in none of the loaded modules", name)
}

// PlanGemm decides how D = alpha·A·B + beta·C will run (CuTe's convention: A (M,K[,L]),
// B (N,K[,L]), C and D (M,N[,L]), layouts in elements), without launching. C is needed
// only when beta != 0. The tiles suit opt.SMs multiprocessors (0: occupancy not considered;
// Copier.Gemm plans for its device, and may then split K: its plan's SplitK).
func PlanGemm(d GemmOperand, a, b GemmOperand, cOp *GemmOperand, ab, cd DType, beta float32, opt *GemmOptions) (*GemmPlan, error) {
	return planGemm(d, a, b, cOp, ab, cd, beta, opt, false)
}

// planGemm is PlanGemm, with fp8_accumulation BLOCK_SCALED where blockScaled.
func planGemm(d GemmOperand, a, b GemmOperand, cOp *GemmOperand, ab, cd DType, beta float32, opt *GemmOptions,
	blockScaled bool) (*GemmPlan, error) {
	var ld, la, lb, lc C.cute_layout_t
	var err error
	if ld, err = toC(d.Layout); err != nil {
		return nil, err
	}
	if la, err = toC(a.Layout); err != nil {
		return nil, err
	}
	if lb, err = toC(b.Layout); err != nil {
		return nil, err
	}
	var plc *C.cute_layout_t
	var caddr C.uintptr_t
	readC := C.int(0)
	if beta != 0 {
		readC = 1
		if cOp == nil {
			return nil, fmt.Errorf("gpu: gemm: beta != 0 needs C")
		}
		if lc, err = toC(cOp.Layout); err != nil {
			return nil, err
		}
		plc, caddr = &lc, C.uintptr_t(cOp.Ptr)
	}
	o := cOptions(opt, blockScaled)
	p := &GemmPlan{}
	rc := C.cutego_gemm_plan(&ld, &la, &lb, plc, C.int(ab), C.int(cd), readC, C.uintptr_t(d.Ptr), C.uintptr_t(a.Ptr),
		C.uintptr_t(b.Ptr), caddr, &o, &p.c)
	p.Path = GemmPath(p.c.path)
	p.Reason = C.GoString(&p.c.reason[0])
	p.Kernel = C.GoString(&p.c.kernel[0])
	p.Packed = p.c.flags&packFlags != 0
	p.Rows = p.c.flags&C.CUTEGO_GEMM_F_ROWS != 0
	if p.Rows {
		p.RowsPiece = 8
		if p.c.flags&C.CUTEGO_GEMM_F_ROWS_4 != 0 {
			p.RowsPiece = 4
		}
	}
	p.DStream = p.c.flags&C.CUTEGO_GEMM_F_D_STREAM != 0
	p.DTransposed = p.c.flags&C.CUTEGO_GEMM_F_D_TMA_T != 0
	p.AHalves = p.c.flags&C.CUTEGO_GEMM_F_A_HALVES != 0
	p.BShift = p.c.flags&C.CUTEGO_GEMM_F_B_SHIFT != 0
	p.SplitK = 1
	if rc != 0 {
		return nil, fmt.Errorf("gpu: gemm: %s", p.Reason)
	}
	return p, nil
}

// cOptions is opt as cutego_gemm_options_t, fp8_accumulation BLOCK_SCALED where blockScaled.
func cOptions(opt *GemmOptions, blockScaled bool) C.cutego_gemm_options_t {
	var o C.cutego_gemm_options_t
	if opt != nil {
		o.force_path = C.int32_t(opt.ForcePath)
		o.config = C.int32_t(opt.Config)
		o.max_ctas = C.int32_t(opt.MaxCTAs)
		o.group_m = C.int32_t(opt.GroupM)
		o.cluster_m = C.int32_t(opt.ClusterM)
		o.cluster_n = C.int32_t(opt.ClusterN)
		o.d_store = C.int32_t(opt.DStore)
		o.sms = C.int32_t(opt.SMs)
		o.b_dtype = C.int32_t(opt.BType)
		if opt.Promoted {
			o.fp8_accumulation = C.CUTEGO_GEMM_FP8_ACCUM_PROMOTED
		}
		o.fp8_promotion_interval = C.int32_t(opt.PromotionInterval)
		C.cutego_shim_gemm_scales(&o, C.CUdeviceptr(opt.ScaleA), C.CUdeviceptr(opt.ScaleB))
		if opt.DirectEpilogue {
			o.direct_epilogue = 1
		}
		if opt.NoPack {
			o.no_pack = 1
		}
		o.pitch_pack = C.int32_t(opt.PitchPack)
		// (the planner reads only whether a split or stream-K is asked for: cp.async's rows take neither)
		o.split_k = C.int32_t(opt.SplitK)
		o.decomposition = C.int32_t(opt.Decomposition)
	}
	if blockScaled {
		o.fp8_accumulation = C.CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED
	}
	return o
}

// Gemm computes D = alpha·A·B + beta·C on c.Stream (asynchronous) and returns the plan it ran.
// A and B are bf16 or fp16 (ab), or FP8 (E4M3/E5M2; opt.BType for a B of the other FP8 type,
// opt.ScaleA/ScaleB, opt.Promoted), C and D bf16, fp16 or fp32 (cd); cOp may be nil when beta
// is 0. The rules are the C planner's (PlanGemm) and the tile configuration the C launcher's
// (cutego_gemm_narrow_config, cutego_gemm_pick_config), K split where cutego_gemm would split it
// (cutego_gemm_split_k, opt.SplitK): the slices' fp32 partial sums go to the Copier's workspace
// and a reduction kernel (cutego_gemm_split_k_reduce_*) sums them into D. Stream-K where
// cutego_gemm would run it (cutego_gemm_stream_k_choice, opt.Decomposition GemmStreamK): the
// kernel cutego_gemm_<config>_<majors>_<in>_<out>_streamk on one persistent CTA per SM (opt.SMs,
// at most opt.MaxCTAs; cutego_gemm_stream_k_launch), its partial sums and flags in the Copier's
// workspace after any packed copies, the flags zeroed on c.Stream before each launch.
// As in C, a short wgmma kernel is launched as a programmatic dependent of the kernel before it
// (cutego_gemm_programmatic; it waits for that kernel before it touches memory), and every wgmma
// kernel lets the next one launch early: a kernel launched after it with programmatic stream
// serialization must wait (cudaGridDependencySynchronize) before it reads D.
func (c *Copier) Gemm(d, a, b GemmOperand, cOp *GemmOperand, ab, cd DType, alpha, beta float32, opt *GemmOptions) (*GemmPlan, error) {
	return c.gemm(d, a, b, cOp, ab, cd, alpha, beta, opt, nil)
}

// gemm is Gemm, block-scaled with the scale tensors bs (nil: not).
func (c *Copier) gemm(d, a, b GemmOperand, cOp *GemmOperand, ab, cd DType, alpha, beta float32, opt *GemmOptions,
	bs *blockScalesIn) (*GemmPlan, error) {
	if len(c.gemmMods) == 0 {
		return nil, fmt.Errorf("gpu: gemm: no GEMM module loaded (LoadGemm)")
	}
	o := GemmOptions{}
	if opt != nil {
		o = *opt
	}
	if o.SMs == 0 {
		o.SMs = c.sms
	}
	opt = &o
	if bs == nil {
		if sw, ok := swapAB(d, a, b, cOp, ab, cd, beta, opt); ok {
			p, err := c.gemm(sw.d, sw.a, sw.b, sw.c, sw.ab, cd, alpha, beta, &sw.opt, nil)
			if p != nil {
				p.markSwapped()
			}
			return p, err
		}
	}
	dIn, aIn, bIn, cIn := d, a, b, cOp // the caller's operands (packed copies may replace them below)
	p, err := launchPlan(d, a, b, cOp, ab, cd, beta, opt, bs)
	if err != nil {
		return nil, err
	}
	if p.Path == GemmNone {
		return p, nil
	}
	var scales *C.cutego_gemm_block_scales_t
	if bs != nil {
		if scales, err = bs.args(p); err != nil {
			return nil, err
		}
	}
	if d.Ptr == 0 || a.Ptr == 0 || b.Ptr == 0 || (beta != 0 && cOp.Ptr == 0) {
		return nil, fmt.Errorf("gpu: gemm: null pointer")
	}
	if p.SplitK > 1 {
		// packed A or B (a packed C/D does not split): the copies first, at the workspace's start;
		// the slices read them and write their partial sums after them
		var off int64
		if p.Packed {
			off = int64(p.c.workspace_bytes)
			ws, err := c.workspace(off + int64(p.split.workspace_bytes))
			if err != nil {
				return nil, err
			}
			if a, b, _, _, err = c.packOperands(p, ws, a, b, d, cOp, ab, cd, beta); err != nil {
				return nil, err
			}
			// the copies' K padding that the last slice reads, zeroed (cutego_gemm_split_pad)
			if rc := C.cutego_shim_zero_split_pads(&p.c, C.CUdeviceptr(a.Ptr), C.CUdeviceptr(b.Ptr), c.stream()); rc != 0 {
				return nil, cuErr("gemm: zeroing the packed copies' K padding", rc)
			}
		}
		return p, c.gemmSplitK(p, d, a, b, cOp, ab, cd, alpha, beta, bs, off)
	}
	fn, err := c.gemmFunction(p.Kernel, ab.elemBytes() == 1)
	if err != nil {
		return nil, err
	}
	f := *(*C.CUfunction)(unsafe.Pointer(&fn))
	if p.Path == GemmGeneric {
		ld, _ := toC(d.Layout)
		la, _ := toC(a.Layout)
		lb, _ := toC(b.Layout)
		var lc *C.cute_layout_t
		var cptr C.CUdeviceptr
		if beta != 0 {
			x, _ := toC(cOp.Layout)
			lc, cptr = &x, C.CUdeviceptr(cOp.Ptr)
		}
		var l C.cutego_launch_t
		C.cutego_gemm_launch(&p.c, C.int64_t(c.sms), C.int64_t(opt.MaxCTAs), &l)
		return p, cuErr(p.Kernel, C.cutego_shim_launch_gemm_generic(f, C.uint(l.grid), C.uint(l.block), c.stream(), &p.c,
			C.CUdeviceptr(d.Ptr), &ld, C.CUdeviceptr(a.Ptr), &la, C.CUdeviceptr(b.Ptr), &lb, cptr, lc,
			C.float(alpha), C.float(beta)))
	}
	// Operands no tensor map reads as they are (or whose rows are off the 128-byte grid): copied
	// into the Copier's workspace first (packOperands); a hierarchical C/D goes through d_packed.
	// Stream-K: its partial sums and flags in the same workspace, after the packed copies (as the
	// C launcher places them in a caller's workspace).
	dUser := d
	es := cd.elemBytes()
	var sk *C.cutego_gemm_stream_k_t
	var skOff int64
	if p.Packed {
		skOff = int64(p.c.workspace_bytes)
	}
	if p.Packed || p.Decomposition == GemmStreamK {
		need := skOff
		if p.Decomposition == GemmStreamK {
			need += int64(p.c.split_workspace_bytes)
		}
		ws, err := c.workspace(need)
		if err != nil {
			return nil, err
		}
		if p.Packed {
			if a, b, d, cOp, err = c.packOperands(p, ws, a, b, d, cOp, ab, cd, beta); err != nil {
				return nil, err
			}
		}
		if p.Decomposition == GemmStreamK {
			at := ws + cu.DevicePtr(skOff)
			C.cutego_shim_stream_k_at(&p.sk, C.CUdeviceptr(at), C.CUdeviceptr(at+cu.DevicePtr(p.skFlags)))
			// the launch's own copy: cgo checks the whole Go object a pointer argument points
			// into, and a GemmPlan holds Go strings
			skArg := p.sk
			sk = &skArg
		}
	}
	smem := int(p.c.smem_bytes)
	if smem > c.smemOptin {
		return nil, fmt.Errorf("gpu: gemm: %s needs %d bytes of shared memory, the device has %d", p.Kernel, smem, c.smemOptin)
	}
	if c.smemSet[p.Kernel] < smem {
		if err := cuErr("cuFuncSetAttribute", C.cutego_shim_set_smem(f, C.int(smem))); err != nil {
			return nil, err
		}
		c.smemSet[p.Kernel] = smem
	}
	var cptr C.CUdeviceptr
	if beta != 0 {
		cptr = C.CUdeviceptr(cOp.Ptr)
	}
	var args C.cutego_gemm_args_t
	C.cutego_shim_gemm_args(&p.c, C.CUdeviceptr(d.Ptr), cptr, C.float(alpha), C.float(beta), C.int32_t(opt.GroupM), &args)
	rc := C.cutego_shim_launch_gemm(f, C.int(c.sms), C.int(opt.MaxCTAs), c.stream(), &p.c, &args,
		C.CUdeviceptr(a.Ptr), C.CUdeviceptr(b.Ptr), C.CUdeviceptr(d.Ptr), C.CUdeviceptr(opt.ScaleA), C.CUdeviceptr(opt.ScaleB), scales,
		sk, C.int64_t(p.skCTAs))
	if rc == -1 {
		return nil, fmt.Errorf("gpu: gemm: encoding the tensor maps failed (%s)", p.Reason)
	}
	if rc == C.CUDA_ERROR_INVALID_CLUSTER_SIZE && opt.ClusterM == 0 && p.c.cluster_m > 1 {
		// clusters taken by cutego_gemm_auto_cluster, none of which fits here: the same GEMM without
		o1 := *opt
		o1.ClusterM = 1
		return c.gemm(dIn, aIn, bIn, cIn, ab, cd, alpha, beta, &o1, bs)
	}
	if err := cuErr(p.Kernel, rc); err != nil {
		return nil, err
	}
	if p.c.flags&C.CUTEGO_GEMM_F_PACK_D != 0 {
		if _, err := c.Copy(dUser.Ptr, dUser.Layout, d.Ptr, d.Layout, es, nil); err != nil {
			return nil, fmt.Errorf("gpu: gemm: copying D out of the workspace: %w", err)
		}
	}
	return p, nil
}

// swapped is a GEMM as D^T = B A^T: D and C transposed, A and B (their types and scales) exchanged.
type swapped struct {
	d, a, b GemmOperand
	c       *GemmOperand
	ab      DType
	opt     GemmOptions
}

// swapAB is the C launcher's choice (cutego_gemm_swap_ab) for a GEMM that is not block-scaled, on
// opt.SMs multiprocessors: the GEMM as D^T = B A^T where the rule takes both orientations' plans,
// and false where it stays as asked (first, cheaply, where cutego_gemm_swap_candidate says no).
func swapAB(d, a, b GemmOperand, cOp *GemmOperand, ab, cd DType, beta float32, opt *GemmOptions) (swapped, bool) {
	ld, err := toC(d.Layout)
	if err != nil || C.cutego_gemm_swap_candidate(&ld, C.int32_t(ab)) == 0 {
		return swapped{}, false
	}
	transpose := func(x GemmOperand) (GemmOperand, bool) {
		l, err := toC(x.Layout)
		var t C.cute_layout_t
		if err != nil || C.cutego_gemm_transpose_layout(&l, &t) != 0 {
			return GemmOperand{}, false
		}
		tl, err := fromC(&t)
		return GemmOperand{Ptr: x.Ptr, Layout: tl}, err == nil
	}
	sw := swapped{a: b, b: a, ab: ab, opt: *opt}
	var ok bool
	if sw.d, ok = transpose(d); !ok {
		return swapped{}, false
	}
	if beta != 0 {
		if cOp == nil {
			return swapped{}, false
		}
		ct, ok := transpose(*cOp)
		if !ok {
			return swapped{}, false
		}
		sw.c = &ct
	}
	sw.opt.ScaleA, sw.opt.ScaleB = opt.ScaleB, opt.ScaleA
	if opt.BType != 0 && opt.BType != ab {
		sw.ab, sw.opt.BType = opt.BType, ab
	}
	p, err := planGemm(d, a, b, cOp, ab, cd, beta, opt, false)
	if err != nil {
		return swapped{}, false
	}
	q, err := planGemm(sw.d, sw.a, sw.b, sw.c, sw.ab, cd, beta, &sw.opt, false)
	if err != nil {
		return swapped{}, false
	}
	o := cOptions(opt, false)
	return sw, C.cutego_gemm_swap_ab(&o, &p.c, &q.c, C.int(opt.SMs)) == 1
}

// markSwapped marks p as the plan of a GEMM computed as D^T = B A^T (cutego_gemm_mark_swapped).
func (p *GemmPlan) markSwapped() {
	C.cutego_gemm_mark_swapped(&p.c)
	p.SwappedAB = true
	p.Reason = C.GoString(&p.c.reason[0])
}

// packFlags: the plan flags of its packed copies (A, B, C/D into the workspace).
const packFlags = C.CUTEGO_GEMM_F_PACK_A | C.CUTEGO_GEMM_F_PACK_B | C.CUTEGO_GEMM_F_PACK_D

// launchPlan is the plan Copier.Gemm launches, the C launcher's (cutego_gemm) decisions in its
// order: PlanGemm's plan; opt.Decomposition against opt.SplitK (cutego_gemm_check_decomposition);
// where neither a configuration, a split nor a decomposition without splits is asked for, the
// narrow tiles cutego_gemm_narrow_config names, 64x128 (one wave where 128x128 fills at most
// half, or above 64 rows where 128x64 was the narrow tile; 64x96 for 97-128 rows where they fill
// more of one wave), or 64x64 for at most 64 rows and where 64x64 tiles of such a one-wave plan
// fill one wave (512^3), where that plan adds no packed copy to PlanGemm's (K off the 16-byte grid
// copies A and B on any tiles); then, unless DATA_PARALLEL or STREAM_K is asked for, K split as
// cutego_gemm_split_k says for opt.SMs (or opt.SplitK asks), where the slices plan on the wgmma
// path reading A and B in place or their packed copies (planSplit); then stream-K where
// cutego_gemm_stream_k_choice says so (the cost model, or STREAM_K asked for), planned again on
// the tiles it names where they are not the plan's (cutego_gemm_stream_k_replanned), with its
// launch for opt.SMs CTAs (streamKLaunch); else, unless asked for, narrow or on packed copies made
// for a split that did not plan, the tile configuration cutego_gemm_pick_config gives for opt.SMs
// (not for promoted FP8 accumulation, whose kernels are 128x128 only).
func launchPlan(d, a, b GemmOperand, cOp *GemmOperand, ab, cd DType, beta float32, opt *GemmOptions,
	bs *blockScalesIn) (*GemmPlan, error) {
	if opt.SplitK < 0 {
		return nil, fmt.Errorf("gpu: gemm: split_k %d: 0 (automatic), 1 (never) or a count of slices", opt.SplitK)
	}
	p, err := planGemm(d, a, b, cOp, ab, cd, beta, opt, bs != nil)
	if err != nil || p.Path == GemmNone {
		return p, err
	}
	var why [256]C.char
	cerr := func() error { return fmt.Errorf("gpu: gemm: %s", C.GoString(&why[0])) }
	dec := C.int32_t(opt.Decomposition)
	if C.cutego_gemm_check_decomposition(dec, C.int32_t(opt.SplitK), &why[0], C.size_t(len(why))) != 0 {
		return nil, cerr()
	}
	noSplit := opt.Decomposition == GemmDataParallel || opt.Decomposition == GemmStreamK
	if p.Path != GemmWgmma {
		if opt.SplitK > 1 {
			return nil, fmt.Errorf("gpu: gemm: split_k %d: not the wgmma path", opt.SplitK)
		}
		if C.cutego_gemm_stream_k_choice(&p.c, C.int(opt.SMs), dec, C.int32_t(opt.Config), C.int32_t(opt.SplitK), 0, 0,
			&why[0], C.size_t(len(why))) < 0 {
			return nil, cerr()
		}
		p.dataParallel()
		return p, nil
	}
	replan := func(config C.int) *GemmPlan {
		o := *opt
		o.Config = int(config) + 1
		if q, err := planGemm(d, a, b, cOp, ab, cd, beta, &o, bs != nil); err == nil && q.Path == GemmWgmma {
			return q
		}
		return nil
	}
	narrow := false
	if opt.Config <= 0 && opt.SplitK == 0 && !noSplit {
		if nc := C.cutego_gemm_narrow_config(&p.c, C.int(opt.SMs)); nc >= 0 {
			if q := replan(nc); q != nil && q.c.flags&packFlags&^p.c.flags == 0 {
				p, narrow = q, true
			}
		}
	}
	splits := C.int(1)
	if !noSplit {
		splits = C.cutego_gemm_split_k(&p.c, C.int(opt.SMs), C.int(opt.SplitK), &why[0], C.size_t(len(why)))
		if splits < 0 {
			return nil, cerr()
		}
	}
	// packed: A or B copied for a split whose slices did not plan (the C launcher packs before
	// planning the slices, and keeps those copies and their tiles)
	packed := false
	if splits > 1 {
		if err := planSplit(p, int(splits), a, b, ab, opt, bs); err == nil {
			return p, nil
		} else if opt.SplitK > 1 {
			return nil, err
		}
		packed = p.c.flags&(C.CUTEGO_GEMM_F_PACK_A|C.CUTEGO_GEMM_F_PACK_B) != 0
	}
	want := C.cutego_gemm_stream_k_choice(&p.c, C.int(opt.SMs), dec, C.int32_t(opt.Config), C.int32_t(opt.SplitK),
		cBool(narrow), cBool(packed), &why[0], C.size_t(len(why)))
	if want > 0 && want-1 != C.int(p.c.config) {
		o := *opt
		o.Config = int(want)
		q, err := planGemm(d, a, b, cOp, ab, cd, beta, &o, bs != nil)
		var qc *C.cutego_gemm_plan_t
		if err == nil {
			qc = &q.c
		}
		if want = C.cutego_gemm_stream_k_replanned(qc, dec, want, &why[0], C.size_t(len(why))); want > 0 {
			p = q
		}
	}
	if want < 0 {
		return nil, cerr()
	}
	if want > 0 {
		if err := p.streamKLaunch(opt.SMs, opt.MaxCTAs, opt.GroupM); err != nil {
			return nil, err
		}
		return p, nil
	}
	if opt.Config > 0 || narrow || p.c.promoted != 0 || packed {
		return autoCluster(p, d, a, b, cOp, ab, cd, beta, opt, bs).dataParallel(), nil
	}
	if want := C.cutego_gemm_pick_config_plan(&p.c, C.int(opt.SMs)); want != C.int(p.c.config) {
		if q := replan(want); q != nil {
			p = q
		}
	}
	return autoCluster(p, d, a, b, cOp, ab, cd, beta, opt, bs).dataParallel(), nil
}

// cBool is 1 for true, 0 for false.
func cBool(b bool) C.int {
	if b {
		return 1
	}
	return 0
}

// dataParallel marks p data-parallel (its Decomposition and cutego_gemm_plan_t's) and returns it.
func (p *GemmPlan) dataParallel() *GemmPlan {
	p.Decomposition = GemmDataParallel
	p.c.decomposition = C.CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL
	return p
}

// streamKLaunch makes p a stream-K plan as the C launcher does: its launch on sms CTAs at most
// (maxCTAs and groupM as GemmOptions': cutego_gemm_stream_k_launch) and the plan's record of it
// (cutego_gemm_plan_stream_k: Decomposition GemmStreamK, the kernel name ending _streamk, the
// reason, the workspace's bytes). An error where p's tiles have no stream-K kernel.
func (p *GemmPlan) streamKLaunch(sms, maxCTAs, groupM int) error {
	var ctas, bytes, flags C.int64_t
	if C.cutego_gemm_stream_k_launch(&p.c, C.int64_t(sms), C.int64_t(maxCTAs), C.int32_t(groupM), &p.sk, &ctas, &bytes,
		&flags) != 0 {
		return fmt.Errorf("gpu: gemm: no stream-K launch of %s", p.Kernel)
	}
	p.skCTAs, p.skFlags = int64(ctas), int64(flags)
	C.cutego_gemm_plan_stream_k(&p.c, &p.sk, ctas, bytes)
	p.Decomposition = GemmStreamK
	p.Kernel = C.GoString(&p.c.kernel[0])
	p.Reason = C.GoString(&p.c.reason[0])
	return nil
}

// autoCluster is p in 2x1 clusters sharing B where cutego_gemm_auto_cluster says so and opt asks
// for no cluster size (the same tiles and packed copies, as the C launcher takes them); else p.
func autoCluster(p *GemmPlan, d, a, b GemmOperand, cOp *GemmOperand, ab, cd DType, beta float32, opt *GemmOptions,
	bs *blockScalesIn) *GemmPlan {
	if opt.ClusterM != 0 || bs != nil || C.cutego_gemm_auto_cluster(&p.c) != 2 {
		return p
	}
	o := *opt
	o.Config, o.ClusterM = int(p.c.config)+1, 2
	q, err := planGemm(d, a, b, cOp, ab, cd, beta, &o, false)
	if err != nil || q.Path != GemmWgmma || q.c.cluster_m != 2 || q.c.flags&packFlags != p.c.flags&packFlags {
		return p
	}
	return q
}

// splitWorkspaceAddr stands for the split-K workspace's address while planning the slices (the
// Copier's workspace is 256-byte aligned, as cuMemAlloc's memory is).
const splitWorkspaceAddr = 256

// planSplit makes p the plan of K split in `splits` slices as cutego_gemm's split does: the
// slices' layouts from cutego_gemm_split_layouts, planned (fp32 out, alpha 1, beta 0) on the
// wgmma path without packing, without clusters, on cutego_gemm_slice_config's tiles (unless opt
// names a configuration). An error, p unchanged, where they do not plan so.
func planSplit(p *GemmPlan, splits int, a, b GemmOperand, ab DType, opt *GemmOptions, bs *blockScalesIn) error {
	var scales *C.cutego_gemm_block_scales_t
	if bs != nil {
		var err error
		if scales, err = bs.args(p); err != nil {
			return err
		}
	}
	var sl C.cutego_gemm_split_layouts_t
	if C.cutego_gemm_split_layouts(&p.c, C.int(splits), C.int(opt.SMs), scales, &sl) != 0 {
		return fmt.Errorf("gpu: gemm: K does not split in %d slices", splits)
	}
	o := *opt
	o.ForcePath, o.NoPack, o.SplitK, o.ClusterM, o.Decomposition = GemmWgmma, true, 1, 1, GemmDataParallel
	if o.Config <= 0 {
		o.Config = int(C.cutego_gemm_slice_config(&p.c)) + 1
	}
	// the slices read packed copies (cutego_gemm_plan_t's a/b_packed) at 256-byte-aligned workspace offsets
	aAt, bAt := a.Ptr, b.Ptr
	if p.c.flags&C.CUTEGO_GEMM_F_PACK_A != 0 {
		aAt = splitWorkspaceAddr
	}
	if p.c.flags&C.CUTEGO_GEMM_F_PACK_B != 0 {
		bAt = splitWorkspaceAddr
	}
	lw, la, lb, err := splitOperands(&sl, splitWorkspaceAddr, aAt, bAt)
	if err != nil {
		return err
	}
	var sbs *blockScalesIn
	if bs != nil {
		if sbs, err = splitScales(&sl, bs); err != nil {
			return err
		}
	}
	q, err := planGemm(lw, la, lb, nil, ab, F32, 0, &o, bs != nil)
	if err == nil && (q.Path != GemmWgmma || q.Packed) {
		err = fmt.Errorf("gpu: gemm: the slices of K plan as %s", q.Reason)
	}
	if err == nil && sbs != nil {
		_, err = sbs.args(q)
	}
	if err != nil {
		return err
	}
	p.SplitK, p.split, p.slices = splits, sl, o
	p.c.split_k = C.int32_t(splits)
	p.c.decomposition = C.CUTEGO_GEMM_DECOMPOSITION_SPLIT_K
	p.Decomposition = GemmSplitK
	p.c.split_workspace_bytes = sl.workspace_bytes
	p.c.config = q.c.config
	p.c.tiles_m, p.c.tiles_n, p.c.tiles = q.c.tiles_m, q.c.tiles_n, q.c.tiles
	p.Reason = fmt.Sprintf("wgmma, K split in %d slices of %d: %s", splits, int64(sl.slice_k), q.Reason)
	return nil
}

// splitOperands are the split's W, A' and B' (cutego_gemm_split_layouts) at w, a and b.
func splitOperands(sl *C.cutego_gemm_split_layouts_t, w, a, b cu.DevicePtr) (GemmOperand, GemmOperand, GemmOperand, error) {
	lw, err := fromC(&sl.w)
	if err != nil {
		return GemmOperand{}, GemmOperand{}, GemmOperand{}, err
	}
	la, err := fromC(&sl.a)
	if err != nil {
		return GemmOperand{}, GemmOperand{}, GemmOperand{}, err
	}
	lb, err := fromC(&sl.b)
	if err != nil {
		return GemmOperand{}, GemmOperand{}, GemmOperand{}, err
	}
	return GemmOperand{w, lw}, GemmOperand{a, la}, GemmOperand{b, lb}, nil
}

// splitScales are the scales' slices SA' and SB' (cutego_gemm_split_layouts) of bs.
func splitScales(sl *C.cutego_gemm_split_layouts_t, bs *blockScalesIn) (*blockScalesIn, error) {
	sa, err := fromC(&sl.scale_a)
	if err != nil {
		return nil, err
	}
	sb, err := fromC(&sl.scale_b)
	if err != nil {
		return nil, err
	}
	return &blockScalesIn{GemmOperand{bs.a.Ptr, sa}, GemmOperand{bs.b.Ptr, sb}}, nil
}

// packOperands copies what plan p packs into ws (at least p's workspace_bytes) with the layouts
// a/b_packed (and C into d_packed where beta != 0); A, B (and D, C) are then the copies. A and B
// go as the C launcher packs them (csrc/gemm/pack.h): an operand of unit K stride by the row
// packer (A's and B's in one launch), one of unit MN stride by the column packer, both zeroing the
// padding past K; any other, and C, by Copy, which leaves the padding as it is: the tensor maps end
// at K and N, so no kernel reads it, but for a split's slices (Gemm zeroes what they read:
// cutego_gemm_split_pad).
func (c *Copier) packOperands(p *GemmPlan, ws cu.DevicePtr, a, b, d GemmOperand, cOp *GemmOperand, ab, cd DType,
	beta float32) (GemmOperand, GemmOperand, GemmOperand, *GemmOperand, error) {
	es, abes := cd.elemBytes(), ab.elemBytes()
	rows := (*C.cutego_gemm_pack_rows_t)(C.calloc(1, C.sizeof_cutego_gemm_pack_rows_t)) // (C memory: it holds addresses)
	if rows == nil {
		return a, b, d, cOp, fmt.Errorf("gpu: gemm: packing: out of host memory")
	}
	defer C.free(unsafe.Pointer(rows))
	pack := func(src GemmOperand, packed *C.cute_layout_t, at cu.DevicePtr, es int, operand bool) (GemmOperand, error) {
		pl, err := fromC(packed)
		if err != nil {
			return src, err
		}
		if sl, err := toC(src.Layout); err == nil && operand {
			switch C.cutego_shim_pack_rows_add(rows, C.CUdeviceptr(at), packed, C.CUdeviceptr(src.Ptr), &sl, C.int(es)) {
			case 0:
				return GemmOperand{Ptr: at, Layout: pl}, nil
			case -1:
				return src, fmt.Errorf("gpu: gemm: packing an operand: the packed rows of %v lie off the 16-byte grid", src.Layout)
			}
			if C.cutego_gemm_pack_cols_reads(&sl) != 0 {
				return GemmOperand{Ptr: at, Layout: pl}, c.packMNCols(at, packed, src.Ptr, &sl, es)
			}
		}
		if _, err := c.Copy(at, pl, src.Ptr, src.Layout, es, nil); err != nil {
			return src, fmt.Errorf("gpu: gemm: packing an operand: %w", err)
		}
		return GemmOperand{Ptr: at, Layout: pl}, nil
	}
	var err error
	if p.c.flags&C.CUTEGO_GEMM_F_PACK_A != 0 {
		if a, err = pack(a, &p.c.a_packed, ws+cu.DevicePtr(p.c.a_workspace_offset), abes, true); err != nil {
			return a, b, d, cOp, err
		}
	}
	if p.c.flags&C.CUTEGO_GEMM_F_PACK_B != 0 {
		if b, err = pack(b, &p.c.b_packed, ws+cu.DevicePtr(p.c.b_workspace_offset), abes, true); err != nil {
			return a, b, d, cOp, err
		}
	}
	if err := c.packRows(rows); err != nil {
		return a, b, d, cOp, err
	}
	if p.c.flags&C.CUTEGO_GEMM_F_PACK_D != 0 {
		at := ws + cu.DevicePtr(p.c.d_workspace_offset)
		pl, err := fromC(&p.c.d_packed)
		if err != nil {
			return a, b, d, cOp, err
		}
		if beta != 0 {
			if _, err := pack(*cOp, &p.c.d_packed, at, es, false); err != nil {
				return a, b, d, cOp, err
			}
		}
		d = GemmOperand{Ptr: at, Layout: pl}
		cOp = &d
	}
	return a, b, d, cOp, nil
}

// packRows launches the row packer's jobs of rows (cutego_gemm_pack_rows_grid; its kernels are in
// the copy module, kernels/module.cu), if any.
func (c *Copier) packRows(rows *C.cutego_gemm_pack_rows_t) error {
	var unit, bits C.int
	blocks := C.cutego_shim_pack_rows_grid(rows, C.int(c.sms), &unit, &bits)
	if blocks == 0 {
		return nil
	}
	name := fmt.Sprintf("cutego_gemm_pack_k_rows_%d_%d", int(unit), int(bits))
	f, err := c.fn(name)
	if err != nil {
		return fmt.Errorf("gpu: gemm: packing rows: %w", err)
	}
	return cuErr(name, C.cutego_shim_pack_rows_launch(f, c.stream(), rows, blocks))
}

// packMNCols copies src (layout sl, unit MN stride) into at (layout packed) with the column
// packer (its kernels are in the copy module, kernels/module.cu).
func (c *Copier) packMNCols(at cu.DevicePtr, packed *C.cute_layout_t, src cu.DevicePtr, sl *C.cute_layout_t, es int) error {
	name := fmt.Sprintf("cutego_gemm_pack_mn_cols_%d", es)
	f, err := c.fn(name)
	if err != nil {
		return fmt.Errorf("gpu: gemm: packing columns: %w", err)
	}
	rc := C.cutego_shim_pack_mn_cols(f, c.stream(), C.CUdeviceptr(at), packed, C.CUdeviceptr(src), sl, C.int(es), C.int(c.sms))
	if rc == -1 {
		return fmt.Errorf("gpu: gemm: packing columns: the packed rows lie off the 16-byte grid")
	}
	return cuErr(name, rc)
}

// gemmSplitK runs plan p of K split in p.SplitK slices (planSplit) as cutego_gemm does: the
// slices' GEMM into the batches of the Copier's workspace (fp32) from byte off (after the packed
// copies the slices read, if any), then the reduction
// cutego_gemm_split_k_reduce_<D's type> (D = alpha·ΣW + beta·C), both on c.Stream.
func (c *Copier) gemmSplitK(p *GemmPlan, d, a, b GemmOperand, cOp *GemmOperand, ab, cd DType, alpha, beta float32,
	bs *blockScalesIn, off int64) error {
	name := "cutego_gemm_split_k_reduce_" + map[DType]string{BF16: "bf16", F16: "f16", F32: "f32"}[cd]
	red, err := c.gemmFunction(name, false)
	if err != nil {
		return err
	}
	ws, err := c.workspace(off + int64(p.split.workspace_bytes))
	if err != nil {
		return err
	}
	ws += cu.DevicePtr(off) // the partial sums (after the packed copies, if any)
	w, sa, sb, err := splitOperands(&p.split, ws, a.Ptr, b.Ptr)
	if err != nil {
		return err
	}
	var sbs *blockScalesIn
	if bs != nil {
		if sbs, err = splitScales(&p.split, bs); err != nil {
			return err
		}
	}
	o := p.slices
	if _, err := c.gemm(w, sa, sb, nil, ab, F32, 1, 0, &o, sbs); err != nil {
		return fmt.Errorf("gpu: gemm: the slices of K: %w", err)
	}
	var cptr C.CUdeviceptr
	if beta != 0 {
		cptr = C.CUdeviceptr(cOp.Ptr)
	}
	f := *(*C.CUfunction)(unsafe.Pointer(&red))
	return cuErr(name, C.cutego_shim_launch_split_k_reduce(f, c.stream(), &p.c, &p.split, C.int(p.SplitK),
		C.CUdeviceptr(d.Ptr), cptr, C.CUdeviceptr(ws), C.float(alpha), C.float(beta)))
}

// fromC converts the C ABI's cute_layout_t back to a layout.
func fromC(l *C.cute_layout_t) (cute.Layout, error) {
	n := int(l.leaves)
	nt := int(l.ntokens)
	if n < 0 || n > C.CUTE_LAYOUT_MAX_LEAVES || nt < 0 || nt > C.CUTE_LAYOUT_MAX_TOKENS {
		return cute.Layout{}, fmt.Errorf("gpu: malformed cute_layout_t")
	}
	shape, stride, nest := make([]int64, n), make([]int64, n), make([]int8, nt)
	for i := 0; i < n; i++ {
		shape[i], stride[i] = int64(l.shape[i]), int64(l.stride[i])
	}
	for i := 0; i < nt; i++ {
		nest[i] = int8(l.nest[i])
	}
	return cute.MakeLayoutNest(nest, shape, stride)
}

// workspace returns the Copier's workspace, grown to at least n bytes (the previous one is
// freed after the device finishes with it).
func (c *Copier) workspace(n int64) (cu.DevicePtr, error) {
	if c.wsBytes >= n {
		return c.ws, nil
	}
	if c.ws != 0 {
		if err := cu.Synchronize(); err != nil {
			return 0, fmt.Errorf("gpu: gemm: %w", err)
		}
		_ = cu.MemFree(c.ws)
		c.ws, c.wsBytes = 0, 0
	}
	ws, err := cu.MemAlloc(n)
	if err != nil {
		return 0, fmt.Errorf("gpu: gemm: workspace of %d bytes: %w", n, err)
	}
	c.ws, c.wsBytes = ws, n
	return ws, nil
}

// Package gpu launches cutego's Hopper kernels (kernels/, sm_90a) from Go: copies between
// two layouts (Copier.Copy, PlanCopy) and the GEMM D = alpha·A·B + beta·C (Copier.LoadGemm,
// Copier.Gemm, PlanGemm). Copier is the handle on one device's context and loaded modules,
// for both.
//
// Built with the `cuda` build tag, it loads the compiled modules (build/kernels/cutego_copy.cubin
// by Open, build/kernels/cutego_gemm.cubin by LoadGemm) and launches them with gorgonia.org/cu
// handling the context, memory, modules and functions, and a small cgo shim of its own for
// what that package lacks: raising a kernel's dynamic shared-memory limit
// (cuFuncSetAttribute), encoding tensor maps (cuTensorMapEncodeTiled), and launching
// kernels whose parameters are a 128-byte CUtensorMap or a cute_layout_t passed by value.
// The plans (which path, which tensor maps) and the launches (kernel name, grid, block,
// shared memory) are the C planners of csrc/tma and csrc/gemm, compiled into this package,
// so Go and C take the same decisions; layouts reach them through internal/cabi, the
// conversion libcutego uses too.
//
// FP8 A and B (E4M3, E5M2) run from a second module, build/kernels/cutego_gemm_fp8.cubin
// (LoadGemm takes both), with per-tensor scales and the accumulation mode in GemmOptions, or
// block-scaled (Copier.GemmBlockScaled, PlanGemmBlockScaled: DeepSeek-V3's 1x128 scales of A
// and 128x128 of B, scale tensors described by layouts); ToE4M3/FromE4M3 and ToE5M2/FromE5M2
// convert on the host. Copier.Gemm takes the C launcher's tile configuration (narrow 64x128
// tiles, or 64x64 for at most 64 rows, 64x96 in 2x1 clusters for 97-128 rows where they fill more
// of one wave (128 x 6144), 128x96 for 256 rows where 128x128 would fill less of one wave
// (256 x 6144), 128x224 instead of 128x256 where they take as many waves (512 x 14336),
// 64x128 for one-wave squares such as 1024^3 and 64x64 for
// smaller ones such as 512^3, FP8 per tensor on 64x64 or 64x128 for at most 512 rows where they
// make one wave (64 x 7168 x 2048, 256 x 640 x 3472), where
// cutego_gemm_narrow_config says so, else
// cutego_gemm_pick_config's) and splits K where the C
// launcher would (cutego_gemm_split_k, GemmOptions.SplitK): the slices' fp32 partial sums in the
// Copier's workspace, then a reduction kernel of build/kernels/cutego_gemm.cubin; and runs
// stream-K where the C launcher would (cutego_gemm_stream_k_choice: a partial last wave of
// 128x256 tiles that stream-K fills, e.g. 2432 x 7168 x 32768; GemmOptions.Decomposition
// GemmStreamK asks for it): the _streamk kernels of both modules, their partial sums and flags in
// the Copier's workspace. A column-major D runs as D^T = B A^T, row-major, where the C launcher
// would swap it (cutego_gemm_swap_ab: both orientations make the same choices, on no more tiles
// swapped; a row-major D too where the swap makes at most 7/8 of the tiles; GemmPlan.SwappedAB).
//
// Without the tag (CI, machines without a GPU) the package holds only those conversions (pure
// Go), so that no cgo of a dependency is compiled in the default build. With it, QueryInfo reads device information
// through github.com/NVIDIA/go-nvml and returns an error, not a crash, where there is no
// driver.
//
// Building with the tag needs CUDA 13's cuda.h and gorgonia.org/cu's compatibility header:
//
//	CGO_CFLAGS="-I$PWD/gpu/cucompat -I$PWD/.deps/py/nvidia/cu13/include" \
//	CGO_LDFLAGS="-L$PWD/build/cudastub" go build -tags cuda ./...
//
// (`make gpu-go` does this; build/cudastub holds a link-time stub of libcuda.so.1 made by
// ci/cuda_stub.sh, replaced by the driver's at run time.)
package gpu

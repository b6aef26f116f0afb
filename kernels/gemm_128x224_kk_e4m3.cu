// gemm_128x224_kk_e4m3.cu — the 128x224 FP8 wgmma kernels (A and B e4m3, K-major) for every output type,
// and their launch table (gemm_fns.h): per-tensor fast accumulation, no stream-K (128x224 tiles are the
// data-parallel choice where they fill a wave: csrc/gemm/waves.c).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_FP8_INSTANCE(Gemm_128x224x128_S4_E8, 128x224, __nv_fp8_e4m3, e4m3)

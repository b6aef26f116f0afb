// gemm_64x128_kk_e5m2.cu — the 64x128 FP8 wgmma kernels (A and B e5m2, K-major) for every
// output type, and their launch table (gemm_fns.h): per-tensor fast accumulation on one consumer
// warpgroup, for GEMMs of few rows (csrc/gemm/waves.c, fp8_few_rows).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_FP8_INSTANCE(Gemm_64x128x128_S8_E8, 64x128, __nv_fp8_e5m2, e5m2)

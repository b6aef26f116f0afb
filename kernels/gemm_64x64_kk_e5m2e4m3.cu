// gemm_64x64_kk_e5m2e4m3.cu — the 64x64 FP8 wgmma kernels (A e5m2, B e4m3, K-major) for every
// output type, and their launch table (gemm_fns.h): per-tensor fast accumulation on one consumer
// warpgroup, for GEMMs of few rows (csrc/gemm/waves.c, fp8_few_rows).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

typedef cutego_k::Fp8Pair<__nv_fp8_e5m2, __nv_fp8_e4m3> Fp8_e5m2e4m3;  // (a macro argument cannot hold the comma)
CUTEGO_GEMM_FP8_INSTANCE(Gemm_64x64x128_S13_E8, 64x64, Fp8_e5m2e4m3, e5m2e4m3)

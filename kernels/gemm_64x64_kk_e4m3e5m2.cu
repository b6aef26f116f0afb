// gemm_64x64_kk_e4m3e5m2.cu — the 64x64 FP8 wgmma kernels (A e4m3, B e5m2, K-major) for every
// output type, and their launch table (gemm_fns.h): per-tensor fast accumulation on one consumer
// warpgroup, for GEMMs of few rows (csrc/gemm/waves.c, fp8_few_rows).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

typedef cutego_k::Fp8Pair<__nv_fp8_e4m3, __nv_fp8_e5m2> Fp8_e4m3e5m2;  // (a macro argument cannot hold the comma)
CUTEGO_GEMM_FP8_INSTANCE(Gemm_64x64x128_S13_E8, 64x64, Fp8_e4m3e5m2, e4m3e5m2)

// gemm_128x128_kk_e5m2e4m3.cu — the 128x128 FP8 wgmma kernels (A e5m2, B e4m3, K-major) for every output type,
// with fast and with promoted accumulation, and their launch tables (gemm_fns.h); fast accumulation
// with stream-K too (gemm_stream_k.cuh).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"
#include "gemm_stream_k.cuh"

typedef cutego_k::Fp8Pair<__nv_fp8_e5m2, __nv_fp8_e4m3> Fp8_e5m2e4m3;  // (a macro argument cannot hold the comma)
CUTEGO_GEMM_FP8_INSTANCE(Gemm_128x128x128_S6_E8, 128x128, Fp8_e5m2e4m3, e5m2e4m3)
CUTEGO_GEMM_FP8_STREAM_K_INSTANCE(Gemm_128x128x128_S6_E8, 128x128, Fp8_e5m2e4m3, e5m2e4m3)
CUTEGO_GEMM_FP8_PROMOTED_INSTANCE(Gemm_128x128x128_S6_E8, 128x128, Fp8_e5m2e4m3, e5m2e4m3)

// gemm_128x256_kk_e4m3e5m2.cu — the 128x256 FP8 wgmma kernels (A e4m3, B e5m2, K-major) for every output type,
// and their launch table (gemm_fns.h); the same with stream-K (gemm_stream_k.cuh).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"
#include "gemm_stream_k.cuh"

typedef cutego_k::Fp8Pair<__nv_fp8_e4m3, __nv_fp8_e5m2> Fp8_e4m3e5m2;  // (a macro argument cannot hold the comma)
CUTEGO_GEMM_FP8_INSTANCE(Gemm_128x256x128_S4_E8, 128x256, Fp8_e4m3e5m2, e4m3e5m2)
CUTEGO_GEMM_FP8_STREAM_K_INSTANCE(Gemm_128x256x128_S4_E8, 128x256, Fp8_e4m3e5m2, e4m3e5m2)

// gemm_128x224_kk_e4m3e5m2.cu — the 128x224 FP8 wgmma kernels (A e4m3, B e5m2, K-major) for every output type,
// and their launch table (gemm_fns.h): per-tensor fast accumulation, no stream-K (128x224 tiles are the
// data-parallel choice where they fill a wave: csrc/gemm/waves.c).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

typedef cutego_k::Fp8Pair<__nv_fp8_e4m3, __nv_fp8_e5m2> Fp8_e4m3e5m2;  // (a macro argument cannot hold the comma)
CUTEGO_GEMM_FP8_INSTANCE(Gemm_128x224x128_S4_E8, 128x224, Fp8_e4m3e5m2, e4m3e5m2)

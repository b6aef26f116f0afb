// gemm_64x64_kk_e5m2e4m3_blockscaled.cu — the 64x64 block-scaled FP8 wgmma kernels (A e5m2, B e4m3, K-major) for
// every output type, and their launch table (gemm_fns.h).
#include "gemm_blockscaled.cuh"

typedef cutego_k::Fp8Pair<__nv_fp8_e5m2, __nv_fp8_e4m3> Fp8_e5m2e4m3;  // (a macro argument cannot hold the comma)
CUTEGO_GEMM_FP8_BLOCKSCALED_INSTANCE(Gemm_64x64x128_S13_E8, 64x64, Fp8_e5m2e4m3, e5m2e4m3)

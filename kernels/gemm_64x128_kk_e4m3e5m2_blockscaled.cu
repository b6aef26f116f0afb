// gemm_64x128_kk_e4m3e5m2_blockscaled.cu — the 64x128 block-scaled FP8 wgmma kernels (A e4m3, B e5m2, K-major) for
// every output type, and their launch table (gemm_fns.h).
#include "gemm_blockscaled.cuh"

typedef cutego_k::Fp8Pair<__nv_fp8_e4m3, __nv_fp8_e5m2> Fp8_e4m3e5m2;  // (a macro argument cannot hold the comma)
CUTEGO_GEMM_FP8_BLOCKSCALED_INSTANCE(Gemm_64x128x128_S8_E8, 64x128, Fp8_e4m3e5m2, e4m3e5m2)

// gemm_64x128_kk.cu — the 64x128 wgmma kernels with A K-major and B K-major, for every element type, and
// their launch table (gemm_fns.h).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_64x128x64_S8, 64x128, K, K, k, k)

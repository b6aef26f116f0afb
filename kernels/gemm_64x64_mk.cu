// gemm_64x64_mk.cu — the 64x64 wgmma kernels with A M-major and B K-major, for every element type, and
// their launch table (gemm_fns.h).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_64x64x128_S6, 64x64, MN, K, m, k)

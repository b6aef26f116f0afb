// gemm_64x96_kk.cu — the 64x96 wgmma kernels with A K-major and B K-major, for every element type, and
// their launch table (gemm_fns.h).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_64x96x64_S10, 64x96, K, K, k, k)

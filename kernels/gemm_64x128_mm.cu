// gemm_64x128_mm.cu — the 64x128 wgmma kernels with A M-major and B N-major, for every element type, and
// their launch table (gemm_fns.h).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_64x128x64_S8, 64x128, MN, MN, m, m)

// gemm_128x192_mm.cu — the 128x192 wgmma kernels with A M-major and B N-major, for every element type, and
// their launch table (gemm_fns.h).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_128x192x64_S4, 128x192, MN, MN, m, m)

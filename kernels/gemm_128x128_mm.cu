// gemm_128x128_mm.cu — the 128x128 wgmma kernels with A M-major and B N-major, for every element type, and
// their launch table (gemm_fns.h).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_128x128x64_S6, 128x128, MN, MN, m, m)

// gemm_128x96_mm.cu — the 128x96 wgmma kernels with A M-major and B N-major, for every element type, and
// their launch table (gemm_fns.h).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_128x96x64_S6, 128x96, MN, MN, m, m)

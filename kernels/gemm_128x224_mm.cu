// gemm_128x224_mm.cu — the 128x224 wgmma kernels with A M-major and B N-major, for every element type, and
// their launch table (gemm_fns.h).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_128x224x64_S4, 128x224, MN, MN, m, m)

// gemm_128x96_kk.cu — the 128x96 wgmma kernels with A K-major and B K-major, for every element type, and
// their launch table (gemm_fns.h).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_128x96x64_S6, 128x96, K, K, k, k)

// gemm_128x224_kk.cu — the 128x224 wgmma kernels with A K-major and B K-major, for every element type, and
// their launch table (gemm_fns.h).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_128x224x64_S4, 128x224, K, K, k, k)

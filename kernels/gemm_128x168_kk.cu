// gemm_128x168_kk.cu — the 128x168 wgmma kernels with A K-major and B K-major, for every element type, and
// their launch table (gemm_fns.h). (128x168 tiles read B K-major only: the planner transposes an
// MN-major B first.)
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

CUTEGO_GEMM_INSTANCE(Gemm_128x168x64_S5, 128x168, K, K, k, k)

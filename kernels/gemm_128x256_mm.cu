// gemm_128x256_mm.cu — the 128x256 wgmma kernels with A M-major and B N-major, for every element type, and
// their launch table (gemm_fns.h); the same with stream-K (gemm_stream_k.cuh).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"
#include "gemm_stream_k.cuh"

CUTEGO_GEMM_INSTANCE(Gemm_128x256x64_S4, 128x256, MN, MN, m, m)
CUTEGO_GEMM_STREAM_K_INSTANCE(Gemm_128x256x64_S4, 128x256, MN, MN, m, m)

// gemm_128x128_km.cu — the 128x128 wgmma kernels with A K-major and B N-major, for every element type, and
// their launch table (gemm_fns.h); the same with stream-K (gemm_stream_k.cuh).
#include "gemm_kernels.cuh"
#include "gemm_fns.h"
#include "gemm_stream_k.cuh"

CUTEGO_GEMM_INSTANCE(Gemm_128x128x64_S6, 128x128, K, MN, k, m)
CUTEGO_GEMM_STREAM_K_INSTANCE(Gemm_128x128x64_S6, 128x128, K, MN, k, m)

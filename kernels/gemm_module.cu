// gemm_module.cu — the GEMM kernels as a module (cubin) for the Go launcher (gpu.Gemm), the
// split-K reduction (cutego_gemm_split_k_reduce_bf16, _f16, _f32), and the 16-bit stream-K
// kernels of the C library's gemm_128x{256,128}_<majors>.cu (gemm_stream_k.cuh:
// cutego_gemm_<config>_<A major><B major>_<in>_<out>_streamk, every pair of majors, in and out type).
#include "gemm_instances.cuh"
#include "gemm_split_k.cuh"
#include "gemm_stream_k.cuh"

CUTEGO_GEMM_SPLIT_K_REDUCE_KERNEL(__nv_bfloat16, bf16)
CUTEGO_GEMM_SPLIT_K_REDUCE_KERNEL(__half, f16)
CUTEGO_GEMM_SPLIT_K_REDUCE_KERNEL(float, f32)

// The stream-K kernels of one configuration, every pair of majors (no launch tables: the Go
// launcher looks kernels up by name).
#define CUTEGO_GEMM_MODULE_STREAM_K(CFG, CFGNAME)                                  \
  CUTEGO_GEMM_EACH_INOUT(CUTEGO_GEMM_STREAM_K_KERNEL, CFG, CFGNAME, K, K, k, k)   \
  CUTEGO_GEMM_EACH_INOUT(CUTEGO_GEMM_STREAM_K_KERNEL, CFG, CFGNAME, K, MN, k, m)  \
  CUTEGO_GEMM_EACH_INOUT(CUTEGO_GEMM_STREAM_K_KERNEL, CFG, CFGNAME, MN, K, m, k)  \
  CUTEGO_GEMM_EACH_INOUT(CUTEGO_GEMM_STREAM_K_KERNEL, CFG, CFGNAME, MN, MN, m, m)

CUTEGO_GEMM_MODULE_STREAM_K(Gemm_128x256x64_S4, 128x256)
CUTEGO_GEMM_MODULE_STREAM_K(Gemm_128x128x64_S6, 128x128)

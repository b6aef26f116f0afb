// gemm_module.cu — the GEMM kernels as a module (cubin) for the Go launcher (gpu.Gemm), and the
// split-K reduction (cutego_gemm_split_k_reduce_bf16, _f16, _f32).
#include "gemm_instances.cuh"
#include "gemm_split_k.cuh"

CUTEGO_GEMM_SPLIT_K_REDUCE_KERNEL(__nv_bfloat16, bf16)
CUTEGO_GEMM_SPLIT_K_REDUCE_KERNEL(__half, f16)
CUTEGO_GEMM_SPLIT_K_REDUCE_KERNEL(float, f32)

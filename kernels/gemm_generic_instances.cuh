// gemm_generic_instances.cuh — the generic GEMM kernels (one per input and output type), defined
// where they are launched: the C launcher (cutego_gemm.cu) and the Go module (gemm_instances.cuh).
#pragma once
#include "gemm_kernels.cuh"

CUTEGO_GEMM_GENERIC_KERNEL(__nv_bfloat16, bf16, __nv_bfloat16, bf16)
CUTEGO_GEMM_GENERIC_KERNEL(__nv_bfloat16, bf16, __half, f16)
CUTEGO_GEMM_GENERIC_KERNEL(__nv_bfloat16, bf16, float, f32)
CUTEGO_GEMM_GENERIC_KERNEL(__half, f16, __nv_bfloat16, bf16)
CUTEGO_GEMM_GENERIC_KERNEL(__half, f16, __half, f16)
CUTEGO_GEMM_GENERIC_KERNEL(__half, f16, float, f32)

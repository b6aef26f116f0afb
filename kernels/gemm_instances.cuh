// gemm_instances.cuh — every GEMM kernel, once: the C launcher's library (cutego_gemm.cu) and the
// Go launcher's module (gemm_module.cu) include this list. The planner names them
// (cutego_gemm_plan_t.kernel): cutego_gemm_<config>_<A major><B major>_<in>_<out>, and
// cutego_gemm_generic_<in>_<out>.
#pragma once
#include "gemm_kernels.cuh"

CUTEGO_GEMM_WGMMA_TYPES(Gemm_128x256x64_S4, 128x256)
CUTEGO_GEMM_WGMMA_TYPES(Gemm_128x128x64_S6, 128x128)
CUTEGO_GEMM_GENERIC_KERNEL(__nv_bfloat16, bf16, __nv_bfloat16, bf16)
CUTEGO_GEMM_GENERIC_KERNEL(__nv_bfloat16, bf16, __half, f16)
CUTEGO_GEMM_GENERIC_KERNEL(__nv_bfloat16, bf16, float, f32)
CUTEGO_GEMM_GENERIC_KERNEL(__half, f16, __nv_bfloat16, bf16)
CUTEGO_GEMM_GENERIC_KERNEL(__half, f16, __half, f16)
CUTEGO_GEMM_GENERIC_KERNEL(__half, f16, float, f32)

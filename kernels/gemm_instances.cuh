// gemm_instances.cuh — every GEMM kernel in one translation unit: the Go launcher's module
// (gemm_module.cu). The C library compiles the same kernels in one translation unit per
// configuration and pair of majors (gemm_<config>_<majors>.cu, gemm_fns.h). The planner names
// them (cutego_gemm_plan_t.kernel): cutego_gemm_<config>_<A major><B major>_<in>_<out>, and
// cutego_gemm_generic_<in>_<out>.
#pragma once
#include "gemm_kernels.cuh"

CUTEGO_GEMM_WGMMA_TYPES(Gemm_128x256x64_S4, 128x256)
CUTEGO_GEMM_WGMMA_TYPES(Gemm_128x128x64_S6, 128x128)
CUTEGO_GEMM_WGMMA_TYPES(Gemm_128x64x64_S8, 128x64)
CUTEGO_GEMM_WGMMA_TYPES(Gemm_128x192x64_S4, 128x192)
CUTEGO_GEMM_WGMMA_TYPES(Gemm_64x64x128_S6, 64x64)
CUTEGO_GEMM_WGMMA_TYPES(Gemm_64x32x128_S8, 64x32)
CUTEGO_GEMM_WGMMA_TYPES(Gemm_64x128x64_S8, 64x128)
CUTEGO_GEMM_WGMMA_TYPES(Gemm_64x96x64_S10, 64x96)
CUTEGO_GEMM_WGMMA_TYPES(Gemm_128x96x64_S6, 128x96)
CUTEGO_GEMM_WGMMA_TYPES(Gemm_128x224x64_S4, 128x224)
// 128x168: B K-major only (kernels/gemm_128x168_kk.cu)
CUTEGO_GEMM_WGMMA_INOUT(Gemm_128x168x64_S5, 128x168, K, K, k, k)
CUTEGO_GEMM_WGMMA_INOUT(Gemm_128x168x64_S5, 128x168, MN, K, m, k)
#include "gemm_generic_instances.cuh"

// gemm_fns.h — the launch tables of the wgmma GEMM kernels, one per tile configuration and pair of
// operand majors: cutego_gemm_fns_<config>_<A major><B major>[in][out] (in: 0 bf16, 1 f16; out:
// 0 bf16, 1 f16, 2 f32), and per FP8 configuration cutego_gemm_fp8_fns_<config>_kk_<in>[out]. Each gemm_<config>_<majors>.cu defines its kernels and its table (one
// translation unit each, so that the build runs ptxas on them in parallel); the C launcher
// (cutego_gemm.cu) picks from them.
#pragma once
#include <cuda.h>
#include "cutego_kernels.h"

typedef void (*cutego_gemm_wgmma_fn)(const CUtensorMap, const CUtensorMap, const CUtensorMap,
                                     const cutego_gemm_args_t);
/* The FP8 kernels take the per-tensor scales as a fifth argument. */
typedef void (*cutego_gemm_wgmma_fp8_fn)(const CUtensorMap, const CUtensorMap, const CUtensorMap,
                                         const cutego_gemm_args_t, const cutego_gemm_scales_t);

#define CUTEGO_GEMM_FNS_DECL(CFGNAME, AMN, BMN) \
  extern "C" const cutego_gemm_wgmma_fn cutego_gemm_fns_##CFGNAME##_##AMN##BMN[2][3];

// DECL(CFGNAME, A major, B major) for the four pairs of operand majors.
#define CUTEGO_GEMM_EACH_MAJORS(DECL, CFGNAME) \
  DECL(CFGNAME, k, k)                          \
  DECL(CFGNAME, k, m)                          \
  DECL(CFGNAME, m, k)                          \
  DECL(CFGNAME, m, m)

#define CUTEGO_GEMM_FNS_MAJORS(CFGNAME) CUTEGO_GEMM_EACH_MAJORS(CUTEGO_GEMM_FNS_DECL, CFGNAME)

// The launch table [in][out] of the six kernels PRE_<in>_<out>SUF (in bf16/f16, out bf16/f16/f32).
#define CUTEGO_GEMM_INOUT_TABLE(PRE, SUF)                                  \
  {{PRE##_bf16_bf16##SUF, PRE##_bf16_f16##SUF, PRE##_bf16_f32##SUF},       \
   {PRE##_f16_bf16##SUF, PRE##_f16_f16##SUF, PRE##_f16_f32##SUF}}

// The six kernels of one configuration and pair of majors, and their table.
#define CUTEGO_GEMM_INSTANCE(CFG, CFGNAME, AM, BM_, AMN, BMN)  \
  CUTEGO_GEMM_WGMMA_INOUT(CFG, CFGNAME, AM, BM_, AMN, BMN)     \
  CUTEGO_GEMM_FNS_DECL(CFGNAME, AMN, BMN)                      \
  const cutego_gemm_wgmma_fn cutego_gemm_fns_##CFGNAME##_##AMN##BMN[2][3] = \
      CUTEGO_GEMM_INOUT_TABLE(cutego_gemm_##CFGNAME##_##AMN##BMN, );

// The FP8 kernels of one configuration and pair of types (A and B K-major) and their table
// cutego_gemm_fp8_fns_<config>_kk_<in>[out] (out: 0 bf16, 1 f16, 2 f32).
#define CUTEGO_GEMM_FP8_FNS_DECL(CFGNAME, INNAME) \
  extern "C" const cutego_gemm_wgmma_fp8_fn cutego_gemm_fp8_fns_##CFGNAME##_kk_##INNAME[3];
// The promoted-accumulation kernels (128x128 only): cutego_gemm_fp8p_fns_<config>_kk_<in>[out].
#define CUTEGO_GEMM_FP8P_FNS_DECL(CFGNAME, INNAME) \
  extern "C" const cutego_gemm_wgmma_fp8_fn cutego_gemm_fp8p_fns_##CFGNAME##_kk_##INNAME[3];
#define CUTEGO_GEMM_FP8_INSTANCE(CFG, CFGNAME, TI, INNAME)                                                   \
  CUTEGO_GEMM_WGMMA_FP8_OUT(CFG, CFGNAME, TI, INNAME)                                                        \
  CUTEGO_GEMM_FP8_FNS_DECL(CFGNAME, INNAME)                                                                  \
  const cutego_gemm_wgmma_fp8_fn cutego_gemm_fp8_fns_##CFGNAME##_kk_##INNAME[3] = {                          \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_bf16, cutego_gemm_##CFGNAME##_kk_##INNAME##_f16,                 \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_f32};
#define CUTEGO_GEMM_FP8_PROMOTED_INSTANCE(CFG, CFGNAME, TI, INNAME)                                          \
  CUTEGO_GEMM_WGMMA_FP8_PROMOTED_OUT(CFG, CFGNAME, TI, INNAME)                                               \
  CUTEGO_GEMM_FP8P_FNS_DECL(CFGNAME, INNAME)                                                                 \
  const cutego_gemm_wgmma_fp8_fn cutego_gemm_fp8p_fns_##CFGNAME##_kk_##INNAME[3] = {                         \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_bf16_promoted, cutego_gemm_##CFGNAME##_kk_##INNAME##_f16_promoted, \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_f32_promoted};

/* The block-scaled FP8 kernels (128x128 only, gemm_blockscaled.cuh) take the block scales as their
 * fifth argument: cutego_gemm_fp8b_fns_<config>_kk_<in>[out] (out: 0 bf16, 1 f16, 2 f32). */
typedef void (*cutego_gemm_wgmma_fp8b_fn)(const CUtensorMap, const CUtensorMap, const CUtensorMap,
                                          const cutego_gemm_args_t, const cutego_gemm_block_scales_t);
#define CUTEGO_GEMM_FP8B_FNS_DECL(CFGNAME, INNAME) \
  extern "C" const cutego_gemm_wgmma_fp8b_fn cutego_gemm_fp8b_fns_##CFGNAME##_kk_##INNAME[3];

// gemm_standins.h — the kernel tables kernels/cutego_gemm.cu picks from, one stand-in kernel per
// table that is never run, for the launcher's host-side builds against the counting CUDA runtime
// (cudart_stub.cc): test_gemm_host.cc and bench/py_host's libcutego_kernels.so. Defines the
// tables: include it in one translation unit of a program.
#pragma once
#include "cutego_kernels.h"
#include "gemm_fns.h"

// Every GEMM kernel stand-in (16-bit, FP8, stream-K), registered as its table is defined: their
// first three arguments are the tensor maps of A, B and D.
static const void *gemm_standins[256];
static int n_gemm_standins = 0;
static bool register_standin(const void *fn) {
  if (n_gemm_standins < 256) gemm_standins[n_gemm_standins++] = fn;
  return true;
}
#define REGISTER(NAME) static const bool NAME##_registered = register_standin(reinterpret_cast<const void *>(NAME##_k));

// The kernel tables the launcher picks from: one stand-in per table, never run.
#define WG(NAME)                                                                                 \
  static void NAME##_k(const CUtensorMap, const CUtensorMap, const CUtensorMap, const cutego_gemm_args_t) {} \
  extern "C" const cutego_gemm_wgmma_fn NAME[2][3] = {{NAME##_k, NAME##_k, NAME##_k}, {NAME##_k, NAME##_k, NAME##_k}}; \
  REGISTER(NAME)
#define F8(NAME, T)                                                                                               \
  static void NAME##_k(const CUtensorMap, const CUtensorMap, const CUtensorMap, const cutego_gemm_args_t, const T) {} \
  extern "C" const decltype(&NAME##_k) NAME[3] = {NAME##_k, NAME##_k, NAME##_k}; \
  REGISTER(NAME)
WG(cutego_gemm_fns_128x256_kk) WG(cutego_gemm_fns_128x256_km) WG(cutego_gemm_fns_128x256_mk) WG(cutego_gemm_fns_128x256_mm)
WG(cutego_gemm_fns_128x128_kk) WG(cutego_gemm_fns_128x128_km) WG(cutego_gemm_fns_128x128_mk) WG(cutego_gemm_fns_128x128_mm)
WG(cutego_gemm_fns_128x64_kk) WG(cutego_gemm_fns_128x64_km) WG(cutego_gemm_fns_128x64_mk) WG(cutego_gemm_fns_128x64_mm)
WG(cutego_gemm_fns_128x192_kk) WG(cutego_gemm_fns_128x192_km) WG(cutego_gemm_fns_128x192_mk) WG(cutego_gemm_fns_128x192_mm)
WG(cutego_gemm_fns_64x64_kk) WG(cutego_gemm_fns_64x64_km) WG(cutego_gemm_fns_64x64_mk) WG(cutego_gemm_fns_64x64_mm)
WG(cutego_gemm_fns_64x32_kk) WG(cutego_gemm_fns_64x32_km) WG(cutego_gemm_fns_64x32_mk) WG(cutego_gemm_fns_64x32_mm)
WG(cutego_gemm_fns_64x128_kk) WG(cutego_gemm_fns_64x128_km) WG(cutego_gemm_fns_64x128_mk) WG(cutego_gemm_fns_64x128_mm)
WG(cutego_gemm_fns_128x168_kk) WG(cutego_gemm_fns_128x168_mk)
WG(cutego_gemm_fns_64x96_kk) WG(cutego_gemm_fns_64x96_km) WG(cutego_gemm_fns_64x96_mk) WG(cutego_gemm_fns_64x96_mm)
WG(cutego_gemm_fns_128x96_kk) WG(cutego_gemm_fns_128x96_km) WG(cutego_gemm_fns_128x96_mk) WG(cutego_gemm_fns_128x96_mm)
WG(cutego_gemm_fns_128x224_kk) WG(cutego_gemm_fns_128x224_km) WG(cutego_gemm_fns_128x224_mk) WG(cutego_gemm_fns_128x224_mm)
#define F8PAIRS(PRE, CFG, T)                                                                          \
  F8(PRE##_##CFG##_kk_e4m3, T) F8(PRE##_##CFG##_kk_e4m3e5m2, T) F8(PRE##_##CFG##_kk_e5m2e4m3, T) \
  F8(PRE##_##CFG##_kk_e5m2, T)
F8PAIRS(cutego_gemm_fp8_fns, 128x256, cutego_gemm_scales_t)
F8PAIRS(cutego_gemm_fp8_fns, 128x128, cutego_gemm_scales_t)
F8PAIRS(cutego_gemm_fp8_fns, 128x224, cutego_gemm_scales_t)
F8PAIRS(cutego_gemm_fp8_fns, 64x64, cutego_gemm_scales_t)
F8PAIRS(cutego_gemm_fp8_fns, 64x128, cutego_gemm_scales_t)
F8PAIRS(cutego_gemm_fp8p_fns, 128x128, cutego_gemm_scales_t)
F8PAIRS(cutego_gemm_fp8b_fns, 128x128, cutego_gemm_block_scales_t)
F8PAIRS(cutego_gemm_fp8b_fns, 128x192, cutego_gemm_block_scales_t)
F8PAIRS(cutego_gemm_fp8b_fns, 64x64, cutego_gemm_block_scales_t)
F8PAIRS(cutego_gemm_fp8b_fns, 64x128, cutego_gemm_block_scales_t)
#define SK(NAME)                                                                                              \
  static void NAME##_k(const CUtensorMap, const CUtensorMap, const CUtensorMap, const cutego_gemm_args_t,     \
                       const cutego_gemm_stream_k_t) {}                                                       \
  extern "C" const decltype(&NAME##_k) NAME[2][3] = {{NAME##_k, NAME##_k, NAME##_k}, {NAME##_k, NAME##_k, NAME##_k}}; \
  REGISTER(NAME)
SK(cutego_gemm_sk_fns_128x256_kk) SK(cutego_gemm_sk_fns_128x256_km) SK(cutego_gemm_sk_fns_128x256_mk) SK(cutego_gemm_sk_fns_128x256_mm)
SK(cutego_gemm_sk_fns_128x128_kk) SK(cutego_gemm_sk_fns_128x128_km) SK(cutego_gemm_sk_fns_128x128_mk) SK(cutego_gemm_sk_fns_128x128_mm)
// The FP8 stream-K tables (gemm_stream_k.cuh): [out], the per-tensor scales a sixth argument.
#define F8SK(NAME)                                                                                            \
  static void NAME##_k(const CUtensorMap, const CUtensorMap, const CUtensorMap, const cutego_gemm_args_t,     \
                       const cutego_gemm_stream_k_t, const cutego_gemm_scales_t) {}                           \
  extern "C" const decltype(&NAME##_k) NAME[3] = {NAME##_k, NAME##_k, NAME##_k}; \
  REGISTER(NAME)
#define F8SKPAIRS(CFG)                                                                                        \
  F8SK(cutego_gemm_fp8sk_fns_##CFG##_kk_e4m3) F8SK(cutego_gemm_fp8sk_fns_##CFG##_kk_e4m3e5m2)                 \
  F8SK(cutego_gemm_fp8sk_fns_##CFG##_kk_e5m2e4m3) F8SK(cutego_gemm_fp8sk_fns_##CFG##_kk_e5m2)
F8SKPAIRS(128x256)
F8SKPAIRS(128x128)

// Whether fn is a GEMM kernel's stand-in (what takes the maps of A, B and D first).
static inline bool is_gemm_kernel(const void *fn) {
  for (int i = 0; i < n_gemm_standins; ++i)
    if (fn == gemm_standins[i]) return true;
  return false;
}

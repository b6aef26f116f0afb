// gemm_fp8_module.cu — the FP8 GEMM kernels as a module (cubin) for the Go launcher (gpu.Gemm
// loads it beside cutego_gemm.cubin): the kernels the C library compiles in
// kernels/gemm_<config>_kk_<types>.cu and kernels/gemm_<config>_kk_<types>_blockscaled.cu,
// every pair of e4m3 and e5m2, every output type, fast accumulation on 128x256, 128x128, 128x224,
// 64x64 and 64x128, promoted accumulation on 128x128, block-scaled on 128x128, 128x192, 64x64 and
// 64x128 (every configuration the planner's rule picks, cutego_gemm_pick_config_blockscaled_k), and
// the stream-K kernels of fast accumulation on both (gemm_stream_k.cuh:
// cutego_gemm_<config>_kk_<in>_<out>_streamk, the per-tensor scales a sixth argument). Built by
// `make kernels-go` (build/kernels/cutego_gemm_fp8.cubin).
#include "gemm_kernels.cuh"
#include "gemm_blockscaled.cuh"
#include "gemm_stream_k.cuh"

typedef cutego_k::Fp8Pair<__nv_fp8_e4m3, __nv_fp8_e5m2> Fp8_e4m3e5m2;  // (a macro argument cannot hold the comma)
typedef cutego_k::Fp8Pair<__nv_fp8_e5m2, __nv_fp8_e4m3> Fp8_e5m2e4m3;

#define CUTEGO_GEMM_FP8_MODULE_BLOCKSCALED(CFG, CFGNAME, TI, INNAME)                              \
  CUTEGO_GEMM_WGMMA_FP8_BLOCKSCALED_KERNEL(CFG, CFGNAME, TI, INNAME, __nv_bfloat16, bf16)          \
  CUTEGO_GEMM_WGMMA_FP8_BLOCKSCALED_KERNEL(CFG, CFGNAME, TI, INNAME, __half, f16)                  \
  CUTEGO_GEMM_WGMMA_FP8_BLOCKSCALED_KERNEL(CFG, CFGNAME, TI, INNAME, float, f32)

// The stream-K kernels of one configuration and pair of types, every output type (no launch
// tables: the Go launcher looks kernels up by name).
#define CUTEGO_GEMM_FP8_MODULE_STREAM_K(CFG, CFGNAME, TI, INNAME)                           \
  CUTEGO_GEMM_FP8_STREAM_K_KERNEL(CFG, CFGNAME, TI, INNAME, __nv_bfloat16, bf16)            \
  CUTEGO_GEMM_FP8_STREAM_K_KERNEL(CFG, CFGNAME, TI, INNAME, __half, f16)                    \
  CUTEGO_GEMM_FP8_STREAM_K_KERNEL(CFG, CFGNAME, TI, INNAME, float, f32)

#define CUTEGO_GEMM_FP8_MODULE_TYPES(TI, INNAME)                                    \
  CUTEGO_GEMM_WGMMA_FP8_OUT(Gemm_128x256x128_S4_E8, 128x256, TI, INNAME)            \
  CUTEGO_GEMM_WGMMA_FP8_OUT(Gemm_128x128x128_S6_E8, 128x128, TI, INNAME)            \
  CUTEGO_GEMM_WGMMA_FP8_OUT(Gemm_128x224x128_S4_E8, 128x224, TI, INNAME)            \
  CUTEGO_GEMM_WGMMA_FP8_OUT(Gemm_64x64x128_S13_E8, 64x64, TI, INNAME)                \
  CUTEGO_GEMM_WGMMA_FP8_OUT(Gemm_64x128x128_S8_E8, 64x128, TI, INNAME)               \
  CUTEGO_GEMM_WGMMA_FP8_PROMOTED_OUT(Gemm_128x128x128_S6_E8, 128x128, TI, INNAME)   \
  CUTEGO_GEMM_FP8_MODULE_BLOCKSCALED(Gemm_128x128x128_S6_E8, 128x128, TI, INNAME)    \
  CUTEGO_GEMM_FP8_MODULE_BLOCKSCALED(Gemm_128x192x128_S4_E8, 128x192, TI, INNAME)     \
  CUTEGO_GEMM_FP8_MODULE_BLOCKSCALED(Gemm_64x64x128_S13_E8, 64x64, TI, INNAME)        \
  CUTEGO_GEMM_FP8_MODULE_BLOCKSCALED(Gemm_64x128x128_S8_E8, 64x128, TI, INNAME)       \
  CUTEGO_GEMM_FP8_MODULE_STREAM_K(Gemm_128x256x128_S4_E8, 128x256, TI, INNAME)        \
  CUTEGO_GEMM_FP8_MODULE_STREAM_K(Gemm_128x128x128_S6_E8, 128x128, TI, INNAME)

CUTEGO_GEMM_FP8_MODULE_TYPES(__nv_fp8_e4m3, e4m3)
CUTEGO_GEMM_FP8_MODULE_TYPES(Fp8_e4m3e5m2, e4m3e5m2)
CUTEGO_GEMM_FP8_MODULE_TYPES(Fp8_e5m2e4m3, e5m2e4m3)
CUTEGO_GEMM_FP8_MODULE_TYPES(__nv_fp8_e5m2, e5m2)

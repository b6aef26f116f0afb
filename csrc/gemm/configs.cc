// configs.cc — the tile and TMA-box extents of each GEMM configuration, for the C planner
// (plan.c), read from the layouts that `cutego gen gemm` computed. Order: CUTEGO_GEMM_CONFIG_*.
#include "cutego_kernels.h"
#include "gemm_epilogue.h"
#include "generated/cutego_gemm_layouts.h"

namespace {
struct config_boxes {
  int bm, bn, a_box[2][2], b_box[2][2], a_swizzle[2], b_swizzle[2], epi_bytes;
};
template <class C>
constexpr config_boxes boxes() {
  return {C::BM,
          C::BN,
          {{C::A_K::tma_box_inner, C::A_K::tma_box_outer}, {C::A_MN::tma_box_inner, C::A_MN::tma_box_outer}},
          {{C::B_K::tma_box_inner, C::B_K::tma_box_outer}, {C::B_MN::tma_box_inner, C::B_MN::tma_box_outer}},
          {C::A_K::tma_swizzle_bytes, C::A_MN::tma_swizzle_bytes},
          {C::B_K::tma_swizzle_bytes, C::B_MN::tma_swizzle_bytes},
          cutego_k::kEpiRowBytes};
}
}  // namespace

extern "C" {
extern const config_boxes cutego_gemm_config_boxes[];
extern const int cutego_gemm_nconfigs;
const config_boxes cutego_gemm_config_boxes[] = {
    boxes<cutego_gen::Gemm_128x256x64_S4>(),  // CUTEGO_GEMM_CONFIG_128x256x64
    boxes<cutego_gen::Gemm_128x128x64_S6>(),  // CUTEGO_GEMM_CONFIG_128x128x64
};
const int cutego_gemm_nconfigs = sizeof cutego_gemm_config_boxes / sizeof cutego_gemm_config_boxes[0];
}
static_assert(CUTEGO_GEMM_CONFIG_128x256x64 == 0 && CUTEGO_GEMM_CONFIG_128x128x64 == 1, "table order");

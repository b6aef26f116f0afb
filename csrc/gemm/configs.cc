// configs.cc — the tile and TMA-box extents, swizzles and shared-memory sizes of each GEMM
// configuration, for the C planner (plan.c), read from the layouts that `cutego gen gemm`
// computed and the kernel's shared-memory plan (kernels/gemm_smem.h). Order: CUTEGO_GEMM_CONFIG_*.
#include "cutego_kernels.h"
#include "config_boxes.h"
#include "gemm_smem.h"
#include "generated/cutego_gemm_layouts.h"
#include "gemm_k_blocks.h"
#include "gemm_clusters.h"

namespace {
// Operand O's multicast box of configuration C (inner, outer; 0 where C has no clusters).
template <class C, class O>
constexpr int mc_box(int i) {
  if constexpr (C::MULTICAST > 1)
    return i == 0 ? O::mc_tma_box_inner : O::mc_tma_box_outer;
  else
    return 0;
}
// A 16-bit configuration: every major order of A and B; 2x1 clusters sharing B and (kClusterN) 1x2
// ones sharing A where it has multicast boxes.
template <class C>
constexpr config_boxes boxes(const char *name) {
  return {C::BM,
          C::BN,
          {{C::A_K::tma_box_inner, C::A_K::tma_box_outer}, {C::A_MN::tma_box_inner, C::A_MN::tma_box_outer}},
          {{C::B_K::tma_box_inner, C::B_K::tma_box_outer}, {C::B_MN::tma_box_inner, C::B_MN::tma_box_outer}},
          {C::A_K::tma_swizzle_bytes, C::A_MN::tma_swizzle_bytes},
          {C::B_K::tma_swizzle_bytes, C::B_MN::tma_swizzle_bytes},
          cutego_k::kEpiRowBytes,
          {{cutego_k::gemm_smem_bytes<C, typename C::A_K, typename C::B_K>(),
            cutego_k::gemm_smem_bytes<C, typename C::A_K, typename C::B_MN>()},
           {cutego_k::gemm_smem_bytes<C, typename C::A_MN, typename C::B_K>(),
            cutego_k::gemm_smem_bytes<C, typename C::A_MN, typename C::B_MN>()}},
          name,
          C::BK,
          C::MULTICAST,
          {{mc_box<C, typename C::B_K>(0), mc_box<C, typename C::B_K>(1)},
           {mc_box<C, typename C::B_MN>(0), mc_box<C, typename C::B_MN>(1)}},
          C::CONSUMER_WARPGROUPS,
          cutego_k::kClusterN<C>,
          {mc_box<C, typename C::A_K>(0), mc_box<C, typename C::A_K>(1)}};
}
// A 16-bit configuration whose kernels read B K-major only (128x168: its B_MN would be the
// interleaved atom, which no kernel instantiates): B's MN-major entries stay 0 (the planner
// transposes such a B first); no clusters.
template <class C>
constexpr config_boxes boxes_bk(const char *name) {
  static_assert(C::MULTICAST == 1, "no clusters");
  return {C::BM,
          C::BN,
          {{C::A_K::tma_box_inner, C::A_K::tma_box_outer}, {C::A_MN::tma_box_inner, C::A_MN::tma_box_outer}},
          {{C::B_K::tma_box_inner, C::B_K::tma_box_outer}, {0, 0}},
          {C::A_K::tma_swizzle_bytes, C::A_MN::tma_swizzle_bytes},
          {C::B_K::tma_swizzle_bytes, 0},
          cutego_k::kEpiRowBytes,
          {{cutego_k::gemm_smem_bytes<C, typename C::A_K, typename C::B_K>(), 0},
           {cutego_k::gemm_smem_bytes<C, typename C::A_MN, typename C::B_K>(), 0}},
          name,
          C::BK,
          C::MULTICAST,
          {{0, 0}, {0, 0}},
          C::CONSUMER_WARPGROUPS,
          cutego_k::kClusterN<C>,
          {0, 0}};
}
// An 8-bit (FP8) configuration: K-major operands only (the MN-major entries stay 0); 2x1
// clusters sharing B where it has multicast boxes.
template <class C>
constexpr config_boxes boxes_k(const char *name) {
  return {C::BM,
          C::BN,
          {{C::A_K::tma_box_inner, C::A_K::tma_box_outer}, {0, 0}},
          {{C::B_K::tma_box_inner, C::B_K::tma_box_outer}, {0, 0}},
          {C::A_K::tma_swizzle_bytes, 0},
          {C::B_K::tma_swizzle_bytes, 0},
          cutego_k::kEpiRowBytes,
          {{cutego_k::gemm_smem_bytes<C, typename C::A_K, typename C::B_K>(), 0}, {0, 0}},
          name,
          C::BK,
          C::MULTICAST,
          {{mc_box<C, typename C::B_K>(0), mc_box<C, typename C::B_K>(1)}, {0, 0}},
          C::CONSUMER_WARPGROUPS,
          cutego_k::kClusterN<C>,
          {0, 0}};
}
}  // namespace

extern "C" {
const config_boxes cutego_gemm_fp8_config_boxes[] = {
    boxes_k<cutego_gen::Gemm_128x256x128_S4_E8>("128x256"),  // CUTEGO_GEMM_CONFIG_128x256x64
    boxes_k<cutego_gen::Gemm_128x128x128_S6_E8>("128x128"),  // CUTEGO_GEMM_CONFIG_128x128x64
    {},                                                       // CUTEGO_GEMM_CONFIG_128x64x64: 16-bit only
    boxes_k<cutego_gen::Gemm_128x192x128_S4_E8>("128x192"),  // CUTEGO_GEMM_CONFIG_128x192x128 (block-scaled)
    {},                                                       // CUTEGO_GEMM_CONFIG_128x192x64: 16-bit only
    boxes_k<cutego_gen::Gemm_64x64x128_S13_E8>("64x64"),     // CUTEGO_GEMM_CONFIG_64x64x128 (block-scaled)
    {},                                                       // CUTEGO_GEMM_CONFIG_64x32x128: 16-bit only
    boxes_k<cutego_gen::Gemm_64x128x128_S8_E8>("64x128"),    // CUTEGO_GEMM_CONFIG_64x128x64 (block-scaled)
    {},                                                       // CUTEGO_GEMM_CONFIG_128x168x64: 16-bit only
    {},                                                       // CUTEGO_GEMM_CONFIG_64x96x64: 16-bit only
    {},                                                       // CUTEGO_GEMM_CONFIG_128x96x64: 16-bit only
    boxes_k<cutego_gen::Gemm_128x224x128_S4_E8>("128x224"),  // CUTEGO_GEMM_CONFIG_128x224x64 (per tensor, fast)
};
static_assert(sizeof cutego_gemm_fp8_config_boxes == 12 * sizeof(config_boxes),
              "FP8 has the first two 16-bit configurations and 128x224 (no 128x64, no 16-bit 128x192, no 64x32, no "
              "128x168, no 64x96, no 128x96), and the block-scaled 128x192x128, 64x64 and 64x128");
const config_boxes cutego_gemm_config_boxes[] = {
    boxes<cutego_gen::Gemm_128x256x64_S4>("128x256"),  // CUTEGO_GEMM_CONFIG_128x256x64
    boxes<cutego_gen::Gemm_128x128x64_S6>("128x128"),  // CUTEGO_GEMM_CONFIG_128x128x64
    boxes<cutego_gen::Gemm_128x64x64_S8>("128x64"),    // CUTEGO_GEMM_CONFIG_128x64x64
    {},                                                 // CUTEGO_GEMM_CONFIG_128x192x128: block-scaled FP8 only
    boxes<cutego_gen::Gemm_128x192x64_S4>("128x192"),  // CUTEGO_GEMM_CONFIG_128x192x64
    boxes<cutego_gen::Gemm_64x64x128_S6>("64x64"),     // CUTEGO_GEMM_CONFIG_64x64x128
    boxes<cutego_gen::Gemm_64x32x128_S8>("64x32"),     // CUTEGO_GEMM_CONFIG_64x32x128
    boxes<cutego_gen::Gemm_64x128x64_S8>("64x128"),    // CUTEGO_GEMM_CONFIG_64x128x64
    boxes_bk<cutego_gen::Gemm_128x168x64_S5>("128x168"),  // CUTEGO_GEMM_CONFIG_128x168x64 (B K-major)
    boxes<cutego_gen::Gemm_64x96x64_S10>("64x96"),     // CUTEGO_GEMM_CONFIG_64x96x64
    boxes<cutego_gen::Gemm_128x96x64_S6>("128x96"),    // CUTEGO_GEMM_CONFIG_128x96x64
    boxes<cutego_gen::Gemm_128x224x64_S4>("128x224"),  // CUTEGO_GEMM_CONFIG_128x224x64
};
const int cutego_gemm_nconfigs = sizeof cutego_gemm_config_boxes / sizeof cutego_gemm_config_boxes[0];

int cutego_gemm_tile_extent(int config, int fp8, int64_t *bm, int64_t *bn) {
  if (config < 0 || config >= cutego_gemm_nconfigs || !bm || !bn) return -1;
  const config_boxes &c = *cutego_gemm_boxes(config, fp8);
  if (c.bm < 1 || c.bn < 1) return -1; /* {}: none of this width */
  *bm = c.bm, *bn = c.bn;
  return 0;
}

int64_t cutego_gemm_k_tiles(int config, int fp8, int64_t k) {
  if (config < 0 || config >= cutego_gemm_nconfigs || k < 0) return -1;
  const config_boxes &c = *cutego_gemm_boxes(config, fp8);
  if (c.bk < 1) return -1; /* {}: none of this width */
  return k / c.bk + (k % c.bk != 0);
}
}
static_assert(CUTEGO_GEMM_CONFIG_128x256x64 == 0 && CUTEGO_GEMM_CONFIG_128x128x64 == 1 &&
                  CUTEGO_GEMM_CONFIG_128x64x64 == 2 && CUTEGO_GEMM_CONFIG_128x192x128 == 3 &&
                  CUTEGO_GEMM_CONFIG_128x192x64 == 4 && CUTEGO_GEMM_CONFIG_64x64x128 == 5 &&
                  CUTEGO_GEMM_CONFIG_64x32x128 == 6 && CUTEGO_GEMM_CONFIG_64x128x64 == 7 &&
                  CUTEGO_GEMM_CONFIG_128x168x64 == 8 && CUTEGO_GEMM_CONFIG_64x96x64 == 9 &&
                  CUTEGO_GEMM_CONFIG_128x96x64 == 10 && CUTEGO_GEMM_CONFIG_128x224x64 == 11,
              "table order");

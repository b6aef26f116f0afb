// gemm_blockscaled.cuh — block-scaled FP8 GEMM (DeepSeek-V3's scaling, DeepGEMM's and CUTLASS's
// blockwise-scaled SM90 GEMM): A with one fp32 scale per row per 128 of K, B with one per
// 128 x 128 block, applied in the promotion step.
//
// The kernel is the FP8 kernel on 128x128x128 tiles with its own main loop
// (blockscaled_mma_tile): each k-tile's MMAs accumulate afresh into a partial sum, and its
// promotion step is
//   acc += SA(row, kt, l) * SB(tile column, kt, l) * part
// for k-tile kt: a tile's 128 columns are one block of B and its 128 of K one block of A and B.
// Each thread's accumulator values lie in two rows (the accumulator's thread-value layout: the
// rows of a thread's values differ by 0 or 8, checked below), so a k-tile's scales are three
// loads per thread, fetched two k-tiles ahead and used once the k-tile's MMAs are done.
#pragma once
#include "gemm_kernels.cuh"
#include "gemm_fns.h"

namespace cutego_k {

// BlockScaled<TI>: FP8 operands TI, promoted every k-tile with the block scales.
template <class TI> struct BlockScaled {
  uint8_t bits;
};
template <class TI> struct operand_types<BlockScaled<TI>> : operand_types<TI> {};
template <class TI> constexpr bool is_promoted<BlockScaled<TI>> = true;
template <class TI> constexpr bool is_block_scaled<BlockScaled<TI>> = true;

// The rows of a thread's accumulator values, relative to its first: 0 or kRowStep.
template <class Acc>
constexpr bool acc_rows_are_two(int step) {
  for (int v = 0; v < Acc::v_shape[0] * Acc::v_shape[1] * Acc::v_shape[2]; ++v) {
    const int o = (v % Acc::v_shape[0]) * Acc::v_stride[0] + ((v / Acc::v_shape[0]) % Acc::v_shape[1]) * Acc::v_stride[1] +
                  ((v / (Acc::v_shape[0] * Acc::v_shape[1])) % Acc::v_shape[2]) * Acc::v_stride[2];
    if (o % Acc::tile_m != 0 && o % Acc::tile_m != step) return false;
  }
  return true;
}

// BlockScales: one consumer thread's block scales on one tile. Slot S holds the factors
// SA(row) * SB and SA(row + 8) * SB of the k-tile whose partial sum is in part S, loaded two
// k-tiles ahead (their latency, under the TMA's traffic, hides behind two k-tiles of MMAs). The
// k-tiles are fetched in order, so the three scale pointers run along K by their strides.
template <class Cfg>
struct BlockScales {
  typedef typename Cfg::Acc Acc;
  static constexpr int kRowStep = 8;
  static_assert(acc_rows_are_two<Acc>(kRowStep), "a thread's accumulator rows are r and r + 8");
  static_assert(Cfg::BK == CUTEGO_GEMM_SCALE_BLOCK && Cfg::BN == CUTEGO_GEMM_SCALE_BLOCK,
                "one k-tile is one K block of the scales and one tile one N block of B's");
  const float *a0, *a1, *b;  // the next k-tile's SA at row and row + 8 (row past M: row 0's), SB at the tile column
  int64_t as1, bs1;          // the K block strides
  int left;                  // k-tiles not yet fetched
  float sa0[2], sa1[2], sb[2];
  __device__ __forceinline__ BlockScales(const GemmArgs &p, const cutego_gemm_block_scales_t *bs, const WorkTileInfo &w,
                                         int cw, int t)
      : as1(bs->as[1]), bs1(bs->bs[1]), left(p.k_tiles) {
    const int r = w.m_idx * Cfg::BM + cw * 64 + acc_t_offset<Acc>(t) % Acc::tile_m;
    const float *ab = bs->a + static_cast<int64_t>(w.l_idx) * bs->as[2];
    // (the consumer's first row is below M: a row past M reads that row's scales, and its
    // products, of rows no epilogue stores, are thrown away)
    const int r0 = w.m_idx * Cfg::BM + cw * 64;
    a0 = ab + static_cast<int64_t>(r < p.m ? r : r0) * bs->as[0];
    a1 = ab + static_cast<int64_t>(r + kRowStep < p.m ? r + kRowStep : r0) * bs->as[0];
    b = bs->b + static_cast<int64_t>(w.n_idx) * bs->bs[0] + static_cast<int64_t>(w.l_idx) * bs->bs[2];
  }
  // Slot S takes the next k-tile's scales (nothing past the last k-tile).
  template <int S>
  __device__ __forceinline__ void fetch() {
    if (left > 0) {
      sb[S] = __ldg(b);
      sa0[S] = __ldg(a0);
      sa1[S] = __ldg(a1);
      b += bs1, a0 += as1, a1 += as1, --left;
    }
  }
  // acc += the factors of slot S * part.
  template <int S, int N>
  __device__ __forceinline__ void apply(float (&acc)[N], const float (&part)[N]) const {
    const float f0 = sa0[S] * sb[S], f1 = sa1[S] * sb[S];
#pragma unroll
    for (int v = 0; v < N; ++v) {
      const int o = acc_v_offset<Acc>(v) % Acc::tile_m;  // compile-time after unrolling
      acc[v] = fmaf(o == 0 ? f0 : f1, part[v], acc[v]);
    }
  }
};

// The pipeline side of blockscaled_mma_tile: the stage and phase of the next k-tile kept as two
// counters (no division of a running count by the stage count), the stages of the last two
// k-tiles issued, and the wgmma descriptors of stage 0, to which a k-tile adds its stage's and
// its MMA's offsets in the start-address field (shared memory addresses lie below 2^18 bytes, so
// the 14-bit field of address / 16 never carries into the next one).
template <class Cfg, class OA, class OB, class TI>
struct BlockScaledMainloop {
  static constexpr int N = Cfg::BN / 2, S = Cfg::STAGES;
  static_assert(OA::wgmma_trans == 0 && OB::wgmma_trans == 0, "FP8 wgmma reads K-major operands");
  static_assert(OA::stage_bytes % 16 == 0 && OB::stage_bytes % 16 == 0 && OA::desc_k_step_bytes % 16 == 0 &&
                    OB::desc_k_step_bytes % 16 == 0,
                "descriptor offsets in units of 16 bytes");
  PipelineTmaAsync<S> &pipe;
  uint32_t da, db, da_hi, db_hi;  // stage 0's descriptors (low, high words): A at this warpgroup's rows, B
  int s, last, before;
  uint32_t phase;
  int lane;
  static __device__ __forceinline__ uint64_t desc(uint32_t lo, uint32_t hi) {
    return static_cast<uint64_t>(hi) << 32 | lo;
  }
  // Issues the next k-tile's MMAs into part, afresh.
  __device__ __forceinline__ void issue(float (&part)[N]) {
    mbar_wait(&pipe.full[s], phase);
    wgmma_fence();
    const uint32_t sa = da + s * (OA::stage_bytes / 16), sb = db + s * (OB::stage_bytes / 16);
#pragma unroll
    for (int kk = 0; kk < Cfg::BK / Cfg::MMA_K; ++kk)
      wgmma_fp8<typename operand_types<TI>::a, typename operand_types<TI>::b, Cfg::BN>(
          part, desc(sa + kk * (OA::desc_k_step_bytes / 16), da_hi), desc(sb + kk * (OB::desc_k_step_bytes / 16), db_hi),
          kk == 0 ? 0 : 1);
    wgmma_commit();
    before = last, last = s;
    if (++s == S) s = 0, phase ^= 1;
  }
  // The k-tile before the last is done: its stage goes back to the producer.
  __device__ __forceinline__ void retire_previous() {
    wgmma_wait<1>();
    if (lane == 0) mbar_arrive(&pipe.empty[before]);
  }
  // The last k-tile is done: its stage goes back to the producer.
  __device__ __forceinline__ void retire_last() {
    wgmma_wait<0>();
    if (lane == 0) mbar_arrive(&pipe.empty[last]);
  }
};

// The block-scaled main loop: promoted_mma_tile with a promotion interval of 1, no run-time run
// logic. Two partial sums alternate k-tile by k-tile: k-tile kt + 1 is issued into one while
// k-tile kt's MMAs finish into the other, and kt's promotion step runs behind kt + 1's MMAs.
template <class Cfg, class OA, class OB, class TI, int CM>
__device__ __forceinline__ void blockscaled_mma_tile(const GemmArgs &p, PipelineTmaAsync<Cfg::STAGES> &pipe,
                                                     PipelineState<Cfg::STAGES> &read, const WorkTileInfo &w,
                                                     int cw, int lane, float (&acc)[Cfg::BN / 2], uint8_t *sa,
                                                     uint8_t *sb, const cutego_gemm_block_scales_t *bs) {
  static_assert(CM == 1, "block-scaled kernels run without clusters");
  constexpr int N = Cfg::BN / 2;
  const int k_tiles = p.k_tiles;
  BlockScales<Cfg> scales(p, bs, w, cw, threadIdx.x % 128);
  // (cw and the stage from lane 0: the compiler then knows them to be one value in the warp, and
  // keeps the descriptors in uniform registers, which the MMAs read)
  const int cwu = __shfl_sync(0xffffffffu, cw, 0);
  const uint64_t da = gmma_desc(smem_u32(sa) + cwu * OA::desc_mn64_step_bytes, OA::desc_lbo_bytes,
                                OA::desc_sbo_bytes, OA::desc_layout_type),
                 db = gmma_desc(smem_u32(sb), OB::desc_lbo_bytes, OB::desc_sbo_bytes, OB::desc_layout_type);
  BlockScaledMainloop<Cfg, OA, OB, TI> ml{
      pipe,
      static_cast<uint32_t>(da),
      static_cast<uint32_t>(db),
      static_cast<uint32_t>(da >> 32),
      static_cast<uint32_t>(db >> 32),
      __shfl_sync(0xffffffffu, read.index(), 0),
      0,
      0,
      static_cast<uint32_t>(__shfl_sync(0xffffffffu, read.phase(), 0)),
      lane};
  float part0[N], part1[N];
#pragma unroll
  for (int i = 0; i < N; ++i) acc[i] = 0.f;
  if (k_tiles <= 0) return;
  scales.template fetch<0>();
  scales.template fetch<1>();
  ml.issue(part0);
  for (int kt = 1;; kt += 2) {
    if (kt >= k_tiles) {  // the last k-tile is in part0
      ml.retire_last();
      scales.template apply<0>(acc, part0);
      break;
    }
    ml.issue(part1);
    ml.retire_previous();
    scales.template apply<0>(acc, part0);
    scales.template fetch<0>();  // k-tile kt + 1's, for part0 next
    if (kt + 1 >= k_tiles) {     // the last k-tile is in part1
      ml.retire_last();
      scales.template apply<1>(acc, part1);
      break;
    }
    ml.issue(part0);
    ml.retire_previous();
    scales.template apply<1>(acc, part1);
    scales.template fetch<1>();  // k-tile kt + 2's, for part1 next
  }
  read.count += k_tiles;
}

}  // namespace cutego_k

// cutego_gemm_<config>_kk_<in>_<out>_blockscaled: the FP8 kernel with the block scales as its
// fifth argument (cutego_gemm_block_scales_t), no clusters.
#define CUTEGO_GEMM_WGMMA_FP8_BLOCKSCALED_KERNEL(CFG, CFGNAME, TI, INNAME, TO, OUTNAME)                            \
  extern "C" __global__ void __launch_bounds__(384, 1) cutego_gemm_##CFGNAME##_kk_##INNAME##_##OUTNAME##_blockscaled( \
      const __grid_constant__ CUtensorMap tma_a, const __grid_constant__ CUtensorMap tma_b,                       \
      const __grid_constant__ CUtensorMap tma_d, const cutego_k::GemmArgs p,                                      \
      const __grid_constant__ cutego_gemm_block_scales_t s) {                                                     \
    cutego_k::gemm_wgmma_body<cutego_gen::CFG, cutego_gen::CFG::A_K, cutego_gen::CFG::B_K,                       \
                              cutego_k::BlockScaled<TI>, TO, 1>(&tma_a, &tma_b, &tma_d, p, &s);                    \
  }

// The block-scaled kernels of one pair of types, every output type, and their table
// cutego_gemm_fp8b_fns_<config>_kk_<in>[out] (gemm_fns.h).
#define CUTEGO_GEMM_FP8_BLOCKSCALED_INSTANCE(CFG, CFGNAME, TI, INNAME)                                          \
  CUTEGO_GEMM_WGMMA_FP8_BLOCKSCALED_KERNEL(CFG, CFGNAME, TI, INNAME, __nv_bfloat16, bf16)                       \
  CUTEGO_GEMM_WGMMA_FP8_BLOCKSCALED_KERNEL(CFG, CFGNAME, TI, INNAME, __half, f16)                               \
  CUTEGO_GEMM_WGMMA_FP8_BLOCKSCALED_KERNEL(CFG, CFGNAME, TI, INNAME, float, f32)                                \
  CUTEGO_GEMM_FP8B_FNS_DECL(CFGNAME, INNAME)                                                                    \
  const cutego_gemm_wgmma_fp8b_fn cutego_gemm_fp8b_fns_##CFGNAME##_kk_##INNAME[3] = {                           \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_bf16_blockscaled, cutego_gemm_##CFGNAME##_kk_##INNAME##_f16_blockscaled, \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_f32_blockscaled};

// gemm_blockscaled.cuh — block-scaled FP8 GEMM (DeepSeek-V3's scaling, DeepGEMM's and CUTLASS's
// blockwise-scaled SM90 GEMM): A with one fp32 scale per row per 128 of K, B with one per
// 128 x 128 block, applied in the promotion step.
//
// The kernel is the FP8 kernel on 128x128x128 tiles (128x192x128 for large M, 64x64x128 and
// 64x128x128, one consumer warpgroup, for M <= 128) with
// promoted_mma_tile, the main loop promoted every k-tile (gemm_kernels.cuh): each k-tile's MMAs
// accumulate afresh into a partial sum, and its promotion step (Promotion<Cfg, BlockScaled<TI>>) is
//   acc += SA(row, kt, l) * SB(column's N block, kt, l) * part
// for k-tile kt: a tile's 128 of K are one block of A and B; its 128 columns one N block of B
// (192 columns: two, chosen per value).
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
    const int o = acc_v_offset<Acc>(v);
    if (o % Acc::tile_m != 0 && o % Acc::tile_m != step) return false;
  }
  return true;
}

// The block-scaled promotion step: one consumer thread's block scales on one tile. Slot S holds
// the factors SA(row) * SB and SA(row + 8) * SB of the k-tile whose partial sum is in part S,
// loaded two k-tiles ahead (ptxas counts every scale load on one scoreboard, so a factor also
// waits for the loads issued a k-tile after its own: in effect one k-tile ahead; scales in shared
// memory, waited for by count, measured no faster: bench/GEMM-NOTES.md, session 36). The k-tiles
// are fetched in order, so the scale addresses run along K by their strides.
// A tile of 128 columns is one N block of B, a tile of 64 half of one. A tile of 192 columns (n_idx * 192 from 0) spans
// two: N block nb = n_idx * 192 / 128 and nb + 1 (the last block's own where nb is the last),
// split at tile column 128 (n_idx even) or 64 (odd), a multiple of 8: a thread's columns within
// an 8-column block (its own offset, under 8) lie on one side, so a value's block is known from
// its value index and the parity of n_idx (DeepGEMM's per-column choice between two B scales):
// columns 0-63 are nb's, 128-191 nb + 1's, 64-127 the parity's.
template <class Cfg, class TI>
struct Promotion<Cfg, BlockScaled<TI>> {
  typedef typename Cfg::Acc Acc;
  static constexpr int kRowStep = 8;
  static constexpr bool kTwoBlocks = Cfg::BN == 192;
  static_assert(acc_rows_are_two<Acc>(kRowStep), "a thread's accumulator rows are r and r + 8");
  static_assert(Cfg::BK == CUTEGO_GEMM_SCALE_BLOCK &&
                    (Cfg::BN == CUTEGO_GEMM_SCALE_BLOCK || Cfg::BN == CUTEGO_GEMM_SCALE_BLOCK / 2 || kTwoBlocks),
                "one k-tile is one K block of the scales; a tile one N block of B's (or half of one), or 192 columns of two");
  // Where the next k-tile's scales lie. The loops of two partial sums (two_partial_sums: 128x128,
  // 64x128, 64x64 tiles) keep the work unit's first k-tile's addresses and a 32-bit offset along K
  // (ka, kb): each load is one IMAD.WIDE, with no 64-bit pointer steps nor register-pair moves
  // before it (128x128 1.005x at M = 1024, 1.014x at 4096; cutego_gemm_block_scales refuses
  // K-block strides whose offsets pass 2^31 - 1). The loop of one partial sum (128x192) steps
  // 64-bit pointers along K: there the address arithmetic before each load lies on the path from
  // one k-tile's MMAs to the next, and the offsets measured 0.94-0.95x at M >= 1024
  // (bench/GEMM-NOTES.md, session 36).
  static constexpr bool kOffsets = two_partial_sums<Cfg>;
  const float *a0, *a1, *b;  // SA at row and row + 8 (row past M: row 0's), SB at the tile column
  int64_t as1, bs1;          // the K block strides
  int64_t b_next;            // 192 columns: from SB(nb) to SB(nb + 1) (0 where nb is the last block)
  int ka, kb;                // kOffsets: the next k-tile's offsets from a0 and a1, and from b
  int left;                  // k-tiles not yet fetched
  bool odd;                  // 192 columns: n_idx is odd (columns 64-127 are nb + 1's)
  float sa0[2], sa1[2], sb[2];
  float sb_hi[2];             // 192 columns: SB(nb + 1)
  __device__ __forceinline__ Promotion(const GemmArgs &p, const cutego_gemm_block_scales_t *bs, const WorkTileInfo &w,
                                       int cw, int t)
      : as1(bs->as[1]), bs1(bs->bs[1]), ka(0), kb(0), left(p.k_tiles) {
    static_assert(!(kOffsets && kTwoBlocks), "192 columns: one partial sum");
    const int r = w.m_idx * Cfg::BM + cw * 64 + acc_t_offset<Acc>(t) % Acc::tile_m;
    const float *ab = bs->a + static_cast<int64_t>(w.l_idx) * bs->as[2];
    // (the consumer's first row is below M: a row past M reads that row's scales, and its
    // products, of rows no epilogue stores, are thrown away)
    const int r0 = w.m_idx * Cfg::BM + cw * 64;
    a0 = ab + static_cast<int64_t>(r < p.m ? r : r0) * bs->as[0];
    a1 = ab + static_cast<int64_t>(r + kRowStep < p.m ? r + kRowStep : r0) * bs->as[0];
    if constexpr (kTwoBlocks) {
      const int nb = w.n_idx * Cfg::BN / CUTEGO_GEMM_SCALE_BLOCK;
      const int nbs = (p.n + CUTEGO_GEMM_SCALE_BLOCK - 1) / CUTEGO_GEMM_SCALE_BLOCK;
      odd = w.n_idx & 1;
      b_next = nb + 1 < nbs ? bs->bs[0] : 0;
      b = bs->b + static_cast<int64_t>(nb) * bs->bs[0] + static_cast<int64_t>(w.l_idx) * bs->bs[2];
    } else {
      // (64 columns: tiles n_idx and n_idx + 1 share a block)
      const int nb = Cfg::BN == CUTEGO_GEMM_SCALE_BLOCK ? w.n_idx : w.n_idx / 2;
      b = bs->b + static_cast<int64_t>(nb) * bs->bs[0] + static_cast<int64_t>(w.l_idx) * bs->bs[2];
    }
  }
  // Slot S takes the next k-tile's scales (nothing past the last k-tile).
  template <int S>
  __device__ __forceinline__ void fetch() {
    if (left > 0) {
      if constexpr (kOffsets) {
        sb[S] = __ldg(b + kb);
        sa0[S] = __ldg(a0 + ka);
        sa1[S] = __ldg(a1 + ka);
        ka += static_cast<int>(as1), kb += static_cast<int>(bs1), --left;
      } else {
        sb[S] = __ldg(b);
        if constexpr (kTwoBlocks) {
          sb_hi[S] = __ldg(b + b_next);
        }
        sa0[S] = __ldg(a0);
        sa1[S] = __ldg(a1);
        b += bs1, a0 += as1, a1 += as1, --left;
      }
    }
  }
  // acc += the factors of slot S * part.
  template <int S, int N>
  __device__ __forceinline__ void apply(float (&acc)[N], const float (&part)[N]) const {
    if constexpr (kTwoBlocks) {
      const float f[2][2] = {{sa0[S] * sb[S], sa0[S] * sb_hi[S]}, {sa1[S] * sb[S], sa1[S] * sb_hi[S]}};
      const float fm[2] = {odd ? f[0][1] : f[0][0], odd ? f[1][1] : f[1][0]};  // columns 64-127
#pragma unroll
      for (int v = 0; v < N; ++v) {
        const int o = acc_v_offset<Acc>(v);  // compile-time after unrolling
        const int row = o % Acc::tile_m == 0 ? 0 : 1, blk = o / Acc::tile_m / 64;
        acc[v] = fmaf(blk == 1 ? fm[row] : f[row][blk / 2], part[v], acc[v]);
      }
    } else {
      const float f0 = sa0[S] * sb[S], f1 = sa1[S] * sb[S];
#pragma unroll
      for (int v = 0; v < N; ++v) {
        const int o = acc_v_offset<Acc>(v) % Acc::tile_m;  // compile-time after unrolling
        acc[v] = fmaf(o == 0 ? f0 : f1, part[v], acc[v]);
      }
    }
  }
};

}  // namespace cutego_k

// cutego_gemm_<config>_kk_<in>_<out>_blockscaled: the FP8 kernel with the block scales as its
// fifth argument (cutego_gemm_block_scales_t), no clusters.
#define CUTEGO_GEMM_WGMMA_FP8_BLOCKSCALED_KERNEL(CFG, CFGNAME, TI, INNAME, TO, OUTNAME)                            \
  extern "C" __global__ void __launch_bounds__(CUTEGO_GEMM_THREADS(cutego_gen::CFG::CONSUMER_WARPGROUPS), 1)      \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_##OUTNAME##_blockscaled(                                              \
      const __grid_constant__ CUtensorMap tma_a, const __grid_constant__ CUtensorMap tma_b,                       \
      const __grid_constant__ CUtensorMap tma_d, const cutego_k::GemmArgs p,                                      \
      const __grid_constant__ cutego_gemm_block_scales_t s) {                                                     \
    cutego_k::programmatic_launch_prologue(&tma_a, &tma_b, &tma_d, p.flags);                                      \
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

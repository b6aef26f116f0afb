// gemm_kernels.cuh — cutego's Hopper GEMM (sm_90a): D = alpha * A * B + beta * C.
//
// The wgmma kernel reads as a composition of named pieces, in CUTLASS's vocabulary:
//   - TMA loads into 128-byte-swizzled shared memory ......... load_stage()
//   - the multi-stage mbarrier pipeline (full / empty) and the
//     position of each role in it ............................ PipelineTmaAsync, PipelineState
//   - the persistent grid in an L2-friendly tile order, walked
//     alike by producer and consumers ........................ PersistentTileScheduler
//   - warp specialization: one producer warpgroup, two
//     consumer warpgroups (one: 64x64, 64x32, 64x128, 64x96),
//     setmaxnreg ............................................. gemm_wgmma_body() roles:
//     producer_load_tile(), consumer_mma_tile()
//   - 128x256 tiles (m64n256k16 per consumer; 128x192, 128x128,
//     128x64, 64x64 and 64x32 tiles likewise) ............... mma_stage()
//   - the epilogue from the accumulator's TV layout .......... epilogue()
//   - an epilogue through swizzled shared memory and TMA
//     stores that drain while the next tile computes ......... epilogue_tma()
//   - beta * C, read alike by both epilogues ................. EpilogueSource
//   - 2-CTA clusters along M sharing B, or along N sharing A,
//     by TMA multicast ....................................... load_stage<Op, 2>(),
//     PipelineTmaAsync::consumer_release(), the cluster rank in PersistentTileScheduler
//   - FP8 A and B: the same pieces with an 8-bit element type
//     (m64nNk32, K-major operands), and promoted accumulation . wgmma_fp8(), promoted_mma_tile(),
//     with runs of several k-tiles ........................... promoted_interval_mma_tile()
//   - its promotion step, per tensor ........................... Promotion
//   - block-scaled FP8: promoted_mma_tile with the block scales  Promotion<Cfg, BlockScaled<TI>> (gemm_blockscaled.cuh),
//     on 128x192 tiles with one partial sum ...................... two_partial_sums
// Every layout constant (stage bytes, TMA boxes, wgmma descriptor offsets, the accumulator's
// thread-value layout) comes from kernels/generated/cutego_gemm_layouts.h, which `cutego gen
// gemm` computes with cutego's algebra; none is typed in here.
//
// The generic kernel evaluates the four layouts per element (any strides, any alignment).
#pragma once
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <stdint.h>
#include "cutego_device.h"
#include "cutego_kernels.h"
#include "gemm_smem.h"
#include "generated/cutego_gemm_layouts.h"
#include "gemm_k_blocks.h"
#include "gemm_clusters.h"
#include "sm90_ptx.cuh"
#include "wgmma_ops.cuh"

namespace cutego_k {

// Kernel arguments (by value): cutego_gemm_args_t (cutego_kernels.h), filled by the planner's
// cutego_gemm_args() for the C and the Go launcher alike.
typedef cutego_gemm_args_t GemmArgs;
// At 132 bytes (a cluster_m field) ptxas stopped specializing the epilogue on the arguments and
// the kernel lost 2-5% (bench/GEMM-NOTES.md, the 2x1 cluster runs): new arguments go into flags or replace one.
static_assert(sizeof(GemmArgs) == 128, "GemmArgs is 128 bytes");
constexpr int kFlagDPairs = CUTEGO_GEMM_F_D_PAIRS, kFlagCPairs = CUTEGO_GEMM_F_C_PAIRS, kFlagDTma = CUTEGO_GEMM_F_D_TMA,
              kFlagDTrans = CUTEGO_GEMM_F_D_TMA_T;

// ---- element conversions -------------------------------------------------------------------
template <typename T> __device__ __forceinline__ float to_f32(T x);
template <> __device__ __forceinline__ float to_f32<float>(float x) { return x; }
template <> __device__ __forceinline__ float to_f32<__nv_bfloat16>(__nv_bfloat16 x) { return __bfloat162float(x); }
template <> __device__ __forceinline__ float to_f32<__half>(__half x) { return __half2float(x); }
template <typename T> __device__ __forceinline__ T from_f32(float x);
template <> __device__ __forceinline__ float from_f32<float>(float x) { return x; }
template <> __device__ __forceinline__ __nv_bfloat16 from_f32<__nv_bfloat16>(float x) { return __float2bfloat16_rn(x); }
template <> __device__ __forceinline__ __half from_f32<__half>(float x) { return __float2half_rn(x); }

// ---- the tile scheduler: a persistent grid, L2-friendly tile order ---------------------------
// CUTLASS's PersistentTileSchedulerSm90: each CTA (each cluster, with clusters) starts at its own
// tile and strides by the grid; producer and consumers each hold one and walk the same tiles in
// the same order, so the k-iterations they count stay in lockstep.
// Tile t -> (tm, tn, l). Within a batch, tiles go in groups of group_m rows of tiles; inside a
// group, down the rows first. Concurrent CTAs then share A rows and B columns in L2.
// With clusters of CM CTAs along M the tiles counted are the cluster's (tiles_m, group_m and
// tiles in cluster rows, cutego_gemm_args); CTA r takes row tm·CM + r. With clusters of CN CTAs
// along N likewise in cluster columns (tiles_n): CTA r takes column tn·CN + r. A split-K GEMM
// (cutego_gemm's split_k) runs its K slices as batches: l is then the slice.
// Deviation: the tile index is (batch, tile of the batch) in 32 bits, and the grid's stride is
// read at each step (CUTLASS keeps a linear index and divmods precomputed on the host); the rank
// in the cluster is read where a tile starts (kept live across the loop, it spilled).
struct WorkTileInfo {
  int m_idx, n_idx, l_idx;  // tile row (of CTA tiles), tile column, batch
  int cluster_rank;         // this CTA's rank in its cluster (0 without clusters)
};

template <int CM, int CN = 1>
struct PersistentTileScheduler {
  static_assert(CM == 1 || CN == 1, "clusters along M or along N, not both");
  static constexpr int kCtas = CM * CN;  // CTAs per cluster
  const GemmArgs &p;
  // The tile order as (batch, tile within the batch), in 32 bits: the planner refuses a batch of
  // 2^31 tiles or more, so r + gridDim.x stays below 2^32, and a step crosses into the next batch
  // with a division only where it reaches past this one (a 64-bit division by a run-time divisor
  // is a subroutine that every warp would run before its first load or MMA).
  uint32_t l, r;  // the current tile: batch l, tile r of the batch in the order above
  __device__ __forceinline__ explicit PersistentTileScheduler(const GemmArgs &args)
      : p(args), l(0), r(blockIdx.x / kCtas) {
    carry();
  }
  // At tile r of batch l (r below the batch's tiles).
  __device__ __forceinline__ PersistentTileScheduler(const GemmArgs &args, uint32_t batch, uint32_t tile)
      : p(args), l(batch), r(tile) {}
  __device__ __forceinline__ uint32_t per_l() const { return static_cast<uint32_t>(p.tiles_m) * p.tiles_n; }
  __device__ __forceinline__ void carry() {
    if (r >= per_l()) {
      const uint32_t q = r / per_l();
      l += q;
      r -= q * per_l();
    }
  }
  __device__ __forceinline__ bool is_valid() const { return l < static_cast<uint32_t>(p.l); }
  __device__ __forceinline__ void advance_to_next_work() {
    r += gridDim.x / kCtas;
    carry();
  }
  __device__ __forceinline__ WorkTileInfo get_current_work() const {
    const uint32_t tiles_m = p.tiles_m, tiles_n = p.tiles_n;
    WorkTileInfo w;
    w.l_idx = static_cast<int>(l);
    const uint32_t group_m = min(static_cast<uint32_t>(p.group_m), tiles_m), group_tiles = group_m * tiles_n;
    const uint32_t g = r / group_tiles;
    const uint32_t first_m = g * group_m;
    const uint32_t gs = min(group_m, tiles_m - first_m);
    const uint32_t rr = r - g * group_tiles;
    const uint32_t q = rr / gs;
    const int tm = static_cast<int>(first_m + (rr - q * gs)) * CM;
    w.cluster_rank = kCtas > 1 ? static_cast<int>(cluster_ctarank()) : 0;
    // past M (N) in the last cluster row (column) of an odd tiles_m (tiles_n): zeros, no stores
    w.m_idx = CM > 1 ? tm + w.cluster_rank : tm;
    w.n_idx = CN > 1 ? static_cast<int>(q) * CN + w.cluster_rank : static_cast<int>(q);
    return w;
  }
};

// ---- TMA loads into 128-byte-swizzled shared memory -----------------------------------------
// One stage of one operand: the tile's MN rows x BK columns. Op (from the generated header)
// says how many boxes cover it and where each lands. Tensor maps are 3-D: K-major
// (k, mn, l), MN-major (mn, k, l).
// ---- 2-CTA clusters, B or A shared by TMA multicast -----------------------------------------
// With CM > 1 the cluster's CTAs compute vertically adjacent tiles, which need the same B stage
// (with CN > 1 horizontally adjacent ones, which need the same A stage): CTA `rank` loads slice
// `rank` of every load of the shared operand (the generated mc_* box, CuTe's multicast
// truncation) into the same offset of every CTA's stage, and each CTA's full barrier counts the
// whole stage. CM here is the CTAs that share Op's stage.
// One box into smem, with the evict-last policy where hint (the policy made at each load: held
// across the k-loop it took a register).
__device__ __forceinline__ void load_box(const CUtensorMap *map, uint8_t *smem, uint64_t *bar, const int32_t *c,
                                         bool hint) {
  if (hint)
    tma_load_hint(map, smem, bar, 3, c, policy_evict_last());
  else
    tma_load(map, smem, bar, 3, c);
}
template <class Op, int CM = 1>
__device__ __forceinline__ void load_stage(const CUtensorMap *map, uint8_t *smem, uint64_t *bar, int mn0, int k0,
                                           int l, int rank = 0, int loads = Op::tma_loads, bool hint = false) {
#pragma unroll
  for (int j = 0; j < Op::tma_loads; ++j) {
    if (j >= loads) break;
    int32_t c[3];
    if (Op::major == 0) {
      c[0] = k0;
      c[1] = mn0 + j * Op::tma_load_mn;
    } else {
      c[0] = mn0 + j * Op::tma_load_mn;
      c[1] = k0;
    }
    c[2] = l;
    if constexpr (CM > 1) {
      c[1] += rank * Op::mc_tma_box_outer;
      tma_load_multicast_3d(map, smem + j * Op::tma_load_smem_bytes + rank * Op::mc_slice_bytes, bar, c,
                            static_cast<uint16_t>((1u << CM) - 1));
    } else {
      load_box(map, smem + j * Op::tma_load_smem_bytes, bar, c, hint);
    }
  }
}

// Whether A goes in halves (CUTEGO_GEMM_F_A_HALVES, set by the planner): a K-major A of 128-row
// tiles whose last tile row holds at most 64 rows has a_map boxes of 64 rows, two per stage and one
// in that row, so no box reaches 64 or more rows past M (such a box slowed the whole wave by up to
// 1.5x on an H100; bench/results/2026-12-05-s30).
template <class OA, int BM>
__device__ __forceinline__ bool a_halves(const GemmArgs &p) {
  return OA::major == 0 && BM == 128 && (p.flags & CUTEGO_GEMM_F_A_HALVES);
}
// Whether a kernel's producer can load A in halves (a K-major A of 128-row tiles not shared along N).
template <class OA, int BM, int CN>
constexpr bool kAHalvesCompiled = OA::major == 0 && BM == 128 && CN == 1;
// A's loads and bytes per stage for tile row tm: a tile with fewer than BM rows of A left loads
// only those. K-major: the planner's box has CUTEGO_GEMM_A_BOX_ROWS rows (fewer than BM only when
// the whole GEMM has fewer rows; never with A shared along N, whose CTAs load its halves), or 64
// in halves (a_halves); MN-major: loads of tma_load_mn rows that lie wholly past M are skipped (at
// least one is issued). The TMA counts a box's zero fill as bytes, so a partial box counts in full.
template <class OA, int BM>
__device__ __forceinline__ int a_stage_loads(const GemmArgs &p, int tm) {
  if (a_halves<OA, BM>(p)) return p.m - tm * BM > 64 ? 2 : 1;
  if constexpr (OA::major == 0 || OA::tma_loads == 1) {
    return OA::tma_loads;
  } else {
    const int left = p.m - tm * BM;
    const int n = (left + OA::tma_load_mn - 1) / OA::tma_load_mn;
    return n < 1 ? 1 : n > OA::tma_loads ? OA::tma_loads : n;
  }
}
template <class OA, int BM>
__device__ __forceinline__ int a_stage_bytes(const GemmArgs &p, int loads) {
  if constexpr (OA::major == 0) {
    static_assert(OA::tma_loads == 1 && OA::tma_box_outer == BM, "one box of BM rows");
    if (a_halves<OA, BM>(p)) return loads * 64 * (OA::stage_bytes / BM);
    return CUTEGO_GEMM_A_BOX_ROWS(p.m, BM) * (OA::stage_bytes / BM);
  } else {
    return OA::tma_loads == 1 ? OA::stage_bytes : loads * OA::tma_load_smem_bytes * kKBlocks<OA>;
  }
}

// A's stage: where the plan loads a K-major A in halves (Halves: CUTEGO_GEMM_F_A_HALVES, a_map's box
// is 64 rows), `loads` boxes of 64 rows, the second 64 rows on (desc_mn64_step_bytes); else
// load_stage. Halves is the producer's template argument (producer_dispatch), as Hint is.
template <class OA, int BM, int CN, bool Halves>
__device__ __forceinline__ void load_a_stage(const CUtensorMap *map, uint8_t *smem, uint64_t *bar, int m0, int k0,
                                             int l, int rank, int loads, bool hint) {
  if constexpr (Halves) {
    static_assert(kAHalvesCompiled<OA, BM, CN>, "halves: a K-major A of 128-row tiles, not shared along N");
    for (int r = 0; r < loads; ++r) {
      const int32_t c[3] = {k0, m0 + 64 * r, l};
      load_box(map, smem + r * OA::desc_mn64_step_bytes, bar, c, hint);
    }
  } else {
    load_stage<OA, CN>(map, smem, bar, m0, k0, l, rank, loads, hint);
  }
}

// Where tile column n_idx's B box starts (and its accumulator's column 0 lies): n_idx * BN, but
// where the plan shifts the last tile column (CUTEGO_GEMM_F_B_SHIFT: a K-major B whose last tile
// column is at most half full, beside 8 or more tile rows in one wave), at N - BN rounded up to a
// multiple of 8, so that its box ends at most 7 rows past N. That column computes columns of its
// neighbour again and stores only its own (store_tile). A last box of few rows inside N beside many
// tile rows slowed the whole wave by up to 1.7x on an H100 (bench/results/2026-12-05-s31).
// Compiled for tiles of at most kBShiftMaxBN columns only: the wider ones defer their stores into
// the next tile's main loop (DeferredStore), where a shifted tile's direct stores spilled registers.
constexpr int kBShiftMaxBN = CUTEGO_GEMM_B_SHIFT_MAX_BN;
template <class Cfg, class OB>
constexpr bool kBShifts = OB::major == 0 && Cfg::BN <= kBShiftMaxBN;  // whether b_tile_n0 may move a tile
template <class Cfg, class OB>
__device__ __forceinline__ int b_tile_n0(const GemmArgs &p, int n_idx) {
  const int n0 = n_idx * Cfg::BN;
  if constexpr (kBShifts<Cfg, OB>) {
    if ((p.flags & CUTEGO_GEMM_F_B_SHIFT) && n0 + Cfg::BN > p.n) return (p.n - Cfg::BN + 7) & ~7;
  }
  return n0;
}

// ---- the multi-stage mbarrier pipeline -------------------------------------------------------
// CUTLASS's PipelineState<Stages>: where a role is in the ring of S stages, the stage index and
// the parity of the barrier phase it waits for. Deviation: the state is the running count of
// k-iterations (it runs on across tiles) and index and phase are derived from it, count % S and
// (count / S) & 1, where CUTLASS keeps the two and flips the phase when the index wraps; the
// producer's start state (CUTLASS's make_producer_start_state, phase 1) is the same count, its
// inverted phase applied in producer_acquire.
template <int S>
struct PipelineState {
  int count;
  __device__ __forceinline__ int index() const { return count % S; }
  __device__ __forceinline__ int phase() const { return (count / S) & 1; }
  __device__ __forceinline__ PipelineState &operator++() {
    ++count;
    return *this;
  }
  // The state one k-iteration back: the stage a consumer releases while it computes the next.
  __device__ __forceinline__ PipelineState previous() const { return PipelineState{count - 1}; }
};

// CUTLASS's PipelineTmaAsync: full[s]: the producer's TMA bytes for stage s have landed (1
// arrival + transaction bytes). empty[s]: every consumer warp has finished reading stage s (4
// arrivals per consumer warpgroup: 8 for two, 4 for the one of a 64-row tile), in every CTA of
// the cluster (x cluster_ctas): a producer writes its slice of the shared operand into all of them. Its producer_commit
// is the TMA's own complete_tx on full[s] (no call), as in CUTLASS.
// Deviation: producer_acquire only waits and the producer always calls
// producer_expect_transaction (a tile with fewer rows than BM loads fewer bytes of A), and
// consumers release per warp, not per thread.
template <int S>
struct PipelineTmaAsync {
  uint64_t full[S], empty[S];
  // consumer_warpgroups: Cfg::CONSUMER_WARPGROUPS (a compile-time constant at every call).
  // producers: the arrivals that fill a stage (1: the TMA's thread with its transaction bytes; the
  // producer warpgroup's threads where they copy rows by cp.async, CUTEGO_GEMM_F_ROWS).
  __device__ __forceinline__ void init(int cluster_ctas, int consumer_warpgroups, int producers = 1) {
    const int consumer_warps = 4 * consumer_warpgroups;
#pragma unroll
    for (int s = 0; s < S; ++s) {
      mbar_init(&full[s], producers);
      mbar_init(&empty[s], consumer_warps * cluster_ctas);
    }
    fence_barrier_init();
  }
  // The producer waits until the consumers have released the stage (a fresh barrier's preceding
  // phase counts as complete: the first S waits pass).
  __device__ __forceinline__ void producer_acquire(PipelineState<S> st) {
    mbar_wait(&empty[st.index()], st.phase() ^ 1);
  }
  // The producer arms the stage's full barrier for the bytes its TMA loads will bring.
  __device__ __forceinline__ void producer_expect_transaction(PipelineState<S> st, uint32_t tx_bytes) {
    mbar_expect_tx(&full[st.index()], tx_bytes);
  }
  // CUTLASS's producer_tail: once the producer has issued its last stage, it acquires every
  // stage once more, i.e. waits until the consumers of every CTA of the cluster have released
  // each stage it filled (a stage never filled passes at once). After that no CTA of the cluster
  // writes this CTA's stages or arrives on its barriers (the CTAs walk the same k-iterations),
  // so it may exit without a cluster barrier.
  __device__ __forceinline__ void producer_tail(PipelineState<S> st) {
    for (int i = 0; i < S; ++i, ++st) producer_acquire(st);
  }
  // The barrier the stage's TMA loads complete on.
  __device__ __forceinline__ uint64_t *producer_get_barrier(PipelineState<S> st) { return &full[st.index()]; }
  __device__ __forceinline__ void consumer_wait(PipelineState<S> st) { mbar_wait(&full[st.index()], st.phase()); }
  // A consumer warp is done reading the stage: tell the producers of every CTA of the cluster
  // (lane r signals CTA r, all at once).
  __device__ __forceinline__ void consumer_release(PipelineState<S> st, int cluster_ctas, int lane) {
    consumer_release_stage(st.index(), cluster_ctas, lane);
  }
  // The same for stage s (predicated arrivals: no branch in the warp's loop).
  __device__ __forceinline__ void consumer_release_stage(int s, int cluster_ctas, int lane) {
    if (cluster_ctas == 1)
      mbar_arrive_if(&empty[s], lane == 0);
    else
      mbar_arrive_cluster_if(&empty[s], lane, lane < cluster_ctas);
  }
};

// ---- one stage of MMAs for one consumer warpgroup --------------------------------------------
// BK / MMA_K wgmma instructions m64nBNk16 (16-bit TI) or m64nBNk32 (FP8 TI, both operands
// K-major); the descriptors advance by the generated K step. TI names A's and B's element type:
// one type, or Fp8Pair<TA, TB> for FP8 operands of two types.
template <class X, class Y> struct same_type { static constexpr bool value = false; };
template <class X> struct same_type<X, X> { static constexpr bool value = true; };
template <class TA, class TB> struct Fp8Pair {
  uint8_t bits;  // one byte, as each element
};
template <class T> struct operand_types {
  typedef T a;
  typedef T b;
};
template <class TA, class TB> struct operand_types<Fp8Pair<TA, TB>> {
  typedef TA a;
  typedef TB b;
};
template <class TI> constexpr bool is_fp8 = sizeof(typename operand_types<TI>::a) == 1;
// Promoted<TI>: FP8 operands TI whose partial sums are promoted into fp32 registers every k-tile
// (consumer_mma_tile); the same element types as TI.
template <class TI> struct Promoted {
  uint8_t bits;
};
template <class TI> struct operand_types<Promoted<TI>> : operand_types<TI> {};
template <class TI> constexpr bool is_promoted = false;
template <class TI> constexpr bool is_promoted<Promoted<TI>> = true;

// One FP8 wgmma m64nNk32 for A of type TA and B of type TB (each e4m3 or e5m2).
template <class TA, class TB, int N>
__device__ __forceinline__ void wgmma_fp8(float (&acc)[N / 2], uint64_t da, uint64_t db, int scale_d) {
  constexpr bool a4 = same_type<TA, __nv_fp8_e4m3>::value, b4 = same_type<TB, __nv_fp8_e4m3>::value;
  static_assert(a4 || same_type<TA, __nv_fp8_e5m2>::value, "A: e4m3 or e5m2");
  static_assert(b4 || same_type<TB, __nv_fp8_e5m2>::value, "B: e4m3 or e5m2");
  if constexpr (N == 256) {
    if constexpr (a4 && b4) wgmma_m64n256k32_e4m3_e4m3(acc, da, db, scale_d);
    else if constexpr (a4) wgmma_m64n256k32_e4m3_e5m2(acc, da, db, scale_d);
    else if constexpr (b4) wgmma_m64n256k32_e5m2_e4m3(acc, da, db, scale_d);
    else wgmma_m64n256k32_e5m2_e5m2(acc, da, db, scale_d);
  } else if constexpr (N == 224) {
    if constexpr (a4 && b4) wgmma_m64n224k32_e4m3_e4m3(acc, da, db, scale_d);
    else if constexpr (a4) wgmma_m64n224k32_e4m3_e5m2(acc, da, db, scale_d);
    else if constexpr (b4) wgmma_m64n224k32_e5m2_e4m3(acc, da, db, scale_d);
    else wgmma_m64n224k32_e5m2_e5m2(acc, da, db, scale_d);
  } else if constexpr (N == 192) {
    if constexpr (a4 && b4) wgmma_m64n192k32_e4m3_e4m3(acc, da, db, scale_d);
    else if constexpr (a4) wgmma_m64n192k32_e4m3_e5m2(acc, da, db, scale_d);
    else if constexpr (b4) wgmma_m64n192k32_e5m2_e4m3(acc, da, db, scale_d);
    else wgmma_m64n192k32_e5m2_e5m2(acc, da, db, scale_d);
  } else if constexpr (N == 128) {
    if constexpr (a4 && b4) wgmma_m64n128k32_e4m3_e4m3(acc, da, db, scale_d);
    else if constexpr (a4) wgmma_m64n128k32_e4m3_e5m2(acc, da, db, scale_d);
    else if constexpr (b4) wgmma_m64n128k32_e5m2_e4m3(acc, da, db, scale_d);
    else wgmma_m64n128k32_e5m2_e5m2(acc, da, db, scale_d);
  } else {
    static_assert(N == 64, "m64n64, m64n128, m64n192, m64n224 or m64n256");
    if constexpr (a4 && b4) wgmma_m64n64k32_e4m3_e4m3(acc, da, db, scale_d);
    else if constexpr (a4) wgmma_m64n64k32_e4m3_e5m2(acc, da, db, scale_d);
    else if constexpr (b4) wgmma_m64n64k32_e5m2_e4m3(acc, da, db, scale_d);
    else wgmma_m64n64k32_e5m2_e5m2(acc, da, db, scale_d);
  }
}

// A wgmma descriptor's low word (start address / 16 and the leading byte offset) at shared
// address addr, and its high word (stride byte offset, layout type), a constant of the operand.
// Shared memory lies below 2^18 bytes, so adding an offset / 16 to the low word never carries
// out of its 14-bit address field.
template <class O>
__device__ __forceinline__ uint32_t desc_lo(uint32_t addr) {
  return static_cast<uint32_t>(gmma_desc(addr, O::desc_lbo_bytes, O::desc_sbo_bytes, O::desc_layout_type));
}
template <class O>
__device__ __forceinline__ uint64_t desc_at(uint32_t lo, int offset_bytes) {
  constexpr uint64_t hi = gmma_desc(0, O::desc_lbo_bytes, O::desc_sbo_bytes, O::desc_layout_type) >> 32;
  return hi << 32 | (lo + static_cast<uint32_t>(offset_bytes / 16));
}

// A stage of several k-blocks (gemm_k_blocks.h): the k-blocks' MMAs in turn, each at its
// k-block's offset; a_lo and b_lo are the descriptors' low words at the stage's start (desc_lo).
template <class Cfg, class OA, class OB, class TI, int N>
__device__ __forceinline__ void mma_stage_desc(float (&acc)[N / 2], uint32_t a_lo, uint32_t b_lo, bool first) {
  constexpr bool F16 = same_type<TI, __half>::value;
  static_assert(Cfg::ELEM_BYTES == sizeof(TI), "the configuration's element size is TI's");
  static_assert(!is_fp8<TI> || (OA::wgmma_trans == 0 && OB::wgmma_trans == 0), "FP8 wgmma reads K-major operands");
  constexpr int KB = kKBlocks<Cfg>, KK = Cfg::BK / KB / Cfg::MMA_K;  // k-blocks, MMAs per k-block
  static_assert(kKBlocks<OA> == KB && kKBlocks<OB> == KB, "the operands' k-blocks are the configuration's");
#pragma unroll
  for (int kk = 0; kk < KB * KK; ++kk) {
    static_assert(kKBlockBytes<OA> % 16 == 0 && OA::desc_k_step_bytes % 16 == 0 && kKBlockBytes<OB> % 16 == 0 &&
                      OB::desc_k_step_bytes % 16 == 0,
                  "descriptor offsets in units of 16 bytes");
    const uint64_t da = desc_at<OA>(a_lo, (kk / KK) * kKBlockBytes<OA> + (kk % KK) * OA::desc_k_step_bytes);
    const uint64_t db = desc_at<OB>(b_lo, (kk / KK) * kKBlockBytes<OB> + (kk % KK) * OB::desc_k_step_bytes);
    const int scale_d = (first && kk == 0) ? 0 : 1;
    if constexpr (is_fp8<TI>) {
      wgmma_fp8<typename operand_types<TI>::a, typename operand_types<TI>::b, N>(acc, da, db, scale_d);
    } else if constexpr (N == 256) {
      if constexpr (F16)
        wgmma_m64n256k16_f16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
      else
        wgmma_m64n256k16_bf16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
    } else if constexpr (N == 224) {
      if constexpr (F16)
        wgmma_m64n224k16_f16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
      else
        wgmma_m64n224k16_bf16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
    } else if constexpr (N == 192) {
      if constexpr (F16)
        wgmma_m64n192k16_f16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
      else
        wgmma_m64n192k16_bf16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
    } else if constexpr (N == 168) {
      if constexpr (F16)
        wgmma_m64n168k16_f16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
      else
        wgmma_m64n168k16_bf16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
    } else if constexpr (N == 128) {
      if constexpr (F16)
        wgmma_m64n128k16_f16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
      else
        wgmma_m64n128k16_bf16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
    } else if constexpr (N == 96) {
      if constexpr (F16)
        wgmma_m64n96k16_f16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
      else
        wgmma_m64n96k16_bf16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
    } else if constexpr (N == 64) {
      if constexpr (F16)
        wgmma_m64n64k16_f16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
      else
        wgmma_m64n64k16_bf16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
    } else {
      static_assert(N == 32, "16-bit tiles of 256, 224, 192, 168, 128, 96, 64 or 32 columns");
      if constexpr (F16)
        wgmma_m64n32k16_f16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
      else
        wgmma_m64n32k16_bf16<OA::wgmma_trans, OB::wgmma_trans>(acc, da, db, scale_d);
    }
  }
}

// The same at shared addresses a_addr and b_addr.
template <class Cfg, class OA, class OB, class TI, int N>
__device__ __forceinline__ void mma_stage(float (&acc)[N / 2], uint32_t a_addr, uint32_t b_addr, bool first) {
  mma_stage_desc<Cfg, OA, OB, TI, N>(acc, desc_lo<OA>(a_addr), desc_lo<OB>(b_addr), first);
}

// ---- the epilogue, from the accumulator's thread-value layout --------------------------------
// Acc maps (thread t, value v) of one consumer warpgroup to row + tile_m * col of its 64 x BN
// tile. Value pairs (v, v+1) are adjacent columns (the layout's first value mode has size 2 and
// column stride 1): with a unit N stride they go out as one 2-element store.
// (The generated arrays are read at constant indices only: device code cannot odr-use them.)
template <class Acc>
__host__ __device__ __forceinline__ constexpr int acc_t_offset(int t) {
  constexpr int s0 = Acc::t_shape[0], s1 = Acc::t_shape[1], s2 = Acc::t_shape[2];
  constexpr int d0 = Acc::t_stride[0], d1 = Acc::t_stride[1], d2 = Acc::t_stride[2];
  return (t % s0) * d0 + ((t / s0) % s1) * d1 + ((t / (s0 * s1)) % s2) * d2;
}
template <class Acc>
__host__ __device__ __forceinline__ constexpr int acc_v_offset(int v) {
  constexpr int s0 = Acc::v_shape[0], s1 = Acc::v_shape[1], s2 = Acc::v_shape[2];
  constexpr int d0 = Acc::v_stride[0], d1 = Acc::v_stride[1], d2 = Acc::v_stride[2];
  return (v % s0) * d0 + ((v / s0) % s1) * d1 + ((v / (s0 * s1)) % s2) * d2;
}

// Whether the accumulator's thread-value layout is the m64nN wgmma fragment that stmatrix reads (the
// transposed staging, epilogue_tma_chunk): thread t's first value at row 16 (t / 32) + (t % 32) / 4,
// column 2 (t % 4); value v at row 8 ((v / 2) % 2), column 8 (v / 4) + v % 2 from it.
template <class Acc>
__host__ __device__ constexpr bool acc_is_stmatrix_fragment() {
  for (int t = 0; t < 128; ++t)
    if (acc_t_offset<Acc>(t) != 16 * (t / 32) + (t % 32) / 4 + Acc::tile_m * 2 * (t % 4)) return false;
  // values: pairs of adjacent columns, then the row 8 below, then the next 8 columns (so the pairs
  // of 16-column block b are values 8 b .. 8 b + 7)
  return Acc::v_shape[0] == 2 && Acc::v_stride[0] == Acc::tile_m && Acc::v_shape[1] == 2 && Acc::v_stride[1] == 8 &&
         Acc::v_stride[2] == 8 * Acc::tile_m;
}

template <typename TO>
__device__ __forceinline__ void store_pair(TO *p, float x, float y);
template <>
__device__ __forceinline__ void store_pair<float>(float *p, float x, float y) {
  *reinterpret_cast<float2 *>(p) = make_float2(x, y);
}
// Two values rounded to a 16-bit type, as the 32 bits of the pair (the first in the low half).
template <typename TO>
__device__ __forceinline__ uint32_t pack_pair(float x, float y);
template <>
__device__ __forceinline__ uint32_t pack_pair<__nv_bfloat16>(float x, float y) {
  const __nv_bfloat162 h = __floats2bfloat162_rn(x, y);
  return *reinterpret_cast<const uint32_t *>(&h);
}
template <>
__device__ __forceinline__ uint32_t pack_pair<__half>(float x, float y) {
  const __half2 h = __floats2half2_rn(x, y);
  return *reinterpret_cast<const uint32_t *>(&h);
}
template <>
__device__ __forceinline__ void store_pair<__nv_bfloat16>(__nv_bfloat16 *p, float x, float y) {
  *reinterpret_cast<uint32_t *>(p) = pack_pair<__nv_bfloat16>(x, y);
}
template <>
__device__ __forceinline__ void store_pair<__half>(__half *p, float x, float y) {
  *reinterpret_cast<uint32_t *>(p) = pack_pair<__half>(x, y);
}
// A value pair as a staging buffer holds it: the 32 bits of two 16-bit values, or two floats.
template <typename TO>
struct PairOf {
  typedef uint32_t type;
  static __device__ __forceinline__ type make(float x, float y) { return pack_pair<TO>(x, y); }
};
template <>
struct PairOf<float> {
  typedef float2 type;
  static __device__ __forceinline__ type make(float x, float y) { return make_float2(x, y); }
};

// ---- beta * C: the epilogue's source ---------------------------------------------------------
// CUTLASS's epilogues read C, the "source", only where it is needed (beta != 0: p.read_c); both
// epilogues here add beta * C through this one loader. It holds batch l's offset into C.
template <typename TO>
struct EpilogueSource {
  int64_t batch;  // elements from C's base to its batch l
  __device__ __forceinline__ EpilogueSource(const GemmArgs &p, int l)
      : batch(p.read_c ? static_cast<int64_t>(l) * p.cs[2] : 0) {}
  __device__ __forceinline__ static bool is_source_needed(const GemmArgs &p) { return p.read_c; }
  // Where C(r, col) is.
  __device__ __forceinline__ const TO *at(const GemmArgs &p, int r, int col) const {
    return static_cast<const TO *>(p.c) + (batch + r * p.cs[0] + col * p.cs[1]);
  }
  // x += beta * C(r, col) and, where col + 1 < n, y += beta * C(r, col + 1), each by its stride.
  __device__ __forceinline__ void add(const GemmArgs &p, int r, int col, float &x, float &y) const {
    const TO *cp = at(p, r, col);
    x += p.beta * to_f32<TO>(cp[0]);
    if (col + 1 < p.n) y += p.beta * to_f32<TO>(cp[p.cs[1]]);
  }
  // The same where the caller knows two (col + 1 < n); pairs: C's column stride is 1 (the flag
  // the planner sets), so the two are read as adjacent elements.
  __device__ __forceinline__ void add(const GemmArgs &p, int r, int col, bool two, bool pairs, float &x,
                                      float &y) const {
    const TO *cp = at(p, r, col);
    if (two && pairs) {
      x += p.beta * to_f32<TO>(cp[0]);
      y += p.beta * to_f32<TO>(cp[1]);
    } else {
      x += p.beta * to_f32<TO>(cp[0]);
      if (two) y += p.beta * to_f32<TO>(cp[p.cs[1]]);
    }
  }
};

// FROM: the first column of the tile's 8-column blocks that it stores (0: all; the TMA epilogue's
// partial last chunk otherwise). col_lo: D's first column stored (a shifted tile's, b_tile_n0; a
// multiple of 8 as col0 is, so a pair of columns is stored whole or not at all).
template <class Acc, int N, typename TO, int FROM = 0>
__device__ __forceinline__ void epilogue(const GemmArgs &p, const float (&acc)[N / 2], int t, int row0, int col0,
                                         int l, int col_lo = 0) {
  static_assert(Acc::v_shape[0] == 2 && Acc::v_stride[0] == Acc::tile_m, "value pairs must be adjacent columns");
  static_assert(Acc::t_shape[0] * Acc::t_shape[1] * Acc::t_shape[2] == 128, "one warpgroup");
  static_assert(Acc::v_shape[0] * Acc::v_shape[1] * Acc::v_shape[2] == N / 2, "N/2 values per thread");
  static_assert(FROM % 8 == 0 && FROM < N, "whole 8-column blocks (a thread's own columns stay inside one)");
  TO *d = static_cast<TO *>(p.d) + static_cast<int64_t>(l) * p.ds[2];
  const EpilogueSource<TO> src(p, l);
  const int tof = acc_t_offset<Acc>(t);
  const bool dpairs = p.flags & kFlagDPairs, cpairs = p.flags & kFlagCPairs;
#pragma unroll
  for (int v = 0; v < N / 2; v += 2) {
    if (acc_v_offset<Acc>(v) / Acc::tile_m < FROM) continue;  // compile-time after unrolling
    const int idx = tof + acc_v_offset<Acc>(v);
    const int r = row0 + idx % Acc::tile_m, col = col0 + idx / Acc::tile_m;
    if (r >= p.m || col >= p.n || col < col_lo) continue;
    const bool two = col + 1 < p.n;
    float x = p.alpha * acc[v], y = p.alpha * acc[v + 1];
    if (src.is_source_needed(p)) src.add(p, r, col, two, cpairs, x, y);
    TO *dp = d + r * p.ds[0] + col * p.ds[1];
    if (two && dpairs) {
      store_pair<TO>(dp, x, y);
    } else {
      dp[0] = from_f32<TO>(x);
      if (two) dp[p.ds[1]] = from_f32<TO>(y);
    }
  }
}

// ---- the epilogue through shared memory and TMA stores --------------------------------------
// Each consumer warpgroup writes its 64 x BN tile in chunks of 64 rows x 128 bytes (64 columns
// of 16-bit, 32 of fp32) into one of two staging buffers, in the 128-byte swizzle of the D
// tensor map (16-byte unit c of row r at ((c ^ r % 8) * 16): the 8 rows a warp's store touches
// fall in 8 different bank groups), and one thread hands each chunk to a TMA store. The store
// drains while the warpgroup goes on, to the next chunk or the next tile's main loop; a
// buffer is rewritten only after the store that read it has finished reading. A tile whose width is
// not a whole number of chunks (128x168) stores its partial last chunk directly (epilogue<FROM>).
// A row-major D's pairs are stored one 32-bit store each: staging them by stmatrix.x4 instead
// (four pairs of a 16-column block gathered first) measured 0.81-0.93x on the 128x128, 64x64,
// 64x128, 128x168 and 128x224 kernels (bench/results/2026-12-07-s48).
//
// A D whose M has unit stride (CUTEGO_GEMM_F_D_TMA_T, 16-bit D) is staged transposed: a chunk is
// 64 columns of the warpgroup's 64 rows, one column per 128-byte line of the buffer (the same 8 KB,
// the same swizzle: rows 8 u.. of column c in the 16-byte unit u ^ (c % 8) of line c), stored by a
// tensor map whose inner dimension is M. The accumulator's fragment is stmatrix's: each warp writes
// a 16 x 16 block of its rows with one stmatrix.x4.trans (CUTLASS's SM90_U16x8_STSM_T), lane 8 q + i
// addressing line i of matrix q: 8 lines x 16 bytes per matrix, no bank conflicts.
//
// Chunk ch of the tile at (row0, col0, l) through the warpgroup's staging buffer `slot`, the one
// its chunk before did not use: put(v, row, col) gives the thread's value pair v (D's row and
// column of its first value given) as D stores it (PairOf). drain: wait until every store before
// has read its buffer (where the chunk before may have used this one). kTrans: staged transposed
// (CUTEGO_GEMM_F_D_TMA_T; store_tile branches once per tile, and a transposed D's tiles are stored
// at once, not deferred: a branch per chunk spilled registers in the 128x256 kernels).
template <class Acc, int N, typename TO, bool kTrans, class Put>
__device__ __forceinline__ void epilogue_tma_chunk(const GemmArgs &p, const CUtensorMap *tma_d, int ch, int slot,
                                                   bool drain, int t, int cw, uint8_t *staging, int row0, int col0,
                                                   int l, Put &&put) {
  static_assert(Acc::tile_m == kEpiRows, "one chunk row per accumulator row");
  constexpr int CC = kEpiRowBytes / static_cast<int>(sizeof(TO));  // columns per chunk
  // A thread's own column offset stays inside one 8-column block, so a value's chunk is known
  // from its value index alone.
  constexpr int kMaxTCol = ((Acc::t_shape[0] - 1) * Acc::t_stride[0] + (Acc::t_shape[1] - 1) * Acc::t_stride[1] +
                            (Acc::t_shape[2] - 1) * Acc::t_stride[2]) / Acc::tile_m;
  static_assert(kMaxTCol < 8 && CC % 8 == 0, "thread columns within an 8-column block");
  static_assert(!kTrans || (sizeof(TO) == 2 && kEpiRows * 2 == kEpiRowBytes && CC % 16 == 0 &&
                             acc_is_stmatrix_fragment<Acc>()),
                "a transposed chunk: lines of one column's 64 16-bit rows, stored by stmatrix from the wgmma fragment");
  uint32_t frag[CC / 16][4];  // kTrans: each 16-column block's pairs as stmatrix takes them
  const int tof = acc_t_offset<Acc>(t);
  const int tr = tof % Acc::tile_m, tc = tof / Acc::tile_m;
  uint8_t *buf = staging + cw * 2 * kEpiChunkBytes + slot * kEpiChunkBytes;
  // kTrans: lane 8 q + i addresses stored row i of matrix q, line (column) 16 b + 8 (q / 2) + i, the
  // 16-byte unit of rows 16 w + 8 (q % 2).. of warp w, swizzled by the line (i)
  const int lane = t % 32, q = lane / 8, i = lane % 8;
  const uint32_t base = smem_u32(buf) + (8 * (q / 2) + i) * kEpiRowBytes + (((2 * (t / 32) + q % 2) ^ i) << 4);
  if (t == 0) {  // the store that last read buf is done reading
    if (drain)
      bulk_wait_read<0>();
    else
      bulk_wait_read<1>();
  }
  named_barrier_sync(1 + cw, 128);
#pragma unroll
  for (int v = 0; v < N / 2; v += 2) {
    const int vo = acc_v_offset<Acc>(v);
    const int vc = vo / Acc::tile_m;  // compile-time after unrolling
    if (vc / CC != ch) continue;
    const int r = tr + vo % Acc::tile_m, cl = tc + vc - ch * CC;
    const typename PairOf<TO>::type pr = put(v, row0 + r, col0 + ch * CC + cl);
    if constexpr (kTrans) {  // matrix q of 16-column block b: rows 8 (q % 2), columns 8 (q / 2) of it
      const int b = (vc % CC) / 16;
      frag[b][(vo % Acc::tile_m) / 8 + 2 * ((vc % 16) / 8)] = pr;
      if (v % 8 == 6)  // the block's four pairs are in (the fragment's value order): out
        stmatrix_x4_trans(base + b * 16 * kEpiRowBytes, frag[b][0], frag[b][1], frag[b][2], frag[b][3]);
    } else {
      const int byte = cl * static_cast<int>(sizeof(TO));
      *reinterpret_cast<typename PairOf<TO>::type *>(buf + r * kEpiRowBytes +
                                                     ((((byte >> 4) ^ (r & 7)) << 4) | (byte & 15))) = pr;
    }
  }
  fence_proxy_async();
  named_barrier_sync(1 + cw, 128);
  if (t == 0) {
    int32_t crd[3] = {col0 + ch * CC, row0, l};
    if (kTrans) crd[0] = row0, crd[1] = col0 + ch * CC;
    if (p.flags & CUTEGO_GEMM_F_D_STREAM)
      tma_store_hint(tma_d, buf, 3, crd, policy_evict_first());  // D streams out of the L2 first
    else
      tma_store(tma_d, buf, 3, crd);
    bulk_commit();
  }
}

template <class Acc, int N, typename TO, bool kTrans = false>
__device__ __forceinline__ void epilogue_tma(const GemmArgs &p, const CUtensorMap *tma_d, const float (&acc)[N / 2],
                                             int t, int cw, uint8_t *staging, int row0, int col0, int l) {
  constexpr int NCH = N / (kEpiRowBytes / static_cast<int>(sizeof(TO)));  // whole chunks
  static_assert(NCH >= 1, "the tile fills at least one 128-byte chunk");
  const EpilogueSource<TO> src(p, l);
  // (an odd number of chunks: the last tile's last chunk used buffer 0 too)
#pragma unroll
  for (int ch = 0; ch < NCH; ++ch)
    epilogue_tma_chunk<Acc, N, TO, kTrans>(p, tma_d, ch, ch & 1, NCH % 2 == 1 && ch == 0, t, cw, staging, row0, col0, l,
                                   [&](int v, int gr, int gc) {
                                     float x = p.alpha * acc[v], y = p.alpha * acc[v + 1];
                                     if (src.is_source_needed(p) && gr < p.m && gc < p.n) src.add(p, gr, gc, x, y);
                                     return PairOf<TO>::make(x, y);
                                   });
  if constexpr (N % (kEpiRowBytes / static_cast<int>(sizeof(TO))) != 0)
    epilogue<Acc, N, TO, NCH * (kEpiRowBytes / static_cast<int>(sizeof(TO)))>(p, acc, t, row0, col0, l);
}

// The TMA epilogue deferred into the next tile's main loop (16-bit D in whole chunks, no source,
// the data-parallel kernels). Once a tile's MMAs are done, its first chunks are stored at once and
// the values of its last kDeferred chunks are scaled and rounded into pairs of D's type in
// registers (pack_pair, store_pair's rounding); those chunks are stored one per k-tile of the
// warpgroup's next tile, each just after that k-tile's MMAs are issued (at_k_tile), so the tensor
// cores run the next tile while they go out. flush() stores what is left: after the last tile, or
// where the next tile has fewer k-tiles (or no rows for this warpgroup). kDeferred: as many chunks
// as keep the accumulator and the pairs within 160 registers (128x256: 2 of 4, 128 + 32).
// Tiles of 192 columns or more only: on 64x128 tiles (1024^3, one tile per CTA) the kernel with
// both loops measured 7% slower (bench/results/2026-12-04-epilogue).
template <class Cfg, typename TO>
constexpr bool kDeferredStore = sizeof(TO) == 2 && (Cfg::BN * 2) % kEpiRowBytes == 0 && Cfg::BN >= 192;

template <class Cfg, typename TO>
struct DeferredStore {
  static constexpr bool kActive = true;
  static constexpr int N = Cfg::BN, NCH = N * 2 / kEpiRowBytes, CC = kEpiRowBytes / 2;
  static constexpr int kChunkPairs = kEpiRows * CC / 2 / 128;  // registers of pairs per thread per chunk
  static constexpr int kDeferred = (160 - N / 2) / kChunkPairs < NCH ? (160 - N / 2) / kChunkPairs : NCH;
  static_assert(kDeferred >= 1, "at least one chunk deferred");
  typedef typename Cfg::Acc Acc;
  const GemmArgs &p;
  const CUtensorMap *tma_d;
  uint8_t *staging;
  int t, cw;
  int row0, col0, l;  // the pending tile
  int next;           // its next chunk to store; NCH: none pending
  int stored;         // chunks stored: the staging buffers alternate by its parity
  uint32_t packed[N / 4];  // the pairs of the deferred chunks (the others' entries are never used)
  __device__ __forceinline__ DeferredStore(const GemmArgs &args, const CUtensorMap *d, uint8_t *stg, int thread, int wg)
      : p(args), tma_d(d), staging(stg), t(thread), cw(wg), row0(0), col0(0), l(0), next(NCH), stored(0) {}
  // A value pair's chunk (compile-time after unrolling).
  static __device__ __forceinline__ int chunk_of(int v) { return acc_v_offset<Acc>(v) / Acc::tile_m / CC; }
  template <class Put>
  __device__ __forceinline__ void chunk(int ch, Put &&put) {
    epilogue_tma_chunk<Acc, N, TO, false>(p, tma_d, ch, stored & 1, false, t, cw, staging, row0, col0, l, put);
    ++stored;
  }
  // Tile w's MMAs are done: its first chunks out, the rest into pairs.
  __device__ __forceinline__ void store(const float (&acc)[N / 2], const WorkTileInfo &w) {
    row0 = w.m_idx * Cfg::BM + cw * 64, col0 = w.n_idx * N, l = w.l_idx;
#pragma unroll
    for (int ch = 0; ch < NCH - kDeferred; ++ch)
      chunk(ch, [&](int v, int, int) { return PairOf<TO>::make(p.alpha * acc[v], p.alpha * acc[v + 1]); });
#pragma unroll
    for (int v = 0; v < N / 2; v += 2)
      if (chunk_of(v) >= NCH - kDeferred) packed[v / 2] = pack_pair<TO>(p.alpha * acc[v], p.alpha * acc[v + 1]);
    next = NCH - kDeferred;
  }
  // The pending tile's next chunk, if any.
  __device__ __forceinline__ void at_k_tile() {
    if (next >= NCH) return;
#pragma unroll
    for (int ch = NCH - kDeferred; ch < NCH; ++ch)
      if (ch == next) chunk(ch, [&](int v, int, int) { return packed[v / 2]; });
    ++next;
  }
  __device__ __forceinline__ void flush() {
    while (next < NCH) at_k_tile();
  }
};

// No work between a k-tile's MMAs and the wait for the one before (consumer_mma_tile's default).
struct NoHook {
  static constexpr bool kActive = false;
  __device__ __forceinline__ void at_k_tile() {}
};

// ---- the producer's work on one tile ---------------------------------------------------------
// One thread issues, for each k-tile, A's and B's TMA loads into the stage it acquires (each
// k-block's, for stages of several: gemm_k_blocks.h): k-tiles [k_begin, k_end) (k_end -1: to the
// last), the whole K but for stream-K (gemm_stream_k.cuh). A k-block past K (the last k-tile's,
// where K is not a multiple of BK) is a box wholly out of bounds: the TMA fills it with zeros and
// counts its bytes, and its MMAs add nothing. With Hint (where D streams, CUTEGO_GEMM_F_D_STREAM)
// the loads that are not multicast carry an evict-last policy; with Halves (a_halves) A's stage
// goes in boxes of 64 rows. Both are template arguments, chosen once per producer
// (producer_dispatch): tested at each load, the hint's choice cost the decode shapes' short loops
// 7-13% (every load site twice, and a branch before each; bench/results/2026-12-05-s32).
template <class Cfg, class OA, class OB, int CM, int CN = 1, bool Hint = false, bool Halves = false>
__device__ __forceinline__ void producer_load_tile(const GemmArgs &p, PipelineTmaAsync<Cfg::STAGES> &pipe,
                                                   PipelineState<Cfg::STAGES> &write, const WorkTileInfo &w,
                                                   const CUtensorMap *tma_a, const CUtensorMap *tma_b, uint8_t *sa,
                                                   uint8_t *sb, int k_begin = 0, int k_end = -1) {
  constexpr int BM = Cfg::BM, BN = Cfg::BN, BK = Cfg::BK;
  const int a_loads = a_stage_loads<OA, BM>(p, w.m_idx);
  const int stage_tx = a_stage_bytes<OA, BM>(p, a_loads) + OB::stage_bytes;
  const int ke = k_end < 0 ? p.k_tiles : k_end;
  const int b0 = b_tile_n0<Cfg, OB>(p, w.n_idx);
#pragma unroll(CM * CN > 1 ? 1 : 4)
  for (int kt = k_begin; kt < ke; ++kt, ++write) {
    pipe.producer_acquire(write);
    pipe.producer_expect_transaction(write, stage_tx);
    const int s = write.index();
#pragma unroll
    for (int j = 0; j < kKBlocks<Cfg>; ++j) {
      const int k0 = kt * BK + j * (BK / kKBlocks<Cfg>);
      load_a_stage<OA, BM, CN, Halves>(tma_a, sa + s * OA::stage_bytes + j * kKBlockBytes<OA>,
                                       pipe.producer_get_barrier(write), w.m_idx * BM, k0, p.a_bcast_l ? 0 : w.l_idx,
                                       w.cluster_rank, a_loads, Hint);
      load_stage<OB, CM>(tma_b, sb + s * OB::stage_bytes + j * kKBlockBytes<OB>, pipe.producer_get_barrier(write),
                         b0, k0, p.b_bcast_l ? 0 : w.l_idx, w.cluster_rank, OB::tma_loads, Hint);
    }
  }
}

// A compile-time bool for producer_dispatch's callable (CuTe's cute::C<b>).
template <bool B>
struct BoolC {
  static constexpr bool value = B;
};
// The producer's choices made once, where it starts: f(BoolC<Hint>, BoolC<Halves>) with Hint where D
// streams (and Hints allows it: the stream-K kernels do not hint, the policy spilled there) and
// Halves where A goes in halves (a_halves; compiled only where kAHalvesCompiled).
template <class OA, int BM, int CN, bool Hints, class F>
__device__ __forceinline__ void producer_dispatch(const GemmArgs &p, F &&f) {
  const bool hint = Hints && (p.flags & CUTEGO_GEMM_F_D_STREAM);
  if constexpr (kAHalvesCompiled<OA, BM, CN>) {
    if (a_halves<OA, BM>(p)) {
      if (hint)
        f(BoolC<Hints>{}, BoolC<true>{});
      else
        f(BoolC<false>{}, BoolC<true>{});
      return;
    }
  }
  if (hint)
    f(BoolC<Hints>{}, BoolC<false>{});
  else
    f(BoolC<false>{}, BoolC<false>{});
}

// ---- rows read in place by cp.async (CUTEGO_GEMM_F_ROWS) --------------------------------------
// Where A's and B's rows lie off the 16-byte grid that tensor maps need but on the 8-byte grid (16-bit
// operands, K a multiple of 4 and not of 8: rows of 8,200 bytes at K = 4100), or on the 4-byte grid
// (K even: rows of 8,196 bytes at K = 4098; CUTEGO_GEMM_F_ROWS_4), the producer warpgroup's 128
// threads read them in cp.async pieces of 8 (or 4) bytes into the stages the TMA would fill
// (CUTLASS's MainloopSm90CpAsyncGmmaWarpSpecialized): a K-major k-block is rows x 128 bytes, row r
// at 128 r with its 16-byte units swizzled by r % 8 (Sw<3,4,3> on bytes, the operand's generated
// smem_byte_swizzle). A piece past the operand's rows or past K is zero filled (K a multiple of the
// piece's elements: a piece is wholly inside or outside). Once a thread's pieces of a stage have
// landed it arrives on the stage's full barrier (cp.async.mbarrier.arrive.noinc), which counts the
// 128 threads and no transaction bytes in such plans. The kernel's A and B parameters hold
// cutego_gemm_rows_t.
template <class Cfg, class OA, class OB, int Ctas>
constexpr bool kRowsCompiled = Cfg::ELEM_BYTES == 2 && OA::major == 0 && OB::major == 0 && Ctas == 1;
constexpr int kRowsThreads = 128;  // the producer warpgroup
// Byte offset r * 128 + unit * 16 of a 128-byte-swizzled K-major k-block (Sw<3,4,3>).
__device__ __forceinline__ constexpr uint32_t sw128_offset(int r, int unit) {
  return static_cast<uint32_t>(r * 128 + ((unit ^ (r % 8)) * 16));
}
// Thread t's share of one operand's tile: the (t % 16)-th 8-byte unit of rows t / 16 + 8 j of every
// k-block (a warp reads two whole 128-byte row segments per j), copied as one piece of 8 bytes or
// two of 4 (P), set once per tile. Rows 8 apart share one swizzle residue, so the destination is a
// constant plus 1024 j. (4-byte pieces on the 8-byte units, not 32 threads to a row: the kernels
// keep one loop shape, and the 8-byte loop its registers; with 4 rows a pass unrolled whole beside
// it, its every source address came from one register pair and 1 x 4096 x 4100 took 0.87x the time.)
template <class Op, int Rows, int P>
struct RowsCursor {
  static_assert(Op::major == 0 && Op::tma_swizzle_bytes == 128 && Op::tma_box_inner * 2 == 128 && Rows % 8 == 0,
                "a K-major 16-bit k-block of 128-byte rows in the 128-byte swizzle");
  static_assert(Op::tma_loads == 1 || Op::tma_load_smem_bytes == Op::tma_load_mn * 128, "rows 128 bytes apart");
  static_assert(P == 8 || P == 4, "pieces of 8 or 4 bytes");
  const uint16_t *src;  // the unit's first element at k = 0 in its first row
  const void *base;     // the operand's first element: the source of zero-filled pieces
  int64_t step;         // 8 rows
  int64_t k_left;       // K minus the unit's first k: a piece at k0 + i is inside K where k0 + i < k_left
  uint32_t dst;         // its offset in the k-block
  int rows_in;          // rows j < rows_in lie inside the operand
  __device__ __forceinline__ RowsCursor(const cutego_gemm_rows_t &o, int64_t mn0, int64_t l, int t) {
    const int r0 = t / 16, q = t % 16;
    base = o.base;
    src = static_cast<const uint16_t *>(o.base) + l * o.batch_stride + (mn0 + r0) * o.row_stride + 4 * q;
    step = 8 * o.row_stride;
    k_left = o.k - 4 * q;
    dst = sw128_offset(r0, q / 2) + 8 * (q % 2);
    const int64_t left = o.rows - mn0 - r0;  // rows from this thread's first
    rows_in = left <= 0 ? 0 : left >= Rows ? Rows / 8 : static_cast<int>((left + 7) / 8);
  }
  // k-block k0 into smem (a zero-filled piece reads nothing; its source is the operand's base)
  __device__ __forceinline__ void copy(uint32_t smem, int64_t k0) const {
    const int n = k0 < k_left ? rows_in : 0;
    const uint16_t *g = src + k0;
    if constexpr (P == 8) {
#pragma unroll
      for (int j = 0; j < Rows / 8; ++j, g += step) cp_async<8>(smem + dst + 1024 * j, j < n ? g : base, j < n ? 8 : 0);
    } else {
      const int n2 = k0 + 2 < k_left ? rows_in : 0;  // the unit's second half (K even)
#pragma unroll
      for (int j = 0; j < Rows / 8; ++j, g += step) {
        cp_async<4>(smem + dst + 1024 * j, j < n ? g : base, j < n ? 4 : 0);
        cp_async<4>(smem + dst + 1024 * j + 4, j < n2 ? g + 2 : base, j < n2 ? 4 : 0);
      }
    }
  }
};
// The producer's work on one tile in such plans (every thread of the producer warpgroup).
template <class Cfg, class OA, class OB, int P>
__device__ __forceinline__ void producer_rows_tile(const GemmArgs &p, PipelineTmaAsync<Cfg::STAGES> &pipe,
                                                   PipelineState<Cfg::STAGES> &write, const WorkTileInfo &w,
                                                   const cutego_gemm_rows_t &ra, const cutego_gemm_rows_t &rb,
                                                   uint32_t sa, uint32_t sb, int t) {
  constexpr int BM = Cfg::BM, BN = Cfg::BN, BK = Cfg::BK;
  const RowsCursor<OA, BM, P> a(ra, static_cast<int64_t>(w.m_idx) * BM, p.a_bcast_l ? 0 : w.l_idx, t);
  const RowsCursor<OB, BN, P> b(rb, static_cast<int64_t>(w.n_idx) * BN, p.b_bcast_l ? 0 : w.l_idx, t);
  for (int kt = 0; kt < p.k_tiles; ++kt, ++write) {
    pipe.producer_acquire(write);
    const int s = write.index();
#pragma unroll
    for (int j = 0; j < kKBlocks<Cfg>; ++j) {
      const int64_t k0 = static_cast<int64_t>(kt) * BK + j * (BK / kKBlocks<Cfg>);
      a.copy(sa + s * OA::stage_bytes + j * kKBlockBytes<OA>, k0);
      b.copy(sb + s * OB::stage_bytes + j * kKBlockBytes<OB>, k0);
    }
    cp_async_mbar_arrive_noinc(pipe.producer_get_barrier(write));
  }
}
// The producer warpgroup of such plans: every tile of its CTA, in pieces of P bytes.
template <class Cfg, class OA, class OB, int P>
__device__ __forceinline__ void producer_rows(const GemmArgs &p, PipelineTmaAsync<Cfg::STAGES> &pipe,
                                               const cutego_gemm_rows_t &ra, const cutego_gemm_rows_t &rb, uint32_t sa,
                                               uint32_t sb, int t) {
  PipelineState<Cfg::STAGES> write{0};
  for (PersistentTileScheduler<1, 1> sched(p); sched.is_valid(); sched.advance_to_next_work())
    producer_rows_tile<Cfg, OA, OB, P>(p, pipe, write, sched.get_current_work(), ra, rb, sa, sb, t);
  cp_async_wait_all();
}

// ---- promoted FP8 accumulation ---------------------------------------------------------------
// The tensor cores keep about 14 bits of an FP8 partial sum. A run of `interval` k-tiles (128 x
// interval of K; CUTEGO_GEMM_F_PROMOTE_INTERVAL in the flags, 1 unless asked) accumulates in the
// tensor cores into `part`, the run's first k-tile starting afresh (scale_d = 0, a compile-time
// constant); once the run's MMAs are done, the promotion step adds `part` into the fp32
// accumulator (CUTLASS's GmmaFP8Accumulation, DeepGEMM's promotion). The stages are released one
// group behind, as in the fast path; the promotion of a run overlaps the next run's MMAs (two
// partial sums). An interval of 1 (and block-scaled FP8, always) runs promoted_mma_tile, the
// others promoted_interval_mma_tile.
__device__ __forceinline__ int promotion_interval(int flags) {
  return ((flags & CUTEGO_GEMM_F_PROMOTE_INTERVAL) >> CUTEGO_GEMM_F_PROMOTE_SHIFT) + 1;
}

// A block-scaled TI (gemm_blockscaled.cuh): FP8 operands promoted every k-tile with the block
// scales (its Promotion), whatever the interval in the flags.
template <class TI> constexpr bool is_block_scaled = false;

// The promotion step of the operand tag TI, one k-tile at a time: acc += part. Per tensor, the
// scales are folded into alpha, applied in the epilogue. A specialization scales each k-tile's
// partial sum by factors it holds in two slots, one per partial sum: fetch<S>() loads the next
// k-tile's factors into slot S (two k-tiles before apply<S> uses them; the k-tiles are fetched
// in order), apply<S>() adds a finished partial sum. (Block-scaled TI: gemm_blockscaled.cuh.)
template <class Cfg, class TI>
struct Promotion {
  __device__ __forceinline__ Promotion(const GemmArgs &, const cutego_gemm_block_scales_t *, const WorkTileInfo &,
                                       int, int) {}
  template <int S>
  __device__ __forceinline__ void fetch() {}
  template <int S, int N>
  __device__ __forceinline__ void apply(float (&acc)[N], const float (&part)[N]) const {
#pragma unroll
    for (int i = 0; i < N; ++i) acc[i] += part[i];
  }
};

// Whether a consumer thread holds two partial sums beside its accumulator (3 x BN / 2 fp32
// registers of setmaxnreg's 232: 128x128 tiles), or one (128x192: 2 x 96).
template <class Cfg> constexpr bool two_partial_sums = 3 * (Cfg::BN / 2) <= 192;

// The pipeline side of promoted_mma_tile: the stage and phase of the next k-tile kept as two
// counters (no division of a running count by the stage count), the stages of the last two
// k-tiles issued, the wgmma descriptors of stage 0, to which a k-tile adds its stage's and its
// MMA's offsets in the start-address field (shared memory addresses lie below 2^18 bytes, so the
// 14-bit field of address / 16 never carries into the next one), and the shared-memory addresses
// of stage 0's barriers, to which a k-tile adds 8 bytes a stage, where the loop holds two partial
// sums (kAt: the block-scaled loop is bound by its consumers' instructions, and each one it drops
// is worth about 1%; 128x192's loop of one partial sum measured 0.94-1.00x so, and keeps the
// barriers' generic addresses; bench/GEMM-NOTES.md).
template <class Cfg, class OA, class OB, class TI>
struct PromotedMainloop {
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
  uint32_t full0, empty0;  // kAt: &pipe.full[0], &pipe.empty[0] in shared memory (at())
  static constexpr bool kAt = two_partial_sums<Cfg>;
  // A barrier's shared-memory address where kAt (through a shuffle: ptxas then keeps it rather than
  // converting it again at each k-tile), else 0 (unused).
  static __device__ __forceinline__ uint32_t at(const uint64_t *bar) {
    return kAt ? __shfl_sync(0xffffffffu, smem_u32(bar), 0) : 0u;
  }
  static __device__ __forceinline__ uint64_t desc(uint32_t lo, uint32_t hi) {
    return static_cast<uint64_t>(hi) << 32 | lo;
  }
  // Issues the next k-tile's MMAs into part, afresh.
  __device__ __forceinline__ void issue(float (&part)[N]) {
    // (the stage through a shuffle each k-tile: ptxas then keeps it, and the descriptors, in
    // uniform registers instead of moving each descriptor in by R2UR: the per-tensor loop 1.10x,
    // block-scaled 128x192 (one partial sum) 1.01-1.02x. The block scales' loop of two partial
    // sums keeps them there without it, and each instruction it adds costs it about 1%.)
    const int su = kAt && is_block_scaled<TI> ? s : __shfl_sync(0xffffffffu, s, 0);
    if constexpr (kAt)
      mbar_wait_at(full0 + 8 * su, phase);
    else
      mbar_wait(&pipe.full[su], phase);
    wgmma_fence();
    const uint32_t sa = da + su * (OA::stage_bytes / 16), sb = db + su * (OB::stage_bytes / 16);
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
    if constexpr (kAt)
      mbar_arrive_if_at(empty0 + 8 * before, lane == 0);
    else if (lane == 0)
      mbar_arrive(&pipe.empty[before]);
  }
  // The last k-tile is done: its stage goes back to the producer.
  __device__ __forceinline__ void retire_last() {
    wgmma_wait<0>();
    if constexpr (kAt)
      mbar_arrive_if_at(empty0 + 8 * last, lane == 0);
    else if (lane == 0)
      mbar_arrive(&pipe.empty[last]);
  }
};

// The main loop promoted every k-tile, no run-time run logic. Two partial sums alternate k-tile
// by k-tile: k-tile kt + 1 is issued into one while k-tile kt's MMAs finish into the other
// (wgmma_wait<1>: only kt + 1's group left in flight), and kt's promotion step runs behind kt +
// 1's MMAs, so the tensor cores do not idle while the warpgroup adds (DeepGEMM and CUTLASS wait
// for all their MMAs first). The loop goes two k-tiles at a time so that each partial sum is a
// named array at every wgmma and every read: an array chosen at run time, or a wait only on some
// paths, makes ptxas insert its own waits (C7518) and serialize them.
template <class Cfg, class OA, class OB, class TI, int CM>
__device__ __forceinline__ void promoted_mma_tile(const GemmArgs &p, PipelineTmaAsync<Cfg::STAGES> &pipe,
                                                  PipelineState<Cfg::STAGES> &read, const WorkTileInfo &w, int cw,
                                                  int lane, float (&acc)[Cfg::BN / 2], uint8_t *sa, uint8_t *sb,
                                                  const cutego_gemm_block_scales_t *bs) {
  static_assert(CM == 1, "promoted FP8 kernels run without clusters");
  constexpr int N = Cfg::BN / 2;
  const int k_tiles = p.k_tiles;
  Promotion<Cfg, TI> promotion(p, bs, w, cw, threadIdx.x % 128);
  // (cw and the stage from lane 0: the compiler then knows them to be one value in the warp, and
  // may keep the descriptors in uniform registers, which the MMAs read; the loops other than the
  // block scales' of two partial sums also take the stage through a shuffle at each k-tile:
  // PromotedMainloop::issue)
  const int cwu = __shfl_sync(0xffffffffu, cw, 0);
  const uint64_t da = gmma_desc(smem_u32(sa) + cwu * OA::desc_mn64_step_bytes, OA::desc_lbo_bytes,
                                OA::desc_sbo_bytes, OA::desc_layout_type),
                 db = gmma_desc(smem_u32(sb), OB::desc_lbo_bytes, OB::desc_sbo_bytes, OB::desc_layout_type);
  typedef PromotedMainloop<Cfg, OA, OB, TI> Mainloop;
  Mainloop ml{pipe,
              static_cast<uint32_t>(da),
              static_cast<uint32_t>(db),
              static_cast<uint32_t>(da >> 32),
              static_cast<uint32_t>(db >> 32),
              __shfl_sync(0xffffffffu, read.index(), 0),
              0,
              0,
              static_cast<uint32_t>(__shfl_sync(0xffffffffu, read.phase(), 0)),
              lane,
              Mainloop::at(&pipe.full[0]),
              Mainloop::at(&pipe.empty[0])};
#pragma unroll
  for (int i = 0; i < N; ++i) acc[i] = 0.f;
  if (k_tiles <= 0) return;
  promotion.template fetch<0>();
  promotion.template fetch<1>();
  if constexpr (!two_partial_sums<Cfg>) {
    // One partial sum (a wide tile): each k-tile's MMAs finish before their promotion, which the
    // other consumer warpgroup's MMAs cover (DeepGEMM's loop). Slots 0 and 1 alternate as above.
    float part[N];
    for (int kt = 0;; kt += 2) {
      ml.issue(part);
      ml.retire_last();
      promotion.template apply<0>(acc, part);
      promotion.template fetch<0>();  // k-tile kt + 2's
      if (kt + 1 >= k_tiles) break;
      ml.issue(part);
      ml.retire_last();
      promotion.template apply<1>(acc, part);
      promotion.template fetch<1>();  // k-tile kt + 3's
      if (kt + 2 >= k_tiles) break;
    }
    read.count += k_tiles;
    return;
  }
  float part0[N], part1[N];
  ml.issue(part0);
  for (int kt = 1;; kt += 2) {
    if (kt >= k_tiles) {  // the last k-tile is in part0
      ml.retire_last();
      promotion.template apply<0>(acc, part0);
      break;
    }
    ml.issue(part1);
    ml.retire_previous();
    promotion.template apply<0>(acc, part0);
    promotion.template fetch<0>();  // k-tile kt + 1's, for part0 next
    if (kt + 1 >= k_tiles) {        // the last k-tile is in part1
      ml.retire_last();
      promotion.template apply<1>(acc, part1);
      break;
    }
    ml.issue(part0);
    ml.retire_previous();
    promotion.template apply<1>(acc, part1);
    promotion.template fetch<1>();  // k-tile kt + 2's, for part1 next
  }
  read.count += k_tiles;
}

// promoted_mma_tile's loop for runs of `interval` > 1 k-tiles, per tensor: the same two partial
// sums, alternating run by run (run r + 1 is issued into one while run r's last MMAs finish
// into the other), the position in the pipeline kept as `read`.
template <class Cfg, class OA, class OB, class TI, int CM>
struct PromotedIntervalMainloop {
  static constexpr int N = Cfg::BN / 2;
  PipelineTmaAsync<Cfg::STAGES> &pipe;
  PipelineState<Cfg::STAGES> &read;
  const uint8_t *sa, *sb;
  uint32_t a_off;
  int lane;
  // Issues the MMAs of the k-tile at `read` into part (afresh when first) and advances read.
  __device__ __forceinline__ void issue(float (&part)[N], bool first) {
    const int s = read.index();
    pipe.consumer_wait(read);
    wgmma_fence();
    mma_stage<Cfg, OA, OB, TI, Cfg::BN>(part, smem_u32(sa + s * OA::stage_bytes) + a_off,
                                        smem_u32(sb + s * OB::stage_bytes), first);
    wgmma_commit();
    ++read;
  }
  // The group before the newest is done: its stage goes back to the producer.
  __device__ __forceinline__ void retire_previous() {
    wgmma_wait<1>();
    pipe.consumer_release(read.previous().previous(), CM, lane);
  }
};

template <class Cfg, class OA, class OB, class TI, int CM>
__device__ __forceinline__ void promoted_interval_mma_tile(const GemmArgs &p, PipelineTmaAsync<Cfg::STAGES> &pipe,
                                                           PipelineState<Cfg::STAGES> &read, const WorkTileInfo &w,
                                                           int cw, int lane, float (&acc)[Cfg::BN / 2], uint8_t *sa,
                                                           uint8_t *sb, const cutego_gemm_block_scales_t *bs) {
  static_assert(!is_block_scaled<TI>, "block scales: one k-tile per promotion");
  constexpr int N = Cfg::BN / 2;
  const int interval = promotion_interval(p.flags), k_tiles = p.k_tiles;
  const Promotion<Cfg, TI> promotion(p, bs, w, cw, threadIdx.x % 128);
  PromotedIntervalMainloop<Cfg, OA, OB, TI, CM> ml{
      pipe, read, sa, sb, static_cast<uint32_t>(cw * OA::desc_mn64_step_bytes), lane};
  float part0[N], part1[N];
#pragma unroll
  for (int i = 0; i < N; ++i) acc[i] = 0.f;
  if (k_tiles <= 0) return;
  // Run 0 into part0.
  int kt = 0;
  ml.issue(part0, true);
  for (++kt; kt < min(interval, k_tiles); ++kt) ml.issue(part0, false), ml.retire_previous();
  for (;;) {
    if (kt >= k_tiles) {  // the last run is in part0
      wgmma_wait<0>();
      pipe.consumer_release(read.previous(), CM, lane);
      promotion.template apply<0>(acc, part0);
      return;
    }
    // The next run into part1; part0's run is promoted behind its first MMAs.
    const int r1 = kt;
    ml.issue(part1, true);
    ml.retire_previous();
    promotion.template apply<0>(acc, part0);
    for (++kt; kt < min(r1 + interval, k_tiles); ++kt) ml.issue(part1, false), ml.retire_previous();
    if (kt >= k_tiles) {  // the last run is in part1
      wgmma_wait<0>();
      pipe.consumer_release(read.previous(), CM, lane);
      promotion.template apply<1>(acc, part1);
      return;
    }
    const int r0 = kt;
    ml.issue(part0, true);
    ml.retire_previous();
    promotion.template apply<1>(acc, part1);
    for (++kt; kt < min(r0 + interval, k_tiles); ++kt) ml.issue(part0, false), ml.retire_previous();
  }
}

// ---- a consumer warpgroup's main loop on one tile --------------------------------------------
// Stages whose MMAs a consumer leaves in flight before it waits for the oldest and releases it
// (CUTLASS's K_PIPE_MMAS): one on the 128-row tiles, whose MMAs keep the tensor cores busy; two on
// the one-consumer 64-row tiles of one k-block per stage (64x128), whose few MMAs per stage left
// the loop bound by their latency (bench/GEMM-NOTES.md); one again on those of several k-blocks
// per stage (64x64, 64x32: each stage holds 8 MMAs, and a second stage held back from the loads
// measured 1-12% slower, bench/results/2026-12-02-k-blocks-tune).
template <class Cfg>
constexpr int kMmaStagesInFlight = Cfg::CONSUMER_WARPGROUPS == 1 && kKBlocks<Cfg> == 1 ? 2 : 1;

// For each k-tile: wait for the stage, issue its MMAs, and release the stage before (its MMAs
// are done once one group is left in flight); then the last stage. k-tiles [k_begin, k_end)
// (k_end -1: to the last) as the producer's; a part of K for stream-K only (16-bit operands:
// promoted FP8 takes the whole K). Hook (fast accumulation only): hook->at_k_tile() runs after
// each k-tile's MMAs are issued, before the wait for the k-tile before (DeferredStore).
// Returns false when the warpgroup's 64 rows lie wholly past M: nothing to store. Such a
// warpgroup still runs its MMAs, on rows the TMA filled with zeros (or left stale, where MN-major
// loads or K-major halves wholly past M are skipped; the results are dropped), wherever A's box
// has BM rows or goes in halves (M >= BM) and the main loop is 16-bit or fast FP8: only waiting
// for and releasing each stage there was measured slower, for a reason not known (a wave with a
// tile row at most half full took 1.3-1.4x the time of a full one: 448 x 4096 x 14336 114.7 us
// against 512's 81.4, 90.5 with the MMAs run; H100, bench/results/2026-12-05-s29). Where the box has fewer rows (a GEMM of fewer than BM
// rows), or promotion reads the scales of rows past M, it only waits and releases.
template <class Cfg, class OA, class OB, class TI, int CM, class Hook = NoHook>
__device__ __forceinline__ bool consumer_mma_tile(const GemmArgs &p, PipelineTmaAsync<Cfg::STAGES> &pipe,
                                                  PipelineState<Cfg::STAGES> &read, const WorkTileInfo &w, int cw,
                                                  int lane, float (&acc)[Cfg::BN / 2], uint8_t *sa, uint8_t *sb,
                                                  const cutego_gemm_block_scales_t *bs, int k_begin = 0,
                                                  int k_end = -1, Hook *hook = nullptr) {
  const int ke = k_end < 0 ? p.k_tiles : k_end;
  const bool past_m = w.m_idx * Cfg::BM + cw * 64 >= p.m;
  if (past_m && (p.m < Cfg::BM || is_block_scaled<TI> || is_promoted<TI>)) {
    for (int kt = k_begin; kt < ke; ++kt, ++read) {
      pipe.consumer_wait(read);
      pipe.consumer_release(read, CM, lane);
    }
    return false;
  }
  if constexpr (is_block_scaled<TI>) {
    promoted_mma_tile<Cfg, OA, OB, TI, CM>(p, pipe, read, w, cw, lane, acc, sa, sb, bs);
  } else if constexpr (is_promoted<TI>) {
    if (promotion_interval(p.flags) == 1)
      promoted_mma_tile<Cfg, OA, OB, TI, CM>(p, pipe, read, w, cw, lane, acc, sa, sb, bs);
    else
      promoted_interval_mma_tile<Cfg, OA, OB, TI, CM>(p, pipe, read, w, cw, lane, acc, sa, sb, bs);
  } else {
    // F = kMmaStagesInFlight stages' MMAs stay in flight: stage kt - F is released once its MMAs
    // are done, the last F after the loop. The stage and phase are counters here (no division of
    // the running count by the stage count) and the descriptors' low words of stage 0 advance by
    // the stage's bytes: with cw warp-uniform (gemm_wgmma_body), all in uniform registers.
    constexpr int F = kMmaStagesInFlight<Cfg>, S = Cfg::STAGES;
    const uint32_t a_lo = desc_lo<OA>(smem_u32(sa) + cw * OA::desc_mn64_step_bytes), b_lo = desc_lo<OB>(smem_u32(sb));
    int s = read.index();
    uint32_t phase = static_cast<uint32_t>(read.phase());
    for (int kt = k_begin; kt < ke; ++kt) {
      mbar_wait(&pipe.full[s], phase);
      wgmma_fence();
      mma_stage_desc<Cfg, OA, OB, TI, Cfg::BN>(acc, a_lo + s * (OA::stage_bytes / 16), b_lo + s * (OB::stage_bytes / 16),
                                               kt == k_begin);
      wgmma_commit();
      if constexpr (Hook::kActive) hook->at_k_tile();  // under this k-tile's MMAs
      wgmma_wait<F>();
      if (kt - k_begin >= F) pipe.consumer_release_stage(s >= F ? s - F : s - F + S, CM, lane);
      if (++s == S) s = 0, phase ^= 1;
    }
    wgmma_wait<0>();
    for (int i = min(F, ke - k_begin); i >= 1; --i) pipe.consumer_release_stage(s >= i ? s - i : s - i + S, CM, lane);
    read.count += ke - k_begin;
  }
  return !past_m;
}

// ---- the epilogue of one tile -------------------------------------------------------------------
// A consumer warpgroup's 64 x BN rows of tile w: through TMA stores where the planner set
// kFlagDTma (only where the tile fills whole 128-byte chunks: a 64x32 tile of 16-bit D is half a
// chunk, so epilogue_tma is not even compiled for it), else directly.
// A shifted tile (b_tile_n0) is stored directly, its own columns only: a TMA store of its chunks
// would write over its neighbour's columns. Where tiles may shift, one direct epilogue serves both
// (col_lo = col0: a tile that is not shifted stores every column of its own), so the kernel holds
// one copy of it; elsewhere col_lo stays 0 (with col0 there, the 64x128 MN-major B kernels of
// 16-bit D spilled 8 bytes).
template <class Cfg, class OB, typename TO>
__device__ __forceinline__ void store_tile(const GemmArgs &p, const CUtensorMap *tma_d, const float (&acc)[Cfg::BN / 2],
                                           int t, int cw, uint8_t *staging, const WorkTileInfo &w) {
  constexpr int BN = Cfg::BN;
  const int row0 = w.m_idx * Cfg::BM + cw * 64, col0 = w.n_idx * BN, b0 = b_tile_n0<Cfg, OB>(p, w.n_idx);
  if constexpr (BN * static_cast<int>(sizeof(TO)) >= kEpiRowBytes) {
    if (b0 == col0 && (p.flags & kFlagDTma)) {
      if constexpr (sizeof(TO) == 2) {
        if (p.flags & kFlagDTrans) {
          epilogue_tma<typename Cfg::Acc, BN, TO, true>(p, tma_d, acc, t, cw, staging, row0, col0, w.l_idx);
          return;
        }
      }
      epilogue_tma<typename Cfg::Acc, BN, TO>(p, tma_d, acc, t, cw, staging, row0, col0, w.l_idx);
      return;
    }
  }
  epilogue<typename Cfg::Acc, BN, TO>(p, acc, t, row0, b0, w.l_idx, kBShifts<Cfg, OB> ? col0 : 0);
}

// ---- programmatic dependent launch ------------------------------------------------------------
// The first step of every wgmma kernel, which the launchers launch with programmatic stream
// serialization (cutego_launch_t.programmatic, CUTLASS's launch_with_pdl): wait until the kernel
// before it on the stream has completed and its writes are visible (nothing of A, B, C, D, the
// scales or a workspace is touched before), then let the kernel after it launch its CTAs onto the
// SMs that are free, where they wait in turn. A call's launch and prologue then overlap the tail
// of the call before it. Before the wait, one thread prefetches the tensor maps of A and B (and of
// D where the epilogue stores through TMA): kernel parameters, which no kernel before writes.
__device__ __forceinline__ void programmatic_launch_prologue(const CUtensorMap *a, const CUtensorMap *b,
                                                             const CUtensorMap *d, uint32_t flags) {
  if (threadIdx.x == 0) {
    if (!(flags & CUTEGO_GEMM_F_ROWS)) {  // (A and B read by cp.async have no tensor maps)
      prefetch_tensormap(a);
      prefetch_tensormap(b);
    }
    if (flags & kFlagDTma) prefetch_tensormap(d);
  }
  grid_dependency_wait();
  grid_dependency_launch_dependents();
}

// ---- warp specialization ---------------------------------------------------------------------
// Warpgroup 0 produces (one thread issues TMA), warpgroups 1 .. Cfg::CONSUMER_WARPGROUPS consume
// (64 rows of the tile each: two of a 128-row tile, one of a 64-row tile). setmaxnreg moves
// registers from the producer to the consumers. Both roles walk the tile scheduler's tiles and
// count the same k-iterations through the pipeline.
// CM, CN: CTAs per cluster along M (sharing B) and along N (sharing A), template constants so
// that the kernel without clusters compiles exactly as before them (a run-time cluster size cost
// it 5-15%).
template <class Cfg, class OA, class OB, class TI, typename TO, int CM, int CN = 1>
__device__ __forceinline__ void gemm_wgmma_body(const CUtensorMap *tma_a, const CUtensorMap *tma_b,
                                                const CUtensorMap *tma_d, const GemmArgs &p,
                                                const cutego_gemm_block_scales_t *bs = nullptr) {
  constexpr int S = Cfg::STAGES, BM = Cfg::BM, BN = Cfg::BN;
  static_assert(OA::rows == BM && OB::rows == BN, "operand layouts do not match the tile");
  static_assert(BM == 64 * Cfg::CONSUMER_WARPGROUPS && (Cfg::CONSUMER_WARPGROUPS == 1 || Cfg::CONSUMER_WARPGROUPS == 2),
                "one or two consumer warpgroups of 64 rows each");
  extern __shared__ uint8_t smem_raw[];
  uint8_t *base = align1024(smem_raw);
  uint8_t *sa = base;
  uint8_t *sb = base + S * OA::stage_bytes;
  uint8_t *staging = sb + S * OB::stage_bytes;  // 1024-aligned: stages are multiples of 1024 bytes
  PipelineTmaAsync<S> &pipe =
      *reinterpret_cast<PipelineTmaAsync<S> *>(staging + kEpiBuffers<Cfg> * kEpiChunkBytes);
  static_assert(sizeof(PipelineTmaAsync<S>) == S * 2 * 8, "gemm_smem_bytes counts two mbarriers per stage");
  // The warpgroup index through __shfl_sync (CUTLASS's canonical_warp_group_idx) is warp-uniform to
  // the compiler, which then keeps the consumers' descriptors, stage and phase in uniform registers
  // (with threadIdx.x / 128 it moved each descriptor into them per MMA). On 128x256 and 128x192
  // tiles and with promoted FP8's partial sums it made ptxas spill: those keep threadIdx.x / 128.
  constexpr bool kUniformWg = BN <= 128 && !is_promoted<TI> && !is_block_scaled<TI>;
  const int wg = kUniformWg ? __shfl_sync(0xffffffffu, threadIdx.x / 128, 0) : static_cast<int>(threadIdx.x / 128);
  constexpr int kCtas = CM * CN;  // CTAs per cluster
  static_assert(CN == 1 || OA::major == 0, "A shared along N: K-major A (one box of BM rows)");
  // A and B read in place by cp.async (CUTEGO_GEMM_F_ROWS: kernel parameters of cutego_gemm_rows_t).
  const bool rows = kRowsCompiled<Cfg, OA, OB, kCtas> && (p.flags & CUTEGO_GEMM_F_ROWS);
  if (threadIdx.x == 0) pipe.init(kCtas, Cfg::CONSUMER_WARPGROUPS, rows ? kRowsThreads : 1);
  if (kCtas > 1)
    cluster_arrive_relaxed_wait();  // every CTA's barriers exist before any multicast or remote arrival
  else
    __syncthreads();

  if (wg == 0) {
    // Producer.
    setmaxnreg_dec<40>();
    if constexpr (kRowsCompiled<Cfg, OA, OB, kCtas>) {
      if (rows) {
        const cutego_gemm_rows_t &ra = *reinterpret_cast<const cutego_gemm_rows_t *>(tma_a);
        const cutego_gemm_rows_t &rb = *reinterpret_cast<const cutego_gemm_rows_t *>(tma_b);
        if (p.flags & CUTEGO_GEMM_F_ROWS_4)
          producer_rows<Cfg, OA, OB, 4>(p, pipe, ra, rb, smem_u32(sa), smem_u32(sb), threadIdx.x);
        else
          producer_rows<Cfg, OA, OB, 8>(p, pipe, ra, rb, smem_u32(sa), smem_u32(sb), threadIdx.x);
        return;
      }
    }
    if (threadIdx.x == 0) {
      PipelineState<S> write{0};
      producer_dispatch<OA, BM, CN, true>(p, [&](auto hint, auto halves) {
        for (PersistentTileScheduler<CM, CN> sched(p); sched.is_valid(); sched.advance_to_next_work())
          producer_load_tile<Cfg, OA, OB, CM, CN, decltype(hint)::value, decltype(halves)::value>(
              p, pipe, write, sched.get_current_work(), tma_a, tma_b, sa, sb);
      });
      if (kCtas > 1) pipe.producer_tail(write);
    }
  } else {
    // Consumers.
    setmaxnreg_inc<232>();
    const int cw = wg - 1, t = threadIdx.x - 128 * wg;
    const int lane = threadIdx.x % 32;
    float acc[BN / 2];
    PipelineState<S> read{0};
    if constexpr (kDeferredStore<Cfg, TO> && !is_promoted<TI> && !is_block_scaled<TI>) {
      static_assert(Cfg::BN > kBShiftMaxBN, "deferred stores: no shifted tiles (b_tile_n0)");
      if ((p.flags & (kFlagDTma | kFlagDTrans)) == kFlagDTma && !p.read_c) {
        // Each tile's stores under the next tile's first k-tiles (DeferredStore; a transposed D's
        // at once, epilogue_tma_chunk).
        DeferredStore<Cfg, TO> ds(p, tma_d, staging, t, cw);
        for (PersistentTileScheduler<CM, CN> sched(p); sched.is_valid(); sched.advance_to_next_work()) {
          const WorkTileInfo w = sched.get_current_work();
          const bool mine = consumer_mma_tile<Cfg, OA, OB, TI, kCtas, DeferredStore<Cfg, TO>>(
              p, pipe, read, w, cw, lane, acc, sa, sb, bs, 0, -1, &ds);
          ds.flush();
          if (mine) ds.store(acc, w);
        }
        ds.flush();
        if (t == 0) bulk_wait_all();
        return;
      }
    }
    for (PersistentTileScheduler<CM, CN> sched(p); sched.is_valid(); sched.advance_to_next_work()) {
      const WorkTileInfo w = sched.get_current_work();
      if (!consumer_mma_tile<Cfg, OA, OB, TI, kCtas>(p, pipe, read, w, cw, lane, acc, sa, sb, bs)) continue;
      store_tile<Cfg, OB, TO>(p, tma_d, acc, t, cw, staging, w);
    }
    if (t == 0) bulk_wait_all();  // the staging buffers stay valid until the stores have read them
  }
}

// The cluster shape from the kernel arguments: 2x1 clusters sharing B (CUTEGO_GEMM_F_CLUSTER_2,
// compiled only where the configuration has multicast boxes), 1x2 clusters sharing A
// (CUTEGO_GEMM_F_CLUSTER_N2, compiled only where kClusterN allows), or none.
template <class Cfg, class OA, class OB, class TI, typename TO>
__device__ __forceinline__ void gemm_wgmma_clusters(const CUtensorMap *tma_a, const CUtensorMap *tma_b,
                                                    const CUtensorMap *tma_d, const GemmArgs &p) {
  if constexpr (Cfg::MULTICAST > 1) {
    if (p.flags & CUTEGO_GEMM_F_CLUSTER_2) {
      gemm_wgmma_body<Cfg, OA, OB, TI, TO, 2>(tma_a, tma_b, tma_d, p);
      return;
    }
  }
  if constexpr (kClusterN<Cfg> > 1 && OA::major == 0) {
    if (p.flags & CUTEGO_GEMM_F_CLUSTER_N2) {
      gemm_wgmma_body<Cfg, OA, OB, TI, TO, 1, kClusterN<Cfg>>(tma_a, tma_b, tma_d, p);
      return;
    }
  }
  gemm_wgmma_body<Cfg, OA, OB, TI, TO, 1>(tma_a, tma_b, tma_d, p);
}

// ---- the generic path ------------------------------------------------------------------------
// 16 x 16 output tile per block, K in chunks of 16 through shared memory; A(m,k,l), B(n,k,l),
// C and D(m,n,l) evaluated with the device evaluator (per top-level mode coordinates).
template <typename TI, typename TO>
__device__ __forceinline__ void gemm_generic_body(TO *d, const cute_layout_t &ld, const TI *a,
                                                  const cute_layout_t &la, const TI *b, const cute_layout_t &lb,
                                                  const TO *c, const cute_layout_t &lc, int64_t m, int64_t n,
                                                  int64_t k, int64_t l, float alpha, float beta, int read_c) {
  __shared__ float As[16][17], Bs[16][17];
  const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  const int64_t tiles_m = (m + 15) / 16, tiles_n = (n + 15) / 16;
  for (int64_t tile = blockIdx.x; tile < tiles_m * tiles_n * l; tile += gridDim.x) {
    const int64_t bl = tile / (tiles_m * tiles_n), r = tile % (tiles_m * tiles_n);
    const int64_t m0 = (r % tiles_m) * 16, n0 = (r / tiles_m) * 16;
    const int64_t mi = m0 + tx, ni = n0 + ty;
    float sum = 0.f;
    for (int64_t k0 = 0; k0 < k; k0 += 16) {
      // thread (tx, ty) loads A(m0 + tx, k0 + ty) and B(n0 + tx, k0 + ty)
      int64_t ca[3] = {m0 + tx, k0 + ty, bl};
      As[ty][tx] = (m0 + tx < m && k0 + ty < k) ? to_f32<TI>(a[cute_dev_crd2idx_modes(&la, ca)]) : 0.f;
      int64_t cb[3] = {n0 + tx, k0 + ty, bl};
      Bs[ty][tx] = (n0 + tx < n && k0 + ty < k) ? to_f32<TI>(b[cute_dev_crd2idx_modes(&lb, cb)]) : 0.f;
      __syncthreads();
#pragma unroll
      for (int kk = 0; kk < 16; ++kk) sum += As[kk][tx] * Bs[kk][ty];
      __syncthreads();
    }
    if (mi < m && ni < n) {
      int64_t cd[3] = {mi, ni, bl};
      float out = alpha * sum;
      if (read_c) out += beta * to_f32<TO>(c[cute_dev_crd2idx_modes(&lc, cd)]);
      d[cute_dev_crd2idx_modes(&ld, cd)] = from_f32<TO>(out);
    }
  }
}

// The FP8 kernels that run 2x1 clusters sharing B when the plan says so (CUTEGO_GEMM_F_CLUSTER_2):
// fast accumulation on a configuration with multicast boxes (128x256); promoted accumulation runs
// without clusters.
template <class Cfg, class TI>
constexpr bool kFp8Clusters = Cfg::MULTICAST > 1 && !is_promoted<TI>;

// The per-tensor FP8 kernels' arguments with the scales folded into alpha: each scale read once
// per CTA from device memory (NULL: 1) when the kernel runs, after the grid-dependency wait (a
// CUDA graph may update them).
__device__ __forceinline__ GemmArgs with_per_tensor_scales(const GemmArgs &p, const cutego_gemm_scales_t &s) {
  GemmArgs q = p;
  q.alpha = p.alpha * (s.a ? *s.a : 1.f) * (s.b ? *s.b : 1.f);
  return q;
}
}  // namespace cutego_k

// ---- kernel entry points (extern "C" names for the Go launcher's cuModuleGetFunction) --------
// cutego_gemm_<config>_<A major><B major>_<in>_<out>, majors k/m; in bf16/f16/e4m3; out bf16/f16/f32.
#define CUTEGO_GEMM_WGMMA_KERNEL(CFG, CFGNAME, AM, BM_, AMN, BMN, TI, INNAME, TO, OUTNAME)                      \
  extern "C" __global__ void __launch_bounds__(CUTEGO_GEMM_THREADS(cutego_gen::CFG::CONSUMER_WARPGROUPS), 1)   \
      cutego_gemm_##CFGNAME##_##AMN##BMN##_##INNAME##_##OUTNAME(                                              \
          const __grid_constant__ CUtensorMap tma_a, const __grid_constant__ CUtensorMap tma_b,               \
          const __grid_constant__ CUtensorMap tma_d, const cutego_k::GemmArgs p) {                            \
    cutego_k::programmatic_launch_prologue(&tma_a, &tma_b, &tma_d, p.flags);                                  \
    cutego_k::gemm_wgmma_clusters<cutego_gen::CFG, cutego_gen::CFG::A_##AM, cutego_gen::CFG::B_##BM_, TI, TO>( \
        &tma_a, &tma_b, &tma_d, p);                                                                           \
  }

// KERNEL(CFG, CFGNAME, AM, BM_, AMN, BMN, TI, INNAME, TO, OUTNAME) for every pair of element types:
// in bf16 or f16, out bf16, f16 or f32 (the order of the launch tables' [in][out]).
#define CUTEGO_GEMM_EACH_INOUT(KERNEL, CFG, CFGNAME, AM, BM_, AMN, BMN)                   \
  KERNEL(CFG, CFGNAME, AM, BM_, AMN, BMN, __nv_bfloat16, bf16, __nv_bfloat16, bf16)       \
  KERNEL(CFG, CFGNAME, AM, BM_, AMN, BMN, __nv_bfloat16, bf16, __half, f16)               \
  KERNEL(CFG, CFGNAME, AM, BM_, AMN, BMN, __nv_bfloat16, bf16, float, f32)                \
  KERNEL(CFG, CFGNAME, AM, BM_, AMN, BMN, __half, f16, __nv_bfloat16, bf16)               \
  KERNEL(CFG, CFGNAME, AM, BM_, AMN, BMN, __half, f16, __half, f16)                       \
  KERNEL(CFG, CFGNAME, AM, BM_, AMN, BMN, __half, f16, float, f32)

// One configuration and one pair of operand majors, every element type (a translation unit of
// the C library each, gemm_<config>_<majors>.cu).
#define CUTEGO_GEMM_WGMMA_INOUT(CFG, CFGNAME, AM, BM_, AMN, BMN) \
  CUTEGO_GEMM_EACH_INOUT(CUTEGO_GEMM_WGMMA_KERNEL, CFG, CFGNAME, AM, BM_, AMN, BMN)

#define CUTEGO_GEMM_WGMMA_TYPES(CFG, CFGNAME)          \
  CUTEGO_GEMM_WGMMA_INOUT(CFG, CFGNAME, K, K, k, k)    \
  CUTEGO_GEMM_WGMMA_INOUT(CFG, CFGNAME, K, MN, k, m)   \
  CUTEGO_GEMM_WGMMA_INOUT(CFG, CFGNAME, MN, K, m, k)   \
  CUTEGO_GEMM_WGMMA_INOUT(CFG, CFGNAME, MN, MN, m, m)

// FP8 A and B (K-major both: the launcher transposes others first), the same mainloop with TI
// an FP8 type; a fifth argument, the per-tensor scales, folded into alpha (with_per_tensor_scales).
// (Their stream-K kernels, gemm_stream_k.cuh, take the scales as a sixth argument.)
// cutego_gemm_<config>_kk_<in>_<out>, in e4m3, e5m2, e4m3e5m2 or e5m2e4m3 (A's type first).
#define CUTEGO_GEMM_WGMMA_FP8_KERNEL(CFG, CFGNAME, TI, INNAME, TO, OUTNAME, SUFFIX)                            \
  extern "C" __global__ void __launch_bounds__(CUTEGO_GEMM_THREADS(cutego_gen::CFG::CONSUMER_WARPGROUPS), 1)   \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_##OUTNAME##SUFFIX(                                                \
      const __grid_constant__ CUtensorMap tma_a, const __grid_constant__ CUtensorMap tma_b,                   \
      const __grid_constant__ CUtensorMap tma_d, const cutego_k::GemmArgs p, const cutego_gemm_scales_t s) {  \
    cutego_k::programmatic_launch_prologue(&tma_a, &tma_b, &tma_d, p.flags);                                  \
    const cutego_k::GemmArgs q = cutego_k::with_per_tensor_scales(p, s);                                      \
    if constexpr (cutego_k::kFp8Clusters<cutego_gen::CFG, TI>) {                                              \
      if (p.flags & CUTEGO_GEMM_F_CLUSTER_2) {                                                                \
        cutego_k::gemm_wgmma_body<cutego_gen::CFG, cutego_gen::CFG::A_K, cutego_gen::CFG::B_K, TI, TO, 2>(    \
            &tma_a, &tma_b, &tma_d, q);                                                                       \
        return;                                                                                               \
      }                                                                                                       \
    }                                                                                                         \
    cutego_k::gemm_wgmma_body<cutego_gen::CFG, cutego_gen::CFG::A_K, cutego_gen::CFG::B_K, TI, TO, 1>(        \
        &tma_a, &tma_b, &tma_d, q);                                                                           \
  }

// One FP8 configuration, every output type (a translation unit of the C library each,
// gemm_<config>_kk_<in>.cu).
#define CUTEGO_GEMM_WGMMA_FP8_OUT(CFG, CFGNAME, TI, INNAME)                          \
  CUTEGO_GEMM_WGMMA_FP8_KERNEL(CFG, CFGNAME, TI, INNAME, __nv_bfloat16, bf16, )      \
  CUTEGO_GEMM_WGMMA_FP8_KERNEL(CFG, CFGNAME, TI, INNAME, __half, f16, )              \
  CUTEGO_GEMM_WGMMA_FP8_KERNEL(CFG, CFGNAME, TI, INNAME, float, f32, )

// The same with promoted accumulation: cutego_gemm_<config>_kk_<in>_<out>_promoted.
#define CUTEGO_GEMM_WGMMA_FP8_PROMOTED_OUT(CFG, CFGNAME, TI, INNAME)                                             \
  CUTEGO_GEMM_WGMMA_FP8_KERNEL(CFG, CFGNAME, cutego_k::Promoted<TI>, INNAME, __nv_bfloat16, bf16, _promoted) \
  CUTEGO_GEMM_WGMMA_FP8_KERNEL(CFG, CFGNAME, cutego_k::Promoted<TI>, INNAME, __half, f16, _promoted)         \
  CUTEGO_GEMM_WGMMA_FP8_KERNEL(CFG, CFGNAME, cutego_k::Promoted<TI>, INNAME, float, f32, _promoted)

#define CUTEGO_GEMM_GENERIC_KERNEL(TI, INNAME, TO, OUTNAME)                                                        \
  extern "C" __global__ void __launch_bounds__(256) cutego_gemm_generic_##INNAME##_##OUTNAME(                      \
      TO *d, const cute_layout_t ld, const TI *a, const cute_layout_t la, const TI *b, const cute_layout_t lb,     \
      const TO *c, const cute_layout_t lc, int64_t m, int64_t n, int64_t k, int64_t l, float alpha, float beta,    \
      int read_c) {                                                                                                \
    cutego_k::gemm_generic_body<TI, TO>(d, ld, a, la, b, lb, c, lc, m, n, k, l, alpha, beta, read_c);             \
  }

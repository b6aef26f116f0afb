// gemm_stream_k.cuh — stream-K for cutego's Hopper GEMM (cutego_gemm, decomposition STREAM_K):
// the wgmma kernel's pieces (gemm_kernels.cuh) walked by a stream-K tile scheduler instead of the
// data-parallel one, with a deterministic fixup of the tiles that several CTAs share.
//
// CUTLASS's PersistentTileSchedulerSm90StreamK, in its data-parallel + stream-K hybrid: the
// first `sk.tiles` tiles of the plan's tile order (cutego_gemm_stream_k_tiles) are stream-K
// tiles; their k-iterations (tiles x k-tiles, tile by tile) are cut into even ranges, one per
// persistent CTA, which cross tile boundaries (within groups of CTAs: StreamKTileScheduler). The
// other tiles (a whole number of waves) go whole to the CTAs in turn, after their stream-K range.
// As in CUTLASS a CTA walks its range from its end down, one unit (a tile's run of k-tiles) at a
// time, so that the only unit of a range that can lack its tile's last k-tile is the first walked:
// a CTA writes at most one tile of partial sums, and writes it first.
// The fixup: a unit without its tile's last k-tile writes its fp32 accumulators into the CTA's
// slot of the workspace (each thread its own registers, in register order: the reader has the
// same thread-value layout) and raises its flag (one per consumer warpgroup); the unit with the
// tile's last k-tile (the tile's owner) waits for each earlier CTA's flag in CTA order and adds
// its partial sums, then runs the epilogue. The order of the additions depends on the grid only:
// results are the same from run to run.
// Deviations from CUTLASS: no separate reduction units and no atomic or "nondeterministic"
// reduction (the owner always reduces, in CTA order); the flags are zeroed by the launcher before
// each launch (cudaMemsetAsync); no clusters. Operands: 16-bit, and FP8 with fast accumulation and
// per-tensor scales (K-major; the accumulator and the partial sums are fp32 alike, so the fixup is
// the same); not promoted or block-scaled FP8, whose main loops take the whole K.
#pragma once
#include "gemm_kernels.cuh"

namespace cutego_k {

__device__ __forceinline__ void flag_store_release(int32_t *f, int32_t v) {
  asm volatile("st.release.gpu.global.b32 [%0], %1;" ::"l"(f), "r"(v) : "memory");
}
__device__ __forceinline__ int32_t flag_load_acquire(const int32_t *f) {
  int32_t v;
  asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(f) : "memory");
  return v;
}

// One unit of a CTA's work: k-tiles [k_begin, k_end) of tile `linear` (the data-parallel tile
// order of PersistentTileScheduler).
struct StreamKWork {
  int linear;
  int k_begin, k_end;
  int first_contributor;  // -1: k_end is not the tile's last k-tile (this CTA writes partial sums);
                          // else this CTA completes and stores the tile, adding the partial sums of
                          // CTAs first_contributor, + sk.groups, ... below blockIdx.x
};

// The stream-K tile scheduler: stream-K units from the end of the CTA's range down, then the
// data-parallel tiles blockIdx.x + sk.tiles, + gridDim.x, ... Producer and consumers each hold
// one and walk the same units.
// Groups (CUTLASS's stream-K groups): CTA c is member c / G of group c % G (G = sk.groups) and the
// group's tiles are stream-K tiles g, g + G, ...; each group cuts its own tiles' k-iterations
// among its members. Members of the same rank in their groups then work at the same k offsets of
// G adjacent tiles, which share B's columns (the tile order goes down a raster group's rows
// first): B's k-tiles are read once from memory for the G of them, as in the data-parallel waves.
// Its only registers are the two positions: the rest is read from the kernel's arguments where
// needed (the consumers have no register to spare). int32: the launcher keeps the stream-K
// k-iterations (sk.tiles x k_tiles) and the tiles below 2^31.
struct StreamKTileScheduler {
  const GemmArgs &p;
  const cutego_gemm_stream_k_t &sk;
  int cur;  // the end of the CTA's stream-K k-iterations still to walk (in its group's iterations)
  int dp;   // the next data-parallel tile
  __device__ __forceinline__ StreamKTileScheduler(const GemmArgs &args, const cutego_gemm_stream_k_t &s)
      : p(args), sk(s) {
    cur = range_start(member() + 1);
    dp = static_cast<int>(sk.tiles) + static_cast<int>(blockIdx.x);
  }
  __device__ __forceinline__ int group() const { return static_cast<int>(blockIdx.x) % sk.groups; }
  __device__ __forceinline__ int member() const { return static_cast<int>(blockIdx.x) / sk.groups; }
  // The group's members and k-iterations per member: base, base + 1 for the first `extra`.
  __device__ __forceinline__ void share(int &base, int &extra) const {
    const int g = group(), ng = sk.groups;
    const int ctas = (static_cast<int>(gridDim.x) - g + ng - 1) / ng;
    const int total = ((static_cast<int>(sk.tiles) - g + ng - 1) / ng) * p.k_tiles;
    base = total / ctas;
    extra = total - base * ctas;
  }
  // The first k-iteration (of the group's) of member j's range.
  __device__ __forceinline__ int range_start(int j) const {
    int base, extra;
    share(base, extra);
    return j * base + (j < extra ? j : extra);
  }
  // The member whose range holds the group's k-iteration i.
  __device__ __forceinline__ int member_of(int i) const {
    int base, extra;
    share(base, extra);
    const int big = extra * (base + 1);
    return i < big ? i / (base + 1) : extra + (i - big) / base;
  }
  __device__ __forceinline__ bool next(StreamKWork &u) {
    const int start = range_start(member());
    if (cur > start) {
      const int t = (cur - 1) / p.k_tiles, t0 = t * p.k_tiles;
      const int kb = start > t0 ? start : t0;
      u.linear = t * sk.groups + group();
      u.k_begin = kb - t0;
      u.k_end = cur - t0;
      u.first_contributor = u.k_end == p.k_tiles ? member_of(t0) * sk.groups + group() : -1;
      cur = kb;
      return true;
    }
    if (dp < p.tiles) {
      u.linear = dp;
      u.k_begin = 0;
      u.k_end = p.k_tiles;
      u.first_contributor = blockIdx.x;
      dp += gridDim.x;
      return true;
    }
    return false;
  }
};

// Tile `linear` as (tm, tn, l), in PersistentTileScheduler's order.
__device__ __forceinline__ WorkTileInfo stream_k_tile(const GemmArgs &p, int64_t linear) {
  const int64_t per_l = static_cast<int64_t>(p.tiles_m) * p.tiles_n;
  const int64_t l = linear / per_l;
  return PersistentTileScheduler<1>(p, static_cast<uint32_t>(l), static_cast<uint32_t>(linear - l * per_l))
      .get_current_work();
}

// A consumer warpgroup's accumulators to and from its 64 x BN slot of the workspace: thread t's
// values v..v+3 at float4 (v / 4) * 128 + t (each store instruction writes 2 KiB in a row), past
// L1 (another SM reads them).
template <int N>
__device__ __forceinline__ void store_partials(float *slot, const float (&acc)[N], int t) {
  static_assert(N % 4 == 0, "float4s");
  float4 *s = reinterpret_cast<float4 *>(slot);
#pragma unroll
  for (int v = 0; v < N; v += 4) __stcg(s + (v / 4) * 128 + t, make_float4(acc[v], acc[v + 1], acc[v + 2], acc[v + 3]));
}
template <int N>
__device__ __forceinline__ void add_partials(float (&acc)[N], const float *slot, int t) {
  const float4 *s = reinterpret_cast<const float4 *>(slot);
#pragma unroll
  for (int v = 0; v < N; v += 4) {
    const float4 x = __ldcg(s + (v / 4) * 128 + t);
    acc[v] += x.x, acc[v + 1] += x.y, acc[v + 2] += x.z, acc[v + 3] += x.w;
  }
}

// gemm_wgmma_body's roles and pipeline (without clusters), walking StreamKTileScheduler's units.
template <class Cfg, class OA, class OB, class TI, typename TO>
__device__ __forceinline__ void gemm_stream_k_body(const CUtensorMap *tma_a, const CUtensorMap *tma_b,
                                                   const CUtensorMap *tma_d, const GemmArgs &p,
                                                   const cutego_gemm_stream_k_t &sk) {
  constexpr int S = Cfg::STAGES, BM = Cfg::BM, BN = Cfg::BN;
  static_assert(OA::rows == BM && OB::rows == BN, "operand layouts do not match the tile");
  static_assert(BM == 128, "two consumer warpgroups of 64 rows each");
  static_assert(!is_promoted<TI> && !is_block_scaled<TI>, "stream-K takes 16-bit operands or fast-accumulation FP8");
  extern __shared__ uint8_t smem_raw[];
  uint8_t *base = align1024(smem_raw);
  uint8_t *sa = base;
  uint8_t *sb = base + S * OA::stage_bytes;
  uint8_t *staging = sb + S * OB::stage_bytes;
  PipelineTmaAsync<S> &pipe = *reinterpret_cast<PipelineTmaAsync<S> *>(staging + kEpiBuffers<Cfg> * kEpiChunkBytes);
  const int wg = threadIdx.x / 128;
  if (threadIdx.x == 0) pipe.init(1, Cfg::CONSUMER_WARPGROUPS);
  __syncthreads();

  if (wg == 0) {
    setmaxnreg_dec<40>();
    if (threadIdx.x == 0) {
      PipelineState<S> write{0};
      producer_dispatch<OA, BM, 1, false>(p, [&](auto, auto halves) {
        StreamKTileScheduler sched(p, sk);
        for (StreamKWork u; sched.next(u);)
          producer_load_tile<Cfg, OA, OB, 1, 1, false, decltype(halves)::value>(
              p, pipe, write, stream_k_tile(p, u.linear), tma_a, tma_b, sa, sb, u.k_begin, u.k_end);
      });
    }
  } else {
    setmaxnreg_inc<232>();
    const int cw = wg - 1, t = threadIdx.x - 128 * wg;
    const int lane = threadIdx.x % 32;
    constexpr int64_t kSlot = static_cast<int64_t>(BM) * BN, kHalf = 64 * BN;  // floats per CTA, per warpgroup
    float acc[BN / 2];
    PipelineState<S> read{0};
    StreamKTileScheduler sched(p, sk);
    for (StreamKWork u; sched.next(u);) {
      const WorkTileInfo w = stream_k_tile(p, u.linear);
      if (!consumer_mma_tile<Cfg, OA, OB, TI, 1>(p, pipe, read, w, cw, lane, acc, sa, sb, nullptr, u.k_begin,
                                                 u.k_end))
        continue;  // (rows past M: no partial sums written, none waited for)
      if (u.first_contributor < 0) {
        store_partials<BN / 2>(sk.partials + blockIdx.x * kSlot + cw * kHalf, acc, t);
        __threadfence();
        named_barrier_sync(1 + cw, 128);
        if (t == 0) flag_store_release(sk.flags + 2 * blockIdx.x + cw, 1);
        continue;
      }
      for (int c = u.first_contributor; c < static_cast<int>(blockIdx.x); c += sk.groups) {
        if (t == 0)
          while (flag_load_acquire(sk.flags + 2 * c + cw) == 0) {
          }
        named_barrier_sync(1 + cw, 128);
        add_partials<BN / 2>(acc, sk.partials + c * kSlot + cw * kHalf, t);
      }
      store_tile<Cfg, OB, TO>(p, tma_d, acc, t, cw, staging, w);
    }
    if (t == 0) bulk_wait_all();
  }
}

}  // namespace cutego_k

// ---- kernel entry points: cutego_gemm_<config>_<A major><B major>_<in>_<out>_streamk ---------
typedef void (*cutego_gemm_wgmma_sk_fn)(const CUtensorMap, const CUtensorMap, const CUtensorMap,
                                        const cutego_gemm_args_t, const cutego_gemm_stream_k_t);

#define CUTEGO_GEMM_STREAM_K_KERNEL(CFG, CFGNAME, AM, BM_, AMN, BMN, TI, INNAME, TO, OUTNAME)                    \
  extern "C" __global__ void __launch_bounds__(CUTEGO_GEMM_THREADS(cutego_gen::CFG::CONSUMER_WARPGROUPS), 1)   \
      cutego_gemm_##CFGNAME##_##AMN##BMN##_##INNAME##_##OUTNAME##_streamk(                                    \
          const __grid_constant__ CUtensorMap tma_a, const __grid_constant__ CUtensorMap tma_b,               \
          const __grid_constant__ CUtensorMap tma_d, const cutego_k::GemmArgs p,                              \
          const cutego_gemm_stream_k_t sk) {                                                                  \
    cutego_k::programmatic_launch_prologue(&tma_a, &tma_b, &tma_d, p.flags);                                  \
    cutego_k::gemm_stream_k_body<cutego_gen::CFG, cutego_gen::CFG::A_##AM, cutego_gen::CFG::B_##BM_, TI, TO>( \
        &tma_a, &tma_b, &tma_d, p, sk);                                                                       \
  }

#define CUTEGO_GEMM_SK_FNS_DECL(CFGNAME, AMN, BMN) \
  extern "C" const cutego_gemm_wgmma_sk_fn cutego_gemm_sk_fns_##CFGNAME##_##AMN##BMN[2][3];
#define CUTEGO_GEMM_SK_FNS_MAJORS(CFGNAME) CUTEGO_GEMM_EACH_MAJORS(CUTEGO_GEMM_SK_FNS_DECL, CFGNAME)

// The six stream-K kernels of one configuration and pair of majors, and their table
// cutego_gemm_sk_fns_<config>_<majors>[in][out] (as cutego_gemm_fns_*).
#define CUTEGO_GEMM_STREAM_K_INSTANCE(CFG, CFGNAME, AM, BM_, AMN, BMN)                 \
  CUTEGO_GEMM_EACH_INOUT(CUTEGO_GEMM_STREAM_K_KERNEL, CFG, CFGNAME, AM, BM_, AMN, BMN) \
  CUTEGO_GEMM_SK_FNS_DECL(CFGNAME, AMN, BMN)                                          \
  const cutego_gemm_wgmma_sk_fn cutego_gemm_sk_fns_##CFGNAME##_##AMN##BMN[2][3] =     \
      CUTEGO_GEMM_INOUT_TABLE(cutego_gemm_##CFGNAME##_##AMN##BMN, _streamk);

// ---- FP8 (fast accumulation, per-tensor scales): cutego_gemm_<config>_kk_<in>_<out>_streamk ----
// A and B K-major, in e4m3, e5m2, e4m3e5m2 or e5m2e4m3 (A's type first). The arguments of the
// 16-bit stream-K kernels, then the per-tensor scales as a sixth (as the data-parallel FP8
// kernels' fifth, folded into alpha once per CTA: with_per_tensor_scales); the launcher passes
// args[] = {A, B, D maps, GemmArgs, cutego_gemm_stream_k_t, cutego_gemm_scales_t}.
typedef void (*cutego_gemm_wgmma_fp8sk_fn)(const CUtensorMap, const CUtensorMap, const CUtensorMap,
                                           const cutego_gemm_args_t, const cutego_gemm_stream_k_t,
                                           const cutego_gemm_scales_t);

#define CUTEGO_GEMM_FP8_STREAM_K_KERNEL(CFG, CFGNAME, TI, INNAME, TO, OUTNAME)                                 \
  extern "C" __global__ void __launch_bounds__(CUTEGO_GEMM_THREADS(cutego_gen::CFG::CONSUMER_WARPGROUPS), 1)   \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_##OUTNAME##_streamk(                                              \
          const __grid_constant__ CUtensorMap tma_a, const __grid_constant__ CUtensorMap tma_b,               \
          const __grid_constant__ CUtensorMap tma_d, const cutego_k::GemmArgs p,                              \
          const cutego_gemm_stream_k_t sk, const cutego_gemm_scales_t s) {                                    \
    cutego_k::programmatic_launch_prologue(&tma_a, &tma_b, &tma_d, p.flags);                                  \
    const cutego_k::GemmArgs q = cutego_k::with_per_tensor_scales(p, s);                                      \
    cutego_k::gemm_stream_k_body<cutego_gen::CFG, cutego_gen::CFG::A_K, cutego_gen::CFG::B_K, TI, TO>(        \
        &tma_a, &tma_b, &tma_d, q, sk);                                                                       \
  }

// Its table per configuration and pair of types: cutego_gemm_fp8sk_fns_<config>_kk_<in>[out]
// (out: 0 bf16, 1 f16, 2 f32).
#define CUTEGO_GEMM_FP8SK_FNS_DECL(CFGNAME, INNAME) \
  extern "C" const cutego_gemm_wgmma_fp8sk_fn cutego_gemm_fp8sk_fns_##CFGNAME##_kk_##INNAME[3];

// The three stream-K kernels (one per output type) of one FP8 configuration and pair of types,
// and their table (a translation unit of the C library each: gemm_<config>_kk_<in>.cu).
#define CUTEGO_GEMM_FP8_STREAM_K_INSTANCE(CFG, CFGNAME, TI, INNAME)                                       \
  CUTEGO_GEMM_FP8_STREAM_K_KERNEL(CFG, CFGNAME, TI, INNAME, __nv_bfloat16, bf16)                          \
  CUTEGO_GEMM_FP8_STREAM_K_KERNEL(CFG, CFGNAME, TI, INNAME, __half, f16)                                  \
  CUTEGO_GEMM_FP8_STREAM_K_KERNEL(CFG, CFGNAME, TI, INNAME, float, f32)                                   \
  CUTEGO_GEMM_FP8SK_FNS_DECL(CFGNAME, INNAME)                                                             \
  const cutego_gemm_wgmma_fp8sk_fn cutego_gemm_fp8sk_fns_##CFGNAME##_kk_##INNAME[3] = {                   \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_bf16_streamk, cutego_gemm_##CFGNAME##_kk_##INNAME##_f16_streamk, \
      cutego_gemm_##CFGNAME##_kk_##INNAME##_f32_streamk};

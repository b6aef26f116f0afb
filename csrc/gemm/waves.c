/* waves.c — the C launcher's choices from the device's SM count (waves of CTAs), both measured
 * on the H200 (bench/GEMM-NOTES.md):
 *
 * cutego_gemm_pick_config: 128x256, 128x224, 128x192 or 128x168 (16-bit) or 128x128 tiles. A tile of 128x128 costs
 * 0.577 of one of 128x256 (4096^3: 8 waves of 128x128 took 1.153x the time of 4 waves of
 * 128x256), one of 128x192 0.83 (one wave each: 256x11008x4096 38.0 against 44.7 us, 512x6144x4096
 * 36.8 / 44.5, 1536^3 15.6 / 19.0; bench/results/2026-12-02-tile192), and a partial wave costs a
 * whole one, so the time is ceil(tiles / sms) * (1, 0.83 or 0.577). 128x192 then fills one wave
 * where 128x256 leaves a third of the SMs idle (256x11008, 512x6144: 1.18-1.21x faster) and saves
 * a wave of 128x128 (1024x6144, 1536^3, 3000^3); measured slower where it adds a partial wave
 * (256x14336, 2048^3, 4096^3, 3000x5000x1000), which the rule leaves alone. A 16-bit 128x168 tile
 * (cuBLAS's on 256x11008: 66 columns of tiles, 132 on 256 rows) costs 0.74 where B is K-major (the
 * only B it reads): at as many waves as 128x192 it measured 1.01-1.05x faster, forced beside the
 * automatic plan in one process (bench/results/2026-12-03-tile168: 256x11008x4096 36.0 against 36.5
 * us, 384x6144 32.2 / 33.5, 512x11008 64.9 / 67.3, 1000x5000 62.0 / 64.9 stream-K, 768x3000 30.2 /
 * 33.0), and slower wherever it adds a wave (512x6144 61.4 / 36.0). 0.74 rather than 0.77 takes it
 * also for 4 waves against 3 of 128x256 (bench/results/2026-12-03-cost168, the two costs alternated
 * three times: 768x14336x4096 1.075x, 1000 / 1024 x 11008 1.057 / 1.051x, 384x28672 1.037x,
 * 333x28672 1.002x). 128x224 tiles (16-bit) replace 128x256 ones where they take as many waves
 * (wave_128x224).
 *
 * cutego_gemm_split_k: how many slices of K a plan's GEMM computes separately (fp32 partial sums
 * in a workspace, then a deterministic reduction).
 *
 * A plan with fewer output tiles than SMs leaves most multiprocessors idle while each CTA walks
 * the whole K (M = 1..128 against N = 4096 has 32 tiles of 128x128 on 132 SMs). Splitting K into
 * S slices gives S times the CTAs, each with 1/S of the k-tiles, at the price of the partial sums
 * (4 bytes per output and slice, written and read back) and a second kernel. Measured on the H200
 * (bench/GEMM-NOTES.md, forced splits 1, 2, 4, 8 over M = 1..512 and the LLM shapes): the best
 * split is the largest that keeps every slice's CTA in the first wave (tiles * S <= SMs) — a
 * second wave of slices always lost — while each slice keeps at least 1024 of K (16 k-tiles of
 * 64; shorter slices were not measured to win). So: S = the largest valid split with
 * tiles * S <= sms and K / S >= kMinSliceK, taken when it is at least 2.
 *
 * cutego_gemm_narrow: 128x64 tiles instead, where 128x128 tiles would split K and 128x64 ones,
 * twice as many, split it less (M <= 256 against N = 4096-6144: 32 tiles of 128x128 in 4
 * slices become 64 in 2, 48 or 64 in 2 become 96 or 128 unsplit) and the cost model below
 * says the saved reduction outweighs the narrow tile's dearer main loop (it does not for
 * 256 x 4096 x 14336: two slices of 128x128 stay). The slices then run on 128x64 tiles too. Where
 * neither splits, 128x64 also where 128x128 is the data-parallel choice and twice its tiles fill
 * at least half the SMs in fewer waves' worth of main loop (1024^3: 9.4 -> 7.9 us, 768^3 8.1 ->
 * 6.7), with A's and B's rows on the 128-byte grid (1000^3 lost: 10.9 -> 12.6 us).
 * cutego_gemm_narrow_config: the narrow plan's tiles: 64x64 for at most 64 rows (ONE consumer
 * warpgroup; first 13 stages of 16 KiB where 128x64 holds 8 whose A stages carry 128 rows of which
 * at most 64 are real; as many tiles, so the same split), measured 0.94-0.96 of 128x64's time on
 * 1-32 x 6144 x 4096, within +-3% on the split shapes (bench/results/2026-12-03-decode); above 64
 * rows, 64x128 (ONE consumer warpgroup, m64n128k16, 8 stages of 24 KiB), as many tiles as 128x64
 * and measured as fast or faster (bench/results/2026-12-03-inflight: 256x4096x4096 18.3 -> 15.5
 * us). 64x32 tiles for at most 64 rows where 64x64 ones would split K and 64x32 ones fill more
 * than half a wave unsplit (N = 4096: 128 tiles; wave_64x32 says what was measured); above 64 rows,
 * 64x64 tiles where 64x128 ones would split and 64x64 ones fill more than half a wave unsplit
 * (128 x 4096: 128 tiles; wave_64x64). The 64x64 and 64x32 stages hold two k-blocks each
 * (kernels/gemm_k_blocks.h).
 * Before these, cutego_gemm_narrow_config takes 64x128 tiles for a 16-bit GEMM of more than 64
 * rows with A's and B's rows on the 128-byte grid where the data-parallel choice is 128x128 tiles,
 * neither 128x128 nor 64x128 tiles split K, and the 64x128 tiles fill at most one wave where the
 * 128x128 ones fill at most half of one: 1024^3 (128 tiles against 64), 768^3 (72 against 36),
 * 512^3 (32 against 16). cuBLAS runs 1000^3 and 1024^3 so (ncu: nvjet_sm90_tst_128x64_64x8_1x2,
 * 128 CTAs of 64 M-rows x 128 N-columns, 8 stages). Measured (bench/results/2026-12-03-inflight,
 * before and after alternated): 512^3 5.8 -> 4.5 us, 768^3 5.8 -> 5.2, 1024^3 7.0 -> 6.2; 1000^3,
 * rows of 2,000 bytes, 9.8 -> 10.6: kept on 128x128.
 * Two of cuBLAS's own tiles follow: where those rules give 64x128 tiles for 97-128 rows, 64x96 ones
 * where they fill more of one wave (wave_64x96; run in 2x1 clusters); where none applies, 128x96
 * tiles for two whole rows of 128-row tiles where 128x128 is the data-parallel choice and fills less
 * of one wave (wave_128x96).
 *
 * cutego_gemm_stream_k: stream-K (gemm_stream_k.cuh) where a partial last wave of tiles leaves
 * SMs idle and K does not split. Data-parallel, the time is pick_config's: ceil(tiles / sms)
 * waves x the tile's cost (1 for 128x256, 0.577 for 128x128). Stream-K with the hybrid of
 * cutego_gemm_stream_k_tiles runs the data-parallel waves, then each CTA's even share of the
 * stream-K tiles' k-iterations, ipc = sk_tiles x k_tiles / sms, each costing kStreamKIterCost of
 * a data-parallel one, plus its fixup: writing one tile of fp32 partial sums and reading those of
 * the CTAs before it in the tile it completes, ceil(k_tiles / ipc) of them at most, each costing
 * kFixupIters k-iterations. Both constants are fitted against today's data-parallel kernels (their
 * deferred stores and main loops, which the stream-K kernels do not have), on an H100 with the
 * automatic plan and the same forced data-parallel in turn (bench/results/2026-12-06-s37, -s38):
 * - kStreamKIterCost 1.6: the 17 shapes of a 1,080-shape grid (M 256-16384, N 1024-32768,
 *   K 1024-14336) that took stream-K at the H200's older 1.2, all at K = 11008 / 14336, ran
 *   1.03-1.18x faster data-parallel; the cost each implies is 1.60-2.28, and 1.6 is the least.
 * - kFixupIters 18: a fixup is a fixed cost per tile (a 128x256 fp32 tile written, the ones
 *   before it read, the flags waited on), so it weighs on short K; fitted at 17 on 2048 x 11008 x
 *   4096 (H100) and 19 on 1536 x 14336 x 4096 (H200, bench/results/2026-12-04-sk224).
 * At these no shape of K <= 28672 in such grids takes stream-K on 132 SMs. It stays where K is long
 * enough for the fixup to vanish and the data-parallel tiles leave a sliver of a last wave (2432 x
 * 7168 x 32768: 532 tiles of 128x256); there FP8 ran 1.03-1.12x faster in stream-K on five shapes
 * and bf16 about even (0.96-1.10x data-parallel on five). Below one full wave
 * (all tiles stream-K, M = 256-512: memory-bound) 1.2-1.4x and no shape gained, so stream-K needs
 * more tiles than SMs; a second fit (bench/results/2026-12-02-one-wave: stream-K, split K, 2x1
 * clusters and both tiles forced on M = 64-1024 x N = 4096-14336) found no plan more than 2.3%
 * faster than these rules' choice on any of its 25 shapes. Stream-K is taken where it beats the
 * best data-parallel configuration by kStreamKMargin, on 128x256 tiles only (every measured gain;
 * stream-K on 128x128 tiles lost 2-12% where the model picked it), and only with at least
 * kMinStreamKIters k-iterations per CTA (shorter shares are mostly fixup). FP8 with fast
 * accumulation takes the same model with its own k-tiles (128 of K, cutego_gemm_k_tiles): a k-tile
 * loads the same 128 bytes of each row of A and B and takes the same MMA cycles as a 16-bit one of
 * 64, and the fixup's partial sums are fp32 alike (fitted on 16-bit operands only). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "cutego_kernels.h"
#include "waves.h"
#include "config_boxes.h"
#include "../planner.h"

/* kTile: the rows of the 128-row tiles (one tile row: M <= kTile) and the columns of 128x128 ones
 * (N <= kTile: no wider tile pays). The tiles' own extents come from cutego_gemm_tile_extent. */
enum { kShortK = 640, kMaxSplit = 16, kMinSliceK = 1024, kMinSliceKFp8Rows = 1536, kTile = 128, kFp8FewRows = 512, kFp8ManyTilesMinK = 1024,
       kFp8ManyTilesMaxK = 4096 };
/* cutego_gemm_narrow's cost model (tile_time), fitted on the H200 (bench/GEMM-NOTES.md, "Small M,
 * second pass"): a 128x64 tile's main loop costs, per K element, 0.5 of a 128x128 tile's where
 * the GEMM has one tile row (M <= 128: B's bytes bound it, and they halve) and 0.62 where
 * there are more (the MMAs bound it: 256x4096x14336 took 60.9 us for K = 14336 unsplit on
 * 128x64 tiles, and ~49 us for K = 7168 on 128x128 ones, 54.1 us with the reduction: 4.25 and
 * 6.85 ns per K element); a split's reduction (the second kernel, partial sums written and
 * read) costs what 760 + 64 per slice K elements of 128x128 main loop do (~5 us). */
static const double kNarrowPerKOneRow = 0.5, kNarrowPerK = 0.62, kReduce = 760, kReducePerSlice = 64;

static int64_t waves(int64_t tiles, int sms) { return (tiles + sms - 1) / sms; }

/* A 128x128 tile's main loop against a 128x256 one's (cutego_gemm_pick_config), a 16-bit 128x192
 * one's, and a 16-bit 128x168 one's (of a K-major B). */
static const double kCost128 = 0.577, kCost192 = 0.83, kCost168 = 0.74;

static int is_16bit(int32_t ab_dtype) { return ab_dtype == CUTEGO_DTYPE_BF16 || ab_dtype == CUTEGO_DTYPE_F16; }
static int is_fp8(int32_t ab_dtype) { return ab_dtype == CUTEGO_DTYPE_E4M3 || ab_dtype == CUTEGO_DTYPE_E5M2; }

/* The tiles of an m x n x l output on configuration config's tiles (cutego_gemm_tile_extent, of
 * the FP8 table where fp8) in *t; -1 where the configuration has no tiles of that width or the
 * count passes int64 (no kernel runs such a GEMM). */
static int count_tiles(int64_t m, int64_t n, int64_t l, int config, int fp8, int64_t *t) {
  int64_t bm, bn;
  if (cutego_gemm_tile_extent(config, fp8, &bm, &bn)) return -1;
  return plan_mul((m + bm - 1) / bm, (n + bn - 1) / bn, t) || plan_mul(*t, l, t) ? -1 : 0;
}

/* The data-parallel time of an m x n x l output on configuration config's tiles: waves x the
 * tile's cost (1e300 past int64 tiles, which no kernel runs). */
static double dp_time(int64_t m, int64_t n, int64_t l, int config, int fp8, double cost, int sms) {
  int64_t t;
  if (count_tiles(m, n, l, config, fp8, &t)) return 1e300;
  return cost * (double)waves(t, sms);
}

/* Whether an m x n x l output that the waves give 128x168 tiles takes 128x192 ones instead: at most
 * kFewColumns columns, a multiple of 8, fewer columns of 128x192 tiles whose width covers at most
 * 1/1.04 of 128x168's (N = 576, 704, 768, 896, 960: 3-5 columns against 4-6; not 1024 or 1088, 6
 * against 7, nor 320, 448, 640 and 832, as many) and no more waves. With few columns, every column
 * of tiles reads all of A again. Measured on an H100 (bench/results/2026-12-07-s44, 65 shapes of
 * 2119-16346 rows and 320-1088 columns on 128x168, each forced beside the automatic plan in turn):
 * where this holds, 128x192 over 128x168 1.08x over 33 shapes (3706 x 576 x 768 1.09x, 7552 x 576
 * x 2432 1.22x, 6272 x 768 x 320 1.20x; min 0.96x, 2944 x 768 x 5376); elsewhere 0.91x over 32.
 * Then on 56 fresh shapes that it moved, main against the rule in turn (TN and NN): 1.066x over the
 * 34 of N a multiple of 8 (min 0.965x), 0.92x over the 22 others (a 16-bit D with rows off the
 * 16-byte grid is copied; 6246 x 694 x 463 0.80x), hence the multiple of 8. */
enum { kFewColumns = 1280 };
static int columns_192(int64_t m, int64_t n, int64_t l, int sms) {
  const int c168 = CUTEGO_GEMM_CONFIG_128x168x64, c192 = CUTEGO_GEMM_CONFIG_128x192x64;
  int64_t bm, w168, w192, n168, n192, t168, t192;
  if (n > kFewColumns || n % 8 || cutego_gemm_tile_extent(c168, 0, &bm, &w168) || cutego_gemm_tile_extent(c192, 0, &bm, &w192) ||
      count_tiles(1, n, 1, c168, 0, &n168) || count_tiles(1, n, 1, c192, 0, &n192) || count_tiles(m, n, l, c168, 0, &t168) ||
      count_tiles(m, n, l, c192, 0, &t192))
    return 0;
  return n192 < n168 && 100 * n168 * w168 >= 104 * n192 * w192 && waves(t192, sms) <= waves(t168, sms);
}

/* The data-parallel choice (cutego_gemm_pick_config) and its time in *time; 128x168 tiles only
 * where b_k (B K-major: they read no other), and not where columns_192 says 128x192. */
static int pick_dp(int64_t m, int64_t n, int64_t l, int32_t ab_dtype, int b_k, int sms, double *time) {
  const int fp8 = is_fp8(ab_dtype);
  const double t256 = dp_time(m, n, l, CUTEGO_GEMM_CONFIG_128x256x64, fp8, 1.0, sms),
               t128 = dp_time(m, n, l, CUTEGO_GEMM_CONFIG_128x128x64, fp8, kCost128, sms);
  const int wide = n > kTile && t256 <= t128;
  int config = wide ? CUTEGO_GEMM_CONFIG_128x256x64 : CUTEGO_GEMM_CONFIG_128x128x64;
  *time = wide ? t256 : t128;
  const double t192 =
      n > kTile && is_16bit(ab_dtype) ? dp_time(m, n, l, CUTEGO_GEMM_CONFIG_128x192x64, 0, kCost192, sms) : 1e300;
  if (t192 < *time) *time = t192, config = CUTEGO_GEMM_CONFIG_128x192x64;
  const double t168 = n > kTile && is_16bit(ab_dtype) && b_k
                          ? dp_time(m, n, l, CUTEGO_GEMM_CONFIG_128x168x64, 0, kCost168, sms)
                          : 1e300;
  if (t168 < *time) *time = t168, config = CUTEGO_GEMM_CONFIG_128x168x64;
  if (config == CUTEGO_GEMM_CONFIG_128x168x64 && columns_192(m, n, l, sms)) *time = t192, config = CUTEGO_GEMM_CONFIG_128x192x64;
  return config;
}

/* 128x224 tiles where 128x256 is the data-parallel choice of a 16-bit or FP8 GEMM and 128x224 ones take
 * as many waves (N = 7168, 14336, 28672: 32, 64, 128 columns of them, where 128x256 makes 28, 56,
 * 112): the same waves of a tile that costs ~0.9 of 128x256's. Measured on the H200
 * (bench/results/2026-12-04-tile224, 128x224 forced beside the automatic plan, interleaved): one
 * wave each 256 x 14336 x 4096 1.00x (fp16 1.05x), 512 x 7168 x 4096 1.03x; two waves each 512 x
 * 14336 x 4096 1.10x (fp16 1.11x), 256 x 28672 x 8192 1.11x, 1024 x 7168 x 4096 1.10x; a wave or two
 * more than 128x256: 0.98x (2048 and 4096 x 14336 x 4096: 0.895 of 128x256's time a tile). Against
 * stream-K on 128x256 tiles they measured 0.97-0.99x then, but 1.00-1.03x since the deferred stores
 * (DeferredStore, which the stream-K kernels do not run): where they are the data-parallel choice,
 * stream_k_model keeps it. FP8 (per tensor, fast accumulation: the promoted kernels run 128x128
 * only), 128x224x128 forced beside the automatic plan, interleaved, on an H100
 * (bench/results/2026-12-05-bstma, fp8t224.csv): as many waves 1.02-1.06x (1024 x 14336 x 4096
 * 1.063x against stream-K on 128x256, 512 x 14336 1.046x, 1024 x 7168 1.030x, 256 x 28672 x 8192
 * 1.025x); more waves 0.84-0.99x (1024 x 11008 x 4096 0.84x, 4096^3 0.87x, 1024 x 28672 0.99x). */
static int wave_128x224(int64_t m, int64_t n, int64_t l, int32_t ab_dtype, int sms) {
  int64_t t224, t256;
  const int fp8 = is_fp8(ab_dtype);
  return (fp8 || is_16bit(ab_dtype)) && !count_tiles(m, n, l, CUTEGO_GEMM_CONFIG_128x224x64, fp8, &t224) &&
         !count_tiles(m, n, l, CUTEGO_GEMM_CONFIG_128x256x64, fp8, &t256) && waves(t224, sms) == waves(t256, sms);
}

/* Whether an operand's rows (the stride that is not 1), of elements of `bytes`, lie on a grid of
 * `grid` bytes. */
static int rows_on(const cutego_gemm_operand_t *o, int64_t bytes, int64_t grid) {
  return (o->stride[o->major == 0 ? 0 : 1] * bytes) % grid == 0;
}

/* Whether a 16-bit operand's rows are on the 128-byte grid. */
static int on_grid(const cutego_gemm_operand_t *o) { return rows_on(o, 2, 128); }

/* Whether A's and B's rows, of ab_dtype's bytes, are on the 128-byte grid. */
static int rows_on_grid(const cutego_gemm_plan_t *p) {
  const int64_t bytes = is_fp8(p->ab_dtype) ? 1 : 2;
  return rows_on(&p->a, bytes, 128) && rows_on(&p->b, bytes, 128);
}

/* The choice for B K-major or not (b_k_major) and A's and B's rows on the 128-byte grid or not
 * (grid: 128x224 tiles only there, where they were measured; B off the grid takes 2x1 clusters on
 * 128x256 tiles, cutego_gemm_pitch_in_clusters, which 128x224 has none of). */
static int pick_config_b(int64_t m, int64_t n, int64_t l, int32_t ab_dtype, int b_k_major, int grid, int sms) {
  if (m < 1 || n < 1 || l < 1 || sms < 1) return CUTEGO_GEMM_CONFIG_128x128x64;
  double t;
  const int config = pick_dp(m, n, l, ab_dtype, b_k_major, sms, &t);
  return config == CUTEGO_GEMM_CONFIG_128x256x64 && grid && wave_128x224(m, n, l, ab_dtype, sms)
             ? CUTEGO_GEMM_CONFIG_128x224x64
             : config;
}

int cutego_gemm_pick_config(int64_t m, int64_t n, int64_t l, int32_t ab_dtype, int sms) {
  return pick_config_b(m, n, l, ab_dtype, 1, 1, sms);
}

/* Whether a per-tensor FP8 plan with fast accumulation of more than kFp8FewRows rows, A's or B's
 * rows off the 128-byte grid, that the waves give 128x128 tiles takes 128x256 ones instead
 * (cutego_gemm_pick_config_plan; the 2x1 clusters of cutego_gemm_auto_cluster then share B): both
 * pad N alike (half as many columns of 128x256 tiles) and the 128x256 tiles make at least 1.25
 * waves of sms. The cost model's stream-K and its data-parallel time are unchanged. Measured on an H100
 * (bench/results/2026-12-07-s44, call 12: 128x256 forced beside the automatic 128x128, interleaved
 * with cuBLASLt, per tensor, fast): where this holds 1.07-1.29x on all eight (5632 x 1712 x 2976,
 * 308 tiles, 0.66 -> 0.82-0.84 of cuBLASLt; 4096 x 1440 x 4064, 192 tiles, 1.20-1.23x); alike
 * padding at 153 tiles (2112 x 2288 x 3968) 0.81x and 140 (1216 x 3472 x 2912) 0.95x; N padded more
 * by 128x256 tiles 0.74-0.96x on seven of nine (3456 x 1104 x 4544 0.74x). Then on 32 fresh shapes
 * it moved (call 13, in turn with the planner before): 1.15x over the 23 with rows off the grid (min
 * 0.97x), 0.99x over the nine on it (1531 x 3824 x 4608 0.83x; call 12 had none), hence the grid. */
static int fp8_wide(const cutego_gemm_plan_t *p, int sms) {
  int64_t c128, c256, t256;
  const int64_t m = p->m, n = p->n, l = p->l;
  return is_fp8(p->ab_dtype) && !p->promoted && !(p->flags & CUTEGO_GEMM_F_BLOCK_SCALED) && m > kFp8FewRows &&
         !rows_on_grid(p) &&
         !count_tiles(1, n, 1, CUTEGO_GEMM_CONFIG_128x128x64, 1, &c128) &&
         !count_tiles(1, n, 1, CUTEGO_GEMM_CONFIG_128x256x64, 1, &c256) &&
         !count_tiles(m, n, l, CUTEGO_GEMM_CONFIG_128x256x64, 1, &t256) && 2 * c256 == c128 && 4 * t256 >= 5 * (int64_t)sms;
}

int cutego_gemm_pick_config_plan(const cutego_gemm_plan_t *p, int sms) {
  if (!p) return CUTEGO_GEMM_CONFIG_128x128x64;
  const int c = pick_config_b(p->m, p->n, p->l, p->ab_dtype, p->b.major == 0, rows_on_grid(p), sms);
  return c == CUTEGO_GEMM_CONFIG_128x128x64 && sms > 0 && fp8_wide(p, sms) ? CUTEGO_GEMM_CONFIG_128x256x64 : c;
}

/* A block-scaled 128x192 tile's main loop against a 128x128 one's. Measured on the H200
 * (bench/GEMM-NOTES.md, "Block-scaled FP8 on 128x192 tiles"; both forced on DeepGEMM's 18 shapes):
 * 1.48-1.64 where every SM runs several tiles (M = 4096: its one partial sum leaves the wait and
 * the promotion of each k-tile uncovered, where 128x128 keeps two), 1.13 for one tile per SM. So
 * 128x192 pays only where it saves a wave of 128x128 tiles (DeepGEMM's N = 24576 at M = 64 and
 * 128: one wave against two; 4096 x 2112: three against five). */
static const double kCostBlock192 = 1.6;

int cutego_gemm_pick_config_blockscaled(int64_t m, int64_t n, int64_t l, int sms) {
  if (m < 1 || n <= kTile || l < 1 || sms < 1) return CUTEGO_GEMM_CONFIG_128x128x64;
  int64_t t128, t192;
  if (count_tiles(m, n, l, CUTEGO_GEMM_CONFIG_128x128x64, 1, &t128) ||
      count_tiles(m, n, l, CUTEGO_GEMM_CONFIG_128x192x128, 1, &t192))
    return CUTEGO_GEMM_CONFIG_128x128x64; /* (tiles past int64: no kernel runs them) */
  return kCostBlock192 * (double)waves(t192, sms) < (double)waves(t128, sms) ? CUTEGO_GEMM_CONFIG_128x192x128
                                                                              : CUTEGO_GEMM_CONFIG_128x128x64;
}


/* Whether K splits into s slices that a batched tensor map reads: equal slices of whole 16-byte
 * steps (the slice is the batch stride, in bytes a multiple of 16); block-scaled, of whole K
 * blocks of the scales. */
static int splits_evenly(const cutego_gemm_plan_t *p, int s) {
  const int step = (p->flags & CUTEGO_GEMM_F_BLOCK_SCALED) ? CUTEGO_GEMM_SCALE_BLOCK
                   : p->ab_dtype == CUTEGO_DTYPE_E4M3 || p->ab_dtype == CUTEGO_DTYPE_E5M2 ? 16 : 8;
  const int64_t k = cutego_gemm_split_extent(p);
  return s >= 1 && k % s == 0 && (k / s) % step == 0;
}

int64_t cutego_gemm_split_extent(const cutego_gemm_plan_t *p) {
  const int both = CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B;
  return (p->flags & both) == both && p->a.stride[0] == p->b.stride[0] && p->a.stride[0] >= p->k ? p->a.stride[0]
                                                                                                   : p->k;
}

int cutego_gemm_split_pad(const cutego_gemm_plan_t *p, int operand, int64_t *offset, int64_t *pitch, int64_t *width,
                          int64_t *rows) {
  if (!p || (operand != 0 && operand != 1) || !offset || !pitch || !width || !rows) return 0;
  const int64_t x = cutego_gemm_split_extent(p), es = is_fp8(p->ab_dtype) ? 1 : 2;
  if (x <= p->k) return 0;
  const cutego_gemm_operand_t *o = operand ? &p->b : &p->a;
  *offset = p->k * es, *pitch = o->stride[0] * es, *width = (x - p->k) * es;
  *rows = o->extent[0] * (o->extent[2] > 1 ? o->extent[2] : 1);
  return 1;
}

/* The automatic split of a plan whose slices run on configuration config's tiles: the largest S
 * with every slice of every tile in one wave and slices of at least kMinSliceK (1: none, also
 * where the configuration has no tiles of the plan's operand width). */
static int fp8_row_split(const cutego_gemm_plan_t *p, int config);
static int auto_split(const cutego_gemm_plan_t *p, int sms, int config) {
  int64_t tiles;
  if (count_tiles(p->m, p->n, 1, config, is_fp8(p->ab_dtype), &tiles)) return 1;
  const int fp8_rows = fp8_row_split(p, config);
  for (int s = kMaxSplit; s >= 2; --s)
    if (tiles * s <= sms && cutego_gemm_split_extent(p) / s >= (fp8_rows ? kMinSliceKFp8Rows : kMinSliceK) &&
        splits_evenly(p, s))
      return fp8_rows && s < 3 ? 1 : s;
  return 1;
}

/* Whether a plan's slices on configuration config are per-tensor FP8 (fast) on 64-row tiles: those
 * split K only into at least 3 slices of at least kMinSliceKFp8Rows. Measured on an H100
 * (bench/results/2026-12-07-s41): 64 tiles of 64x64 unsplit against 2 slices 1.04-1.23x (M <= 64 x
 * 4096 x 4096, 7168, 14336), 14 tiles (2 x 848 x 2048) 1.58x against 2 slices of 1024; 33 tiles in 4
 * slices of 1792 against none 0.93-1.23x (M <= 64 x 2112 x 7168), 10 tiles in 8 slices of 1616 1.56x
 * (64 x 592 x 12928). */
static int fp8_row_split(const cutego_gemm_plan_t *p, int config) {
  return is_fp8(p->ab_dtype) && !p->promoted && !(p->flags & CUTEGO_GEMM_F_BLOCK_SCALED) &&
         (config == CUTEGO_GEMM_CONFIG_64x64x128 || config == CUTEGO_GEMM_CONFIG_64x128x64);
}

/* The 64-row block-scaled tiles (one consumer warpgroup) for a GEMM of at most 128 rows whose
 * 128-row tiles would split K into slices of the shortest length the split takes (kMinSliceK: 8
 * k-tiles), where most of a slice's time is its pipeline's fill and the fixup. Measured on the H200
 * (bench/results/2026-12-05-bs64, DeepGEMM's shapes, each plan beside 128x128 forced in one
 * process): such shapes ran 1.70x (64 x 7168 x 2048, 64x64 tiles unsplit against 128x128 in two
 * slices), 1.43x (128 x 7168 x 2048, 64x128), 1.04x and 0.97x (64 and 128 x 2112 x 7168, 64x64 in
 * 4 and 2 slices against 128x128 in 7); with longer slices the 64-row tiles lost (0.89-0.95x,
 * K = 7168 in 4 slices, K = 16384 in 2), and against 128x192 tiles unsplit (0.84x, 64 x 24576 x
 * 1536). Of the two, the one whose waves cost least, a tile's time taken as its rows and columns
 * of A and B: 64x64 0.5 of a 128x128 tile, 64x128 0.75. */
static const int kSmallM = 128;
static const double kCostBlock64x64 = 0.5, kCostBlock64x128 = 0.75;

int cutego_gemm_pick_config_blockscaled_k(int64_t m, int64_t n, int64_t k, int64_t l, int sms) {
  const int config = cutego_gemm_pick_config_blockscaled(m, n, l, sms);
  int64_t t64, t64n;
  if (m > kSmallM || l != 1 || k < 1 || sms < 1 ||
      count_tiles(m, n, l, CUTEGO_GEMM_CONFIG_64x64x128, 1, &t64) ||
      count_tiles(m, n, l, CUTEGO_GEMM_CONFIG_64x128x64, 1, &t64n))
    return config;
  /* the 128-row tiles' automatic split, as the planner's for this GEMM (no packed operands) */
  cutego_gemm_plan_t q;
  memset(&q, 0, sizeof q);
  q.m = m, q.n = n, q.k = k, q.l = 1, q.ab_dtype = CUTEGO_DTYPE_E4M3, q.flags = CUTEGO_GEMM_F_BLOCK_SCALED;
  const int split = auto_split(&q, sms, config);
  if (split == 1 || k / split > kMinSliceK) return config;
  return kCostBlock64x64 * (double)waves(t64, sms) <= kCostBlock64x128 * (double)waves(t64n, sms)
             ? CUTEGO_GEMM_CONFIG_64x64x128
             : CUTEGO_GEMM_CONFIG_64x128x64;
}

/* Why a plan cannot split K at all ("" when it can). */
static const char *no_split(const cutego_gemm_plan_t *p) {
  if (p->path != CUTEGO_GEMM_PATH_WGMMA) return "not the wgmma path";
  if (p->l != 1) return "a batched GEMM";
  /* (1x2 clusters sharing A split: the slices run in them, A's slices shared alike) */
  if (p->cluster_m > 1) return "2x1 clusters";
  if (p->flags & CUTEGO_GEMM_F_PACK_D) return "a packed C/D";
  if (p->flags & CUTEGO_GEMM_F_ROWS) return "A and B read by cp.async (rows off the 16-byte grid)";
  return "";
}

/* Whether a plan on 64x128 tiles of M in (128, 192] (two_rows_64x128) that would split K in 2 slices
 * runs unsplit: where its tiles fill more than a third of one wave (the 64x64 tiles, twice as many,
 * fill more than 15/16 of it where half_row_64x64 declines them: 63-66 tiles on 132 SMs) and K is
 * at most kHalfRowUnsplitK or a slice would start off the 128-byte grid (its rows then cost two L2
 * lines a box row, as rows off the grid do). Fitted on an H100 (bench/results/2026-12-07-s45,
 * call 1: every such plan unsplit against the tree in turn, 24 shapes of 63-66 tiles): slices off
 * the grid 1.14-1.44x (6 of 6: 142 x 2752 x 2880 1.44x, 149 x 2688 x 5056 1.30x, 155 x 2752 x 11456 1.24x);
 * on it 1.00-1.18x at K <= 7040 (10 of 10: 190 x 2816 x 5376 1.18x, 138 x 2816 x 3328 1.16x) and
 * 0.90-1.00x at K >= 7296 (7 of 7: 130 x 2816 x 13056 0.90x), where the slices keep their split.
 * Checked on 32 fresh shapes it moves (bench/results/2026-12-07-s46, call 1): 24 TN 1.20x
 * (0.99-1.38x), 8 NN 1.16x (1.09-1.32x). */
enum { kHalfRowUnsplitK = 7168 };
static int two_rows_64x128(const cutego_gemm_plan_t *p, int64_t max_m);
static int half_row_unsplit(const cutego_gemm_plan_t *p, int sms) {
  int64_t t;
  if (p->config != CUTEGO_GEMM_CONFIG_64x128x64 || !two_rows_64x128(p, 192) ||
      count_tiles(p->m, p->n, p->l, CUTEGO_GEMM_CONFIG_64x128x64, 0, &t) || 3 * t <= sms ||
      auto_split(p, sms, CUTEGO_GEMM_CONFIG_64x128x64) != 2)
    return 0;
  return p->k <= kHalfRowUnsplitK || (cutego_gemm_split_extent(p) / 2) % 64 != 0; /* 64 16-bit elements: 128 bytes */
}

int cutego_gemm_split_k(const cutego_gemm_plan_t *p, int sms, int requested, char *why, size_t why_len) {
  if (why && why_len) why[0] = 0;
  if (!p || sms < 1) return 1;
  const char *no = no_split(p);
  if (requested > 1) {
    if (requested > kMaxSplit || !splits_evenly(p, requested) || no[0]) {
      if (why && why_len)
        snprintf(why, why_len, "split_k %d: %s", requested,
                 no[0] ? no : requested > kMaxSplit ? "more than 16 slices" : (p->flags & CUTEGO_GEMM_F_BLOCK_SCALED) ? "K is not a multiple of split_k whole K blocks of 128" : "K is not a multiple of split_k whole 16-byte steps");
      return -1;
    }
    return requested;
  }
  if (requested == 1 || no[0]) return 1;
  if (p->config == CUTEGO_GEMM_CONFIG_128x192x64) return 1; /* data-parallel: split only where split_k asks */
  if (half_row_unsplit(p, sms)) return 1;
  /* counted on the tiles the slices run on: the plan's own, or 128x128 for the wide 128x256 and
   * 128x192x128 ones */
  return auto_split(p, sms, cutego_gemm_slice_config(p));
}

int cutego_gemm_slice_config(const cutego_gemm_plan_t *p) {
  switch (p ? p->config : -1) {
    case CUTEGO_GEMM_CONFIG_128x64x64:
    case CUTEGO_GEMM_CONFIG_64x64x128:
    case CUTEGO_GEMM_CONFIG_64x32x128:
    case CUTEGO_GEMM_CONFIG_64x128x64:
    case CUTEGO_GEMM_CONFIG_64x96x64:
    case CUTEGO_GEMM_CONFIG_128x96x64:
      return p->config;
    default:
      return CUTEGO_GEMM_CONFIG_128x128x64;
  }
}

/* The time of a plan's GEMM on 128x128 or 128x64 tiles (config) in s slices of K, in units of one K
 * element of a 128x128 tile's main loop: waves of CTAs x K / s x the tile's cost per K element,
 * plus the partial sums' reduction where s > 1 (1e300 for other tiles). */
static double tile_time(const cutego_gemm_plan_t *p, int sms, int config, int s) {
  int64_t tiles;
  if ((config != CUTEGO_GEMM_CONFIG_128x128x64 && config != CUTEGO_GEMM_CONFIG_128x64x64) ||
      count_tiles(p->m, p->n, 1, config, 0, &tiles))
    return 1e300;
  const int64_t ctas = tiles * s;
  const double per_k = config == CUTEGO_GEMM_CONFIG_128x128x64 ? 1.0 : p->m <= kTile ? kNarrowPerKOneRow : kNarrowPerK;
  return (double)waves(ctas, sms) * (double)(p->k / s) * per_k + (s > 1 ? kReduce + kReducePerSlice * s : 0.0);
}

int cutego_gemm_narrow(const cutego_gemm_plan_t *p, int sms) {
  if (!p || sms < 1 || no_split(p)[0] || p->ab_dtype == CUTEGO_DTYPE_E4M3 || p->ab_dtype == CUTEGO_DTYPE_E5M2)
    return 0;
  const int c64 = CUTEGO_GEMM_CONFIG_128x64x64, c128 = CUTEGO_GEMM_CONFIG_128x128x64;
  const int s64 = auto_split(p, sms, c64), s128 = auto_split(p, sms, c128);
  if (s64 < s128) return tile_time(p, sms, c64, s64) < tile_time(p, sms, c128, s128);
  /* Neither splits: where the data-parallel choice is 128x128 tiles, 128x64 ones where their main
   * loops take less (1024^3: one wave of 64 tiles of 128x128 on 132 SMs, or of 128 of 128x64),
   * they fill at least half the SMs (fewer tiles were not measured) and A and B have rows on the
   * 128-byte grid (1000^3, rows of 2,000 bytes: 12.6 us on 128x64 tiles, 10.9 on 128x128). */
  int64_t tiles64;
  return s64 == 1 && s128 == 1 && !count_tiles(p->m, p->n, p->l, c64, 0, &tiles64) && 2 * tiles64 >= sms &&
         on_grid(&p->a) && on_grid(&p->b) &&
         cutego_gemm_pick_config(p->m, p->n, p->l, p->ab_dtype, sms) == CUTEGO_GEMM_CONFIG_128x128x64 &&
         tile_time(p, sms, c64, 1) < tile_time(p, sms, c128, 1);
}

/* Whether a plan runs on 64x128 tiles (cutego_gemm_narrow_config's first rule, the header's
 * account): 16-bit, more than 64 rows, no clusters or packed C/D, A's and B's rows on the 128-byte
 * grid or B's off it and read in place (cutego_gemm_auto_cluster then shares it in 2x1 clusters),
 * the data-parallel choice 128x128 tiles and neither 128x128 nor 64x128 tiles splitting K, where
 * the 64x128 tiles fill at most one wave and the 128x128 ones at most half of one. Measured
 * (bench/results/2026-12-03-inflight): 512^3 5.8 -> 4.5 us, 768^3 5.8 -> 5.2, 1024^3 7.0 -> 6.2;
 * 1000^3 (rows of 2,000 bytes) 9.8 -> 10.6 without clusters, but 8.8 in clusters against 9.8 on
 * 128x128 tiles in clusters (bench/results/2026-12-03-pf-ncu). */
static int b_off_grid_in_place(const cutego_gemm_plan_t *p);
static int one_wave_64x128(const cutego_gemm_plan_t *p, int sms) {
  if (p->path != CUTEGO_GEMM_PATH_WGMMA || !is_16bit(p->ab_dtype) || p->m <= 64 || p->cluster_m > 1 ||
      p->cluster_n > 1 || (p->flags & CUTEGO_GEMM_F_PACK_D) || !((on_grid(&p->a) && on_grid(&p->b)) || b_off_grid_in_place(p)))
    return 0;
  const int c64 = CUTEGO_GEMM_CONFIG_64x128x64, c128 = CUTEGO_GEMM_CONFIG_128x128x64;
  int64_t t64, t128;
  if (count_tiles(p->m, p->n, p->l, c64, 0, &t64) || count_tiles(p->m, p->n, p->l, c128, 0, &t128)) return 0;
  return t64 <= sms && 2 * t128 <= sms &&
         (p->l > 1 || (auto_split(p, sms, c128) == 1 && auto_split(p, sms, c64) == 1)) &&
         cutego_gemm_pick_config_plan(p, sms) == CUTEGO_GEMM_CONFIG_128x128x64;
}

/* Whether a plan that one_wave_64x128 puts on 64x128 tiles runs on 64x64 ones instead: A's and B's
 * rows on the 128-byte grid, the 64x64 tiles at most one wave and unsplit. Twice the CTAs, each
 * with half the work: where one wave holds them the call's fixed latency (loads, MMAs, epilogue of
 * one CTA) halves. Measured (bench/results/2026-12-03-s13-check, the plans forced in one process,
 * CUDA graphs): 256^3 3.31 -> 2.80 us (16 tiles of 64x64), 384^3 3.70 -> 3.12 (36), 512^3 4.07 ->
 * 3.35 (64); 768^3 (144 tiles of 64x64: two waves) 5.03 -> 5.79, hence one wave. */
static int one_wave_64x64(const cutego_gemm_plan_t *p, int sms) {
  const int c = CUTEGO_GEMM_CONFIG_64x64x128;
  int64_t t;
  return on_grid(&p->a) && on_grid(&p->b) && !count_tiles(p->m, p->n, p->l, c, 0, &t) && t <= sms &&
         (p->l > 1 || auto_split(p, sms, c) == 1);
}

/* Whether a plan of at most 64 rows runs on 64x32 tiles unsplit where 64x64 ones would split K:
 * one batch and the 64x32 tiles more than half a wave and at most one (N = 4096: 128 tiles). Measured
 * on the H200 (bench/results/2026-12-03-small-m, the rule against the tree without it, alternated
 * twice, CUDA graphs): 8 / 16 / 32 / 64 x 4096 x 4096 9.7 / 10.1 / 10.4 / 11.2 -> 8.2 / 8.3 / 8.4 /
 * 8.9 us (1.19-1.25x; 64 x 4096^2 0.72 -> 0.90 of cuBLAS), 1 x 4096^2 1.02x, K = 11008 1.07-1.13x;
 * K = 14336 had it already. (In session 9, before programmatic launches and the lean main loop, the
 * split measured faster at K = 4096: 8.9 against 10.2 us at M = 1.) */
static int wave_64x32(const cutego_gemm_plan_t *p, int sms) {
  int64_t t32;
  if (p->l != 1 || count_tiles(p->m, p->n, p->l, CUTEGO_GEMM_CONFIG_64x32x128, 0, &t32)) return 0;
  return 2 * t32 > sms && t32 <= sms && auto_split(p, sms, CUTEGO_GEMM_CONFIG_64x64x128) > 1;
}

/* Whether a plan of more than 64 rows that the narrow rule would split on 64x128 tiles runs unsplit
 * on 64x64 ones: one batch, A's and B's rows on the 128-byte grid, the 64x64 tiles more than half a
 * wave and at most one (128 x 4096: 128 tiles, where 64x128 makes 64 in 2 slices). Measured on the
 * H200 (bench/results/2026-12-03-small-m, as above): 128 x 4096 x 4096 13.6 -> 9.6 us (1.42x, 0.91 ->
 * 1.30 of cuBLAS), x 11008 31.3 -> 27.8, x 14336 38.3 -> 34.7. */
static int wave_64x64(const cutego_gemm_plan_t *p, int sms) {
  int64_t t;
  return p->l == 1 && on_grid(&p->a) && on_grid(&p->b) &&
         !count_tiles(p->m, p->n, p->l, CUTEGO_GEMM_CONFIG_64x64x128, 0, &t) && 2 * t > sms && t <= sms;
}

/* Whether a plan whose last row of 128-row tiles is at most half full (M in (128, 192]) runs on 64x128
 * tiles: 16-bit, one batch, A's and B's rows on the 128-byte grid. 128-row tiles compute a quarter
 * or more of rows past M there. Measured on the H200 (bench/results/2026-12-03-small-m, 64x128
 * forced beside the automatic plan in one process): 192 x 11008 x 4096 33.2 against 42.0 us on
 * 128x192, 192 x 14336 x 4096 46.1 / 52.5 (128x256), 192 x 6144 x 4096 28.2 / 31.2 (128x128),
 * 192 x 4096 x 11008 36.9 / 45.9 and x 14336 47.2 / 56.2 (128x128 in 2 slices). The rule against
 * the tree without it (bench/results/2026-12-03-halfrow, alternated twice): 192 x 4096 x 11008 /
 * 14336 1.27 / 1.25x, 192 x 11008 / 14336 x 4096 1.22 / 1.12x, 160 x 6144 / 11008 x 4096 1.16 /
 * 1.33x, 176 x 14336 x 4096 1.14x, 192 x 2048 x 8192 1.16x; 192 x 6144 x 4096 1.04x, 150 x 8192 x
 * 2048 1.02x, 136 x 4096^2 and 192 x 4096^2 equal (the same plans). */
/* What the 64x128 rules for two rows of 128-row tiles ask of a plan: the wgmma path, 16-bit, one
 * batch, no clusters, no packed C/D, A's and B's rows on the 128-byte grid, and M in (128, max_m]. */
static int two_rows_64x128(const cutego_gemm_plan_t *p, int64_t max_m) {
  return p->path == CUTEGO_GEMM_PATH_WGMMA && is_16bit(p->ab_dtype) && p->l == 1 && p->m > 128 && p->m <= max_m &&
         p->cluster_m == 1 && p->cluster_n <= 1 && !(p->flags & CUTEGO_GEMM_F_PACK_D) && on_grid(&p->a) &&
         on_grid(&p->b);
}

/* ... but not where the 64x128 tiles pass one wave of sms and 128x128 ones fill at most one:
 * measured on an H100 (bench/results/2026-12-07-s44, each forced beside the automatic plan in
 * turn), 128x128 over 64x128 1.23-1.46x on all 13 such shapes of 55 at M = 129-256 (135 x 7258 x
 * 5568: 171 tiles against 114, 1.46x; 160 x 6144 x 4096 1.24x, where the H200 had measured 64x128
 * 1.16x faster than the tree then); 192 x 11008 x 4096 (258 tiles against 172: two waves each)
 * keeps 64x128 (128x128 0.78x). Then on 50 fresh shapes it moved, main against the rule in turn:
 * TN 1.21x (26, min 1.06x; fp16 1.21x), NN 1.24x, NT 1.09x, TT 1.25x (8 each, min 1.06x). */
static int half_row_64x128(const cutego_gemm_plan_t *p, int sms) {
  int64_t t64, t128;
  if (!two_rows_64x128(p, 192)) return 0;
  if (count_tiles(p->m, p->n, p->l, CUTEGO_GEMM_CONFIG_64x128x64, 0, &t64) ||
      count_tiles(p->m, p->n, p->l, CUTEGO_GEMM_CONFIG_128x128x64, 0, &t128))
    return 1;
  return t64 <= sms || t128 > sms;
}

/* Whether a plan that half_row_64x128 puts on 64x128 tiles, which would split K in 2 slices, runs
 * on 64x64 tiles unsplit instead, where wave_64x64 says so for fewer rows (as many CTAs as the
 * slices, no reduction) and the 64x64 tiles leave at least a sixteenth of the SMs idle. Measured on
 * an H100 (bench/results/2026-12-07-s44, forced beside the automatic plan in turn), over 64x128 in 2
 * slices: 175 x 1600 x 2112 1.44x, 181 x 2560 x 5312 1.42x, 183 x 2560 x 7104 1.46x, 190 x 2369 x
 * 3648 1.46x, 154 x 2048 x 2496 1.29x, 145 x 2048 x 4160 1.11x, 153 x 2752 x 7744 (129 tiles)
 * 0.99x. Then on 26 fresh shapes it moved (all four layouts, bf16 and fp16), main against the rule
 * in turn: 1.04-1.59x at 69-123 tiles but for 165 x 1715 x 6272 (0.94x) and TT 130 x 1985 x 5888
 * (0.97x); 0.89-0.99x at 129-132 tiles (150 x 2735 x 5504 0.89x), hence the bound. */
static int half_row_64x64(const cutego_gemm_plan_t *p, int sms) {
  int64_t t;
  return !no_split(p)[0] && auto_split(p, sms, CUTEGO_GEMM_CONFIG_64x128x64) == 2 && wave_64x64(p, sms) &&
         !count_tiles(p->m, p->n, p->l, CUTEGO_GEMM_CONFIG_64x64x128, 0, &t) && 16 * t <= 15 * (int64_t)sms;
}

/* Whether a plan of two rows of 128-row tiles (M in (128, 256]) whose 128x128 tiles would split K
 * runs on 64x128 tiles unsplit instead: 16-bit, one batch, rows on the 128-byte grid, the 64x128
 * tiles filling more than half a wave and at most one (N = 4096: 4 x 32 = 128). Measured on the
 * H200 (bench/results/2026-12-03-rows129, 64x128 forced beside the automatic plan in one process,
 * against 128x128 in 2 slices): 255 x 4096 x 11008 1.08x, 240 1.07x, 224 1.03x, 208 1.00x; 256 x
 * 4096 x 11008 / 14336 1.08 / 1.04x (bench/results/2026-12-03-small-m). */
static int split_64x128(const cutego_gemm_plan_t *p, int sms) {
  int64_t t;
  return two_rows_64x128(p, 256) && !no_split(p)[0] && auto_split(p, sms, CUTEGO_GEMM_CONFIG_128x128x64) > 1 &&
         !count_tiles(p->m, p->n, p->l, CUTEGO_GEMM_CONFIG_64x128x64, 0, &t) && 2 * t > sms && t <= sms;
}

/* Whether a plan that the rules above put on 64x128 tiles runs on 64x96 ones instead (cuBLAS's tile
 * there: nvjet_sm90_tst_96x64_64x10_1x2), which cutego_gemm_auto_cluster then runs in 2x1 clusters
 * sharing B: 16-bit, one batch, M in (96, 128] (two rows of 64-row tiles), no clusters or packed C/D
 * asked for, A's and B's rows on the 128-byte grid, the 64x96 tiles more than half a wave, at most
 * one and unsplit (N = 6144: 128 tiles where 64x128 makes 96). Measured on the H200
 * (bench/results/2026-12-04-clusters, 64x96 in clusters forced beside the automatic 64x128 plan,
 * alternated twice, CUDA graphs): 112 / 128 x 6144 x 4096 1.053 / 1.057x, 128 x 6144 x 11008 1.066x;
 * without clusters (bench/results/2026-12-04-tile96) 1.02-1.05x at 112-128 rows but 0.975x at 96 and
 * 0.955x at 72, hence more than 96 rows; 128 x 12288 x 4096 (256 tiles, two waves) 0.95x. */
static int wave_64x96(const cutego_gemm_plan_t *p, int sms) {
  const int c = CUTEGO_GEMM_CONFIG_64x96x64;
  int64_t t;
  return p->path == CUTEGO_GEMM_PATH_WGMMA && is_16bit(p->ab_dtype) && p->l == 1 && p->m > 96 && p->m <= 128 &&
         p->cluster_m <= 1 && p->cluster_n <= 1 && !(p->flags & CUTEGO_GEMM_F_PACK_D) && on_grid(&p->a) &&
         on_grid(&p->b) && !count_tiles(p->m, p->n, p->l, c, 0, &t) && 2 * t > sms && t <= sms &&
         auto_split(p, sms, c) == 1;
}

/* Whether a plan that no narrow rule takes runs on 128x96 tiles (cuBLAS's tile there:
 * nvjet_sm90_tst_96x128_64x7_2x1) where its data-parallel choice is 128x128: 16-bit, one batch, two
 * whole rows of 128-row tiles (M = 256), no clusters or packed C/D asked for, A's and B's rows on
 * the 128-byte grid, 128x128 tiles unsplit, 128x96 ones more of them, more than half a wave, at most
 * one and unsplit (N = 6144: 128 tiles against 96). Measured on the H200
 * (bench/results/2026-12-04-tile128x96, 128x96 forced beside the automatic plan, alternated twice,
 * CUDA graphs): 256 x 6144 x 4096 1.080x (23.2 -> 21.5 us, 0.96 -> 1.04 of cuBLAS), 256 x 5120 x
 * 4096 1.203x, 256 x 6144 x 11008 1.131x; with a partial second row 0.93x (224 x 6144 against
 * 128x128) and 0.90x (192 x 6144 against 64x128), hence whole rows; in 2x1 clusters 1.06-1.15x, in
 * 1x2 clusters (cuBLAS's) 0.90-1.04x: none. */
static int wave_128x96(const cutego_gemm_plan_t *p, int sms) {
  const int c = CUTEGO_GEMM_CONFIG_128x96x64, c128 = CUTEGO_GEMM_CONFIG_128x128x64;
  int64_t t, t128;
  return p->path == CUTEGO_GEMM_PATH_WGMMA && is_16bit(p->ab_dtype) && p->l == 1 && p->m == 256 &&
         p->cluster_m <= 1 && p->cluster_n <= 1 && !(p->flags & CUTEGO_GEMM_F_PACK_D) && on_grid(&p->a) &&
         on_grid(&p->b) && !count_tiles(p->m, p->n, p->l, c, 0, &t) && !count_tiles(p->m, p->n, p->l, c128, 0, &t128) &&
         t > t128 && 2 * t > sms && t <= sms && auto_split(p, sms, c) == 1 && auto_split(p, sms, c128) == 1 &&
         cutego_gemm_pick_config_plan(p, sms) == c128;
}

/* few_rows: a 16-bit GEMM of at most 128 rows (one batch, no clusters or packed C/D) whose
 * data-parallel choice is 128x128 tiles and that no narrow rule takes (split or not), where
 * 64-row tiles still make at most one wave: 64x32 where they fill at most half of it, else 64x64;
 * -1 elsewhere. 128-row tiles there leave most SMs idle. Measured on an H100
 * (bench/results/2026-12-06-s39, each forced beside the automatic 128x128), 64x32 / 64x64 over
 * 128x128: 64 x 2112 x 1920 1.79 / 1.59x, 64 x 768 x 328 1.31 / 1.23x, 64 x 1856 x 448 1.25 /
 * 1.20x, 64 x 3904 x 448 (122 / 61 tiles) 1.12 / 1.21x, 84 x 576 x 3216 (128x128 in 3 slices)
 * 1.60 / 1.70x; past one wave 0.36-0.55x (70 x 8704 x 1216) and 0.98-1.00x (64 x 12150 x 14723),
 * hence the limit. Of 65-96 rows, where a second row of 64-row tiles would be at most half full and
 * A's and B's rows lie on the 128-byte grid, 128x64 tiles instead (their split their own): two
 * consumer warpgroups, each tile's B loaded once (bench/results/2026-12-07-s43, forced beside the
 * automatic plan: TT 74 x 1280 x 4288 on 64x64 in 2 slices 0.68 of cuBLAS, on 128x64 in 4 0.94).
 * With A or B copied (K off the 16-byte grid), only where the 64-row tiles would split K too: a
 * split over the copies adds the zeroed K padding and the reduction to the copies' kernels, and
 * lost where 64x64 tiles fill the SMs unsplit (bench/results/2026-12-07-s44, 128x64 after 64x64
 * in turn: 96 x 2496 x 3255 0.76x, 84 x 2496 x 2177 0.79x, 81 x 2660 x 2413 0.88x; keeping the
 * 64x64 tiles there over 33 such shapes 1.15x, min 0.94x). */
static int few_rows(const cutego_gemm_plan_t *p, int sms) {
  int64_t t32, t64;
  if (p->path != CUTEGO_GEMM_PATH_WGMMA || !is_16bit(p->ab_dtype) || p->l != 1 || p->m > 128 || p->cluster_m != 1 ||
      p->cluster_n > 1 || (p->flags & CUTEGO_GEMM_F_PACK_D) || cutego_gemm_pick_config_plan(p, sms) != CUTEGO_GEMM_CONFIG_128x128x64 ||
      count_tiles(p->m, p->n, 1, CUTEGO_GEMM_CONFIG_64x32x128, 0, &t32) || count_tiles(p->m, p->n, 1, CUTEGO_GEMM_CONFIG_64x64x128, 0, &t64))
    return -1;
  if (t64 > sms) return -1;
  const int c64 = 2 * t32 <= sms ? CUTEGO_GEMM_CONFIG_64x32x128 : CUTEGO_GEMM_CONFIG_64x64x128;
  if (p->m > 64 && p->m <= 96 && on_grid(&p->a) && on_grid(&p->b) &&
      (!(p->flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) || auto_split(p, sms, c64) > 1))
    return CUTEGO_GEMM_CONFIG_128x64x64;
  return c64;
}

/* Whether a plan that the narrow rules put on 64x128 tiles (and not on 64x96 ones) runs on 128x64
 * ones instead: a K of at most kShortK (ten k-tiles), one batch, A's and B's rows on the 128-byte
 * grid and the 128x64 tiles at most one wave. Two consumer warpgroups store a tile's halves at once
 * where one stores all of a 64x128 tile, and a short K leaves the epilogue much of the time.
 * Measured on an H100 (bench/results/2026-12-07-s43, every configuration forced beside the
 * automatic plan on the shapes no rule was fitted on that ran below 0.95 of cuBLAS), 128x64 over
 * 64x128: NN 832 x 1088 x 384 (119 tiles against 117) 1.47x, 320 x 2496 x 576 1.10x, 137 x 3264 x
 * 320 1.05x, TT 192 x 4262 x 311 1.04x. */
static int short_k_128x64(const cutego_gemm_plan_t *p, int sms) {
  int64_t t;
  return p->l == 1 && p->k <= kShortK && on_grid(&p->a) && on_grid(&p->b) &&
         !count_tiles(p->m, p->n, p->l, CUTEGO_GEMM_CONFIG_128x64x64, 0, &t) && t <= sms;
}

/* The narrow rules in order; where none applies, few_rows's tiles, or 128x96 where wave_128x96 says so
 * (cutego_gemm_narrow_config turns their 64x128 tiles into 64x96 ones where wave_64x96 says so). */
static int narrow_rules(const cutego_gemm_plan_t *p, int sms) {
  if (one_wave_64x128(p, sms)) return one_wave_64x64(p, sms) ? CUTEGO_GEMM_CONFIG_64x64x128 : CUTEGO_GEMM_CONFIG_64x128x64;
  if (half_row_64x128(p, sms)) return half_row_64x64(p, sms) ? CUTEGO_GEMM_CONFIG_64x64x128 : CUTEGO_GEMM_CONFIG_64x128x64;
  if (split_64x128(p, sms)) return CUTEGO_GEMM_CONFIG_64x128x64;
  if (!cutego_gemm_narrow(p, sms)) {
    const int few = few_rows(p, sms);
    return few >= 0 ? few : wave_128x96(p, sms) ? CUTEGO_GEMM_CONFIG_128x96x64 : -1;
  }
  /* The narrow tiles: 64x64 for at most 64 rows; above, 64x128 ones, as many as 128x64 (they are
   * the same tiles turned, for rows past 64 on the 64-row grid) and measured as fast or faster
   * (bench/results/2026-12-03-inflight, forced against the 128x64 choice: 256x4096x4096 18.3 ->
   * 15.5 us, 128x4096x4096 13.7 -> 13.5, 128x6144x4096 19.2 -> 19.1). */
  if (p->m > 64) return wave_64x64(p, sms) ? CUTEGO_GEMM_CONFIG_64x64x128 : CUTEGO_GEMM_CONFIG_64x128x64;
  return wave_64x32(p, sms) ? CUTEGO_GEMM_CONFIG_64x32x128 : CUTEGO_GEMM_CONFIG_64x64x128;
}

/* The tiles of a plan whose A and B are read in place by cp.async (CUTEGO_GEMM_F_ROWS), which never
 * splits K: where 128x128 tiles fill less than half a wave, the configuration of at most one wave
 * with the most tiles (more than 128x128's) of 64x32 (at most 64 rows), 64x64, 64x128 and 128x64;
 * -1 elsewhere (the data-parallel choice). The narrow rules above weigh splits these plans cannot take; this
 * gives the small-M shapes as many CTAs reading B as the copies' plans had (100 x 4096 x 4100:
 * 64x64, 128 tiles; 1 x 4096 x 4100: 64x32, 128 tiles). */
static int rows_narrow(const cutego_gemm_plan_t *p, int sms) {
  static const int cands[] = {CUTEGO_GEMM_CONFIG_64x32x128, CUTEGO_GEMM_CONFIG_64x64x128, CUTEGO_GEMM_CONFIG_64x128x64,
                              CUTEGO_GEMM_CONFIG_128x64x64};
  int64_t t128, best_t = 0;
  if (count_tiles(p->m, p->n, p->l, CUTEGO_GEMM_CONFIG_128x128x64, 0, &t128) || 2 * t128 >= sms) return -1;
  int best = -1;
  for (size_t i = 0; i < sizeof cands / sizeof cands[0]; ++i) {
    int64_t t;
    if ((cands[i] == CUTEGO_GEMM_CONFIG_64x32x128 && p->m > 64) || count_tiles(p->m, p->n, p->l, cands[i], 0, &t) ||
        t > sms || t <= best_t)
      continue;
    best = cands[i], best_t = t;
  }
  return best_t > t128 ? best : -1;
}

/* fp8_few_rows: a per-tensor FP8 GEMM with fast accumulation of at most kFp8FewRows rows (one
 * batch, no clusters or packed C/D) runs on 64x64 tiles where they make at most one wave, else on
 * 64x128 tiles where those do, except above 64 rows where B is read in place with rows off the
 * 128-byte grid; at most 64 rows with B on the grid and K of kFp8ManyTilesMinK to
 * kFp8ManyTilesMaxK, on 64x64 tiles past one wave too; -1 elsewhere. Their split: fp8_row_split. Measured on an H100, every
 * tile and split forced beside the automatic plan in one process:
 * - bench/results/2026-12-07-s41 (81 shapes, M 1-128 x DeepGEMM's and the LLM table's N and K):
 *   over the 128-row plans up to 1.9x on the 55 shapes they take (64 x 7168 x 2048 1.57x, 128 x
 *   4096 x 4096 1.63x, 128 x 6144 x 4096 1.54x), at most 1.5% slower than the best 128-row tiles;
 *   past one wave of 64x128 tiles they lose 6-25% above 64 rows (96 x 32768 x 512); 64x128 with B
 *   off the grid above 64 rows 0.86-0.88x (126 x 7424 x 3376, 128 x 7104 x 4496).
 * - bench/results/2026-12-07-s42 (120 shapes of 192-512 rows x N 640-7168 x K 3472-7168): one
 *   wave of 64x64 tiles 1.1-1.8x over the 128-row plans on 39 of 40 shapes, B off the grid
 *   included (256 x 640 x 3472 1.70x); of 64x128 with B on the grid 1.13-1.77x (256 x 4096 x 4096
 *   1.62x), off it 0.82-1.17x (256 x 4096 x 3472 0.82x); past one wave none (320 x 4096 x 4096).
 *   216 shapes of M 1-128 x N 8192-32768 x K 512-7168: at most 64 rows past one wave of 64x128
 *   tiles, 64x64 tiles 1.01-1.49x at K = 1024-4096 (16 x 20480 x 1536 1.49x, 1 x 24576 x 1536
 *   1.23x), 0.99-1.03x at K = 7168 (0.94x at 64 x 28672 x 8192, s41) and 0.87-0.98x at K = 512;
 *   above 64 rows 0.51-1.07x. */
static int fp8_few_rows(const cutego_gemm_plan_t *p, int sms) {
  int64_t t64, t128;
  if (p->path != CUTEGO_GEMM_PATH_WGMMA || !is_fp8(p->ab_dtype) || p->promoted || (p->flags & CUTEGO_GEMM_F_BLOCK_SCALED) ||
      p->l != 1 || p->m > kFp8FewRows || p->cluster_m > 1 || p->cluster_n > 1 || (p->flags & CUTEGO_GEMM_F_PACK_D) ||
      count_tiles(p->m, p->n, 1, CUTEGO_GEMM_CONFIG_64x64x128, 1, &t64) ||
      count_tiles(p->m, p->n, 1, CUTEGO_GEMM_CONFIG_64x128x64, 1, &t128))
    return -1;
  const int off = b_off_grid_in_place(p);
  if (t64 <= sms) return CUTEGO_GEMM_CONFIG_64x64x128;
  if (t128 <= sms && (p->m <= 64 || !off)) return CUTEGO_GEMM_CONFIG_64x128x64;
  return p->m <= 64 && !off && p->k >= kFp8ManyTilesMinK && p->k <= kFp8ManyTilesMaxK ? CUTEGO_GEMM_CONFIG_64x64x128 : -1;
}

int cutego_gemm_narrow_config(const cutego_gemm_plan_t *p, int sms) {
  if (!p || sms < 1) return -1;
  if (is_fp8(p->ab_dtype)) return fp8_few_rows(p, sms);
  if (p->flags & CUTEGO_GEMM_F_ROWS) return rows_narrow(p, sms);
  const int c = narrow_rules(p, sms);
  if (c != CUTEGO_GEMM_CONFIG_64x128x64) return c;
  return wave_64x96(p, sms) ? CUTEGO_GEMM_CONFIG_64x96x64 : short_k_128x64(p, sms) ? CUTEGO_GEMM_CONFIG_128x64x64 : c;
}

/* Whether B (16-bit or FP8) is K-major, read in place (no packed copy) and its rows (more than one)
 * lie off the 128-byte grid: each 128-byte row of a TMA box then spans two L2 lines. */
static int b_off_grid_in_place(const cutego_gemm_plan_t *p) {
  return (is_16bit(p->ab_dtype) || is_fp8(p->ab_dtype)) && p->b.major == 0 && !(p->flags & CUTEGO_GEMM_F_PACK_B) &&
         p->b.extent[0] > 1 && !rows_on(&p->b, is_fp8(p->ab_dtype) ? 1 : 2, 128);
}

/* cutego_gemm_auto_cluster: 2x1 clusters sharing B by TMA multicast where B's rows lie off the
 * 128-byte grid and are read in place (b_off_grid_in_place): each CTA of a cluster loads half of
 * each B stage for both, so B's loads, whose rows cost two L2 lines each, halve. Measured on the
 * H200 (bench/results/2026-12-03-pf-ncu, the same plan with and without clusters in one process):
 * 2000x3000x1000 on 128x192 tiles 1.29x faster, 1000x4096x3000 on 128x256 1.29x, 512x4096x5000 (A
 * packed) 1.28x, 1800^3 on 128x128 1.39x, 1000^3 on 64x128 1.23x (128x128: 1.02x); where B is
 * packed, 0.93-1.02x, and on rows on the grid 0.70-0.97x (1024^3), hence the rule. Also on 64x96
 * tiles of 16-bit operands (wave_64x96's tiles, cuBLAS's 1x2 clusters there): 128 x 6144 x 4096
 * 1.021x faster than 64x128 tiles without clusters, 1.057x with (bench/results/2026-12-04-tile96,
 * -clusters). FP8 likewise, on its configurations with multicast boxes (128x256; fast accumulation):
 * on an H100 (bench/results/2026-12-06-s40, 30 shapes no rule was fitted on, 2x1 clusters forced
 * beside the automatic plan) 448 x 16816 x 496 1.27x faster, 720 x 9984 x 3888 1.26x, the two of
 * the 30 where B is so read; where B is packed 0.96-1.00x. Only where the plan has at least two
 * tile rows (a cluster's second CTA would compute zeros), one batch (batches were not measured), no
 * packed C/D and a configuration with multicast boxes, and never with a split or stream-K (the
 * launchers ask for neither then). */
int cutego_gemm_auto_cluster(const cutego_gemm_plan_t *p) {
  if (!p || p->path != CUTEGO_GEMM_PATH_WGMMA || p->cluster_m > 1 || p->cluster_n > 1 || p->l != 1 ||
      p->tiles_m < 2 || (p->flags & (CUTEGO_GEMM_F_PACK_D | CUTEGO_GEMM_F_ROWS)) || p->config < 0 || p->config >= cutego_gemm_nconfigs ||
      !(b_off_grid_in_place(p) || (p->config == CUTEGO_GEMM_CONFIG_64x96x64 && is_16bit(p->ab_dtype))))
    return 1;
  return cutego_gemm_boxes(p->config, is_fp8(p->ab_dtype))->multicast >= 2 ? 2 : 1;
}

enum { kMinStreamKIters = 4 };
static const double kFixupIters = 18.0, kStreamKIterCost = 1.6, kStreamKMargin = 0.05;

int64_t cutego_gemm_stream_k_tiles(int64_t tiles, int64_t ctas) {
  if (tiles < 1 || ctas < 1) return 0;
  if (tiles < ctas) return tiles;
  const int64_t r = tiles % ctas;
  return r == 0 ? 0 : ctas + r;
}

/* The stream-K time of `tiles` tiles of K in k_tiles k-tiles on sms CTAs, in tiles' main loops
 * (the cost model above); a negative value where stream-K does not apply (no partial wave, less
 * than one full wave, or fewer than kMinStreamKIters k-iterations per CTA). */
static double stream_k_time(int64_t tiles, int64_t k_tiles, int sms) {
  const int64_t sk = cutego_gemm_stream_k_tiles(tiles, sms);
  if (sk == 0 || tiles <= sms || k_tiles < 1) return -1;
  const double ipc = (double)sk * (double)k_tiles / sms;
  if (ipc < kMinStreamKIters) return -1;
  double reads = (double)k_tiles / ipc;
  reads = reads == (double)(int64_t)reads ? reads : (double)(int64_t)reads + 1;
  return (double)((tiles - sk) / sms) + (kStreamKIterCost * ipc + kFixupIters * (1 + reads)) / (double)k_tiles;
}

const char *cutego_gemm_no_stream_k(const cutego_gemm_plan_t *p) {
  if (!p || p->path != CUTEGO_GEMM_PATH_WGMMA) return "not the wgmma path";
  /* (promoted and block-scaled FP8 main loops take the whole K: no part of a tile's k-tiles) */
  if (p->flags & CUTEGO_GEMM_F_BLOCK_SCALED) return "block-scaled FP8 (stream-K takes fast accumulation only)";
  if (p->promoted > 0) return "promoted FP8 accumulation (stream-K takes fast accumulation only)";
  if (p->flags & CUTEGO_GEMM_F_PACK_D) return "a packed C/D";
  if (p->cluster_m > 1 || p->cluster_n > 1) return "clusters";
  if (p->flags & CUTEGO_GEMM_F_ROWS) return "A and B read by cp.async (rows off the 16-byte grid)";
  /* the kernel's scheduler counts tiles and k-iterations in int32 */
  const int64_t k_tiles = cutego_gemm_k_tiles(p->config, is_fp8(p->ab_dtype), p->k);
  if (p->tiles < 1 || p->tiles > INT32_MAX || k_tiles < 0 || k_tiles > INT32_MAX / p->tiles)
    return "more than 2^31 tiles x k-tiles";
  return "";
}

/* cutego_gemm_stream_k's cost model alone (whatever the plan's kernel could run): stream-K on
 * 128x256 tiles of the plan's operand width, K in their k-tiles (64 of 16-bit K, 128 of FP8 K:
 * either is 128 bytes of A's and B's rows, as many MMA cycles a k-tile). */
static int stream_k_model(const cutego_gemm_plan_t *p, int sms) {
  if (sms < 1 || p->m < 1 || p->n < 1 || p->l < 1) return 0;
  /* 128x224 tiles data-parallel against stream-K on 128x256 ones, each in turn in one process
   * (bench/results/2026-12-04-sk224): 512 x 28672, 1024 x 14336 and 2048 x 7168 at K = 4096,
   * 8192 and 16384: to cuBLAS 1.003-1.030x as good (bf16, 9 of 9), fp16 1.005-1.031x (4 of 4) */
  if (cutego_gemm_pick_config_plan(p, sms) == CUTEGO_GEMM_CONFIG_128x224x64) return 0;
  const int fp8 = is_fp8(p->ab_dtype);
  const int64_t k_tiles = cutego_gemm_k_tiles(CUTEGO_GEMM_CONFIG_128x256x64, fp8, p->k);
  int64_t t256;
  if (count_tiles(p->m, p->n, p->l, CUTEGO_GEMM_CONFIG_128x256x64, fp8, &t256)) return 0;
  double dp; /* the data-parallel choice's time */
  pick_dp(p->m, p->n, p->l, p->ab_dtype, p->b.major == 0, sms, &dp);
  const double s256 = p->n > kTile ? stream_k_time(t256, k_tiles, sms) : -1;
  return s256 >= 0 && s256 * (1 + kStreamKMargin) < dp ? CUTEGO_GEMM_CONFIG_128x256x64 + 1 : 0;
}

int cutego_gemm_stream_k(const cutego_gemm_plan_t *p, int sms) {
  return p && !cutego_gemm_no_stream_k(p)[0] ? stream_k_model(p, sms) : 0;
}

/* The configurations with stream-K kernels (gemm_stream_k.cuh's instances): 128x256 and 128x128.
 * (64x64 ones measured 1.14-1.49x slower than its data-parallel and split-K plans on every decode
 * shape: bench/GEMM-NOTES.md.) */
static int stream_k_config(int config) {
  return config == CUTEGO_GEMM_CONFIG_128x256x64 || config == CUTEGO_GEMM_CONFIG_128x128x64;
}

int cutego_gemm_check_decomposition(int32_t dec, int32_t split_k, char *why, size_t why_len) {
  if (dec < CUTEGO_GEMM_DECOMPOSITION_AUTO || dec > CUTEGO_GEMM_DECOMPOSITION_STREAM_K) {
    if (why && why_len)
      snprintf(why, why_len, "decomposition %d: 0 (automatic), 1 (data-parallel), 2 (split K) or 3 (stream-K)",
               (int)dec);
    return -1;
  }
  if ((dec == CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL || dec == CUTEGO_GEMM_DECOMPOSITION_STREAM_K) && split_k > 1) {
    if (why && why_len)
      snprintf(why, why_len, "split_k %d with decomposition %s", (int)split_k,
               dec == CUTEGO_GEMM_DECOMPOSITION_STREAM_K ? "STREAM_K" : "DATA_PARALLEL");
    return -1;
  }
  return 0;
}

int cutego_gemm_stream_k_choice(const cutego_gemm_plan_t *p, int sms, int32_t dec, int32_t config, int32_t split_k,
                                int narrow, int packed, char *why, size_t why_len) {
  const int forced = dec == CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
  if (!p || !(forced || (dec == CUTEGO_GEMM_DECOMPOSITION_AUTO && !narrow && split_k == 0 && config <= 0 && !packed)))
    return 0;
  const char *no = cutego_gemm_no_stream_k(p);
  int want = no[0] ? 0 : cutego_gemm_stream_k(p, sms);
  if (forced) {
    if (no[0]) {
      if (why && why_len) snprintf(why, why_len, "decomposition STREAM_K: %s", no);
      return -1;
    }
    if (config > 0) {
      want = config;
    } else if (want == 0) { /* the data-parallel choice's tiles where they have a stream-K kernel, else 128x256 */
      want = cutego_gemm_pick_config(p->m, p->n, p->l, p->ab_dtype, sms);
      want = (stream_k_config(want) ? want : CUTEGO_GEMM_CONFIG_128x256x64) + 1;
    }
    if (!stream_k_config(want - 1)) {
      if (why && why_len) snprintf(why, why_len, "decomposition STREAM_K: 128x256 or 128x128 tiles only");
      return -1;
    }
  }
  if (want > 0 && want - 1 != p->config && packed) {
    if (forced) { /* (the copies are this plan's: no other tiles) */
      if (why && why_len) snprintf(why, why_len, "decomposition STREAM_K: the packed copies are made");
      return -1;
    }
    want = 0;
  }
  return want;
}

int cutego_gemm_stream_k_replanned(const cutego_gemm_plan_t *q, int32_t dec, int want, char *why, size_t why_len) {
  if (want < 1) return 0;
  if (q && !cutego_gemm_no_stream_k(q)[0]) return want;
  if (dec == CUTEGO_GEMM_DECOMPOSITION_STREAM_K) {
    if (why && why_len)
      snprintf(why, why_len, "decomposition STREAM_K: no plan on the %s tiles",
               stream_k_config(want - 1) ? cutego_gemm_config_boxes[want - 1].name : "unknown");
    return -1;
  }
  return 0;
}

int cutego_gemm_stream_k_launch(const cutego_gemm_plan_t *p, int64_t sms, int64_t max_ctas, int32_t group_m,
                                cutego_gemm_stream_k_t *sk, int64_t *ctas, int64_t *workspace_bytes,
                                int64_t *flags_offset) {
  int64_t bm = 0, bn = 0;
  if (!p || !sk || !ctas || !workspace_bytes || !flags_offset || p->path != CUTEGO_GEMM_PATH_WGMMA ||
      !stream_k_config(p->config) || cutego_gemm_tile_extent(p->config, is_fp8(p->ab_dtype), &bm, &bn))
    return -1;
  const int64_t k_tiles = cutego_gemm_k_tiles(p->config, is_fp8(p->ab_dtype), p->k);
  int64_t c = sms;
  if (max_ctas > 0 && max_ctas < c) c = max_ctas;
  sk->partials = NULL;
  sk->flags = NULL;
  sk->tiles = cutego_gemm_stream_k_tiles(p->tiles, c);
  if (sk->tiles == p->tiles && sk->tiles * k_tiles < c) c = sk->tiles * k_tiles;
  if (c < 1) c = 1;
  /* groups of CTAs at the same k offsets of adjacent tiles (those of a raster group's rows, which
   * share B): at most 8, the raster group's rows, the stream-K tiles and the CTAs */
  const int64_t gm = group_m > 0 ? group_m : 8;
  int64_t groups = p->tiles_m < gm ? p->tiles_m : gm;
  if (groups > 8) groups = 8;
  if (groups > sk->tiles) groups = sk->tiles;
  if (groups > c) groups = c;
  sk->groups = (int32_t)(groups < 1 ? 1 : groups);
  const int64_t part_bytes = c * bm * bn * 4;
  *ctas = c;
  *flags_offset = part_bytes;
  *workspace_bytes = part_bytes + ((c * 8 + 255) / 256) * 256;
  return 0;
}

void cutego_gemm_plan_stream_k(cutego_gemm_plan_t *p, const cutego_gemm_stream_k_t *sk, int64_t ctas,
                               int64_t workspace_bytes) {
  if (!p || !sk || ctas < 1) return;
  const int64_t k_tiles = cutego_gemm_k_tiles(p->config, is_fp8(p->ab_dtype), p->k);
  p->decomposition = CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
  p->split_workspace_bytes = workspace_bytes;
  const size_t n = strlen(p->kernel);
  snprintf(p->kernel + n, sizeof p->kernel - n, "_streamk");
  char why[sizeof p->reason];
  snprintf(why, sizeof why, "%s", p->reason);
  snprintf(p->reason, sizeof p->reason, "stream-K: %lld of %lld tiles on %lld CTAs in %d groups, %lld k-tiles each: %.70s",
           (long long)sk->tiles, (long long)p->tiles, (long long)ctas, (int)sk->groups,
           (long long)(sk->tiles * k_tiles / ctas), why);
}

/* A flat rank-3 layout (e0,e1,e2):(s0,s1,s2). */
static cute_layout_t flat3(int64_t e0, int64_t e1, int64_t e2, int64_t s0, int64_t s1, int64_t s2) {
  cute_layout_t L;
  memset(&L, 0, sizeof L);
  L.leaves = 3;
  L.shape[0] = e0, L.shape[1] = e1, L.shape[2] = e2;
  L.stride[0] = s0, L.stride[1] = s1, L.stride[2] = s2;
  L.nest[0] = CUTE_NEST_OPEN, L.nest[1] = L.nest[2] = L.nest[3] = CUTE_NEST_LEAF, L.nest[4] = CUTE_NEST_CLOSE;
  L.ntokens = 5;
  return L;
}

int cutego_gemm_split_layouts(const cutego_gemm_plan_t *p, int splits, int sms,
                              const cutego_gemm_block_scales_t *scales, cutego_gemm_split_layouts_t *out) {
  const int64_t kx = p ? cutego_gemm_split_extent(p) : 0;
  if (!p || !out || splits < 2 || sms < 1 || p->l != 1 || p->m < 1 || p->n < 1 || kx % splits != 0) return -1;
  cutego_gemm_split_layouts_t r;
  memset(&r, 0, sizeof r);
  const int64_t m = p->m, n = p->n, s = splits, ks = kx / s;
  int64_t x, mw, sa2, sb2, sw2, threads;
  r.slice_k = ks;
  r.ldw = (n + 3) / 4 * 4;
  if (plan_mul(m, r.ldw, &mw) || plan_mul(mw, s, &x) || plan_mul(x, 4, &r.workspace_bytes)) return -1;
  if (plan_mul(p->a.stride[1], ks, &sa2) || plan_mul(p->b.stride[1], ks, &sb2)) return -1;
  sw2 = mw;
  r.a = flat3(m, ks, s, p->a.stride[0], p->a.stride[1], sa2);
  r.b = flat3(n, ks, s, p->b.stride[0], p->b.stride[1], sb2);
  r.w = flat3(m, n, s, r.ldw, 1, sw2);
  if (scales) {
    const int64_t kb = (p->k + CUTEGO_GEMM_SCALE_BLOCK - 1) / CUTEGO_GEMM_SCALE_BLOCK;
    if (kb % s != 0 || kb / s * CUTEGO_GEMM_SCALE_BLOCK != ks) return -1;
    const int64_t kbs = kb / s;
    int64_t ssa2, ssb2;
    if (plan_mul(scales->as[1], kbs, &ssa2) || plan_mul(scales->bs[1], kbs, &ssb2)) return -1;
    r.scale_a = flat3(m, kbs, s, scales->as[0], scales->as[1], ssa2);
    r.scale_b = flat3((n + CUTEGO_GEMM_SCALE_BLOCK - 1) / CUTEGO_GEMM_SCALE_BLOCK, kbs, s, scales->bs[0], scales->bs[1],
                      ssb2);
  }
  if (plan_mul(m, (n + 3) / 4, &threads)) return -1;
  const int64_t blocks = (threads + 255) / 256, cap = (int64_t)sms * 8;
  r.reduce_blocks = blocks < cap ? blocks : cap;
  *out = r;
  return 0;
}

/* cutego_gemm_pitch_pack_pays: a K-major operand whose row pitch is off the 128-byte grid, read in
 * place, slows the wgmma main loop (its TMA loads) by kPitchPenalty; a copy into a 128-byte-pitch
 * workspace costs its bytes (read + written) at kCopyBytesPerUs plus one launch, kCopyLaunchUs. The
 * main loop's time is waves x k-tiles x kKTileUs per k-tile of a 128x256 tile (k-tiles of 128
 * bytes of K: 64 16-bit elements, 128 FP8), a 128x128 tile costing kCost128 of that and a 128x64
 * one tile_time's share of a 128x128 one; where cutego_gemm_split_k would split K on its own (a
 * single batch), the waves of the slices' CTAs times the k-tiles of one slice. The penalty is shared by the off-grid operands in
 * proportion to the rows each stage loads (share: A's bm / (bm + bn), B's bn / (bm + bn)); an
 * operand is copied where its share of the penalty exceeds its copy. FP8 has its own penalty and
 * launch (below). Fitted on the H200, in one
 * process (bench/results/2026-12-02-h200-pitch-pack.md): 3000x5000x1024 (2,048-byte rows, 480 tiles
 * of 128x256 = 4 waves on 132 SMs, 16 k-tiles) took 52.1 us, so kKTileUs = 52.1 / 64;
 * 3000x5000x1000 in place (2,000-byte rows, the same tiles and k-tiles) 74.8 us, so kPitchPenalty =
 * 74.8 / 52.1 - 1; the two copies cost 15.9 us on 3000x5000x1000 (32.4 MB read + written) and 5.7
 * us on 1000^3 (8.1 MB): 2.38 MB per us and 1.15 us per launch. */
static const double kKTileUs = 52.1 / 64.0, kPitchPenalty = 74.8 / 52.1 - 1.0, kCopyBytesPerUs = 2.38e6,
                    kCopyLaunchUs = 1.15;

double cutego_gemm_pitch_main_us(const cutego_gemm_plan_t *p, int sms) {
  if (!p || sms < 1 || p->m < 1 || p->n < 1 || p->k < 1 || p->l < 1) return 0;
  const int fp8 = is_fp8(p->ab_dtype);
  int64_t bm, bn, tiles;
  if (cutego_gemm_tile_extent(p->config, fp8, &bm, &bn)) return 0; /* no such tiles: no model */
  const double cost = bn == 256   ? 1.0
                      : p->config == CUTEGO_GEMM_CONFIG_128x192x128 ? kCost128 * kCostBlock192
                      : bn == 192 ? kCost192
                      : bn == 128 && bm == kTile ? kCost128
                                  : kCost128 * (p->m <= kTile ? kNarrowPerKOneRow : kNarrowPerK);
  const int64_t k_tiles = (p->k + (fp8 ? 127 : 63)) / (fp8 ? 128 : 64);
  /* split_k's own split: on the tiles the slices run on (128x128 for 128x256 and 128x192x128) */
  const int s = p->l == 1 && p->config != CUTEGO_GEMM_CONFIG_128x192x64 ? auto_split(p, sms, cutego_gemm_slice_config(p)) : 1;
  if (count_tiles(p->m, p->n, p->l, p->config, fp8, &tiles) || plan_mul(tiles, s, &tiles)) return 1e300;
  return (double)waves(tiles, sms) * (double)((k_tiles + s - 1) / s) * kKTileUs * cost;
}

/* cutego_gemm_pitch_in_clusters: where B's rows lie off the 128-byte grid, B left in place is
 * shared by 2x1 clusters (cutego_gemm_auto_cluster), which halves its loads; measured on the H200
 * (bench/results/2026-12-03-uniform, the automatic plan with its copies against none, in place in
 * clusters): 3000x5000x1000 65.6 -> 55.8 us, 4096x4096x1000 58.9 -> 53.0, 3000^3 97.7 -> 92.7, 1800^3
 * 27.5 -> 26.8. So neither operand is copied where B would be shared so: a 16-bit K-major B on a
 * configuration with multicast boxes, one batch, no packed C/D, two tile rows or more, and a plan
 * that neither splits K (more than half a wave of tiles) nor runs stream-K (which run without
 * clusters, and keep their copies). */
int cutego_gemm_pitch_in_clusters(const cutego_gemm_plan_t *p, int sms) {
  int64_t bm, bn, tiles;
  if (!p || sms < 1 || !is_16bit(p->ab_dtype) || p->b.major != 0 ||
      p->b.extent[0] < 2 || on_grid(&p->b) || p->l != 1 || (p->flags & CUTEGO_GEMM_F_PACK_D) || p->config < 0 ||
      p->config >= cutego_gemm_nconfigs || cutego_gemm_config_boxes[p->config].multicast < 2 ||
      cutego_gemm_tile_extent(p->config, 0, &bm, &bn) || count_tiles(p->m, p->n, 1, p->config, 0, &tiles))
    return 0;
  return (p->m + bm - 1) / bm >= 2 && 2 * tiles > sms && stream_k_model(p, sms) == 0;
}

/* FP8's own terms, fitted by least squares on an H100 (bench/results/2026-12-07-s42, call 2: 159
 * plans of 1-512 rows x 640-7168 x K of 1216-6208 on 128x128, 64x64 and 64x128 tiles whose A the
 * planner copied, each timed beside the same plan reading A in place, pitch_pack OFF, in one
 * process): a copy costs kFp8CopyLaunchUs besides its bytes; rows read in place cost
 * kFp8PenaltyOn32 of the main loop where their pitch lies on the 32-byte grid (an L2 sector: rows
 * of 1216, 4064, 6208 bytes) and kFp8PenaltyOff32 where it does not (3472), times the operand's
 * share of the rows a stage loads, a tile's rows counted up to M and N (a tile row of 28 rows
 * loads 28). With the 16-bit terms every one of the 159 was copied, 99 of them slower than in place
 * (up to 1.43x: 28 x 640 x 4064); with these 139 decisions are right and the 20 wrong ones cost at
 * most 3.5 us (rms 1.6 us). Call 3, the planner with these terms against the one before, in turn,
 * on 172 shapes: the 75 plans they change 1.21x (up to 1.85x), but above 512 rows the penalty off
 * the grid copied A where reading it in place had been faster (13504 x 1088 x 5488 0.83x, 5440 x
 * 3440 x 4784 0.97x): above kFp8FewRows A's rows off the 32-byte grid keep the 16-bit penalty (the
 * launch and the penalty on the grid hold there: 8215 x 4048 x 3008 1.10x, 3584 x 8192 x 672 1.03x
 * in place). B of FP8 whose rows lie on the 32-byte grid is never copied: at 1024-8192 rows (call 3,
 * 20 plans that copied B, beside B in place, which 2x1 clusters then share) in place was 1.01-1.17x
 * faster on 18 (4096 x 4096 x 480 1.16x, 8192 x 1440 x 480 1.15x) and 0.96-0.98x on 2 (4096 x
 * 1440 x 1216, x 4064); off it, B keeps the 16-bit terms (4096 x 1440 x 3472: the copies 1.32x).
 * As the automatic plan against these terms' first fit (bench/results/2026-12-07-s43, 58 plans in
 * turn): 1.078x, but 0.92 / 0.94x at 4096 x 1440 x 4064 / 1216 (128x128 tiles: no clusters share B)
 * and 0.88x at 4096 x 1440 x 3472 (A in place above kFp8FewRows). */
static const double kFp8CopyLaunchUs = 3.44, kFp8PenaltyOn32 = 0.268, kFp8PenaltyOff32 = 0.842;

/* Whether copies of A and B (both off the tensor maps' grid) pay where cp.async pieces of `piece`
 * bytes could read them in place (CUTEGO_GEMM_F_ROWS): plans read in place never split K, so few
 * tiles at long K leave most SMs idle, where the copies' plan splits K. For 2-64 rows of one batch,
 * a K of at least two slices (2 x kMinSliceK), and at most a quarter of sms of the tiles rows_narrow
 * gives the plan read in place for 8-byte pieces, half for 4-byte ones (twice the pieces a row,
 * about twice the producer's time). Measured on an H100 (bench/results/2026-12-07-s44, pitch_pack
 * ON against the automatic plan in turn, 56 shapes of 1-64 rows): where this holds the copies
 * 1.72x over 24 shapes (30 x 174 x 9746 4.65x, 6 x 680 x 3274 1.75x, 43 x 2092 x 5478 (66 tiles,
 * 4-byte) 1.08x, 9 x 1020 x 5740 (32 tiles, 8-byte) 1.13x; min 0.985x); elsewhere 0.76x over 32
 * (26 x 1116 x 2564, 35 tiles, 8-byte: 0.81x; 16 x 3548 x 3534, 111 tiles: 0.73x). */
int cutego_gemm_rows_copy_splits(const cutego_gemm_plan_t *p, int piece, int sms) {
  int64_t t;
  if (!p || sms < 1 || (piece != 4 && piece != 8) || p->m < 2 || p->m > 64 || p->l != 1 || p->k < 2 * kMinSliceK)
    return 0;
  const int c = rows_narrow(p, sms);
  return c >= 0 && !count_tiles(p->m, p->n, p->l, c, 0, &t) && (piece == 8 ? 4 : 2) * t <= sms;
}

int cutego_gemm_pitch_pack_pays(const cutego_gemm_plan_t *p, int sms, int operand, int64_t copy_bytes) {
  int64_t bm, bn;
  if (!p || sms < 1 || copy_bytes < 0 || (operand != 0 && operand != 1)) return 0;
  const int fp8 = is_fp8(p->ab_dtype);
  if (cutego_gemm_tile_extent(p->config, fp8, &bm, &bn)) return 0; /* no such tiles: no model */
  double penalty = kPitchPenalty, launch = kCopyLaunchUs;
  if (fp8 && operand == 1 && rows_on(&p->b, 1, 32)) return 0;
  if (fp8 && operand == 0) {
    penalty = rows_on(&p->a, 1, 32) ? kFp8PenaltyOn32 : p->m <= kFp8FewRows ? kFp8PenaltyOff32 : kPitchPenalty;
    launch = kFp8CopyLaunchUs;
    bm = p->m < bm ? p->m : bm;
    bn = p->n < bn ? p->n : bn;
  }
  const double a = (double)bm / (double)(bm + bn);
  const double saved = penalty * (operand ? 1.0 - a : a) * cutego_gemm_pitch_main_us(p, sms);
  return saved > (double)copy_bytes / kCopyBytesPerUs + launch;
}

/* Whether a plan's output makes as many tiles of configuration config with its m and n
 * exchanged (and any at all). */
static int same_tiles(const cutego_gemm_plan_t *p, int config) {
  int64_t t, u;
  const int fp8 = is_fp8(p->ab_dtype);
  return !count_tiles(p->m, p->n, p->l, config, fp8, &t) && !count_tiles(p->n, p->m, p->l, config, fp8, &u) && t == u;
}

/* Whether a plan's output makes few enough tiles of configuration config with its m and n
 * exchanged: for a column-major D (row-major D^T) as many, or fewer where grid (D^T's rows on the
 * 16-byte grid, stored by TMA); for a row-major D (D^T stored transposed, `row`) at most 7/8 as
 * many (at least one fewer in eight, rounded up: never for one tile). */
static int fewer_tiles_mn(int64_t m, int64_t n, int64_t l, int config, int fp8, int row, int grid) {
  int64_t t, u;
  if (count_tiles(m, n, l, config, fp8, &t) || count_tiles(n, m, l, config, fp8, &u)) return 0;
  return row ? u <= t - (t + 7) / 8 : u == t || (u < t && grid);
}

static int fewer_tiles(const cutego_gemm_plan_t *p, int config, int row, int grid) {
  return fewer_tiles_mn(p->m, p->n, p->l, config, is_fp8(p->ab_dtype), row, grid);
}

int cutego_gemm_swap_candidate(const cute_layout_t *d, int32_t ab_dtype) {
  if (!d || d->leaves < 1 || d->leaves > CUTE_LAYOUT_MAX_LEAVES) return 0;
  if (d->stride[0] == 1 && d->shape[0] >= 2) return 1; /* column-major */
  if (d->leaves >= 2 && d->shape[1] == 1) return 1;    /* one column: either order (the rule decides) */
  if (!(d->leaves >= 2 && d->stride[1] == 1 && d->shape[1] >= 2) || !is_16bit(ab_dtype)) return 0;
  if (d->ntokens != d->leaves + 2) return 1; /* a nested D: the rule decides */
  /* row-major: only where some configuration makes at most 7/8 of its tiles swapped (never M = N) */
  if (d->shape[0] == d->shape[1]) return 0;
  for (int c = 0; c < cutego_gemm_nconfigs; ++c)
    if (fewer_tiles_mn(d->shape[0], d->shape[1], 1, c, 0, 1, 0)) return 1;
  return 0;
}

int cutego_gemm_swap_ab(const cutego_gemm_options_t *opt, const cutego_gemm_plan_t *p, const cutego_gemm_plan_t *q,
                        int sms) {
  if (opt && (opt->config > 0 || opt->cluster_m > 0 || opt->cluster_n > 1 || opt->group_m > 0 ||
              opt->fp8_accumulation == CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED))
    return 0;
  if (!p || !q || p->path != CUTEGO_GEMM_PATH_WGMMA || q->path != CUTEGO_GEMM_PATH_WGMMA) return 0;
  /* D column-major, D^T row-major; or D row-major (16-bit A and B), D^T stored transposed by TMA */
  const int row = p->d.major == 0 && q->d.major == 1 && is_16bit(p->ab_dtype) && (q->flags & CUTEGO_GEMM_F_D_TMA_T);
  if (((p->flags | q->flags) & CUTEGO_GEMM_F_BLOCK_SCALED) || !(row || (p->d.major == 1 && q->d.major == 0)) ||
      p->m != q->n || p->n != q->m || p->k != q->k || p->l != q->l || p->read_c != q->read_c ||
      (p->read_c && (p->c.major != p->d.major || q->c.major != q->d.major)))
    return 0;
  /* the same packed copies, A's as B's */
  const int32_t pf = p->flags, qf = q->flags;
  if (!(pf & CUTEGO_GEMM_F_PACK_A) != !(qf & CUTEGO_GEMM_F_PACK_B) ||
      !(pf & CUTEGO_GEMM_F_PACK_B) != !(qf & CUTEGO_GEMM_F_PACK_A) ||
      !(pf & CUTEGO_GEMM_F_PACK_D) != !(qf & CUTEGO_GEMM_F_PACK_D))
    return 0;
  /* the same choices, each on few enough tiles swapped (fewer_tiles), stream-K on as many */
  const int split = opt ? opt->split_k : 0;
  const int config = cutego_gemm_pick_config_plan(p, sms), narrow = cutego_gemm_narrow_config(p, sms),
            stream_k = cutego_gemm_stream_k(p, sms);
  const int64_t cd_bytes = q->cd_dtype == CUTEGO_DTYPE_F32 ? 4 : 2;
  const int grid = rows_on(&q->d, cd_bytes, 16) && (!q->read_c || rows_on(&q->c, cd_bytes, 16));
  if (p->config != q->config || !fewer_tiles(p, p->config, row, grid) || config != cutego_gemm_pick_config_plan(q, sms) ||
      !fewer_tiles(p, config, row, grid) || narrow != cutego_gemm_narrow_config(q, sms) ||
      (narrow >= 0 && !fewer_tiles(p, narrow, row, grid)) ||
      stream_k != cutego_gemm_stream_k(q, sms) || (stream_k > 0 && !same_tiles(p, stream_k - 1)) ||
      cutego_gemm_split_k(p, sms, split, NULL, 0) != cutego_gemm_split_k(q, sms, split, NULL, 0) ||
      cutego_gemm_auto_cluster(p) != cutego_gemm_auto_cluster(q))
    return 0;
  return 1;
}

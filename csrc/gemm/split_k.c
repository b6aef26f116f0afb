/* split_k.c — cutego_gemm_split_k: how many slices of K a plan's GEMM computes separately (fp32
 * partial sums in a workspace, then a deterministic reduction), from a cost model of the device.
 *
 * A plan with few output tiles leaves most multiprocessors idle while each CTA walks the whole
 * K (M = 1..128 against N = 4096 has 32 tiles of 128x128 on 132 SMs). Splitting K into S slices
 * gives S times the CTAs, each with 1/S of the k-tiles, at the price of the partial sums (4 bytes
 * per output and slice, written and read back) and a second kernel. The model, in microseconds:
 *   compute(S) = waves(S) * (k_tiles(S) + kTileOverhead) * kKTileUs
 *   memory(S)  = (bytes of A and B + partial sums) / min(kDramBytesPerUs, active CTAs * kSmBytesPerUs)
 *   time(S)    = max(compute, memory) + (S > 1: kReduceUs + reduction bytes / kDramBytesPerUs)
 * with waves(S) = ceil(tiles * S / sms), 128x128x64 k-tiles (the configuration a split plan uses).
 * S is taken when it beats S = 1 by kMinGain. The constants are leads measured on the H200
 * (bench/GEMM-NOTES.md): a 128x128x64 k-tile at ~7.5 TFLOP/s per SM, ~3 TB/s of reads. */
#include <stdio.h>
#include "cutego_kernels.h"

static const double kKTileUs = 0.35;         /* one 128x128x64 k-tile on one SM */
static const double kTileOverhead = 3.0;     /* pipeline fill and epilogue, in k-tiles */
static const double kDramBytesPerUs = 3.0e6; /* device memory, reads */
static const double kSmBytesPerUs = 0.08e6;  /* what one CTA's TMA pipeline pulls */
static const double kReduceUs = 2.0;         /* the reduction kernel's launch and tail */
static const double kMinGain = 0.9;          /* a split must save 10% */
enum { kMaxSplit = 16, kMinSliceK = 256, kTile = 128, kBk = 64 };

static double split_time(const cutego_gemm_plan_t *p, int64_t tiles, int s, int sms) {
  const int64_t ks = p->k / s, ctas = tiles * s;
  const double waves = (double)((ctas + sms - 1) / sms);
  const double compute = waves * ((double)((ks + kBk - 1) / kBk) + kTileOverhead) * kKTileUs;
  const double out_bytes = p->cd_dtype == CUTEGO_DTYPE_F32 ? 4.0 : 2.0;
  const double partial = s > 1 ? 8.0 * (double)p->m * (double)p->n * s : 0.0;
  const double bytes = 2.0 * (double)(p->m + p->n) * (double)p->k + partial;
  double bw = (double)(ctas < sms ? ctas : sms) * kSmBytesPerUs;
  if (bw > kDramBytesPerUs) bw = kDramBytesPerUs;
  double t = compute > bytes / bw ? compute : bytes / bw;
  if (s > 1) t += kReduceUs + (double)p->m * (double)p->n * out_bytes / kDramBytesPerUs;
  return t;
}

/* Whether K splits into s slices that a batched tensor map reads: equal slices of whole 16-byte
 * steps (the slice is the batch stride, in bytes a multiple of 16). */
static int splits_evenly(int64_t k, int s) { return s >= 1 && k % s == 0 && (k / s) % 8 == 0; }

/* Why a plan cannot split K at all ("" when it can). */
static const char *no_split(const cutego_gemm_plan_t *p) {
  if (p->path != CUTEGO_GEMM_PATH_WGMMA) return "not the wgmma path";
  if (p->l != 1) return "a batched GEMM";
  if (p->cluster_m > 1) return "clusters";
  if (p->flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B | CUTEGO_GEMM_F_PACK_D)) return "packed operands";
  return "";
}

int cutego_gemm_split_k(const cutego_gemm_plan_t *p, int sms, int requested, char *why, size_t why_len) {
  if (why && why_len) why[0] = 0;
  if (!p || sms < 1) return 1;
  const char *no = no_split(p);
  if (requested > 1) {
    if (requested > kMaxSplit || !splits_evenly(p->k, requested) || no[0]) {
      if (why && why_len)
        snprintf(why, why_len, "split_k %d: %s", requested,
                 no[0] ? no : requested > kMaxSplit ? "more than 16 slices" : "K is not a multiple of 8 * split_k");
      return -1;
    }
    return requested;
  }
  if (requested == 1 || no[0]) return 1;
  const int64_t tiles = ((p->m + kTile - 1) / kTile) * ((p->n + kTile - 1) / kTile);
  if (tiles >= sms) return 1;
  const double t1 = split_time(p, tiles, 1, sms);
  int best = 1;
  double best_t = t1 * kMinGain;
  for (int s = 2; s <= kMaxSplit; ++s) {
    if (!splits_evenly(p->k, s) || p->k / s < kMinSliceK) continue;
    const double t = split_time(p, tiles, s, sms);
    if (t < best_t) best = s, best_t = t;
  }
  return best;
}

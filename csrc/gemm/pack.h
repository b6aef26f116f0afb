/* pack.h — the rules of the GEMM's packing kernels (kernels/gemm_pack.cuh) that the C launcher
 * (kernels/cutego_gemm.cu) and the Go launcher (gpu/shim.c) share: which sources each packer reads,
 * and its jobs and grid. Both write the packed layout the planner chose for an operand: dst (MN,
 * kp, L) compact K-major (shape (MN, K, L), strides (kp, 1, MN kp)), K padded with zeros to kp,
 * kp in bytes and dst on the 16-byte grid. Header-only C. */
#ifndef CUTEGO_GEMM_PACK_H
#define CUTEGO_GEMM_PACK_H

#include <stdint.h>
#include "cutego_types.h"

/* Whether L is a flat (MN, K) or (MN, K, L) layout whose mode `unit` (0: MN, 1: K) has unit
 * stride (or extent 1): the other mode's stride in *s and the batch stride (0 for rank 2) in *s2. */
static inline int cutego_gemm_flat_unit(const cute_layout_t *L, int unit, int64_t *s, int64_t *s2) {
  const int r = L->leaves;
  if ((r != 2 && r != 3) || L->ntokens != r + 2 || L->nest[0] != CUTE_NEST_OPEN || L->nest[r + 1] != CUTE_NEST_CLOSE)
    return 0;
  for (int i = 1; i <= r; ++i)
    if (L->nest[i] != CUTE_NEST_LEAF) return 0;
  if (L->stride[unit] != 1 && L->shape[unit] != 1) return 0;
  *s = L->stride[1 - unit];
  *s2 = r == 3 ? L->stride[2] : 0;
  return 1;
}

/* ---- The row packer: sources of unit K stride (row stride s0, batch stride s2).
 * One job per operand; one launch runs the jobs of a call (A's and B's), each on its own share of
 * the blocks. Each thread writes CUTEGO_GEMM_PACK_ROW_VECS 16-byte vectors of dst, each gathered
 * from source units of 16, 8, 4, 2 or 1 bytes: the widest of which every job's source address, row
 * and batch strides and K in bytes are multiples (rows of 2,000 bytes: 16; of 8,200: 8). The
 * blocks (those that fit on the SMs at once) are shared in proportion to the jobs' vectors, at
 * least one each. The kernel's one argument is the jobs (cutego_gemm_pack_row_jobs_t), its name
 * cutego_gemm_pack_k_rows_<unit bytes>_<index bits: 32 where every job's vectors fit, else 64>. */
enum { CUTEGO_GEMM_PACK_ROW_VECS = 4, CUTEGO_GEMM_PACK_ROW_THREADS = 256 };
typedef struct {
  void *dst; /* 16-byte vectors */
  const void *src;
  int64_t vpr, mn, total, k_bytes, s0_bytes, s2_bytes; /* vpr: dst vectors per row; total: vectors */
  unsigned blocks;
} cutego_gemm_pack_row_job_t;
typedef struct {
  cutego_gemm_pack_row_job_t job[2];
} cutego_gemm_pack_row_jobs_t;
typedef struct {
  cutego_gemm_pack_row_jobs_t jobs;
  int n;
  int64_t align; /* the jobs' source addresses, strides and K in bytes, or-ed */
} cutego_gemm_pack_rows_t;

/* Adds the job of copying src (layout src_l, es bytes an element) into dst (layout packed) to r
 * (zeroed first; at most two jobs): 1 where src_l's K stride is not 1 (another copy's work), -1
 * where dst or the packed rows lie off the 16-byte grid (the planner never writes such a layout)
 * or r is full, else 0 (nothing added where there is nothing to copy). */
static inline int cutego_gemm_pack_rows_add(cutego_gemm_pack_rows_t *r, void *dst, const cute_layout_t *packed,
                                            const void *src, const cute_layout_t *src_l, int es) {
  int64_t s0, s2;
  if (!cutego_gemm_flat_unit(src_l, 1, &s0, &s2)) return 1;
  const int64_t mn = packed->shape[0], k = packed->shape[1], l = packed->shape[2], kp = packed->stride[0];
  if ((uintptr_t)dst % 16 != 0 || (kp * es) % 16 != 0 || r->n >= 2) return -1;
  const int64_t b_s2 = l > 1 ? s2 * es : 0, vpr = kp * es / 16, total = mn * l * vpr;
  if (total == 0) return 0;
  r->align |= (int64_t)((uintptr_t)src % 16) | (k * es) | (s0 * es) | b_s2;
  const cutego_gemm_pack_row_job_t jb = {dst, src, vpr, mn, total, k * es, s0 * es, b_s2, 0};
  r->jobs.job[r->n++] = jb;
  return 0;
}

/* The grid of r's jobs on sms SMs (each job's blocks set): the blocks (0: nothing to copy), the
 * source unit in bytes (*unit) and the index bits (*bits, 32 or 64) that name the kernel. */
static inline unsigned cutego_gemm_pack_rows_grid(cutego_gemm_pack_rows_t *r, int sms, int *unit, int *bits) {
  const int64_t per_block = (int64_t)CUTEGO_GEMM_PACK_ROW_THREADS * CUTEGO_GEMM_PACK_ROW_VECS,
                cap = (int64_t)sms * (2048 / CUTEGO_GEMM_PACK_ROW_THREADS);
  int64_t all = 0, span = 0;
  unsigned blocks = 0;
  for (int i = 0; i < r->n; ++i) all += r->jobs.job[i].total;
  for (int i = 0; i < r->n; ++i) {
    cutego_gemm_pack_row_job_t *jb = &r->jobs.job[i];
    const int64_t want = (jb->total + per_block - 1) / per_block, share = cap * jb->total / all;
    jb->blocks = (unsigned)(want < share ? want : share > 1 ? share : 1);
    blocks += jb->blocks;
    const int64_t reach = jb->total + (int64_t)jb->blocks * per_block;
    span = reach > span ? reach : span; /* (the rows, mn * l <= total, fit where this does) */
  }
  *bits = span < ((int64_t)1 << 32) ? 32 : 64;
  *unit = r->align % 16 == 0 ? 16 : r->align % 8 == 0 ? 8 : r->align % 4 == 0 ? 4 : r->align % 2 == 0 ? 2 : 1;
  return blocks;
}

/* ---- The column packer: sources of unit MN stride (an M-major A, an N-major B: src(mn, k, l) at
 * mn + k s1 + l s2 elements). Tiles of CUTEGO_GEMM_PACK_COL_TILE square through shared memory,
 * strided over the blocks that fit on the SMs at once (CUTEGO_GEMM_PACK_COL_THREADS threads each).
 * The kernel's one argument is the job, its name cutego_gemm_pack_mn_cols_<element bytes>. */
enum { CUTEGO_GEMM_PACK_COL_TILE = 64, CUTEGO_GEMM_PACK_COL_THREADS = 256 };
typedef struct {
  void *dst;
  const void *src;
  int64_t mn, k, l, kp, s1, s2, tiles_mn, tiles_k;
} cutego_gemm_pack_cols_job_t;

/* Whether the column packer reads a source of layout src_l: a flat one of unit MN stride. */
static inline int cutego_gemm_pack_cols_reads(const cute_layout_t *src_l) {
  int64_t s1, s2;
  return cutego_gemm_flat_unit(src_l, 0, &s1, &s2);
}

/* The job of copying src (layout src_l, es = 1 or 2 bytes an element) into dst (layout packed) and
 * its blocks for sms SMs: 1 where src_l's MN stride is not 1 (another copy's work), -1 where dst
 * or the packed rows lie off the 16-byte grid, else 0 (*blocks 0: nothing to copy). */
static inline int cutego_gemm_pack_cols_job(cutego_gemm_pack_cols_job_t *jb, unsigned *blocks, void *dst,
                                            const cute_layout_t *packed, const void *src, const cute_layout_t *src_l,
                                            int es, int sms) {
  int64_t s1, s2;
  if (!cutego_gemm_flat_unit(src_l, 0, &s1, &s2)) return 1;
  jb->dst = dst, jb->src = src, jb->mn = packed->shape[0], jb->k = packed->shape[1], jb->l = packed->shape[2];
  jb->kp = packed->stride[0], jb->s1 = s1, jb->s2 = jb->l > 1 ? s2 : 0;
  if ((uintptr_t)dst % 16 != 0 || (jb->kp * es) % 16 != 0) return -1;
  const int64_t t = CUTEGO_GEMM_PACK_COL_TILE;
  jb->tiles_mn = (jb->mn + t - 1) / t, jb->tiles_k = (jb->kp + t - 1) / t;
  const int64_t tiles = jb->tiles_mn * jb->tiles_k * jb->l, cap = (int64_t)sms * (2048 / CUTEGO_GEMM_PACK_COL_THREADS);
  *blocks = (unsigned)(tiles < cap ? tiles : cap);
  return 0;
}

#endif

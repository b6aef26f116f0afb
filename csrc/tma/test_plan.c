/* CPU test of the copy planner (csrc/tma/plan.c): paths, tensor-map parameters, errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cutego_tma.h"
#include "../planner.h"

#include "../check.h"

static cute_layout_t L(int n, const long long *s, const long long *d) {
  cute_layout_t x;
  memset(&x, 0, sizeof x);
  x.leaves = n;
  for (int k = 0; k < n; ++k) {
    x.shape[k] = s[k];
    x.stride[k] = d[k];
  }
  x.ntokens = 1;
  return x;
}

/* Injectivity by brute force, independent of planner.h: every index of the domain, sorted. */
static int brute_injective(const cute_layout_t *L) {
  int64_t size = 1;
  for (int k = 0; k < L->leaves; ++k) size *= L->shape[k];
  int64_t *v = malloc((size_t)size * sizeof *v);
  for (int64_t i = 0; i < size; ++i) {
    int64_t q = i, x = 0;
    for (int k = 0; k < L->leaves; ++k) {
      x += (q % L->shape[k]) * L->stride[k];
      q /= L->shape[k];
    }
    v[i] = x;
  }
  qsort(v, (size_t)size, sizeof *v, plan_cmp_i64);
  int ok = 1;
  for (int64_t i = 1; i < size; ++i) ok &= v[i] != v[i - 1];
  free(v);
  return ok;
}

static uint64_t rng = 88172645463325252ULL;
static cutego_copy_plan_t p_random;
static const uintptr_t A = 1 << 20;
static int64_t rnd(int64_t lo, int64_t hi) { /* xorshift64, uniform enough in [lo, hi] */
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return lo + (int64_t)(rng % (uint64_t)(hi - lo + 1));
}

/* plan_injective against brute force: exact on small layouts (it checks them one by one), and
 * on large ones never "injective" for a layout that is not (a proof, or refused). */
static void injective_properties(void) {
  char why[200];
  for (int t = 0; t < 3000; ++t) {
    cute_layout_t L;
    memset(&L, 0, sizeof L);
    L.leaves = (int32_t)rnd(1, 4);
    for (int k = 0; k < L.leaves; ++k) L.shape[k] = rnd(1, 6), L.stride[k] = rnd(-12, 12);
    int got = plan_injective(&L, why, sizeof why), want = brute_injective(&L);
    CHECK(got == want, "small layout %d: plan_injective %d, brute force %d (%s)", t, got, want, why);
  }
  int proven = 0;
  for (int t = 0; t < 40; ++t) {
    cute_layout_t L;
    memset(&L, 0, sizeof L);
    L.leaves = (int32_t)rnd(3, 5);
    int64_t reach = 0;
    for (int k = 0; k < L.leaves; ++k) { /* strides near the reach of the previous leaves, either side */
      L.shape[k] = rnd(4, 24);
      L.stride[k] = (reach + rnd(-2, 2) > 0 ? reach + rnd(-2, 2) : 1) * (rnd(0, 1) ? 1 : -1);
      reach += (L.shape[k] - 1) * (L.stride[k] < 0 ? -L.stride[k] : L.stride[k]);
    }
    for (int k = L.leaves - 1; k > 0; --k) { /* in any order */
      int j = (int)rnd(0, k);
      int64_t e = L.shape[k], d = L.stride[k];
      L.shape[k] = L.shape[j], L.stride[k] = L.stride[j], L.shape[j] = e, L.stride[j] = d;
    }
    int got = plan_injective(&L, why, sizeof why);
    proven += got == 1;
    CHECK(got != 1 || brute_injective(&L), "large layout %d: called injective, brute force finds a repeat", t);
    CHECK(got != 0 || !brute_injective(&L), "large layout %d: called not injective, brute force finds none: %s", t, why);
  }
  CHECK(proven > 0, "no large layout proven injective");
}

/* Random copies (run under UBSan and ASan by make test): the same random shape for src and dst,
 * strides compact in a random order or from a pool of edge values; every result is 0 or -1 with
 * a reason, and an accepted TMA plan's maps pass the hardware rules and launch in range. */
static void random_copies(void) {
  static const int64_t ext[] = {1, 2, 3, 5, 8, 16, 100, 128, 256, 1000, 4096, 1LL << 20, 1LL << 31, 1LL << 40};
  static const int64_t str[] = {0, 1, 2, 3, 8, 64, 1001, -1, -64, 1LL << 40, 1LL << 61, 1LL << 62, INT64_MAX, INT64_MIN};
  static const size_t es[] = {1, 2, 4, 8, 16};
  int tma = 0;
  for (int t = 0; t < 20000; ++t) {
    cute_layout_t l[2];
    memset(l, 0, sizeof l);
    l[0].leaves = l[1].leaves = (int32_t)rnd(1, 4);
    l[0].ntokens = l[1].ntokens = 1;
    for (int k = 0; k < l[0].leaves; ++k) l[0].shape[k] = l[1].shape[k] = ext[rnd(0, rnd(0, 3) ? 10 : 13)];
    for (int w = 0; w < 2; ++w) {
      int64_t run = 1;
      const int first = (int)rnd(0, l[w].leaves - 1), compact = rnd(0, 2) != 0;
      for (int j = 0; j < l[w].leaves; ++j) {
        int k = (first + j) % l[w].leaves;
        l[w].stride[k] = compact && rnd(0, 7) ? run : str[rnd(0, 13)];
        if (plan_mul(run, l[w].shape[k], &run)) run = 1;
      }
    }
    const size_t e = es[rnd(0, 4)];
    const uintptr_t sa = A + (uintptr_t)rnd(0, 1) * 8, da = A + (uintptr_t)rnd(0, 1) * 4;
    int rc = cutego_copy_plan(&l[1], &l[0], e, da, sa, 0, &p_random);
    CHECK((rc == 0 || rc == -1) && p_random.reason[0], "random copy %d: rc %d", t, rc);
    if (rc == 0 && (p_random.path == CUTEGO_COPY_PATH_TMA_COPY || p_random.path == CUTEGO_COPY_PATH_TMA_PERMUTE)) {
      char why[120] = "";
      cutego_launch_t ln;
      ++tma;
      CHECK(cutego_tma_desc_check(&p_random.src, sa, why, sizeof why) == 0 &&
                cutego_tma_desc_check(&p_random.dst, da, why, sizeof why) == 0,
            "random copy %d: %s: %s", t, p_random.reason, why);
      CHECK(cutego_copy_launch(&p_random, 0, 132, 232448, da, sa, &ln) == 0 && ln.grid >= 1 &&
                ln.grid <= p_random.grid.ntiles,
            "random copy %d: launch", t);
    }
  }
  CHECK(tma > 100, "random copies: %d through TMA", tma);
  printf("random copies: 20000, %d through TMA\n", tma);
}

/* ---- the TMA permute kernel emulated on the host ------------------------------------------
 * What kernels/copy_kernels.cuh's permute does, from the plan alone: per tile, a TMA load of
 * the source map's box (dense in box order, out-of-bounds elements zero, 128-byte swizzle as
 * the XOR of shared-memory address bits 4-6 with bits 7-9 of a 1024-aligned tile), the
 * transpose (output subtile s, row i, element j = input row s*W + j, element i; W = 128 bytes
 * of elements), and the TMA stores of the destination map's boxes (out-of-bounds elements not
 * written) at the coordinates the kernel computes for the plan's store kind. The result is
 * compared with dst[dst(i)] = src[src(i)] evaluated leaf by leaf. */
static size_t swz(size_t off, int sw) { return sw == 128 ? off ^ (((off >> 7) & 7) << 4) : off; }

static void box_io(const cutego_tma_desc_t *d, uint8_t *gmem, uint8_t *smem, const int32_t *c, int rank, int load) {
  int64_t n = 1;
  for (int i = 0; i < rank; ++i) n *= d->box[i];
  for (int64_t e = 0; e < n; ++e) {
    int64_t q = e, off = 0;
    int in = 1;
    for (int i = 0; i < rank; ++i) {
      int64_t x = c[i] + q % d->box[i];
      q /= d->box[i];
      in &= x >= 0 && x < d->dims[i];
      off += x * (i ? d->strides[i] : d->elem_bytes);
    }
    uint8_t *sp = smem + swz((size_t)(e * d->elem_bytes), d->swizzle_bytes);
    if (load) {
      if (in) memcpy(sp, gmem + off, (size_t)d->elem_bytes);
      else memset(sp, 0, (size_t)d->elem_bytes);
    } else if (in) {
      memcpy(gmem + off, sp, (size_t)d->elem_bytes);
    }
  }
}

static void emulate_permute(const cutego_copy_plan_t *p, uint8_t *dst, uint8_t *src) {
  static uint8_t in[16384], out[16384];
  const cutego_tile_grid_t *g = &p->grid;
  const int es = p->elem_bytes, W = 128 / es, M = es, cm = es > 8 ? 2 : 1;
  for (int64_t t = 0; t < g->ntiles; ++t) {
    int32_t ti[5], c[5];
    int64_t q = t;
    for (int i = 0; i < 5; ++i) {
      ti[i] = (int32_t)(q % g->tiles[i]);
      q /= g->tiles[i];
      c[i] = ti[i] * g->box[i];
    }
    box_io(&p->src, src, in, c, g->rank, 1);
    const int grouped = (g->flags & CUTEGO_TILE_GRID_GROUPED_STORE) != 0;
    for (int sb = 0; sb < M; ++sb)
      for (int i = 0; i < W; ++i)
        for (int j = 0; j < W; ++j)
          memcpy(out + swz((size_t)(sb * W * 128 + i * 128 + j * es), grouped ? 0 : 128),
                 in + swz((size_t)((sb * W + j) * 128 + i * es), 128), (size_t)es);
    if (grouped) {
      for (int sb = 0; sb < M; ++sb) {
        int in_range = 1;
        for (int d = 0; d < 5; ++d) {
          const int k = g->perm[d];
          const int64_t v = (k >= 0 ? (int64_t)ti[k] * g->store_mul[d] : 0) + (int64_t)sb * g->store_step[d];
          if (g->store_step[d] && k >= 0 && v >= g->dims[k]) in_range = 0;
          c[d] = (int32_t)v;
        }
        if (in_range) box_io(&p->dst, dst, out + sb * W * 128, c, g->store_rank, 0);
      }
    } else if (g->flags & CUTEGO_TILE_GRID_WHOLE_TILE_STORE) {
      int32_t c3[5] = {0, ti[0] * W, ti[1] * M, ti[2], ti[3]};
      box_io(&p->dst, dst, out, c3, g->rank + 1, 0);
    } else {
      for (int sb = 0; sb < M; ++sb) {
        int64_t bs = (int64_t)ti[1] * 128 + sb * W;
        if (bs >= g->dims[1]) break;
        int32_t c2[5] = {(int32_t)(bs * cm), ti[0] * W, ti[2], ti[3], ti[4]};
        box_io(&p->dst, dst, out + sb * W * 128, c2, g->rank, 0);
      }
    }
  }
}

static int64_t eval_leaves(const cute_layout_t *l, int64_t i) {
  int64_t x = 0;
  for (int k = 0; k < l->leaves; ++k) {
    x += (i % l->shape[k]) * l->stride[k];
    i /= l->shape[k];
  }
  return x;
}

static int64_t reach_of(const cute_layout_t *l) {
  int64_t r = 0;
  for (int k = 0; k < l->leaves; ++k) r += (l->shape[k] - 1) * l->stride[k];
  return r + 1;
}

/* Plans dst <- src (non-negative strides), emulates a TMA permute plan (its tail by the
 * reference), and compares every byte of dst with the reference; returns the plan's flags,
 * or -1 when the plan is not a TMA permute. */
static int permute_matches(const cute_layout_t *dst, const cute_layout_t *src, int es, const cutego_copy_options_t *o,
                           cutego_copy_plan_t *p, const char *what) {
  if (cutego_copy_plan(dst, src, (size_t)es, A, A, o, p) != 0 || p->path != CUTEGO_COPY_PATH_TMA_PERMUTE) return -1;
  const int64_t ns = reach_of(src) * es, nd = reach_of(dst) * es, size = p->size;
  uint8_t *s = malloc((size_t)ns), *got = malloc((size_t)nd), *want = malloc((size_t)nd);
  for (int64_t i = 0; i < ns; ++i) s[i] = (uint8_t)(i * 131 + (i >> 8) * 7 + 1);
  memset(got, 0xA5, (size_t)nd);
  memset(want, 0xA5, (size_t)nd);
  for (int64_t i = 0; i < size; ++i)
    memcpy(want + eval_leaves(dst, i) * es, s + eval_leaves(src, i) * es, (size_t)es);
  emulate_permute(p, got, s);
  if (p->has_tail) {
    int64_t tn = 1;
    for (int k = 0; k < p->tail_src.leaves; ++k) tn *= p->tail_src.shape[k];
    for (int64_t i = 0; i < tn; ++i)
      memcpy(got + (p->tail_dst_offset + eval_leaves(&p->tail_dst, i)) * es,
             s + (p->tail_src_offset + eval_leaves(&p->tail_src, i)) * es, (size_t)es);
  }
  int64_t bad = 0, first = -1;
  for (int64_t i = 0; i < nd; ++i)
    if (got[i] != want[i] && bad++ == 0) first = i;
  CHECK(bad == 0, "%s: %lld bytes differ (first at byte %lld): %s", what, (long long)bad, (long long)first, p->reason);
  free(s), free(got), free(want);
  return p->grid.flags;
}

/* The GETT stupr,qtru->stqp's packed copies (cutego_gemm's A in, D out: bf16, row-major
 * operands, the fold as written): the source's contiguous mode r and the destination's u are
 * 32 elements, a quarter of the old tile's 128 bytes by 128 rows (an eighth of it filled); the
 * grouped tile takes r with the p that continues it in A (128 bytes) and u with 4 of s (128
 * rows). Expected maps from the rule of tile_permute_grouped, worked by hand. */
static void gett_packs(void) {
  cutego_copy_plan_t p;
  const long long S = 3, T = 2, U = 32, P = 6, R = 32, Q = 64, Mx = S * P;
  /* A (s,p,u,r,t) row-major stupr -> packed (M = (s,p), K = (u,r), L = t):(1024, 1, M*1024) */
  long long as[] = {S, P, U, R, T}, ast[] = {T * U * P * R, R, P * R, 1, U * P * R};
  long long ps[] = {S, P, U, R, T}, pst[] = {1024, S * 1024, 1, U, Mx * 1024};
  cute_layout_t a = L(5, as, ast), pa = L(5, ps, pst);
  int f = permute_matches(&pa, &a, 2, 0, &p, "GETT A pack");
  CHECK(f >= 0 && (f & CUTEGO_TILE_GRID_GROUPED_STORE), "GETT A pack grouped: %s", p.reason);
  /* source map (r·p, u, s, t) box (64, 32, 4, 1); destination (u, s, r, p, t) box (32, 2, 32, 2, 1) */
  CHECK(p.src.rank == 4 && p.src.dims[0] == R * P && p.src.dims[1] == U && p.src.dims[2] == S && p.src.dims[3] == T,
        "GETT A src dims: %s", p.reason);
  CHECK(p.src.box[0] == 64 && p.src.box[1] == 32 && p.src.box[2] == 4 && p.src.box[3] == 1 && p.src.swizzle_bytes == 128,
        "GETT A src box");
  CHECK(p.dst.rank == 5 && p.dst.dims[0] == U && p.dst.dims[1] == S && p.dst.dims[2] == R && p.dst.dims[3] == P &&
            p.dst.strides[1] == 2048 && p.dst.strides[2] == 64 && p.dst.swizzle_bytes == 0,
        "GETT A dst map");
  CHECK(p.dst.box[0] == 32 && p.dst.box[1] == 2 && p.dst.box[2] == 32 && p.dst.box[3] == 2 && p.dst.box[4] == 1,
        "GETT A dst box");
  CHECK(p.grid.ntiles == 3 * 1 * 1 * 2, "GETT A tiles %lld", (long long)p.grid.ntiles);
  cutego_copy_options_t o = {0, 0, 0, 0, CUTEGO_COPY_NO_GROUPING, 0};
  f = permute_matches(&pa, &a, 2, &o, &p, "GETT A pack, not grouped");
  CHECK(f >= 0 && !(f & CUTEGO_TILE_GRID_GROUPED_STORE) && p.grid.ntiles == 1 * 1 * S * P * T, "old plan: %s", p.reason);
  /* D: packed (M = (s,p), N = q, L = t):(Q, 1, M*Q) -> C stqp (s,p,q,t):(T*Q*P, 1, P, Q*P), with
   * P = 64: b = p fills a 128-byte row, the 128 rows are p and 2 of the filler t (the mode of
   * smallest destination stride besides a = q) */
  long long ds2[] = {S, 64, Q, T}, dpst2[] = {64 * Q, Q, 1, S * 64 * Q}, dcst2[] = {T * Q * 64, 1, 64, Q * 64};
  cute_layout_t dp2 = L(4, ds2, dpst2), dc2 = L(4, ds2, dcst2);
  f = permute_matches(&dc2, &dp2, 2, 0, &p, "GETT D out, p = 64");
  CHECK(f >= 0 && (f & CUTEGO_TILE_GRID_GROUPED_STORE) && p.dst.box[0] == 64 && p.dst.box[1] == 1 &&
            p.src.box[1] == 64 && p.src.box[2] == 2 && p.grid.ntiles == 1 * 1 * 1 * S,
        "D p=64: %s", p.reason);
}

/* For every element size the cases of test_copy.cu's grouped section: a short source mode a
 * continued by d and a short destination mode b with an odd filler c; a long a with a short b. */
static void grouped_cases(void) {
  for (int es = 1; es <= 8; es *= 2) {
    cutego_copy_plan_t p;
    const long long W = 128 / es, na = W / 2, nb = W / 2;
    long long sh[] = {na, 6, nb, 5, 3}, ss[] = {1, na, na * 6, na * 6 * nb, na * 6 * nb * 5};
    long long ds[] = {nb, nb * na * 5 * 3, 1, nb * na * 3, nb * na};
    cute_layout_t src = L(5, sh, ss), dst = L(5, sh, ds);
    int f = permute_matches(&dst, &src, es, 0, &p, "short a + d, short b + odd c");
    /* filler: e (the smallest dst stride besides a, b); source map (a·d, b, e, c): box (W, nb,
     * 128/nb, 1), tiles (6/2, 1, ceil(3/(128/nb)), 5); destination map (b, e, a, d, c) */
    CHECK(f >= 0 && (f & CUTEGO_TILE_GRID_GROUPED_STORE) && p.src.rank == 4 && p.dst.rank == 5 &&
              p.src.dims[0] == na * 6 && p.src.dims[2] == 3 && p.src.box[2] == 128 / nb &&
              p.grid.ntiles == 3 * 1 * ((3 + 128 / nb - 1) / (128 / nb)) * 5 && p.dst.dims[1] == 3 && p.dst.dims[3] == 6,
          "es %d: %s", es, p.reason);
    long long sh2[] = {208, W / 4, 7}, ss2[] = {1, 208, 208 * (W / 4)}, ds2[] = {W / 4, 1, 208 * (W / 4)};
    cute_layout_t src2 = L(3, sh2, ss2), dst2 = L(3, sh2, ds2);
    f = permute_matches(&dst2, &src2, es, 0, &p, "long a, short b + odd c");
    /* source map (a, b, c): box (W, W/4, 512/W), tiles (ceil(208/W), 1, ceil(7/(512/W))) */
    CHECK(f >= 0 && (f & CUTEGO_TILE_GRID_GROUPED_STORE) && p.src.box[1] == W / 4 && p.src.box[2] == 512 / W &&
              p.grid.ntiles == (208 + W - 1) / W * ((7 + 512 / W - 1) / (512 / W)),
          "es %d: %s", es, p.reason);
  }
}

/* Random permutations of small tensors with short modes, every element size: each TMA permute
 * plan (grouped or not) emulated and compared with the reference. */
static void random_permutes(void) {
  static const int64_t ext[] = {1, 2, 3, 4, 6, 8, 16, 32, 64, 96, 128, 136};
  static const int es_of[] = {1, 2, 4, 8, 16};
  int grouped = 0, plain = 0;
  for (int t = 0; t < 400; ++t) {
    const int rank = (int)rnd(2, 5), es = es_of[rnd(0, 4)];
    long long sh[5], ss[5], ds[5];
    int64_t n = 1;
    for (int k = 0; k < rank; ++k) {
      sh[k] = ext[rnd(0, 11)];
      if (n * sh[k] > (1 << 16)) sh[k] = 1;
      n *= sh[k];
    }
    int perm[5];
    for (int k = 0; k < rank; ++k) perm[k] = k;
    for (int k = rank - 1; k > 0; --k) {
      int j = (int)rnd(0, k), x = perm[k];
      perm[k] = perm[j], perm[j] = x;
    }
    long long run = 1;
    for (int k = 0; k < rank; ++k) ss[k] = run, run *= sh[k] + (rnd(0, 3) == 0 ? 16 / es + (16 / es == 0) : 0);
    run = 1;
    for (int j = 0; j < rank; ++j) ds[perm[j]] = run, run *= sh[perm[j]];
    cute_layout_t src = L(rank, sh, ss), dst = L(rank, sh, ds);
    cutego_copy_plan_t p;
    char what[64];
    snprintf(what, sizeof what, "random permute %d (es %d)", t, es);
    int f = permute_matches(&dst, &src, es, 0, &p, what);
    if (f >= 0) *((f & CUTEGO_TILE_GRID_GROUPED_STORE) ? &grouped : &plain) += 1;
  }
  CHECK(grouped > 10 && plain > 10, "random permutes: %d grouped, %d not", grouped, plain);
  printf("random permutes emulated: %d grouped, %d not grouped\n", grouped, plain);
}

int main(void) {
  injective_properties();
  random_copies();
  gett_packs();
  grouped_cases();
  random_permutes();
  cutego_copy_plan_t p;
  { /* contiguous fp32 1 GiB: split into (256, 2^20), box (256, 64) = 64 KiB, 2 stages */
    long long s[] = {1LL << 28}, d[] = {1};
    cute_layout_t x = L(1, s, d);
    CHECK(cutego_copy_plan(&x, &x, 4, A, A, 0, &p) == 0, "%s", p.reason);
    CHECK(p.path == CUTEGO_COPY_PATH_TMA_COPY, "path %d %s", p.path, p.reason);
    CHECK(p.src.rank == 2 && p.src.dims[0] == 256 && p.src.dims[1] == (1LL << 20), "%s", p.reason);
    CHECK(p.src.strides[1] == 1024 && p.src.box[0] == 256 && p.src.box[1] == 64, "%s", p.reason);
    CHECK(p.grid.ntiles == (1LL << 14) && p.grid.stages == 2 && p.src.l2_promotion == 128, "ntiles %lld", (long long)p.grid.ntiles);
  }
  { /* fp32 transpose 1024x512: src (1024,512):(1,1024), dst (1024,512):(512,1) */
    long long s[] = {1024, 512}, ds[] = {1, 1024}, dd[] = {512, 1};
    cute_layout_t src = L(2, s, ds), dst = L(2, s, dd);
    CHECK(cutego_copy_plan(&dst, &src, 4, A, A, 0, &p) == 0, "%s", p.reason);
    CHECK(p.path == CUTEGO_COPY_PATH_TMA_PERMUTE, "path %d %s", p.path, p.reason);
    CHECK(p.src.dims[0] == 1024 && p.src.dims[1] == 512 && p.src.strides[1] == 4096, "%s", p.reason);
    /* dst map (b mod 32, a, b / 32): one 3-D box (32, 32, 4) stores the 32 x 128 output tile */
    CHECK(p.dst.rank == 3 && p.dst.dims[0] == 32 && p.dst.dims[1] == 1024 && p.dst.dims[2] == 16, "dst dims");
    CHECK(p.dst.strides[1] == 2048 && p.dst.strides[2] == 128, "dst strides");
    CHECK(p.src.box[0] == 32 && p.src.box[1] == 128 && p.dst.box[0] == 32 && p.dst.box[1] == 32 && p.dst.box[2] == 4, "boxes");
    CHECK((p.grid.flags & CUTEGO_TILE_GRID_WHOLE_TILE_STORE) && !p.has_tail, "single store");
    cutego_copy_options_t o = {0, 0, 0, 0, 4, 0}; /* per-block stores: dst map (512, 1024) */
    CHECK(cutego_copy_plan(&dst, &src, 4, A, A, &o, &p) == 0 && p.dst.rank == 2 && p.dst.dims[0] == 512 &&
              p.dst.box[1] == 32 && !(p.grid.flags & CUTEGO_TILE_GRID_WHOLE_TILE_STORE), "multi-store %s", p.reason);
    CHECK(p.src.swizzle_bytes == 128 && p.dst.swizzle_bytes == 128, "swizzle");
    CHECK(p.grid.tiles[0] == 32 && p.grid.tiles[1] == 4, "tiles");
  }
  { /* 16-byte elements become pairs of 8-byte map elements */
    long long s[] = {100, 7}, d[] = {1, 100};
    cute_layout_t x = L(2, s, d);
    CHECK(cutego_copy_plan(&x, &x, 16, A, A, 0, &p) == 0 && p.path == CUTEGO_COPY_PATH_TMA_COPY, "%s", p.reason);
    CHECK(p.src.elem_bytes == 8 && p.src.dims[0] == 8 && p.src.dims[1] == 175, "16B: %s", p.reason); /* 700:1 split (4,175), 2 map elements each */
  }
  { /* gathers and misaligned strides go generic, with a reason */
    long long s[] = {1000}, d[] = {3}, d1[] = {1};
    cute_layout_t src = L(1, s, d), dst = L(1, s, d1);
    CHECK(cutego_copy_plan(&dst, &src, 4, A, A, 0, &p) == 0 && p.path == CUTEGO_COPY_PATH_GENERIC, "%s", p.reason);
    CHECK(strstr(p.reason, "generic") != 0, "%s", p.reason);
    long long s2[] = {5, 7}, st[] = {1, 5};
    cute_layout_t x = L(2, s2, st); /* 20-byte rows of fp32 */
    CHECK(cutego_copy_plan(&x, &x, 4, A, A, 0, &p) == 0 && p.path == CUTEGO_COPY_PATH_TMA_COPY, "coalesces to 35:1: %s", p.reason);
    long long st2[] = {1, 6};
    cute_layout_t y = L(2, s2, st2); /* 24-byte pitch: not a multiple of 16 */
    CHECK(cutego_copy_plan(&y, &y, 4, A, A, 0, &p) == 0 && p.path == CUTEGO_COPY_PATH_GENERIC, "%s", p.reason);
    CHECK(cutego_copy_plan(&x, &x, 4, A + 4, A, 0, &p) == 0 && p.path == CUTEGO_COPY_PATH_GENERIC, "misaligned");
  }
  { /* (1001,37) fp32 into 1004-float rows: TMA for 1000 columns, a generic tail of one */
    long long s[] = {1001, 37}, ds[] = {1, 1008}, dd[] = {1, 1004};
    cute_layout_t src = L(2, s, ds), dst = L(2, s, dd);
    CHECK(cutego_copy_plan(&dst, &src, 4, A, A, 0, &p) == 0 && p.path == CUTEGO_COPY_PATH_TMA_COPY, "%s", p.reason);
    CHECK(p.src.dims[0] == 1000 && p.has_tail && p.tail_dst_offset == 1000 && p.tail_src_offset == 1000, "%s", p.reason);
    CHECK(p.tail_dst.leaves == 2 && p.tail_dst.shape[0] == 1 && p.tail_dst.shape[1] == 37 && p.tail_dst.stride[1] == 1004, "tail");
    long long s2[] = {3, 37}, d2[] = {1, 4};
    cute_layout_t x = L(2, s2, d2); /* 12-byte rows: nothing for TMA */
    CHECK(cutego_copy_plan(&x, &x, 4, A, A, 0, &p) == 0 && p.path == CUTEGO_COPY_PATH_GENERIC && !p.has_tail, "%s", p.reason);
  }
  { /* errors */
    long long s[] = {10}, s2[] = {11}, d[] = {1};
    cute_layout_t a = L(1, s, d), b = L(1, s2, d);
    CHECK(cutego_copy_plan(&a, &b, 4, A, A, 0, &p) == -1, "size mismatch");
    CHECK(cutego_copy_plan(&a, &a, 3, A, A, 0, &p) == -1, "elem 3");
    long long s3[] = {10, 2}, d3[] = {1, 0}, d4[] = {1, 10};
    cute_layout_t c = L(2, s3, d3), e = L(2, s3, d4);
    CHECK(cutego_copy_plan(&c, &e, 4, A, A, 0, &p) == -1, "non-injective dst");
    cutego_copy_options_t o = {CUTEGO_COPY_PATH_TMA_PERMUTE, 0, 0, 0, 0, 0};
    CHECK(cutego_copy_plan(&a, &a, 4, A, A, &o, &p) == -1, "forced impossible path");
  }
  { /* outputs that write an element twice, offsets that overflow int64 bytes */
    long long s[] = {256, 256}, d11[] = {1, 1}, dc[] = {1, 256}, wrap[] = {-9223372036854771712LL, 1};
    cute_layout_t overlap = L(2, s, d11), col = L(2, s, dc), wrapped = L(2, s, wrap);
    CHECK(cutego_copy_plan(&overlap, &col, 4, A, A, 0, &p) == -1 && strstr(p.reason, "not injective"),
          "(256,256):(1,1) dst: %s", p.reason);
    CHECK(cutego_copy_plan(&col, &wrapped, 2, A, A, 0, &p) == -1 && strstr(p.reason, "overflow"), "wrapped src: %s",
          p.reason);
    long long s3[] = {2, 2, 256}, d3[] = {0, 1, 2}, c3[] = {1, 2, 4};
    cute_layout_t nested0 = L(3, s3, d3), compact = L(3, s3, c3);
    CHECK(cutego_copy_plan(&nested0, &compact, 4, A, A, 0, &p) == -1 && strstr(p.reason, "stride 0"),
          "stride-0 leaf: %s", p.reason);
    long long s4[] = {1 << 17, 2}, d4[] = {2, 3}, c4[] = {1, 1 << 17};
    cute_layout_t unproven = L(2, s4, d4), c = L(2, s4, c4);
    CHECK(cutego_copy_plan(&unproven, &c, 4, A, A, 0, &p) == -1 && strstr(p.reason, "may write an element twice"),
          "unproven dst: %s", p.reason);
    long long s5[] = {3, 2}, d5[] = {2, 3}, c5[] = {1, 3};
    cute_layout_t small = L(2, s5, d5), c2 = L(2, s5, c5);
    CHECK(cutego_copy_plan(&small, &c2, 4, A, A, 0, &p) == 0 && p.path == CUTEGO_COPY_PATH_GENERIC,
          "(3,2):(2,3) dst is injective: %s", p.reason);
    long long s6[] = {2, 64}, d6[] = {1LL << 60, 1}, c6[] = {64, 1};
    cute_layout_t far = L(2, s6, d6), near = L(2, s6, c6);
    CHECK(cutego_copy_plan(&far, &near, 4, A, A, 0, &p) == 0, "2^62-byte stride: %s", p.reason);
    CHECK(cutego_copy_plan(&far, &near, 8, A, A, 0, &p) == -1 && strstr(p.reason, "overflow"), "2^63-byte stride: %s",
          p.reason);
  }
  { /* launches: TMA copy 32 threads, permute 128, generic 256 (a CTA per 256 elements, at most 16
       per SM, byte-wise off the element grid) */
    cutego_launch_t l;
    long long s[] = {1LL << 28}, d[] = {1};
    cute_layout_t x = L(1, s, d);
    CHECK(cutego_copy_plan(&x, &x, 4, A, A, 0, &p) == 0, "%s", p.reason);
    /* 2 stages of 64 KiB + 2 KiB: one CTA fits in 227 KiB */
    CHECK(cutego_copy_launch(&p, 0, 132, 232448, A, A, &l) == 0 && l.grid == 132 && l.block == 32 &&
              l.smem_bytes == 2048 + 2 * 65536 && !strcmp(l.kernel, "cutego_tma_copy_kernel"),
          "copy launch %lld %d %d %s", (long long)l.grid, l.block, l.smem_bytes, l.kernel);
    CHECK(cutego_copy_launch(&p, 0, 132, 100000, A, A, &l) == -1, "copy launch, too little shared memory");
    long long t[] = {1024, 512}, ds[] = {1, 1024}, dd[] = {512, 1};
    cute_layout_t src = L(2, t, ds), dst = L(2, t, dd);
    CHECK(cutego_copy_plan(&dst, &src, 4, A, A, 0, &p) == 0, "%s", p.reason);
    /* 3 stages + 2 tiles of 16 KiB: 2 CTAs per SM, 128 tiles */
    CHECK(cutego_copy_launch(&p, 0, 132, 232448, A, A, &l) == 0 && l.grid == 128 && l.block == 128 &&
              l.smem_bytes == 2048 + 5 * 16384 && !strcmp(l.kernel, "cutego_tma_permute_es4"),
          "permute launch %lld %d %d %s", (long long)l.grid, l.block, l.smem_bytes, l.kernel);
    CHECK(cutego_copy_launch(&p, 0, 32, 232448, A, A, &l) == 0 && l.grid == 64, "permute, 32 SMs: %lld",
          (long long)l.grid);
    cutego_copy_generic_launch(1000, 4, A, A, 132, &l);
    CHECK(l.grid == 4 && l.block == 256 && !l.bytewise && !strcmp(l.kernel, "cutego_generic_copy_es4"), "generic %s",
          l.kernel);
    cutego_copy_generic_launch(1000, 4, A + 2, A, 132, &l);
    CHECK(l.bytewise && !strcmp(l.kernel, "cutego_generic_copy_bytes"), "bytewise %s", l.kernel);
    cutego_copy_generic_launch(1000000000, 4, A, A, 132, &l);
    CHECK(l.grid == 132 * 16, "generic cap %lld", (long long)l.grid);
    CHECK(!strcmp(cutego_copy_path_name(CUTEGO_COPY_PATH_TMA_PERMUTE), "tma-permute"), "path name");
  }
  { /* descriptor checks */
    cutego_tma_desc_t d;
    memset(&d, 0, sizeof d);
    d.rank = 2;
    d.elem_bytes = 2;
    d.dims[0] = 64; d.dims[1] = 64;
    d.strides[0] = 2; d.strides[1] = 136;
    d.box[0] = 64; d.box[1] = 64;
    d.elem_strides[0] = d.elem_strides[1] = 1;
    char why[128];
    CHECK(cutego_tma_desc_check(&d, A, why, sizeof why) == -1 && strstr(why, "multiple of 16"), "stride 136");
    d.strides[1] = 128;
    CHECK(cutego_tma_desc_check(&d, A, why, sizeof why) == 0, "%s", why);
    d.swizzle_bytes = 64;
    CHECK(cutego_tma_desc_check(&d, A, why, sizeof why) == -1, "inner box 128 B > 64 B swizzle");
    d.swizzle_bytes = 128;
    d.box[1] = 257;
    CHECK(cutego_tma_desc_check(&d, A, why, sizeof why) == -1, "box 257");
  }
  if (fails) {
    fprintf(stderr, "%d failures\n", fails);
    return 1;
  }
  printf("copy planner: all checks passed\n");
  return 0;
}

/* test_plan_gemm.c — the GEMM planner without a GPU (part of `make test`): which path, why, the
 * tensor maps it derives, and the refusals. Expected values follow from the hardware rules
 * (GPU-NOTES: 16-byte strides and addresses, unit-stride inner dimension, box <= 256) and from
 * CuTe's operand convention, A (M,K), B (N,K), D (M,N), not from the planner's output. */
#include <stdio.h>
#include <string.h>
#include "cutego_device.h"
#include "cutego_kernels.h"
#include "config_boxes.h"
#include "../planner.h"

#include "../check.h"

/* (e0,e1[,e2]):(s0,s1[,s2]) */
static cute_layout_t L3(int64_t e0, int64_t e1, int64_t e2, int64_t s0, int64_t s1, int64_t s2) {
  cute_layout_t l;
  memset(&l, 0, sizeof l);
  int r = e2 ? 3 : 2, t = 0;
  l.leaves = r;
  l.shape[0] = e0, l.shape[1] = e1, l.shape[2] = e2;
  l.stride[0] = s0, l.stride[1] = s1, l.stride[2] = s2;
  l.nest[t++] = CUTE_NEST_OPEN;
  for (int i = 0; i < r; ++i) l.nest[t++] = CUTE_NEST_LEAF;
  l.nest[t++] = CUTE_NEST_CLOSE;
  l.ntokens = t;
  return l;
}

/* ((e0,e1),e2):((s0,s1),s2): a hierarchical first mode */
static cute_layout_t H(int64_t e0, int64_t e1, int64_t e2, int64_t s0, int64_t s1, int64_t s2) {
  cute_layout_t l;
  memset(&l, 0, sizeof l);
  l.leaves = 3;
  l.shape[0] = e0, l.shape[1] = e1, l.shape[2] = e2;
  l.stride[0] = s0, l.stride[1] = s1, l.stride[2] = s2;
  int8_t nest[] = {CUTE_NEST_OPEN, CUTE_NEST_OPEN, CUTE_NEST_LEAF, CUTE_NEST_LEAF, CUTE_NEST_CLOSE, CUTE_NEST_LEAF,
                   CUTE_NEST_CLOSE};
  memcpy(l.nest, nest, sizeof nest);
  l.ntokens = sizeof nest;
  return l;
}

/* ---- random plans: extreme extents and strides, flat and nested modes ---- */
static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint64_t next(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return rng;
}
static int64_t pick(const int64_t *v, int n) { return v[next() % (uint64_t)n]; }

/* An operand of mode extents e[0..r): a mode splits into two leaves now and then; strides come
 * from a pool that holds the edges of int64 and of the tensor-map limits, or make the layout
 * compact in a random mode order (so that some plans are accepted). */
static cute_layout_t random_operand(const int64_t *e, int r) {
  static const int64_t str[] = {0, 1, 2, 3, 8, 64, 1001, 4096, -1, -64, 1LL << 40, 1LL << 61, 1LL << 62, INT64_MAX,
                                INT64_MIN, -9223372036854771712LL};
  cute_layout_t l;
  memset(&l, 0, sizeof l);
  int t = 0;
  l.nest[t++] = CUTE_NEST_OPEN;
  for (int m = 0; m < r; ++m) {
    int split = e[m] % 2 == 0 && e[m] > 2 && next() % 3 == 0;
    if (split) {
      l.nest[t++] = CUTE_NEST_OPEN;
      l.shape[l.leaves++] = 2;
      l.shape[l.leaves++] = e[m] / 2;
      l.nest[t++] = CUTE_NEST_LEAF;
      l.nest[t++] = CUTE_NEST_LEAF;
      l.nest[t++] = CUTE_NEST_CLOSE;
    } else {
      l.shape[l.leaves++] = e[m];
      l.nest[t++] = CUTE_NEST_LEAF;
    }
  }
  l.nest[t++] = CUTE_NEST_CLOSE;
  l.ntokens = t;
  const int compact = next() % 3 != 0, first = (int)(next() % (uint64_t)l.leaves);
  int64_t run = 1;
  for (int j = 0; j < l.leaves; ++j) { /* leaves first, first + 1, ... (cyclically) compact */
    int k = (first + j) % l.leaves;
    if (compact) {
      l.stride[k] = run;
      if (plan_mul(run, l.shape[k], &run)) run = 1;
    }
    if (!compact || next() % 8 == 0) l.stride[k] = pick(str, sizeof str / sizeof str[0]);
  }
  return l;
}

/* Random plans (run under UBSan and ASan by make test): every result is 0 or -1 with a reason,
 * an accepted wgmma plan's tensor maps pass the hardware rules, and its grid is in range. */
static void random_plans(void) {
  static const int64_t ext[] = {1, 2, 3, 8, 16, 64, 100, 128, 256, 1000, 4096, 1LL << 20, (1LL << 31) - 1, 1LL << 31};
  static const uintptr_t addr[] = {0x1000, 0x1002, 0x1004, 0x1008, 0x1010};
  int wgmma = 0, generic = 0, nprog = 0, ncl = 0, nrows = 0;
  for (int t = 0; t < 20000; ++t) {
    const int big = next() % 8 == 0, n = big ? 14 : 11;
    const int64_t m = pick(ext, n), nn = pick(ext, n), k = pick(ext, n), l = pick(ext, big ? n : 6);
    const int r = 2 + (int)(next() % 2);
    const int64_t ed[] = {m, nn, l}, ea[] = {m, k, l}, eb[] = {nn, k, next() % 2 ? l : 1};
    cute_layout_t d = random_operand(ed, r), a = random_operand(ea, r), b = random_operand(eb, r),
                  c = random_operand(ed, r);
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.sms = (int32_t)(next() % 200);
    o.no_pack = next() % 4 == 0;
    o.cluster_n = next() % 4 == 0 ? 2 : 0;
    const int read_c = next() % 2, cd = 1 + (int)(next() % 3);
    const uintptr_t aa = addr[next() % 5], ba = addr[next() % 5];
    cutego_gemm_plan_t p;
    int rc = cutego_gemm_plan(&d, &a, &b, &c, CUTEGO_DTYPE_BF16, cd, read_c, 0x10000, aa, ba, 0x20000, &o, &p);
    CHECK((rc == 0 || rc == -1) && p.reason[0], "random plan %d: rc %d", t, rc);
    generic += rc == 0 && p.path == CUTEGO_GEMM_PATH_GENERIC;
    wgmma += rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA;
    if (rc == 0) { /* a programmatic dependent launch exactly for the wgmma kernels (they wait for the kernel before) */
      cutego_launch_t lp;
      cutego_gemm_launch(&p, o.sms, 0, &lp);
      /* (16-bit plans: the configuration's BK from the table the kernels' layouts fill) */
      const int64_t bk = p.path == CUTEGO_GEMM_PATH_WGMMA ? cutego_gemm_config_boxes[p.config].bk : 1;
      const int want = p.path == CUTEGO_GEMM_PATH_WGMMA && (p.k + bk - 1) / bk <= 16;
      CHECK(lp.programmatic == want, "random plan %d: path %d, K %lld, programmatic %d", t, p.path, (long long)p.k,
            lp.programmatic);
      nprog += lp.programmatic;
    }
    if (rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA) {
      char why[120] = "";
      if (p.flags & CUTEGO_GEMM_F_ROWS) { /* read by cp.async pieces: K-major 16-bit rows and addresses on their grid */
        const int e = (p.flags & CUTEGO_GEMM_F_ROWS_4) ? 2 : 4; /* the piece's elements: 4 bytes, else 8 */
        CHECK(p.a.major == 0 && p.b.major == 0 && p.k % e == 0 && p.a.stride[0] % e == 0 && p.b.stride[0] % e == 0 &&
                  aa % (2 * e) == 0 && ba % (2 * e) == 0 && !(p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) &&
                  p.cluster_m == 1 && p.cluster_n == 1 && o.cluster_n == 0,
              "random plan %d: rows: %s", t, p.reason);
        /* 4-byte pieces only where 8-byte ones cannot read them */
        if (e == 2)
          CHECK(p.k % 4 != 0 || p.a.stride[0] % 4 != 0 || p.b.stride[0] % 4 != 0 || aa % 8 != 0 || ba % 8 != 0 ||
                    (p.a.extent[2] > 1 && !p.a.bcast_l && p.a.stride[2] % 4 != 0) ||
                    (p.b.extent[2] > 1 && !p.b.bcast_l && p.b.stride[2] % 4 != 0),
                "random plan %d: 4-byte pieces where 8 would do: %s", t, p.reason);
      } else
        CHECK(cutego_tma_desc_check(&p.a_map, (p.flags & CUTEGO_GEMM_F_PACK_A) ? 0 : aa, why, sizeof why) == 0 &&
                  cutego_tma_desc_check(&p.b_map, (p.flags & CUTEGO_GEMM_F_PACK_B) ? 0 : ba, why, sizeof why) == 0 &&
                  !(p.flags & CUTEGO_GEMM_F_ROWS_4),
              "random plan %d: %s, a map: %s", t, p.reason, why);
      nrows += (p.flags & CUTEGO_GEMM_F_ROWS) != 0;
      cutego_launch_t ln;
      cutego_gemm_launch(&p, o.sms, 0, &ln);
      const int64_t cl = p.cluster_m * p.cluster_n; /* CTAs per cluster */
      CHECK(ln.grid >= 1 && ln.grid <= p.tiles * cl + cl && ln.grid % cl == 0 && ln.cluster == cl,
            "random plan %d: grid %lld cluster %d", t, (long long)ln.grid, (int)ln.cluster);
      /* 1x2 clusters: each CTA's A box is half of a tile's rows, of a K-major A */
      CHECK(p.cluster_n == 1 || (o.cluster_n == 2 && p.a.major == 0 && p.m >= cutego_gemm_config_boxes[p.config].bm &&
                                 2 * p.a_map.box[1] == cutego_gemm_config_boxes[p.config].bm),
            "random plan %d: cluster_n %d: %s", t, (int)p.cluster_n, p.reason);
      ncl += p.cluster_n == 2;
    }
  }
  CHECK(wgmma > 100 && generic > 100 && nprog > 10 && nprog < wgmma && ncl > 10,
        "random plans: %d wgmma (%d programmatic, %d in 1x2 clusters), %d generic", wgmma, nprog, ncl, generic);
  printf("random plans: 20000, %d wgmma (%d rows by cp.async), %d generic, the rest refused\n", wgmma, nrows, generic);
}

/* The device: 132 SMs (an H100 or H200 SXM) unless the options say otherwise. */
static int plan(cute_layout_t d, cute_layout_t a, cute_layout_t b, const cute_layout_t *c, int ab, int cd,
                uintptr_t aaddr, const cutego_gemm_options_t *o, cutego_gemm_plan_t *p) {
  cutego_gemm_options_t opt;
  memset(&opt, 0, sizeof opt);
  if (o) opt = *o;
  if (opt.sms == 0) opt.sms = 132;
  return cutego_gemm_plan(&d, &a, &b, c, ab, cd, c != NULL, 0x10000, aaddr, 0x20000, 0x30000, &opt, p);
}

/* cutego_gemm_transpose_layout: CuTe's select<1,0,2>, modes moved whole, every leaf kept. */
static void transpose_layouts(void) {
  cute_layout_t t;
  const cute_layout_t d = L3(3, 5, 0, 1, 3, 0);
  CHECK(cutego_gemm_transpose_layout(&d, &t) == 0 && t.leaves == 2 && t.shape[0] == 5 && t.shape[1] == 3 &&
            t.stride[0] == 3 && t.stride[1] == 1 && t.ntokens == 4 && t.nest[0] == CUTE_NEST_OPEN &&
            t.nest[1] == CUTE_NEST_LEAF && t.nest[2] == CUTE_NEST_LEAF && t.nest[3] == CUTE_NEST_CLOSE,
        "(3,5):(1,3)^T: (%lld,%lld):(%lld,%lld)", (long long)t.shape[0], (long long)t.shape[1],
        (long long)t.stride[0], (long long)t.stride[1]);
  const cute_layout_t d3 = L3(3, 5, 7, 1, 3, 15);
  CHECK(cutego_gemm_transpose_layout(&d3, &t) == 0 && t.shape[0] == 5 && t.shape[1] == 3 && t.shape[2] == 7 &&
            t.stride[0] == 3 && t.stride[1] == 1 && t.stride[2] == 15,
        "(3,5,7):(1,3,15)^T");
  /* ((2,4),6):((1,2),8)^T = (6,(2,4)):(8,(1,2)) */
  cute_layout_t h = H(2, 4, 6, 1, 2, 8);
  CHECK(cutego_gemm_transpose_layout(&h, &t) == 0 && t.leaves == 3 && t.shape[0] == 6 && t.stride[0] == 8 &&
            t.shape[1] == 2 && t.stride[1] == 1 && t.shape[2] == 4 && t.stride[2] == 2 && t.ntokens == 7 &&
            t.nest[1] == CUTE_NEST_LEAF && t.nest[2] == CUTE_NEST_OPEN && t.nest[5] == CUTE_NEST_CLOSE,
        "((2,4),6):((1,2),8)^T");
  int32_t first, count;
  CHECK(cute_dev_mode_leaves(&t, 1, &first, &count) == 0 && first == 1 && count == 2, "mode 1 of the transpose");
  /* twice: the layout itself */
  cute_layout_t tt;
  CHECK(cutego_gemm_transpose_layout(&t, &tt) == 0 && memcmp(&tt, &h, sizeof h) == 0, "the transpose's transpose");
  /* refused: rank 1, rank 4, a malformed nest, NULL */
  cute_layout_t r1;
  memset(&r1, 0, sizeof r1);
  r1.leaves = 1, r1.shape[0] = 8, r1.stride[0] = 1, r1.ntokens = 1, r1.nest[0] = CUTE_NEST_LEAF;
  cute_layout_t r4 = L3(2, 3, 4, 1, 2, 6);
  r4.leaves = 4, r4.shape[3] = 5, r4.stride[3] = 24, r4.nest[4] = CUTE_NEST_LEAF, r4.nest[5] = CUTE_NEST_CLOSE,
  r4.ntokens = 6;
  cute_layout_t bad = d;
  bad.nest[3] = CUTE_NEST_OPEN;
  CHECK(cutego_gemm_transpose_layout(&r1, &t) == -1 && cutego_gemm_transpose_layout(&r4, &t) == -1 &&
            cutego_gemm_transpose_layout(&bad, &t) == -1 && cutego_gemm_transpose_layout(NULL, &t) == -1 &&
            cutego_gemm_transpose_layout(&d, NULL) == -1,
        "rank 1, rank 4, malformed, NULL");
}

/* A random nested mode into l: a leaf, (leaf, leaf), (leaf, (leaf, leaf)) or ((leaf, leaf), leaf),
 * extents 1..5, strides -7..50; returns the mode's extent. */
static int64_t random_mode(cute_layout_t *l, int *t) {
  static const int8_t O = CUTE_NEST_OPEN, C = CUTE_NEST_CLOSE, F = CUTE_NEST_LEAF;
  static const int8_t forms[4][8] = {{F}, {O, F, F, C}, {O, F, O, F, F, C, C}, {O, O, F, F, C, F, C}};
  static const int lens[4] = {1, 4, 7, 7};
  const int f = (int)(next() % 4);
  int64_t e = 1;
  for (int i = 0; i < lens[f]; ++i) {
    l->nest[(*t)++] = forms[f][i];
    if (forms[f][i] == F) {
      l->shape[l->leaves] = 1 + (int64_t)(next() % 5);
      l->stride[l->leaves] = (int64_t)(next() % 58) - 7;
      e *= l->shape[l->leaves++];
    }
  }
  return e;
}

/* A property of cutego_gemm_transpose_layout on random nested layouts of rank 2 and 3: T(j, i, l)
 * = L(i, j, l) at every coordinate (cute_dev_crd2idx_modes, each mode's coordinate
 * colexicographic in it), and T's modes are L's extents with the first two exchanged. */
static void transpose_property(void) {
  int checked = 0;
  for (int n = 0; n < 2000; ++n) {
    cute_layout_t l, t;
    memset(&l, 0, sizeof l);
    int tok = 0;
    const int r = 2 + (int)(next() % 2);
    int64_t e[3];
    l.nest[tok++] = CUTE_NEST_OPEN;
    for (int m = 0; m < r; ++m) e[m] = random_mode(&l, &tok);
    l.nest[tok++] = CUTE_NEST_CLOSE;
    l.ntokens = tok;
    if (cutego_gemm_transpose_layout(&l, &t) != 0 || cute_dev_rank(&t) != r) {
      CHECK(0, "transpose of random layout %d refused", n);
      continue;
    }
    for (int64_t i = 0; i < e[0]; ++i)
      for (int64_t j = 0; j < e[1]; ++j)
        for (int64_t k = 0; k < (r == 3 ? e[2] : 1); ++k) {
          const int64_t c[3] = {i, j, k}, ct[3] = {j, i, k};
          if (cute_dev_crd2idx_modes(&t, ct) != cute_dev_crd2idx_modes(&l, c)) {
            CHECK(0, "random layout %d: T(%lld,%lld,%lld) != L(%lld,%lld,%lld)", n, (long long)j, (long long)i,
                  (long long)k, (long long)i, (long long)j, (long long)k);
            i = e[0], j = e[1], k = e[2]; /* one report per layout */
          }
          ++checked;
        }
  }
  CHECK(checked > 100000, "transpose property: %d coordinates", checked);
}

/* cutego_gemm_swap_ab on the plans of D = A B^T with D column-major and of D^T = B A^T. The
 * expected answers follow from the rule's terms: the tile counts each orientation makes of the
 * configuration both pick on 132 SMs, counted by hand below. */
static int swap_case(int64_t m, int64_t n, int64_t k, int64_t l, int ab, int b_type, int a_m_major, int col_d,
                     int c_kind, const cutego_gemm_options_t *extra) {
  const int64_t sl = l > 1 ? l : 0;
  const cute_layout_t a = a_m_major ? L3(m, k, sl, 1, m, m * k) : L3(m, k, sl, k, 1, m * k);
  const cute_layout_t b = L3(n, k, sl, k, 1, n * k);
  const cute_layout_t d = col_d ? L3(m, n, sl, 1, m, m * n) : L3(m, n, sl, n, 1, m * n);
  /* c_kind: 0 none, 1 C as D, 2 C the other order */
  const cute_layout_t c = c_kind == 1 ? d : col_d ? L3(m, n, sl, n, 1, m * n) : L3(m, n, sl, 1, m, m * n);
  cutego_gemm_options_t o, os;
  memset(&o, 0, sizeof o);
  if (extra) o = *extra;
  o.sms = 132;
  o.b_dtype = b_type;
  os = o;
  int ab_s = ab;
  if (b_type && b_type != ab) ab_s = b_type, os.b_dtype = ab;
  cute_layout_t dt, ct;
  if (cutego_gemm_transpose_layout(&d, &dt) || cutego_gemm_transpose_layout(&c, &ct)) return -1;
  cutego_gemm_plan_t p, q;
  if (cutego_gemm_plan(&d, &a, &b, c_kind ? &c : NULL, ab, CUTEGO_DTYPE_BF16, c_kind != 0, 0x10000, 0x20000, 0x30000,
                       0x40000, &o, &p) ||
      cutego_gemm_plan(&dt, &b, &a, c_kind ? &ct : NULL, ab_s, CUTEGO_DTYPE_BF16, c_kind != 0, 0x10000, 0x30000,
                       0x20000, 0x40000, &os, &q))
    return -1;
  return cutego_gemm_swap_ab(extra, &p, &q, 132);
}

static void swap_ab_plans(void) {
  const int BF = CUTEGO_DTYPE_BF16, F16 = CUTEGO_DTYPE_F16, E4 = CUTEGO_DTYPE_E4M3, E5 = CUTEGO_DTYPE_E5M2;
  /* square: the swapped GEMM is the same GEMM with D row-major */
  CHECK(swap_case(4096, 4096, 4096, 1, BF, 0, 0, 1, 0, NULL) == 1, "4096^3, D column-major");
  CHECK(swap_case(1000, 1000, 1000, 1, F16, 0, 0, 1, 0, NULL) == 1, "1000^3 fp16, D column-major");
  CHECK(swap_case(2048, 2048, 128, 64, BF, 0, 0, 1, 0, NULL) == 1, "64 x 2048 x 2048 x 128, D column-major");
  CHECK(swap_case(4096, 4096, 4096, 1, BF, 0, 0, 1, 1, NULL) == 1, "4096^3, C and D column-major");
  CHECK(swap_case(4096, 4096, 4096, 1, E4, E5, 0, 1, 0, NULL) == 1, "4096^3 e4m3 x e5m2, D column-major");
  /* BLAS's column-major NN: A M-major, B K-major; swapped, B' = A is N-major */
  CHECK(swap_case(4096, 4096, 4096, 1, BF, 0, 1, 1, 0, NULL) == 1, "4096^3 NN, D column-major");
  /* 128x256 tiles either way: 24 x 20 = 40 x 12 = 480 tiles; 128 x 32 = 16 x 128 = 2048 */
  CHECK(swap_case(3000, 5000, 1000, 1, BF, 0, 0, 1, 0, NULL) == 1, "3000 x 5000 x 1000, D column-major");
  CHECK(swap_case(16384, 4096, 11008, 1, BF, 0, 0, 1, 0, NULL) == 1, "16384 x 4096 x 11008, D column-major");
  /* not swapped: D row-major; C the other order; a configuration, clusters or block scales asked for */
  CHECK(swap_case(4096, 4096, 4096, 1, BF, 0, 0, 0, 0, NULL) == 0, "4096^3, D row-major");
  CHECK(swap_case(4096, 4096, 4096, 1, BF, 0, 0, 1, 2, NULL) == 0, "4096^3, D column-major, C row-major");
  cutego_gemm_options_t x;
  memset(&x, 0, sizeof x);
  x.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
  CHECK(swap_case(4096, 4096, 4096, 1, BF, 0, 0, 1, 0, &x) == 0, "4096^3, D column-major, config asked for");
  memset(&x, 0, sizeof x);
  x.cluster_m = 1;
  CHECK(swap_case(4096, 4096, 4096, 1, BF, 0, 0, 1, 0, &x) == 0, "4096^3, D column-major, cluster_m asked for");
  memset(&x, 0, sizeof x);
  x.group_m = 4;
  CHECK(swap_case(4096, 4096, 4096, 1, BF, 0, 0, 1, 0, &x) == 0, "4096^3, D column-major, group_m asked for");
  memset(&x, 0, sizeof x);
  x.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
  CHECK(swap_case(4096, 4096, 4096, 1, E4, 0, 0, 1, 0, &x) == 0, "4096^3 block-scaled, D column-major");
  /* split K and decompositions asked for are the same either way */
  memset(&x, 0, sizeof x);
  x.decomposition = CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL;
  CHECK(swap_case(4096, 4096, 4096, 1, BF, 0, 0, 1, 0, &x) == 1, "4096^3, D column-major, data-parallel asked for");
  /* fewer tiles swapped, on the same choices, where D^T's rows lie on the 16-byte grid: 288 x 14336
   * makes 3 x 86 = 258 tiles of 128x168, swapped 112 x 2 = 224 (rows of 576 bytes); 448 x 11008 4 x
   * 66 = 264, swapped 86 x 3 = 258; 768 x 4096 on 128x192 tiles 6 x 22 = 132, swapped 32 x 4 = 128 */
  CHECK(swap_case(288, 14336, 4096, 1, BF, 0, 0, 1, 0, NULL) == 1, "288 x 14336 x 4096, D column-major");
  CHECK(swap_case(448, 11008, 4096, 1, BF, 0, 0, 1, 0, NULL) == 1, "448 x 11008 x 4096, D column-major");
  CHECK(swap_case(768, 4096, 4096, 1, BF, 0, 0, 1, 0, NULL) == 1, "768 x 4096 x 4096, D column-major");
  /* different choices: 1024 x 14336 takes 128x224 (8 x 64 = 512 tiles, 4 waves, as 128x256's 8 x
   * 56 = 448), 14336 x 1024 128x256 (112 x 4 = 448; 128x224 112 x 5 = 560, 5 waves); 333 x 14336
   * makes fewer tiles swapped (258 against 224 of 128x168) but D^T's rows of 666 bytes lie off the
   * 16-byte grid (direct stores); 160 x 4096 more (64x128: 3 x 32 = 96 against 64 x 2 = 128); 100 x
   * 4096 other tiles */
  CHECK(swap_case(1024, 14336, 4096, 1, BF, 0, 0, 1, 0, NULL) == 0, "1024 x 14336 x 4096, D column-major");
  CHECK(swap_case(333, 14336, 4096, 1, BF, 0, 0, 1, 0, NULL) == 0, "333 x 14336 x 4096, D column-major");
  CHECK(swap_case(160, 4096, 4096, 1, BF, 0, 0, 1, 0, NULL) == 0, "160 x 4096 x 4096, D column-major");
  CHECK(swap_case(100, 4096, 4096, 1, BF, 0, 0, 1, 0, NULL) == 0, "100 x 4096 x 4096, D column-major");
  /* a row-major D (16-bit A and B), D^T stored by transposed TMA stores, where the swapped plan makes
   * the same choices on at most 7/8 of the tiles: 288 and 333 x 14336 (258 tiles of 128x168, swapped
   * 224), 448 x 14336 (256 of 128x224, swapped 224: the bound), C read alike; not 448 x 11008 (264 /
   * 258), 768 x 4096 (132 / 128), 160 x 4096 (96 / 128), 4096^3, FP8 A and B */
  CHECK(swap_case(288, 14336, 4096, 1, BF, 0, 0, 0, 0, NULL) == 1, "288 x 14336 x 4096, D row-major");
  CHECK(swap_case(333, 14336, 4096, 1, F16, 0, 0, 0, 1, NULL) == 1, "333 x 14336 x 4096 fp16, C and D row-major");
  CHECK(swap_case(448, 14336, 8192, 1, BF, 0, 0, 0, 0, NULL) == 1, "448 x 14336 x 8192, D row-major");
  CHECK(swap_case(448, 11008, 4096, 1, BF, 0, 0, 0, 0, NULL) == 0, "448 x 11008 x 4096, D row-major");
  CHECK(swap_case(768, 4096, 4096, 1, BF, 0, 0, 0, 0, NULL) == 0, "768 x 4096 x 4096, D row-major");
  CHECK(swap_case(160, 4096, 4096, 1, BF, 0, 0, 0, 0, NULL) == 0, "160 x 4096 x 4096, D row-major");
  CHECK(swap_case(64, 64, 32, 1, BF, 0, 0, 0, 0, NULL) == 0, "64 x 64 x 32, D row-major (one tile either way)");
  CHECK(swap_case(100, 700, 64, 1, BF, 0, 0, 0, 0, NULL) == 0, "100 x 700 x 64, D row-major");
  CHECK(swap_case(333, 14336, 4096, 1, E4, 0, 0, 0, 0, NULL) == 0, "333 x 14336 x 4096 e4m3, D row-major");
  CHECK(swap_case(333, 14336, 4096, 1, BF, 0, 0, 0, 2, NULL) == 0, "333 x 14336 x 4096, D row-major, C column-major");
  /* the swapped plan's mark: the flag once, and D^T's order in the reason */
  {
    cutego_gemm_plan_t p;
    memset(&p, 0, sizeof p);
    snprintf(p.reason, sizeof p.reason, "wgmma");
    p.d.major = 1;
    cutego_gemm_mark_swapped(&p);
    cutego_gemm_mark_swapped(&p);
    CHECK((p.flags & CUTEGO_GEMM_F_SWAP_AB) && !strcmp(p.reason, "D^T = B A^T (A and B swapped, D^T column-major): wgmma"),
          "marked: %s", p.reason);
    memset(&p, 0, sizeof p);
    cutego_gemm_mark_swapped(&p);
    CHECK(!strncmp(p.reason, "D^T = B A^T (A and B swapped, D^T row-major): ", 46), "marked: %s", p.reason);
  }
  /* the launchers' first test: column-major D of any type; row-major D of 16-bit A where some
   * configuration makes at most 7/8 of its tiles swapped (333 x 14336 on 128x168: 224 of 258; a
   * square never); a necessary condition only (the rule then weighs the plans' own choices) */
  {
    const cute_layout_t col = L3(333, 14336, 0, 1, 333, 0), row = L3(333, 14336, 0, 14336, 1, 0),
                        nounit = L3(333, 14336, 0, 2, 666, 0), one = L3(1, 14336, 0, 14336, 1, 0),
                        sq = L3(4096, 4096, 0, 4096, 1, 0);
    CHECK(cutego_gemm_swap_candidate(&col, E4) && cutego_gemm_swap_candidate(&row, BF) &&
              !cutego_gemm_swap_candidate(&row, E4) && !cutego_gemm_swap_candidate(&nounit, BF) &&
              !cutego_gemm_swap_candidate(&sq, F16) && !cutego_gemm_swap_candidate(NULL, BF),
          "swap candidates");
    CHECK(cutego_gemm_swap_candidate(&one, BF), "1 x 14336 (64x32 tiles: 448, swapped 224): not a candidate");
  }
  /* the first test never refuses what the rule takes: a grid of row-major shapes (of which the rule
   * swaps 8 x 1 and 200-448 x 14336; the count only shows the property is exercised) */
  {
    const int64_t ext[] = {1, 8, 64, 100, 128, 160, 200, 288, 333, 448, 512, 768, 1000, 4096, 11008, 14336};
    int taken = 0;
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; ++i)
      for (size_t j = 0; j < sizeof ext / sizeof ext[0]; ++j) {
        const cute_layout_t d = L3(ext[i], ext[j], 0, ext[j], 1, 0);
        const int rule = swap_case(ext[i], ext[j], 1024, 1, BF, 0, 0, 0, 0, NULL);
        taken += rule == 1;
        CHECK(rule != 1 || cutego_gemm_swap_candidate(&d, BF), "%lld x %lld: swapped, not a candidate", (long long)ext[i],
              (long long)ext[j]);
      }
    CHECK(taken >= 5, "row-major swaps on the grid: %d", taken);
  }
  CHECK(cutego_gemm_swap_ab(NULL, NULL, NULL, 132) == 0, "NULL plans");
}

/* A 16-bit D whose M has unit stride (column-major, as cuBLAS writes it) goes out through TMA stores
 * staged transposed (CUTEGO_GEMM_F_D_TMA_T): the map's inner dimension is M (dims M, N, L; N's
 * byte stride is the column pitch), a box of 64 rows x 64 columns of 128 bytes in the 128-byte
 * swizzle (the hardware rules of a row-major D's map, with M and N exchanged). Not where a column's
 * bytes or the address are off the 16-byte grid, nor for fp32 D (64 rows of 4 bytes are two
 * swizzle lines), nor on tiles narrower than a chunk, nor with direct_epilogue. */
static void transposed_d(void) {
  const int BF = CUTEGO_DTYPE_BF16, F16 = CUTEGO_DTYPE_F16, F32 = CUTEGO_DTYPE_F32, E4 = CUTEGO_DTYPE_E4M3;
  cutego_gemm_options_t o;
  memset(&o, 0, sizeof o);
  o.sms = 132;
  cutego_gemm_plan_t p;
  const cute_layout_t a = L3(1024, 4096, 0, 4096, 1, 0), b = L3(512, 4096, 0, 4096, 1, 0);
  cute_layout_t d = L3(1024, 512, 0, 1, 1024, 0);
  int rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 0, 0x10000, 0x20000, 0x30000, 0, &o, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && (p.flags & CUTEGO_GEMM_F_D_TMA) &&
            (p.flags & CUTEGO_GEMM_F_D_TMA_T) && !(p.flags & CUTEGO_GEMM_F_D_PAIRS) &&
            strstr(p.reason, "D M-major through transposed TMA stores"),
        "column-major D: flags %d: %s", (int)p.flags, p.reason);
  CHECK(p.d_map.dims[0] == 1024 && p.d_map.dims[1] == 512 && p.d_map.dims[2] == 1 && p.d_map.strides[0] == 2 &&
            p.d_map.strides[1] == 2048 && p.d_map.box[0] == 64 && p.d_map.box[1] == 64 && p.d_map.box[2] == 1 &&
            p.d_map.swizzle_bytes == 128 && p.d_map.elem_bytes == 2,
        "column-major D map: dims %lld %lld, stride %lld, box %d %d", (long long)p.d_map.dims[0],
        (long long)p.d_map.dims[1], (long long)p.d_map.strides[1], p.d_map.box[0], p.d_map.box[1]);
  /* a batch of 3 with a padded column pitch (1032 x 2 = 2064 bytes) and a source: the same map, L in dims[2] */
  d = L3(1024, 512, 3, 1, 1032, 1032 * 512);
  const cute_layout_t a3 = L3(1024, 4096, 3, 4096, 1, 4096 * 1024), b3 = L3(512, 4096, 3, 4096, 1, 4096 * 512);
  rc = cutego_gemm_plan(&d, &a3, &b3, &d, F16, F16, 1, 0x10000, 0x20000, 0x30000, 0x10000, &o, &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_D_TMA_T) && p.d_map.strides[1] == 2064 && p.d_map.dims[2] == 3 &&
            p.d_map.strides[2] == 1032LL * 512 * 2,
        "batched column-major D: flags %d, %lld %lld", (int)p.flags, (long long)p.d_map.strides[1],
        (long long)p.d_map.strides[2]);
  /* FP8 A and B with a bf16 D: the same epilogue */
  d = L3(1024, 512, 0, 1, 1024, 0);
  rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x20000, 0x30000, 0, &o, &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_D_TMA_T) && p.d_map.box[0] == 64 && p.d_map.box[1] == 64,
        "FP8, column-major D: flags %d: %s", (int)p.flags, p.reason);
  /* not through TMA: columns of 1004 x 2 bytes, an address off the 16-byte grid, fp32, direct_epilogue */
  d = L3(1004, 512, 0, 1, 1004, 0);
  const cute_layout_t a4 = L3(1004, 4096, 0, 4096, 1, 0);
  rc = cutego_gemm_plan(&d, &a4, &b, NULL, BF, BF, 0, 0x10000, 0x20000, 0x30000, 0, &o, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !(p.flags & (CUTEGO_GEMM_F_D_TMA | CUTEGO_GEMM_F_D_TMA_T)),
        "columns of 2008 bytes: flags %d", (int)p.flags);
  d = L3(1024, 512, 0, 1, 1024, 0);
  rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 0, 0x10008, 0x20000, 0x30000, 0, &o, &p);
  CHECK(rc == 0 && !(p.flags & (CUTEGO_GEMM_F_D_TMA | CUTEGO_GEMM_F_D_TMA_T)), "D at 0x10008: flags %d",
        (int)p.flags);
  rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, F32, 0, 0x10000, 0x20000, 0x30000, 0, &o, &p);
  CHECK(rc == 0 && !(p.flags & (CUTEGO_GEMM_F_D_TMA | CUTEGO_GEMM_F_D_TMA_T)), "fp32 column-major D: flags %d",
        (int)p.flags);
  o.direct_epilogue = 1;
  rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 0, 0x10000, 0x20000, 0x30000, 0, &o, &p);
  CHECK(rc == 0 && !(p.flags & (CUTEGO_GEMM_F_D_TMA | CUTEGO_GEMM_F_D_TMA_T)), "direct_epilogue: flags %d",
        (int)p.flags);
  o.direct_epilogue = 0;
  /* 64x32 tiles (options.config = the enum + 1): 32 columns of 2 bytes are half a 128-byte chunk */
  o.config = CUTEGO_GEMM_CONFIG_64x32x128 + 1;
  rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 0, 0x10000, 0x20000, 0x30000, 0, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x32x128 && !(p.flags & (CUTEGO_GEMM_F_D_TMA | CUTEGO_GEMM_F_D_TMA_T)),
        "64x32 tiles: config %d flags %d: %s", (int)p.config, (int)p.flags, p.reason);
  /* a row-major D never has the transposed flag */
  o.config = 0;
  d = L3(1024, 512, 0, 512, 1, 0);
  rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 0, 0x10000, 0x20000, 0x30000, 0, &o, &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_D_TMA) && !(p.flags & CUTEGO_GEMM_F_D_TMA_T) && !strstr(p.reason, "M-major"),
        "row-major D: flags %d: %s", (int)p.flags, p.reason);
}

/* FP8 (e4m3) A and B. Expected values from the hardware rules: FP8 wgmma (m64nNk32) reads both
 * operands K-major (PTX: no transpose for 8-bit types), a 128-byte swizzle row holds 128 one-byte
 * elements, a tensor map's strides are multiples of 16 bytes; a stage of R rows x 128 bytes. */
static void fp8_plans(void) {
  const int E4 = CUTEGO_DTYPE_E4M3, BF = CUTEGO_DTYPE_BF16, F32 = CUTEGO_DTYPE_F32;
  cutego_gemm_plan_t p;
  cutego_gemm_options_t o;
  int rc;
  /* K-major A and B: read in place, boxes of 128 one-byte K elements, K tiles of 128. */
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, E4, BF,
            0x1000, NULL, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !(p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)),
        "fp8 TN: %s", p.reason);
  CHECK(strstr(p.kernel, "_kk_e4m3_bf16") != NULL, "fp8 kernel name %s", p.kernel);
  CHECK(p.a_map.elem_bytes == 1 && p.a_map.box[0] == 128 && p.a_map.strides[1] == 4096 && p.a_map.swizzle_bytes == 128,
        "fp8 A map: elem %d box %d stride %lld", (int)p.a_map.elem_bytes, (int)p.a_map.box[0],
        (long long)p.a_map.strides[1]);
  CHECK(p.b_map.elem_bytes == 1 && p.b_map.box[0] == 128, "fp8 B map box %d", (int)p.b_map.box[0]);
  {
    cutego_gemm_args_t g;
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(g.k_tiles == 32, "fp8 k_tiles %d (4096 / 128)", g.k_tiles);
  }
  /* A 128x256 stage: A 128 x 128 B, B 256 x 128 B; 4 stages, the epilogue's 4 x 8 KiB, 1 KiB
   * alignment, two 8-byte barriers per stage. The 128x128 configuration: 6 stages of 2 x 16 KiB. */
  memset(&o, 0, sizeof o);
  o.config = CUTEGO_GEMM_CONFIG_128x256x64 + 1;
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 512, 0, 512, 1, 0), L3(4096, 512, 0, 512, 1, 0), NULL, E4, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.smem_bytes == 1024 + 4 * (16384 + 32768) + 4 * 8192 + 4 * 16, "fp8 128x256 smem %d", p.smem_bytes);
  o.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 512, 0, 512, 1, 0), L3(4096, 512, 0, 512, 1, 0), NULL, E4, F32,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.smem_bytes == 1024 + 6 * (16384 + 16384) + 4 * 8192 + 6 * 16 && strstr(p.kernel, "128x128_kk_e4m3_f32"),
        "fp8 128x128 smem %d %s", p.smem_bytes, p.kernel);
  /* 128x64 tiles are 16-bit only: asked for with FP8, an error that says so. For bf16: 8
   * stages of A 128 x 128 B and B 64 x 128 B, the epilogue's 4 x 8 KiB, 1 KiB alignment, two
   * 8-byte barriers per stage; the kernel's name says 128x64. */
  o.config = CUTEGO_GEMM_CONFIG_128x64x64 + 1;
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 512, 0, 512, 1, 0), L3(4096, 512, 0, 512, 1, 0), NULL, E4, BF,
            0x1000, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "16-bit"), "fp8 128x64: %s", p.reason);
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 512, 0, 512, 1, 0), L3(4096, 512, 0, 512, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x64x64 && p.tiles_n == 64 &&
            p.smem_bytes == 1024 + 8 * (16384 + 8192) + 4 * 8192 + 8 * 16 && strstr(p.kernel, "cutego_gemm_128x64_kk_bf16_bf16"),
        "bf16 128x64: rc %d tiles_n %lld smem %d %s", rc, (long long)p.tiles_n, p.smem_bytes, p.kernel);
  /* 128x192 tiles (CUTEGO_GEMM_CONFIG_128x192x64) are 16-bit only too; for FP8 the refusal names
   * the block-scaled 128x192x128 configuration. For bf16: 4 stages of A 128 x 128 B and B 192 x 128
   * B (197,696 bytes in all; a fifth stage, 238,672, would pass the 232,448 a block may opt into),
   * ceil(4096 / 192) = 22 column tiles, A's box 64 x 128, B's 64 x 192 (one load), the kernel's
   * name says 128x192. */
  o.config = CUTEGO_GEMM_CONFIG_128x192x64 + 1;
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 512, 0, 512, 1, 0), L3(4096, 512, 0, 512, 1, 0), NULL, E4, BF,
            0x1000, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "16-bit") && strstr(p.reason, "block-scaled"), "fp8 128x192x64: %s", p.reason);
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 512, 0, 512, 1, 0), L3(4096, 512, 0, 512, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x192x64 && p.tiles_m == 32 && p.tiles_n == 22 &&
            p.tiles == 32 * 22 && p.smem_bytes == 1024 + 4 * (16384 + 24576) + 4 * 8192 + 4 * 16 &&
            p.smem_bytes <= 232448 && !strcmp(p.kernel, "cutego_gemm_128x192_kk_bf16_bf16") && strstr(p.reason, "128x192"),
        "bf16 128x192: rc %d tiles %lld x %lld smem %d %s", rc, (long long)p.tiles_m, (long long)p.tiles_n, p.smem_bytes,
        p.kernel);
  CHECK(p.a_map.box[0] == 64 && p.a_map.box[1] == 128 && p.b_map.box[0] == 64 && p.b_map.box[1] == 192 &&
            p.b_map.swizzle_bytes == 128,
        "128x192 boxes A %d x %d, B %d x %d", p.a_map.box[0], p.a_map.box[1], p.b_map.box[0], p.b_map.box[1]);
  {
    cutego_gemm_args_t g;
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(g.tiles_m == 32 && g.tiles_n == 22 && g.tiles == 704 && g.k_tiles == 8, "128x192 args %d %d %lld %d",
          (int)g.tiles_m, (int)g.tiles_n, (long long)g.tiles, (int)g.k_tiles);
    /* K is split only where split_k asks: 256x4096x4096 splits in 2 on its own (64 tiles of
     * 128x128), not on 128x192 tiles; split_k 2 still splits, split_k 3 is refused (4096 / 3). */
    char why[120];
    rc = plan(L3(256, 4096, 0, 4096, 1, 0), L3(256, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF, BF,
              0x1000, &o, &p);
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x192x64 && p.tiles == 2 * 22, "256x4096x4096 128x192: %s",
          p.reason);
    CHECK(cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 1, "128x192: no automatic split");
    CHECK(cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == 2, "128x192: split_k 2: %s", why);
    CHECK(cutego_gemm_split_k(&p, 132, 3, why, sizeof why) == -1 && strstr(why, "split_k 3"), "128x192: split_k 3: %s",
          why);
    o.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
    rc = plan(L3(256, 4096, 0, 4096, 1, 0), L3(256, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF, BF,
              0x1000, &o, &p);
    CHECK(rc == 0 && cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 2, "256x4096x4096 128x128: 2 slices");
    /* M-major A, N-major B, fp16 in, fp32 out: B in three 64 x 64 loads; 2x1 clusters sharing B:
     * each CTA loads 32 of every load's 64 columns; K-major B: 96 of 192 rows. */
    o.config = CUTEGO_GEMM_CONFIG_128x192x64 + 1;
    o.cluster_m = 2;
    rc = plan(L3(1024, 2048, 0, 2048, 1, 0), L3(1024, 512, 0, 1, 1024, 0), L3(2048, 512, 0, 1, 2048, 0), NULL, CUTEGO_DTYPE_F16, F32,
              0x1000, &o, &p);
    CHECK(rc == 0 && !strcmp(p.kernel, "cutego_gemm_128x192_mm_f16_f32") && p.cluster_m == 2 && p.tiles_n == 11 &&
              p.a_map.box[0] == 64 && p.a_map.box[1] == 64 && p.b_map.box[0] == 64 && p.b_map.box[1] == 32 &&
              p.smem_bytes == 1024 + 4 * (16384 + 24576) + 4 * 8192 + 4 * 16,
          "128x192 NN clusters: B box %d x %d %s", p.b_map.box[0], p.b_map.box[1], p.reason);
    rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 512, 0, 512, 1, 0), L3(4096, 512, 0, 512, 1, 0), NULL, BF, BF,
              0x1000, &o, &p);
    CHECK(rc == 0 && p.cluster_m == 2 && p.b_map.box[0] == 64 && p.b_map.box[1] == 96 &&
              cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == -1 && strstr(why, "clusters"),
          "128x192 TN clusters: B box %d x %d %s", p.b_map.box[0], p.b_map.box[1], p.reason);
    o.cluster_m = 0;
  }
  /* 64x64 tiles (CUTEGO_GEMM_CONFIG_64x64x128, options.config 6): ONE consumer warpgroup, 16-bit
   * only. 6 stages of two k-blocks of A 64 x 128 B and B 64 x 128 B (2 x 16 KiB), one consumer's
   * staging (2 x 8 KiB), two mbarriers per stage: 1024 + 6 x 32768 + 16384 + 6 x 16 = 214,112; K in
   * k-tiles of 128 (4096: 32). 8 x 6144 x 4096: one tile row of 96 column tiles, A's
   * box 64 x 8 (M = 8 rows on the 8-row grid, CUTEGO_GEMM_A_BOX_ROWS with bm 64), B's 64 x 64;
   * launched with 256 threads (a producer and one consumer warpgroup). */
  {
    char why[120];
    cutego_launch_t l;
    cutego_gemm_args_t g;
    o.config = CUTEGO_GEMM_CONFIG_64x64x128 + 1;
    rc = plan(L3(8, 6144, 0, 6144, 1, 0), L3(8, 4096, 0, 4096, 1, 0), L3(6144, 4096, 0, 4096, 1, 0), NULL, E4, BF,
              0x1000, &o, &p);
    /* FP8 per tensor (fast) and block-scaled take them: 13 stages of A 64 x 128 B and B 64 x 128 B,
     * one consumer's 2 x 8 KiB of staging, 1 KiB alignment, two 8-byte barriers per stage */
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x64x128 && !(p.flags & CUTEGO_GEMM_F_BLOCK_SCALED) &&
              !strcmp(p.kernel, "cutego_gemm_64x64_kk_e4m3_bf16") &&
              p.smem_bytes == 1024 + 13 * (8192 + 8192) + 2 * 8192 + 13 * 16 && p.tiles == 96,
          "fp8 64x64: %d %s %d %s", rc, p.kernel, p.smem_bytes, p.reason);
    /* promoted accumulation: 128x128 tiles only */
    o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
    rc = plan(L3(8, 6144, 0, 6144, 1, 0), L3(8, 4096, 0, 4096, 1, 0), L3(6144, 4096, 0, 4096, 1, 0), NULL, E4, BF,
              0x1000, &o, &p);
    CHECK(rc == -1 && strstr(p.reason, "promoted FP8 accumulation runs on 128x128 tiles only"), "promoted 64x64: %s",
          p.reason);
    o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
    rc = plan(L3(8, 6144, 0, 6144, 1, 0), L3(8, 4096, 0, 4096, 1, 0), L3(6144, 4096, 0, 4096, 1, 0), NULL, E4, BF,
              0x1000, &o, &p);
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x64x128 && (p.flags & CUTEGO_GEMM_F_BLOCK_SCALED) &&
              !strcmp(p.kernel, "cutego_gemm_64x64_kk_e4m3_bf16_blockscaled") &&
              p.smem_bytes == 1024 + 13 * (8192 + 8192) + 2 * 8192 + 13 * 16 && p.tiles == 96,
          "block-scaled 64x64: %d %s %d %s", rc, p.kernel, p.smem_bytes, p.reason);
    o.fp8_accumulation = 0;
    rc = plan(L3(8, 6144, 0, 6144, 1, 0), L3(8, 4096, 0, 4096, 1, 0), L3(6144, 4096, 0, 4096, 1, 0), NULL, BF, BF,
              0x1000, &o, &p);
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x64x128 && p.tiles_m == 1 && p.tiles_n == 96 && p.tiles == 96 &&
              p.smem_bytes == 214112 && p.smem_bytes == 1024 + 6 * 2 * (8192 + 8192) + 2 * 8192 + 6 * 16 &&
              !strcmp(p.kernel, "cutego_gemm_64x64_kk_bf16_bf16") && strstr(p.reason, "64x64 tiles"),
          "bf16 64x64: rc %d tiles %lld x %lld smem %d %s (%s)", rc, (long long)p.tiles_m, (long long)p.tiles_n,
          p.smem_bytes, p.kernel, p.reason);
    CHECK(p.a_map.box[0] == 64 && p.a_map.box[1] == 8 && p.b_map.box[0] == 64 && p.b_map.box[1] == 64 &&
              p.a_map.swizzle_bytes == 128 && p.b_map.swizzle_bytes == 128,
          "64x64 boxes A %d x %d, B %d x %d", p.a_map.box[0], p.a_map.box[1], p.b_map.box[0], p.b_map.box[1]);
    cutego_gemm_launch(&p, 132, 0, &l);
    CHECK(l.block == 256 && l.grid == 96 && l.smem_bytes == 214112 && l.cluster == 1 && !strcmp(l.kernel, p.kernel),
          "64x64 launch: block %d grid %lld smem %d", l.block, (long long)l.grid, l.smem_bytes);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(g.tiles_m == 1 && g.tiles_n == 96 && g.tiles == 96 && g.k_tiles == 32, "64x64 args %d %d %lld %d",
          (int)g.tiles_m, (int)g.tiles_n, (long long)g.tiles, (int)g.k_tiles);
    /* The automatic split counts 64x64 tiles: 96 of them do not split (2 x 96 > 132). */
    CHECK(cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 1, "8x6144 64x64: no split");
    CHECK(cutego_gemm_split_k(&p, 132, 4, why, sizeof why) == 4, "8x6144 64x64: split_k 4: %s", why);
    /* A's box rows: M rounded up to 8 below 64 rows (40: 40; 1: 8), 64 from M = 64 on; M = 100 and
     * 200 have 2 and 4 tile rows. 200 x 1024 x 8192: 4 x 16 = 64 tiles, 2 slices (128-row tiles
     * would count 2 x 16 = 32 and take 4); 64 x 4096 x 4096: 64 tiles, 2 slices. */
    const struct {
      int64_t m, n, k;
      int box_rows, tiles_m, split;
    } rows[] = {{1, 4096, 4096, 8, 1, 2}, {40, 1000, 520, 40, 1, 1}, {64, 4096, 4096, 64, 1, 2},
                {100, 1000, 520, 64, 2, 1}, {200, 1024, 8192, 64, 4, 2}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
      const int64_t m = rows[i].m, n = rows[i].n, k = rows[i].k;
      rc = plan(L3(m, n, 0, n, 1, 0), L3(m, k, 0, k, 1, 0), L3(n, k, 0, k, 1, 0), NULL, BF, F32, 0x1000, &o, &p);
      CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x64x128 && p.a_map.box[1] == rows[i].box_rows &&
                p.tiles_m == rows[i].tiles_m && p.tiles_n == (n + 63) / 64 &&
                cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == rows[i].split &&
                !strcmp(p.kernel, "cutego_gemm_64x64_kk_bf16_f32"),
            "64x64 %lldx%lldx%lld: box rows %d tiles_m %lld split %d %s", (long long)m, (long long)n, (long long)k,
            p.a_map.box[1], (long long)p.tiles_m, cutego_gemm_split_k(&p, 132, 0, why, sizeof why), p.kernel);
    }
    /* M-major A, N-major B, fp16 in, fp32 out: one 64 x 64 load each, the same bytes; 2x1 clusters
     * sharing B: each CTA loads 32 of its 64 columns (N-major) or rows (K-major). */
    rc = plan(L3(200, 1000, 0, 1000, 1, 0), L3(200, 320, 0, 1, 200, 0), L3(1000, 320, 0, 1, 1000, 0), NULL,
              CUTEGO_DTYPE_F16, F32, 0x1000, &o, &p);
    CHECK(rc == 0 && !strcmp(p.kernel, "cutego_gemm_64x64_mm_f16_f32") && p.a_map.box[0] == 64 &&
              p.a_map.box[1] == 64 && p.b_map.box[0] == 64 && p.b_map.box[1] == 64 && p.smem_bytes == 214112,
          "64x64 NN: %s A %d x %d B %d x %d smem %d", p.kernel, p.a_map.box[0], p.a_map.box[1], p.b_map.box[0],
          p.b_map.box[1], p.smem_bytes);
    o.cluster_m = 2;
    rc = plan(L3(200, 1024, 0, 1024, 1, 0), L3(200, 512, 0, 512, 1, 0), L3(1024, 512, 0, 512, 1, 0), NULL, BF, BF,
              0x1000, &o, &p);
    cutego_gemm_launch(&p, 132, 0, &l);
    CHECK(rc == 0 && p.cluster_m == 2 && p.b_map.box[0] == 64 && p.b_map.box[1] == 32 && l.block == 256 &&
              l.cluster == 2 && cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == -1 && strstr(why, "clusters"),
          "64x64 TN clusters: B box %d x %d block %d %s", p.b_map.box[0], p.b_map.box[1], l.block, p.reason);
    o.cluster_m = 0;
    /* bf16 D on 64x64 tiles: 64 columns of 2 bytes fill the 128-byte chunk, TMA stores */
    rc = plan(L3(64, 4096, 0, 4096, 1, 0), L3(64, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF, BF,
              0x1000, &o, &p);
    CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_D_TMA) && p.d_map.box[0] == 64 && p.d_map.box[1] == 64,
          "64x64 bf16 D: TMA stores, box %d x %d", p.d_map.box[0], p.d_map.box[1]);
  }
  /* 64x32 tiles (CUTEGO_GEMM_CONFIG_64x32x128, options.config 7): one consumer warpgroup, 16-bit
   * only, 8 stages of two k-blocks of A 64 x 128 B (8 KiB) and B 32 x 128 B (4 KiB), one
   * consumer's staging (2 x 8 KiB), two mbarriers per stage: 1024 + 8 x 2 x 12288 + 16384 + 8 x 16
   * = 214,144 bytes; K in k-tiles of 128 (4096: 32). B's
   * K-major box 64 x 32 (128-byte swizzle), its N-major box 32 x 64 in the 64-byte swizzle (32
   * columns of 2 bytes). 16-bit D: 32 columns are 64 of a TMA chunk's 128 bytes, so no D_TMA
   * (direct epilogue); fp32 D: 32 x 4 = 128 bytes, TMA stores of 32 x 64 boxes. */
  {
    char why[120];
    cutego_launch_t l;
    cutego_gemm_args_t g;
    o.config = CUTEGO_GEMM_CONFIG_64x32x128 + 1;
    rc = plan(L3(8, 4096, 0, 4096, 1, 0), L3(8, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, E4, BF,
              0x1000, &o, &p);
    CHECK(rc == -1 && strstr(p.reason, "64x32 tiles are for 16-bit A and B only"), "fp8 64x32: %s", p.reason);
    rc = plan(L3(64, 4096, 0, 4096, 1, 0), L3(64, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF, BF,
              0x1000, &o, &p);
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x32x128 && p.tiles_m == 1 && p.tiles_n == 128 &&
              p.tiles == 128 && p.smem_bytes == 214144 &&
              p.smem_bytes == 1024 + 8 * 2 * (8192 + 4096) + 2 * 8192 + 8 * 16 &&
              !strcmp(p.kernel, "cutego_gemm_64x32_kk_bf16_bf16") && strstr(p.reason, "64x32 tiles"),
          "bf16 64x32: rc %d tiles %lld x %lld smem %d %s (%s)", rc, (long long)p.tiles_m, (long long)p.tiles_n,
          p.smem_bytes, p.kernel, p.reason);
    CHECK(p.a_map.box[0] == 64 && p.a_map.box[1] == 64 && p.b_map.box[0] == 64 && p.b_map.box[1] == 32 &&
              p.a_map.swizzle_bytes == 128 && p.b_map.swizzle_bytes == 128 && !(p.flags & CUTEGO_GEMM_F_D_TMA) &&
              (p.flags & CUTEGO_GEMM_F_D_PAIRS),
          "64x32 boxes A %d x %d, B %d x %d, flags %x", p.a_map.box[0], p.a_map.box[1], p.b_map.box[0],
          p.b_map.box[1], (unsigned)p.flags);
    cutego_gemm_launch(&p, 132, 0, &l);
    CHECK(l.block == 256 && l.grid == 128 && l.smem_bytes == 214144 && l.cluster == 1 && !strcmp(l.kernel, p.kernel),
          "64x32 launch: block %d grid %lld smem %d", l.block, (long long)l.grid, l.smem_bytes);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(g.tiles_m == 1 && g.tiles_n == 128 && g.tiles == 128 && g.k_tiles == 32, "64x32 args %d %d %lld %d",
          (int)g.tiles_m, (int)g.tiles_n, (long long)g.tiles, (int)g.k_tiles);
    /* The automatic split counts 64x32 tiles: 128 of them fill the wave (2 x 128 > 132), none. */
    CHECK(cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 1, "64x4096 64x32: no split");
    CHECK(cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == 2, "64x4096 64x32: split_k 2: %s", why);
    /* f16 D likewise direct; the direct_epilogue option changes nothing */
    rc = plan(L3(64, 4096, 0, 4096, 1, 0), L3(64, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL,
              CUTEGO_DTYPE_F16, CUTEGO_DTYPE_F16, 0x1000, &o, &p);
    CHECK(rc == 0 && !(p.flags & CUTEGO_GEMM_F_D_TMA) && !strcmp(p.kernel, "cutego_gemm_64x32_kk_f16_f16"),
          "64x32 f16 D: %s flags %x", p.kernel, (unsigned)p.flags);
    /* A's box rows as for 64x64; tiles of 32 columns (N = 1000: 32, the last of 8 columns); the
     * split: 1 x 32 tiles of K 520 (slices under 1024: none), 8 x 2048 x 8192: 64 tiles, 2 slices
     * (128 <= 132), 1 x 4096 x 14336: 128 tiles, none; 100 rows: 2 tile rows. fp32 D: TMA, box 32 x 64. */
    const struct {
      int64_t m, n, k;
      int box_rows, tiles_m, split;
    } rows[] = {{1, 4096, 14336, 8, 1, 1}, {40, 1000, 520, 40, 1, 1}, {8, 2048, 8192, 8, 1, 2},
                {100, 1000, 520, 64, 2, 1}, {64, 4096, 11008, 64, 1, 1}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
      const int64_t m = rows[i].m, n = rows[i].n, k = rows[i].k;
      rc = plan(L3(m, n, 0, n, 1, 0), L3(m, k, 0, k, 1, 0), L3(n, k, 0, k, 1, 0), NULL, BF, F32, 0x1000, &o, &p);
      CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x32x128 && p.a_map.box[1] == rows[i].box_rows &&
                p.tiles_m == rows[i].tiles_m && p.tiles_n == (n + 31) / 32 &&
                cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == rows[i].split &&
                (p.flags & CUTEGO_GEMM_F_D_TMA) && p.d_map.box[0] == 32 && p.d_map.box[1] == 64 &&
                !strcmp(p.kernel, "cutego_gemm_64x32_kk_bf16_f32"),
            "64x32 %lldx%lldx%lld: box rows %d tiles_m %lld split %d D box %d x %d %s", (long long)m, (long long)n,
            (long long)k, p.a_map.box[1], (long long)p.tiles_m, cutego_gemm_split_k(&p, 132, 0, why, sizeof why),
            p.d_map.box[0], p.d_map.box[1], p.kernel);
    }
    /* M-major A, N-major B, fp16 in, fp32 out: B's box 32 (N, contiguous) x 64 (K) in the 64-byte
     * swizzle; 2x1 clusters sharing B: each CTA loads 16 of its 32 rows (K-major) or 32 of the 64
     * K (N-major). */
    rc = plan(L3(200, 1000, 0, 1000, 1, 0), L3(200, 320, 0, 1, 200, 0), L3(1000, 320, 0, 1, 1000, 0), NULL,
              CUTEGO_DTYPE_F16, F32, 0x1000, &o, &p);
    CHECK(rc == 0 && !strcmp(p.kernel, "cutego_gemm_64x32_mm_f16_f32") && p.a_map.box[0] == 64 &&
              p.a_map.box[1] == 64 && p.b_map.box[0] == 32 && p.b_map.box[1] == 64 && p.b_map.swizzle_bytes == 64 &&
              p.smem_bytes == 214144 && p.tiles_m == 4 && p.tiles_n == 32,
          "64x32 NN: %s A %d x %d B %d x %d swizzle %d smem %d", p.kernel, p.a_map.box[0], p.a_map.box[1],
          p.b_map.box[0], p.b_map.box[1], (int)p.b_map.swizzle_bytes, p.smem_bytes);
    o.cluster_m = 2;
    rc = plan(L3(200, 1024, 0, 1024, 1, 0), L3(200, 512, 0, 512, 1, 0), L3(1024, 512, 0, 512, 1, 0), NULL, BF, BF,
              0x1000, &o, &p);
    cutego_gemm_launch(&p, 132, 0, &l);
    CHECK(rc == 0 && p.cluster_m == 2 && p.b_map.box[0] == 64 && p.b_map.box[1] == 16 && l.block == 256 &&
              l.cluster == 2 && cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == -1 && strstr(why, "clusters"),
          "64x32 TN clusters: B box %d x %d block %d %s", p.b_map.box[0], p.b_map.box[1], l.block, p.reason);
    rc = plan(L3(200, 1024, 0, 1024, 1, 0), L3(200, 512, 0, 512, 1, 0), L3(1024, 512, 0, 1, 1024, 0), NULL, BF, BF,
              0x1000, &o, &p);
    CHECK(rc == 0 && p.cluster_m == 2 && p.b_map.box[0] == 32 && p.b_map.box[1] == 32 && p.b_map.swizzle_bytes == 64,
          "64x32 NN clusters: B box %d x %d", p.b_map.box[0], p.b_map.box[1]);
    o.cluster_m = 0;
  }
  /* 64x128 tiles (CUTEGO_GEMM_CONFIG_64x128x64, options.config 8): one consumer warpgroup,
   * m64n128k16, 16-bit only, 8 stages of A 64 x 128 B (8 KiB) and B 128 x 128 B (16 KiB), one
   * consumer's staging (2 x 8 KiB), two mbarriers per stage: 1024 + 8 x 24576 + 16384 + 8 x 16 =
   * 214,144 <= 232,448 (a ninth stage: 238,736). 1000^3: 16 tile rows of 64 x 8 tile columns of
   * 128 = 128 tiles, one wave on 132 SMs; B's K-major box 64 x 128, its N-major one 64 x 64 in two
   * loads per stage; 16-bit D: 128 columns are two 128-byte chunks, TMA stores of 64 x 64 boxes. */
  {
    char why[120];
    cutego_launch_t l;
    cutego_gemm_args_t g;
    o.config = CUTEGO_GEMM_CONFIG_64x128x64 + 1;
    rc = plan(L3(1024, 1024, 0, 1024, 1, 0), L3(1024, 1024, 0, 1024, 1, 0), L3(1024, 1024, 0, 1024, 1, 0), NULL, E4,
              BF, 0x1000, &o, &p);
    /* FP8 per tensor: 8 stages of A 64 x 128 B and B 128 x 128 B, as block-scaled below */
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x128x64 && !strcmp(p.kernel, "cutego_gemm_64x128_kk_e4m3_bf16") &&
              p.smem_bytes == 1024 + 8 * (8192 + 16384) + 2 * 8192 + 8 * 16 && p.tiles == 16 * 8,
          "fp8 64x128: %d %s %d %s", rc, p.kernel, p.smem_bytes, p.reason);
    /* block-scaled: 8 stages of A 64 x 128 B and B 128 x 128 B */
    o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
    rc = plan(L3(1024, 1024, 0, 1024, 1, 0), L3(1024, 1024, 0, 1024, 1, 0), L3(1024, 1024, 0, 1024, 1, 0), NULL, CUTEGO_DTYPE_E5M2,
              F32, 0x1000, &o, &p);
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x128x64 &&
              !strcmp(p.kernel, "cutego_gemm_64x128_kk_e5m2_f32_blockscaled") &&
              p.smem_bytes == 1024 + 8 * (8192 + 16384) + 2 * 8192 + 8 * 16 && p.tiles == 16 * 8,
          "block-scaled 64x128: %d %s %d %s", rc, p.kernel, p.smem_bytes, p.reason);
    o.fp8_accumulation = 0;
    rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 1000, 0, 1000, 1, 0), NULL, BF,
              BF, 0x1000, &o, &p);
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x128x64 && p.tiles_m == 16 && p.tiles_n == 8 &&
              p.tiles == 128 && p.smem_bytes == 214144 &&
              p.smem_bytes == 1024 + 8 * (8192 + 16384) + 2 * 8192 + 8 * 16 &&
              !strcmp(p.kernel, "cutego_gemm_64x128_kk_bf16_bf16") && strstr(p.reason, "64x128 tiles"),
          "bf16 64x128: rc %d tiles %lld x %lld smem %d %s (%s)", rc, (long long)p.tiles_m, (long long)p.tiles_n,
          p.smem_bytes, p.kernel, p.reason);
    CHECK(p.a_map.box[0] == 64 && p.a_map.box[1] == 64 && p.b_map.box[0] == 64 && p.b_map.box[1] == 128 &&
              p.a_map.swizzle_bytes == 128 && p.b_map.swizzle_bytes == 128 && (p.flags & CUTEGO_GEMM_F_D_TMA) &&
              p.d_map.box[0] == 64 && p.d_map.box[1] == 64,
          "64x128 boxes A %d x %d, B %d x %d, D %d x %d, flags %x", p.a_map.box[0], p.a_map.box[1], p.b_map.box[0],
          p.b_map.box[1], p.d_map.box[0], p.d_map.box[1], (unsigned)p.flags);
    cutego_gemm_launch(&p, 132, 0, &l);
    CHECK(l.block == 256 && l.grid == 128 && l.smem_bytes == 214144 && l.cluster == 1 && !strcmp(l.kernel, p.kernel),
          "64x128 launch: block %d grid %lld smem %d", l.block, (long long)l.grid, l.smem_bytes);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(g.tiles_m == 16 && g.tiles_n == 8 && g.tiles == 128 && g.k_tiles == 16, "64x128 args %d %d %lld %d",
          (int)g.tiles_m, (int)g.tiles_n, (long long)g.tiles, (int)g.k_tiles);
    /* The automatic split counts 64x128 tiles: 128 of them fill the wave (2 x 128 > 132), none. */
    CHECK(cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 1, "1000^3 64x128: no split");
    /* A's box rows (M rounded up to 8 below 64 rows, 64 from 64 on), tile rows of 64, tile columns
     * of 128 (N = 1000: 8, the last of 104 columns); the split counts 64x128 tiles: 1 x 4096 x 4096
     * is 32 of them, 4 slices of 1024 (128 <= 132; 128x128 tiles count the same); 200 x 1000 x 520:
     * 4 x 8, slices under 1024, none; 128 x 6144 x 4096: 2 x 48 = 96, none (2 x 96 > 132; 128x128
     * tiles would count 48 and split in 2); 40 x 1000 x 4096: 8 tiles, 16 slices of 256 would be
     * too short: 4. fp32 D: TMA, box 32 x 64. */
    const struct {
      int64_t m, n, k;
      int box_rows, tiles_m, split;
    } rows[] = {{1, 4096, 4096, 8, 1, 4}, {40, 1000, 4096, 40, 1, 4}, {100, 1000, 520, 64, 2, 1},
                {200, 1000, 520, 64, 4, 1}, {128, 6144, 4096, 64, 2, 1}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
      const int64_t m = rows[i].m, n = rows[i].n, k = rows[i].k;
      rc = plan(L3(m, n, 0, n, 1, 0), L3(m, k, 0, k, 1, 0), L3(n, k, 0, k, 1, 0), NULL, BF, F32, 0x1000, &o, &p);
      CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x128x64 && p.a_map.box[1] == rows[i].box_rows &&
                p.tiles_m == rows[i].tiles_m && p.tiles_n == (n + 127) / 128 &&
                cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == rows[i].split &&
                (p.flags & CUTEGO_GEMM_F_D_TMA) && p.d_map.box[0] == 32 && p.d_map.box[1] == 64 &&
                !strcmp(p.kernel, "cutego_gemm_64x128_kk_bf16_f32"),
            "64x128 %lldx%lldx%lld: box rows %d tiles_m %lld split %d D box %d x %d %s", (long long)m, (long long)n,
            (long long)k, p.a_map.box[1], (long long)p.tiles_m, cutego_gemm_split_k(&p, 132, 0, why, sizeof why),
            p.d_map.box[0], p.d_map.box[1], p.kernel);
    }
    CHECK(cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == 2, "128x6144 64x128: split_k 2: %s", why);
    /* M-major A, N-major B, fp16 in, fp32 out: A one 64 x 64 load, B two 64 x 64 loads (N 0-63 and
     * 64-127) in the 128-byte swizzle; 2x1 clusters sharing B: each CTA loads 64 of its 128 rows
     * (K-major) or 32 of the 64 K of each load (N-major). */
    rc = plan(L3(200, 1000, 0, 1000, 1, 0), L3(200, 320, 0, 1, 200, 0), L3(1000, 320, 0, 1, 1000, 0), NULL,
              CUTEGO_DTYPE_F16, F32, 0x1000, &o, &p);
    CHECK(rc == 0 && !strcmp(p.kernel, "cutego_gemm_64x128_mm_f16_f32") && p.a_map.box[0] == 64 &&
              p.a_map.box[1] == 64 && p.b_map.box[0] == 64 && p.b_map.box[1] == 64 && p.b_map.swizzle_bytes == 128 &&
              p.smem_bytes == 214144 && p.tiles_m == 4 && p.tiles_n == 8,
          "64x128 NN: %s A %d x %d B %d x %d swizzle %d smem %d", p.kernel, p.a_map.box[0], p.a_map.box[1],
          p.b_map.box[0], p.b_map.box[1], (int)p.b_map.swizzle_bytes, p.smem_bytes);
    o.cluster_m = 2;
    rc = plan(L3(200, 1024, 0, 1024, 1, 0), L3(200, 512, 0, 512, 1, 0), L3(1024, 512, 0, 512, 1, 0), NULL, BF, BF,
              0x1000, &o, &p);
    cutego_gemm_launch(&p, 132, 0, &l);
    CHECK(rc == 0 && p.cluster_m == 2 && p.b_map.box[0] == 64 && p.b_map.box[1] == 64 && l.block == 256 &&
              l.cluster == 2 && cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == -1 && strstr(why, "clusters"),
          "64x128 TN clusters: B box %d x %d block %d %s", p.b_map.box[0], p.b_map.box[1], l.block, p.reason);
    rc = plan(L3(200, 1024, 0, 1024, 1, 0), L3(200, 512, 0, 512, 1, 0), L3(1024, 512, 0, 1, 1024, 0), NULL, BF, BF,
              0x1000, &o, &p);
    CHECK(rc == 0 && p.cluster_m == 2 && p.b_map.box[0] == 64 && p.b_map.box[1] == 32 && p.b_map.swizzle_bytes == 128,
          "64x128 NN clusters: B box %d x %d", p.b_map.box[0], p.b_map.box[1]);
    o.cluster_m = 0;
    o.config = CUTEGO_GEMM_CONFIG_128x224x64 + 2;
    rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 512, 0, 512, 1, 0), L3(4096, 512, 0, 512, 1, 0), NULL, BF, BF,
              0x1000, &o, &p);
    CHECK(rc == -1 && strstr(p.reason, "unknown"), "config 13: %s", p.reason);
  }
  memset(&o, 0, sizeof o);
  /* M-major A, N-major B: both transposed into K-major workspaces (K padded to 128 bytes: 520
   * FP8 elements to 640), the plan says why. */
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 1, 1008, 0), L3(1000, 520, 0, 1, 1008, 0), NULL, E4, BF,
            0x1000, NULL, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && (p.flags & CUTEGO_GEMM_F_PACK_A) && (p.flags & CUTEGO_GEMM_F_PACK_B) &&
            p.a.major == 0 && p.b.major == 0 && strstr(p.reason, "K-major"),
        "fp8 NN packed: %s", p.reason);
  CHECK(p.a_packed.stride[0] == 640 && p.a_packed.stride[1] == 1 && p.b_packed.stride[0] == 640 &&
            p.workspace_bytes == 2 * 1000 * 640,
        "fp8 packed layouts %lld %lld ws %lld", (long long)p.a_packed.stride[0], (long long)p.b_packed.stride[0],
        (long long)p.workspace_bytes);
  /* K-major with a row of 1000 bytes (not a multiple of 16): packed with K padded to 1024 (128
   * bytes). B's rows of 1008 bytes are off the 128-byte grid, but at 512x512x1000 (one wave of
   * 128x128 tiles, 8 k-tiles: ~3.8 us of main loop) its share of the penalty, ~0.8 us, is less
   * than a copy's launch: B is read in place. */
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 1000, 0, 1000, 1, 0), L3(512, 1000, 0, 1008, 1, 0), NULL, E4, BF,
            0x1000, NULL, &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_PACK_A) && !(p.flags & CUTEGO_GEMM_F_PACK_B) && p.a_packed.stride[0] == 1024,
        "fp8 K=1000: %s", p.reason);
  /* Refusals: FP8 has no generic path, no clusters, e5m2 not yet, scales only for FP8. */
  memset(&o, 0, sizeof o);
  o.no_pack = 1;
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 1, 512, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, BF, 0x1000,
            &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "FP8") && strstr(p.reason, "generic"), "fp8 no_pack M-major: %s", p.reason);
  memset(&o, 0, sizeof o);
  o.force_path = CUTEGO_GEMM_PATH_GENERIC;
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, BF, 0x1000,
            &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "FP8"), "fp8 forced generic: %s", p.reason);
  /* 2x1 clusters sharing B: on 128x256 tiles with fast accumulation (each CTA loads 128 of B's
   * 256 rows of 128 bytes and multicasts them; the kernel's CM = 2 body by the flag); on 128x128
   * tiles (no multicast boxes) and with promoted accumulation (128x128 only), an error. */
  memset(&o, 0, sizeof o);
  o.cluster_m = 2;
  o.config = CUTEGO_GEMM_CONFIG_128x256x64 + 1;
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, E4, BF,
            0x1000, &o, &p);
  {
    cutego_gemm_args_t g;
    cutego_launch_t l;
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    cutego_gemm_launch(&p, 132, 0, &l);
    CHECK(rc == 0 && p.cluster_m == 2 && p.b_map.box[0] == 128 && p.b_map.box[1] == 128 && p.a_map.box[1] == 128 &&
              (g.flags & CUTEGO_GEMM_F_CLUSTER_2) && l.cluster == 2 && l.grid % 2 == 0 && strstr(p.kernel, "128x256_kk_e4m3_bf16"),
          "fp8 128x256 clusters: B box %d x %d cluster %d grid %d %s", (int)p.b_map.box[0], (int)p.b_map.box[1], (int)l.cluster,
          (int)l.grid, p.reason);
  }
  o.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, BF, 0x1000,
            &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "cluster_m"), "fp8 128x128 cluster: %s", p.reason);
  o.config = 0;
  o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, BF, 0x1000,
            &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "cluster_m"), "fp8 promoted cluster: %s", p.reason);
  /* e5m2, and the pairs: B's type from options.b_dtype, both names in the kernel's */
  const int E5 = CUTEGO_DTYPE_E5M2;
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E5, BF, 0x1000,
            NULL, &p);
  CHECK(rc == 0 && strstr(p.kernel, "_kk_e5m2_bf16") && p.b_dtype == E5, "e5m2: %s %s", p.reason, p.kernel);
  memset(&o, 0, sizeof o);
  o.b_dtype = E5;
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, F32, 0x1000,
            &o, &p);
  CHECK(rc == 0 && strstr(p.kernel, "_kk_e4m3e5m2_f32") && p.b_dtype == E5, "e4m3 x e5m2: %s", p.kernel);
  o.b_dtype = E4;
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E5, BF, 0x1000,
            &o, &p);
  CHECK(rc == 0 && strstr(p.kernel, "_kk_e5m2e4m3_bf16"), "e5m2 x e4m3: %s", p.kernel);
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, BF, 0x1000,
            &o, &p);
  CHECK(rc == 0 && strstr(p.kernel, "_kk_e4m3_bf16"), "e4m3 x e4m3 named: %s", p.kernel);
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, BF, BF, 0x1000,
            &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "b_dtype"), "b_dtype with bf16 A: %s", p.reason);
  o.b_dtype = BF;
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, BF, 0x1000,
            &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "b_dtype"), "b_dtype bf16 with FP8 A: %s", p.reason);
  /* Promoted accumulation: 128x128 tiles (a 4096^2 output would take 128x256 ones), the name
   * says so; 128x256 asked for, or promotion of bf16, is an error. */
  memset(&o, 0, sizeof o);
  o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, E4, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.promoted && p.config == CUTEGO_GEMM_CONFIG_128x128x64 &&
            !strcmp(p.kernel, "cutego_gemm_128x128_kk_e4m3_bf16_promoted"),
        "promoted: %s %s", p.kernel, p.reason);
  o.config = CUTEGO_GEMM_CONFIG_128x256x64 + 1;
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, E4, BF,
            0x1000, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "128x128"), "promoted 128x256: %s", p.reason);
  o.config = 0;
  {
    /* the promotion interval travels in the kernel's flags: (interval - 1) << 8 */
    cutego_gemm_args_t g;
    rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, E4, BF,
              0x1000, &o, &p);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(rc == 0 && p.promoted == 1 && (g.flags & CUTEGO_GEMM_F_PROMOTE_INTERVAL) == 0, "interval 1 flags %x", g.flags);
    o.fp8_promotion_interval = 4;
    rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, E4, BF,
              0x1000, &o, &p);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(rc == 0 && p.promoted == 4 && (g.flags & CUTEGO_GEMM_F_PROMOTE_INTERVAL) == 3 << 8 &&
              (g.flags & ~CUTEGO_GEMM_F_PROMOTE_INTERVAL) == p.flags,
          "interval 4 flags %x", g.flags);
    o.fp8_promotion_interval = 17;
    rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, BF, 0x1000,
              &o, &p);
    CHECK(rc == -1 && strstr(p.reason, "fp8_promotion_interval"), "interval 17: %s", p.reason);
    o.fp8_promotion_interval = 2;
    o.fp8_accumulation = 0;
    rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, BF, 0x1000,
              &o, &p);
    CHECK(rc == -1 && strstr(p.reason, "fp8_promotion_interval"), "interval without promotion: %s", p.reason);
    o.fp8_promotion_interval = 0;
    o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
  }
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, BF, BF, 0x1000,
            &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "fp8_accumulation"), "promoted bf16: %s", p.reason);
  o.fp8_accumulation = 3;
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, BF, 0x1000,
            &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "fp8_accumulation"), "fp8_accumulation 3: %s", p.reason);
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, E4, 0x1000,
            NULL, &p);
  CHECK(rc == -1 && strstr(p.reason, "C/D data type"), "fp8 output: %s", p.reason);
  memset(&o, 0, sizeof o);
  o.scale_a = (const float *)0x1000;
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, BF, BF, 0x1000,
            &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "scale_a"), "bf16 with scale_a: %s", p.reason);
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), L3(512, 512, 0, 512, 1, 0), NULL, E4, BF, 0x1000,
            &o, &p);
  CHECK(rc == 0, "fp8 with scale_a: %s", p.reason);
}

/* Block-scaled FP8: the plan (128x128 tiles, the _blockscaled kernel, CUTEGO_GEMM_F_BLOCK_SCALED)
 * and cutego_gemm_block_scales' reading of the scale layouts: SA is M x ceil(K/128) (x L), SB
 * ceil(N/128) x ceil(K/128) (x L), any strides (DeepGEMM's M-major SA), a wrong shape an error
 * naming the operand. */
/* 128x168 tiles (asked for): m64n168k16 on 2 consumer warpgroups (384 threads), 5 stages of
 * 16 KiB of A and 168 x 128 bytes = 21 KiB of B beside 32 KiB of staging and 1 KiB of
 * alignment: 1024 + 5 x 37888 + 32768 + 80 = 223312 bytes. 256 x 11008: 2 x 66 = 132 tiles (the
 * last column holds 11008 - 65 x 168 = 88 columns), one wave. D through TMA in 64-column chunks
 * (the partial last chunk of each tile is stored directly by the kernel). B is read K-major
 * only: an N-major B is transposed into the workspace (the plan says why); an M-major A is read
 * in place (the _mk kernel). No clusters (no multicast boxes), no FP8, no stream-K. */
static void tile168_plans(void) {
  const int E4 = CUTEGO_DTYPE_E4M3, BF = CUTEGO_DTYPE_BF16, F32 = CUTEGO_DTYPE_F32;
  cutego_gemm_plan_t p;
  char why[160];
  int rc;
  cutego_gemm_options_t o;
  cutego_launch_t l;
  memset(&o, 0, sizeof o);
  o.config = CUTEGO_GEMM_CONFIG_128x168x64 + 1;
  rc = plan(L3(256, 11008, 0, 11008, 1, 0), L3(256, 4096, 0, 4096, 1, 0), L3(11008, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  cutego_gemm_launch(&p, 132, 0, &l);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x168x64 && !strcmp(p.kernel, "cutego_gemm_128x168_kk_bf16_bf16") &&
            p.tiles_m == 2 && p.tiles_n == 66 && p.a_map.box[0] == 64 && p.a_map.box[1] == 128 &&
            p.b_map.box[0] == 64 && p.b_map.box[1] == 168 && p.b_map.swizzle_bytes == 128 &&
            (p.flags & CUTEGO_GEMM_F_D_TMA) && p.d_map.box[0] == 64 && p.d_map.box[1] == 64 &&
            !(p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) && l.block == 384 && l.grid == 132 &&
            l.smem_bytes == 223312 && l.cluster == 1,
        "128x168 TN: rc %d %s tiles %lld x %lld A %d x %d B %d x %d block %d grid %lld smem %d: %s", rc, p.kernel,
        (long long)p.tiles_m, (long long)p.tiles_n, p.a_map.box[0], p.a_map.box[1], p.b_map.box[0], p.b_map.box[1],
        l.block, (long long)l.grid, l.smem_bytes, p.reason);
  CHECK(cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == 2, "128x168 split_k 2: %s", why);
  /* N-major B: transposed (K = 520 padded to 576 elements, 128-byte rows), then the kk kernel */
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 520, 1, 0), L3(1000, 520, 0, 1, 1000, 0), NULL, CUTEGO_DTYPE_F16,
            F32, 0x1000, &o, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && (p.flags & CUTEGO_GEMM_F_PACK_B) &&
            !(p.flags & CUTEGO_GEMM_F_PACK_A) && p.b.major == 0 && p.b.stride[0] == 576 &&
            strstr(p.reason, "K-major only") && !strcmp(p.kernel, "cutego_gemm_128x168_kk_f16_f32"),
        "128x168 TN, N-major B: rc %d flags %x %s: %s", rc, (unsigned)p.flags, p.kernel, p.reason);
  /* M-major A in place: A's two 64 x 64 loads of the 128-byte swizzle */
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 1, 1000, 0), L3(1000, 520, 0, 520, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && !(p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) && p.a_map.box[0] == 64 &&
            p.a_map.box[1] == 64 && !strcmp(p.kernel, "cutego_gemm_128x168_mk_bf16_bf16"),
        "128x168 M-major A: %s A %d x %d", p.kernel, p.a_map.box[0], p.a_map.box[1]);
  /* Automatic: 512 x 11008 takes 128x168 tiles where B is K-major (2 waves x 0.74), 128x192 where it
   * is N-major (no transposing copy for a tile choice) */
  memset(&o, 0, sizeof o);
  rc = plan(L3(512, 11008, 0, 11008, 1, 0), L3(512, 4096, 0, 4096, 1, 0), L3(11008, 4096, 0, 4096, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x168x64 && !(p.flags & CUTEGO_GEMM_F_PACK_B),
        "512x11008 TN automatic: config %d flags %x", (int)p.config, (unsigned)p.flags);
  rc = plan(L3(512, 11008, 0, 11008, 1, 0), L3(512, 4096, 0, 4096, 1, 0), L3(11008, 4096, 0, 1, 11008, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x192x64 && !(p.flags & CUTEGO_GEMM_F_PACK_B) &&
            cutego_gemm_pick_config_plan(&p, 132) == CUTEGO_GEMM_CONFIG_128x192x64,
        "512x11008 TT automatic: config %d flags %x", (int)p.config, (unsigned)p.flags);
  o.config = CUTEGO_GEMM_CONFIG_128x168x64 + 1;
  o.cluster_m = 2;
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 520, 1, 0), L3(1000, 520, 0, 520, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "cluster_m 2"), "128x168 cluster_m 2: %s", p.reason);
  o.cluster_m = 0;
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 520, 1, 0), L3(1000, 520, 0, 520, 1, 0), NULL, E4, BF,
            0x1000, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "128x168 tiles are for 16-bit"), "128x168 FP8: %s", p.reason);
}

/* 64x96 tiles (asked for): m64n96k16 on one consumer warpgroup (256 threads), 10 stages of 8 KiB
 * of A (64 rows x 128 bytes) and 12 KiB of B (96 rows) beside 16 KiB of staging and 1 KiB of
 * alignment: 1024 + 10 x 20480 + 16384 + 160 = 222368 bytes. 128 x 6144: 2 x 64 = 128 tiles, one
 * wave (64x128 makes 96). D through TMA in 64-column chunks (the last 32 of each 96 stored
 * directly). An N-major B is read in place in the 64-byte swizzle (three loads of 32 columns); 2x1
 * clusters share B in halves of 48 rows; split slices run on 64x96 tiles; no FP8. */
static void tile96_plans(void) {
  const int E4 = CUTEGO_DTYPE_E4M3, BF = CUTEGO_DTYPE_BF16;
  cutego_gemm_plan_t p;
  char why[160];
  int rc;
  cutego_gemm_options_t o;
  cutego_launch_t l;
  memset(&o, 0, sizeof o);
  o.config = CUTEGO_GEMM_CONFIG_64x96x64 + 1;
  rc = plan(L3(128, 6144, 0, 6144, 1, 0), L3(128, 4096, 0, 4096, 1, 0), L3(6144, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  cutego_gemm_launch(&p, 132, 0, &l);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_64x96x64 && !strcmp(p.kernel, "cutego_gemm_64x96_kk_bf16_bf16") &&
            p.tiles_m == 2 && p.tiles_n == 64 && p.a_map.box[0] == 64 && p.a_map.box[1] == 64 &&
            p.b_map.box[0] == 64 && p.b_map.box[1] == 96 && p.b_map.swizzle_bytes == 128 &&
            (p.flags & CUTEGO_GEMM_F_D_TMA) && p.d_map.box[0] == 64 && p.d_map.box[1] == 64 &&
            !(p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) && l.block == 256 && l.grid == 128 &&
            l.smem_bytes == 222368 && l.cluster == 1,
        "64x96 TN: rc %d %s tiles %lld x %lld A %d x %d B %d x %d block %d grid %lld smem %d: %s", rc, p.kernel,
        (long long)p.tiles_m, (long long)p.tiles_n, p.a_map.box[0], p.a_map.box[1], p.b_map.box[0], p.b_map.box[1],
        l.block, (long long)l.grid, l.smem_bytes, p.reason);
  CHECK(cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == 2 && cutego_gemm_slice_config(&p) == CUTEGO_GEMM_CONFIG_64x96x64,
        "64x96 split_k 2 on its own tiles: %s", why);
  /* N-major B in place: boxes of 32 columns x 64 of K in the 64-byte swizzle */
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 520, 1, 0), L3(1000, 520, 0, 1, 1000, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && !(p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) && p.b_map.box[0] == 32 &&
            p.b_map.box[1] == 64 && p.b_map.swizzle_bytes == 64 && !strcmp(p.kernel, "cutego_gemm_64x96_km_bf16_bf16"),
        "64x96 N-major B: %s B %d x %d swizzle %d: %s", p.kernel, p.b_map.box[0], p.b_map.box[1], p.b_map.swizzle_bytes,
        p.reason);
  /* 2x1 clusters: each CTA loads 48 of B's 96 rows */
  o.cluster_m = 2;
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 520, 1, 0), L3(1000, 520, 0, 520, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.cluster_m == 2 && p.b_map.box[0] == 64 && p.b_map.box[1] == 48,
        "64x96 clusters: rc %d B box %d x %d: %s", rc, p.b_map.box[0], p.b_map.box[1], p.reason);
  o.cluster_m = 0;
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 520, 1, 0), L3(1000, 520, 0, 520, 1, 0), NULL, E4, BF,
            0x1000, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "64x96 tiles are for 16-bit"), "64x96 FP8: %s", p.reason);
}

/* A TN plan (K-major A and B, bf16 in, D of type cd) of m x n x k on configuration config asked
 * for: its kernel, tiles_m x tiles_n tiles, A's box of 64 x 128 rows and B's of 64 x bn rows in the
 * 128-byte swizzle, both read in place, D through TMA in boxes of dbox0 x 64, and the launch: block
 * threads, one CTA a tile, smem bytes, no cluster. */
static void check_tn_tile(int config, int64_t m, int64_t n, int64_t k, int cd, const char *kernel, int64_t tiles_m,
                          int64_t tiles_n, int bn, int dbox0, int block, int smem) {
  cutego_gemm_options_t o;
  cutego_gemm_plan_t p;
  cutego_launch_t l;
  memset(&o, 0, sizeof o);
  o.config = config + 1;
  const int rc = plan(L3(m, n, 0, n, 1, 0), L3(m, k, 0, k, 1, 0), L3(n, k, 0, k, 1, 0), NULL, CUTEGO_DTYPE_BF16, cd,
                      0x1000, &o, &p);
  cutego_gemm_launch(&p, 132, 0, &l);
  CHECK(rc == 0 && p.config == config && !strcmp(p.kernel, kernel) && p.tiles_m == tiles_m && p.tiles_n == tiles_n &&
            p.tiles == tiles_m * tiles_n && p.a_map.box[0] == 64 && p.a_map.box[1] == 128 && p.b_map.box[0] == 64 &&
            p.b_map.box[1] == bn && p.b_map.swizzle_bytes == 128 && (p.flags & CUTEGO_GEMM_F_D_TMA) &&
            p.d_map.box[0] == dbox0 && p.d_map.box[1] == 64 &&
            !(p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) && l.block == block &&
            l.grid == tiles_m * tiles_n && l.smem_bytes == smem && l.cluster == 1,
        "%s TN: rc %d %s tiles %lld x %lld A %d x %d B %d x %d D %d x %d block %d grid %lld smem %d: %s", kernel, rc,
        p.kernel, (long long)p.tiles_m, (long long)p.tiles_n, p.a_map.box[0], p.a_map.box[1], p.b_map.box[0],
        p.b_map.box[1], p.d_map.box[0], p.d_map.box[1], l.block, (long long)l.grid, l.smem_bytes, p.reason);
}

/* An f16 200 x 1000 x 320 plan with M-major A, N-major B and fp32 D on configuration config asked
 * for: both read in place, A in two 64 x 64 boxes of the 128-byte swizzle, B in boxes of 32 columns
 * x 64 of K in the 64-byte swizzle; its kernel and tiles_n columns of tiles on two rows. */
static void check_nn_tile(int config, const char *kernel, int64_t tiles_n) {
  cutego_gemm_options_t o;
  cutego_gemm_plan_t p;
  memset(&o, 0, sizeof o);
  o.config = config + 1;
  const int rc = plan(L3(200, 1000, 0, 1000, 1, 0), L3(200, 320, 0, 1, 200, 0), L3(1000, 320, 0, 1, 1000, 0), NULL,
                      CUTEGO_DTYPE_F16, CUTEGO_DTYPE_F32, 0x1000, &o, &p);
  CHECK(rc == 0 && !(p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) && p.a_map.box[0] == 64 &&
            p.a_map.box[1] == 64 && p.a_map.swizzle_bytes == 128 && p.b_map.box[0] == 32 && p.b_map.box[1] == 64 &&
            p.b_map.swizzle_bytes == 64 && p.tiles_m == 2 && p.tiles_n == tiles_n && !strcmp(p.kernel, kernel),
        "%s NN: %s A %d x %d B %d x %d swizzle %d: %s", kernel, p.kernel, p.a_map.box[0], p.a_map.box[1],
        p.b_map.box[0], p.b_map.box[1], p.b_map.swizzle_bytes, p.reason);
}

/* 128x96 tiles (asked for): two consumer warpgroups of m64n96k16 (384 threads), 6 stages of A 128
 * rows x 128 bytes (16 KiB) and B 96 rows (12 KiB), the two consumers' staging (2 x 16 KiB), two
 * mbarriers per stage and 1 KiB of alignment: 1024 + 6 x 28672 + 32768 + 6 x 16 = 205,920 bytes <=
 * 232,448 (a seventh stage: 234,608). 256 x 6144: 2 tile rows x 64 tile columns of 96 = 128 tiles
 * on 132 SMs (128x128: 96). D through TMA in 64-column chunks of 16-bit D (the last 32 of each 96
 * stored directly), fp32 D in three chunks of 32 columns. An N-major B is read in place in the
 * 64-byte swizzle (three loads of 32 columns); 2x1 clusters share B in halves of 48 rows, 1x2
 * clusters share A in halves of 64 rows; the split counts 128x96 tiles and its slices run on them;
 * no FP8, no stream-K. */
static void tile128x96_plans(void) {
  const int E4 = CUTEGO_DTYPE_E4M3, BF = CUTEGO_DTYPE_BF16, F32 = CUTEGO_DTYPE_F32;
  cutego_gemm_plan_t p;
  char why[160];
  int rc;
  cutego_gemm_options_t o;
  cutego_launch_t l;
  memset(&o, 0, sizeof o);
  o.config = CUTEGO_GEMM_CONFIG_128x96x64 + 1;
  check_tn_tile(CUTEGO_GEMM_CONFIG_128x96x64, 256, 6144, 4096, BF, "cutego_gemm_128x96_kk_bf16_bf16", 2, 64, 96, 64, 384,
                1024 + 6 * (16384 + 12288) + 2 * 16384 + 6 * 16);
  /* fp32 D: 384 bytes a row, three chunks of 32 columns */
  check_tn_tile(CUTEGO_GEMM_CONFIG_128x96x64, 256, 6144, 4096, F32, "cutego_gemm_128x96_kk_bf16_f32", 2, 64, 96, 32, 384,
                1024 + 6 * (16384 + 12288) + 2 * 16384 + 6 * 16);
  rc = plan(L3(256, 6144, 0, 6144, 1, 0), L3(256, 4096, 0, 4096, 1, 0), L3(6144, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 1, "256x6144 on 128x96: 128 tiles, no split: %s", why);
  CHECK(cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == 2 && cutego_gemm_slice_config(&p) == CUTEGO_GEMM_CONFIG_128x96x64,
        "128x96 split_k 2 on its own tiles: %s", why);
  /* The split counts 128x96 tiles: 1 x 4096 x 4096 is 43 of them, 2 slices (3 do not divide K);
   * 100 x 1000 x 520 (11 tiles, the last of 40 columns): slices under 1024, none. */
  rc = plan(L3(1, 4096, 0, 4096, 1, 0), L3(1, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.tiles == 43 && p.a_map.box[1] == 8 && cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 2,
        "1x4096x4096 on 128x96: tiles %lld, A box rows %d, split %d", (long long)p.tiles, p.a_map.box[1],
        cutego_gemm_split_k(&p, 132, 0, why, sizeof why));
  rc = plan(L3(100, 1000, 0, 1000, 1, 0), L3(100, 520, 0, 520, 1, 0), L3(1000, 520, 0, 520, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.tiles_m == 1 && p.tiles_n == 11 && p.a_map.box[1] == 104 &&
            cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 1,
        "100x1000x520 on 128x96: tiles %lld x %lld, A box rows %d", (long long)p.tiles_m, (long long)p.tiles_n,
        p.a_map.box[1]);
  /* N-major B in place, M-major A */
  check_nn_tile(CUTEGO_GEMM_CONFIG_128x96x64, "cutego_gemm_128x96_mm_f16_f32", 11);
  /* 2x1 clusters: each CTA loads 48 of B's 96 rows; 1x2 clusters: 64 of A's 128 */
  o.cluster_m = 2;
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 520, 1, 0), L3(1000, 520, 0, 520, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  cutego_gemm_launch(&p, 132, 0, &l);
  CHECK(rc == 0 && p.cluster_m == 2 && p.b_map.box[0] == 64 && p.b_map.box[1] == 48 && l.block == 384 && l.cluster == 2,
        "128x96 clusters: rc %d B box %d x %d block %d cluster %d: %s", rc, p.b_map.box[0], p.b_map.box[1], l.block,
        (int)l.cluster, p.reason);
  o.cluster_m = 0;
  o.cluster_n = 2;
  rc = plan(L3(256, 6144, 0, 6144, 1, 0), L3(256, 4096, 0, 4096, 1, 0), L3(6144, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && p.cluster_n == 2 && p.a_map.box[0] == 64 && p.a_map.box[1] == 64,
        "128x96 1x2 clusters: rc %d A box %d x %d: %s", rc, p.a_map.box[0], p.a_map.box[1], p.reason);
  o.cluster_n = 0;
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 520, 1, 0), L3(1000, 520, 0, 520, 1, 0), NULL, E4, BF,
            0x1000, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "128x96 tiles are for 16-bit"), "128x96 FP8: %s", p.reason);
}

/* 128x224 tiles (asked for): two consumer warpgroups of m64n224k16 (384 threads), 4 stages of A 128
 * rows x 128 bytes (16 KiB) and B 224 rows (28 KiB), the two consumers' staging (2 x 16 KiB), two
 * mbarriers per stage and 1 KiB of alignment: 1024 + 4 x 45056 + 32768 + 4 x 16 = 214,080 bytes <=
 * 232,448 (a fifth stage: 259,152). 256 x 14336: 2 tile rows x 64 tile columns of 224 = 128 tiles on
 * 132 SMs (128x256: 112). D through TMA in 64-column chunks of 16-bit D (448 bytes a row: three
 * chunks and the last 32 columns stored directly), fp32 D in seven chunks of 32 columns. An N-major
 * B is read in place in the 64-byte swizzle (seven loads of 32 columns); no clusters, no FP8. */
static void tile128x224_plans(void) {
  const int E4 = CUTEGO_DTYPE_E4M3, BF = CUTEGO_DTYPE_BF16, F32 = CUTEGO_DTYPE_F32;
  cutego_gemm_plan_t p;
  char why[160];
  int rc;
  cutego_gemm_options_t o;
  memset(&o, 0, sizeof o);
  o.config = CUTEGO_GEMM_CONFIG_128x224x64 + 1;
  check_tn_tile(CUTEGO_GEMM_CONFIG_128x224x64, 256, 14336, 4096, BF, "cutego_gemm_128x224_kk_bf16_bf16", 2, 64, 224, 64,
                384, 1024 + 4 * (16384 + 28672) + 2 * 16384 + 4 * 16);
  /* fp32 D: 896 bytes a row, seven chunks of 32 columns */
  check_tn_tile(CUTEGO_GEMM_CONFIG_128x224x64, 256, 14336, 4096, F32, "cutego_gemm_128x224_kk_bf16_f32", 2, 64, 224, 32,
                384, 1024 + 4 * (16384 + 28672) + 2 * 16384 + 4 * 16);
  rc = plan(L3(256, 14336, 0, 14336, 1, 0), L3(256, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 1, "256x14336 on 128x224: 128 tiles, no split: %s", why);
  /* 100 x 1000 x 520: one tile row of 5 tiles, the last of 104 columns; A's box of 104 rows */
  rc = plan(L3(100, 1000, 0, 1000, 1, 0), L3(100, 520, 0, 520, 1, 0), L3(1000, 520, 0, 520, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.tiles_m == 1 && p.tiles_n == 5 && p.a_map.box[1] == 104,
        "100x1000x520 on 128x224: tiles %lld x %lld, A box rows %d", (long long)p.tiles_m, (long long)p.tiles_n,
        p.a_map.box[1]);
  /* N-major B in place, M-major A */
  check_nn_tile(CUTEGO_GEMM_CONFIG_128x224x64, "cutego_gemm_128x224_mm_f16_f32", 5);
  /* no clusters either way */
  o.cluster_m = 2;
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 520, 0, 520, 1, 0), L3(1000, 520, 0, 520, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "cluster_m 2"), "128x224 2x1 clusters: rc %d: %s", rc, p.reason);
  o.cluster_m = 0;
  o.cluster_n = 2;
  rc = plan(L3(256, 14336, 0, 14336, 1, 0), L3(256, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "cluster_n 2"), "128x224 1x2 clusters: rc %d: %s", rc, p.reason);
  o.cluster_n = 0;
  /* FP8 (per tensor, fast): 128x224x128 tiles, 4 stages of A 128 x 128 B and B 224 x 128 B, the
   * two consumers' 4 x 8 KiB of staging, 1 KiB alignment, two barriers per stage; the kernel's
   * name says 128x224 and e4m3; promoted accumulation refused on them */
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, E4,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x224x64 && p.tiles_m == 8 && p.tiles_n == 64 &&
            p.b_map.box[0] == 128 && p.b_map.box[1] == 224 && p.smem_bytes == 1024 + 4 * (16384 + 28672) + 4 * 8192 + 4 * 16 &&
            !strcmp(p.kernel, "cutego_gemm_128x224_kk_e4m3_bf16"),
        "128x224 FP8: rc %d tiles %lld x %lld B box %d x %d smem %d %s: %s", rc, (long long)p.tiles_m,
        (long long)p.tiles_n, p.b_map.box[0], p.b_map.box[1], p.smem_bytes, p.kernel, p.reason);
  o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, E4,
            BF, 0x1000, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "promoted FP8 accumulation runs on 128x128 tiles only"), "128x224 FP8 promoted: %s",
        p.reason);
  o.fp8_accumulation = 0;
  /* Clusters asked for with the tiles left to the planner: where the choice has no multicast boxes
   * (128x224 for 512 x 14336 on 132 SMs, 128x168 for 256 x 11008), 2x1 clusters run on 128x256
   * tiles; 1x2 clusters on 128x128 */
  memset(&o, 0, sizeof o);
  o.sms = 132;
  rc = plan(L3(512, 14336, 0, 14336, 1, 0), L3(512, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x224x64 && p.cluster_m == 1, "512x14336 automatic: %d %s", rc,
        p.reason);
  o.cluster_m = 2;
  rc = plan(L3(512, 14336, 0, 14336, 1, 0), L3(512, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x256x64 && p.cluster_m == 2, "512x14336 cluster_m 2: %d %s", rc,
        p.reason);
  rc = plan(L3(256, 11008, 0, 11008, 1, 0), L3(256, 4096, 0, 4096, 1, 0), L3(11008, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x256x64 && p.cluster_m == 2, "256x11008 cluster_m 2: %d %s", rc,
        p.reason);
  o.cluster_m = 0;
  o.cluster_n = 2;
  rc = plan(L3(512, 14336, 0, 14336, 1, 0), L3(512, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x128x64 && p.cluster_n == 2, "512x14336 cluster_n 2: %d %s", rc,
        p.reason);
}

/* gemm_run's stream-K launch parameters as it computed them inline before
 * cutego_gemm_stream_k_launch held them (kernels/cutego_gemm.cu at b3709f9), for the equality
 * check below: one persistent CTA per SM (at most max_ctas, no more than the stream-K
 * k-iterations where every tile is stream-K), groups, partial sums and flags. */
static void stream_k_inline(const cutego_gemm_plan_t *p, int sms, int32_t max_ctas, int32_t group_m,
                            cutego_gemm_stream_k_t *sk, int64_t *ctas_out, int64_t *bytes_out, int64_t *part_out) {
  cutego_gemm_args_t g;
  cutego_gemm_args(p, NULL, NULL, 1.f, 0.f, group_m, &g);
  int64_t ctas = sms;
  if (max_ctas > 0 && max_ctas < ctas) ctas = max_ctas;
  sk->tiles = cutego_gemm_stream_k_tiles(p->tiles, ctas);
  if (sk->tiles == p->tiles && sk->tiles * g.k_tiles < ctas) ctas = sk->tiles * g.k_tiles;
  if (ctas < 1) ctas = 1;
  const int64_t gm = group_m > 0 ? group_m : 8;
  int64_t groups = p->tiles_m < gm ? p->tiles_m : gm;
  if (groups > 8) groups = 8;
  if (groups > sk->tiles) groups = sk->tiles;
  if (groups > ctas) groups = ctas;
  sk->groups = (int32_t)(groups < 1 ? 1 : groups);
  int64_t bm = 0, bn = 0;
  cutego_gemm_tile_extent(p->config, p->ab_dtype == CUTEGO_DTYPE_E4M3 || p->ab_dtype == CUTEGO_DTYPE_E5M2, &bm, &bn);
  const int64_t part_bytes = ctas * bm * bn * 4, bytes = part_bytes + ((ctas * 8 + 255) / 256) * 256;
  *ctas_out = ctas;
  *bytes_out = bytes;
  *part_out = part_bytes;
}

/* The launchers' shared stream-K rules (cutego_gemm_check_decomposition, cutego_gemm_stream_k_choice,
 * cutego_gemm_stream_k_replanned, cutego_gemm_stream_k_launch, cutego_gemm_plan_stream_k), hand-computed
 * on 132 SMs, and the launch parameters equal to what gemm_run computed inline over a sweep. */
static void stream_k_launch_plans(void) {
  const int BF = CUTEGO_DTYPE_BF16, E4 = CUTEGO_DTYPE_E4M3;
  const int SK256 = CUTEGO_GEMM_CONFIG_128x256x64 + 1, SK128 = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
  const int AUTO = CUTEGO_GEMM_DECOMPOSITION_AUTO, DP = CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL,
            SPLIT = CUTEGO_GEMM_DECOMPOSITION_SPLIT_K, SK = CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
  cutego_gemm_options_t o;
  cutego_gemm_plan_t p;
  cutego_gemm_stream_k_t sk;
  int64_t ctas, bytes, flags_at;
  char why[256];
  int rc;
  /* The decomposition against split_k. */
  CHECK(cutego_gemm_check_decomposition(AUTO, 0, why, sizeof why) == 0 &&
            cutego_gemm_check_decomposition(SPLIT, 4, why, sizeof why) == 0 &&
            cutego_gemm_check_decomposition(SK, 1, why, sizeof why) == 0 &&
            cutego_gemm_check_decomposition(DP, 0, why, sizeof why) == 0,
        "decompositions accepted");
  CHECK(cutego_gemm_check_decomposition(4, 0, why, sizeof why) == -1 &&
            !strcmp(why, "decomposition 4: 0 (automatic), 1 (data-parallel), 2 (split K) or 3 (stream-K)"),
        "decomposition 4: %s", why);
  CHECK(cutego_gemm_check_decomposition(-1, 0, why, sizeof why) == -1, "decomposition -1");
  CHECK(cutego_gemm_check_decomposition(SK, 2, why, sizeof why) == -1 &&
            !strcmp(why, "split_k 2 with decomposition STREAM_K"), "STREAM_K, split_k 2: %s", why);
  CHECK(cutego_gemm_check_decomposition(DP, 3, why, sizeof why) == -1 &&
            !strcmp(why, "split_k 3 with decomposition DATA_PARALLEL"), "DATA_PARALLEL, split_k 3: %s", why);

  /* bf16 1024x14336x4096 on 128x256 tiles: 8 x 56 = 448 tiles, 3 waves + 52: 132 + 52 = 184
   * stream-K tiles, 64 k-tiles of 64, 184 x 64 / 132 = 89 k-tiles per CTA; groups min(8 tile
   * rows, 8); partial sums 132 x 128 x 256 x 4 = 17,301,504 bytes, then 132 x 8 = 1,056 bytes of
   * flags rounded to 1,280. */
  memset(&o, 0, sizeof o);
  o.config = SK256;
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  /* (asked for: its automatic plan is data-parallel on 128x224 tiles, test_waves.c) */
  CHECK(rc == 0 && p.tiles == 448 && p.tiles_m == 8 &&
            cutego_gemm_stream_k_choice(&p, 132, AUTO, 0, 0, 0, 0, why, sizeof why) == 0 &&
            cutego_gemm_stream_k_choice(&p, 132, SK, 0, 0, 0, 0, why, sizeof why) == SK256,
        "bf16 1024x14336x4096: rc %d, tiles %lld: %s", rc, (long long)p.tiles, p.reason);
  /* not where something else was chosen or asked for, nor data-parallel or split K asked for */
  CHECK(cutego_gemm_stream_k_choice(&p, 132, AUTO, 0, 0, 1, 0, why, sizeof why) == 0 &&
            cutego_gemm_stream_k_choice(&p, 132, AUTO, 0, 1, 0, 0, why, sizeof why) == 0 &&
            cutego_gemm_stream_k_choice(&p, 132, AUTO, SK256, 0, 0, 0, why, sizeof why) == 0 &&
            cutego_gemm_stream_k_choice(&p, 132, AUTO, 0, 0, 0, 1, why, sizeof why) == 0 &&
            cutego_gemm_stream_k_choice(&p, 132, DP, 0, 0, 0, 0, why, sizeof why) == 0 &&
            cutego_gemm_stream_k_choice(&p, 132, SPLIT, 0, 0, 0, 0, why, sizeof why) == 0,
        "bf16 1024x14336x4096: stream-K only where nothing else is chosen");
  rc = cutego_gemm_stream_k_launch(&p, 132, 0, 0, &sk, &ctas, &bytes, &flags_at);
  CHECK(rc == 0 && ctas == 132 && sk.tiles == 132 + 52 && sk.groups == 8 && flags_at == 17301504 &&
            bytes == 17301504 + 1280 && !sk.partials && !sk.flags,
        "bf16 1024x14336x4096 launch: rc %d, ctas %lld, tiles %lld, groups %d, bytes %lld, flags at %lld", rc,
        (long long)ctas, (long long)sk.tiles, (int)sk.groups, (long long)bytes, (long long)flags_at);
  {
    static const char at[] = "stream-K: 184 of 448 tiles on 132 CTAs in 8 groups, 89 k-tiles each: ";
    cutego_gemm_plan_t m = p;
    cutego_gemm_plan_stream_k(&m, &sk, ctas, bytes);
    CHECK(m.decomposition == SK && m.split_workspace_bytes == 17301504 + 1280 &&
              !strcmp(m.kernel, "cutego_gemm_128x256_kk_bf16_bf16_streamk") &&
              !strncmp(m.reason, at, strlen(at)),
          "bf16 1024x14336x4096 marked: %s: %s", m.kernel, m.reason);
  }
  /* max_ctas 100: 448 % 100 = 48, 148 stream-K tiles; 100 x 128 KiB of partial sums + 800 bytes
   * of flags in 1,024; group_m 2: 2 groups. */
  rc = cutego_gemm_stream_k_launch(&p, 132, 100, 2, &sk, &ctas, &bytes, &flags_at);
  CHECK(rc == 0 && ctas == 100 && sk.tiles == 148 && sk.groups == 2 && flags_at == 13107200 && bytes == 13107200 + 1024,
        "max_ctas 100, group_m 2: ctas %lld, tiles %lld, groups %d, bytes %lld", (long long)ctas, (long long)sk.tiles,
        (int)sk.groups, (long long)bytes);
  /* 128x128 tiles asked for: 8 x 112 = 896 tiles, 896 % 132 = 104: 236 stream-K tiles; 132 x 64 KiB */
  o.config = SK128;
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && cutego_gemm_stream_k_choice(&p, 132, SK, SK128, 0, 0, 0, why, sizeof why) == SK128 &&
            cutego_gemm_stream_k_launch(&p, 132, 0, 0, &sk, &ctas, &bytes, &flags_at) == 0 && ctas == 132 &&
            sk.tiles == 236 && sk.groups == 8 && bytes == 132 * 65536 + 1280,
        "bf16 on 128x128: ctas %lld, tiles %lld, bytes %lld", (long long)ctas, (long long)sk.tiles, (long long)bytes);
  /* The automatic plan of 2432 x 7168 x 32768 (128x128 tiles by default, or whichever): stream-K
   * on 128x256 tiles (test_waves.c), which the launcher plans again (a plan on them can run
   * stream-K). */
  rc = plan(L3(2432, 7168, 0, 7168, 1, 0), L3(2432, 32768, 0, 32768, 1, 0), L3(7168, 32768, 0, 32768, 1, 0), NULL,
            BF, BF, 0x1000, NULL, &p);
  {
    cutego_gemm_plan_t q;
    memset(&o, 0, sizeof o);
    o.config = SK256;
    const int rq = plan(L3(2432, 7168, 0, 7168, 1, 0), L3(2432, 32768, 0, 32768, 1, 0),
                        L3(7168, 32768, 0, 32768, 1, 0), NULL, BF, BF, 0x1000, &o, &q);
    CHECK(rc == 0 && rq == 0 && cutego_gemm_stream_k_choice(&p, 132, AUTO, 0, 0, 0, 0, why, sizeof why) == SK256 &&
              cutego_gemm_stream_k_replanned(&q, AUTO, SK256, why, sizeof why) == SK256 &&
              cutego_gemm_stream_k_replanned(NULL, AUTO, SK256, why, sizeof why) == 0,
          "bf16 auto: config %d", (int)p.config);
    CHECK(cutego_gemm_stream_k_replanned(NULL, SK, SK256, why, sizeof why) == -1 &&
              !strcmp(why, "decomposition STREAM_K: no plan on the 128x256 tiles"),
          "no replan, STREAM_K: %s", why);
    CHECK(cutego_gemm_stream_k_replanned(&q, SK, 0, why, sizeof why) == 0, "want 0");
    /* packed operands (of a split of K that did not plan) keep their tiles: STREAM_K on others refused */
    q.config = CUTEGO_GEMM_CONFIG_128x128x64;
    CHECK(cutego_gemm_stream_k_choice(&q, 132, SK, SK256, 0, 0, 1, why, sizeof why) == -1 &&
              !strcmp(why, "decomposition STREAM_K: the packed copies are made"),
          "packed, STREAM_K on other tiles: %s", why);
  }
  /* STREAM_K with nothing from the cost model (4096^3: whole waves): the data-parallel choice's
   * tiles where they have a stream-K kernel, else 128x256; 128x192 asked for: refused. */
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF, BF,
            0x1000, NULL, &p);
  {
    const int pick = cutego_gemm_pick_config(4096, 4096, 1, BF, 132);
    const int want = (pick == CUTEGO_GEMM_CONFIG_128x128x64 ? pick : CUTEGO_GEMM_CONFIG_128x256x64) + 1;
    CHECK(rc == 0 && cutego_gemm_stream_k_choice(&p, 132, AUTO, 0, 0, 0, 0, why, sizeof why) == 0 &&
              cutego_gemm_stream_k_choice(&p, 132, SK, 0, 0, 0, 0, why, sizeof why) == want,
          "4096^3 STREAM_K: pick %d", pick);
    CHECK(cutego_gemm_stream_k_choice(&p, 132, SK, CUTEGO_GEMM_CONFIG_128x192x64 + 1, 0, 0, 0, why, sizeof why) == -1 &&
              !strcmp(why, "decomposition STREAM_K: 128x256 or 128x128 tiles only"),
          "STREAM_K on 128x192: %s", why);
  }
  /* Every tile a stream-K tile, few k-iterations: 256x512x128 on 128x256 tiles is 4 tiles of 2
   * k-tiles: 8 CTAs (not 132), groups min(2 tile rows, 4 tiles) = 2; 8 x 128 KiB + 256. */
  memset(&o, 0, sizeof o);
  o.config = SK256;
  rc = plan(L3(256, 512, 0, 512, 1, 0), L3(256, 128, 0, 128, 1, 0), L3(512, 128, 0, 128, 1, 0), NULL, BF, BF, 0x1000, &o,
            &p);
  CHECK(rc == 0 && cutego_gemm_stream_k_launch(&p, 132, 0, 0, &sk, &ctas, &bytes, &flags_at) == 0 && ctas == 8 &&
            sk.tiles == 4 && sk.groups == 2 && bytes == 8 * 131072 + 256,
        "256x512x128: ctas %lld, tiles %lld, groups %d, bytes %lld", (long long)ctas, (long long)sk.tiles, (int)sk.groups,
        (long long)bytes);
  /* FP8 e4m3 1024x14336x4096, stream-K asked for (the automatic plan runs 128x224 tiles data-parallel
   * there): the same 448 tiles of 128x256, 32 k-tiles of 128: 44 per CTA. */
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, E4,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && cutego_gemm_stream_k_choice(&p, 132, AUTO, 0, 0, 0, 0, why, sizeof why) == 0 &&
            cutego_gemm_stream_k_choice(&p, 132, SK, 0, 0, 0, 0, why, sizeof why) == SK256 &&
            cutego_gemm_stream_k_launch(&p, 132, 0, 0, &sk, &ctas, &bytes, &flags_at) == 0 && ctas == 132 &&
            sk.tiles == 184 && sk.groups == 8 && bytes == 17301504 + 1280,
        "e4m3 1024x14336x4096: ctas %lld, tiles %lld, bytes %lld: %s", (long long)ctas, (long long)sk.tiles,
        (long long)bytes, p.reason);
  static const char at8[] = "stream-K: 184 of 448 tiles on 132 CTAs in 8 groups, 44 k-tiles each: ";
  cutego_gemm_plan_stream_k(&p, &sk, ctas, bytes);
  CHECK(!strcmp(p.kernel, "cutego_gemm_128x256_kk_e4m3_bf16_streamk") &&
            !strncmp(p.reason, at8, strlen(at8)),
        "e4m3 marked: %s: %s", p.kernel, p.reason);
  /* Promoted FP8: STREAM_K refused with cutego_gemm_no_stream_k's reason. */
  memset(&o, 0, sizeof o);
  o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, E4,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && cutego_gemm_stream_k_choice(&p, 132, SK, 0, 0, 0, 0, why, sizeof why) == -1 &&
            !strcmp(why, "decomposition STREAM_K: promoted FP8 accumulation (stream-K takes fast accumulation only)") &&
            cutego_gemm_stream_k_choice(&p, 132, AUTO, 0, 0, 0, 0, why, sizeof why) == 0,
        "promoted STREAM_K: %s", why);
  /* No launch of tiles without stream-K kernels (128x192), nor of no plan. */
  memset(&o, 0, sizeof o);
  o.config = CUTEGO_GEMM_CONFIG_128x192x64 + 1;
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && cutego_gemm_stream_k_launch(&p, 132, 0, 0, &sk, &ctas, &bytes, &flags_at) == -1 &&
            cutego_gemm_stream_k_launch(NULL, 132, 0, 0, &sk, &ctas, &bytes, &flags_at) == -1,
        "128x192: no stream-K launch");
  /* Equal to gemm_run's inline computation: shapes x SM counts x max_ctas x group_m, both
   * configurations, 16-bit and FP8. */
  {
    static const int64_t ms[] = {1, 100, 256, 1000, 1024, 3000, 8192}, ns[] = {300, 4096, 14336},
                         ks[] = {64, 520, 4096};
    static const int smss[] = {1, 7, 114, 132}, maxc[] = {0, 1, 50, 200}, gms[] = {0, 1, 3, 16};
    int same = 0, total = 0;
    for (int cfg = CUTEGO_GEMM_CONFIG_128x256x64; cfg <= CUTEGO_GEMM_CONFIG_128x128x64; ++cfg)
      for (int t = 0; t < 2; ++t)
        for (size_t mi = 0; mi < sizeof ms / sizeof ms[0]; ++mi)
          for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ++ni)
            for (size_t ki = 0; ki < sizeof ks / sizeof ks[0]; ++ki) {
              const int64_t m = ms[mi], n = ns[ni], k = ks[ki];
              memset(&o, 0, sizeof o);
              o.config = cfg + 1;
              if (plan(L3(m, n, 0, n, 1, 0), L3(m, k, 0, k, 1, 0), L3(n, k, 0, k, 1, 0), NULL, t ? E4 : BF, BF, 0x1000,
                       &o, &p) != 0 ||
                  p.path != CUTEGO_GEMM_PATH_WGMMA || cutego_gemm_no_stream_k(&p)[0])
                continue;
              for (size_t si = 0; si < sizeof smss / sizeof smss[0]; ++si)
                for (size_t ci = 0; ci < sizeof maxc / sizeof maxc[0]; ++ci)
                  for (size_t gi = 0; gi < sizeof gms / sizeof gms[0]; ++gi) {
                    cutego_gemm_stream_k_t a, b;
                    int64_t ca, ba, fa, cb, bb, pb;
                    memset(&b, 0, sizeof b);
                    const int r = cutego_gemm_stream_k_launch(&p, smss[si], maxc[ci], gms[gi], &a, &ca, &ba, &fa);
                    stream_k_inline(&p, smss[si], maxc[ci], gms[gi], &b, &cb, &bb, &pb);
                    ++total;
                    same += r == 0 && a.tiles == b.tiles && a.groups == b.groups && ca == cb && ba == bb && fa == pb;
                  }
            }
    CHECK(total > 1000 && same == total, "stream-K launch against gemm_run's inline rule: %d of %d equal", same, total);
  }
}

/* Stream-K for FP8 with fast accumulation (cutego_gemm_stream_k, cutego_gemm_no_stream_k): the
 * cost model of waves.c with K in FP8 k-tiles of 128 (hand-computed on 132 SMs: a 128x256 tile's
 * main loop 1, a 128x128 one's 0.577; stream-K = data-parallel waves + (1.6 x ipc + 18 x (1 +
 * ceil(k_tiles / ipc))) / k_tiles with ipc = stream-K tiles x k_tiles / 132, taken where 1.05 x
 * that beats the best data-parallel time); every pair of types and output type alike; refused with
 * promoted or block-scaled accumulation and with clusters, each naming the reason. */
static void fp8_stream_k_plans(void) {
  const int E4 = CUTEGO_DTYPE_E4M3, E5 = CUTEGO_DTYPE_E5M2, BF = CUTEGO_DTYPE_BF16, F16 = CUTEGO_DTYPE_F16,
            F32 = CUTEGO_DTYPE_F32;
  const int SK256 = CUTEGO_GEMM_CONFIG_128x256x64 + 1;
  cutego_gemm_options_t o;
  cutego_gemm_plan_t p;
  cutego_gemm_args_t g;
  int rc;
  const struct {
    int64_t m, n, k, l;
    int want; /* cutego_gemm_stream_k's answer */
    const char *why;
  } rows[] = {
      /* 448 tiles of 128x256 (4 waves; 128x128: 896, 7 waves, 4.04); 184 stream-K tiles, 32 k-tiles:
       * ipc 44.6, 2 + (71.4 + 36) / 32 = 5.36 > 4; and 128x224 tiles take as many waves (512: 4) and
       * are the data-parallel choice (1.063x faster than stream-K on an H100, wave_128x224); so at
       * K = 11008 (86 k-tiles: 4.65), 14336 (112: 4.55) and 3840 (30: 2 + (1.6 x 41.8 + 36) / 30 =
       * 5.43) */
      {1024, 14336, 4096, 1, 0, "1024x14336x4096: data-parallel on 128x224"},
      {1024, 14336, 11008, 1, 0, "1024x14336x11008: data-parallel on 128x224"},
      {1024, 14336, 14336, 1, 0, "1024x14336x14336: data-parallel on 128x224"},
      {1024, 14336, 3840, 1, 0, "1024x14336x3840: data-parallel on 128x224"},
      {1024, 14336, 3584, 1, 0, "1024x14336x3584: data-parallel (28 k-tiles)"},
      /* 1024 x 12288: 384 tiles of 128x256 (3 waves; 128x224: 440, 4 waves; 128x128: 768, 6 waves,
       * 3.46); 132 + 120 stream-K tiles after one wave, 32 k-tiles: ipc 61.1, 1 + (97.7 + 36) / 32 =
       * 5.18 > 3: data-parallel */
      {1024, 12288, 4096, 1, 0, "1024x12288x4096: data-parallel on 128x256"},
      /* 344 tiles (3 waves; 128x128 6 waves, 3.46); 212 stream-K tiles after one wave, ipc 51.4:
       * 1 + (82.2 + 36) / 32 = 4.69 > 3 */
      {1024, 11008, 4096, 1, 0, "1024x11008x4096: data-parallel"},
      /* 86 k-tiles: ipc 138.1, 1 + (221.0 + 36) / 86 = 3.99 > 3 */
      {1024, 11008, 11008, 1, 0, "1024x11008x11008: data-parallel"},
      /* 224 tiles, all stream-K: ipc 54.3, (86.9 + 36) / 32 = 3.84 > 2 waves */
      {512, 14336, 4096, 1, 0, "512x14336x4096: data-parallel"},
      /* 896 tiles (7 waves); 236 stream-K, ipc 57.2: 5 + (91.5 + 36) / 32 = 8.99 */
      {2048, 14336, 4096, 1, 0, "2048x14336x4096: data-parallel"},
      /* 512 tiles (4 waves); 248 stream-K, ipc 60.1: 2 + (96.2 + 36) / 32 = 6.13 */
      {4096, 4096, 4096, 1, 0, "4096^3: data-parallel"},
      /* 2048 tiles (16 waves); 200 stream-K, 64 k-tiles, ipc 97.0: 14 + (155.2 + 36) / 64 = 16.99 */
      {8192, 8192, 8192, 1, 0, "8192^3: data-parallel"},
      /* a batch counts its tiles: 4 x 172 = 688 (6 waves; 128x128 11 waves, 6.35); 160 stream-K; at
       * K = 28672 (224 k-tiles) ipc 271.5: 4 + (434.4 + 36) / 224 = 6.10 > 6; at K = 4096 (32
       * k-tiles, ipc 38.8) 4 + (62.1 + 36) / 32 = 7.06 */
      {512, 11008, 28672, 4, 0, "4 x 512x11008x28672: data-parallel"},
      {512, 11008, 4096, 4, 0, "4 x 512x11008x4096: data-parallel"},
      /* 2432 x 3584: 19 x 14 = 266 tiles (3 waves; 128x128 19 x 28 = 532, 5 waves, 2.885); 134
       * stream-K after one wave; at K = 65536 (512 k-tiles) ipc 519.8: 1 + (831.6 + 36) / 512 = 2.69
       * (x 1.05 = 2.83 < 2.885) */
      {2432, 3584, 65536, 1, SK256, "2432x3584x65536: stream-K"},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
    const int64_t m = rows[i].m, n = rows[i].n, k = rows[i].k, l = rows[i].l;
    const int64_t L = l > 1 ? l : 0;
    const int ab = i % 4 == 1 || i % 4 == 3 ? E5 : E4, cd = i % 3 == 0 ? BF : i % 3 == 1 ? F16 : F32;
    memset(&o, 0, sizeof o);
    o.b_dtype = i % 4 == 2 ? E5 : i % 4 == 3 ? E4 : 0; /* the pairs e4m3 x e5m2, e5m2 x e4m3 */
    rc = plan(L3(m, n, L, n, 1, m * n), L3(m, k, L, k, 1, m * k), L3(n, k, L, k, 1, n * k), NULL, ab, cd, 0x1000, &o,
              &p);
    const int sk = cutego_gemm_stream_k(&p, 132);
    CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !cutego_gemm_no_stream_k(&p)[0] && sk == rows[i].want,
          "fp8 stream-K %s: rc %d, %d (no: %s) %s", rows[i].why, rc, sk, cutego_gemm_no_stream_k(&p), p.reason);
  }
  /* The same shape in bf16 counts 56 k-tiles of 64 (2 + (1.2 x 78.1 + 36) / 56 = 4.32 > 4), and
   * 128x224 tiles take as many waves as 128x256 ones there: data-parallel. */
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 3584, 0, 3584, 1, 0), L3(14336, 3584, 0, 3584, 1, 0), NULL, BF,
            BF, 0x1000, NULL, &p);
  CHECK(rc == 0 && cutego_gemm_k_tiles(CUTEGO_GEMM_CONFIG_128x256x64, 0, 3584) == 56 &&
            cutego_gemm_k_tiles(CUTEGO_GEMM_CONFIG_128x256x64, 1, 3584) == 28 && cutego_gemm_stream_k(&p, 132) == 0 &&
            cutego_gemm_pick_config_plan(&p, 132) == CUTEGO_GEMM_CONFIG_128x224x64,
        "bf16 1024x14336x3584: 56 k-tiles, data-parallel on 128x224: %s", p.reason);
  /* Both stream-K configurations plan for FP8 (decomposition STREAM_K runs either); the kernels
   * count FP8 k-tiles of 128 (cutego_gemm_k_tiles). */
  memset(&o, 0, sizeof o);
  for (int cfg = CUTEGO_GEMM_CONFIG_128x256x64; cfg <= CUTEGO_GEMM_CONFIG_128x128x64; ++cfg) {
    o.config = cfg + 1;
    rc = plan(L3(1000, 1200, 0, 1200, 1, 0), L3(1000, 520, 0, 528, 1, 0), L3(1200, 520, 0, 528, 1, 0), NULL, E4, BF,
              0x1000, &o, &p);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(rc == 0 && p.config == cfg && !cutego_gemm_no_stream_k(&p)[0] && g.k_tiles == 5 &&
              cutego_gemm_k_tiles(cfg, 1, 520) == 5 && cutego_gemm_k_tiles(cfg, 0, 520) == 9,
          "fp8 config %d: rc %d, no stream-K: %s, k_tiles %d", cfg, rc, cutego_gemm_no_stream_k(&p), g.k_tiles);
  }
  CHECK(cutego_gemm_k_tiles(CUTEGO_GEMM_CONFIG_128x64x64, 1, 520) == -1 &&
            cutego_gemm_k_tiles(CUTEGO_GEMM_CONFIG_128x192x128, 1, 520) == 5 &&
            cutego_gemm_k_tiles(CUTEGO_GEMM_CONFIG_128x192x128, 0, 520) == -1 && cutego_gemm_k_tiles(-1, 0, 520) == -1 &&
            cutego_gemm_k_tiles(CUTEGO_GEMM_CONFIG_128x256x64, 1, 0) == 0,
        "cutego_gemm_k_tiles: none of the width, unknown, K = 0");
  /* Refusals: promoted accumulation (128x128), block-scaled, 2x1 clusters (128x256): none taken by the model either. */
  o.config = 0;
  o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, E4,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && p.promoted == 1 && strstr(cutego_gemm_no_stream_k(&p), "promoted FP8 accumulation") &&
            cutego_gemm_stream_k(&p, 132) == 0,
        "fp8 promoted: rc %d, %s", rc, cutego_gemm_no_stream_k(&p));
  o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, E4,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_BLOCK_SCALED) && strstr(cutego_gemm_no_stream_k(&p), "block-scaled FP8") &&
            cutego_gemm_stream_k(&p, 132) == 0,
        "fp8 block-scaled: rc %d, %s", rc, cutego_gemm_no_stream_k(&p));
  o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_FAST;
  o.cluster_m = 2;
  o.config = SK256;
  rc = plan(L3(1024, 14336, 0, 14336, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(14336, 4096, 0, 4096, 1, 0), NULL, E4,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && p.cluster_m == 2 && !strcmp(cutego_gemm_no_stream_k(&p), "clusters") &&
            cutego_gemm_stream_k(&p, 132) == 0,
        "fp8 clusters: rc %d, %s", rc, cutego_gemm_no_stream_k(&p));
}

static void block_scaled_plans(void) {
  const int E4 = CUTEGO_DTYPE_E4M3, E5 = CUTEGO_DTYPE_E5M2, BF = CUTEGO_DTYPE_BF16;
  cutego_gemm_options_t o;
  cutego_gemm_plan_t p;
  cutego_gemm_block_scales_t s;
  char why[200];
  const float *fa = (const float *)0x40000, *fb = (const float *)0x50000;
  memset(&o, 0, sizeof o);
  o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
  /* M 300, N 200, K 300 (rows of 304), L 3: SA 300 x 3 (x 3), SB 2 x 3 (x 3) */
  cute_layout_t d = L3(300, 200, 3, 200, 1, 60000), a = L3(300, 300, 3, 304, 1, 300 * 304),
                b = L3(200, 300, 3, 304, 1, 200 * 304);
  int rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x128x64 && p.promoted == 1 && (p.flags & CUTEGO_GEMM_F_BLOCK_SCALED) &&
            !strcmp(p.kernel, "cutego_gemm_128x128_kk_e4m3_bf16_blockscaled"),
        "block-scaled plan: %d %s %s", rc, p.kernel, p.reason);
  cute_layout_t sa = L3(300, 3, 3, 3, 1, 900), sb = L3(2, 3, 3, 3, 1, 6);
  rc = cutego_gemm_block_scales(&p, fa, &sa, fb, &sb, &s, why, sizeof why);
  CHECK(rc == 0 && s.a == fa && s.b == fb && s.as[0] == 3 && s.as[1] == 1 && s.as[2] == 900 && s.bs[0] == 3 &&
            s.bs[1] == 1 && s.bs[2] == 6,
        "K-major scales: %d %s", rc, why);
  /* DeepGEMM's MN-major SA: (M, kb):(1, M') with M' = 304 (aligned), broadcast over L */
  sa = L3(300, 3, 0, 1, 304, 0);
  sb = L3(2, 3, 0, 1, 2, 0);
  rc = cutego_gemm_block_scales(&p, fa, &sa, fb, &sb, &s, why, sizeof why);
  CHECK(rc == 0 && s.as[0] == 1 && s.as[1] == 304 && s.as[2] == 0 && s.bs[0] == 1 && s.bs[1] == 2 && s.bs[2] == 0,
        "MN-major scales: %d %s", rc, why);
  /* a hierarchical M mode that coalesces, (100,3):(1,100), and one that does not, (100,3):(1,200) */
  sa = H(100, 3, 3, 1, 100, 304);
  rc = cutego_gemm_block_scales(&p, fa, &sa, fb, &sb, &s, why, sizeof why);
  CHECK(rc == 0 && s.as[0] == 1 && s.as[1] == 304, "coalescing M mode: %d %s", rc, why);
  /* refusals, each naming its operand: a mode that does not coalesce, wrong shapes, a null
   * pointer, misalignment, byte offsets past int64 */
  {
    const cute_layout_t sa_ok = L3(300, 3, 0, 1, 300, 0), sb_ok = L3(2, 3, 0, 1, 2, 0);
    struct {
      const char *what, *says, *also;
      cute_layout_t sa, sb;
      const float *a, *b;
    } bad[] = {
        {"non-coalescing M mode", "scale_a", "stride", H(100, 3, 3, 1, 200, 304), sb_ok, fa, fb},
        {"SA 300x2", "scale_a", "300x3x3", L3(300, 2, 0, 1, 300, 0), sb_ok, fa, fb},
        {"SA 299x3", "scale_a", "299x3", L3(299, 3, 0, 1, 300, 0), sb_ok, fa, fb},
        {"SA batch 2 of 3", "scale_a", "300x3x2", L3(300, 3, 2, 1, 300, 900), sb_ok, fa, fb},
        {"SB per column", "scale_b", "2x3x3", sa_ok, L3(200, 3, 0, 1, 200, 0), fa, fb},
        {"SB null", "scale_b", "null", sa_ok, sb_ok, fa, NULL},
        {"SA misaligned", "scale_a", "aligned", sa_ok, sb_ok, (const float *)0x40002, fb},
        {"SA overflow", "scale_a", "", L3(300, 3, 0, 1, (int64_t)1 << 62, 0), sb_ok, fa, fb},
        /* 3 K blocks of stride 2^30: the last k-tile's offset passes 2^31 - 1 */
        {"SA K stride", "scale_a", "2^31 - 1", L3(300, 3, 0, 1, (int64_t)1 << 30, 0), sb_ok, fa, fb},
        {"SB K stride", "scale_b", "2^31 - 1", sa_ok, L3(2, 3, 0, 1, -((int64_t)1 << 30), 0), fa, fb},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
      rc = cutego_gemm_block_scales(&p, bad[i].a, &bad[i].sa, bad[i].b, &bad[i].sb, &s, why, sizeof why);
      CHECK(rc == -1 && strstr(why, bad[i].says) && strstr(why, bad[i].also), "%s: %s", bad[i].what, why);
    }
  }
  /* the largest K-block strides of 32-bit offsets: 3 x 715827882 = 2^31 - 2 */
  sa = L3(300, 3, 0, 1, 715827882, 0);
  sb = L3(2, 3, 0, 1, 715827882, 0);
  rc = cutego_gemm_block_scales(&p, fa, &sa, fb, &sb, &s, why, sizeof why);
  CHECK(rc == 0 && s.as[1] == 715827882 && s.bs[1] == 715827882, "K-block stride at the 32-bit bound: %d %s", rc, why);
  sa = L3(300, 3, 0, 1, 300, 0);
  sb = L3(2, 3, 0, 1, 2, 0);
  /* other pairs name their kernel; the per-tensor plan is not block-scaled */
  o.b_dtype = E5;
  rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
  CHECK(rc == 0 && !strcmp(p.kernel, "cutego_gemm_128x128_kk_e4m3e5m2_bf16_blockscaled"), "pair: %s", p.kernel);
  o.b_dtype = 0;
  o.fp8_accumulation = 0;
  rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
  sa = L3(300, 3, 0, 1, 300, 0);
  CHECK(rc == 0 && cutego_gemm_block_scales(&p, fa, &sa, fb, &sb, &s, why, sizeof why) == -1 &&
            strstr(why, "block-scaled"),
        "per-tensor plan: %s", why);
  /* refusals: per-tensor scales, 128x256, an interval, bf16 */
  o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
  o.scale_a = fa;
  rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "scale_a"), "block-scaled with scale_a: %s", p.reason);
  o.scale_a = NULL;
  /* split K: slices of whole K blocks of 128 (K = 1024: 2, 4 or 8 slices; 16 would be 64 each) */
  {
    cute_layout_t d1 = L3(64, 4096, 0, 4096, 1, 0), a1 = L3(64, 1024, 0, 1024, 1, 0), b1 = L3(4096, 1024, 0, 1024, 1, 0);
    rc = cutego_gemm_plan(&d1, &a1, &b1, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
    CHECK(rc == 0 && cutego_gemm_split_k(&p, 132, 8, why, sizeof why) == 8 &&
              cutego_gemm_split_k(&p, 132, 16, why, sizeof why) == -1 && strstr(why, "K blocks"),
          "block-scaled split: %s %s", p.reason, why);
    /* automatic: 32 tiles, slices of at least 1024 of K: none at K = 1024; 4 at K = 4096 */
    CHECK(cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 1, "block-scaled auto split at K=1024");
    a1 = L3(64, 4096, 0, 4096, 1, 0), b1 = L3(4096, 4096, 0, 4096, 1, 0);
    rc = cutego_gemm_plan(&d1, &a1, &b1, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
    CHECK(rc == 0 && cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 4, "block-scaled auto split at K=4096");
  }
  o.config = CUTEGO_GEMM_CONFIG_128x256x64 + 1;
  rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "128x128") && strstr(p.reason, "128x192"), "block-scaled 128x256: %s", p.reason);
  /* 128x192 tiles: asked for, or picked by waves on 132 SMs at 4096 x 2112 (3 waves of them
   * against 5 of 128x128), not at 4096 x 7168 (10 against 14); 4 stages of 16 + 24 KiB, the
   * staging and the barriers; only for block-scaled FP8 */
  {
    cute_layout_t d2 = L3(4096, 2112, 0, 2112, 1, 0), a2 = L3(4096, 2048, 0, 2048, 1, 0),
                  b2 = L3(2112, 2048, 0, 2048, 1, 0);
    o.config = 0;
    o.sms = 132;
    rc = cutego_gemm_plan(&d2, &a2, &b2, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x192x128 &&
              !strcmp(p.kernel, "cutego_gemm_128x192_kk_e4m3_bf16_blockscaled") && p.tiles == 32 * 11 &&
              p.smem_bytes == 1024 + 4 * (16384 + 24576) + 4 * 8192 + 4 * 2 * 8,
          "block-scaled 4096x2112 on 132 SMs: %d %s %s", rc, p.kernel, p.reason);
    cute_layout_t d3 = L3(4096, 7168, 0, 7168, 1, 0), b3 = L3(7168, 2048, 0, 2048, 1, 0);
    rc = cutego_gemm_plan(&d3, &a2, &b3, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x128x64, "block-scaled 4096x7168 on 132 SMs: %s", p.kernel);
    o.sms = 0;
    o.config = CUTEGO_GEMM_CONFIG_128x192x128 + 1;
    o.b_dtype = E5;
    rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
    CHECK(rc == 0 && !strcmp(p.kernel, "cutego_gemm_128x192_kk_e4m3e5m2_bf16_blockscaled") && p.tiles == 3 * 2 * 3,
          "block-scaled asking 128x192: %s %s", p.kernel, p.reason);
    o.b_dtype = 0;
    o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_FAST;
    rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
    CHECK(rc == -1 && strstr(p.reason, "128x192"), "per-tensor FP8 asking 128x192: %s", p.reason);
    o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
    rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
    CHECK(rc == -1 && strstr(p.reason, "128x192"), "promoted FP8 asking 128x192: %s", p.reason);
    o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
  }
  o.config = 0;
  o.fp8_promotion_interval = 2;
  rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "fp8_promotion_interval"), "block-scaled interval 2: %s", p.reason);
  o.fp8_promotion_interval = 1;
  rc = cutego_gemm_plan(&d, &a, &b, NULL, E4, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
  CHECK(rc == 0, "block-scaled interval 1: %s", p.reason);
  o.fp8_promotion_interval = 0;
  rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 0, 0x10000, 0x1000, 0x20000, 0, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "fp8_accumulation"), "block-scaled bf16: %s", p.reason);
}

/* Row pitches off the 128-byte grid (pitch_pack). Expected values by hand from the rule of
 * csrc/gemm/waves.c (132 SMs): 3000x5000x1000 bf16 has 480 tiles of 128x256 (4 waves) and 16
 * k-tiles, 53.1 us of main loop, 41% of it the penalty; A's share 128/384 (7.3 us) beats its copy
 * (3000 x (2000 + 2048) bytes at 3 bytes/ns + 2 us = 6.0 us), B's 256/384 (14.5 us) its copy
 * (5000 x 4048 bytes: 8.7 us). 1000^3 (64 tiles of 128x128, one wave, 7.7 us) saves 1.6 us per
 * operand against 3.3 us of copy: in place. Where B's rows are off the grid and 2x1 clusters would
 * share it in place (cutego_gemm_pitch_in_clusters: 3000x5000x1000, one batch, 24 tile rows, 480
 * tiles, no stream-K), neither is copied; with cluster_m 1 asked, the copies above. */
static void pitch_plans(void) {
  const int BF = CUTEGO_DTYPE_BF16, E4 = CUTEGO_DTYPE_E4M3;
  cutego_gemm_plan_t p;
  cutego_gemm_options_t o;
  memset(&o, 0, sizeof o);
  const int both = CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B;
  o.sms = 132;
  int rc = plan(L3(3000, 5000, 0, 5000, 1, 0), L3(3000, 1000, 0, 1000, 1, 0), L3(5000, 1000, 0, 1000, 1, 0), NULL, BF, BF,
                0x1000, &o, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !(p.flags & both) && p.workspace_bytes == 0 &&
            p.config == CUTEGO_GEMM_CONFIG_128x256x64 && cutego_gemm_auto_cluster(&p) == 2,
        "3000x5000x1000 auto: in place, B for clusters: %s", p.reason);
  o.cluster_m = 1;
  rc = plan(L3(3000, 5000, 0, 5000, 1, 0), L3(3000, 1000, 0, 1000, 1, 0), L3(5000, 1000, 0, 1000, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && (p.flags & both) == both && p.config == CUTEGO_GEMM_CONFIG_128x256x64 &&
            strstr(p.reason, "rows of 2000 bytes, off the 128-byte grid"),
        "3000x5000x1000 cluster_m 1: %s", p.reason);
  /* K padded to 1024 (2048 bytes); the maps' K extent stays 1000; A at 0 (3000 x 2048 bytes), B after it. */
  CHECK(p.a_packed.shape[0] == 3000 && p.a_packed.shape[1] == 1000 && p.a_packed.stride[0] == 1024 &&
            p.a_packed.stride[1] == 1 && p.b_packed.shape[0] == 5000 && p.b_packed.stride[0] == 1024 &&
            p.a_workspace_offset == 0 && p.b_workspace_offset == 6144000 && p.workspace_bytes == 6144000 + 10240000 &&
            p.a_map.dims[0] == 1000 && p.a_map.strides[1] == 2048 && p.b_map.dims[0] == 1000 && p.b_map.strides[1] == 2048,
        "3000x5000x1000 packed: pitch %lld, ws %lld", (long long)p.a_packed.stride[0], (long long)p.workspace_bytes);
  /* OFF, or no_pack: read in place on the wgmma path (not the generic one). */
  o.pitch_pack = CUTEGO_GEMM_PITCH_PACK_OFF;
  rc = plan(L3(3000, 5000, 0, 5000, 1, 0), L3(3000, 1000, 0, 1000, 1, 0), L3(5000, 1000, 0, 1000, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !(p.flags & both) && p.workspace_bytes == 0, "OFF: %s", p.reason);
  memset(&o, 0, sizeof o);
  o.no_pack = 1;
  rc = plan(L3(3000, 5000, 0, 5000, 1, 0), L3(3000, 1000, 0, 1000, 1, 0), L3(5000, 1000, 0, 1000, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !(p.flags & both), "no_pack: %s", p.reason);
  /* On the grid (K = 1024): nothing to pack. */
  memset(&o, 0, sizeof o);
  rc = plan(L3(3000, 5000, 0, 5000, 1, 0), L3(3000, 1024, 0, 1024, 1, 0), L3(5000, 1024, 0, 1024, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && !(p.flags & both), "K=1024: %s", p.reason);
  /* 1000^3: the copy does not pay (AUTO), ON packs both, a pitch of 1024 elements is on the grid. */
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 1000, 0, 1000, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && !(p.flags & both) && p.config == CUTEGO_GEMM_CONFIG_128x128x64, "1000^3 auto: %s", p.reason);
  o.pitch_pack = CUTEGO_GEMM_PITCH_PACK_ON;
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 1000, 0, 1000, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && (p.flags & both) == both && p.a_packed.stride[0] == 1024 && p.workspace_bytes == 2 * 2048000,
        "1000^3 ON: %s", p.reason);
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 1000, 0, 1024, 1, 0), L3(1000, 1000, 0, 1000, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && (p.flags & both) == CUTEGO_GEMM_F_PACK_B && p.b_workspace_offset == 0 && p.workspace_bytes == 2048000,
        "lda 1024 ON: only B: %s", p.reason);
  /* ON leaves alone what is not a K-major operand of rows: M-major A (its pitch is M's), a single
   * row, a broadcast batch. */
  rc = plan(L3(1000, 1000, 0, 1000, 1, 0), L3(1000, 1000, 0, 1, 1000, 0), L3(1000, 1000, 0, 1024, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && !(p.flags & both) && p.a.major == 1, "M-major A, ON: %s", p.reason);
  rc = plan(L3(1, 1000, 0, 1000, 1, 0), L3(1, 1000, 0, 1000, 1, 0), L3(1000, 1000, 0, 1024, 1, 0), NULL, BF, BF, 0x1000,
            &o, &p);
  CHECK(rc == 0 && !(p.flags & both), "one row, ON: %s", p.reason);
  rc = plan(L3(1000, 1000, 4, 1000, 1, 1000000), L3(1000, 1000, 4, 1000, 1, 0), L3(1000, 1000, 4, 1024, 1, 1024000),
            NULL, BF, BF, 0x1000, &o, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !(p.flags & both), "broadcast A, ON: %s", p.reason);
  /* A batch of 4 with an odd pitch: the copy holds the 4 batches (plane 1000 x 1024). */
  rc = plan(L3(1000, 1000, 4, 1000, 1, 1000000), L3(1000, 1000, 4, 1000, 1, 1000000), L3(1000, 1000, 4, 1024, 1, 1024000),
            NULL, BF, BF, 0x1000, &o, &p);
  CHECK(rc == 0 && (p.flags & both) == CUTEGO_GEMM_F_PACK_A && p.a_packed.stride[2] == 1024000 && p.a.stride[2] == 1024000 &&
            p.workspace_bytes == 4 * 2048000 && p.a_map.dims[2] == 4,
        "batched A, ON: %s", p.reason);
  /* FP8, rows of 1040 bytes (on the 16-byte grid, off the 128-byte one): ON pads K to 1152. */
  rc = plan(L3(512, 512, 0, 512, 1, 0), L3(512, 1040, 0, 1040, 1, 0), L3(512, 1040, 0, 1040, 1, 0), NULL, E4, BF, 0x1000,
            &o, &p);
  CHECK(rc == 0 && (p.flags & both) == both && p.a_packed.stride[0] == 1152 && p.workspace_bytes == 2 * 512 * 1152,
        "fp8 1040 ON: %s", p.reason);
  /* 100x4096x4100: rows of 8200 bytes, off the 16-byte grid: with pitch_pack ON both packed, K
   * padded to 4160 (128 bytes); with K = 4097 (rows of 8194 bytes, off the 4-byte grid too) packed
   * whatever pitch_pack says, K padded to 4104 (16) with OFF. (AUTO and OFF read rows of 8200 or
   * 8196 bytes in place: rows_plans.) */
  memset(&o, 0, sizeof o);
  o.pitch_pack = CUTEGO_GEMM_PITCH_PACK_ON;
  rc = plan(L3(100, 4096, 0, 4096, 1, 0), L3(100, 4100, 0, 4100, 1, 0), L3(4096, 4100, 0, 4100, 1, 0), NULL, BF, BF, 0x1000,
            &o, &p);
  CHECK(rc == 0 && (p.flags & both) == both && p.a_packed.stride[0] == 4160 && p.b_workspace_offset == 832000 &&
            p.workspace_bytes == 832000 + 4096 * 8320 && !(p.flags & CUTEGO_GEMM_F_ROWS),
        "100x4096x4100: %s", p.reason);
  o.pitch_pack = CUTEGO_GEMM_PITCH_PACK_OFF;
  rc = plan(L3(100, 4096, 0, 4096, 1, 0), L3(100, 4097, 0, 4097, 1, 0), L3(4096, 4097, 0, 4097, 1, 0), NULL, BF, BF, 0x1000,
            &o, &p);
  CHECK(rc == 0 && (p.flags & both) == both && p.a_packed.stride[0] == 4104, "100x4096x4097 OFF: %lld",
        (long long)p.a_packed.stride[0]);
  /* An unknown value: an error naming the option. */
  o.pitch_pack = 3;
  rc = plan(L3(100, 4096, 0, 4096, 1, 0), L3(100, 4100, 0, 4100, 1, 0), L3(4096, 4100, 0, 4100, 1, 0), NULL, BF, BF, 0x1000,
            &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "pitch_pack 3"), "pitch_pack 3: %s", p.reason);
}

/* CUTEGO_GEMM_F_ROWS: A and B read in place by 8-byte cp.async pieces where one of them is off the
 * 16-byte grid of tensor maps and both are on the 8-byte grid (16-bit, K-major, K a multiple of 4:
 * a piece of 4 elements is wholly inside K or past it), by 4-byte pieces (CUTEGO_GEMM_F_ROWS_4) on
 * the 4-byte grid (K even), unless pitch_pack is ON or the options ask
 * for clusters, split K or stream-K; never with A in halves or a shifted B (the producer loads
 * exactly the rows inside). Its operands' kernel parameters are cutego_gemm_rows_t. */
static void rows_plans(void) {
  const int BF = CUTEGO_DTYPE_BF16, F16 = CUTEGO_DTYPE_F16, E4 = CUTEGO_DTYPE_E4M3;
  const int both = CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B;
  cutego_gemm_plan_t p;
  cutego_gemm_options_t o;
  memset(&o, 0, sizeof o);
  int rc = plan(L3(100, 4096, 0, 4096, 1, 0), L3(100, 4100, 0, 4100, 1, 0), L3(4096, 4100, 0, 4100, 1, 0), NULL, BF, BF,
                0x1000, &o, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && (p.flags & CUTEGO_GEMM_F_ROWS) && !(p.flags & both) &&
            p.workspace_bytes == 0 && strstr(p.reason, "cp.async") && strstr(p.kernel, "_kk_bf16_bf16") &&
            p.cluster_m == 1 && p.cluster_n == 1,
        "100x4096x4100 rows: %s", p.reason);
  {
    char why[160];
    CHECK(cutego_gemm_split_k(&p, 132, 0, why, sizeof why) == 1 && cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == -1 &&
              strstr(why, "cp.async") && strstr(cutego_gemm_no_stream_k(&p), "cp.async") && cutego_gemm_auto_cluster(&p) == 1,
          "rows: no split, stream-K or clusters: %s", why);
    /* the kernel parameters: cutego_gemm_rows_t (element strides and extents of the plan's operands) */
    _Alignas(64) unsigned char ma[128], mb[128];
    memset(ma, 0xff, sizeof ma);
    CHECK(cutego_gemm_operand_param(&p, 0, (const void *)0x1000, NULL, ma) == 0 &&
              cutego_gemm_operand_param(&p, 1, (const void *)0x2008, NULL, mb) == 0 &&
              cutego_gemm_operand_param(&p, 2, (const void *)0x2008, NULL, mb) == -1,
          "rows params");
    cutego_gemm_rows_t ra, rb;
    memcpy(&ra, ma, sizeof ra);
    memcpy(&rb, mb, sizeof rb);
    CHECK(ra.base == (const void *)0x1000 && ra.row_stride == 4100 && ra.batch_stride == 0 && ra.rows == 100 &&
              ra.k == 4100 && rb.base == (const void *)0x2008 && rb.rows == 4096 && rb.k == 4100 && ma[127] == 0,
          "rows params: A %lld %lld %lld, B %lld", (long long)ra.row_stride, (long long)ra.rows, (long long)ra.k,
          (long long)rb.rows);
  }
  /* OFF reads them in place too; ON copies (pitch_plans) */
  o.pitch_pack = CUTEGO_GEMM_PITCH_PACK_OFF;
  rc = plan(L3(100, 4096, 0, 4096, 1, 0), L3(100, 4100, 0, 4100, 1, 0), L3(4096, 4100, 0, 4100, 1, 0), NULL, F16, F16,
            0x1000, &o, &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_ROWS) && !(p.flags & both), "rows OFF: %s", p.reason);
  /* 4-byte pieces (CUTEGO_GEMM_F_ROWS_4) where one operand is off the 8-byte grid and both are on the
   * 4-byte one: K = 4098 (rows of 8196 bytes), A at 0x1004, rows of 4100 elements holding K = 4098
   * (8-byte rows, a piece of 4 elements would cross K), B's rows of 4102 elements */
  struct {
    int64_t k, pitch_a, pitch_b;
    uintptr_t a_addr;
  } fours[] = {{4098, 4098, 4098, 0x1000}, {4100, 4100, 4100, 0x1004}, {4098, 4100, 4100, 0x1000},
               {4100, 4100, 4102, 0x1000}, {2, 2, 2, 0x1000}};
  for (size_t i = 0; i < sizeof fours / sizeof fours[0]; ++i) {
    memset(&o, 0, sizeof o);
    const int64_t k = fours[i].k;
    rc = plan(L3(100, 4096, 0, 4096, 1, 0), L3(100, k, 0, fours[i].pitch_a, 1, 0), L3(4096, k, 0, fours[i].pitch_b, 1, 0),
              NULL, BF, BF, fours[i].a_addr, &o, &p);
    CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && (p.flags & CUTEGO_GEMM_F_ROWS) &&
              (p.flags & CUTEGO_GEMM_F_ROWS_4) && !(p.flags & both) && p.workspace_bytes == 0 &&
              strstr(p.reason, "4-byte cp.async"),
          "4-byte pieces %zu (K %lld): %s", i, (long long)k, p.reason);
  }
  /* and 8-byte pieces (no CUTEGO_GEMM_F_ROWS_4) on the 8-byte grid: K = 4 on rows of 4100 */
  rc = plan(L3(100, 4096, 0, 4096, 1, 0), L3(100, 4, 0, 4100, 1, 0), L3(4096, 4, 0, 4100, 1, 0), NULL, BF, BF, 0x1008, &o,
            &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_ROWS) && !(p.flags & CUTEGO_GEMM_F_ROWS_4) && strstr(p.reason, "8-byte cp.async"),
        "8-byte pieces at K 4: %s", p.reason);
  /* copied, where OFF would read them in place: K = 4097 (rows of 8194 bytes), A at 0x1002 (off
   * the 4-byte grid), FP8 (rows of 4100 bytes), an N-major B, clusters, split K or stream-K asked for */
  struct {
    int64_t k, b_major_n;
    uintptr_t a_addr;
    int ab, cluster_m, cluster_n, split_k, dec;
  } copied[] = {
      {4097, 0, 0x1000, BF, 0, 0, 0, 0}, {4100, 0, 0x1002, BF, 0, 0, 0, 0}, {4098, 0, 0x1002, BF, 0, 0, 0, 0},
      {4100, 0, 0x1000, E4, 0, 0, 0, 0}, {4100, 1, 0x1000, BF, 0, 0, 0, 0}, {4100, 0, 0x1000, BF, 2, 0, 0, 0},
      {4100, 0, 0x1000, BF, 0, 2, 0, 0}, {4098, 0, 0x1000, BF, 0, 0, 2, 0},
      {4100, 0, 0x1000, BF, 0, 0, 0, CUTEGO_GEMM_DECOMPOSITION_STREAM_K},
  };
  for (size_t i = 0; i < sizeof copied / sizeof copied[0]; ++i) {
    memset(&o, 0, sizeof o);
    o.pitch_pack = CUTEGO_GEMM_PITCH_PACK_OFF;
    o.cluster_m = copied[i].cluster_m, o.cluster_n = copied[i].cluster_n, o.split_k = copied[i].split_k;
    o.decomposition = copied[i].dec;
    const int64_t k = copied[i].k;
    const cute_layout_t b = copied[i].b_major_n ? L3(512, k, 0, 1, 512, 0) : L3(512, k, 0, k, 1, 0);
    rc = plan(L3(256, 512, 0, 512, 1, 0), L3(256, k, 0, k, 1, 0), b, NULL, copied[i].ab, BF, copied[i].a_addr, &o, &p);
    CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !(p.flags & CUTEGO_GEMM_F_ROWS) && (p.flags & CUTEGO_GEMM_F_PACK_A),
          "copied %zu (K %lld): %s", i, (long long)k, p.reason);
  }
  /* AUTO: in place at most 128 rows or columns (128 x 4096 x 4100, 4096 x 100 x 4100; 4-byte pieces too:
   * 128 x 4096 x 4098, 4096 x 100 x 4098) or, in 8-byte pieces only, at most 2^28 multiply-adds (500^3,
   * 256 x 512 x 2048 = 2^28; 500^2 x 502 and 256 x 512 x 2046 copied); copied above (129 x 4096 x 4100,
   * 256 x 4096 x 4100, 4096^2 x 4100, 256 x 512 x 2052, 129 x 4096 x 4098); OFF and no_pack in place
   * everywhere */
  struct {
    int64_t m, n, k;
    int rows;
  } autos[] = {{128, 4096, 4100, 1}, {4096, 100, 4100, 1}, {500, 500, 500, 1},   {256, 512, 2048 + 4, 0},
               {256, 512, 2044, 1},  {129, 4096, 4100, 0}, {256, 4096, 4100, 0}, {4096, 4096, 4100, 0},
               {128, 4096, 4098, 1}, {4096, 100, 4098, 1}, {500, 500, 502, 0},   {256, 512, 2046, 0},
               {129, 4096, 4098, 0}};
  for (size_t i = 0; i < sizeof autos / sizeof autos[0]; ++i)
    for (int mode = 0; mode < 3; ++mode) { /* AUTO, OFF, no_pack */
      memset(&o, 0, sizeof o);
      o.pitch_pack = mode == 1 ? CUTEGO_GEMM_PITCH_PACK_OFF : CUTEGO_GEMM_PITCH_PACK_AUTO;
      o.no_pack = mode == 2;
      const int64_t m = autos[i].m, n = autos[i].n, k = autos[i].k;
      rc = plan(L3(m, n, 0, n, 1, 0), L3(m, k, 0, k, 1, 0), L3(n, k, 0, k, 1, 0), NULL, BF, BF, 0x1000, &o, &p);
      const int want = mode > 0 || autos[i].rows;
      CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && ((p.flags & CUTEGO_GEMM_F_ROWS) != 0) == want &&
                ((p.flags & both) == 0) == want && ((p.flags & CUTEGO_GEMM_F_ROWS_4) != 0) == (want && k % 4 != 0),
            "%lldx%lldx%lld mode %d: rows %d, want %d: %s", (long long)m, (long long)n, (long long)k, mode,
            (p.flags & CUTEGO_GEMM_F_ROWS) != 0, want, p.reason);
    }
  /* batches (OFF): A's batch stride of 256 x 4100 + 4 elements (8 bytes) in place; + 2 (4 bytes) in place
   * by 4-byte pieces; + 1 (2 bytes) copied; a broadcast B */
  memset(&o, 0, sizeof o);
  o.pitch_pack = CUTEGO_GEMM_PITCH_PACK_OFF;
  rc = plan(L3(256, 512, 3, 512, 1, 256 * 512), L3(256, 4100, 3, 4100, 1, 256 * 4100 + 4), L3(512, 4100, 3, 4100, 1, 0),
            NULL, BF, BF, 0x1000, &o, &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_ROWS) && p.a.bcast_l == 0 && p.b.bcast_l == 1, "rows batched: %s", p.reason);
  {
    _Alignas(64) unsigned char ma[128], mb[128];
    cutego_gemm_rows_t ra, rb;
    CHECK(cutego_gemm_operand_param(&p, 0, (const void *)0x1000, NULL, ma) == 0 &&
              cutego_gemm_operand_param(&p, 1, (const void *)0x1000, NULL, mb) == 0,
          "rows batched params");
    memcpy(&ra, ma, sizeof ra);
    memcpy(&rb, mb, sizeof rb);
    CHECK(ra.batch_stride == 256 * 4100 + 4 && rb.batch_stride == 0, "rows batch strides %lld %lld",
          (long long)ra.batch_stride, (long long)rb.batch_stride);
  }
  rc = plan(L3(256, 512, 3, 512, 1, 256 * 512), L3(256, 4100, 3, 4100, 1, 256 * 4100 + 2),
            L3(512, 4100, 3, 4100, 1, 512 * 4100), NULL, BF, BF, 0x1000, &o, &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_ROWS) && (p.flags & CUTEGO_GEMM_F_ROWS_4), "rows batched +2: %s", p.reason);
  rc = plan(L3(256, 512, 3, 512, 1, 256 * 512), L3(256, 4100, 3, 4100, 1, 256 * 4100 + 1),
            L3(512, 4100, 3, 4100, 1, 512 * 4100), NULL, BF, BF, 0x1000, &o, &p);
  CHECK(rc == 0 && !(p.flags & CUTEGO_GEMM_F_ROWS) && (p.flags & CUTEGO_GEMM_F_PACK_A), "rows batched +1: %s", p.reason);
  /* neither A in halves (192 rows on 128x128 tiles) nor a shifted B (N = 1040 on 128x128, 8 tile rows) */
  o.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
  o.pitch_pack = CUTEGO_GEMM_PITCH_PACK_OFF;
  rc = plan(L3(192, 4096, 0, 4096, 1, 0), L3(192, 4100, 0, 4100, 1, 0), L3(4096, 4100, 0, 4100, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_ROWS) && !(p.flags & CUTEGO_GEMM_F_A_HALVES), "rows, no halves: %s", p.reason);
  rc = plan(L3(1024, 1040, 0, 1040, 1, 0), L3(1024, 4100, 0, 4100, 1, 0), L3(1040, 4100, 0, 4100, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_ROWS) && !(p.flags & CUTEGO_GEMM_F_B_SHIFT), "rows, no shift: %s", p.reason);
  /* and the same shapes on the 16-byte grid (K = 4096) do take them: the rule, not the shape, leaves them out */
  rc = plan(L3(192, 4096, 0, 4096, 1, 0), L3(192, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && !(p.flags & CUTEGO_GEMM_F_ROWS) && (p.flags & CUTEGO_GEMM_F_A_HALVES), "halves at K 4096: %s", p.reason);
  rc = plan(L3(1024, 1040, 0, 1040, 1, 0), L3(1024, 4096, 0, 4096, 1, 0), L3(1040, 4096, 0, 4096, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && !(p.flags & CUTEGO_GEMM_F_ROWS) && (p.flags & CUTEGO_GEMM_F_B_SHIFT), "shift at K 4096: %s", p.reason);
}

/* 1x2 clusters sharing A (options.cluster_n 2). Expected values from the geometry: the two CTAs of
 * a cluster compute horizontally adjacent tiles of the same rows, so each loads half of A's BM
 * rows (CUTLASS's multicast truncation of the box along the cluster) and B whole; the kernel walks
 * cluster columns (ceil(tiles_n / 2)), the grid is whole clusters; split K runs its slices in the
 * same clusters (where K splits), stream-K refuses them. Only 16-bit tiles of at most 128 columns,
 * a K-major A and at least one tile of rows have such kernels. */
/* CUTEGO_GEMM_F_A_HALVES: a K-major A of 128-row tiles whose last tile row holds 1-64 rows goes in
 * boxes of 64 rows (a_map), two per stage, one in that row; nowhere else. */
static void a_halves_plans(void) {
  const int BF = CUTEGO_DTYPE_BF16, E4 = CUTEGO_DTYPE_E4M3;
  const struct {
    int64_t m, n, k;
    int ab, a_m_major, config, cluster_m, cluster_n, halves, box_rows;
  } rows[] = {
      {448, 4096, 4096, BF, 0, 0, 0, 0, 1, 64},     /* 3 whole tile rows and 64 */
      {320, 11008, 4096, BF, 0, 0, 0, 0, 1, 64},    /* 2 and 64 */
      {416, 4096, 14336, BF, 0, 0, 0, 0, 1, 64},    /* 3 and 32 */
      {129, 4096, 4096, BF, 0, 0, 0, 0, 1, 64},     /* 1 and 1 */
      {448, 4096, 4096, BF, 0, 0, 2, 0, 1, 64},     /* 2x1 clusters: each CTA's A is its own */
      {448, 4096, 4096, E4, 0, 0, 0, 0, 1, 64},     /* FP8: 64 rows of 128 bytes too */
      {449, 4096, 14336, BF, 0, 0, 0, 0, 0, 128},   /* 65 rows in the last: one box */
      {512, 4096, 4096, BF, 0, 0, 0, 0, 0, 128},    /* whole tile rows */
      {100, 4096, 4096, BF, 0, 0, 0, 0, 0, 104},    /* one partial tile row: its rows only */
      {448, 4096, 4096, BF, 1, 0, 0, 0, 0, 64},     /* M-major A: loads of 64 rows already (no flag) */
      {448, 4096, 4096, BF, 0, CUTEGO_GEMM_CONFIG_128x128x64 + 1, 0, 2, 0, 64}, /* 1x2 clusters: the halves shared */
      {448, 4096, 4096, BF, 0, CUTEGO_GEMM_CONFIG_64x128x64 + 1, 0, 0, 0, 64},  /* 64-row tiles */
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
    const int64_t m = rows[i].m, n = rows[i].n, k = rows[i].k;
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.config = rows[i].config;
    o.cluster_m = rows[i].cluster_m;
    o.cluster_n = rows[i].cluster_n;
    if (rows[i].cluster_n) o.split_k = 1;
    cutego_gemm_plan_t p;
    const cute_layout_t a = rows[i].a_m_major ? L3(m, k, 0, 1, m, 0) : L3(m, k, 0, k, 1, 0);
    const int rc = plan(L3(m, n, 0, n, 1, 0), a, L3(n, k, 0, k, 1, 0), NULL, rows[i].ab, BF, 0x1000, &o, &p);
    cutego_gemm_args_t g;
    if (rc == 0) cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    const int box_rows = p.a.major == 0 ? p.a_map.box[1] : p.a_map.box[0];
    CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !(p.flags & CUTEGO_GEMM_F_A_HALVES) == !rows[i].halves &&
              !(g.flags & CUTEGO_GEMM_F_A_HALVES) == !rows[i].halves && box_rows == rows[i].box_rows,
          "A halves %lldx%lldx%lld (row %d): rc %d, flags %#x, A's box %d rows: %s", (long long)m, (long long)n,
          (long long)k, (int)i, rc, (unsigned)p.flags, box_rows, p.reason);
  }
}

/* CUTEGO_GEMM_F_B_SHIFT: a K-major B whose last tile column holds 1 to BN / 2 columns, beside 8 or
 * more tile rows in one wave (at most opt.sms tiles), FP8 per tensor too; not where N is a multiple
 * of BN or at most BN, not with more than half a tile, not beside fewer tile rows, not in several
 * waves, not an N-major B, not block-scaled FP8. The shifted box (b_tile_n0's rule, restated
 * here from its definition: from N - BN rounded up to a multiple of 8) covers the last column, ends
 * at most 7 rows past N and starts before the last tile column. */
static void b_shift_plans(void) {
  const int BF = CUTEGO_DTYPE_BF16, E4 = CUTEGO_DTYPE_E4M3;
  const int C64x128 = CUTEGO_GEMM_CONFIG_64x128x64 + 1, C128x128 = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
  const struct {
    int64_t m, n, k;
    int ab, b_n_major, config, block_scaled, shift, bn;
  } rows[] = {
      {1024, 904, 14336, BF, 0, C64x128, 0, 1, 128},  /* 7 whole tile columns and 8 */
      {1024, 960, 14336, BF, 0, C64x128, 0, 1, 128},  /* and 64: half a tile */
      {1024, 1000, 14336, BF, 0, C64x128, 0, 0, 128}, /* and 104: more than half */
      {2048, 904, 4096, BF, 0, C128x128, 0, 1, 128},
      {1024, 129, 4096, BF, 0, C128x128, 0, 1, 128},  /* one whole column and 1: the box from row 8 */
      {896, 904, 4096, BF, 0, C128x128, 0, 0, 128},   /* 7 tile rows */
      {512, 4100, 4096, BF, 0, CUTEGO_GEMM_CONFIG_128x256x64 + 1, 0, 0, 256}, /* 4 tile rows */
      {1024, 1024, 14336, BF, 0, C64x128, 0, 0, 128}, /* whole tile columns */
      {1024, 100, 4096, BF, 0, C128x128, 0, 0, 128},  /* one partial column: no row inside N to start from */
      {1024, 904, 4096, BF, 1, C128x128, 0, 0, 128},  /* N-major B */
      {1024, 904, 4096, E4, 0, 0, 0, 1, 0},           /* FP8 per tensor, the automatic tile (BN not checked) */
      {1024, 904, 4096, E4, 0, 0, 1, 0, 0},           /* block-scaled: B's scales by blocks of 128 columns */
      {3000, 5000, 1000, BF, 0, CUTEGO_GEMM_CONFIG_128x256x64 + 1, 0, 0, 256}, /* 480 tiles: several waves */
      {1024, 4100, 4096, BF, 0, C128x128, 0, 0, 128},  /* 264 tiles */
      {1056, 904, 4096, BF, 0, C64x128, 0, 0, 128},    /* 17 x 8 = 136 tiles, over 132 */
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
    const int64_t m = rows[i].m, n = rows[i].n, k = rows[i].k;
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.config = rows[i].config;
    if (rows[i].block_scaled) o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
    cutego_gemm_plan_t p;
    const cute_layout_t b = rows[i].b_n_major ? L3(n, k, 0, 1, n, 0) : L3(n, k, 0, k, 1, 0);
    const int rc = plan(L3(m, n, 0, n, 1, 0), L3(m, k, 0, k, 1, 0), b, NULL, rows[i].ab, BF, 0x1000, &o, &p);
    cutego_gemm_args_t g;
    if (rc == 0) cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    const int64_t bn = rows[i].bn, b0 = (n - bn + 7) / 8 * 8; /* bn 0: not checked */
    CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !(p.flags & CUTEGO_GEMM_F_B_SHIFT) == !rows[i].shift &&
              !(g.flags & CUTEGO_GEMM_F_B_SHIFT) == !rows[i].shift &&
              (!rows[i].shift || !bn || (b0 >= 0 && b0 + bn >= n && b0 + bn < n + 8 && b0 < (n / bn) * bn)),
          "B shift %lldx%lldx%lld (row %d): rc %d, flags %#x, BN %lld: %s", (long long)m, (long long)n, (long long)k,
          (int)i, rc, (unsigned)p.flags, (long long)bn, p.reason);
  }
  /* every 16-bit configuration (the device test's "B shift" cases: csrc/gemm/test_gemm.cu), in 2x1
   * and 1x2 clusters too; tiles over 168 columns (CUTEGO_GEMM_B_SHIFT_MAX_BN: deferred stores) not */
  const struct {
    int cfg, bn, cluster_m, cluster_n;
  } cs[] = {{CUTEGO_GEMM_CONFIG_64x32x128, 32, 0, 0},  {CUTEGO_GEMM_CONFIG_64x64x128, 64, 0, 0},
            {CUTEGO_GEMM_CONFIG_64x96x64, 96, 0, 0},   {CUTEGO_GEMM_CONFIG_64x128x64, 128, 0, 0},
            {CUTEGO_GEMM_CONFIG_128x64x64, 64, 0, 0},  {CUTEGO_GEMM_CONFIG_128x96x64, 96, 0, 0},
            {CUTEGO_GEMM_CONFIG_128x128x64, 128, 0, 0}, {CUTEGO_GEMM_CONFIG_128x168x64, 168, 0, 0},
            {CUTEGO_GEMM_CONFIG_128x192x64, 192, 0, 0}, {CUTEGO_GEMM_CONFIG_128x224x64, 224, 0, 0},
            {CUTEGO_GEMM_CONFIG_128x256x64, 256, 0, 0}, {CUTEGO_GEMM_CONFIG_128x128x64, 128, 2, 0},
            {CUTEGO_GEMM_CONFIG_64x128x64, 128, 0, 2}};
  for (size_t i = 0; i < sizeof cs / sizeof cs[0]; ++i)
    for (int t = 0; t < 2; ++t) {
      const int64_t m = 1000, n = t ? 3 * cs[i].bn + 4 : 7 * cs[i].bn + 8, k = 520;
      cutego_gemm_options_t o;
      memset(&o, 0, sizeof o);
      o.config = cs[i].cfg + 1;
      o.cluster_m = cs[i].cluster_m;
      o.cluster_n = cs[i].cluster_n;
      o.split_k = 1;
      cutego_gemm_plan_t p;
      const int rc = plan(L3(m, n, 0, n, 1, 0), L3(m, k, 0, k, 1, 0), L3(n, k, 0, k, 1, 0), NULL,
                          t ? CUTEGO_DTYPE_F16 : CUTEGO_DTYPE_BF16, t ? CUTEGO_DTYPE_F32 : CUTEGO_DTYPE_BF16, 0x1000, &o, &p);
      CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && p.config == cs[i].cfg &&
                !(p.flags & CUTEGO_GEMM_F_B_SHIFT) == !(cs[i].bn <= 168) &&
                p.tiles_n == (n + cs[i].bn - 1) / cs[i].bn,
            "B shift config %d N=%lld clusters %dx%d: rc %d, flags %#x: %s", cs[i].cfg, (long long)n, cs[i].cluster_m,
            cs[i].cluster_n, rc, (unsigned)p.flags, p.reason);
    }
}

static void cluster_n_plans(void) {
  const int BF = CUTEGO_DTYPE_BF16, F16 = CUTEGO_DTYPE_F16;
  cutego_gemm_options_t o;
  memset(&o, 0, sizeof o);
  cutego_gemm_plan_t p;
  cutego_gemm_args_t g;
  cutego_launch_t l;
  char why[120];
  int rc;
  const struct {
    int config, bm, bn;
    int64_t m, n, k;
  } rows[] = {{CUTEGO_GEMM_CONFIG_64x32x128, 64, 32, 64, 4096, 4096},
              {CUTEGO_GEMM_CONFIG_64x64x128, 64, 64, 64, 960, 4096}, /* 15 tile columns: 8 cluster columns */
              {CUTEGO_GEMM_CONFIG_64x128x64, 64, 128, 200, 1000, 520},
              {CUTEGO_GEMM_CONFIG_128x128x64, 128, 128, 512, 14336, 4096},
              {CUTEGO_GEMM_CONFIG_128x64x64, 128, 64, 300, 1000, 264}};
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
    const int64_t m = rows[i].m, n = rows[i].n, k = rows[i].k;
    const int64_t tm = (m + rows[i].bm - 1) / rows[i].bm, tn = (n + rows[i].bn - 1) / rows[i].bn;
    o.config = rows[i].config + 1;
    o.cluster_n = 2;
    o.split_k = 1;
    rc = plan(L3(m, n, 0, n, 1, 0), L3(m, k, 0, k, 1, 0), L3(n, k, 0, k, 1, 0), NULL, BF, BF, 0x1000, &o, &p);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    cutego_gemm_launch(&p, 132, 0, &l);
    CHECK(rc == 0 && p.config == rows[i].config && p.cluster_n == 2 && p.cluster_m == 1 && p.a_map.box[0] == 64 &&
              p.a_map.box[1] == rows[i].bm / 2 && p.b_map.box[1] == rows[i].bn && p.tiles_m == tm &&
              p.tiles_n == tn && g.tiles_m == tm && g.tiles_n == (tn + 1) / 2 && g.tiles == tm * ((tn + 1) / 2) &&
              (g.flags & CUTEGO_GEMM_F_CLUSTER_N2) && !(g.flags & CUTEGO_GEMM_F_CLUSTER_2) && l.cluster == 2 &&
              l.grid % 2 == 0 && l.grid == (2 * tm * ((tn + 1) / 2) < 132 ? 2 * tm * ((tn + 1) / 2) : 132) &&
              strstr(p.reason, "1x2 clusters sharing A") &&
              (cutego_gemm_split_k(&p, 132, 2, why, sizeof why) == 2 || !strstr(why, "clusters")) &&
              !strcmp(cutego_gemm_no_stream_k(&p), "clusters") && cutego_gemm_auto_cluster(&p) == 1,
          "cluster_n %lldx%lldx%lld on config %d: rc %d A box %d x %d tiles %lld x %lld args %d x %d flags %d grid %lld "
          "cluster %d: %s",
          (long long)m, (long long)n, (long long)k, rows[i].config, rc, p.a_map.box[0], p.a_map.box[1],
          (long long)p.tiles_m, (long long)p.tiles_n, (int)g.tiles_m, (int)g.tiles_n, (int)g.flags, (long long)l.grid,
          (int)l.cluster, p.reason);
  }
  o.split_k = 0;
  /* Refusals, each naming cluster_n and the reason. */
  const struct {
    int config, m, a_mmajor, ab, cluster_m, cluster_n;
    const char *says, *also;
  } bad[] = {
      {CUTEGO_GEMM_CONFIG_64x32x128, 200, 1, BF, 0, 2, "cluster_n", "K-major"},
      {CUTEGO_GEMM_CONFIG_64x32x128, 40, 0, F16, 0, 2, "cluster_n", "fewer than one 64-row tile"},
      {CUTEGO_GEMM_CONFIG_64x32x128, 200, 0, BF, 2, 2, "cluster_n 2 with cluster_m 2", ""},
      {CUTEGO_GEMM_CONFIG_128x256x64, 512, 0, BF, 0, 2, "cluster_n 2", "128x256"},
      {CUTEGO_GEMM_CONFIG_128x128x64, 512, 0, CUTEGO_DTYPE_E4M3, 0, 2, "cluster_n 2", "FP8"},
      {CUTEGO_GEMM_CONFIG_128x128x64, 512, 0, BF, 0, 3, "cluster_n 3", ""},
      {CUTEGO_GEMM_CONFIG_128x128x64, 512, 0, BF, 0, -1, "cluster_n -1", ""},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    const int64_t m = bad[i].m;
    o.config = bad[i].config + 1;
    o.cluster_m = bad[i].cluster_m;
    o.cluster_n = bad[i].cluster_n;
    const cute_layout_t a = bad[i].a_mmajor ? L3(m, 512, 0, 1, m, 0) : L3(m, 512, 0, 512, 1, 0);
    rc = plan(L3(m, 4096, 0, 4096, 1, 0), a, L3(4096, 512, 0, 512, 1, 0), NULL, bad[i].ab, BF, 0x1000, &o, &p);
    CHECK(rc == -1 && strstr(p.reason, bad[i].says) && strstr(p.reason, bad[i].also), "cluster_n refusal %zu: rc %d, %s",
          i, rc, p.reason);
  }
  o.cluster_m = 0;
  /* asked for without a configuration: 128x128 tiles where the choice (128x256 for 4096^3) has no
   * such clusters */
  o.cluster_n = 2;
  o.config = 0;
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, &o, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x128x64 && p.cluster_n == 2 && p.a_map.box[1] == 64,
        "cluster_n 2, automatic tiles: rc %d config %d: %s", rc, (int)p.config, p.reason);
  o.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
  /* cluster_n 1: as without clusters */
  o.cluster_n = 1;
  rc = plan(L3(512, 4096, 0, 4096, 1, 0), L3(512, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF, BF,
            0x1000, &o, &p);
  CHECK(rc == 0 && p.cluster_n == 1 && p.a_map.box[1] == 128 && !strstr(p.reason, "clusters"), "cluster_n 1: %s",
        p.reason);
}

int main(void) {
  const int BF = CUTEGO_DTYPE_BF16, F16 = CUTEGO_DTYPE_F16, F32 = CUTEGO_DTYPE_F32;
  cutego_gemm_plan_t p;
  int rc;

  /* TN 4096^3: K-major A and B, 128x256 tiles; A's map (K, M, 1), B's (K, N, 1), byte strides. */
  rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF,
            BF, 0x1000, NULL, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA, "TN: %s", p.reason);
  CHECK(p.config == CUTEGO_GEMM_CONFIG_128x256x64 && p.tiles == 32 * 16, "TN tiles %lld", (long long)p.tiles);
  CHECK(p.a.major == 0 && p.b.major == 0, "majors %d %d", p.a.major, p.b.major);
  CHECK(p.a_map.dims[0] == 4096 && p.a_map.dims[1] == 4096 && p.a_map.strides[1] == 8192, "A map");
  /* no clusters unless asked (they do not pay on the H200) */
  CHECK(p.cluster_m == 1 && !strstr(p.reason, "clusters"), "TN clusters %d: %s", (int)p.cluster_m, p.reason);
  CHECK(p.a_map.box[0] == 64 && p.a_map.box[1] == 128 && p.b_map.box[0] == 64 && p.b_map.box[1] == 256,
        "boxes %d %d %d", p.a_map.box[0], p.a_map.box[1], p.b_map.box[1]);
  CHECK(p.a_map.swizzle_bytes == 128, "swizzle");
  CHECK(p.flags & CUTEGO_GEMM_F_D_PAIRS, "row-major D: paired stores");
  CHECK(p.flags & CUTEGO_GEMM_F_D_TMA, "row-major D with 16-byte rows: TMA-store epilogue");
  CHECK(!strcmp(p.kernel, "cutego_gemm_128x256_kk_bf16_bf16"), "kernel %s", p.kernel);
  /* Within the 227 KiB a Hopper block may opt into, and more than the 4 stages of 48 KiB. */
  CHECK(p.smem_bytes > 4 * 48 * 1024 && p.smem_bytes <= 232448, "smem %d", (int)p.smem_bytes);
  {
    cutego_gemm_args_t g;
    cutego_gemm_args(&p, (void *)0x10000, NULL, 2.f, 0.f, 0, &g);
    CHECK(g.m == 4096 && g.k_tiles == 4096 / 64 && g.ds[0] == 4096 && g.ds[1] == 1 && g.alpha == 2.f &&
              g.group_m > 0 && g.read_c == 0 && g.tiles == 512 && !(g.flags & CUTEGO_GEMM_F_CLUSTER_2),
          "args");
  }
  {
    /* 2x1 clusters sharing B: each CTA loads half of B's 64x256 box (CUTLASS's multicast box 64x128) */
    cutego_gemm_options_t o = {0};
    o.cluster_m = 2;
    rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF,
              BF, 0x1000, &o, &p);
    CHECK(rc == 0 && p.cluster_m == 2 && strstr(p.reason, "clusters"), "TN clusters %d: %s", (int)p.cluster_m,
          p.reason);
    CHECK(p.b_map.box[0] == 64 && p.b_map.box[1] == 128, "multicast box %d %d", p.b_map.box[0], p.b_map.box[1]);
    cutego_gemm_args_t g;
    cutego_gemm_args(&p, (void *)0x10000, NULL, 2.f, 0.f, 0, &g);
    /* the kernel walks cluster tiles: 16 cluster rows of 2 tile rows, group of 8 tile rows = 4 */
    CHECK((g.flags & CUTEGO_GEMM_F_CLUSTER_2) && g.tiles_m == 16 && g.tiles_n == 16 && g.tiles == 256 && g.group_m == 4,
          "cluster args %d %d %lld %d", (int)g.flags, (int)g.tiles_m, (long long)g.tiles, (int)g.group_m);
    CHECK(cutego_gemm_grid(&p, 132, 0) == 132 && cutego_gemm_grid(&p, 131, 0) == 130 &&
              cutego_gemm_grid(&p, 132, 7) == 6 && cutego_gemm_grid(&p, 1, 0) == 2,
          "grid %lld %lld %lld", (long long)cutego_gemm_grid(&p, 132, 0), (long long)cutego_gemm_grid(&p, 131, 0),
          (long long)cutego_gemm_grid(&p, 132, 7));
  }
  {
    /* clusters off: B's whole box, one CTA per tile */
    cutego_gemm_options_t o = {0};
    o.cluster_m = 1;
    cutego_gemm_args_t g;
    rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF,
              BF, 0x1000, &o, &p);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(rc == 0 && p.cluster_m == 1 && p.b_map.box[1] == 256 && g.tiles == 512 && g.tiles_m == 32 &&
              g.group_m == 8 && cutego_gemm_grid(&p, 131, 0) == 131,
          "no clusters: %s", p.reason);
    o.cluster_m = 3;
    rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF,
              BF, 0x1000, &o, &p);
    CHECK(rc == -1 && strstr(p.reason, "cluster_m"), "cluster_m 3: %s", p.reason);
    /* a cluster on 3 tile rows walks 2 cluster rows, 4 CTAs per column */
    o.cluster_m = 2;
    rc = plan(L3(384, 4096, 0, 4096, 1, 0), L3(384, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF,
              BF, 0x1000, &o, &p);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(rc == 0 && p.cluster_m == 2 && g.tiles_m == 2 && cutego_gemm_grid(&p, 132, 0) == 2 * 2 * p.tiles_n,
          "forced cluster, 3 rows: %d %lld", (int)g.tiles_m, (long long)cutego_gemm_grid(&p, 132, 0));
  }
  {
    /* options.d_store: STREAM marks the plan (evict-first D stores, evict-last A and B loads; the
     * raster groups stay 8 rows); NORMAL never; other values refused; without TMA stores (a D of
     * odd N) nothing to mark */
    cutego_gemm_options_t o = {0};
    cutego_gemm_args_t g;
    o.d_store = CUTEGO_GEMM_D_STORE_STREAM;
    rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF,
              BF, 0x1000, &o, &p);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_D_STREAM) && (g.flags & CUTEGO_GEMM_F_D_STREAM) && g.group_m == 8,
          "d_store stream: flags %d group %d: %s", (int)g.flags, (int)g.group_m, p.reason);
    o.d_store = CUTEGO_GEMM_D_STORE_NORMAL;
    rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF,
              BF, 0x1000, &o, &p);
    cutego_gemm_args(&p, (void *)0x10000, NULL, 1.f, 0.f, 0, &g);
    CHECK(rc == 0 && !(g.flags & CUTEGO_GEMM_F_D_STREAM) && g.group_m == 8, "d_store normal: %d %d", (int)g.flags,
          (int)g.group_m);
    o.d_store = CUTEGO_GEMM_D_STORE_STREAM;
    rc = plan(L3(4096, 4095, 0, 4095, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4095, 4096, 0, 4096, 1, 0), NULL, BF,
              BF, 0x1000, &o, &p);
    CHECK(rc == 0 && !(p.flags & CUTEGO_GEMM_F_D_TMA) && !(p.flags & CUTEGO_GEMM_F_D_STREAM),
          "d_store stream without TMA stores: %d: %s", (int)p.flags, p.reason);
    for (int bad = -1; bad <= 3; bad += 4) {
      o.d_store = bad;
      rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF,
                BF, 0x1000, &o, &p);
      CHECK(rc == -1 && strstr(p.reason, "d_store"), "d_store %d: %s", bad, p.reason);
      o.force_path = CUTEGO_GEMM_PATH_GENERIC; /* refused on every path */
      rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1000, &o, &p);
      CHECK(rc == -1 && strstr(p.reason, "d_store"), "d_store %d, generic: %s", bad, p.reason);
      o.force_path = 0;
    }
    /* automatic: 16-bit A and B, K <= 128, no source and at least CUTEGO_GEMM_D_STREAM_BYTES (2 GiB)
     * of D (the attention scores' batch of 256 x 2048 x 2048 x 128 and 524288 x 2048 x 128 are
     * exactly 2 GiB); not at half that, not at K = 129, not with a source, not for FP8, not when
     * asked NORMAL */
    const struct {
      int64_t m, n, k, l;
      int ab, cd, with_c, d_store, streams;
    } au[] = {
        {2048, 2048, 128, 256, BF, BF, 0, 0, 1},     {524288, 2048, 128, 1, F16, F16, 0, 0, 1},
        {1048576, 2048, 64, 1, BF, BF, 0, 0, 1},     {2048, 2048, 128, 128, BF, BF, 0, 0, 0},
        {262144, 2048, 128, 1, BF, BF, 0, 0, 0},     {2048, 2048, 129, 256, BF, BF, 0, 0, 0},
        {262144, 4096, 256, 1, BF, BF, 0, 0, 0},     {2048, 2048, 128, 256, BF, BF, 1, 0, 0},
        {2048, 2048, 128, 256, BF, BF, 0, CUTEGO_GEMM_D_STORE_NORMAL, 0},
        {2048, 2048, 128, 128, BF, F32, 0, 0, 1},    {2048, 2048, 128, 256, CUTEGO_DTYPE_E4M3, BF, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof au / sizeof au[0]; ++i) {
      cutego_gemm_options_t oa = {0};
      oa.d_store = au[i].d_store;
      const int64_t m = au[i].m, n = au[i].n, k = au[i].k, l = au[i].l;
      const cute_layout_t dl = L3(m, n, l, n, 1, m * n);
      rc = plan(dl, L3(m, k, l, k, 1, m * k), L3(n, k, l, k, 1, n * k), au[i].with_c ? &dl : NULL, au[i].ab, au[i].cd,
                0x1000, &oa, &p);
      CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_D_TMA) && !!(p.flags & CUTEGO_GEMM_F_D_STREAM) == au[i].streams &&
                !!strstr(p.reason, "D streamed past the L2") == au[i].streams,
            "automatic D streaming %lldx%lldx%lld L%lld: want %d, flags %d: %s", (long long)m, (long long)n,
            (long long)k, (long long)l, au[i].streams, (int)p.flags, p.reason);
    }
  }

  /* NN: A M-major (M,K):(1,M), B N-major (N,K):(1,N): boxes are 64 x 64 (128-byte swizzle span). */
  rc = plan(L3(1024, 2048, 0, 2048, 1, 0), L3(1024, 512, 0, 1, 1024, 0), L3(2048, 512, 0, 1, 2048, 0), NULL, F16,
            F32, 0x1000, NULL, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA, "NN: %s", p.reason);
  CHECK(p.a.major == 1 && p.b.major == 1, "majors %d %d", p.a.major, p.b.major);
  CHECK(p.a_map.dims[0] == 1024 && p.a_map.dims[1] == 512 && p.a_map.strides[1] == 2048, "A map M-major");
  CHECK(p.a_map.box[0] == 64 && p.a_map.box[1] == 64, "MN-major box");
  /* 8 x 8 tiles of 128x256 would leave most of 132 SMs idle: 128x128 tiles. */
  CHECK(!strcmp(p.kernel, "cutego_gemm_128x128_mm_f16_f32"), "kernel %s", p.kernel);
  /* fp32 D: TMA-store chunks of 128 bytes = 32 columns. */
  CHECK((p.flags & CUTEGO_GEMM_F_D_TMA) && p.d_map.box[0] == 32 && p.d_map.box[1] == 64, "fp32 D box %d %d",
        p.d_map.box[0], p.d_map.box[1]);

  /* Small N: 128x128 tiles. */
  rc = plan(L3(4096, 128, 0, 128, 1, 0), L3(4096, 256, 0, 256, 1, 0), L3(128, 256, 0, 256, 1, 0), NULL, BF, BF,
            0x1000, NULL, &p);
  CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x128x64, "N=128 config %d", p.config);

  /* A K stride of 1001 bf16 = 2002 bytes: no tensor map reads A or B as they are, so both are
   * packed into K-major copies with K padded to 1024 (128 bytes) and the wgmma path runs. */
  rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 1001, 0, 1001, 1, 0), L3(64, 1001, 0, 1001, 1, 0), NULL, BF, BF, 0x1000,
            NULL, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && (p.flags & CUTEGO_GEMM_F_PACK_A) &&
            (p.flags & CUTEGO_GEMM_F_PACK_B) && strstr(p.reason, "multiple of 16"),
        "odd K: %s", p.reason);
  CHECK(p.a_packed.shape[1] == 1001 && p.a_packed.stride[0] == 1024 && p.a_packed.stride[1] == 1 &&
            p.a_map.strides[1] == 2048 && p.a_map.dims[0] == 1001 && p.b_workspace_offset == 64 * 1024 * 2 &&
            p.workspace_bytes == 2 * p.b_workspace_offset,
        "packed layouts");
  /* pitch_pack OFF: the padding of before, 16 bytes (1008), rounded to 256-byte workspace units. */
  {
    cutego_gemm_options_t off;
    memset(&off, 0, sizeof off);
    off.pitch_pack = CUTEGO_GEMM_PITCH_PACK_OFF;
    rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 1001, 0, 1001, 1, 0), L3(64, 1001, 0, 1001, 1, 0), NULL, BF, BF, 0x1000,
              &off, &p);
    CHECK(rc == 0 && p.a_packed.stride[0] == 1008 && p.a_map.strides[1] == 2016 &&
              p.b_workspace_offset == ((64 * 1008 * 2 + 255) / 256) * 256 && p.workspace_bytes == 2 * p.b_workspace_offset,
          "packed layouts, pitch_pack OFF: %lld", (long long)p.a_packed.stride[0]);
  }
  /* no_pack: the generic path, named, with the obstacle. */
  cutego_gemm_options_t np;
  memset(&np, 0, sizeof np);
  np.no_pack = 1;
  rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 1001, 0, 1001, 1, 0), L3(64, 1001, 0, 1001, 1, 0), NULL, BF, BF, 0x1000,
            &np, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_GENERIC && strstr(p.reason, "multiple of 16"), "odd K: %s", p.reason);
  CHECK(!strcmp(p.kernel, "cutego_gemm_generic_bf16_bf16"), "generic kernel %s", p.kernel);
  /* N = 1001 bf16 rows do not fill 16-byte units: D is written with direct stores. */
  rc = plan(L3(64, 1001, 0, 1001, 1, 0), L3(64, 64, 0, 64, 1, 0), L3(1001, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1000,
            NULL, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && !(p.flags & CUTEGO_GEMM_F_D_TMA), "odd N: %s", p.reason);

  /* Misaligned A pointer -> A packed (B not); with no_pack -> generic. */
  rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1002, NULL, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && (p.flags & CUTEGO_GEMM_F_PACK_A) &&
            !(p.flags & CUTEGO_GEMM_F_PACK_B) && strstr(p.reason, "aligned"),
        "misaligned: %s", p.reason);
  rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1002, &np, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_GENERIC && strstr(p.reason, "aligned"), "misaligned: %s", p.reason);

  /* Forcing the wgmma path where it is impossible is an error, not a silent fallback. */
  cutego_gemm_options_t o;
  memset(&o, 0, sizeof o);
  o.force_path = CUTEGO_GEMM_PATH_WGMMA;
  o.no_pack = 1;
  rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1002, &o, &p);
  CHECK(rc == -1 && strstr(p.reason, "forced"), "forced: %s", p.reason);

  /* Neither mode of A has unit stride -> A packed. */
  rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 128, 2, 0), L3(64, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1000, NULL,
            &p);
  CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_PACK_A) && strstr(p.reason, "unit-stride"), "no unit: %s", p.reason);

  /* A hierarchical mode (M = (2,32):(2048,64)) -> A packed (its copy evaluates the layout). */
  {
    cute_layout_t a = H(2, 32, 64, 2048, 64, 1);
    cute_layout_t d = L3(64, 64, 0, 64, 1, 0), b = L3(64, 64, 0, 64, 1, 0);
    rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 0, 0x1000, 0x1000, 0x1000, 0, NULL, &p);
    CHECK(rc == 0 && (p.flags & CUTEGO_GEMM_F_PACK_A) && strstr(p.reason, "hierarchical"), "hier: %s", p.reason);
    /* A hierarchical D: computed in a compact (M,N) workspace, then copied; C (beta != 0) is
     * copied into that workspace first, so the kernel reads C there. no_pack: generic. */
    rc = cutego_gemm_plan(&a, &b, &b, &a, BF, F32, 1, 0x1000, 0x1000, 0x1000, 0x1000, NULL, &p);
    CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && (p.flags & CUTEGO_GEMM_F_PACK_D) &&
              !(p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) && strstr(p.reason, "C/D"),
          "hier D: %s", p.reason);
    CHECK(p.d_packed.shape[0] == 64 && p.d_packed.stride[0] == 64 && p.d.stride[0] == 64 && p.c.stride[0] == 64 &&
              p.workspace_bytes == 64 * 64 * 4 && (p.flags & CUTEGO_GEMM_F_D_TMA),
          "packed D");
    cutego_gemm_options_t np2;
    memset(&np2, 0, sizeof np2);
    np2.no_pack = 1;
    rc = cutego_gemm_plan(&a, &b, &b, NULL, BF, BF, 0, 0x1000, 0x1000, 0x1000, 0, &np2, &p);
    CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_GENERIC && strstr(p.reason, "D has a hierarchical"), "hier D: %s",
          p.reason);
  }
  /* Batches: strided, and broadcast (stride 0 or a rank-2 operand). */
  rc = plan(L3(256, 256, 4, 256, 1, 65536), L3(256, 128, 4, 128, 1, 32768), L3(256, 128, 4, 128, 1, 0), NULL, BF, BF,
            0x1000, NULL, &p);
  CHECK(rc == 0 && p.path == CUTEGO_GEMM_PATH_WGMMA && p.l == 4 && !p.a.bcast_l && p.b.bcast_l, "batch: %s", p.reason);
  CHECK(p.a_map.dims[2] == 4 && p.a_map.strides[2] == 65536 && p.b_map.dims[2] == 1, "batch maps");
  rc = plan(L3(256, 256, 4, 256, 1, 65536), L3(256, 128, 4, 128, 1, 32768), L3(256, 128, 0, 128, 1, 0), NULL, BF, BF,
            0x1000, NULL, &p);
  CHECK(rc == 0 && p.b.bcast_l, "rank-2 B broadcasts: %s", p.reason);

  /* Refusals: extents, dtypes, C, output with a stride-0 mode, ranks. */
  rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 32, 0, 32, 1, 0), L3(64, 16, 0, 16, 1, 0), NULL, BF, BF, 0x1000, NULL, &p);
  CHECK(rc == -1 && strstr(p.reason, "K"), "K mismatch: %s", p.reason);
  rc = plan(L3(64, 64, 0, 64, 1, 0), L3(32, 32, 0, 32, 1, 0), L3(64, 32, 0, 32, 1, 0), NULL, BF, BF, 0x1000, NULL, &p);
  CHECK(rc == -1 && strstr(p.reason, "M"), "M mismatch: %s", p.reason);
  rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 32, 0, 32, 1, 0), L3(64, 32, 0, 32, 1, 0), NULL, F32, BF, 0x1000, NULL, &p);
  CHECK(rc == -1 && strstr(p.reason, "unsupported"), "dtype: %s", p.reason);
  rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 32, 0, 32, 1, 0), L3(64, 32, 0, 32, 1, 0), NULL, BF, 7, 0x1000, NULL, &p);
  CHECK(rc == -1 && strstr(p.reason, "unsupported"), "cd dtype: %s", p.reason);
  rc = cutego_gemm_plan(NULL, NULL, NULL, NULL, BF, BF, 0, 0, 0, 0, 0, NULL, &p);
  CHECK(rc == -1 && strstr(p.reason, "null"), "null: %s", p.reason);
  {
    cute_layout_t d = L3(64, 64, 0, 64, 1, 0), a = L3(64, 32, 0, 32, 1, 0), b = L3(64, 32, 0, 32, 1, 0);
    rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 1, 0, 0, 0, 0, NULL, &p);
    CHECK(rc == -1 && strstr(p.reason, "C"), "beta without C: %s", p.reason);
    cute_layout_t c = L3(64, 32, 0, 32, 1, 0);
    rc = cutego_gemm_plan(&d, &a, &b, &c, BF, BF, 1, 0, 0, 0, 0, NULL, &p);
    CHECK(rc == -1 && strstr(p.reason, "C is"), "C extents: %s", p.reason);
  }
  rc = plan(L3(64, 64, 0, 0, 1, 0), L3(64, 32, 0, 32, 1, 0), L3(64, 32, 0, 32, 1, 0), NULL, BF, BF, 0x1000, NULL, &p);
  CHECK(rc == -1 && strstr(p.reason, "stride 0"), "stride-0 D: %s", p.reason);
  {
    cute_layout_t d = L3(64, 64, 0, 64, 1, 0), b = L3(64, 32, 0, 32, 1, 0), a;
    memset(&a, 0, sizeof a);
    a.leaves = 1, a.shape[0] = 64, a.stride[0] = 1, a.ntokens = 1, a.nest[0] = CUTE_NEST_LEAF;
    rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 0, 0, 0, 0, 0, NULL, &p);
    CHECK(rc == -1 && strstr(p.reason, "rank"), "rank 1: %s", p.reason);
  }

  /* The SM count is an input: 1024x2048 has 64 tiles of 128x256, one wave on 64 SMs (128x128
   * would take two, at 0.577 each: waves.c), and on 132 SMs one wave of 128 tiles of 128x128
   * (above). */
  {
    cutego_gemm_options_t o = {0};
    o.sms = 64;
    rc = plan(L3(1024, 2048, 0, 2048, 1, 0), L3(1024, 512, 0, 1, 1024, 0), L3(2048, 512, 0, 1, 2048, 0), NULL, F16,
              F32, 0x1000, &o, &p);
    CHECK(rc == 0 && p.config == CUTEGO_GEMM_CONFIG_128x256x64 && p.tiles == 64, "64 SMs: %s", p.reason);
    o.sms = -1;
    rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1000, &o, &p);
    CHECK(rc == -1 && strstr(p.reason, "sms"), "sms -1: %s", p.reason);
  }
  /* Launches: the wgmma kernel with 384 threads, one persistent CTA per SM; the generic kernel
   * with 256 threads, a 16x16 tile of D per CTA, at most 8 CTAs per SM. */
  {
    cutego_launch_t l;
    rc = plan(L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), L3(4096, 4096, 0, 4096, 1, 0), NULL, BF,
              BF, 0x1000, NULL, &p);
    cutego_gemm_launch(&p, 132, 0, &l);
    CHECK(rc == 0 && l.grid == 132 && l.block == 384 && l.smem_bytes == p.smem_bytes && l.cluster == 1 &&
              !strcmp(l.kernel, p.kernel),
          "wgmma launch %lld %d %s", (long long)l.grid, l.block, l.kernel);
    cutego_gemm_options_t g = {0};
    g.force_path = CUTEGO_GEMM_PATH_GENERIC;
    rc = plan(L3(300, 200, 2, 200, 1, 60000), L3(300, 100, 2, 100, 1, 30000), L3(200, 100, 2, 100, 1, 20000), NULL,
              BF, F32, 0x1000, &g, &p);
    cutego_gemm_launch(&p, 132, 0, &l);
    CHECK(rc == 0 && l.grid == 19 * 13 * 2 && l.block == 256 && l.smem_bytes == 0 &&
              !strcmp(l.kernel, "cutego_gemm_generic_bf16_f32"),
          "generic launch %lld %d %s", (long long)l.grid, l.block, l.kernel);
    CHECK(cutego_gemm_grid(&p, 10, 0) == 80 && cutego_gemm_grid(&p, 132, 7) == 7, "generic grid cap %lld",
          (long long)cutego_gemm_grid(&p, 10, 0));
  }

  /* Refusals: byte offsets that overflow int64, outputs that write an element twice. */
  /* A stride of -(2^63 - 4096) elements: the tensor map's byte stride would wrap. */
  rc = plan(L3(256, 256, 0, 256, 1, 0), L3(256, 256, 0, -9223372036854771712LL, 1, 0), L3(256, 256, 0, 256, 1, 0), NULL,
            BF, BF, 0x1000, NULL, &p);
  CHECK(rc == -1 && strstr(p.reason, "A:") && strstr(p.reason, "overflow"), "wrapped A stride: %s", p.reason);
  /* 2^61 elements of 2 bytes fit int64 bytes, of 4 bytes they do not. */
  rc = plan(L3(2, 64, 0, 1LL << 61, 1, 0), L3(2, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1000, NULL,
            &p);
  CHECK(rc == 0, "2^62-byte D stride: %s", p.reason);
  rc = plan(L3(2, 64, 0, 1LL << 61, 1, 0), L3(2, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), NULL, BF, F32, 0x1000, NULL,
            &p);
  CHECK(rc == -1 && strstr(p.reason, "D:") && strstr(p.reason, "overflow"), "2^63-byte D stride: %s", p.reason);
  /* M = N = L = 2^31 - 1: D's offsets (and its tile count) overflow. */
  {
    const int64_t e = INT32_MAX;
    rc = plan(L3(e, e, e, 1, e, e * e), L3(e, 64, e, 64, 1, 0), L3(e, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1000, NULL, &p);
    CHECK(rc == -1 && strstr(p.reason, "overflow"), "2^93 outputs: %s", p.reason);
  }
  /* M N L = 2^62 bf16 outputs: the last byte offset is 2^63 - 2; 2^47 tiles of 128x256. */
  rc = plan(L3(1 << 21, 1 << 21, 1 << 20, 1, 1 << 21, 1LL << 42), L3(1 << 21, 64, 1 << 20, 64, 1, 1 << 27),
            L3(1 << 21, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1000, NULL, &p);
  CHECK(rc == 0 && p.tiles == (1LL << 47) && p.config == CUTEGO_GEMM_CONFIG_128x256x64, "2^62 outputs: %s", p.reason);
  /* 2^30 x 2^30 outputs in one batch: 2^23 x 2^22 tiles of 128x256, past the scheduler's 32-bit count. */
  rc = plan(L3(1 << 30, 1 << 30, 0, 1, 1 << 30, 0), L3(1 << 30, 64, 0, 64, 1, 0), L3(1 << 30, 64, 0, 64, 1, 0), NULL,
            BF, BF, 0x1000, NULL, &p);
  CHECK(rc == -1 && strstr(p.reason, "8388608 x 4194304 tiles of 128x256 in a batch"), "2^45 tiles in a batch: %s",
        p.reason);
  /* D = ((2,2),256):((0,1),2): a stride 0 inside a hierarchical mode. */
  {
    cute_layout_t d = H(2, 2, 256, 0, 1, 2);
    cute_layout_t a = L3(4, 64, 0, 64, 1, 0), b = L3(256, 64, 0, 64, 1, 0);
    rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 0, 0x1000, 0x1000, 0x1000, 0, NULL, &p);
    CHECK(rc == -1 && strstr(p.reason, "stride 0"), "nested stride-0 D: %s", p.reason);
    /* a nest with more leaf tokens than leaves */
    d.leaves = 2;
    rc = cutego_gemm_plan(&d, &a, &b, NULL, BF, BF, 0, 0x1000, 0x1000, 0x1000, 0, NULL, &p);
    CHECK(rc == -1 && strstr(p.reason, "malformed"), "malformed D: %s", p.reason);
  }
  /* D = (256,256):(1,1): D(1,0) = D(0,1). */
  rc = plan(L3(256, 256, 0, 1, 1, 0), L3(256, 64, 0, 64, 1, 0), L3(256, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1000, NULL,
            &p);
  CHECK(rc == -1 && strstr(p.reason, "not injective"), "overlapping D: %s", p.reason);
  /* (3,2):(2,3) reaches 0,2,4,3,5,7: injective, though 3 < 2 * 2 (found one by one). */
  rc = plan(L3(3, 2, 0, 2, 3, 0), L3(3, 64, 0, 64, 1, 0), L3(2, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1000, NULL, &p);
  CHECK(rc == 0, "(3,2):(2,3): %s", p.reason);
  /* (2^17,2):(2,3) is injective too (odd and even indices), but too large to check one by one
   * and not proven by the stride test: refused, saying so. */
  rc = plan(L3(1 << 17, 2, 0, 2, 3, 0), L3(1 << 17, 64, 0, 64, 1, 0), L3(2, 64, 0, 64, 1, 0), NULL, BF, BF, 0x1000,
            NULL, &p);
  CHECK(rc == -1 && strstr(p.reason, "may write an element twice"), "unproven D: %s", p.reason);
  /* C may overlap itself: it is only read. */
  {
    cute_layout_t c = L3(64, 64, 0, 0, 1, 0);
    rc = plan(L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), L3(64, 64, 0, 64, 1, 0), &c, BF, BF, 0x1000, NULL, &p);
    CHECK(rc == 0, "broadcast C: %s", p.reason);
  }
  fp8_plans();
  fp8_stream_k_plans();
  stream_k_launch_plans();
  tile168_plans();
  tile96_plans();
  tile128x96_plans();
  tile128x224_plans();
  block_scaled_plans();
  transposed_d();
  transpose_layouts();
  transpose_property();
  swap_ab_plans();
  pitch_plans();
  rows_plans();
  cluster_n_plans();
  a_halves_plans();
  b_shift_plans();
  random_plans();
  printf("test_plan_gemm: %d checks, %d failures\n", checks, fails);
  return fails != 0;
}

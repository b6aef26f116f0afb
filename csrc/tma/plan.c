/* plan.c — picks the kernel path for dst[dst(i)] = src[src(i)], i in [0, size), and derives
 * the tensor-map parameters and tile grid for the TMA paths, and the launch of each path's
 * kernel (cutego_copy_launch). Plain C99, no CUDA.
 *
 * cutego_copy_plan runs named steps in order: check_layouts (sizes agree, every byte offset fits
 * int64, dst writes no element twice), joint_modes (the common refinement of both layouts,
 * coalesced), choose_order (the contiguous modes of src and dst: copy or permute), split_tail
 * (the destination's last partial 16-byte chunk), check_strides, tile_copy or tile_permute
 * (boxes, stages, grid), check_maps. Integers are int64 and every product that could overflow
 * is checked (../planner.h). */
#include <stdio.h>
#include <string.h>
#include "cutego_tma.h"
#include "../planner.h"

#define MAXM 40
/* A mode of 2^31 elements or more is split into a power-of-two piece of at most this many
 * elements and the rest, each then a tensor-map dimension. */
#define SPLIT_MAX_PIECE 65536

#define REASON(p, rc, ...) plan_reason((p)->reason, sizeof(p)->reason, (rc), __VA_ARGS__)

typedef struct {
  int64_t n, s, d; /* extent, source stride, destination stride (elements) */
} jmode;

static int map_elem_bytes(int es) { return es > 8 ? 8 : es; }

int cutego_tma_desc_check(const cutego_tma_desc_t *d, uintptr_t addr, char *why, size_t whylen) {
#define FAIL(...)                                     \
  do {                                                \
    if (why && whylen) snprintf(why, whylen, __VA_ARGS__); \
    return -1;                                        \
  } while (0)
  if (d->rank < 1 || d->rank > CUTEGO_TMA_MAX_RANK) FAIL("rank %d not in 1..5", (int)d->rank);
  if (d->elem_bytes != 1 && d->elem_bytes != 2 && d->elem_bytes != 4 && d->elem_bytes != 8)
    FAIL("element size %d not 1, 2, 4 or 8 bytes", (int)d->elem_bytes);
  if (addr % 16) FAIL("global address not 16-byte aligned");
  if (d->strides[0] != d->elem_bytes) FAIL("dimension 0 is not contiguous");
  for (int i = 0; i < d->rank; ++i) {
    if (d->dims[i] < 1 || d->dims[i] >= CUTEGO_TMA_MAX_DIM) FAIL("dimension %d extent %lld not in 1..2^31-1", i, (long long)d->dims[i]);
    if (d->box[i] < 1 || d->box[i] > CUTEGO_TMA_MAX_BOX) FAIL("box %d extent %d not in 1..%d", i, (int)d->box[i], CUTEGO_TMA_MAX_BOX);
    if (d->elem_strides[i] < 1 || d->elem_strides[i] > CUTEGO_TMA_MAX_ELEM_STRIDE) FAIL("element stride %d of dimension %d not in 1..8", (int)d->elem_strides[i], i);
    if (i > 0) {
      if (d->strides[i] <= 0 || d->strides[i] % CUTEGO_TMA_STRIDE_ALIGN)
        FAIL("byte stride %lld of dimension %d is not a positive multiple of 16", (long long)d->strides[i], i);
      if (d->strides[i] >= CUTEGO_TMA_MAX_STRIDE) FAIL("byte stride of dimension %d is not below 2^40", i);
    }
  }
  if ((d->box[0] * d->elem_bytes) % 16) FAIL("inner box of %d bytes is not a multiple of 16", d->box[0] * d->elem_bytes);
  if (d->swizzle_bytes != 0 && d->swizzle_bytes != 32 && d->swizzle_bytes != 64 && d->swizzle_bytes != 128)
    FAIL("swizzle of %d bytes not 0, 32, 64 or 128", (int)d->swizzle_bytes);
  if (d->swizzle_bytes && d->box[0] * d->elem_bytes > d->swizzle_bytes)
    FAIL("inner box of %d bytes exceeds the %d-byte swizzle", d->box[0] * d->elem_bytes, (int)d->swizzle_bytes);
  return 0;
#undef FAIL
}

const char *cutego_copy_path_name(int path) {
  switch (path) {
    case CUTEGO_COPY_PATH_NONE: return "none";
    case CUTEGO_COPY_PATH_TMA_COPY: return "tma-copy";
    case CUTEGO_COPY_PATH_TMA_PERMUTE: return "tma-permute";
    case CUTEGO_COPY_PATH_GENERIC: return "generic";
  }
  return "unknown";
}

/* The generic path for the reason given (plan_generic); cutego_copy_plan drops the tail. */
#define GENERIC(p, opt, ...)                                                                                 \
  plan_generic((p)->reason, sizeof(p)->reason, &(p)->path, CUTEGO_COPY_PATH_GENERIC, (opt) ? (opt)->force_path : 0, \
               cutego_copy_path_name((opt) ? (opt)->force_path : 0), __VA_ARGS__)

/* Common refinement of the two flattened layouts into joint modes; drops size-1 modes.
 * Returns the number of modes, or -1 if the shapes do not refine each other. The strides stay
 * within the layouts' reach (check_layouts): a piece of a leaf has its stride times a divisor
 * of the leaf's extent. */
static int refine(const cute_layout_t *src, const cute_layout_t *dst, jmode *m) {
  int is = 0, id = 0, k = 0;
  int64_t ra = 0, rb = 0, sa = 0, sb = 0;
  for (;;) {
    while (ra <= 1 && is < src->leaves) {
      ra = src->shape[is];
      sa = src->stride[is];
      ++is;
    }
    while (rb <= 1 && id < dst->leaves) {
      rb = dst->shape[id];
      sb = dst->stride[id];
      ++id;
    }
    if (ra <= 1 || rb <= 1) break;
    int64_t g = ra < rb ? ra : rb, h = ra < rb ? rb : ra;
    if (h % g) return -1;
    if (k == MAXM) return -1;
    m[k].n = g;
    m[k].s = sa;
    m[k].d = sb;
    ++k;
    ra /= g;
    rb /= g;
    if ((ra > 1 && plan_mul(sa, g, &sa)) || (rb > 1 && plan_mul(sb, g, &sb))) return -1;
  }
  return k;
}

static int coalesce_joint(jmode *m, int r) {
  if (r == 0) return 0;
  int w = 0;
  for (int k = 1; k < r; ++k) {
    int64_t ns, nd;
    if (plan_mul(m[w].n, m[w].s, &ns) == 0 && plan_mul(m[w].n, m[w].d, &nd) == 0 && ns == m[k].s && nd == m[k].d &&
        plan_mul(m[w].n, m[k].n, &ns) == 0) {
      m[w].n = ns;
    } else {
      m[++w] = m[k];
    }
  }
  return w + 1;
}

/* Splits joint mode k (extent n) into (c, n/c) for the largest power of two c <= cmax that
 * divides n with n/c > 1 (and, when whole16, c elements of es bytes fill whole 16-byte units).
 * Returns the new number of modes (r when no such c, or no room). */
static int split_pow2(jmode *m, int r, int k, int64_t cmax, int whole16, int es) {
  if (r >= MAXM) return r;
  for (int64_t c = cmax; c >= 2; c /= 2) {
    int64_t s, d;
    if (m[k].n % c || m[k].n / c <= 1 || (whole16 && (c * es) % 16) || plan_mul(m[k].s, c, &s) ||
        plan_mul(m[k].d, c, &d))
      continue;
    for (int j = r; j > k + 1; --j) m[j] = m[j - 1];
    m[k + 1].n = m[k].n / c;
    m[k + 1].s = s;
    m[k + 1].d = d;
    m[k].n = c;
    return r + 1;
  }
  return r;
}

static void desc_init(cutego_tma_desc_t *d, int es) {
  memset(d, 0, sizeof *d);
  d->elem_bytes = map_elem_bytes(es);
  for (int i = 0; i < 5; ++i) {
    d->dims[i] = 1;
    d->box[i] = 1;
    d->elem_strides[i] = 1;
    d->strides[i] = 16;
  }
}

/* Fills a descriptor for joint modes in the order ord[0..r), with strides taken from
 * src (which==0) or dst (which==1). es: user element size; 16-byte elements become two
 * 8-byte map elements along dimension 0. -1 when a byte stride overflows. */
static int desc_fill(cutego_tma_desc_t *d, const jmode *m, const int *ord, int r, int which, int es) {
  desc_init(d, es);
  d->rank = r;
  int cm = es > 8 ? 2 : 1, bad = 0;
  for (int i = 0; i < r; ++i) {
    const jmode *x = &m[ord[i]];
    bad |= plan_mul(x->n, i == 0 ? cm : 1, &d->dims[i]) | plan_mul(which ? x->d : x->s, es, &d->strides[i]);
  }
  d->strides[0] = d->elem_bytes;
  return bad ? -1 : 0;
}

/* ---- the steps ----------------------------------------------------------------------------- */

/* The joint work of the steps. */
typedef struct {
  jmode m[MAXM];
  int r;           /* joint modes */
  int a, b;        /* the unit-stride modes of src and dst */
  int ord[MAXM];   /* source-map order of the modes */
  int single_store;/* permute: one box stores the whole output tile */
} copy_state;

static int check_layouts(cutego_copy_plan_t *p, const cute_layout_t *dst, const cute_layout_t *src, size_t elem_bytes) {
  const int es = (int)elem_bytes;
  if (!dst || !src) return REASON(p, -1, "null layout");
  if (!(es == 1 || es == 2 || es == 4 || es == 8 || es == 16) || elem_bytes != (size_t)es)
    return REASON(p, -1, "element size %zu not 1, 2, 4, 8 or 16 bytes", elem_bytes);
  const cute_layout_t *ls[2] = {src, dst};
  int64_t size[2], reach;
  char why[256];
  for (int w = 0; w < 2; ++w)
    if (plan_extent(ls[w], es, &size[w], &reach, why, sizeof why) != 0)
      return REASON(p, -1, "%s layout: %s", w ? "dst" : "src", why);
  if (size[0] != size[1])
    return REASON(p, -1, "sizes differ: src %lld, dst %lld", (long long)size[0], (long long)size[1]);
  p->size = size[0];
  if (p->size == 0) {
    p->path = CUTEGO_COPY_PATH_NONE;
    return REASON(p, 0, "none: empty");
  }
  if (plan_injective(dst, why, sizeof why) != 1) return REASON(p, -1, "dst layout is %s", why);
  return PLAN_NEXT;
}

static int joint_modes(cutego_copy_plan_t *p, const cute_layout_t *dst, const cute_layout_t *src,
                       const cutego_copy_options_t *opt, copy_state *st) {
  jmode *m = st->m;
  int r = refine(src, dst, m);
  if (r < 0) return GENERIC(p, opt, "src and dst shapes do not refine each other");
  r = coalesce_joint(m, r);
  if (opt && opt->force_path == CUTEGO_COPY_PATH_GENERIC) return GENERIC(p, opt, "forced");
  if (r == 0) { /* a single element */
    m[0].n = 1;
    m[0].s = 1;
    m[0].d = 1;
    r = 1;
  }
  st->r = r;
  return PLAN_NEXT;
}

/* The contiguous modes a (src) and b (dst): the same one, a TMA copy (that mode first, split so
 * one box carries enough bytes); different ones, a TMA permute (a, then b, then the rest). */
static int choose_order(cutego_copy_plan_t *p, const cutego_copy_options_t *opt, uintptr_t dst_addr,
                        uintptr_t src_addr, copy_state *st) {
  jmode *m = st->m;
  int a = -1, b = -1, r = st->r, n = 0;
  const int es = p->elem_bytes;
  for (int k = 0; k < r; ++k) {
    if (m[k].s <= 0) return GENERIC(p, opt, "src stride %lld of a joint mode is not positive", (long long)m[k].s);
    if (m[k].d < 0) return GENERIC(p, opt, "dst stride %lld of a joint mode is negative", (long long)m[k].d);
    if (m[k].s == 1 && a < 0) a = k;
    if (m[k].d == 1 && b < 0) b = k;
  }
  if (r == 1 && m[0].n == 1) a = b = 0;
  if (a < 0 || b < 0) return GENERIC(p, opt, "no unit-stride mode in %s", a < 0 ? "src" : "dst");
  if (src_addr % 16 || dst_addr % 16)
    return GENERIC(p, opt, "%s address not 16-byte aligned", src_addr % 16 ? "src" : "dst");
  if (a == b) {
    if (m[a].n > CUTEGO_TMA_MAX_BOX && r < CUTEGO_TMA_MAX_RANK) r = split_pow2(m, r, a, CUTEGO_TMA_MAX_BOX, 1, es);
    for (int k = 0; k < r; ++k)
      if (m[k].n >= CUTEGO_TMA_MAX_DIM && r < CUTEGO_TMA_MAX_RANK) r = split_pow2(m, r, k, SPLIT_MAX_PIECE, k == a, es);
    if (opt && opt->force_path == CUTEGO_COPY_PATH_TMA_PERMUTE)
      return REASON(p, -1, "forced permute, but src and dst share the contiguous mode");
    st->ord[n++] = a;
    for (int k = 0; k < r; ++k)
      if (k != a) st->ord[n++] = k;
  } else {
    if (opt && opt->force_path == CUTEGO_COPY_PATH_TMA_COPY)
      return REASON(p, -1, "forced copy, but src and dst contiguous modes differ");
    st->ord[n++] = a;
    st->ord[n++] = b;
    for (int k = 0; k < r; ++k)
      if (k != a && k != b) st->ord[n++] = k;
  }
  if (r > CUTEGO_TMA_MAX_RANK) return GENERIC(p, opt, "%d joint modes after coalescing (TMA rank <= 5)", r);
  st->r = r;
  st->a = a;
  st->b = b;
  return PLAN_NEXT;
}

/* The destination's contiguous extent, rounded down to whole 16-byte chunks, goes through TMA;
 * the rest of it (the tail) through the generic kernel. The permute stores a whole tile with
 * one 3-D box when the destination's contiguous extent is split into 128-byte blocks: that
 * needs whole blocks (the rest is tail) and a free tensor-map dimension. */
static int split_tail(cutego_copy_plan_t *p, const cutego_copy_options_t *opt, copy_state *st) {
  jmode *m = st->m;
  const int es = p->elem_bytes, r = st->r, a = st->a, b = st->b;
  int64_t q = es >= 16 ? 1 : 16 / es, nb = m[b].n, nb2, bytes;
  if (plan_mul(nb, es, &bytes)) bytes = INT64_MAX;
  st->single_store = a != b && r <= 4 && bytes >= 128 && !(opt && opt->cache_hints & CUTEGO_COPY_BLOCK_STORES);
  if (st->single_store) q = 128 / es;
  nb2 = (nb / q) * q;
  if (nb2 == 0) return GENERIC(p, opt, "dst contiguous extent of %lld bytes is below 16", (long long)bytes);
  if (nb2 == nb) return PLAN_NEXT;
  cute_layout_t *ts = &p->tail_src, *td = &p->tail_dst;
  memset(ts, 0, sizeof *ts);
  memset(td, 0, sizeof *td);
  ts->leaves = td->leaves = r;
  ts->ntokens = td->ntokens = r + 2;
  ts->nest[0] = td->nest[0] = CUTE_NEST_OPEN;
  for (int k = 0; k < r; ++k) {
    ts->shape[k] = td->shape[k] = k == b ? nb - nb2 : m[k].n;
    ts->stride[k] = m[k].s;
    td->stride[k] = m[k].d;
    ts->nest[k + 1] = td->nest[k + 1] = CUTE_NEST_LEAF;
  }
  ts->nest[r + 1] = td->nest[r + 1] = CUTE_NEST_CLOSE;
  /* nb2 < nb: within the layouts' reach */
  if (plan_mul(nb2, m[b].s, &p->tail_src_offset) || plan_mul(nb2, m[b].d, &p->tail_dst_offset))
    return GENERIC(p, opt, "the tail's offset overflows int64");
  p->has_tail = 1;
  m[b].n = nb2;
  return PLAN_NEXT;
}

static int check_strides(cutego_copy_plan_t *p, const cutego_copy_options_t *opt, const copy_state *st) {
  const int es = p->elem_bytes;
  for (int k = 0; k < st->r; ++k) {
    const jmode *x = &st->m[k];
    int64_t sb, db;
    if (x->n >= CUTEGO_TMA_MAX_DIM) return GENERIC(p, opt, "extent %lld >= 2^31", (long long)x->n);
    if (plan_mul(x->s, es, &sb) || plan_mul(x->d, es, &db)) return GENERIC(p, opt, "a byte stride overflows int64");
    if (k != st->a && (sb % CUTEGO_TMA_STRIDE_ALIGN || sb >= CUTEGO_TMA_MAX_STRIDE))
      return GENERIC(p, opt, "src byte stride %lld not a multiple of 16 below 2^40", (long long)sb);
    if (k != st->b && (db % CUTEGO_TMA_STRIDE_ALIGN || db >= CUTEGO_TMA_MAX_STRIDE))
      return GENERIC(p, opt, "dst byte stride %lld not a multiple of 16 below 2^40", (long long)db);
  }
  return PLAN_NEXT;
}

/* TMA copy: boxes of up to stage bytes (64 KiB by default), the contiguous dimension first, the
 * same box loaded and stored. */
static void tile_copy(cutego_copy_plan_t *p, const cutego_copy_options_t *opt) {
  cutego_tile_grid_t *g = &p->grid;
  const int r = g->rank, mes = map_elem_bytes(p->elem_bytes);
  /* 64 KiB boxes, 2 stages, one CTA per SM, 128-byte L2 promotion: the best of the
   * configurations measured on the H200 (bench/results/2026-11-30-h200-tma-copy.md). */
  const int64_t stage = (opt && opt->stage_bytes > 0) ? opt->stage_bytes : 65536;
  int64_t b0 = p->src.dims[0];
  if (plan_round_up(b0, 16 / mes, &b0) || b0 > CUTEGO_TMA_MAX_BOX) b0 = CUTEGO_TMA_MAX_BOX;
  p->src.box[0] = (int32_t)b0;
  int64_t rest = stage / (b0 * mes);
  for (int i = 1; i < r; ++i) {
    int64_t bx = p->src.dims[i];
    if (bx > CUTEGO_TMA_MAX_BOX) bx = CUTEGO_TMA_MAX_BOX;
    if (bx > rest) bx = rest;
    if (bx < 1) bx = 1;
    p->src.box[i] = (int32_t)bx;
    rest /= bx;
  }
  int64_t bytes = mes;
  for (int i = 0; i < 5; ++i) {
    p->dst.box[i] = p->src.box[i];
    g->box[i] = p->src.box[i];
    g->tiles[i] = i < r ? (int32_t)plan_ceil_div(p->src.dims[i], p->src.box[i]) : 1;
    g->perm[i] = i;
    bytes *= p->src.box[i]; /* at most the stage, or one row of the first box */
  }
  g->stage_bytes = (int32_t)bytes;
  g->stages = (opt && opt->stages) ? opt->stages : (bytes <= 16384 ? 8 : bytes <= 32768 ? 6 : 2);
  p->src.l2_promotion = p->dst.l2_promotion = 128;
  while (g->stages > 2 && (int64_t)g->stages * bytes > 200 * 1024) --g->stages;
  g->flags = opt ? (opt->cache_hints & (CUTEGO_COPY_LOAD_EVICT_FIRST | CUTEGO_COPY_STORE_EVICT_FIRST)) : 0;
  p->path = CUTEGO_COPY_PATH_TMA_COPY;
}

/* TMA permute with grouped modes, where the tile of tile_permute would be mostly empty: src's
 * contiguous mode a shorter than W = 128 bytes of elements, or dst's contiguous mode b shorter
 * than 128 elements. The tile stays 128 rows of W elements (the same load, the same transpose):
 *  - a shorter than W: a row holds a and W/na elements of the mode d that continues a in src
 *    (src stride na), so the source map's dimension 0 is a and d coalesced;
 *  - b shorter than 128: the 128 rows are b and 128/nb elements of a filler mode c (the
 *    remaining mode of smallest dst stride).
 * Source map (a[d], b, [c], others), box (W, nb or 128, [128/nb], 1...). The output subtile s
 * (W rows of a[d], W elements of b[c] each) is stored unswizzled by a destination map
 * (b, [c], a, [d], others) with box (nb or W, [W/nb], na or W, [W/na], 1...), at the
 * coordinates of grid.store_*. Needs es <= 8, nb dividing W, na dividing W and W/na dividing
 * d, a filler c when b is short, no tail, and ranks <= 5. Returns 1 when planned, else 0 (the
 * caller plans tile_permute). */
static int tile_permute_grouped(cutego_copy_plan_t *p, const cutego_copy_options_t *opt, const copy_state *st) {
  const jmode *m = st->m;
  const int r = st->r, es = p->elem_bytes, a = st->a, b = st->b;
  if (es > 8 || p->has_tail || (opt && opt->cache_hints & CUTEGO_COPY_NO_GROUPING)) return 0;
  const int64_t W = 128 / es, na = m[a].n, nb = m[b].n;
  const int short_a = na < W, short_b = nb < 128;
  if (!short_a && !short_b) return 0;
  int d = -1, c = -1;
  if (short_a) {
    if (W % na) return 0;
    for (int k = 0; k < r; ++k)
      if (k != a && k != b && m[k].s == na && m[k].n % (W / na) == 0) d = k;
    if (d < 0) return 0;
  }
  if (short_b) {
    if (W % nb || (nb * es) % 16) return 0;
    for (int k = 0; k < r; ++k)
      if (k != a && k != b && k != d && m[k].n > 1 && (c < 0 || m[k].d < m[c].d)) c = k;
    if (c < 0) return 0;
  }
  const int rs = r - (short_a ? 1 : 0); /* source map rank: a and d coalesce */
  if (rs > CUTEGO_TMA_MAX_RANK || r > CUTEGO_TMA_MAX_RANK) return 0;
  /* source map order (a[d], b, [c], others); the modes as the source sees them */
  jmode sm[MAXM];
  int sord[MAXM], n = 0;
  for (int k = 0; k < r; ++k) sm[k] = m[k];
  if (short_a) sm[a].n = na * m[d].n; /* within the layout's reach: a and d are leaves' pieces */
  sord[n++] = a;
  sord[n++] = b;
  if (short_b) sord[n++] = c;
  for (int k = 0; k < r; ++k)
    if (k != a && k != b && k != c && k != d) sord[n++] = k;
  /* destination map order (b, [c], a, [d], others), its source-map dimension (perm) */
  int dord[MAXM], dperm[MAXM], nd = 0;
  dord[nd] = b, dperm[nd++] = 1;
  if (short_b) dord[nd] = c, dperm[nd++] = 2;
  dord[nd] = a, dperm[nd++] = 0;
  if (short_a) dord[nd] = d, dperm[nd++] = 0;
  for (int i = short_b ? 3 : 2; i < rs; ++i) dord[nd] = sord[i], dperm[nd++] = i;
  cutego_tma_desc_t s2, d2;
  if (desc_fill(&s2, sm, sord, rs, 0, es) || desc_fill(&d2, m, dord, r, 1, es)) return 0;
  cutego_tile_grid_t *g = &p->grid;
  memset(g, 0, sizeof *g);
  g->rank = rs;
  g->elem_bytes = es;
  g->store_rank = r;
  s2.swizzle_bytes = 128;
  s2.box[0] = (int32_t)W;
  s2.box[1] = (int32_t)(short_b ? nb : 128);
  if (short_b) s2.box[2] = (int32_t)(128 / nb);
  g->tiles[0] = (int32_t)plan_ceil_div(s2.dims[0], W);
  g->tiles[1] = (int32_t)plan_ceil_div(s2.dims[1], s2.box[1]);
  for (int i = 2; i < 5; ++i) g->tiles[i] = i < rs ? (int32_t)plan_ceil_div(s2.dims[i], s2.box[i]) : 1;
  d2.swizzle_bytes = 0;
  for (int i = 0; i < r; ++i) {
    const int k = dord[i];
    g->perm[i] = dperm[i];
    g->store_mul[i] = 1;
    if (k == b) {
      d2.box[i] = (int32_t)(short_b ? nb : W);
      if (short_b) g->perm[i] = -1;
      else g->store_mul[i] = 128, g->store_step[i] = (int32_t)W;
    } else if (k == c) {
      d2.box[i] = (int32_t)(W / nb);
      g->store_mul[i] = (int32_t)(128 / nb);
      g->store_step[i] = (int32_t)(W / nb);
    } else if (k == a) {
      d2.box[i] = (int32_t)(short_a ? na : W);
      if (short_a) g->perm[i] = -1;
      else g->store_mul[i] = (int32_t)W;
    } else if (k == d) {
      d2.box[i] = (int32_t)(W / na);
      g->store_mul[i] = (int32_t)(W / na);
    }
  }
  for (int i = r; i < 5; ++i) g->perm[i] = -1;
  for (int i = 0; i < 5; ++i) g->box[i] = s2.box[i];
  p->src = s2;
  p->dst = d2;
  g->stage_bytes = 16384;
  g->stages = (opt && opt->stages) ? opt->stages : (es <= 2 ? 2 : 3);
  g->flags = CUTEGO_TILE_GRID_GROUPED_STORE;
  p->path = CUTEGO_COPY_PATH_TMA_PERMUTE;
  return 1;
}

/* TMA permute: 128-byte-swizzled boxes of 128 bytes along src's contiguous mode a by 128 along
 * dst's contiguous mode b, transposed in shared memory; the dst map orders (b, a, others). */
static int tile_permute(cutego_copy_plan_t *p, const cutego_copy_options_t *opt, const copy_state *st) {
  cutego_tile_grid_t *g = &p->grid;
  const int r = st->r, es = p->elem_bytes, mes = map_elem_bytes(es);
  int dord[MAXM];
  dord[0] = st->b;
  dord[1] = st->a;
  for (int i = 2; i < r; ++i) dord[i] = st->ord[i];
  if (desc_fill(&p->dst, st->m, dord, r, 1, es)) return GENERIC(p, opt, "a dst byte stride overflows int64");
  const int V = 16 / (es > 16 ? 16 : es); /* elements per 16-byte vector: 16/es, 1 for 16 B */
  p->src.swizzle_bytes = 128;
  p->dst.swizzle_bytes = 128;
  p->src.box[0] = 128 / mes; /* 8V user elements = 128 bytes */
  p->src.box[1] = 128;
  p->dst.box[0] = 128 / mes;
  p->dst.box[1] = 8 * V;
  if (st->single_store) {
    /* dst map (b mod 8V, a, b / 8V, others): the output tile (rows a + 8V * (b / 8V), 128
     * bytes of b each) in one box */
    cutego_tma_desc_t d2 = p->dst;
    d2.rank = r + 1;
    d2.dims[0] = (int64_t)8 * V * (es > 8 ? 2 : 1);
    d2.dims[1] = p->dst.dims[1];
    d2.dims[2] = p->dst.dims[0] / d2.dims[0];
    d2.strides[1] = p->dst.strides[1];
    d2.strides[2] = 128;
    d2.box[2] = 16 / V;
    for (int i = 2; i < r; ++i) {
      d2.dims[i + 1] = p->dst.dims[i];
      d2.strides[i + 1] = p->dst.strides[i];
      d2.box[i + 1] = 1;
    }
    p->dst = d2;
    g->flags |= CUTEGO_TILE_GRID_WHOLE_TILE_STORE;
  }
  for (int i = 0; i < 5; ++i) {
    g->box[i] = p->src.box[i];
    g->perm[i] = i < 2 ? 1 - i : i;
  }
  g->tiles[0] = (int32_t)plan_ceil_div(st->m[st->a].n, 8 * V);
  g->tiles[1] = (int32_t)plan_ceil_div(st->m[st->b].n, 128);
  for (int i = 2; i < 5; ++i) g->tiles[i] = i < r ? (int32_t)p->src.dims[i] : 1;
  g->stage_bytes = 16384;
  /* measured on the H200: 2 CTAs per SM (the launcher's default), 2 stages for 1- and
   * 2-byte elements, 3 for wider ones */
  g->stages = (opt && opt->stages) ? opt->stages : (es <= 2 ? 2 : 3);
  p->path = CUTEGO_COPY_PATH_TMA_PERMUTE;
  return PLAN_NEXT;
}

static int check_maps(cutego_copy_plan_t *p, const cutego_copy_options_t *opt, uintptr_t dst_addr, uintptr_t src_addr) {
  cutego_tile_grid_t *g = &p->grid;
  const int r = g->rank;
  g->ntiles = 1;
  for (int i = 0; i < r; ++i) g->ntiles *= g->tiles[i]; /* at most the size */
  for (int i = 0; i < 5; ++i) g->dims[i] = p->src.dims[i];
  if (opt && opt->l2_promotion) p->src.l2_promotion = p->dst.l2_promotion = opt->l2_promotion;
  char why[120];
  if (cutego_tma_desc_check(&p->src, src_addr, why, sizeof why) || cutego_tma_desc_check(&p->dst, dst_addr, why, sizeof why)) {
    p->path = 0;
    return GENERIC(p, opt, "%s", why);
  }
  char dims[80] = "", box[60] = "";
  size_t o = 0, ob = 0;
  for (int i = 0; i < r; ++i) {
    o += snprintf(dims + o, sizeof dims - o, "%s%lld", i ? "," : "", (long long)p->src.dims[i]);
    ob += snprintf(box + ob, sizeof box - ob, "%s%d", i ? "," : "", (int)p->src.box[i]);
    if (o >= sizeof dims || ob >= sizeof box) break;
  }
  return REASON(p, 0, "%s%s: rank %d, src dims (%s), box (%s), %lld tiles%s", cutego_copy_path_name(p->path),
                g->flags & CUTEGO_TILE_GRID_GROUPED_STORE ? " (grouped)" : "", r, dims, box, (long long)g->ntiles,
                p->has_tail ? ", generic tail" : "");
}

static int steps(const cute_layout_t *dst, const cute_layout_t *src, size_t elem_bytes, uintptr_t dst_addr,
                 uintptr_t src_addr, const cutego_copy_options_t *opt, cutego_copy_plan_t *p) {
  copy_state st = {0};
  int rc;
  if ((rc = check_layouts(p, dst, src, elem_bytes)) != PLAN_NEXT) return rc;
  if ((rc = joint_modes(p, dst, src, opt, &st)) != PLAN_NEXT) return rc;
  if ((rc = choose_order(p, opt, dst_addr, src_addr, &st)) != PLAN_NEXT) return rc;
  if ((rc = split_tail(p, opt, &st)) != PLAN_NEXT) return rc;
  if ((rc = check_strides(p, opt, &st)) != PLAN_NEXT) return rc;
  memset(&p->grid, 0, sizeof p->grid);
  p->grid.rank = st.r;
  p->grid.elem_bytes = p->elem_bytes;
  if (desc_fill(&p->src, st.m, st.ord, st.r, 0, p->elem_bytes)) return GENERIC(p, opt, "a src byte stride overflows int64");
  if (st.a == st.b) {
    if (desc_fill(&p->dst, st.m, st.ord, st.r, 1, p->elem_bytes))
      return GENERIC(p, opt, "a dst byte stride overflows int64");
    tile_copy(p, opt);
  } else if (!tile_permute_grouped(p, opt, &st) && (rc = tile_permute(p, opt, &st)) != PLAN_NEXT) {
    return rc;
  }
  return check_maps(p, opt, dst_addr, src_addr);
}

int cutego_copy_plan(const cute_layout_t *dst, const cute_layout_t *src, size_t elem_bytes,
                     uintptr_t dst_addr, uintptr_t src_addr, const cutego_copy_options_t *opt,
                     cutego_copy_plan_t *p) {
  if (!p) return -1;
  memset(p, 0, sizeof *p);
  p->elem_bytes = (int)elem_bytes;
  int rc = steps(dst, src, elem_bytes, dst_addr, src_addr, opt, p);
  if (rc == 0 && p->path == CUTEGO_COPY_PATH_GENERIC) p->has_tail = 0;
  return rc;
}

/* ---- launches ------------------------------------------------------------------------------ */

#define GENERIC_COPY_THREADS 256
#define GENERIC_COPY_CTAS_PER_SM 16

void cutego_copy_generic_launch(int64_t n, int32_t elem_bytes, uintptr_t dst, uintptr_t src, int32_t sms,
                                cutego_launch_t *l) {
  memset(l, 0, sizeof *l);
  l->bytewise = elem_bytes <= 0 || (dst | src) % (uintptr_t)elem_bytes != 0;
  if (l->bytewise)
    snprintf(l->kernel, sizeof l->kernel, "cutego_generic_copy_bytes");
  else
    snprintf(l->kernel, sizeof l->kernel, "cutego_generic_copy_es%d", (int)elem_bytes);
  int64_t cap = (int64_t)(sms > 0 ? sms : 1) * GENERIC_COPY_CTAS_PER_SM;
  l->grid = n > 0 ? plan_ceil_div(n, GENERIC_COPY_THREADS) : 0;
  if (l->grid > cap) l->grid = cap;
  l->block = GENERIC_COPY_THREADS;
  l->cluster = 1;
}

int cutego_copy_launch(const cutego_copy_plan_t *p, const cutego_copy_options_t *opt, int32_t sms, int32_t smem_optin,
                       uintptr_t dst, uintptr_t src, cutego_launch_t *l) {
  memset(l, 0, sizeof *l);
  l->cluster = 1;
  switch (p->path) {
    case CUTEGO_COPY_PATH_GENERIC:
      cutego_copy_generic_launch(p->size, p->elem_bytes, dst, src, sms, l);
      return 0;
    case CUTEGO_COPY_PATH_TMA_COPY:
    case CUTEGO_COPY_PATH_TMA_PERMUTE: break;
    default: return 0;
  }
  const cutego_tile_grid_t *g = &p->grid;
  int64_t smem, per_sm;
  if (p->path == CUTEGO_COPY_PATH_TMA_COPY) {
    snprintf(l->kernel, sizeof l->kernel, "cutego_tma_copy_kernel");
    l->block = 32;
    smem = 2048 + (int64_t)g->stages * ((g->stage_bytes + 1023) & ~1023); /* barriers, then 1 KiB-aligned stages */
  } else {
    snprintf(l->kernel, sizeof l->kernel, "cutego_tma_permute_es%d", (int)p->elem_bytes);
    l->block = 128;
    smem = 2048 + ((int64_t)g->stages + 2) * g->stage_bytes; /* stages and two transposed tiles */
  }
  l->smem_bytes = smem > INT32_MAX ? INT32_MAX : (int32_t)smem;
  if (smem > smem_optin) return -1;
  /* as many CTAs per SM as fit (1 KiB per CTA reserved by the hardware); the permute measured
   * best at 2 */
  per_sm = (opt && opt->ctas_per_sm) ? opt->ctas_per_sm : ((int64_t)smem_optin + 1024) / (smem + 1024);
  if (p->path == CUTEGO_COPY_PATH_TMA_PERMUTE && !(opt && opt->ctas_per_sm) && per_sm > 2) per_sm = 2;
  if (per_sm < 1) per_sm = 1;
  l->grid = (int64_t)(sms > 0 ? sms : 1) * per_sm;
  if (l->grid > g->ntiles) l->grid = g->ntiles;
  return 0;
}

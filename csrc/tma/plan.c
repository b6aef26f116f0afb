/* plan.c — picks the kernel path for dst[dst(i)] = src[src(i)], i in [0, size), and derives
 * the tensor-map parameters and tile grid for the TMA paths. Plain C99, no CUDA. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "cutego_tma.h"

#define MAXM 40

typedef struct {
  int64_t n, s, d; /* extent, source stride, destination stride (elements) */
} jmode;

static int reason(cutego_copy_plan_t *p, int rc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->reason, sizeof p->reason, fmt, ap);
  va_end(ap);
  return rc;
}

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

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
    if (d->box[i] < 1 || d->box[i] > CUTEGO_TMA_MAX_BOX) FAIL("box %d extent %d not in 1..256", i, (int)d->box[i]);
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

/* Common refinement of the two flattened layouts into joint modes; drops size-1 modes.
 * Returns the number of modes, or -1 if the shapes do not refine each other. */
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
    sa *= g;
    rb /= g;
    sb *= g;
  }
  return k;
}

static int coalesce_joint(jmode *m, int r) {
  if (r == 0) return 0;
  int w = 0;
  for (int k = 1; k < r; ++k) {
    if (m[w].n * m[w].s == m[k].s && m[w].n * m[w].d == m[k].d) {
      m[w].n *= m[k].n;
    } else {
      m[++w] = m[k];
    }
  }
  return w + 1;
}

/* Splits mode k (extent n) into (c, n/c) in place when c divides n. */
static int split(jmode *m, int r, int k, int64_t c) {
  if (r >= MAXM) return r;
  for (int j = r; j > k + 1; --j) m[j] = m[j - 1];
  m[k + 1].n = m[k].n / c;
  m[k + 1].s = m[k].s * c;
  m[k + 1].d = m[k].d * c;
  m[k].n = c;
  return r + 1;
}

static int generic(cutego_copy_plan_t *p, const cutego_copy_options_t *opt, const char *fmt, ...) {
  if (opt && opt->force_path && opt->force_path != CUTEGO_COPY_PATH_GENERIC) {
    char buf[120];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return reason(p, -1, "forced path %d impossible: %s", (int)opt->force_path, buf);
  }
  p->path = CUTEGO_COPY_PATH_GENERIC;
  p->has_tail = 0;
  va_list ap;
  va_start(ap, fmt);
  char buf[150];
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return reason(p, 0, "generic: %s", buf);
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
 * 8-byte map elements along dimension 0. */
static void desc_fill(cutego_tma_desc_t *d, const jmode *m, const int *ord, int r, int which, int es) {
  desc_init(d, es);
  d->rank = r;
  int cm = es > 8 ? 2 : 1;
  for (int i = 0; i < r; ++i) {
    const jmode *x = &m[ord[i]];
    d->dims[i] = x->n * (i == 0 ? cm : 1);
    d->strides[i] = (which ? x->d : x->s) * es;
  }
  d->strides[0] = d->elem_bytes;
}

int cutego_copy_plan(const cute_layout_t *dst, const cute_layout_t *src, size_t elem_bytes,
                     uintptr_t dst_addr, uintptr_t src_addr, const cutego_copy_options_t *opt,
                     cutego_copy_plan_t *p) {
  memset(p, 0, sizeof *p);
  int es = (int)elem_bytes;
  p->elem_bytes = es;
  if (!dst || !src) return reason(p, -1, "null layout");
  if (!(es == 1 || es == 2 || es == 4 || es == 8 || es == 16) || elem_bytes != (size_t)es)
    return reason(p, -1, "element size %zu not 1, 2, 4, 8 or 16 bytes", elem_bytes);
  const cute_layout_t *ls[2] = {src, dst};
  int64_t size[2];
  for (int w = 0; w < 2; ++w) {
    if (ls[w]->leaves < 0 || ls[w]->leaves > CUTE_LAYOUT_MAX_LEAVES)
      return reason(p, -1, "%s layout has %d leaves (0..%d)", w ? "dst" : "src", (int)ls[w]->leaves, CUTE_LAYOUT_MAX_LEAVES);
    size[w] = 1;
    for (int k = 0; k < ls[w]->leaves; ++k) {
      int64_t s = ls[w]->shape[k];
      if (s < 0) return reason(p, -1, "%s layout has a negative shape", w ? "dst" : "src");
      if (s && size[w] > INT64_MAX / s) return reason(p, -1, "%s layout size overflows int64", w ? "dst" : "src");
      size[w] *= s;
    }
  }
  if (size[0] != size[1])
    return reason(p, -1, "sizes differ: src %lld, dst %lld", (long long)size[0], (long long)size[1]);
  p->size = size[0];
  if (p->size == 0) {
    p->path = CUTEGO_COPY_PATH_NONE;
    return reason(p, 0, "none: empty");
  }
  jmode m[MAXM];
  int r = refine(src, dst, m);
  if (r < 0) {
    /* still a valid copy; the generic path needs no refinement. Check dst injectivity on
     * its own leaves only for stride-0 modes. */
    for (int k = 0; k < dst->leaves; ++k)
      if (dst->shape[k] > 1 && dst->stride[k] == 0)
        return reason(p, -1, "dst layout is not injective: leaf %d has stride 0", k);
    return generic(p, opt, "src and dst shapes do not refine each other");
  }
  for (int k = 0; k < r; ++k)
    if (m[k].d == 0) return reason(p, -1, "dst layout is not injective: a mode of extent %lld has stride 0", (long long)m[k].n);
  r = coalesce_joint(m, r);
  if (opt && opt->force_path == CUTEGO_COPY_PATH_GENERIC) return generic(p, opt, "forced");
  if (r == 0) { /* a single element */
    m[0].n = 1;
    m[0].s = 1;
    m[0].d = 1;
    r = 1;
  }
  int a = -1, b = -1;
  for (int k = 0; k < r; ++k) {
    if (m[k].s <= 0) return generic(p, opt, "src stride %lld of a joint mode is not positive", (long long)m[k].s);
    if (m[k].d < 0) return generic(p, opt, "dst stride %lld of a joint mode is negative", (long long)m[k].d);
    if (m[k].s == 1 && a < 0) a = k;
    if (m[k].d == 1 && b < 0) b = k;
  }
  if (r == 1 && m[0].n == 1) a = b = 0;
  if (a < 0 || b < 0) return generic(p, opt, "no unit-stride mode in %s", a < 0 ? "src" : "dst");
  if (src_addr % 16 || dst_addr % 16) return generic(p, opt, "%s address not 16-byte aligned", src_addr % 16 ? "src" : "dst");
  int ord[MAXM], n = 0;
  if (a == b) {
    /* TMA copy: contiguous mode first; split it so one box carries enough bytes. */
    if (m[a].n > 256 && r < 5) {
      for (int64_t c = 256; c >= 2; c /= 2)
        if (m[a].n % c == 0 && (c * es) % 16 == 0 && m[a].n / c > 1) {
          r = split(m, r, a, c);
          break;
        }
    }
    for (int k = 0; k < r; ++k)
      if (m[k].n >= CUTEGO_TMA_MAX_DIM && r < 5) {
        for (int64_t c = 65536; c >= 2; c /= 2)
          if (m[k].n % c == 0 && ((k == a) ? (c * es) % 16 == 0 : 1)) {
            r = split(m, r, k, c);
            break;
          }
      }
    if (opt && opt->force_path == CUTEGO_COPY_PATH_TMA_PERMUTE) return reason(p, -1, "forced permute, but src and dst share the contiguous mode");
    ord[n++] = a;
    for (int k = 0; k < r; ++k)
      if (k != a) ord[n++] = k;
  } else {
    if (opt && opt->force_path == CUTEGO_COPY_PATH_TMA_COPY) return reason(p, -1, "forced copy, but src and dst contiguous modes differ");
    ord[n++] = a;
    ord[n++] = b;
    for (int k = 0; k < r; ++k)
      if (k != a && k != b) ord[n++] = k;
  }
  if (r > CUTEGO_TMA_MAX_RANK) return generic(p, opt, "%d joint modes after coalescing (TMA rank <= 5)", r);
  int single_store = 0;
  {
    /* The destination's contiguous extent, rounded down to whole 16-byte chunks, goes through
     * TMA; the rest of it (the tail) through the generic kernel. */
    int64_t q = es >= 16 ? 1 : 16 / es, nb = m[b].n, nb2;
    /* The permute stores a whole tile with one 3-D box when the destination's contiguous
     * extent is split into 128-byte blocks: that needs whole blocks (the rest is tail) and
     * a free tensor-map dimension. */
    single_store = a != b && r <= 4 && nb * es >= 128 && !(opt && opt->cache_hints & CUTEGO_COPY_BLOCK_STORES);
    if (single_store) q = 128 / es;
    nb2 = (nb / q) * q;
    if (nb2 == 0) return generic(p, opt, "dst contiguous extent of %lld bytes is below 16", (long long)(nb * es));
    if (nb2 < nb) {
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
      p->tail_src_offset = nb2 * m[b].s;
      p->tail_dst_offset = nb2 * m[b].d;
      p->has_tail = 1;
      m[b].n = nb2;
    }
  }
  for (int k = 0; k < r; ++k) {
    if (m[k].n >= CUTEGO_TMA_MAX_DIM) return generic(p, opt, "extent %lld >= 2^31", (long long)m[k].n);
    if (k != a && ((m[k].s * es) % 16 || m[k].s * es >= CUTEGO_TMA_MAX_STRIDE))
      return generic(p, opt, "src byte stride %lld not a multiple of 16 below 2^40", (long long)(m[k].s * es));
    if (k != b && ((m[k].d * es) % 16 || m[k].d * es >= CUTEGO_TMA_MAX_STRIDE))
      return generic(p, opt, "dst byte stride %lld not a multiple of 16 below 2^40", (long long)(m[k].d * es));
  }
  cutego_tile_grid_t *g = &p->grid;
  memset(g, 0, sizeof *g);
  g->rank = r;
  g->elem_bytes = es;
  int mes = map_elem_bytes(es), cm = es > 8 ? 2 : 1;
  desc_fill(&p->src, m, ord, r, 0, es);
  if (a == b) {
    desc_fill(&p->dst, m, ord, r, 1, es);
    /* 64 KiB boxes, 2 stages, one CTA per SM, 128-byte L2 promotion: the best of the
     * configurations measured on the H200 (bench/results/2026-11-30-h200-tma-copy.md). */
    int stage = (opt && opt->stage_bytes) ? opt->stage_bytes : 65536;
    int64_t d0 = p->src.dims[0], q = 16 / mes;
    int64_t b0 = d0 < 256 ? ceil_div(d0, q) * q : 256;
    if (b0 > 256) b0 = 256;
    p->src.box[0] = (int32_t)b0;
    int64_t rest = stage / (b0 * mes);
    for (int i = 1; i < r; ++i) {
      int64_t bx = p->src.dims[i];
      if (bx > 256) bx = 256;
      if (bx > rest) bx = rest;
      if (bx < 1) bx = 1;
      p->src.box[i] = (int32_t)bx;
      rest /= bx;
    }
    for (int i = 0; i < 5; ++i) {
      p->dst.box[i] = p->src.box[i];
      g->box[i] = p->src.box[i];
      g->tiles[i] = i < r ? (int32_t)ceil_div(p->src.dims[i], p->src.box[i]) : 1;
      g->perm[i] = i;
    }
    int bytes = mes;
    for (int i = 0; i < r; ++i) bytes *= p->src.box[i];
    g->stage_bytes = bytes;
    g->stages = (opt && opt->stages) ? opt->stages : (bytes <= 16384 ? 8 : bytes <= 32768 ? 6 : 2);
    p->src.l2_promotion = p->dst.l2_promotion = 128;
    while (g->stages > 2 && (int64_t)g->stages * bytes > 200 * 1024) --g->stages;
    g->flags = opt ? (opt->cache_hints & (CUTEGO_COPY_LOAD_EVICT_FIRST | CUTEGO_COPY_STORE_EVICT_FIRST)) : 0;
    p->path = CUTEGO_COPY_PATH_TMA_COPY;
  } else {
    /* dst map order: b, a, others */
    int dord[MAXM];
    dord[0] = b;
    dord[1] = a;
    for (int i = 2; i < r; ++i) dord[i] = ord[i];
    desc_fill(&p->dst, m, dord, r, 1, es);
    int V = 16 / (es > 16 ? 16 : es); /* elements per 16-byte vector: 16/es, 1 for 16 B */
    if (V < 1) V = 1;
    p->src.swizzle_bytes = 128;
    p->dst.swizzle_bytes = 128;
    p->src.box[0] = 128 / mes; /* 8V user elements = 128 bytes */
    p->src.box[1] = 128;
    p->dst.box[0] = 128 / mes;
    p->dst.box[1] = 8 * V;
    if (single_store) {
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
    g->tiles[0] = (int32_t)ceil_div(m[a].n, 8 * V);
    g->tiles[1] = (int32_t)ceil_div(m[b].n, 128);
    for (int i = 2; i < 5; ++i) g->tiles[i] = i < r ? (int32_t)p->src.dims[i] : 1;
    g->stage_bytes = 16384;
    /* measured on the H200: 2 CTAs per SM (the launcher's default), 2 stages for 1- and
     * 2-byte elements, 3 for wider ones */
    g->stages = (opt && opt->stages) ? opt->stages : (es <= 2 ? 2 : 3);
    p->path = CUTEGO_COPY_PATH_TMA_PERMUTE;
    (void)cm;
  }
  g->ntiles = 1;
  for (int i = 0; i < r; ++i) g->ntiles *= g->tiles[i];
  for (int i = 0; i < 5; ++i) g->dims[i] = p->src.dims[i];
  if (opt && opt->l2_promotion) p->src.l2_promotion = p->dst.l2_promotion = opt->l2_promotion;
  char why[120];
  if (cutego_tma_desc_check(&p->src, src_addr, why, sizeof why) || cutego_tma_desc_check(&p->dst, dst_addr, why, sizeof why)) {
    p->path = 0;
    return generic(p, opt, "%s", why);
  }
  char dims[80] = "", box[60] = "";
  size_t o = 0, ob = 0;
  for (int i = 0; i < r; ++i) {
    o += snprintf(dims + o, sizeof dims - o, "%s%lld", i ? "," : "", (long long)p->src.dims[i]);
    ob += snprintf(box + ob, sizeof box - ob, "%s%d", i ? "," : "", (int)p->src.box[i]);
    if (o >= sizeof dims || ob >= sizeof box) break;
  }
  return reason(p, 0, "%s: rank %d, src dims (%s), box (%s), %lld tiles%s",
                p->path == CUTEGO_COPY_PATH_TMA_COPY ? "tma-copy" : "tma-permute", r, dims, box,
                (long long)g->ntiles, p->has_tail ? ", generic tail" : "");
}

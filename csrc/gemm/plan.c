/* plan.c — picks the GEMM path for D = alpha * A * B + beta * C and derives the tensor maps of
 * the wgmma path. Plain C99, no CUDA, no GPU: `make test` runs its tests (test_plan_gemm.c).
 *
 * Operands follow CuTe: A (M,K[,L]), B (N,K[,L]), C and D (M,N[,L]). Each top-level mode is
 * coalesced (size-1 leaves dropped, leaves merged where stride_{i+1} = n_i * stride_i); a mode
 * that stays hierarchical can only go through the generic path, which evaluates the layouts
 * as they are.
 *
 * cutego_gemm_plan runs named steps in order: check_request, read_operands (every byte offset
 * of every operand fits int64; D writes no element twice), match_extents, choose_config (by
 * waves of tiles on the device's SMs, waves.c; the tiles from config_boxes.h), pack_output and pack_inputs (operands no
 * tensor map reads go through compact copies), derive_maps, name_kernel. Integers are int64
 * and every product that could overflow is checked (../planner.h). */
#include <stdio.h>
#include <string.h>
#include "cutego_device.h"
#include "cutego_kernels.h"
#include "config_boxes.h"
#include "waves.h"
#include "../planner.h"

#define REASON(p, rc, ...) plan_reason((p)->reason, sizeof(p)->reason, (rc), __VA_ARGS__)

static int dtype_bytes(int t) {
  switch (t) {
    case CUTEGO_DTYPE_E4M3:
    case CUTEGO_DTYPE_E5M2: return 1;
    case CUTEGO_DTYPE_F16:
    case CUTEGO_DTYPE_BF16: return 2;
    case CUTEGO_DTYPE_F32: return 4;
  }
  return 0;
}

static int is_fp8(int t) { return t == CUTEGO_DTYPE_E4M3 || t == CUTEGO_DTYPE_E5M2; }

/* The tile configuration p->config of the plan's A/B type: the FP8 configurations (8-bit
 * elements, BK = 128, K-major operands only) or the 16-bit ones, in the same order. */
static const config_boxes *boxes_of(const cutego_gemm_plan_t *p) {
  return cutego_gemm_boxes(p->config, is_fp8(p->ab_dtype));
}

/* The generic path for the reason given (plan_generic); cutego_gemm_plan names its kernel. */
#define GENERIC(p, opt, ...)                                                                                 \
  plan_generic((p)->reason, sizeof(p)->reason, &(p)->path, CUTEGO_GEMM_PATH_GENERIC, (opt) ? (opt)->force_path : 0, \
               cutego_gemm_path_name((opt) ? (opt)->force_path : 0), __VA_ARGS__)

/* Whether L's nest is one well-formed node whose leaf tokens number L's leaves (1..16). */
static int nest_ok(const cute_layout_t *L) {
  if (L->leaves < 1 || L->leaves > CUTE_LAYOUT_MAX_LEAVES || L->ntokens < 1 || L->ntokens > CUTE_LAYOUT_MAX_TOKENS)
    return 0;
  int depth = 0, leaves = 0;
  for (int t = 0; t < L->ntokens; ++t) {
    int8_t c = L->nest[t];
    if (c == CUTE_NEST_OPEN) {
      ++depth;
    } else if (c == CUTE_NEST_CLOSE) {
      if (--depth < 0) return 0;
    } else if (c == CUTE_NEST_LEAF) {
      ++leaves;
    } else {
      return 0;
    }
    if (depth == 0 && t != L->ntokens - 1) return 0;
  }
  return depth == 0 && leaves == L->leaves;
}

/* Mode m of L coalesced: extent, and stride when it is one (flat = 1). Size-1 modes have stride
 * 0. Returns -1 on an extent overflow or a non-positive extent. */
static int mode_of(const cute_layout_t *L, int m, int64_t *extent, int64_t *stride, int *flat) {
  int32_t first = 0, count = 0;
  if (cute_dev_mode_leaves(L, m, &first, &count) != 0) return -1;
  int64_t n = 1, cur_n = 1, cur_s = 0, next;
  int runs = 0;
  for (int i = first; i < first + count; ++i) {
    int64_t e = L->shape[i], s = L->stride[i];
    if (e < 1 || plan_mul(n, e, &n) != 0) return -1;
    if (e == 1) continue;
    if (runs == 0) {
      cur_n = e;
      cur_s = s;
      runs = 1;
    } else if (plan_mul(cur_n, cur_s, &next) == 0 && s == next) {
      cur_n *= e; /* at most n */
    } else {
      ++runs;
    }
  }
  *extent = n;
  *stride = runs == 0 ? 0 : cur_s;
  *flat = runs <= 1;
  return 0;
}

/* Fills o from a layout of rank 2 or 3 of es-byte elements; *flat says whether every mode has
 * one stride. Every byte offset of the layout must fit int64, and an output (D) must write no
 * element twice. */
static int operand(cutego_gemm_plan_t *p, const char *name, const cute_layout_t *L, int es, int output,
                   cutego_gemm_operand_t *o, int *flat) {
  memset(o, 0, sizeof *o);
  if (!nest_ok(L))
    return REASON(p, -1, "%s: malformed cute_layout_t (1..%d leaves, a nest of one node with a token per leaf)", name,
                  CUTE_LAYOUT_MAX_LEAVES);
  char why[256];
  int64_t size, reach;
  if (plan_extent(L, es, &size, &reach, why, sizeof why) != 0) return REASON(p, -1, "%s: %s", name, why);
  int r = cute_dev_rank(L);
  if (r != 2 && r != 3) return REASON(p, -1, "%s has rank %d; expected 2 or 3 modes ((MN,K) or (MN,K,L))", name, r);
  *flat = 1;
  for (int m = 0; m < 3; ++m) {
    int f = 1;
    if (m >= r) {
      o->extent[m] = 1;
      o->stride[m] = 0;
      continue;
    }
    if (mode_of(L, m, &o->extent[m], &o->stride[m], &f) != 0)
      return REASON(p, -1, "%s: mode %d has a non-positive or overflowing extent", name, m);
    *flat &= f;
  }
  if (output && plan_injective(L, why, sizeof why) != 1) return REASON(p, -1, "%s is %s", name, why);
  o->bcast_l = o->extent[2] > 1 ? o->stride[2] == 0 : 1;
  o->major = o->stride[1] == 1 && o->extent[1] > 1 ? 0 : o->stride[0] == 1 && o->extent[0] > 1 ? 1 : -1;
  if (o->major < 0 && o->extent[1] == 1) o->major = 1; /* a single column: M-major */
  if (o->major < 0 && o->extent[0] == 1) o->major = 0;
  return PLAN_NEXT;
}

/* The tensor map of an operand with a unit-stride mode, 3-D: (contiguous, other, L). -1 when a
 * byte stride overflows int64. */
static int operand_map(cutego_tma_desc_t *d, const cutego_gemm_operand_t *o, int es, int box_inner, int box_outer,
                       int swizzle_bytes) {
  memset(d, 0, sizeof *d);
  d->rank = 3;
  d->elem_bytes = es;
  int in = o->major == 0 ? 1 : 0, out = 1 - in;
  d->dims[0] = o->extent[in];
  d->dims[1] = o->extent[out];
  d->dims[2] = o->bcast_l ? 1 : o->extent[2];
  d->strides[0] = es;
  /* A stride of a size-1 dimension is never used: give it a legal value. */
  int bad = d->dims[1] > 1 ? plan_mul(o->stride[out], es, &d->strides[1])
                           : plan_mul(d->dims[0], es, &d->strides[1]) || plan_round_up(d->strides[1], 16, &d->strides[1]);
  bad = bad || (d->dims[2] > 1 ? plan_mul(o->stride[2], es, &d->strides[2])
                               : plan_mul(d->strides[1], d->dims[1] > 0 ? d->dims[1] : 1, &d->strides[2]));
  d->box[0] = box_inner;
  d->box[1] = box_outer;
  d->box[2] = 1;
  for (int i = 0; i < 5; ++i) d->elem_strides[i] = 1;
  for (int i = 3; i < 5; ++i) {
    d->dims[i] = 1;
    d->box[i] = 1;
    d->strides[i] = 16;
  }
  d->swizzle_bytes = swizzle_bytes;
  d->l2_promotion = 256;
  return bad ? -1 : 0;
}

/* Whether an operand needs packing: 0 when a tensor map of the configuration reads it as it is,
 * else 1 with the reason in why. */
static int operand_obstacle(const cutego_gemm_operand_t *o, int flat, uintptr_t addr, int es, const int (*box)[2],
                            const int *swizzle, char *why, size_t whylen) {
  why[0] = 0;
  if (!flat) {
    snprintf(why, whylen, "a hierarchical mode (no single stride)");
    return 1;
  }
  if (o->major < 0) {
    snprintf(why, whylen, "no unit-stride mode");
    return 1;
  }
  if (es == 1 && o->major != 0) {
    snprintf(why, whylen, "MN-major, and FP8 wgmma reads K-major operands only (transposed)");
    return 1;
  }
  if (box[o->major][0] == 0) {
    snprintf(why, whylen, "MN-major, and the configuration's tiles read it K-major only (transposed)");
    return 1;
  }
  cutego_tma_desc_t m;
  if (operand_map(&m, o, es, box[o->major][0], box[o->major][1], swizzle[o->major]) != 0) {
    snprintf(why, whylen, "tensor map: a byte stride overflows int64");
    return 1;
  }
  char w[80];
  if (cutego_tma_desc_check(&m, addr, w, sizeof w) != 0) {
    snprintf(why, whylen, "tensor map: %s", w);
    return 1;
  }
  return 0;
}

/* dst = (e0,e1,e2):(s0,s1,s2), rank 3. */
static void compact(cute_layout_t *dst, int64_t e0, int64_t e1, int64_t e2, int64_t s0, int64_t s1, int64_t s2) {
  memset(dst, 0, sizeof *dst);
  dst->leaves = 3;
  dst->shape[0] = e0, dst->shape[1] = e1, dst->shape[2] = e2;
  dst->stride[0] = s0, dst->stride[1] = s1, dst->stride[2] = s2;
  dst->ntokens = 5;
  dst->nest[0] = CUTE_NEST_OPEN, dst->nest[1] = dst->nest[2] = dst->nest[3] = CUTE_NEST_LEAF;
  dst->nest[4] = CUTE_NEST_CLOSE;
}

/* The workspace bytes of a compact (mn, row, l) copy of es-byte elements with rows of
 * `row` elements, in 256-byte units: -1 when that overflows int64. */
static int compact_bytes(int64_t mn, int64_t row, int64_t l, int64_t es, int64_t *plane, int64_t *bytes) {
  return plan_mul(mn, row, plane) || plan_mul(*plane, l, bytes) || plan_mul(*bytes, es, bytes) ||
                 plan_round_up(*bytes, 256, bytes)
             ? -1
             : 0;
}

/* Replaces o by its compact K-major copy (MN, K padded to kp, L) of es-byte elements at workspace offset *off, and
 * writes the copy's destination layout (extents MN, K, L; strides kp, 1, MN * kp) to dst. -1
 * when the workspace would exceed int64 bytes. */
static int pack(cutego_gemm_operand_t *o, cute_layout_t *dst, int64_t kp, int es, int64_t *off) {
  int64_t mn = o->extent[0], k = o->extent[1], l = o->extent[2], plane, bytes;
  if (compact_bytes(mn, kp, l, es, &plane, &bytes) || plan_add(*off, bytes, off)) return -1;
  compact(dst, mn, k, l, kp, 1, plane);
  o->stride[0] = kp, o->stride[1] = 1, o->stride[2] = l > 1 ? plane : 0;
  o->major = 0;
  o->bcast_l = l == 1;
  return 0;
}

/* ---- the steps ----------------------------------------------------------------------------- */

static int check_request(cutego_gemm_plan_t *p, const cute_layout_t *d, const cute_layout_t *a, const cute_layout_t *b,
                         const cute_layout_t *c, const cutego_gemm_options_t *opt) {
  if (!d || !a || !b) return REASON(p, -1, "null layout (a, b and d are required)");
  if (p->read_c && !c) return REASON(p, -1, "beta != 0 needs C's layout");
  if (p->ab_dtype != CUTEGO_DTYPE_BF16 && p->ab_dtype != CUTEGO_DTYPE_F16 && !is_fp8(p->ab_dtype))
    return REASON(p, -1, "A/B data type %d unsupported: bf16 (%d), fp16 (%d), FP8 e4m3 (%d) or e5m2 (%d)", p->ab_dtype,
                  CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_F16, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_E5M2);
  if (opt && (opt->fp8_accumulation < 0 || opt->fp8_accumulation > CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED ||
              (opt->fp8_accumulation && !is_fp8(p->ab_dtype))))
    return REASON(p, -1, "fp8_accumulation %d: FAST (0), PROMOTED (1) or BLOCK_SCALED (2), for FP8 A and B only",
                  (int)opt->fp8_accumulation);
  const int block_scaled = opt && opt->fp8_accumulation == CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
  if (opt && (opt->fp8_promotion_interval < 0 || opt->fp8_promotion_interval > 16 ||
              (opt->fp8_promotion_interval && opt->fp8_accumulation != CUTEGO_GEMM_FP8_ACCUM_PROMOTED &&
               !(block_scaled && opt->fp8_promotion_interval == 1))))
    return REASON(p, -1, "fp8_promotion_interval %d: 1..16 k-tiles (0: 1), with PROMOTED accumulation only "
                  "(BLOCK_SCALED: 0 or 1)", (int)opt->fp8_promotion_interval);
  if (block_scaled && (opt->scale_a || opt->scale_b))
    return REASON(p, -1, "scale_a/scale_b (per tensor) with BLOCK_SCALED accumulation: the block scales replace them");
  if (opt && opt->b_dtype && (!is_fp8(p->ab_dtype) || !is_fp8(opt->b_dtype)))
    return REASON(p, -1, "b_dtype %d: B's own type is for FP8 pairs only (A e4m3 or e5m2, B e4m3 (%d) or e5m2 (%d))",
                  (int)opt->b_dtype, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_E5M2);
  if (opt && (opt->scale_a || opt->scale_b) && !is_fp8(p->ab_dtype))
    return REASON(p, -1, "scale_a/scale_b apply to FP8 A and B only (A/B data type %d)", p->ab_dtype);
  if (dtype_bytes(p->cd_dtype) < 2)
    return REASON(p, -1, "C/D data type %d unsupported: bf16 (%d), fp16 (%d) or fp32 (%d)", p->cd_dtype,
                  CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_F16, CUTEGO_DTYPE_F32);
  if (opt && opt->force_path && opt->force_path != CUTEGO_GEMM_PATH_WGMMA && opt->force_path != CUTEGO_GEMM_PATH_GENERIC)
    return REASON(p, -1, "force_path %d is not a GEMM path", (int)opt->force_path);
  if (opt && opt->sms < 0) return REASON(p, -1, "sms %d: the device's multiprocessor count, or 0", (int)opt->sms);
  if (opt && (opt->pitch_pack < CUTEGO_GEMM_PITCH_PACK_AUTO || opt->pitch_pack > CUTEGO_GEMM_PITCH_PACK_OFF))
    return REASON(p, -1, "pitch_pack %d: AUTO (0), ON (1) or OFF (2)", (int)opt->pitch_pack);
  if (opt && (opt->d_store < CUTEGO_GEMM_D_STORE_AUTO || opt->d_store > CUTEGO_GEMM_D_STORE_NORMAL))
    return REASON(p, -1, "d_store %d: AUTO (0), STREAM (1) or NORMAL (2)", (int)opt->d_store);
  return PLAN_NEXT;
}

static int read_operands(cutego_gemm_plan_t *p, const cute_layout_t *d, const cute_layout_t *a,
                         const cute_layout_t *b, const cute_layout_t *c, int *fa, int *fb, int *fc, int *fd) {
  const int es = dtype_bytes(p->ab_dtype), ces = dtype_bytes(p->cd_dtype);
  int rc;
  if ((rc = operand(p, "A", a, es, 0, &p->a, fa)) != PLAN_NEXT || (rc = operand(p, "B", b, es, 0, &p->b, fb)) != PLAN_NEXT ||
      (rc = operand(p, "D", d, ces, 1, &p->d, fd)) != PLAN_NEXT)
    return rc;
  *fc = 1;
  if (p->read_c && (rc = operand(p, "C", c, ces, 0, &p->c, fc)) != PLAN_NEXT) return rc;
  return PLAN_NEXT;
}

static int match_extents(cutego_gemm_plan_t *p) {
  p->m = p->d.extent[0];
  p->n = p->d.extent[1];
  p->l = p->d.extent[2];
  p->k = p->a.extent[1];
  if (p->a.extent[0] != p->m)
    return REASON(p, -1, "A has M = %lld, D has M = %lld", (long long)p->a.extent[0], (long long)p->m);
  if (p->b.extent[0] != p->n)
    return REASON(p, -1, "B has N = %lld, D has N = %lld", (long long)p->b.extent[0], (long long)p->n);
  if (p->b.extent[1] != p->k)
    return REASON(p, -1, "A has K = %lld, B has K = %lld", (long long)p->k, (long long)p->b.extent[1]);
  if ((p->a.extent[2] != p->l && p->a.extent[2] != 1) || (p->b.extent[2] != p->l && p->b.extent[2] != 1))
    return REASON(p, -1, "batch extents differ: A %lld, B %lld, D %lld (an operand may have 1 to broadcast)",
                  (long long)p->a.extent[2], (long long)p->b.extent[2], (long long)p->l);
  if (p->a.extent[2] == 1) p->a.bcast_l = 1;
  if (p->b.extent[2] == 1) p->b.bcast_l = 1;
  if (p->read_c && (p->c.extent[0] != p->m || p->c.extent[1] != p->n || (p->c.extent[2] != p->l && p->c.extent[2] != 1)))
    return REASON(p, -1, "C is %lldx%lldx%lld, D is %lldx%lldx%lld", (long long)p->c.extent[0],
                  (long long)p->c.extent[1], (long long)p->c.extent[2], (long long)p->m, (long long)p->n,
                  (long long)p->l);
  if (p->m > INT32_MAX || p->n > INT32_MAX || p->k > INT32_MAX || p->l > INT32_MAX)
    return REASON(p, -1, "an extent exceeds 2^31 - 1");
  return PLAN_NEXT;
}

/* The tile configuration: opt->config when given, else cutego_gemm_pick_config's choice by waves
 * of tiles on opt->sms multiprocessors (csrc/gemm/waves.c; 0, an unknown device: as one SM,
 * where every tile is a wave of its own). */
static int choose_config(cutego_gemm_plan_t *p, const cutego_gemm_options_t *opt) {
  const int block_scaled = (p->flags & CUTEGO_GEMM_F_BLOCK_SCALED) != 0;
  if (opt && opt->config == CUTEGO_GEMM_CONFIG_128x192x128 + 1) {
    if (!block_scaled)
      return REASON(p, -1, "config %d: 128x192 tiles are for block-scaled FP8 only", (int)opt->config);
    p->config = CUTEGO_GEMM_CONFIG_128x192x128;
    return PLAN_NEXT;
  }
  if (opt && opt->config > 0) {
    if (opt->config > cutego_gemm_nconfigs) return REASON(p, -1, "config %d unknown", (int)opt->config);
    p->config = opt->config - 1;
    /* the 16-bit-only tiles: no row in the FP8 table (configs.cc) */
    if (is_fp8(p->ab_dtype) && p->config == CUTEGO_GEMM_CONFIG_128x192x64)
      return REASON(p, -1, "config %d: 128x192x64 tiles are for 16-bit A and B only (FP8: 128x256, 128x224, 128x128, "
                    "64x128 or 64x64; block-scaled: config %d, 128x192x128)", (int)opt->config,
                    CUTEGO_GEMM_CONFIG_128x192x128 + 1);
    if (is_fp8(p->ab_dtype) && cutego_gemm_fp8_config_boxes[p->config].bm == 0)
      return REASON(p, -1, "config %d: %s tiles are for 16-bit A and B only (FP8: 128x256, 128x224, 128x128, 64x128 "
                    "or 64x64)", (int)opt->config, cutego_gemm_config_boxes[p->config].name);
    const int small = p->config == CUTEGO_GEMM_CONFIG_64x64x128 || p->config == CUTEGO_GEMM_CONFIG_64x128x64;
    if (block_scaled && small) return PLAN_NEXT;
    if (p->promoted && p->config != CUTEGO_GEMM_CONFIG_128x128x64)
      return REASON(p, -1, "config %d: promoted FP8 accumulation runs on 128x128 tiles only%s", (int)opt->config,
                    block_scaled ? " (block-scaled: or 128x192, 64x64, 64x128)" : "");
    return PLAN_NEXT;
  }
  if (block_scaled) { /* 128x128, 128x192 (one partial sum) or 64-row tiles where their waves take less */
    p->config = cutego_gemm_pick_config_blockscaled_k(p->m, p->n, p->k, p->l, opt && opt->sms > 0 ? opt->sms : 1);
    return PLAN_NEXT;
  }
  if (p->promoted) { /* the accumulator and the partial sums: 64 registers each on 128x128 tiles */
    p->config = CUTEGO_GEMM_CONFIG_128x128x64;
    return PLAN_NEXT;
  }
  p->config = cutego_gemm_pick_config_plan(p, opt && opt->sms > 0 ? opt->sms : 1);
  if (p->config < 0 || p->config >= cutego_gemm_nconfigs) return REASON(p, -1, "no tile configuration");
  /* 1x2 clusters asked for: 128x128 tiles where the choice has none (128x256, 128x192, 128x168,
   * 128x224); 2x1 clusters: 128x256 where it has none (128x168, 128x224: the choice in their stead) */
  if (opt && opt->cluster_n > 1 && !is_fp8(p->ab_dtype) && cutego_gemm_config_boxes[p->config].cluster_n < 2)
    p->config = CUTEGO_GEMM_CONFIG_128x128x64;
  else if (opt && opt->cluster_m > 1 && !is_fp8(p->ab_dtype) && cutego_gemm_config_boxes[p->config].multicast < opt->cluster_m)
    p->config = CUTEGO_GEMM_CONFIG_128x256x64;
  return PLAN_NEXT;
}

/* A hierarchical C or D: the GEMM writes a compact (M,N,L) workspace (C copied into it first
 * when beta != 0), which is then copied into D. */
static int pack_output(cutego_gemm_plan_t *p, const cutego_gemm_options_t *opt, int fd, int fc, int64_t *ws,
                       uintptr_t *d_addr, uintptr_t *c_addr) {
  if (fd && fc) return PLAN_NEXT;
  const char *who = fd ? "C" : "D";
  if (opt && opt->no_pack) return GENERIC(p, opt, "%s has a hierarchical mode (no single stride)", who);
  const int ces = dtype_bytes(p->cd_dtype);
  int64_t np, plane, bytes;
  if (plan_round_up(p->n, 16 / ces, &np) || compact_bytes(p->m, np, p->l, ces, &plane, &bytes))
    return GENERIC(p, opt, "%s has a hierarchical mode, and a compact copy would exceed int64 bytes", who);
  compact(&p->d_packed, p->m, p->n, p->l, np, 1, plane);
  cutego_gemm_operand_t *o = &p->d;
  o->stride[0] = np, o->stride[1] = 1, o->stride[2] = p->l > 1 ? plane : 0;
  o->major = 0;
  if (p->read_c) p->c = *o;
  p->d_workspace_offset = 0;
  *ws = bytes;
  p->flags |= CUTEGO_GEMM_F_PACK_D;
  snprintf(p->packed_why, sizeof p->packed_why, "%s: a hierarchical mode", who);
  *d_addr = *c_addr = 0; /* the workspace is 256-byte aligned */
  return PLAN_NEXT;
}

/* Whether a K-major operand read in place has rows (more than one) whose pitch is off the
 * 128-byte grid, and the bytes of its copy (read + written, K padded to kp) when it has. */
static int off_pitch(const cutego_gemm_operand_t *o, int es, int64_t kp, int64_t *copy_bytes) {
  int64_t in, out;
  if (o->major != 0 || o->extent[0] < 2 || (o->stride[0] * es) % 128 == 0 || (o->extent[2] > 1 && o->bcast_l))
    return 0;
  if (plan_mul(o->extent[0], o->extent[2], &in) || plan_mul(in, kp, &out) || plan_mul(out, es, &out) ||
      plan_mul(in, o->extent[1], &in) || plan_mul(in, es, &in) || plan_add(in, out, copy_bytes))
    return 0;
  return 1;
}

/* The widest cp.async piece (8 or 4 bytes; 0: none) that reads an operand in place
 * (CUTEGO_GEMM_F_ROWS): single strides, K-major, 16-bit, its rows, batches and address on the
 * piece's grid. */
static int rows_piece(const cutego_gemm_operand_t *o, int flat, uintptr_t addr, int es) {
  if (!flat || o->major != 0 || es != 2) return 0;
  for (int piece = 8; piece >= 4; piece /= 2)
    if ((o->stride[0] * es) % piece == 0 && (o->extent[2] <= 1 || o->bcast_l || (o->stride[2] * es) % piece == 0) &&
        addr % (uintptr_t)piece == 0)
      return piece;
  return 0;
}

/* Whether A and B, of which one or both no tensor map reads as they are, are read in place by the
 * producer warpgroup's cp.async pieces instead of copied first (CUTEGO_GEMM_F_ROWS,
 * kernels/gemm_kernels.cuh): both on the grid of one piece, 8 bytes or 4 (CUTEGO_GEMM_F_ROWS_4), K a
 * multiple of the piece's elements (a piece wholly inside K or past it), and no option asking for
 * what such plans do not run (clusters, split K, stream-K); then with pitch_pack OFF (nothing
 * copied that can be read in place) or no_pack (the generic path otherwise); with AUTO where the
 * copies cost more than the slower main loop saves: at most kRowsMaxMN rows or columns (the copy of
 * the larger operand dominates), or at most kRowsMaxMNKL multiply-adds (the copy's launch does).
 * Measured on an H100 against the copies in one process, 8-byte pieces
 * (bench/results/2026-12-06-s33): 1 / 16 / 64 / 100 x 4096 x 4100 2.79 / 2.40 / 1.69 / 1.36x, 8 x
 * 14336 x 4100 2.04x, 500^3 1.16x; but 256 x 4096 x 4100 0.92x, 512 x 11008 x 4100 0.96x, 1000^2 x
 * 1004 0.85x, 2048^2 x 2052 0.97x, 4096^2 x 4100 0.71x (the cp.async producer feeds the main loop
 * about 1.5x slower than the TMA). 4-byte pieces (bench/results/2026-12-06-s34): 1 / 16 / 64 / 100 /
 * 128 x 4096 x 4098 1.54 / 1.32 / 1.32 / 1.18 / 1.01x, 8 x 14336 x 4098 1.79x; but 500^2 x 502 0.97x,
 * 256 x 4096 x 4098 0.83x, 1000^2 x 1002 0.70x, 4096^2 x 4098 0.64x (twice the pieces: 1 x 4096 x
 * 4098 takes 26.4 us where 4100 takes 14.6), so only the rows or columns bound applies to them.
 * Not with AUTO where A and B are both copied and the copies' plan splits K where few tiles read in
 * place would leave SMs idle (cutego_gemm_rows_copy_splits; 6 x 680 x 3274: 1.75x), unless the
 * options forbid a split. Returns the piece's bytes, or 0. */
enum { kRowsMaxMN = 128 };
static const double kRowsMaxMNKL = (double)(1 << 28);
static int rows_in_place(const cutego_gemm_plan_t *p, const cutego_gemm_options_t *opt, int fa, int fb,
                         uintptr_t a_addr, uintptr_t b_addr, int es, int both) {
  const int mode = opt ? opt->pitch_pack : CUTEGO_GEMM_PITCH_PACK_AUTO;
  const int pa = rows_piece(&p->a, fa, a_addr, es), pb = rows_piece(&p->b, fb, b_addr, es);
  int piece = pa < pb ? pa : pb;
  while (piece >= 4 && (p->k * es) % piece != 0) piece /= 2; /* K = 4098 on rows of 4100: 4-byte pieces */
  if (mode == CUTEGO_GEMM_PITCH_PACK_ON ||
      (opt && (opt->cluster_m > 1 || opt->cluster_n > 1 || opt->split_k > 1 ||
               opt->decomposition == CUTEGO_GEMM_DECOMPOSITION_STREAM_K)) ||
      piece < 4)
    return 0;
  if (mode == CUTEGO_GEMM_PITCH_PACK_OFF || (opt && opt->no_pack)) return piece;
  if (both && !(opt && (opt->split_k == 1 || opt->decomposition == CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL)) &&
      cutego_gemm_rows_copy_splits(p, piece, opt ? opt->sms : 0))
    return 0;
  return p->m <= kRowsMaxMN || p->n <= kRowsMaxMN ||
                 (piece == 8 && (double)p->m * (double)p->n * (double)p->k * (double)p->l <= kRowsMaxMNKL)
             ? piece
             : 0;
}

/* An operand that no tensor map can read as it is (a hierarchical mode, no unit stride, a
 * stride or address off the 16-byte grid) is first copied into a compact K-major buffer (the
 * launcher's workspace, K padded with zeros to 128 bytes, or 16 with pitch_pack OFF), which every
 * tensor map can read. So is a K-major one whose row pitch is off the 128-byte grid (the TMA loads
 * of such rows are slower) where pitch_pack is ON, or AUTO and the cost model says the copy pays
 * (cutego_gemm_pitch_pack_pays: opt->sms, no_pack not set). */
static int pack_inputs(cutego_gemm_plan_t *p, const cutego_gemm_options_t *opt, int fa, int fb, uintptr_t a_addr,
                       uintptr_t b_addr, int64_t *ws) {
  const int es = dtype_bytes(p->ab_dtype);
  const config_boxes *cb = boxes_of(p);
  const int mode = opt ? opt->pitch_pack : CUTEGO_GEMM_PITCH_PACK_AUTO;
  const int pitch = mode != CUTEGO_GEMM_PITCH_PACK_OFF && !(opt && opt->no_pack);
  char why_a[100], why_b[100];
  int pack_a = operand_obstacle(&p->a, fa, a_addr, es, cb->a_box, cb->a_swizzle, why_a, sizeof why_a);
  int pack_b = operand_obstacle(&p->b, fb, b_addr, es, cb->b_box, cb->b_swizzle, why_b, sizeof why_b);
  const int piece = pack_a || pack_b ? rows_in_place(p, opt, fa, fb, a_addr, b_addr, es, pack_a && pack_b) : 0;
  if (piece) {
    p->flags |= CUTEGO_GEMM_F_ROWS | (piece == 4 ? CUTEGO_GEMM_F_ROWS_4 : 0);
    return PLAN_NEXT;
  }
  int64_t kp, off = *ws, bytes_a = 0, bytes_b = 0;
  if (plan_round_up(p->k, (mode == CUTEGO_GEMM_PITCH_PACK_OFF ? 16 : 128) / es, &kp))
    return GENERIC(p, opt, "K overflows when padded");
  if (pitch) {
    const int sms = opt ? opt->sms : 0;
    int pa = !pack_a && off_pitch(&p->a, es, kp, &bytes_a), pb = !pack_b && off_pitch(&p->b, es, kp, &bytes_b);
    if (mode == CUTEGO_GEMM_PITCH_PACK_AUTO && !pack_b && !(opt && (opt->cluster_m == 1 || opt->cluster_n > 1)) &&
        cutego_gemm_pitch_in_clusters(p, sms)) {
      pa = pb = 0; /* B in place, shared by 2x1 clusters instead (cutego_gemm_auto_cluster) */
    } else if (mode == CUTEGO_GEMM_PITCH_PACK_AUTO) {
      pa = pa && cutego_gemm_pitch_pack_pays(p, sms, 0, bytes_a);
      pb = pb && cutego_gemm_pitch_pack_pays(p, sms, 1, bytes_b);
    }
    if (pa) snprintf(why_a, sizeof why_a, "rows of %lld bytes, off the 128-byte grid", (long long)(p->a.stride[0] * es));
    if (pb) snprintf(why_b, sizeof why_b, "rows of %lld bytes, off the 128-byte grid", (long long)(p->b.stride[0] * es));
    pack_a |= pa, pack_b |= pb;
  }
  if (!pack_a && !pack_b) return PLAN_NEXT;
  const char *who = pack_a ? "A" : "B", *why = pack_a ? why_a : why_b;
  if (opt && opt->no_pack) return GENERIC(p, opt, "%s: %s", who, why);
  if ((pack_a && p->a.extent[2] > 1 && p->a.bcast_l) || (pack_b && p->b.extent[2] > 1 && p->b.bcast_l))
    return GENERIC(p, opt, "%s: %s (a broadcast batch is not packed)", who, why);
  if (!(p->flags & CUTEGO_GEMM_F_PACK_D)) snprintf(p->packed_why, sizeof p->packed_why, "%s: %s", who, why);
  p->a_workspace_offset = off;
  if (pack_a && pack(&p->a, &p->a_packed, kp, es, &off)) return GENERIC(p, opt, "A: a compact copy would exceed int64 bytes");
  p->b_workspace_offset = off;
  if (pack_b && pack(&p->b, &p->b_packed, kp, es, &off)) return GENERIC(p, opt, "B: a compact copy would exceed int64 bytes");
  *ws = off;
  p->flags |= (pack_a ? CUTEGO_GEMM_F_PACK_A : 0) | (pack_b ? CUTEGO_GEMM_F_PACK_B : 0);
  if (operand_obstacle(&p->a, 1, pack_a ? 0 : a_addr, es, cb->a_box, cb->a_swizzle, why_a, sizeof why_a) ||
      operand_obstacle(&p->b, 1, pack_b ? 0 : b_addr, es, cb->b_box, cb->b_swizzle, why_b, sizeof why_b))
    return GENERIC(p, opt, "packed operands: %s", why_a[0] ? why_a : why_b);
  return PLAN_NEXT;
}

/* The tiles, the cluster shape, the tensor maps of A, B (and D when TMA stores it), and the
 * epilogue's store widths. */
static int derive_maps(cutego_gemm_plan_t *p, const cutego_gemm_options_t *opt, uintptr_t d_addr, uintptr_t c_addr) {
  const int es = dtype_bytes(p->ab_dtype), ces = dtype_bytes(p->cd_dtype);
  const config_boxes *cb = boxes_of(p);
  p->tiles_m = plan_ceil_div(p->m, cb->bm);
  p->tiles_n = plan_ceil_div(p->n, cb->bn);
  if (plan_mul(p->tiles_m, p->tiles_n, &p->tiles) || plan_mul(p->tiles, p->l, &p->tiles))
    return REASON(p, -1, "the tile count overflows int64");
  /* the kernels' tile scheduler counts a batch's tiles in 32 bits (kernels/gemm_kernels.cuh) */
  if (p->tiles_m * p->tiles_n > INT32_MAX)
    return REASON(p, -1, "%lld x %lld tiles of %dx%d in a batch: at most 2^31 - 1", (long long)p->tiles_m,
                  (long long)p->tiles_n, cb->bm, cb->bn);
  /* 2x1 clusters whose CTAs share B's stages by TMA multicast only when asked: on the H200 they
   * measured 0.99-1.00x of no clusters on large shapes, and on the one-wave class 0.87-0.96x
   * (64x128, 128x128) to 1.08x (512x4096x14336 on 128x128) (bench/GEMM-NOTES.md, "2x1 clusters:
   * what costs the time"). With an odd tiles_m the last cluster row computes one tile of zeros
   * beside its partner. */
  p->cluster_m = 1;
  if (opt && (opt->cluster_m < 0 || opt->cluster_m > cb->multicast))
    return REASON(p, -1, "cluster_m %d: 0 (automatic), 1 or %d", (int)opt->cluster_m, cb->multicast);
  if (opt && opt->cluster_m > 0) p->cluster_m = opt->cluster_m;
  /* 1x2 clusters whose CTAs share A's stages only when asked (kernels/gemm_clusters.h). With an odd
   * tiles_n the last cluster column computes one tile of zeros beside its partner. */
  p->cluster_n = 1;
  if (opt && opt->cluster_n > 1) {
    if (opt->cluster_n != 2 || cb->cluster_n != 2)
      return REASON(p, -1, "cluster_n %d: 0 or 1 (none), or 2 on 16-bit tiles of at most 128 columns (not %s, %s)",
                    (int)opt->cluster_n, cb->name, is_fp8(p->ab_dtype) ? "FP8" : "16-bit");
    if (p->cluster_m > 1) return REASON(p, -1, "cluster_n 2 with cluster_m %d: clusters along M or N, not both", (int)p->cluster_m);
    if (p->a.major != 0) return REASON(p, -1, "cluster_n 2: 1x2 clusters share a K-major A, and A is M-major");
    if (p->m < cb->bm) return REASON(p, -1, "cluster_n 2: A has %lld rows, fewer than one %d-row tile", (long long)p->m, cb->bm);
    p->cluster_n = 2;
  } else if (opt && opt->cluster_n < 0) {
    return REASON(p, -1, "cluster_n %d: 0 or 1 (none), or 2", (int)opt->cluster_n);
  }
  const int *abox = p->cluster_n > 1 ? cb->a_mc_box : cb->a_box[p->a.major];
  const int *bbox = p->cluster_m > 1 ? cb->b_mc_box[p->b.major] : cb->b_box[p->b.major];
  if (operand_map(&p->a_map, &p->a, es, abox[0], abox[1], cb->a_swizzle[p->a.major]) ||
      operand_map(&p->b_map, &p->b, es, bbox[0], bbox[1], cb->b_swizzle[p->b.major]))
    return REASON(p, -1, "a tensor map's byte stride overflows int64");
  /* A K-major A whose last row of 128-row tiles holds at most 64 rows goes in two boxes of 64 rows
   * per stage, that row's second left out: a box reaching 64 or more rows past M slowed the whole
   * wave, 416 x 4096 x 14336 by 1.49x (bench/results/2026-12-05-s30). */
  const int rows = (p->flags & CUTEGO_GEMM_F_ROWS) != 0; /* (its producer loads exactly the rows inside) */
  const int a_halves = !rows && p->a.major == 0 && p->cluster_n == 1 && cb->bm == 128 && p->m > cb->bm &&
                       p->m % cb->bm != 0 && p->m % cb->bm <= 64;
  if (p->a.major == 0 && p->cluster_n == 1)
    p->a_map.box[1] = a_halves ? 64 : (int32_t)CUTEGO_GEMM_A_BOX_ROWS(p->m, cb->bm);
  if (a_halves) p->flags |= CUTEGO_GEMM_F_A_HALVES;
  /* A K-major B whose last tile column holds at most half a tile, beside 8 or more tile rows in one
   * wave, loads that column's box from N - BN (rounded up to a multiple of 8: at most 7 rows past
   * N), and the column stores only its own columns, directly. A last box of few rows inside N beside
   * many tile rows slowed the whole wave: 1024 x 904 / 928 / 960 x 14336 on 64x128 tiles gain 1.69 /
   * 1.60 / 1.45x, 2048 x 904 x 14336 on 128x128 1.46x. Elsewhere the shifted tiles' direct stores
   * cost more than the box: 0.84-0.94x in several waves (3000 x 5000 x 1000 on 128x256), 0.87-0.93x
   * with more than half a tile (1000^3, 1024 x 1000 x 8192) or few tile rows (512 x 4100 x 4096 on
   * 128x256; bench/results/2026-12-05-s31). Not block-scaled: B's scales go by blocks of 128 columns.
   * Tiles of at most CUTEGO_GEMM_B_SHIFT_MAX_BN columns: the kernels of wider ones have no shift. */
  const int sms = opt && opt->sms > 0 ? opt->sms : 0;
  if (!rows && p->b.major == 0 && cb->bn <= CUTEGO_GEMM_B_SHIFT_MAX_BN && p->n > cb->bn && p->n % cb->bn != 0 &&
      p->n % cb->bn <= cb->bn / 2 && p->tiles_m >= 8 && p->tiles <= sms && !(p->flags & CUTEGO_GEMM_F_BLOCK_SCALED))
    p->flags |= CUTEGO_GEMM_F_B_SHIFT;
  if (p->d.stride[1] == 1 && p->d.stride[0] % 2 == 0 && p->d.stride[2] % 2 == 0 && d_addr % (2 * ces) == 0)
    p->flags |= CUTEGO_GEMM_F_D_PAIRS;
  if (p->read_c && p->c.stride[1] == 1 && p->c.stride[0] % 2 == 0 && p->c.stride[2] % 2 == 0 &&
      c_addr % (2 * ces) == 0)
    p->flags |= CUTEGO_GEMM_F_C_PAIRS;
  /* D through TMA stores: chunks of 64 rows x epi_bytes (128) bytes in the 128-byte swizzle (the
   * kernel's staging buffers, gemm_kernels.cuh); a TMA store writes whole 16-byte units at the
   * end of a row, so N must fill them. A tile narrower than a chunk (64x32 tiles of 16-bit D: 64
   * of 128 bytes) is stored directly: a chunk's box would write over the neighbouring tile (the
   * kernel compiles its TMA epilogue only where BN x sizeof(D) fills chunks). */
  /* A 16-bit D whose M has unit stride (a column-major D, or a swapped plan's) goes out alike, each
   * chunk staged transposed: 64 columns of the chunk's 64 rows (128 bytes each), M inner. */
  const int d_rows = p->d.stride[1] == 1, d_cols = !d_rows && p->d.stride[0] == 1 && ces == 2;
  if ((d_rows || d_cols) && ((d_rows ? p->n : p->m) * ces) % 16 == 0 && cb->bn * ces >= cb->epi_bytes &&
      !(opt && opt->direct_epilogue)) {
    cutego_gemm_operand_t dd = p->d;
    char why[120];
    dd.major = d_rows ? 0 : 1; /* (M, N): N contiguous as a K-major operand, or M as an MN-major one */
    dd.bcast_l = p->l == 1;
    if (operand_map(&p->d_map, &dd, ces, cb->epi_bytes / ces, d_rows ? 64 : cb->epi_bytes / ces, cb->epi_bytes) == 0 &&
        cutego_tma_desc_check(&p->d_map, d_addr, why, sizeof why) == 0)
      p->flags |= CUTEGO_GEMM_F_D_TMA | (d_cols ? CUTEGO_GEMM_F_D_TMA_T : 0);
  }
  if (d_addr % ces || (p->read_c && c_addr % ces))
    return REASON(p, -1, "C/D pointers are not aligned to their element size");
  p->smem_bytes = cb->smem[p->a.major][p->b.major];
  return PLAN_NEXT;
}

/* Whether D streams past the L2 (CUTEGO_GEMM_F_D_STREAM: evict-first D stores, evict-last A and B
 * loads), where D goes out through TMA stores: as options.d_store asks, and automatically where a
 * store-bound GEMM writes a D much larger than the L2, which would otherwise push A's and B's tiles
 * out before their other tiles read them: 16-bit A and B, K of at most 128 (two k-tiles), no
 * source, and at least CUTEGO_GEMM_D_STREAM_BYTES of D. Measured on the H200 against normal stores
 * (bench/results/2026-12-04-dstream, in-process ratios to cuBLAS, three rounds): DRAM reads 479 ->
 * 326 MB (A and B are 268 MB) and 1.05-1.07x on the attention scores' 256 x 2048 x 2048 x 128 (2 GiB
 * of D), 524288 x 2048 x 128 and 256 x 2048 x 2048 x 64; but 0.94x on a batch of 64 of them (512 MiB),
 * ~0.96x at 1 GiB of D, 0.98-0.99x on 16384^2 x 1024 and at K = 256: hence the size and K bounds.
 * As the rule (run6.sh): 1.02-1.05x on four of five shapes inside it, 262144 x 4096 x 128 even. */
static void stream_output(cutego_gemm_plan_t *p, const cutego_gemm_options_t *opt) {
  const int32_t mode = opt ? opt->d_store : CUTEGO_GEMM_D_STORE_AUTO; /* (checked by check_request) */
  if (!(p->flags & CUTEGO_GEMM_F_D_TMA) || mode == CUTEGO_GEMM_D_STORE_NORMAL) return;
  int64_t d_bytes;
  if (plan_mul(p->m, p->n, &d_bytes) || plan_mul(d_bytes, p->l, &d_bytes) ||
      plan_mul(d_bytes, dtype_bytes(p->cd_dtype), &d_bytes))
    d_bytes = INT64_MAX; /* an overflow is more than the bound */
  if (mode == CUTEGO_GEMM_D_STORE_STREAM ||
      (!is_fp8(p->ab_dtype) && !p->read_c && p->k <= 128 && d_bytes >= CUTEGO_GEMM_D_STREAM_BYTES))
    p->flags |= CUTEGO_GEMM_F_D_STREAM;
}

static int name_kernel(cutego_gemm_plan_t *p) {
  const config_boxes *cb = boxes_of(p);
  static const char *const in_name[] = {"", "f16", "bf16", "", "e4m3", "e5m2"},
                           *const out_name[] = {"", "f16", "bf16", "f32"};
  /* an FP8 pair of two types: both names, A's first (cutego_gemm_<config>_kk_e4m3e5m2_<out>) */
  const char *b_name = p->b_dtype != p->ab_dtype ? in_name[p->b_dtype] : "";
  snprintf(p->kernel, sizeof p->kernel, "cutego_gemm_%s_%c%c_%s%s_%s%s", cb->name, p->a.major ? 'm' : 'k',
           p->b.major ? 'm' : 'k', in_name[p->ab_dtype], b_name, out_name[p->cd_dtype],
           (p->flags & CUTEGO_GEMM_F_BLOCK_SCALED) ? "_blockscaled" : p->promoted ? "_promoted" : "");
  p->path = CUTEGO_GEMM_PATH_WGMMA;
  if (p->flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B | CUTEGO_GEMM_F_PACK_D))
    return REASON(p, 0, "wgmma through compact copies of%s%s%s (%s): %dx%d tiles, %lld tiles%s",
                  (p->flags & CUTEGO_GEMM_F_PACK_A) ? " A" : "", (p->flags & CUTEGO_GEMM_F_PACK_B) ? " B" : "",
                  (p->flags & CUTEGO_GEMM_F_PACK_D) ? (p->read_c ? " C/D" : " D") : "", p->packed_why, cb->bm, cb->bn,
                  (long long)p->tiles, p->cluster_m > 1 ? ", 2x1 clusters" : p->cluster_n > 1 ? ", 1x2 clusters" : "");
  return REASON(p, 0, "wgmma: %dx%d tiles, A %s-major, B %s-major, %lld tiles%s%s%s%s", cb->bm, cb->bn,
                p->a.major ? "M" : "K", p->b.major ? "N" : "K", (long long)p->tiles,
                !(p->flags & CUTEGO_GEMM_F_ROWS)  ? ""
                : (p->flags & CUTEGO_GEMM_F_ROWS_4) ? ", A and B read in place by 4-byte cp.async pieces (rows off the 8-byte grid)"
                                                     : ", A and B read in place by 8-byte cp.async pieces (rows off the 16-byte grid)",
                p->cluster_m > 1 ? ", 2x1 clusters sharing B" : p->cluster_n > 1 ? ", 1x2 clusters sharing A" : "",
                (p->flags & CUTEGO_GEMM_F_D_TMA_T) ? ", D M-major through transposed TMA stores" : "",
                (p->flags & CUTEGO_GEMM_F_D_STREAM) ? ", D streamed past the L2" : "");
}

static int steps(const cute_layout_t *d, const cute_layout_t *a, const cute_layout_t *b, const cute_layout_t *c,
                 uintptr_t d_addr, uintptr_t a_addr, uintptr_t b_addr, uintptr_t c_addr, const cutego_gemm_options_t *opt,
                 cutego_gemm_plan_t *p) {
  int rc, fa, fb, fc, fd;
  int64_t ws = 0;
  if ((rc = check_request(p, d, a, b, c, opt)) != PLAN_NEXT) return rc;
  if ((rc = read_operands(p, d, a, b, c, &fa, &fb, &fc, &fd)) != PLAN_NEXT) return rc;
  if ((rc = match_extents(p)) != PLAN_NEXT) return rc;
  if (opt && opt->force_path == CUTEGO_GEMM_PATH_GENERIC) return GENERIC(p, opt, "forced");
  if ((rc = choose_config(p, opt)) != PLAN_NEXT) return rc;
  if ((rc = pack_output(p, opt, fd, fc, &ws, &d_addr, &c_addr)) != PLAN_NEXT) return rc;
  if ((rc = pack_inputs(p, opt, fa, fb, a_addr, b_addr, &ws)) != PLAN_NEXT) return rc;
  p->workspace_bytes = ws;
  if ((rc = derive_maps(p, opt, d_addr, c_addr)) != PLAN_NEXT) return rc;
  stream_output(p, opt);
  return name_kernel(p);
}

int cutego_gemm_plan(const cute_layout_t *d, const cute_layout_t *a, const cute_layout_t *b, const cute_layout_t *c,
                     int ab_dtype, int cd_dtype, int read_c, uintptr_t d_addr, uintptr_t a_addr, uintptr_t b_addr,
                     uintptr_t c_addr, const cutego_gemm_options_t *opt, cutego_gemm_plan_t *p) {
  if (!p) return -1;
  memset(p, 0, sizeof *p);
  p->ab_dtype = ab_dtype;
  p->b_dtype = opt && opt->b_dtype ? opt->b_dtype : ab_dtype;
  p->promoted = !opt || opt->fp8_accumulation == CUTEGO_GEMM_FP8_ACCUM_FAST ? 0
                : opt->fp8_promotion_interval > 0 ? opt->fp8_promotion_interval : 1;
  /* block scaling: the promoted kernel's step every k-tile, with the scales (cutego_gemm_block_scales) */
  if (opt && opt->fp8_accumulation == CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED) p->flags = CUTEGO_GEMM_F_BLOCK_SCALED;
  p->cd_dtype = cd_dtype;
  p->read_c = read_c != 0;
  int rc = steps(d, a, b, c, d_addr, a_addr, b_addr, c_addr, opt, p);
  if (rc == 0 && p->path == CUTEGO_GEMM_PATH_GENERIC && is_fp8(p->ab_dtype)) {
    char why[sizeof p->reason];
    snprintf(why, sizeof why, "%s", p->reason);
    p->path = CUTEGO_GEMM_PATH_NONE;
    return REASON(p, -1, "FP8 runs on the wgmma path only, and this GEMM would take the generic one (%.100s)", why);
  }
  static const char *const tn[] = {"", "f16", "bf16", "f32"};
  if (rc == 0 && p->path == CUTEGO_GEMM_PATH_GENERIC)
    snprintf(p->kernel, sizeof p->kernel, "cutego_gemm_generic_%s_%s", tn[p->ab_dtype], tn[p->cd_dtype]);
  return rc;
}

/* CTAs per cluster along M and along N (1 without clusters; at most one of the two is 2). */
static int64_t cluster_rows(const cutego_gemm_plan_t *p) { return p->cluster_m > 1 ? p->cluster_m : 1; }
static int64_t cluster_cols(const cutego_gemm_plan_t *p) { return p->cluster_n > 1 ? p->cluster_n : 1; }

void cutego_gemm_args(const cutego_gemm_plan_t *p, void *d, const void *c, float alpha, float beta, int32_t group_m,
                      cutego_gemm_args_t *g) {
  memset(g, 0, sizeof *g);
  g->m = (int32_t)p->m;
  g->n = (int32_t)p->n;
  g->k = (int32_t)p->k;
  g->l = (int32_t)p->l;
  /* with clusters the kernel walks cluster tiles: cluster_m tile rows or cluster_n tile columns each */
  const int64_t cm = cluster_rows(p), cn = cluster_cols(p);
  g->tiles_m = (int32_t)plan_ceil_div(p->tiles_m, cm);
  g->tiles_n = (int32_t)plan_ceil_div(p->tiles_n, cn);
  g->tiles = (int64_t)g->tiles_m * g->tiles_n * p->l;
  g->k_tiles = p->path == CUTEGO_GEMM_PATH_WGMMA ? (int32_t)cutego_gemm_k_tiles(p->config, is_fp8(p->ab_dtype), p->k) : 0;
  g->group_m = (int32_t)plan_ceil_div(group_m > 0 ? group_m : 8, cm);
  g->a_bcast_l = p->a.bcast_l;
  g->b_bcast_l = p->b.bcast_l;
  g->alpha = alpha;
  g->beta = beta;
  g->d = d;
  g->c = p->read_c ? c : NULL;
  for (int i = 0; i < 3; ++i) {
    g->ds[i] = p->d.stride[i];
    g->cs[i] = p->read_c ? p->c.stride[i] : 0;
  }
  if (p->read_c && p->c.extent[2] == 1) g->cs[2] = 0;
  g->read_c = p->read_c;
  g->flags = p->flags | (cm == 2 ? CUTEGO_GEMM_F_CLUSTER_2 : 0) | (cn == 2 ? CUTEGO_GEMM_F_CLUSTER_N2 : 0);
  if (p->promoted > 0 && p->promoted <= 16) g->flags |= (p->promoted - 1) << CUTEGO_GEMM_F_PROMOTE_SHIFT;
}

int64_t cutego_gemm_grid(const cutego_gemm_plan_t *p, int64_t resident, int64_t max_ctas) {
  if (p->path == CUTEGO_GEMM_PATH_GENERIC) {
    /* a 16x16 output tile per CTA, at most CUTEGO_GEMM_GENERIC_CTAS_PER_SM per SM */
    int64_t tiles, cap, ctas;
    if (plan_mul(plan_ceil_div(p->m, 16), plan_ceil_div(p->n, 16), &tiles) || plan_mul(tiles, p->l, &tiles))
      tiles = INT64_MAX;
    if (plan_mul(resident > 0 ? resident : 1, CUTEGO_GEMM_GENERIC_CTAS_PER_SM, &cap)) cap = INT64_MAX;
    ctas = tiles < cap ? tiles : cap;
    if (max_ctas > 0 && max_ctas < ctas) ctas = max_ctas;
    return ctas < 1 ? 1 : ctas;
  }
  const int64_t cm = cluster_rows(p), cn = cluster_cols(p);
  int64_t ctas;
  if (plan_mul(plan_ceil_div(p->tiles_m, cm) * cm, plan_ceil_div(p->tiles_n, cn) * cn, &ctas) ||
      plan_mul(ctas, p->l, &ctas))
    ctas = INT64_MAX;
  const int64_t cl = cm * cn; /* CTAs per cluster (one of the two is 1) */
  if (resident > 0 && resident < ctas) ctas = resident;
  if (max_ctas > 0 && max_ctas < ctas) ctas = max_ctas;
  ctas -= ctas % cl;
  return ctas < cl ? cl : ctas;
}

void cutego_gemm_launch(const cutego_gemm_plan_t *p, int64_t resident, int64_t max_ctas, cutego_launch_t *l) {
  memset(l, 0, sizeof *l);
  if (p->path == CUTEGO_GEMM_PATH_NONE) return;
  snprintf(l->kernel, sizeof l->kernel, "%s", p->kernel);
  l->grid = cutego_gemm_grid(p, resident, max_ctas);
  l->block = p->path == CUTEGO_GEMM_PATH_WGMMA ? CUTEGO_GEMM_THREADS(boxes_of(p)->consumer_warpgroups)
                                               : CUTEGO_GEMM_GENERIC_THREADS;
  l->smem_bytes = p->path == CUTEGO_GEMM_PATH_WGMMA ? p->smem_bytes : 0;
  l->cluster = p->path == CUTEGO_GEMM_PATH_WGMMA ? cluster_rows(p) * cluster_cols(p) : 1;
  l->programmatic = cutego_gemm_programmatic(p);
}

/* Every wgmma kernel begins with programmatic_launch_prologue (kernels/gemm_kernels.cuh): launched
 * so, a call's launch and prologue overlap the tail of the kernel before it. Measured on the H200
 * (bench/results/2026-12-03-pdl, back-to-back calls, the same kernels launched both ways): 256^3
 * 1.09-1.11x faster, 512^3 1.11-1.17x, 768^3 1.05-1.11x, 1024^3 1.04-1.11x (4-16 k-tiles per CTA);
 * but 8x6144x4096 0.78x, 128x6144x4096 0.89-0.95x and 512x4096^2 0.98x (32-64 k-tiles, partial
 * waves streaming B): the next call's CTAs, launched early onto the idle SMs, no longer read the
 * same tiles from the same SMs as the call before, whose B stays in L2. Hence only main loops of
 * at most kProgrammaticKTiles k-tiles, where the fixed cost per call is what counts. */
enum { kProgrammaticKTiles = 16 };
int cutego_gemm_programmatic(const cutego_gemm_plan_t *p) {
  return p && p->path == CUTEGO_GEMM_PATH_WGMMA && cutego_gemm_k_tiles(p->config, is_fp8(p->ab_dtype), p->k) <= kProgrammaticKTiles;
}

const char *cutego_gemm_path_name(int path) {
  switch (path) {
    case CUTEGO_GEMM_PATH_NONE: return "none";
    case CUTEGO_GEMM_PATH_WGMMA: return "wgmma";
    case CUTEGO_GEMM_PATH_GENERIC: return "generic";
  }
  return "unknown";
}

/* One scale tensor of a block-scaled plan: extents (e0, e1, L or 1), each mode one stride. */
static int block_scale_operand(const char *name, const float *ptr, const cute_layout_t *L, int64_t e0,
                               const char *e0_name, int64_t e1, int64_t l, int64_t st[3], char *why, size_t why_len) {
  cutego_gemm_plan_t scratch;
  cutego_gemm_operand_t o;
  int flat;
  if (!ptr || !L) return plan_reason(why, why_len, -1, "%s: a null %s", name, ptr ? "layout" : "pointer");
  if ((uintptr_t)ptr % sizeof(float)) return plan_reason(why, why_len, -1, "%s: pointer not aligned to 4 bytes", name);
  scratch.reason[0] = 0;
  if (operand(&scratch, name, L, (int)sizeof(float), 0, &o, &flat) != PLAN_NEXT)
    return plan_reason(why, why_len, -1, "%s", scratch.reason);
  if (!flat)
    return plan_reason(why, why_len, -1, "%s: a mode that does not coalesce to one stride (the kernel reads each mode "
                       "by one stride)", name);
  if (o.extent[0] != e0 || o.extent[1] != e1 || (o.extent[2] != l && o.extent[2] != 1))
    return plan_reason(why, why_len, -1, "%s is %lldx%lldx%lld; expected %s x ceil(K/128) (x L) = %lldx%lldx%lld (or x 1)",
                       name, (long long)o.extent[0], (long long)o.extent[1], (long long)o.extent[2], e0_name,
                       (long long)e0, (long long)e1, (long long)l);
  /* the kernels step along K by 32-bit element offsets (kernels/gemm_blockscaled.cuh) */
  const int64_t s1 = o.stride[1] < 0 ? -o.stride[1] : o.stride[1];
  if (e1 > 1 && s1 > INT32_MAX / e1)
    return plan_reason(why, why_len, -1, "%s: K-block stride %lld times ceil(K/128) = %lld passes 2^31 - 1 elements "
                       "(the kernels step along K by 32-bit offsets)", name, (long long)o.stride[1], (long long)e1);
  st[0] = o.stride[0];
  st[1] = o.stride[1];
  st[2] = o.extent[2] == 1 ? 0 : o.stride[2];
  return 0;
}

int cutego_gemm_block_scales(const cutego_gemm_plan_t *p, const float *scale_a, const cute_layout_t *scale_a_layout,
                             const float *scale_b, const cute_layout_t *scale_b_layout, cutego_gemm_block_scales_t *out,
                             char *why, size_t why_len) {
  if (!p || !out) return plan_reason(why, why_len, -1, "cutego_gemm_block_scales: null plan or output");
  memset(out, 0, sizeof *out);
  if (p->path != CUTEGO_GEMM_PATH_WGMMA || !(p->flags & CUTEGO_GEMM_F_BLOCK_SCALED))
    return plan_reason(why, why_len, -1, "cutego_gemm_block_scales: not a block-scaled wgmma plan "
                       "(fp8_accumulation BLOCK_SCALED)");
  const int64_t kb = plan_ceil_div(p->k, CUTEGO_GEMM_SCALE_BLOCK), nb = plan_ceil_div(p->n, CUTEGO_GEMM_SCALE_BLOCK);
  if (block_scale_operand("scale_a", scale_a, scale_a_layout, p->m, "M", kb, p->l, out->as, why, why_len) ||
      block_scale_operand("scale_b", scale_b, scale_b_layout, nb, "ceil(N/128)", kb, p->l, out->bs, why, why_len))
    return -1;
  out->a = scale_a;
  out->b = scale_b;
  if (why && why_len) why[0] = 0;
  return 0;
}

int cutego_gemm_transpose_layout(const cute_layout_t *in, cute_layout_t *out) {
  if (!in || !out || !nest_ok(in) || in->nest[0] != CUTE_NEST_OPEN) return -1;
  /* the token span [tok[m], tok[m + 1]) and the leaf span [leaf[m], leaf[m + 1]) of each top-level mode */
  int32_t tok[4], leaf[4], modes = 0, depth = 0, leaves = 0;
  for (int32_t t = 1; t < in->ntokens - 1; ++t) {
    const int8_t c = in->nest[t];
    if (depth == 0) {
      if (modes == 3) return -1; /* rank above 3 */
      tok[modes] = t, leaf[modes] = leaves, ++modes;
    }
    if (c == CUTE_NEST_OPEN) ++depth;
    else if (c == CUTE_NEST_CLOSE) --depth;
    else ++leaves;
  }
  if (modes < 2) return -1;
  tok[modes] = in->ntokens - 1, leaf[modes] = leaves;
  cute_layout_t r;
  memset(&r, 0, sizeof r);
  r.leaves = in->leaves;
  r.ntokens = in->ntokens;
  r.nest[0] = CUTE_NEST_OPEN;
  r.nest[in->ntokens - 1] = CUTE_NEST_CLOSE;
  static const int order[3] = {1, 0, 2};
  int32_t t_at = 1, l_at = 0;
  for (int i = 0; i < modes; ++i) {
    const int m = order[i];
    for (int32_t t = tok[m]; t < tok[m + 1]; ++t) r.nest[t_at++] = in->nest[t];
    for (int32_t l = leaf[m]; l < leaf[m + 1]; ++l, ++l_at) r.shape[l_at] = in->shape[l], r.stride[l_at] = in->stride[l];
  }
  *out = r;
  return 0;
}

void cutego_gemm_mark_swapped(cutego_gemm_plan_t *p) {
  if (!p || (p->flags & CUTEGO_GEMM_F_SWAP_AB)) return;
  char why[sizeof p->reason];
  snprintf(why, sizeof why, "%s", p->reason);
  p->flags |= CUTEGO_GEMM_F_SWAP_AB;
  plan_reason(p->reason, sizeof p->reason, 0, "D^T = B A^T (A and B swapped, D^T %s): %s",
              p->d.major == 1 ? "column-major" : "row-major", why);
}

int cutego_gemm_operand_param(const cutego_gemm_plan_t *p, int which, const void *addr, cutego_encode_tiled_fn enc,
                              void *out) {
  if (!p || !out || (which != 0 && which != 1)) return -1;
  if (!(p->flags & CUTEGO_GEMM_F_ROWS)) return cutego_tma_encode(out, which ? &p->b_map : &p->a_map, (void *)addr, enc) ? -1 : 0;
  const cutego_gemm_operand_t *o = which ? &p->b : &p->a;
  cutego_gemm_rows_t r;
  memset(&r, 0, sizeof r);
  r.base = addr;
  r.row_stride = o->stride[0];
  r.batch_stride = o->extent[2] > 1 && !o->bcast_l ? o->stride[2] : 0;
  r.rows = o->extent[0];
  r.k = o->extent[1];
  memset(out, 0, 128);
  memcpy(out, &r, sizeof r);
  return 0;
}

/* cutego_device.h — header-only evaluator of cute_layout_t / cute_composed_layout_t for
 * host and device code. Compiles as C99, C++ and CUDA (the functions are
 * __host__ __device__ under nvcc, plain static inline elsewhere).
 *
 * A layout maps a coordinate to an index (an offset in elements):
 *
 *   cute_dev_layout_size(&L)              number of coordinates, product of the leaf shapes
 *   cute_dev_layout_cosize(&L)            1 + largest index reached (for non-negative strides)
 *   cute_dev_crd2idx_flat(&L, crd)        index of a coordinate given per leaf mode
 *   cute_dev_idx2crd_flat(&L, i, crd)     per-leaf coordinate of the linear coordinate i
 *                                         (colexicographic; the last leaf takes the whole
 *                                         remaining quotient, as CuTe's idx2crd does)
 *   cute_dev_leaves_eval(&L, first, n, i) index of the integer coordinate i over n leaves
 *                                         from first (the step both evaluations below share)
 *   cute_dev_layout_eval(&L, i)           L(i): index of the linear coordinate i, = crd2idx of
 *                                         idx2crd(i) (what CuTe's layout(i) computes)
 *   cute_dev_rank(&L)                     number of top-level modes (1 for an integer shape)
 *   cute_dev_mode_leaves(&L, m, &first, &count)   the leaves of top-level mode m
 *   cute_dev_crd2idx_modes(&L, crd)       index of a coordinate given per top-level mode
 *                                         (each mode's integer coordinate colexicographic in
 *                                         that mode, the last leaf of a mode unbounded)
 *   cute_dev_swizzle_apply(sw, x)         Swizzle<B,M,S>(x)
 *   cute_dev_composed_eval(&C, i)         swizzle(offset + layout(i))
 *   cute_dev_composed_crd2idx_flat(&C, crd) swizzle(offset + crd2idx_flat(crd))
 *
 * The functions do no capacity checks beyond clamping loops to CUTE_LAYOUT_MAX_LEAVES and
 * CUTE_LAYOUT_MAX_TOKENS: validate layouts on the host (libcutego does) before use.
 * Integers are int64_t; a shape of 0 is treated as 1 in the divisions to avoid traps.
 */
#ifndef CUTEGO_DEVICE_H
#define CUTEGO_DEVICE_H

#include "cutego_types.h"

#if defined(__CUDACC__) || defined(__HIPCC__)
#define CUTE_DEV_FN static inline __host__ __device__
#else
#define CUTE_DEV_FN static inline
#endif

CUTE_DEV_FN int32_t cute_dev_leaves(const cute_layout_t *L) {
  int32_t n = L->leaves;
  if (n < 0) n = 0;
  if (n > CUTE_LAYOUT_MAX_LEAVES) n = CUTE_LAYOUT_MAX_LEAVES;
  return n;
}

CUTE_DEV_FN int64_t cute_dev_layout_size(const cute_layout_t *L) {
  int64_t s = 1;
  int32_t n = cute_dev_leaves(L);
  for (int32_t k = 0; k < n; ++k) s *= L->shape[k];
  return s;
}

/* 1 + the largest index of any coordinate, i.e. CuTe's cosize for non-negative strides;
 * for negative strides it is 1 + max - min, the span of the image. */
CUTE_DEV_FN int64_t cute_dev_layout_cosize(const cute_layout_t *L) {
  int64_t hi = 0, lo = 0;
  int32_t n = cute_dev_leaves(L);
  for (int32_t k = 0; k < n; ++k) {
    int64_t s = L->shape[k];
    if (s <= 0) return 0;
    int64_t d = (s - 1) * L->stride[k];
    if (d > 0) hi += d; else lo += d;
  }
  return hi - lo + 1;
}

CUTE_DEV_FN int64_t cute_dev_crd2idx_flat(const cute_layout_t *L, const int64_t *crd) {
  int64_t idx = 0;
  int32_t n = cute_dev_leaves(L);
  for (int32_t k = 0; k < n; ++k) idx += crd[k] * L->stride[k];
  return idx;
}

CUTE_DEV_FN void cute_dev_idx2crd_flat(const cute_layout_t *L, int64_t i, int64_t *crd) {
  int32_t n = cute_dev_leaves(L);
  for (int32_t k = 0; k < n; ++k) {
    if (k == n - 1) {
      crd[k] = i;
    } else {
      int64_t s = L->shape[k] > 0 ? L->shape[k] : 1;
      crd[k] = i % s;
      i /= s;
    }
  }
}

/* The index of the integer coordinate i over leaves [first, first + count) of L: i split
 * colexicographically over those leaves, the last one taking the whole remaining quotient. */
CUTE_DEV_FN int64_t cute_dev_leaves_eval(const cute_layout_t *L, int32_t first, int32_t count, int64_t i) {
  int64_t idx = 0;
  int32_t end = first + count;
  if (end > CUTE_LAYOUT_MAX_LEAVES) end = CUTE_LAYOUT_MAX_LEAVES;
  for (int32_t k = first; k < end; ++k) {
    if (k == first + count - 1) {
      idx += i * L->stride[k];
    } else {
      int64_t s = L->shape[k] > 0 ? L->shape[k] : 1;
      int64_t q = i / s;
      idx += (i - q * s) * L->stride[k];
      i = q;
    }
  }
  return idx;
}

CUTE_DEV_FN int64_t cute_dev_layout_eval(const cute_layout_t *L, int64_t i) {
  return cute_dev_leaves_eval(L, 0, cute_dev_leaves(L), i);
}

/* Number of top-level modes. An integer shape (nest "L") has rank 1; a tuple "( ... )" has
 * as many as its direct children. */
CUTE_DEV_FN int32_t cute_dev_rank(const cute_layout_t *L) {
  int32_t nt = L->ntokens;
  if (nt > CUTE_LAYOUT_MAX_TOKENS) nt = CUTE_LAYOUT_MAX_TOKENS;
  if (nt <= 0 || L->nest[0] != CUTE_NEST_OPEN) return 1;
  int32_t depth = 0, r = 0;
  for (int32_t t = 0; t < nt; ++t) {
    int8_t c = L->nest[t];
    if (c == CUTE_NEST_OPEN) {
      if (depth == 1) ++r;
      ++depth;
    } else if (c == CUTE_NEST_CLOSE) {
      --depth;
    } else if (depth == 1) {
      ++r;
    }
  }
  return r;
}

/* Leaves of top-level mode m: *first and *count. Returns 0 on success, -1 if m is out of
 * range. */
CUTE_DEV_FN int cute_dev_mode_leaves(const cute_layout_t *L, int32_t m, int32_t *first,
                                     int32_t *count) {
  int32_t nt = L->ntokens;
  if (nt > CUTE_LAYOUT_MAX_TOKENS) nt = CUTE_LAYOUT_MAX_TOKENS;
  if (nt <= 0 || L->nest[0] != CUTE_NEST_OPEN) {
    if (m != 0) return -1;
    *first = 0;
    *count = cute_dev_leaves(L);
    return 0;
  }
  int32_t depth = 0, mode = -1, leaf = 0;
  *first = 0;
  *count = 0;
  for (int32_t t = 0; t < nt; ++t) {
    int8_t c = L->nest[t];
    if (c == CUTE_NEST_OPEN) {
      if (depth == 1) {
        ++mode;
        if (mode == m) *first = leaf;
      }
      ++depth;
    } else if (c == CUTE_NEST_CLOSE) {
      --depth;
    } else {
      if (depth == 1) {
        ++mode;
        if (mode == m) *first = leaf;
      }
      if (mode == m) ++*count;
      ++leaf;
    }
  }
  return (m >= 0 && m <= mode) ? 0 : -1;
}

/* Index of a coordinate given per top-level mode: crd[m] is the integer coordinate within
 * mode m (colexicographic over that mode's leaves, its last leaf unbounded). */
CUTE_DEV_FN int64_t cute_dev_crd2idx_modes(const cute_layout_t *L, const int64_t *crd) {
  int32_t r = cute_dev_rank(L);
  int64_t idx = 0;
  for (int32_t m = 0; m < r; ++m) {
    int32_t first = 0, count = 0;
    if (cute_dev_mode_leaves(L, m, &first, &count) != 0) break;
    idx += cute_dev_leaves_eval(L, first, count, crd[m]);
  }
  return idx;
}

CUTE_DEV_FN int64_t cute_dev_swizzle_apply(cute_swizzle_t sw, int64_t x) {
  if (sw.b <= 0) return x;
  int32_t sh = sw.s;
  int32_t base = sw.m + (sh > 0 ? sh : 0);
  int64_t yyy = (((int64_t)1 << sw.b) - 1) << base;
  int64_t sel = x & yyy;
  int64_t moved = sh >= 0 ? (sel >> sh) : (sel << (-sh));
  return x ^ moved;
}

CUTE_DEV_FN int64_t cute_dev_composed_eval(const cute_composed_layout_t *C, int64_t i) {
  return cute_dev_swizzle_apply(C->swizzle, C->offset + cute_dev_layout_eval(&C->layout, i));
}

CUTE_DEV_FN int64_t cute_dev_composed_crd2idx_flat(const cute_composed_layout_t *C,
                                                   const int64_t *crd) {
  return cute_dev_swizzle_apply(C->swizzle, C->offset + cute_dev_crd2idx_flat(&C->layout, crd));
}

#endif /* CUTEGO_DEVICE_H */

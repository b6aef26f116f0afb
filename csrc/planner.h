/* planner.h — what the two C planners share (csrc/tma/plan.c, the copy; csrc/gemm/plan.c, the
 * GEMM): int64 arithmetic that reports overflow instead of wrapping, the reason writer, the
 * generic-path choice, and the checks every layout a kernel reads or writes must pass (its byte
 * offsets fit int64; an output writes no element twice). Plain C99, static inline, host only. */
#ifndef CUTEGO_PLANNER_H
#define CUTEGO_PLANNER_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "cutego_types.h"

/* ---- checked int64 arithmetic: 0 and *r on success, -1 (r untouched) on overflow ---------- */

static inline int plan_mul(int64_t a, int64_t b, int64_t *r) {
#if defined(__GNUC__) || defined(__clang__)
  int64_t x;
  if (__builtin_mul_overflow(a, b, &x)) return -1;
  *r = x;
  return 0;
#else
  if (a == 0 || b == 0) {
    *r = 0;
    return 0;
  }
  if ((a == -1 && b == INT64_MIN) || (b == -1 && a == INT64_MIN)) return -1;
  if (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a) : (b > 0 ? a < INT64_MIN / b : a < INT64_MAX / b))
    return -1;
  *r = a * b;
  return 0;
#endif
}

static inline int plan_add(int64_t a, int64_t b, int64_t *r) {
#if defined(__GNUC__) || defined(__clang__)
  int64_t x;
  if (__builtin_add_overflow(a, b, &x)) return -1;
  *r = x;
  return 0;
#else
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return -1;
  *r = a + b;
  return 0;
#endif
}

/* ceil(a / b) for a >= 0, b > 0 (never overflows). */
static inline int64_t plan_ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0); }

/* a rounded up to a multiple of b (a >= 0, b > 0); -1 on overflow. */
static inline int plan_round_up(int64_t a, int64_t b, int64_t *r) { return plan_mul(plan_ceil_div(a, b), b, r); }

/* A planning step returns PLAN_NEXT to go on, or the plan's result: 0 (decided) or -1 (refused),
 * with the reason written. */
#define PLAN_NEXT 1

/* ---- reasons ----------------------------------------------------------------------------- */

/* Writes the formatted reason into buf (n bytes) and returns rc. */
static inline int plan_reason(char *buf, size_t n, int rc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  return rc;
}

/* The generic path, chosen for the reason fmt: with a forced path other than generic that is
 * an error (-1, "forced path <name> impossible: <why>"); else *path = generic and the reason
 * reads "generic: <why>" (0). */
static inline int plan_generic(char *buf, size_t n, int32_t *path, int32_t generic, int32_t forced,
                               const char *forced_name, const char *fmt, ...) {
  char why[150];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  if (forced && forced != generic) return plan_reason(buf, n, -1, "forced path %s impossible: %s", forced_name, why);
  *path = generic;
  return plan_reason(buf, n, 0, "generic: %s", why);
}

/* ---- layouts a kernel addresses ---------------------------------------------------------- */

/* Size (product of the leaf shapes) and reach (sum of (shape - 1) * |stride| * es over the leaves:
 * the distance in bytes between the lowest and the highest address the layout reaches, so
 * every offset in between fits int64). Only the leaves count (the nest is not read). Returns 0,
 * or -1 with what is wrong in why: a leaf count outside 0..CUTE_LAYOUT_MAX_LEAVES, a negative
 * shape, or a size or reach that overflows int64. A layout of size 0 reaches nothing. */
static inline int plan_extent(const cute_layout_t *L, int64_t es, int64_t *size, int64_t *reach, char *why,
                              size_t n) {
  if (L->leaves < 0 || L->leaves > CUTE_LAYOUT_MAX_LEAVES) {
    snprintf(why, n, "%d leaves (0..%d)", (int)L->leaves, CUTE_LAYOUT_MAX_LEAVES);
    return -1;
  }
  int64_t s = 1, r = 0;
  for (int k = 0; k < L->leaves; ++k) {
    if (L->shape[k] < 0) {
      snprintf(why, n, "leaf %d has the negative shape %lld", k, (long long)L->shape[k]);
      return -1;
    }
    if (plan_mul(s, L->shape[k], &s) != 0) {
      snprintf(why, n, "its size overflows int64");
      return -1;
    }
  }
  for (int k = 0; s > 0 && k < L->leaves; ++k) {
    int64_t d = L->stride[k], t;
    if (L->shape[k] <= 1) continue;
    if (d == INT64_MIN || plan_mul(L->shape[k] - 1, d < 0 ? -d : d, &t) != 0 || plan_mul(t, es, &t) != 0 ||
        plan_add(r, t, &r) != 0) {
      snprintf(why, n, "its byte offsets overflow int64 (leaf %d: %lld:%lld, %lld-byte elements)", k,
               (long long)L->shape[k], (long long)d, (long long)es);
      return -1;
    }
  }
  *size = s;
  *reach = r;
  return 0;
}

/* Layouts up to this size whose injectivity the stride test below cannot prove are checked
 * element by element. */
#define PLAN_INJECTIVE_BRUTE_MAX (1 << 16)

static inline int plan_cmp_i64(const void *x, const void *y) {
  int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
  return (a > b) - (a < b);
}

/* Whether L (its leaves; plan_extent must have passed) maps distinct coordinates of its domain to
 * distinct indices, as an output must (else an element is written twice, and which write wins
 * is a race). 1: injective. 0: not injective, the proof in why (a stride-0 leaf, or two
 * coordinates that meet). -1: not proven (why says so), which an output must be refused for too.
 *
 * The proof: sort the leaves of extent > 1 by |stride|; when each |stride| exceeds the reach
 * sum (n_j - 1) |stride_j| of the smaller ones, two coordinates that differ have a largest
 * differing leaf k, whose term |c_k - c'_k| |stride_k| >= |stride_k| exceeds what the smaller
 * leaves can give back: their indices differ. Layouts that fail the test and have at most
 * PLAN_INJECTIVE_BRUTE_MAX elements are decided by evaluating every coordinate. */
static inline int plan_injective(const cute_layout_t *L, char *why, size_t n) {
  int64_t ext[CUTE_LAYOUT_MAX_LEAVES], mag[CUTE_LAYOUT_MAX_LEAVES], size = 1;
  int r = 0;
  for (int k = 0; k < L->leaves; ++k) {
    if (L->shape[k] == 0) return 1; /* an empty domain */
    if (L->shape[k] == 1) continue;
    if (L->stride[k] == 0) {
      snprintf(why, n, "not injective: leaf %d (extent %lld) has stride 0, so it writes each element %lld times", k,
               (long long)L->shape[k], (long long)L->shape[k]);
      return 0;
    }
    int64_t e = L->shape[k], m = L->stride[k] < 0 ? -L->stride[k] : L->stride[k];
    int j = r++;
    for (; j > 0 && mag[j - 1] > m; --j) {
      ext[j] = ext[j - 1];
      mag[j] = mag[j - 1];
    }
    ext[j] = e;
    mag[j] = m;
    size *= e; /* plan_extent checked it */
  }
  int64_t reach = 0;
  int proven = 1;
  for (int j = 0; j < r && proven; ++j) {
    if (mag[j] <= reach) proven = 0;
    reach += (ext[j] - 1) * mag[j]; /* within plan_extent's reach */
  }
  if (proven) return 1;
  if (size > PLAN_INJECTIVE_BRUTE_MAX) {
    snprintf(why, n,
             "not proven injective (may write an element twice): its strides, by magnitude, do not each "
             "exceed the reach of the smaller ones, and its %lld elements are too many to check one by one",
             (long long)size);
    return -1;
  }
  int64_t *idx = (int64_t *)malloc((size_t)size * sizeof *idx);
  if (!idx) {
    snprintf(why, n, "not proven injective (may write an element twice): no memory to check it");
    return -1;
  }
  for (int64_t i = 0; i < size; ++i) {
    int64_t q = i, x = 0;
    for (int k = 0; k < L->leaves; ++k) {
      int64_t e = L->shape[k];
      x += (q % e) * L->stride[k];
      q /= e;
    }
    idx[i] = x;
  }
  qsort(idx, (size_t)size, sizeof *idx, plan_cmp_i64);
  int64_t twice = 0;
  int found = 0;
  for (int64_t i = 1; i < size && !found; ++i)
    if (idx[i] == idx[i - 1]) {
      twice = idx[i];
      found = 1;
    }
  free(idx);
  if (found) {
    snprintf(why, n, "not injective: it writes index %lld more than once", (long long)twice);
    return 0;
  }
  return 1;
}

#endif /* CUTEGO_PLANNER_H */

/* device_test.c — include/cutego_device.h (the header-only evaluator for kernels), compiled
 * as C and as C++ with plain host compilers, agrees with libcutego (cute_layout_eval,
 * cute_crd2idx, cute_idx2crd, cute_size, cute_cosize, cute_rank, cute_composed_layout_eval)
 * on random nested layouts. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cutego.h"
#include "cutego_device.h"

static int fails = 0;
#define CHECK(cond, ...)                                   \
  do {                                                     \
    if (!(cond)) {                                         \
      if (++fails < 20) {                                  \
        fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
        fprintf(stderr, __VA_ARGS__);                      \
        fprintf(stderr, "\n");                             \
      }                                                    \
    }                                                      \
  } while (0)

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* a random nested int tuple as text, with *leaves leaves at most max */
static void tuple_text(char *buf, size_t n, int depth, int *leaves, int max, int neg) {
  if (depth == 0 || *leaves >= max - 1 || next() % 3 == 0) {
    ++*leaves;
    long v = neg ? (long)(next() % 24) - 3 : 1 + (long)(next() % 5);
    snprintf(buf, n, "%ld", v);
    return;
  }
  int k = 1 + (int)(next() % 3);
  size_t off = 0;
  off += snprintf(buf + off, n - off, "(");
  for (int i = 0; i < k && *leaves < max; ++i) {
    char sub[256];
    tuple_text(sub, sizeof sub, depth - 1, leaves, max, neg);
    off += snprintf(buf + off, n - off, "%s%s", i ? "," : "", sub);
  }
  snprintf(buf + off, n - off, ")");
}

int main(void) {
  int tested = 0;
  for (int it = 0; it < 400; ++it) {
    char shape[512];
    int leaves = 0;
    tuple_text(shape, sizeof shape, 3, &leaves, 6, 0);
    cute_layout_t L;
    if (cute_layout_parse(shape, &L) != CUTEGO_OK) continue; /* column-major of the shape */
    /* random strides on the same nest */
    for (int k = 0; k < L.leaves; ++k) L.stride[k] = (int64_t)(next() % 40) - 6;
    if (cute_layout_check(&L) != CUTEGO_OK) continue;
    ++tested;
    int64_t n = 0, v = 0;
    cute_size(&L, &n);
    CHECK(cute_dev_layout_size(&L) == n, "size");
    int32_t r = 0;
    cute_rank(&L, &r);
    CHECK(cute_dev_rank(&L) == r, "rank %d vs %d", cute_dev_rank(&L), r);
    int nonneg = 1;
    for (int k = 0; k < L.leaves; ++k) nonneg &= L.stride[k] >= 0;
    if (nonneg) {
      cute_cosize(&L, &v);
      CHECK(cute_dev_layout_cosize(&L) == v, "cosize");
    }
    for (int64_t i = 0; i < n + 3; ++i) { /* + 3: past the end, the last mode extends */
      cute_layout_eval(&L, i, &v);
      CHECK(cute_dev_layout_eval(&L, i) == v, "eval(%" PRId64 ")", i);
      cute_int_tuple_t c;
      cute_idx2crd(&L, i, &c);
      int64_t crd[CUTE_LAYOUT_MAX_LEAVES];
      cute_dev_idx2crd_flat(&L, i, crd);
      CHECK(c.leaves == L.leaves && memcmp(crd, c.value, sizeof(int64_t) * L.leaves) == 0, "idx2crd(%" PRId64 ")", i);
      int64_t w = 0;
      cute_crd2idx(&L, &c, &w);
      CHECK(cute_dev_crd2idx_flat(&L, c.value) == w, "crd2idx_flat");
      /* per top-level mode coordinates */
      if (r <= CUTE_LAYOUT_MAX_LEAVES) {
        int64_t mc[CUTE_LAYOUT_MAX_LEAVES];
        cute_int_tuple_t t;
        memset(&t, 0, sizeof t);
        if (L.nest[0] == CUTE_NEST_OPEN) t.nest[t.ntokens++] = CUTE_NEST_OPEN;
        for (int32_t m = 0; m < r; ++m) {
          cute_layout_t mode;
          int64_t ms = 1;
          cute_layout_mode(&L, m, &mode);
          cute_size(&mode, &ms);
          mc[m] = (int64_t)(next() % (uint64_t)ms);
          t.value[t.leaves++] = mc[m];
          t.nest[t.ntokens++] = CUTE_NEST_LEAF;
        }
        if (L.nest[0] == CUTE_NEST_OPEN) t.nest[t.ntokens++] = CUTE_NEST_CLOSE;
        w = -1;
        cutego_status_t st = cute_crd2idx(&L, &t, &w);
        CHECK(st == CUTEGO_OK && cute_dev_crd2idx_modes(&L, mc) == w, "crd2idx_modes");
      }
    }
    /* composed with a swizzle */
    cute_composed_layout_t C;
    cute_swizzle_t sw;
    int32_t b = (int32_t)(next() % 4), m = (int32_t)(next() % 4), s = b + (int32_t)(next() % 3);
    if (next() % 2) s = -s;
    if (cute_make_swizzle(b, m, s, &sw) != CUTEGO_OK) continue;
    if (cute_make_composed_layout(&sw, (int64_t)(next() % 64), &L, &C) != CUTEGO_OK) continue;
    for (int64_t i = 0; i < n; ++i) {
      cute_composed_layout_eval(&C, i, &v);
      if (v >= 0) CHECK(cute_dev_composed_eval(&C, i) == v, "composed eval");
    }
  }
  printf("device_test (%s): %d random layouts, %s\n",
#ifdef __cplusplus
         "C++",
#else
         "C",
#endif
         tested, fails ? "FAILED" : "agree");
  return fails ? 1 : 0;
}

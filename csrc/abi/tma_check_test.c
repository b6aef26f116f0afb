/* tma_check_test.c — one set of TMA rules: libcutego's cutego_tma_check (cute/tma's
 * Desc.Check, Go) and the planner's cutego_tma_desc_check (csrc/tma/plan.c, C, linked in)
 * accept and refuse the same descriptors: every field of a valid descriptor set to values
 * around each limit of cutego_tma.h, one at a time and at random several at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cutego.h"
#include "cutego_tma.h"

static int fails = 0, checks = 0;

static void agree(const cutego_tma_desc_t *d, const char *what) {
  char why[200] = "";
  int c = cutego_tma_desc_check(d, 0, why, sizeof why);
  cutego_status_t st = cutego_tma_check(d);
  ++checks;
  if ((c == 0) != (st == CUTEGO_OK) ||
      (st != CUTEGO_OK && st != CUTEGO_NOT_ADMISSIBLE && st != CUTEGO_INVALID_ARGUMENT)) {
    char msg[CUTEGO_LAST_ERROR_MAX];
    cutego_last_error(msg, sizeof msg);
    if (++fails <= 20)
      fprintf(stderr, "FAIL %s: C %d (%s), Go %d (%s)\n", what, c, why, (int)st, st ? msg : "ok");
  }
}

static const int64_t big[] = {-1, 0, 1, 2, 15, 16, 17, 32, 48, 256, 257, 512,
                              CUTEGO_TMA_MAX_DIM - 1, CUTEGO_TMA_MAX_DIM, CUTEGO_TMA_MAX_DIM + 1,
                              ((int64_t)1) << 32, CUTEGO_TMA_MAX_STRIDE - 16, CUTEGO_TMA_MAX_STRIDE,
                              CUTEGO_TMA_MAX_STRIDE + 16};
static const int32_t small[] = {-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 24, 32, 48, 64, 96, 128,
                                255, CUTEGO_TMA_MAX_BOX, CUTEGO_TMA_MAX_BOX + 1};
#define N(a) ((int)(sizeof(a) / sizeof(a)[0]))

static cutego_tma_desc_t base(void) {
  cutego_tma_desc_t d;
  memset(&d, 0, sizeof d);
  d.rank = 3;
  d.elem_bytes = 2;
  int64_t dims[5] = {256, 128, 4, 1, 1}, strides[5] = {2, 512, 65536, 0, 0};
  int32_t box[5] = {64, 8, 1, 1, 1};
  for (int i = 0; i < 5; ++i) {
    d.dims[i] = dims[i];
    d.strides[i] = strides[i];
    d.box[i] = box[i];
    d.elem_strides[i] = 1;
  }
  d.swizzle_bytes = 128;
  return d;
}

/* set field f (0..6: rank, elem_bytes, dims[i], strides[i], box[i], elem_strides[i],
 * swizzle) of d to the k-th value of its list */
static void set(cutego_tma_desc_t *d, int f, int i, int k) {
  switch (f) {
    case 0: d->rank = small[k % N(small)]; break;
    case 1: d->elem_bytes = small[k % N(small)]; break;
    case 2: d->dims[i] = big[k % N(big)]; break;
    case 3: d->strides[i] = big[k % N(big)]; break;
    case 4: d->box[i] = small[k % N(small)]; break;
    case 5: d->elem_strides[i] = small[k % N(small)]; break;
    case 6: d->swizzle_bytes = small[k % N(small)]; break;
  }
}

int main(void) {
  cutego_tma_desc_t d = base();
  agree(&d, "base");
  if (cutego_tma_check(&d) != CUTEGO_OK) fprintf(stderr, "FAIL: the base descriptor is refused\n"), ++fails;
  char what[64];
  for (int f = 0; f < 7; ++f)
    for (int i = 0; i < 5; ++i)
      for (int k = 0; k < N(big); ++k) {
        d = base();
        set(&d, f, i, k);
        snprintf(what, sizeof what, "field %d[%d] value #%d", f, i, k);
        agree(&d, what);
      }
  srand(12345);
  for (int it = 0; it < 200000; ++it) {
    d = base();
    for (int j = rand() % 4; j >= 0; --j) set(&d, rand() % 7, rand() % 5, rand());
    snprintf(what, sizeof what, "random #%d", it);
    agree(&d, what);
  }
  if (cutego_tma_check(NULL) != CUTEGO_NULL_POINTER) fprintf(stderr, "FAIL: NULL\n"), ++fails;
  d = base();
  d.dims[0] = CUTEGO_TMA_MAX_DIM;
  if (cutego_tma_check(&d) != CUTEGO_NOT_ADMISSIBLE) fprintf(stderr, "FAIL: extent 2^31 taken\n"), ++fails;
  printf("tma_check_test: %d descriptors, %d disagreements\n", checks, fails);
  return fails != 0;
}

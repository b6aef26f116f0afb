/* CPU test of include/cutego_device.h: hand-worked CuTe cases. Built as C99 and as C++. */
#include <stdio.h>
#include <string.h>
#include "cutego_device.h"

#include "../check.h"

static cute_layout_t mk(int n, const long long *shape, const long long *stride, const char *nest) {
  cute_layout_t L;
  memset(&L, 0, sizeof L);
  L.leaves = n;
  for (int k = 0; k < n; ++k) {
    L.shape[k] = shape[k];
    L.stride[k] = stride[k];
  }
  int t = 0;
  for (const char *c = nest; *c; ++c) {
    if (*c == '(') L.nest[t++] = CUTE_NEST_OPEN;
    else if (*c == ')') L.nest[t++] = CUTE_NEST_CLOSE;
    else if (*c == 'L') L.nest[t++] = CUTE_NEST_LEAF;
  }
  L.ntokens = t;
  return L;
}

int main(void) {
  /* (2,(3,4)):(1,(2,6)) is column-major 24:1 */
  {
    long long s[] = {2, 3, 4}, d[] = {1, 2, 6};
    cute_layout_t L = mk(3, s, d, "(L(LL))");
    CHECK(cute_dev_layout_size(&L) == 24, "size");
    CHECK(cute_dev_layout_cosize(&L) == 24, "cosize");
    CHECK(cute_dev_rank(&L) == 2, "rank %d", (int)cute_dev_rank(&L));
    for (int64_t i = 0; i < 24; ++i) CHECK(cute_dev_layout_eval(&L, i) == i, "eval %lld", (long long)i);
    int32_t f = -1, c = -1;
    CHECK(cute_dev_mode_leaves(&L, 1, &f, &c) == 0 && f == 1 && c == 2, "mode 1 leaves %d %d", f, c);
    CHECK(cute_dev_mode_leaves(&L, 0, &f, &c) == 0 && f == 0 && c == 1, "mode 0 leaves");
    CHECK(cute_dev_mode_leaves(&L, 2, &f, &c) == -1, "mode 2 out of range");
    int64_t crd[2] = {1, 7}; /* mode 1 coord 7 -> (1,2) -> 2 + 12 */
    CHECK(cute_dev_crd2idx_modes(&L, crd) == 1 + 1 * 2 + 2 * 6, "crd2idx_modes %lld",
          (long long)cute_dev_crd2idx_modes(&L, crd));
  }
  /* (4,3):(3,1) row-major: L(i) = (i%4)*3 + (i/4) */
  {
    long long s[] = {4, 3}, d[] = {3, 1};
    cute_layout_t L = mk(2, s, d, "(LL)");
    for (int64_t i = 0; i < 12; ++i)
      CHECK(cute_dev_layout_eval(&L, i) == (i % 4) * 3 + i / 4, "rowmajor %lld", (long long)i);
    int64_t crd[2];
    cute_dev_idx2crd_flat(&L, 7, crd);
    CHECK(crd[0] == 3 && crd[1] == 1, "idx2crd");
    CHECK(cute_dev_crd2idx_flat(&L, crd) == 10, "crd2idx");
    /* last mode takes the whole quotient: i = 13 -> (1,3) -> 3 + 3 */
    CHECK(cute_dev_layout_eval(&L, 13) == 6, "beyond size");
    CHECK(cute_dev_rank(&L) == 2, "rank");
  }
  /* integer shape 8:2, and a padded (3,5):(1,4) */
  {
    long long s[] = {8}, d[] = {2};
    cute_layout_t L = mk(1, s, d, "L");
    CHECK(cute_dev_rank(&L) == 1, "rank int");
    CHECK(cute_dev_layout_eval(&L, 5) == 10, "8:2");
    CHECK(cute_dev_layout_cosize(&L) == 15, "cosize 8:2");
    long long s2[] = {3, 5}, d2[] = {1, 4};
    cute_layout_t P = mk(2, s2, d2, "(LL)");
    CHECK(cute_dev_layout_eval(&P, 4) == 1 + 4, "padded");
    CHECK(cute_dev_layout_cosize(&P) == 19, "cosize padded");
  }
  /* swizzles: Sw<3,4,3>(128) = 144; Sw<2,1,-1>, identity, involution */
  {
    cute_swizzle_t sw = {3, 4, 3};
    CHECK(cute_dev_swizzle_apply(sw, 128) == 144, "Sw<3,4,3>(128) = %lld",
          (long long)cute_dev_swizzle_apply(sw, 128));
    for (int64_t x = 0; x < 4096; ++x)
      CHECK(cute_dev_swizzle_apply(sw, cute_dev_swizzle_apply(sw, x)) == x, "involution");
    cute_swizzle_t id = {0, 4, 3};
    CHECK(cute_dev_swizzle_apply(id, 1234) == 1234, "identity");
    cute_swizzle_t neg = {1, 1, -1}; /* bits of (1<<1) moved left by 1: x ^ ((x & 2) << 1) */
    CHECK(cute_dev_swizzle_apply(neg, 2) == 6, "negative shift %lld",
          (long long)cute_dev_swizzle_apply(neg, 2));
    /* Sw<3,3,3> o (8,64):(64,1): row 1, col 0 -> 64 ^ 8 = 72 */
    cute_composed_layout_t C;
    memset(&C, 0, sizeof C);
    C.swizzle.b = 3;
    C.swizzle.m = 3;
    C.swizzle.s = 3;
    long long s[] = {8, 64}, d[] = {64, 1};
    C.layout = mk(2, s, d, "(LL)");
    CHECK(cute_dev_composed_eval(&C, 1) == 72, "composed %lld", (long long)cute_dev_composed_eval(&C, 1));
    C.offset = 64;
    CHECK(cute_dev_composed_eval(&C, 0) == 72, "composed offset");
    int64_t crd[2] = {1, 8};
    C.offset = 0;
    CHECK(cute_dev_composed_crd2idx_flat(&C, crd) == (72 ^ 8), "composed crd");
  }
  if (fails) {
    fprintf(stderr, "%d failures\n", fails);
    return 1;
  }
  printf("cutego_device.h: all checks passed\n");
  return 0;
}

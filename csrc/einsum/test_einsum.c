/* test_einsum.c — libcutego's contraction planner from C (cutego_einsum_fold,
 * include/cutego_einsum.h): the paper's example folds as section 1.3 says, a contraction
 * run through the folded layouts with four loops agrees with plain nested loops over the
 * indices, and every refusal has its status. Run by `make einsum-capi-test` under
 * AddressSanitizer and UBSan. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cutego_einsum.h"

static int failures;

#define CHECK(cond, ...)                                  \
  do {                                                    \
    if (!(cond)) {                                        \
      printf("FAILED %s:%d: ", __FILE__, __LINE__);       \
      printf(__VA_ARGS__);                                \
      printf("\n");                                       \
      failures++;                                         \
    }                                                     \
  } while (0)

static const char *fmt(const cute_layout_t *l) {
  static char buf[4][512];
  static int k;
  k = (k + 1) % 4;
  if (cute_layout_format(l, buf[k], sizeof buf[k], NULL) != CUTEGO_OK) return "<format failed>";
  return buf[k];
}

static cute_layout_t parse(const char *s) {
  cute_layout_t l;
  if (cute_layout_parse(s, &l) != CUTEGO_OK) {
    printf("parse %s failed\n", s);
    exit(2);
  }
  return l;
}

/* L(c) for the coordinate (x, y, z) of a rank-3 layout, each a 1-D coordinate of its mode. */
static int64_t eval3(const cute_layout_t *l, int64_t x, int64_t y, int64_t z) {
  int64_t r = 0, c[3] = {x, y, z};
  for (int i = 0; i < 3; i++) {
    cute_layout_t m;
    int64_t v;
    if (cute_layout_mode(l, i, &m) != CUTEGO_OK || cute_layout_eval(&m, c[i], &v) != CUTEGO_OK) exit(3);
    r += v;
  }
  return r;
}

static void paper_example(void) {
  /* C_stqp = A_stupr B_qtru, column-major operands: C_(sp)(q)(t) = A_(sp)(ur)(t) B_(q)(ur)(t) */
  cute_layout_t a = parse("(2,3,4,5,6):(1,2,6,24,120)");
  cute_layout_t b = parse("(7,3,6,4):(1,7,21,126)");
  cute_layout_t c = parse("(2,3,7,5):(1,2,6,42)");
  cutego_einsum_plan_t p;
  cutego_status_t st = cutego_einsum_fold("stupr,qtru->stqp", &a, &b, &c, &p);
  CHECK(st == CUTEGO_OK, "fold: status %d", st);
  CHECK(!strcmp(fmt(&p.a), "((2,5),(4,6),3):((1,24),(6,120),2)"), "A folded %s", fmt(&p.a));
  CHECK(!strcmp(fmt(&p.b), "(7,(4,6),3):(1,(126,21),7)"), "B folded %s", fmt(&p.b));
  CHECK(!strcmp(fmt(&p.c), "((2,5),7,3):((1,42),6,2)"), "C folded %s", fmt(&p.c));
  CHECK(p.m == 10 && p.n == 7 && p.k == 24 && p.l == 3, "sizes %lld %lld %lld %lld", (long long)p.m,
        (long long)p.n, (long long)p.k, (long long)p.l);
  CHECK(!strcmp(p.m_indices, "sp") && !strcmp(p.n_indices, "q") && !strcmp(p.k_indices, "ur") &&
            !strcmp(p.l_indices, "t"),
        "indices %s %s %s %s", p.m_indices, p.n_indices, p.k_indices, p.l_indices);
}

/* The same contraction, small, row-major operands (numpy's order), run both ways. */
static void run_contraction(void) {
  enum { S = 2, T = 3, U = 2, P = 3, R = 2, Q = 4 };
  static double A[S][T][U][P][R], B[Q][T][R][U], C1[S][T][Q][P], C2[S][T][Q][P];
  unsigned seed = 12345;
  for (size_t i = 0; i < sizeof A / sizeof(double); i++) ((double *)A)[i] = (double)((seed = seed * 1103515245u + 12345u) >> 16 & 15) - 7;
  for (size_t i = 0; i < sizeof B / sizeof(double); i++) ((double *)B)[i] = (double)((seed = seed * 1103515245u + 12345u) >> 16 & 15) - 7;
  memset(C1, 0, sizeof C1);
  memset(C2, 0, sizeof C2);
  /* plain nested loops over the indices */
  for (int s = 0; s < S; s++)
    for (int t = 0; t < T; t++)
      for (int u = 0; u < U; u++)
        for (int p = 0; p < P; p++)
          for (int r = 0; r < R; r++)
            for (int q = 0; q < Q; q++) C1[s][t][q][p] += A[s][t][u][p][r] * B[q][t][r][u];
  /* the four loops of the canonical form over the folded layouts */
  cute_layout_t a = parse("(2,3,2,3,2):(36,12,6,2,1)");
  cute_layout_t b = parse("(4,3,2,2):(12,4,2,1)");
  cute_layout_t c = parse("(2,3,4,3):(36,12,3,1)");
  cutego_einsum_plan_t pl;
  cutego_status_t st = cutego_einsum_fold("stupr, qtru -> stqp", &a, &b, &c, &pl);
  CHECK(st == CUTEGO_OK, "fold: status %d", st);
  if (st != CUTEGO_OK) return;
  double *pa = (double *)A, *pb = (double *)B, *pc = (double *)C2;
  for (int64_t l = 0; l < pl.l; l++)
    for (int64_t m = 0; m < pl.m; m++)
      for (int64_t n = 0; n < pl.n; n++)
        for (int64_t k = 0; k < pl.k; k++)
          pc[eval3(&pl.c, m, n, l)] += pa[eval3(&pl.a, m, k, l)] * pb[eval3(&pl.b, n, k, l)];
  CHECK(!memcmp(C1, C2, sizeof C1), "the folded GEMM differs from the nested loops");
}

static void refusals(void) {
  cute_layout_t l2 = parse("(2,3):(1,2)"), l32 = parse("(3,2):(1,3)"), l22 = parse("(2,2):(1,2)");
  cute_layout_t l1 = parse("2:1");
  cute_layout_t scalar0 = parse("():()");
  cutego_einsum_plan_t p;
  struct {
    const char *spec;
    cute_layout_t *a, *b, *c;
    cutego_status_t want;
  } cases[] = {
      {"ij,jk->ik", &l2, &l32, &l22, CUTEGO_OK},
      {"ij,jk", &l2, &l32, &l22, CUTEGO_OK},
      {"ij->ij", &l2, &l2, &l2, CUTEGO_PARSE},
      {"i1,jk->ik", &l2, &l2, &l2, CUTEGO_PARSE},
      {"...i,i->", &l1, &l1, &l1, CUTEGO_PARSE},
      {"ij,k->ik", &l2, &l1, &l22, CUTEGO_NOT_ADMISSIBLE},
      {"ii,ij->j", &l22, &l22, &l1, CUTEGO_OK}, /* a diagonal */
      {"ii,->", &l22, &scalar0, &scalar0, CUTEGO_NOT_ADMISSIBLE}, /* a trace: i in A alone */
      {"ij,jk->iki", &l2, &l32, &l2, CUTEGO_INVALID_ARGUMENT},
      {"ij,jk->ik", &l2, &l22, &l22, CUTEGO_INVALID_ARGUMENT},
      {"ijk,jk->ik", &l2, &l32, &l22, CUTEGO_INVALID_ARGUMENT},
      {"ij,jk->ikz", &l2, &l32, &l2, CUTEGO_INVALID_ARGUMENT},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    cutego_status_t st = cutego_einsum_fold(cases[i].spec, cases[i].a, cases[i].b, cases[i].c, &p);
    char msg[512];
    cutego_last_error(msg, sizeof msg);
    CHECK(st == cases[i].want, "%s: status %d (%s), want %d", cases[i].spec, st, msg, cases[i].want);
    if (st != CUTEGO_OK) CHECK(strstr(msg, "cutego_einsum_fold") != NULL, "%s: message %s", cases[i].spec, msg);
  }
  /* the diagonal of a 2×2 column-major matrix is 2:3 */
  CHECK(cutego_einsum_fold("ii,ij->j", &l22, &l22, &l1, &p) == CUTEGO_OK && !strcmp(fmt(&p.a), "(1,2,1):(0,3,0)"),
        "diagonal: A folded %s", fmt(&p.a));
  CHECK(cutego_einsum_fold(NULL, &l2, &l32, &l22, &p) == CUTEGO_NULL_POINTER, "NULL spec");
  CHECK(cutego_einsum_fold("ij,jk->ik", &l2, NULL, &l22, &p) == CUTEGO_NULL_POINTER, "NULL b");
  CHECK(cutego_einsum_fold("ij,jk->ik", &l2, &l32, &l22, NULL) == CUTEGO_NULL_POINTER, "NULL out");
  /* a malformed layout struct */
  cute_layout_t bad = l2;
  bad.ntokens = 0;
  CHECK(cutego_einsum_fold("ij,jk->ik", &bad, &l32, &l22, &p) == CUTEGO_INVALID_ARGUMENT, "bad nest");
  /* a folded A of 16 leaves plus the two 1:0 modes of empty k and l: over capacity */
  cute_layout_t a16 = parse("((2,2),(2,2),(2,2),(2,2),(2,2),(2,2),(2,2),(2,2)):((1,2),(4,8),(16,32),(64,128),(256,512),(1024,2048),(4096,8192),(16384,32768))");
  cute_layout_t c9 = parse("((2,2),(2,2),(2,2),(2,2),(2,2),(2,2),(2,2),(2,2)):((1,2),(4,8),(16,32),(64,128),(256,512),(1024,2048),(4096,8192),(16384,32768))");
  CHECK(cutego_einsum_fold("abcdefgh,i->abcdefgh", &a16, &l1, &c9, &p) == CUTEGO_NOT_ADMISSIBLE, "index only in B");
  cute_layout_t b1 = parse("1:0"), c16 = a16;
  CHECK(cutego_einsum_fold("abcdefgh,i->abcdefghi", &a16, &b1, &c16, &p) == CUTEGO_INVALID_ARGUMENT, "rank of C");
  cutego_status_t st = cutego_einsum_fold("abcdefgh,->abcdefgh", &a16, &(cute_layout_t){0}, &c16, &p);
  CHECK(st != CUTEGO_OK, "a zeroed layout struct accepted");
  cute_layout_t scalar = parse("():()");
  st = cutego_einsum_fold("abcdefgh,->abcdefgh", &a16, &scalar, &c16, &p);
  CHECK(st == CUTEGO_CAPACITY, "16 leaves and two 1:0 modes: status %d", st);
}

int main(void) {
  paper_example();
  run_contraction();
  refusals();
  if (failures) {
    printf("capi einsum: %d FAILED\n", failures);
    return 1;
  }
  printf("capi einsum: ok\n");
  return 0;
}

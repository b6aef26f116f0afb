/* abi_test.c — calls every function of include/cutego.h with good and bad input and checks
 * results and status codes. Expected layouts come from C++ CuTe (CUTLASS's headers, every
 * integer static, printed without the `_` marks) or CuTe's documentation, not from cutego.
 * Runs under AddressSanitizer + LeakSanitizer (+ UBSan) and valgrind in `make capi-test`. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cutego.h"


#include "../check.h"

static const char *lasterr(void) {
  static char buf[1024];
  cutego_last_error(buf, sizeof buf);
  return buf;
}

/* EXPECT_ST(call, status): the call returns status; on failure the message names fn. */
#define EXPECT_ST(call, want)                                                            \
  do {                                                                                   \
    cutego_status_t st_ = (call);                                                        \
    CHECK(st_ == (want), "%s returned %d (%s), want %d (%s); last error: %s", #call,      \
          (int)st_, cutego_status_string(st_), (int)(want), cutego_status_string(want), \
          lasterr());                                                                    \
  } while (0)

static cute_layout_t L(const char *text) {
  cute_layout_t l;
  memset(&l, 0xAB, sizeof l);
  cutego_status_t st = cute_layout_parse(text, &l);
  if (st != CUTEGO_OK) {
    fprintf(stderr, "FATAL: cute_layout_parse(%s): %s\n", text, lasterr());
    exit(2);
  }
  return l;
}

static cute_int_tuple_t T(const char *text) {
  cute_int_tuple_t t;
  cutego_status_t st = cute_int_tuple_parse(text, &t);
  if (st != CUTEGO_OK) {
    fprintf(stderr, "FATAL: cute_int_tuple_parse(%s): %s\n", text, lasterr());
    exit(2);
  }
  return t;
}

static const char *F(const cute_layout_t *l) {
  static char buf[4][512];
  static int k = 0;
  k = (k + 1) % 4;
  if (cute_layout_format(l, buf[k], sizeof buf[k], NULL) != CUTEGO_OK) return "<format failed>";
  return buf[k];
}

static const char *FT(const cute_int_tuple_t *t) {
  static char buf[512];
  if (cute_int_tuple_format(t, buf, sizeof buf, NULL) != CUTEGO_OK) return "<format failed>";
  return buf;
}

/* EXPECT_LAYOUT(call writing to out, "expected"). */
#define EXPECT_LAYOUT(call, out, want)                                                        \
  do {                                                                                        \
    cutego_status_t st_ = (call);                                                             \
    CHECK(st_ == CUTEGO_OK, "%s returned %s: %s", #call, cutego_status_string(st_), lasterr()); \
    if (st_ == CUTEGO_OK) CHECK(strcmp(F(&(out)), (want)) == 0, "%s = %s, want %s", #call, F(&(out)), want); \
  } while (0)

/* ---- library -------------------------------------------------------------------------- */
static void test_library(void) {
  CHECK(cutego_version() == CUTEGO_VERSION, "cutego_version() = %d, header says %d", cutego_version(),
        CUTEGO_VERSION);
  CHECK(CUTEGO_VERSION == CUTEGO_VERSION_MAJOR * 10000 + CUTEGO_VERSION_MINOR * 100 + CUTEGO_VERSION_PATCH,
        "CUTEGO_VERSION");
  static const struct {
    cutego_status_t st;
    const char *s;
  } strs[] = {{CUTEGO_OK, "ok"},
              {CUTEGO_INVALID_ARGUMENT, "invalid argument"},
              {CUTEGO_NOT_ADMISSIBLE, "not admissible"},
              {CUTEGO_OVERFLOW, "integer overflow"},
              {CUTEGO_PARSE, "parse error"},
              {CUTEGO_CAPACITY, "capacity exceeded"},
              {CUTEGO_NULL_POINTER, "null pointer"},
              {CUTEGO_BUFFER_TOO_SMALL, "buffer too small"},
              {CUTEGO_INTERNAL, "internal error"}};
  for (size_t i = 0; i < sizeof strs / sizeof strs[0]; ++i)
    CHECK(strcmp(cutego_status_string(strs[i].st), strs[i].s) == 0, "status string %d", (int)strs[i].st);
  CHECK(strcmp(cutego_status_string((cutego_status_t)99), "unknown status") == 0, "unknown status string");

  /* the last error: snprintf semantics */
  cute_layout_t l;
  EXPECT_ST(cute_layout_parse("(4,5):(1", &l), CUTEGO_PARSE);
  size_t n = cutego_last_error(NULL, 0);
  CHECK(n > 10, "last error length %zu", n);
  char small[8];
  memset(small, 'x', sizeof small);
  size_t n2 = cutego_last_error(small, sizeof small);
  CHECK(n2 == n && small[7] == 0 && strlen(small) == 7, "truncated last error");
  CHECK(strncmp(small, "cute_la", 7) == 0, "last error starts with the function name: %s", small);
  char one[1] = {'x'};
  CHECK(cutego_last_error(one, 1) == n && one[0] == 0, "n == 1 writes the NUL only");
  CHECK(strstr(lasterr(), "cute_layout_parse") != NULL, "message names the function: %s", lasterr());
  /* a success does not clear it */
  EXPECT_ST(cute_layout_parse("8:1", &l), CUTEGO_OK);
  CHECK(cutego_last_error(NULL, 0) == n, "a success keeps the last error");
}

/* ---- int tuples ---------------------------------------------------------------------- */
static void test_int_tuple(void) {
  cute_int_tuple_t t;
  const int64_t v[3] = {2, 3, 4};
  const int8_t nest[7] = {CUTE_NEST_OPEN, CUTE_NEST_LEAF, CUTE_NEST_OPEN, CUTE_NEST_LEAF,
                          CUTE_NEST_LEAF, CUTE_NEST_CLOSE, CUTE_NEST_CLOSE};
  EXPECT_ST(cute_make_int_tuple(v, 3, nest, 7, &t), CUTEGO_OK);
  CHECK(strcmp(FT(&t), "(2,(3,4))") == 0, "make_int_tuple = %s", FT(&t));
  EXPECT_ST(cute_make_int_tuple(v, 3, NULL, 0, &t), CUTEGO_OK);
  CHECK(strcmp(FT(&t), "(2,3,4)") == 0, "flat = %s", FT(&t));
  EXPECT_ST(cute_make_int_tuple(v, 0, NULL, 0, &t), CUTEGO_OK);
  CHECK(strcmp(FT(&t), "()") == 0, "empty = %s", FT(&t));
  EXPECT_ST(cute_make_int_tuple(NULL, 3, nest, 7, &t), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_make_int_tuple(v, 3, nest, 7, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_make_int_tuple(v, 17, NULL, 0, &t), CUTEGO_CAPACITY);
  EXPECT_ST(cute_make_int_tuple(v, -1, NULL, 0, &t), CUTEGO_INVALID_ARGUMENT);
  EXPECT_ST(cute_make_int_tuple(v, 3, nest, 65, &t), CUTEGO_CAPACITY);
  EXPECT_ST(cute_make_int_tuple(v, 3, nest, 6, &t), CUTEGO_INVALID_ARGUMENT); /* unbalanced */
  EXPECT_ST(cute_make_int_tuple(v, 2, nest, 7, &t), CUTEGO_INVALID_ARGUMENT); /* 3 leaves in nest */
  EXPECT_ST(cute_make_int_tuple(v, 3, nest, 0, &t), CUTEGO_INVALID_ARGUMENT);
  const int8_t bad[3] = {CUTE_NEST_OPEN, 7, CUTE_NEST_CLOSE};
  EXPECT_ST(cute_make_int_tuple(v, 1, bad, 3, &t), CUTEGO_INVALID_ARGUMENT);
  const int8_t two[2] = {CUTE_NEST_LEAF, CUTE_NEST_LEAF};
  EXPECT_ST(cute_make_int_tuple(v, 2, two, 2, &t), CUTEGO_INVALID_ARGUMENT);
  const int8_t close1[1] = {CUTE_NEST_CLOSE};
  EXPECT_ST(cute_make_int_tuple(v, 0, close1, 1, &t), CUTEGO_INVALID_ARGUMENT);

  EXPECT_ST(cute_int_tuple_parse("(_2,(3,_4))", &t), CUTEGO_OK);
  CHECK(t.leaves == 3 && t.ntokens == 7 && t.value[2] == 4, "parse struct");
  CHECK(strcmp(FT(&t), "(2,(3,4))") == 0, "parse/format = %s", FT(&t));
  EXPECT_ST(cute_int_tuple_parse("7", &t), CUTEGO_OK);
  CHECK(t.leaves == 1 && t.ntokens == 1 && t.nest[0] == CUTE_NEST_LEAF && t.value[0] == 7, "integer");
  EXPECT_ST(cute_int_tuple_parse("(8)", &t), CUTEGO_OK);
  CHECK(strcmp(FT(&t), "(8)") == 0, "rank-1 tuple %s", FT(&t));
  EXPECT_ST(cute_int_tuple_parse("(1,2", &t), CUTEGO_PARSE);
  EXPECT_ST(cute_int_tuple_parse("4:1", &t), CUTEGO_PARSE);
  EXPECT_ST(cute_int_tuple_parse("", &t), CUTEGO_PARSE);
  EXPECT_ST(cute_int_tuple_parse("99999999999999999999", &t), CUTEGO_PARSE);
  EXPECT_ST(cute_int_tuple_parse(NULL, &t), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_int_tuple_parse("1", NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_int_tuple_parse("(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17)", &t), CUTEGO_CAPACITY);
  {
    char deep[80]; /* 33 levels: 67 tokens > CUTE_LAYOUT_MAX_TOKENS */
    memset(deep, '(', 33);
    deep[33] = '1';
    memset(deep + 34, ')', 33);
    deep[67] = 0;
    EXPECT_ST(cute_int_tuple_parse(deep, &t), CUTEGO_CAPACITY);
  }
  /* format: snprintf semantics */
  t = T("(2,(3,4))");
  char buf[6];
  size_t len = 0;
  EXPECT_ST(cute_int_tuple_format(&t, NULL, 0, &len), CUTEGO_OK);
  CHECK(len == 9, "size query %zu", len);
  EXPECT_ST(cute_int_tuple_format(&t, buf, sizeof buf, &len), CUTEGO_BUFFER_TOO_SMALL);
  CHECK(len == 9 && strcmp(buf, "(2,(3") == 0, "truncated: %s", buf);
  EXPECT_ST(cute_int_tuple_format(NULL, buf, sizeof buf, &len), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_int_tuple_format(&t, NULL, 5, &len), CUTEGO_NULL_POINTER);
}

/* ---- layouts ------------------------------------------------------------------------- */
static void test_layout(void) {
  cute_layout_t l, m;
  const int64_t sh[3] = {2, 3, 4}, sd[3] = {1, 2, 6};
  const int8_t nest[7] = {CUTE_NEST_OPEN, CUTE_NEST_LEAF, CUTE_NEST_OPEN, CUTE_NEST_LEAF,
                          CUTE_NEST_LEAF, CUTE_NEST_CLOSE, CUTE_NEST_CLOSE};
  EXPECT_LAYOUT(cute_make_layout(sh, sd, 3, nest, 7, &l), l, "(2,(3,4)):(1,(2,6))");
  CHECK(l.leaves == 3 && l.ntokens == 7 && l.shape[2] == 4 && l.stride[2] == 6 && l.nest[2] == CUTE_NEST_OPEN,
        "struct of (2,(3,4)):(1,(2,6))");
  EXPECT_LAYOUT(cute_make_layout(sh, sd, 3, NULL, 0, &l), l, "(2,3,4):(1,2,6)");
  EXPECT_LAYOUT(cute_make_layout(sh, NULL, 3, nest, 7, &l), l, "(2,(3,4)):(1,(2,6))");
  const int64_t one[1] = {8}, ones[1] = {1};
  const int8_t leaf[1] = {CUTE_NEST_LEAF};
  EXPECT_LAYOUT(cute_make_layout(one, ones, 1, leaf, 1, &l), l, "8:1");
  EXPECT_ST(cute_make_layout(NULL, sd, 3, nest, 7, &l), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_make_layout(sh, sd, 3, nest, 7, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_make_layout(sh, sd, 17, NULL, 0, &l), CUTEGO_CAPACITY);
  EXPECT_ST(cute_make_layout(sh, sd, 3, nest, 5, &l), CUTEGO_INVALID_ARGUMENT);
  const int64_t zero[2] = {2, 0};
  EXPECT_ST(cute_make_layout(zero, sd, 2, NULL, 0, &l), CUTEGO_INVALID_ARGUMENT);

  cute_int_tuple_t s = T("(2,(3,4))");
  EXPECT_LAYOUT(cute_make_layout_right(&s, &l), l, "(2,(3,4)):(12,(4,1))");
  s = T("(2,(1,4))");
  EXPECT_LAYOUT(cute_make_layout_left(&s, &l), l, "(2,(1,4)):(1,(0,2))");
  EXPECT_ST(cute_make_layout_left(NULL, &l), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_make_layout_right(&s, NULL), CUTEGO_NULL_POINTER);
  s = T("(2,-3)");
  EXPECT_ST(cute_make_layout_left(&s, &l), CUTEGO_INVALID_ARGUMENT);

  /* parse / format */
  EXPECT_LAYOUT(cute_layout_parse("(_4,_5):(_16,_64)", &l), l, "(4,5):(16,64)");
  EXPECT_LAYOUT(cute_layout_parse(" ( 4 , 5 ) : ( 1 , 4 ) ", &l), l, "(4,5):(1,4)");
  EXPECT_LAYOUT(cute_layout_parse("(2,(3,4))", &l), l, "(2,(3,4)):(1,(2,6))");
  EXPECT_LAYOUT(cute_layout_parse("():()", &l), l, "():()");
  CHECK(l.leaves == 0 && l.ntokens == 2, "empty layout struct");
  EXPECT_ST(cute_layout_parse("(4,5):(1)", &l), CUTEGO_PARSE);
  EXPECT_ST(cute_layout_parse("(4,5):(1@0,1@1)", &l), CUTEGO_INVALID_ARGUMENT); /* scaled basis */
  EXPECT_ST(cute_layout_parse("Sw<3,4,3>", &l), CUTEGO_PARSE);
  EXPECT_ST(cute_layout_parse("(4,0):(1,4)", &l), CUTEGO_PARSE);
  EXPECT_ST(cute_layout_parse("(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1):(0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0)", &l),
            CUTEGO_CAPACITY);
  EXPECT_ST(cute_layout_parse(NULL, &l), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_layout_parse("8:1", NULL), CUTEGO_NULL_POINTER);
  l = L("(4,5):(16,64)");
  char buf[64];
  size_t len = 0;
  EXPECT_ST(cute_layout_format(&l, buf, sizeof buf, &len), CUTEGO_OK);
  CHECK(len == 13 && strcmp(buf, "(4,5):(16,64)") == 0, "format %s %zu", buf, len);
  EXPECT_ST(cute_layout_format(&l, buf, 13, &len), CUTEGO_BUFFER_TOO_SMALL);
  CHECK(strcmp(buf, "(4,5):(16,64") == 0, "truncated %s", buf);
  EXPECT_ST(cute_layout_format(&l, buf, 14, NULL), CUTEGO_OK);
  EXPECT_ST(cute_layout_format(&l, NULL, 0, &len), CUTEGO_OK);
  EXPECT_ST(cute_layout_format(NULL, buf, sizeof buf, &len), CUTEGO_NULL_POINTER);

  /* check / equal, malformed structs */
  EXPECT_ST(cute_layout_check(&l), CUTEGO_OK);
  EXPECT_ST(cute_layout_check(NULL), CUTEGO_NULL_POINTER);
  m = l;
  m.leaves = 17;
  EXPECT_ST(cute_layout_check(&m), CUTEGO_CAPACITY);
  m = l;
  m.ntokens = 65;
  EXPECT_ST(cute_layout_check(&m), CUTEGO_CAPACITY);
  m = l;
  m.ntokens = 0;
  EXPECT_ST(cute_layout_check(&m), CUTEGO_INVALID_ARGUMENT);
  m = l;
  m.nest[3] = 9;
  EXPECT_ST(cute_layout_check(&m), CUTEGO_INVALID_ARGUMENT);
  m = l;
  m.leaves = 1;
  EXPECT_ST(cute_layout_check(&m), CUTEGO_INVALID_ARGUMENT);
  m = l;
  m.shape[1] = 0;
  EXPECT_ST(cute_layout_check(&m), CUTEGO_INVALID_ARGUMENT);
  m = l;
  m.leaves = -3;
  EXPECT_ST(cute_layout_check(&m), CUTEGO_INVALID_ARGUMENT);
  int32_t eq = -1;
  m = L("(4,5):(16,64)");
  EXPECT_ST(cute_layout_equal(&l, &m, &eq), CUTEGO_OK);
  CHECK(eq == 1, "equal");
  m = L("20:1");
  EXPECT_ST(cute_layout_equal(&l, &m, &eq), CUTEGO_OK);
  CHECK(eq == 0, "not equal");
  EXPECT_ST(cute_layout_equal(&l, NULL, &eq), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_layout_equal(&l, &m, NULL), CUTEGO_NULL_POINTER);

  /* queries */
  l = L("(2,(3,4)):(1,(2,6))");
  int64_t v = 0;
  int32_t r = 0;
  EXPECT_ST(cute_size(&l, &v), CUTEGO_OK);
  CHECK(v == 24, "size %" PRId64, v);
  EXPECT_ST(cute_cosize(&l, &v), CUTEGO_OK);
  CHECK(v == 24, "cosize %" PRId64, v);
  EXPECT_ST(cute_rank(&l, &r), CUTEGO_OK);
  CHECK(r == 2, "rank %d", r);
  EXPECT_ST(cute_depth(&l, &r), CUTEGO_OK);
  CHECK(r == 2, "depth %d", r);
  m = L("8:1");
  EXPECT_ST(cute_depth(&m, &r), CUTEGO_OK);
  CHECK(r == 0, "depth of an integer layout %d", r);
  EXPECT_ST(cute_rank(&m, &r), CUTEGO_OK);
  CHECK(r == 1, "rank of an integer layout %d", r);
  cute_int_tuple_t t;
  EXPECT_ST(cute_shape(&l, &t), CUTEGO_OK);
  CHECK(strcmp(FT(&t), "(2,(3,4))") == 0, "shape %s", FT(&t));
  EXPECT_ST(cute_stride(&l, &t), CUTEGO_OK);
  CHECK(strcmp(FT(&t), "(1,(2,6))") == 0, "stride %s", FT(&t));
  EXPECT_LAYOUT(cute_layout_mode(&l, 1, &m), m, "(3,4):(2,6)");
  EXPECT_ST(cute_layout_mode(&l, 2, &m), CUTEGO_INVALID_ARGUMENT);
  EXPECT_ST(cute_layout_mode(&l, -1, &m), CUTEGO_INVALID_ARGUMENT);
  EXPECT_ST(cute_size(NULL, &v), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_size(&l, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_cosize(&l, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_rank(NULL, &r), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_depth(&l, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_shape(&l, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_stride(NULL, &t), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_layout_mode(&l, 0, NULL), CUTEGO_NULL_POINTER);
  m = L("(4294967296,4294967296):(1,4294967296)");
  EXPECT_ST(cute_size(&m, &v), CUTEGO_OVERFLOW);
  EXPECT_ST(cute_cosize(&m, &v), CUTEGO_OVERFLOW);

  /* evaluation: C++ CuTe, (2,(3,4)):(3,(1,6)) */
  l = L("(2,(3,4)):(3,(1,6))");
  EXPECT_ST(cute_layout_eval(&l, 17, &v), CUTEGO_OK);
  CHECK(v == 17, "L(17) = %" PRId64, v);
  t = T("(1,5)");
  EXPECT_ST(cute_crd2idx(&l, &t, &v), CUTEGO_OK);
  CHECK(v == 11, "L(1,5) = %" PRId64, v);
  t = T("(1,(2,1))");
  EXPECT_ST(cute_crd2idx(&l, &t, &v), CUTEGO_OK);
  CHECK(v == 11, "L(1,(2,1)) = %" PRId64, v);
  t = T("17");
  EXPECT_ST(cute_crd2idx(&l, &t, &v), CUTEGO_OK);
  CHECK(v == 17, "crd2idx(17) = %" PRId64, v);
  t = T("(1,2,3)");
  EXPECT_ST(cute_crd2idx(&l, &t, &v), CUTEGO_INVALID_ARGUMENT);
  EXPECT_ST(cute_crd2idx(&l, NULL, &v), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_crd2idx(&l, &t, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_idx2crd(&l, 17, &t), CUTEGO_OK);
  CHECK(strcmp(FT(&t), "(1,(2,2))") == 0, "idx2crd(17) = %s", FT(&t));
  EXPECT_ST(cute_idx2crd(&l, 17, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_layout_eval(&l, 1, NULL), CUTEGO_NULL_POINTER);
  m = L("2:4611686018427387904");
  EXPECT_ST(cute_layout_eval(&m, 1, &v), CUTEGO_OK);
  EXPECT_ST(cute_layout_eval(&m, 2, &v), CUTEGO_OVERFLOW);
  /* every coordinate of a layout: eval == crd2idx(idx2crd) */
  l = L("((2,3),(4,5)):((1,40),(2,8))");
  for (int64_t i = 0; i < 120; ++i) {
    int64_t a = -1, b = -2;
    cute_layout_eval(&l, i, &a);
    cute_idx2crd(&l, i, &t);
    cute_crd2idx(&l, &t, &b);
    CHECK(a == b, "eval(%" PRId64 ") = %" PRId64 " but crd2idx(idx2crd) = %" PRId64, i, a, b);
  }
}

/* ---- algebra (expected values: C++ CuTe, all-static) -------------------------------- */
typedef cutego_status_t (*tiler_fn)(const cute_layout_t *, const cute_layout_t *, cute_layout_t *);
typedef cutego_status_t (*tiler_arr_fn)(const cute_layout_t *, const cute_layout_t *, int32_t, cute_layout_t *);
typedef cutego_status_t (*tiler_str_fn)(const cute_layout_t *, const char *, cute_layout_t *);

/* The three forms of a by-mode op must agree: tiler given as "(t0,t1)" text and as array. */
static void by_mode(const char *name, tiler_arr_fn fa, tiler_str_fn fs, const char *a, const char *t0,
                    const char *t1, const char *want) {
  cute_layout_t A = L(a), out;
  cute_layout_t tiles[2];
  tiles[0] = L(t0);
  if (t1[0] == '_')
    memset(&tiles[1], 0, sizeof tiles[1]);
  else
    tiles[1] = L(t1);
  cutego_status_t st = fa(&A, tiles, 2, &out);
  CHECK(st == CUTEGO_OK && strcmp(F(&out), want) == 0, "%s_tiler(%s, (%s,%s)) = %s [%s], want %s", name, a, t0,
        t1, st == CUTEGO_OK ? F(&out) : "-", lasterr(), want);
  char text[256];
  snprintf(text, sizeof text, "(%s,%s)", t0, t1);
  st = fs(&A, text, &out);
  CHECK(st == CUTEGO_OK && strcmp(F(&out), want) == 0, "%s_str(%s, %s) = %s [%s], want %s", name, a, text,
        st == CUTEGO_OK ? F(&out) : "-", lasterr(), want);
  /* bad input of the tiler forms */
  EXPECT_ST(fa(&A, NULL, 2, &out), CUTEGO_NULL_POINTER);
  EXPECT_ST(fa(&A, tiles, 0, &out), CUTEGO_INVALID_ARGUMENT);
  EXPECT_ST(fa(&A, tiles, 17, &out), CUTEGO_CAPACITY);
  EXPECT_ST(fa(&A, tiles, 2, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(fa(NULL, tiles, 2, &out), CUTEGO_NULL_POINTER);
  EXPECT_ST(fs(&A, NULL, &out), CUTEGO_NULL_POINTER);
  EXPECT_ST(fs(&A, "(3:3,", &out), CUTEGO_PARSE);
  EXPECT_ST(fs(&A, text, NULL), CUTEGO_NULL_POINTER);
}

static void one_layout(const char *name, tiler_fn f, const char *a, const char *b, const char *want) {
  cute_layout_t A = L(a), B = L(b), out;
  cutego_status_t st = f(&A, &B, &out);
  CHECK(st == CUTEGO_OK && strcmp(F(&out), want) == 0, "%s(%s, %s) = %s [%s], want %s", name, a, b,
        st == CUTEGO_OK ? F(&out) : "-", lasterr(), want);
  EXPECT_ST(f(NULL, &B, &out), CUTEGO_NULL_POINTER);
  EXPECT_ST(f(&A, NULL, &out), CUTEGO_NULL_POINTER);
  EXPECT_ST(f(&A, &B, NULL), CUTEGO_NULL_POINTER);
  cute_layout_t bad = A;
  bad.leaves = CUTE_LAYOUT_MAX_LEAVES + 1;
  EXPECT_ST(f(&bad, &B, &out), CUTEGO_CAPACITY);
}

typedef cutego_status_t (*unary_fn)(const cute_layout_t *, cute_layout_t *);
static void unary(const char *name, unary_fn f, const char *a, const char *want) {
  cute_layout_t A = L(a), out;
  cutego_status_t st = f(&A, &out);
  CHECK(st == CUTEGO_OK && strcmp(F(&out), want) == 0, "%s(%s) = %s [%s], want %s", name, a,
        st == CUTEGO_OK ? F(&out) : "-", lasterr(), want);
  EXPECT_ST(f(NULL, &out), CUTEGO_NULL_POINTER);
  EXPECT_ST(f(&A, NULL), CUTEGO_NULL_POINTER);
  /* in place: out aliases the input */
  st = f(&A, &A);
  CHECK(st == CUTEGO_OK && strcmp(F(&A), want) == 0, "%s in place = %s", name, F(&A));
}

static void test_algebra(void) {
  cute_layout_t a, b, out;
  /* composition: CuTe's documentation (02_layout_algebra.md) and C++ CuTe */
  one_layout("cute_composition", cute_composition, "(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)");
  one_layout("cute_composition", cute_composition, "20:2", "(5,4):(4,1)", "(5,4):(8,2)");
  one_layout("cute_composition", cute_composition, "(10,2):(16,4)", "(5,4):(1,5)", "(5,(2,2)):(16,(80,4))");
  by_mode("cute_composition", cute_composition_tiler, cute_composition_str, "(12,(4,8)):(59,(13,1))", "3:4",
          "8:2", "(3,(2,4)):(236,(26,1))");
  by_mode("cute_composition", cute_composition_tiler, cute_composition_str, "(12,(4,8)):(59,(13,1))", "3:4", "_",
          "(3,(4,8)):(236,(13,1))");
  /* inadmissible: (3,4):(1,10) o 4:2 — stride 2 neither divides 3 nor... (C++ CuTe returns a
   * layout that is not the composition; we refuse). */
  a = L("(3,4):(1,10)");
  b = L("4:2");
  EXPECT_ST(cute_composition(&a, &b, &out), CUTEGO_NOT_ADMISSIBLE);
  CHECK(strstr(lasterr(), "composition") != NULL, "message: %s", lasterr());
  EXPECT_ST(cute_composition_str(&a, "4:2", &out), CUTEGO_NOT_ADMISSIBLE);

  unary("cute_coalesce", cute_coalesce, "(2,(1,6)):(1,(6,2))", "12:1");
  {
    cute_layout_t A = L("(2,(1,6)):(1,(6,2))");
    cute_int_tuple_t p = T("(1,1)");
    EXPECT_LAYOUT(cute_coalesce_profile(&A, &p, &out), out, "(2,6):(1,2)");
    EXPECT_ST(cute_coalesce_profile(&A, NULL, &out), CUTEGO_NULL_POINTER);
  }
  unary("cute_filter", cute_filter, "(2,(1,6)):(1,(6,0))", "2:1");
  unary("cute_filter_zeros", cute_filter_zeros, "(2,(1,6)):(1,(6,0))", "(2,(1,1)):(1,(6,0))");

  {
    cute_int_tuple_t c24 = T("24");
    a = L("4:1");
    EXPECT_LAYOUT(cute_complement(&a, &c24, &out), out, "6:4");
    a = L("(2,2):(1,6)");
    EXPECT_LAYOUT(cute_complement(&a, &c24, &out), out, "(3,2):(2,12)");
    EXPECT_LAYOUT(cute_complement(&a, NULL, &out), out, "3:2");
    a = L("4:2");
    EXPECT_LAYOUT(cute_complement(&a, &c24, &out), out, "(2,3):(1,8)");
    a = L("(2,2):(1,1)"); /* not injective */
    EXPECT_ST(cute_complement(&a, &c24, &out), CUTEGO_NOT_ADMISSIBLE);
    EXPECT_ST(cute_complement(NULL, &c24, &out), CUTEGO_NULL_POINTER);
    EXPECT_ST(cute_complement(&a, &c24, NULL), CUTEGO_NULL_POINTER);
  }
  unary("cute_right_inverse", cute_right_inverse, "(4,2):(2,1)", "(2,4):(4,1)");
  unary("cute_left_inverse", cute_left_inverse, "(4,2):(2,1)", "(2,4):(4,1)");
  unary("cute_nullspace", cute_nullspace, "(2,3,4):(1,0,2)", "3:2");

  one_layout("cute_logical_divide", cute_logical_divide, "(4,2,3):(2,1,8)", "4:2", "((2,2),(2,3)):((4,1),(2,8))");
  by_mode("cute_logical_divide", cute_logical_divide_tiler, cute_logical_divide_str, "(9,(4,8)):(59,(13,1))", "3:3",
          "(2,4):(1,8)", "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))");
  by_mode("cute_zipped_divide", cute_zipped_divide_tiler, cute_zipped_divide_str, "(9,(4,8)):(59,(13,1))", "3:3",
          "(2,4):(1,8)", "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))");
  by_mode("cute_tiled_divide", cute_tiled_divide_tiler, cute_tiled_divide_str, "(9,(4,8)):(59,(13,1))", "3:3",
          "(2,4):(1,8)", "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))");
  by_mode("cute_flat_divide", cute_flat_divide_tiler, cute_flat_divide_str, "(9,(4,8)):(59,(13,1))", "3:3",
          "(2,4):(1,8)", "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))");
  one_layout("cute_zipped_divide", cute_zipped_divide, "(4,2,3):(2,1,8)", "4:2", "((2,2),(2,3)):((4,1),(2,8))");
  one_layout("cute_tiled_divide", cute_tiled_divide, "(4,2,3):(2,1,8)", "4:2", "((2,2),2,3):((4,1),2,8)");
  one_layout("cute_flat_divide", cute_flat_divide, "(4,2,3):(2,1,8)", "4:2", "(2,2,2,3):(4,1,2,8)");

  one_layout("cute_logical_product", cute_logical_product, "(2,2):(4,1)", "6:1", "((2,2),(2,3)):((4,1),(2,8))");
  by_mode("cute_logical_product", cute_logical_product_tiler, cute_logical_product_str, "(2,5):(5,1)", "3:1",
          "4:1", "((2,3),(5,4)):((5,1),(1,5))");
  by_mode("cute_zipped_product", cute_zipped_product_tiler, cute_zipped_product_str, "(2,5):(5,1)", "3:1", "4:1",
          "((2,5),(3,4)):((5,1),(1,5))");
  by_mode("cute_tiled_product", cute_tiled_product_tiler, cute_tiled_product_str, "(2,5):(5,1)", "3:1", "4:1",
          "((2,5),3,4):((5,1),1,5)");
  by_mode("cute_flat_product", cute_flat_product_tiler, cute_flat_product_str, "(2,5):(5,1)", "3:1", "4:1",
          "(2,5,3,4):(5,1,1,5)");
  one_layout("cute_zipped_product", cute_zipped_product, "(2,2):(4,1)", "6:1", "((2,2),(2,3)):((4,1),(2,8))");
  one_layout("cute_tiled_product", cute_tiled_product, "(2,2):(4,1)", "6:1", "((2,2),2,3):((4,1),2,8)");
  one_layout("cute_flat_product", cute_flat_product, "(2,2):(4,1)", "6:1", "(2,2,2,3):(4,1,2,8)");
  one_layout("cute_blocked_product", cute_blocked_product, "(2,5):(5,1)", "(3,4):(1,3)",
             "((2,3),(5,4)):((5,10),(1,30))");
  one_layout("cute_raked_product", cute_raked_product, "(2,5):(5,1)", "(3,4):(1,3)",
             "((3,2),(4,5)):((10,5),(30,1))");
  /* a result too large for the struct */
  a = L("(2,2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256,512)");
  b = L("(3,3,3,3,3,3,3,3,3,3):(1,3,9,27,81,243,729,2187,6561,19683)");
  EXPECT_ST(cute_blocked_product(&a, &b, &out), CUTEGO_CAPACITY);

  {
    int64_t v = -1;
    a = L("(4,2):(1,4)");
    b = L("(8):(1)");
    EXPECT_ST(cute_max_common_vector(&a, &b, &v), CUTEGO_OK);
    CHECK(v == 8, "max_common_vector = %" PRId64, v);
    a = L("(4,2):(2,1)");
    EXPECT_ST(cute_max_common_vector(&a, &b, &v), CUTEGO_OK);
    CHECK(v == 1, "max_common_vector = %" PRId64, v);
    EXPECT_ST(cute_max_common_vector(NULL, &b, &v), CUTEGO_NULL_POINTER);
    EXPECT_ST(cute_max_common_vector(&a, NULL, &v), CUTEGO_NULL_POINTER);
    EXPECT_ST(cute_max_common_vector(&a, &b, NULL), CUTEGO_NULL_POINTER);
  }
  one_layout("cute_max_common_layout", cute_max_common_layout, "(4,2):(1,8)", "(8):(1)", "4:1");
  {
    cute_int_tuple_t s = T("(4,6)"), o = T("(2,1)");
    a = L("(2,2):(1,2)");
    EXPECT_LAYOUT(cute_tile_to_shape(&a, &s, NULL, &out), out, "((2,2),(2,3)):((1,4),(2,8))");
    EXPECT_LAYOUT(cute_tile_to_shape(&a, &s, &o, &out), out, "((2,2),(2,3)):((1,12),(2,4))");
    EXPECT_ST(cute_tile_to_shape(&a, NULL, NULL, &out), CUTEGO_NULL_POINTER);
    EXPECT_ST(cute_tile_to_shape(&a, &s, NULL, NULL), CUTEGO_NULL_POINTER);
    s = T("(5,6)"); /* 2 does not divide 5 */
    EXPECT_ST(cute_tile_to_shape(&a, &s, NULL, &out), CUTEGO_NOT_ADMISSIBLE);
  }
}

/* ---- swizzles and composed layouts --------------------------------------------------- */
static void test_swizzle(void) {
  cute_swizzle_t sw;
  int64_t v = 0;
  EXPECT_ST(cute_make_swizzle(3, 4, 3, &sw), CUTEGO_OK);
  CHECK(sw.b == 3 && sw.m == 4 && sw.s == 3, "make_swizzle");
  EXPECT_ST(cute_swizzle_apply(&sw, 128, &v), CUTEGO_OK);
  CHECK(v == 144, "Sw<3,4,3>(128) = %" PRId64, v);
  EXPECT_ST(cute_make_swizzle(3, 4, 2, &sw), CUTEGO_INVALID_ARGUMENT); /* |S| < B */
  EXPECT_ST(cute_make_swizzle(-1, 4, 3, &sw), CUTEGO_INVALID_ARGUMENT);
  EXPECT_ST(cute_make_swizzle(3, 4, 3, NULL), CUTEGO_NULL_POINTER);
  sw.b = 3, sw.m = 4, sw.s = 1;
  EXPECT_ST(cute_swizzle_apply(&sw, 1, &v), CUTEGO_INVALID_ARGUMENT);
  EXPECT_ST(cute_swizzle_apply(NULL, 1, &v), CUTEGO_NULL_POINTER);
  sw.s = 3;
  EXPECT_ST(cute_swizzle_apply(&sw, 1, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_swizzle_parse("Sw<2,4,3>", &sw), CUTEGO_OK);
  CHECK(sw.b == 2 && sw.m == 4 && sw.s == 3, "swizzle_parse");
  char buf[32];
  EXPECT_ST(cute_swizzle_format(&sw, buf, sizeof buf, NULL), CUTEGO_OK);
  CHECK(strcmp(buf, "Sw<2,4,3>") == 0, "swizzle_format %s", buf);
  EXPECT_ST(cute_swizzle_format(&sw, buf, 4, NULL), CUTEGO_BUFFER_TOO_SMALL);
  EXPECT_ST(cute_swizzle_format(NULL, buf, 4, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_swizzle_parse("Sw<2,4>", &sw), CUTEGO_PARSE);
  EXPECT_ST(cute_swizzle_parse("8:1", &sw), CUTEGO_PARSE);
  EXPECT_ST(cute_swizzle_parse(NULL, &sw), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_swizzle_parse("Sw<2,4,3>", NULL), CUTEGO_NULL_POINTER);

  /* composition(Swizzle<3,4,3>, (8,64):(64,1)) in C++ CuTe: C(9) = 65, C(517) = 432,
   * C(3,17) = 193 */
  cute_composed_layout_t c, c2;
  EXPECT_ST(cute_composed_layout_parse("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", &c), CUTEGO_OK);
  CHECK(c.swizzle.b == 3 && c.offset == 0 && c.layout.leaves == 2, "composed parse");
  EXPECT_ST(cute_composed_layout_eval(&c, 9, &v), CUTEGO_OK);
  CHECK(v == 65, "C(9) = %" PRId64, v);
  EXPECT_ST(cute_composed_layout_eval(&c, 517, &v), CUTEGO_OK);
  CHECK(v == 432, "C(517) = %" PRId64, v);
  cute_int_tuple_t crd = T("(3,17)");
  EXPECT_ST(cute_composed_layout_crd2idx(&c, &crd, &v), CUTEGO_OK);
  CHECK(v == 193, "C(3,17) = %" PRId64, v);
  EXPECT_ST(cute_composed_layout_format(&c, buf, sizeof buf, NULL), CUTEGO_OK);
  CHECK(strcmp(buf, "Sw<3,4,3> o 0 o (8,64):(64,1)") == 0, "composed format %s", buf);
  cute_layout_t inner = L("(8,64):(64,1)");
  sw.b = 3, sw.m = 4, sw.s = 3;
  EXPECT_ST(cute_make_composed_layout(&sw, 0, &inner, &c2), CUTEGO_OK);
  CHECK(memcmp(&c, &c2, sizeof c) == 0, "make_composed_layout == parse");
  EXPECT_ST(cute_make_composed_layout(NULL, 0, &inner, &c2), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_make_composed_layout(&sw, 0, NULL, &c2), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_make_composed_layout(&sw, 0, &inner, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_composed_layout_parse("Sw<3,4,3> o 0", &c2), CUTEGO_PARSE);
  EXPECT_ST(cute_composed_layout_parse("(8,64):(64,1)", &c2), CUTEGO_PARSE);
  EXPECT_ST(cute_composed_layout_parse(NULL, &c2), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_composed_layout_parse("Sw<3,4,3> o 0 o 8:1", NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_composed_layout_eval(NULL, 1, &v), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_composed_layout_eval(&c, 1, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_composed_layout_crd2idx(&c, NULL, &v), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_composed_layout_crd2idx(NULL, &crd, &v), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_composed_layout_crd2idx(&c, &crd, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_composed_layout_format(NULL, buf, sizeof buf, NULL), CUTEGO_NULL_POINTER);
  c2 = c;
  c2.offset = INT64_MAX;
  EXPECT_ST(cute_composed_layout_eval(&c2, 1, &v), CUTEGO_OVERFLOW);
  EXPECT_ST(cute_composed_layout_crd2idx(&c2, &crd, &v), CUTEGO_OVERFLOW);
  c2 = c;
  c2.layout.ntokens = 99;
  EXPECT_ST(cute_composed_layout_eval(&c2, 1, &v), CUTEGO_CAPACITY);
  c2 = c;
  c2.swizzle.s = 1;
  EXPECT_ST(cute_composed_layout_eval(&c2, 1, &v), CUTEGO_INVALID_ARGUMENT);
}

/* ---- random structs: every function returns a status, never crashes ---------------- */
static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static void random_layout(cute_layout_t *l) {
  memset(l, 0, sizeof *l);
  if (next() % 4 == 0) { /* pure noise */
    unsigned char *p = (unsigned char *)l;
    for (size_t i = 0; i < sizeof *l; ++i) p[i] = (unsigned char)next();
    return;
  }
  /* a plausible random layout: flat or one level of nesting, small shapes */
  int n = 1 + (int)(next() % 5);
  int t = 0;
  l->nest[t++] = CUTE_NEST_OPEN;
  for (int i = 0; i < n; ++i) {
    l->shape[i] = 1 + (int64_t)(next() % 6);
    l->stride[i] = (int64_t)(next() % 40) - 4;
    l->nest[t++] = CUTE_NEST_LEAF;
  }
  l->nest[t++] = CUTE_NEST_CLOSE;
  l->leaves = n;
  l->ntokens = t;
}

static void test_random(int iters) {
  int verified = 0;
  cute_layout_t a, b, out, tiles[2];
  cute_int_tuple_t t = T("(4,6)");
  int64_t v;
  char buf[128];
  int ok = 0;
  for (int k = 0; k < iters; ++k) {
    random_layout(&a);
    random_layout(&b);
    random_layout(&tiles[0]);
    random_layout(&tiles[1]);
    cutego_status_t sts[24];
    int s = 0;
    sts[s++] = cute_layout_format(&a, buf, sizeof buf, NULL);
    sts[s++] = cute_size(&a, &v);
    sts[s++] = cute_cosize(&a, &v);
    sts[s++] = cute_layout_eval(&a, (int64_t)(next() % 64), &v);
    sts[s++] = cute_coalesce(&a, &out);
    sts[s++] = cute_filter(&a, &out);
    sts[s++] = cute_composition(&a, &b, &out);
    sts[s++] = cute_composition_tiler(&a, tiles, 2, &out);
    sts[s++] = cute_complement(&a, NULL, &out);
    sts[s++] = cute_complement(&a, &t, &out);
    sts[s++] = cute_right_inverse(&a, &out);
    sts[s++] = cute_left_inverse(&a, &out);
    sts[s++] = cute_logical_divide(&a, &b, &out);
    sts[s++] = cute_zipped_divide_tiler(&a, tiles, 2, &out);
    sts[s++] = cute_logical_product(&a, &b, &out);
    sts[s++] = cute_blocked_product(&a, &b, &out);
    sts[s++] = cute_raked_product(&a, &b, &out);
    sts[s++] = cute_max_common_vector(&a, &b, &v);
    sts[s++] = cute_tile_to_shape(&a, &t, NULL, &out);
    sts[s++] = cute_nullspace(&a, &out);
    for (int i = 0; i < s; ++i) {
      CHECK(sts[i] <= CUTEGO_BUFFER_TOO_SMALL, "random call %d gave %s: %s", i, cutego_status_string(sts[i]),
            lasterr());
      ok += sts[i] == CUTEGO_OK;
    }
    /* a composition that succeeds is A o B on every coordinate of B (negative strides included:
     * where C++ CuTe's distribution over B's modes is unsound, package cute must refuse) */
    if (cute_composition(&a, &b, &out) == CUTEGO_OK) {
      int64_t n = 0, na = 0;
      cute_size(&b, &n);
      cute_size(&a, &na);
      for (int64_t i = 0; i < n && i < 256; ++i) {
        int64_t bi = 0, abi = 0, ri = 0;
        if (cute_layout_eval(&b, i, &bi) != CUTEGO_OK) break;
        if (bi < 0 || bi >= na) continue; /* A o B is defined where B lands in A's domain */
        if (cute_layout_eval(&a, bi, &abi) != CUTEGO_OK) break;
        if (cute_layout_eval(&out, i, &ri) != CUTEGO_OK) {
          CHECK(0, "composition(%s, %s) = %s cannot be evaluated at %" PRId64 ": %s", F(&a), F(&b), F(&out), i,
                lasterr());
          break;
        }
        CHECK(ri == abi, "composition(%s, %s) = %s: R(%" PRId64 ") = %" PRId64 ", A(B(i)) = %" PRId64, F(&a), F(&b),
              F(&out), i, ri, abi);
        ++verified;
      }
    }
  }
  printf("random: %d calls succeeded; every successful composition is A o B (%d points checked)\n", ok,
         verified);
}

/* ---- pictures ------------------------------------------------------------------------- */
/* utf8_ok: s is valid UTF-8 (well-formed lead and continuation bytes). */
static int utf8_ok(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    int k = *p < 0x80 ? 0 : (*p >> 5) == 6 ? 1 : (*p >> 4) == 14 ? 2 : (*p >> 3) == 30 ? 3 : -1;
    if (k < 0) return 0;
    for (++p; k > 0; --k, ++p)
      if ((*p & 0xC0) != 0x80) return 0;
  }
  return 1;
}

static void test_last_error_utf8(void) {
  /* a parse error quoting text with 2- and 3-byte characters: every buffer size gives
   * whole characters, and the length is the full message's */
  cute_layout_t l;
  EXPECT_ST(cute_layout_parse("(4,\xc3\xa9\xc3\xa9\xe2\x82\xac\xe2\x82\xac):(1,1)", &l), CUTEGO_PARSE);
  char full[CUTEGO_LAST_ERROR_MAX];
  size_t n = cutego_last_error(full, sizeof full);
  CHECK(n == strlen(full) && n < CUTEGO_LAST_ERROR_MAX, "last error length %zu, strlen %zu", n, strlen(full));
  CHECK(utf8_ok(full), "last error is not UTF-8: %s", full);
  for (size_t k = 1; k <= n + 1; ++k) {
    char b[CUTEGO_LAST_ERROR_MAX];
    CHECK(cutego_last_error(b, k) == n, "length with buffer %zu", k);
    size_t m = strlen(b);
    CHECK(m < k && strncmp(b, full, m) == 0 && utf8_ok(b), "buffer %zu: %s", k, b);
    CHECK(m + 3 >= k - 1 || m == n, "buffer %zu: only %zu bytes written", k, m); /* longest prefix */
  }
  /* the CUTLASS #3177 refusal (make demo's error) writes "A" U+2218 "B", U+2218 being
   * the 3 bytes e2 88 98: a buffer ending inside it gets the text up to "A" */
  cute_layout_t la, lb, lr;
  EXPECT_ST(cute_layout_parse("(3,4):(1,10)", &la), CUTEGO_OK);
  EXPECT_ST(cute_layout_parse("4:2", &lb), CUTEGO_OK);
  EXPECT_ST(cute_composition(&la, &lb, &lr), CUTEGO_NOT_ADMISSIBLE);
  n = cutego_last_error(full, sizeof full);
  const char *ring = strstr(full, "A\xe2\x88\x98" "B");
  CHECK(ring != NULL, "the #3177 message has no A U+2218 B: %s", full);
  if (ring != NULL) {
    size_t at = (size_t)(ring - full) + 1; /* the offset of U+2218's first byte */
    for (size_t k = at + 1; k <= at + 4; ++k) { /* room for at .. at+3 bytes */
      char b[CUTEGO_LAST_ERROR_MAX];
      memset(b, 'x', sizeof b);
      CHECK(cutego_last_error(b, k) == n, "length with buffer %zu", k);
      size_t want = k == at + 4 ? at + 3 : at;
      CHECK(strlen(b) == want && strncmp(b, full, want) == 0 && utf8_ok(b),
            "buffer %zu (U+2218 at %zu): %zu bytes: %s", k, at, strlen(b), b);
    }
  }
  /* a byte that is not UTF-8 is shown as U+FFFD */
  EXPECT_ST(cute_layout_parse("(4,\xff):(1,1)", &l), CUTEGO_PARSE);
  CHECK(utf8_ok(lasterr()), "last error is not UTF-8: %s", lasterr());
}

static void test_pictures(void) {
  /* CuTe's print_layout of (2,3):(3,1): cells num_digits(cosize 6) + 2 = 3 wide */
  static const char want[] =
      "(2,3):(3,1)\n"
      "      0   1   2 \n"
      "    +---+---+---+\n"
      " 0  | 0 | 1 | 2 |\n"
      "    +---+---+---+\n"
      " 1  | 3 | 4 | 5 |\n"
      "    +---+---+---+\n";
  cute_layout_t l = L("(2,3):(3,1)");
  char buf[4096];
  size_t len = 0;
  EXPECT_ST(cute_print_layout(&l, NULL, 0, &len), CUTEGO_OK);
  CHECK(len == strlen(want), "cute_print_layout size query %zu, want %zu", len, strlen(want));
  EXPECT_ST(cute_print_layout(&l, buf, sizeof buf, &len), CUTEGO_OK);
  CHECK(strcmp(buf, want) == 0, "cute_print_layout:\n%s\nwant\n%s", buf, want);
  EXPECT_ST(cute_print_layout(&l, buf, 10, &len), CUTEGO_BUFFER_TOO_SMALL);
  CHECK(len == strlen(want) && strlen(buf) == 9 && strncmp(buf, want, 9) == 0, "truncated picture");
  EXPECT_ST(cute_print_layout(NULL, buf, sizeof buf, &len), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_print_layout(&l, NULL, 5, &len), CUTEGO_NULL_POINTER);
  cute_layout_t r3 = L("(2,2,2):(1,2,4)"), big = L("(2048,1024):(1,2048)");
  EXPECT_ST(cute_print_layout(&r3, buf, sizeof buf, NULL), CUTEGO_INVALID_ARGUMENT);
  CHECK(strstr(lasterr(), "cute_print_layout") != NULL, "message: %s", lasterr());
  EXPECT_ST(cute_print_svg(&big, NULL, 0, &len), CUTEGO_CAPACITY);
  EXPECT_ST(cute_print_latex(&r3, NULL, 0, &len), CUTEGO_INVALID_ARGUMENT);

  EXPECT_ST(cute_print_latex(&l, buf, sizeof buf, &len), CUTEGO_OK);
  CHECK(strstr(buf, "\\documentclass") != NULL && strstr(buf, "\\end{document}") != NULL, "latex: %.40s", buf);
  EXPECT_ST(cute_print_svg(&l, buf, sizeof buf, &len), CUTEGO_OK);
  CHECK(strstr(buf, "<svg") != NULL && strstr(buf, "</svg>") != NULL && len == strlen(buf), "svg: %.40s", buf);

  /* Sw<1,0,1> o 0 o (2,2):(2,1): L's values 0 2 / 1 3 (column-major cells), swizzled
   * x ^ ((x & 2) >> 1): 0 1 / 3 2 */
  cute_composed_layout_t c;
  EXPECT_ST(cute_composed_layout_parse("Sw<1,0,1> o 0 o (2,2):(2,1)", &c), CUTEGO_OK);
  EXPECT_ST(cute_print_layout_composed(&c, buf, sizeof buf, &len), CUTEGO_OK);
  CHECK(strncmp(buf, "Sw<1,0,1> o 0 o (2,2):(2,1)\n", 28) == 0 && strstr(buf, " 0  | 0 | 1 |\n") != NULL &&
            strstr(buf, " 1  | 3 | 2 |\n") != NULL,
        "cute_print_layout_composed:\n%s", buf);
  EXPECT_ST(cute_print_latex_composed(&c, NULL, 0, &len), CUTEGO_OK);
  EXPECT_ST(cute_print_svg_composed(&c, NULL, 0, &len), CUTEGO_OK);
  EXPECT_ST(cute_print_svg_composed(NULL, NULL, 0, &len), CUTEGO_NULL_POINTER);

  /* a TV layout: 2 threads x 2 values over a 2x2 tile; T1 owns column 1 */
  cute_layout_t tv = L("(2,2):(2,1)");
  cute_int_tuple_t tile = T("(2,2)"), bad = T("(2,2,2)");
  EXPECT_ST(cute_print_svg_tv(&tv, &tile, buf, sizeof buf, &len), CUTEGO_OK);
  CHECK(strstr(buf, ">T1<") != NULL && strstr(buf, ">V1<") != NULL, "svg tv: %s", buf);
  EXPECT_ST(cute_print_latex_tv(&tv, &tile, buf, sizeof buf, &len), CUTEGO_OK);
  CHECK(strstr(buf, "T1") != NULL, "latex tv: %.60s", buf);
  EXPECT_ST(cute_print_latex_tv(&tv, &bad, buf, sizeof buf, &len), CUTEGO_INVALID_ARGUMENT);
  EXPECT_ST(cute_print_svg_tv(&tv, NULL, buf, sizeof buf, &len), CUTEGO_NULL_POINTER);
}

/* ---- atoms ------------------------------------------------------------------------------ */
/* Expected values: C++ CuTe's printout kept in cute/atom/testdata (tiled.out: TiledMMAs,
 * copies.out: copy atoms and TiledCopys, print_latex.golden: pictures; the programs that
 * printed them are beside them), `_` marks removed. */
static void expect_partition(const char *what, cutego_status_t st, const cute_layout_t *out, int64_t off,
                             const char *want, int64_t want_off) {
  CHECK(st == CUTEGO_OK, "%s returned %s: %s", what, cutego_status_string(st), lasterr());
  if (st != CUTEGO_OK) return;
  CHECK(strcmp(F(out), want) == 0 && off == want_off, "%s = %s at %" PRId64 ", want %s at %" PRId64, what,
        F(out), off, want, want_off);
}

/* EXPECT_PART(what, call writing r and off, layout, offset) */
#define EXPECT_PART(what, call, want, want_off)          \
  do {                                                   \
    cutego_status_t pst_ = (call);                       \
    expect_partition(what, pst_, &r, off, want, want_off); \
  } while (0)

static void test_atoms(void) {
  static cute_tiled_mma_t m, m6, bad;
  cute_layout_t al = L("(2,2,1):(1,2,0)"), r;
  int64_t off = -1;
  /* tiled.out case 4: SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), (_,_,_) */
  EXPECT_ST(cute_make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", &al, NULL, &m), CUTEGO_OK);
  CHECK(strcmp(m.atom.name, "SM80_16x8x16_F32F16F16F32_TN") == 0, "name %s", m.atom.name);
  CHECK(strcmp(F(&m.thr_layout_vmnk), "(32,2,2,1):(1,32,64,0)") == 0, "vmnk %s", F(&m.thr_layout_vmnk));
  CHECK(m.tile_shape_mnk[0] == 32 && m.tile_shape_mnk[1] == 16 && m.tile_shape_mnk[2] == 16 && m.size == 128,
        "tile (%" PRId64 ",%" PRId64 ",%" PRId64 "), size %" PRId64, m.tile_shape_mnk[0], m.tile_shape_mnk[1],
        m.tile_shape_mnk[2], m.size);
  CHECK(strcmp(F(&m.layoutA_TV), "((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))") == 0, "A_TV %s",
        F(&m.layoutA_TV));
  CHECK(strcmp(F(&m.layoutB_TV), "((4,8,2,2),((2,2),(1,1))):((32,1,0,8),((16,128),(0,0)))") == 0, "B_TV %s",
        F(&m.layoutB_TV));
  CHECK(strcmp(F(&m.layoutC_TV), "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))") == 0, "C_TV %s",
        F(&m.layoutC_TV));
  CHECK(m.permutation_mnk[0].ntokens == 0 && m.permutation_mnk[2].ntokens == 0, "permutation `_` is zero");
  cute_layout_t gc = L("(64,48):(48,1)"), ga = L("(64,32):(32,1)"), gb = L("(32,32):(32,1)");
  EXPECT_PART("partition_C(67)", cute_thr_mma_partition_C(&m, 67, &gc, &r, &off),
                   "((2,2),2,3):((1,384),1536,16)", 14);
  EXPECT_PART("partition_A(127)", cute_thr_mma_partition_A(&m, 127, &ga, &r, &off),
                   "((2,2,2),2,2):((1,256,8),1024,16)", 742);
  EXPECT_PART("partition_B(67)", cute_thr_mma_partition_B(&m, 67, &gb, &r, &off),
                   "((2,2),2,2):((1,8),512,16)", 262);
  EXPECT_ST(cute_thr_mma_partition_C(&m, 1, &gc, &r, NULL), CUTEGO_OK); /* offset may be NULL */
  cute_int_tuple_t shp = T("(64,48)"), fr;
  EXPECT_ST(cute_partition_shape_C(&m, &shp, &fr), CUTEGO_OK);
  CHECK(strcmp(FT(&fr), "((2,2),2,3)") == 0, "partition_shape_C = %s", FT(&fr));
  /* the derived fields are outputs only: a struct whose derived fields are garbage works */
  cute_tiled_mma_t junk = m;
  memset(&junk.layoutC_TV, 0x7F, sizeof junk.layoutC_TV);
  junk.size = -5;
  EXPECT_PART("partition_C(67) of junk", cute_thr_mma_partition_C(&junk, 67, &gc, &r, &off),
                   "((2,2),2,3):((1,384),1536,16)", 14);

  /* tiled.out case 6: a permutation in CuTe's text */
  cute_layout_t al6 = L("(2,2,1):(2,1,0)");
  EXPECT_ST(cute_make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", &al6, "(32,(8,2,2):(1,16,8),16)", &m6), CUTEGO_OK);
  CHECK(strcmp(F(&m6.layoutC_TV), "(((4,8),2,2),((2,2),(1,2))):(((64,1),512,16),((32,8),(0,256)))") == 0,
        "case 6 C_TV %s", F(&m6.layoutC_TV));
  CHECK(strcmp(F(&m6.permutation_mnk[1]), "(8,2,2):(1,16,8)") == 0, "case 6 permutation N %s",
        F(&m6.permutation_mnk[1]));
  cute_layout_t g6 = L("(64,96):(96,1)");
  EXPECT_PART("case 6 partition_C(67)", cute_thr_mma_partition_C(&m6, 67, &g6, &r, &off),
                   "((2,2),2,(2,3)):((1,768),3072,(8,32))", 1542);

  /* refusals: typed, naming the atom and the reason */
  EXPECT_ST(cute_make_tiled_mma("SM80_16x8x16_F32F16F16F32_TX", NULL, NULL, &bad), CUTEGO_INVALID_ARGUMENT);
  CHECK(strstr(lasterr(), "SM80_16x8x16_F32F16F16F32_TX") != NULL, "message: %s", lasterr());
  cute_layout_t r4 = L("(2,2,1,2):(1,2,0,4)");
  EXPECT_ST(cute_make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", &r4, NULL, &bad), CUTEGO_INVALID_ARGUMENT);
  CHECK(strstr(lasterr(), "SM80_16x8x16_F32F16F16F32_TN") != NULL && strstr(lasterr(), "rank") != NULL, "message: %s",
        lasterr());
  EXPECT_ST(cute_make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", NULL, "(24,_,_)", &bad), CUTEGO_NOT_ADMISSIBLE);
  CHECK(strstr(lasterr(), "SM80_16x8x16_F32F16F16F32_TN") != NULL, "message: %s", lasterr());
  EXPECT_ST(cute_make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", NULL, "(24,", &bad), CUTEGO_PARSE);
  EXPECT_ST(cute_make_tiled_mma("SM90_64x64x16_F16F16F16_RS<GMMA::Major::MN,GMMA::Major::K>", NULL, NULL, &bad),
            CUTEGO_INVALID_ARGUMENT);
  CHECK(strstr(lasterr(), "K major") != NULL, "message: %s", lasterr());
  EXPECT_ST(cute_make_tiled_mma(NULL, NULL, NULL, &bad), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", NULL, NULL, NULL), CUTEGO_NULL_POINTER);
  EXPECT_ST(cute_thr_mma_partition_C(&m, 128, &gc, &r, &off), CUTEGO_INVALID_ARGUMENT);
  CHECK(strstr(lasterr(), "thread index 128") != NULL, "message: %s", lasterr());
  EXPECT_ST(cute_thr_mma_partition_C(&m, -1, &gc, &r, &off), CUTEGO_INVALID_ARGUMENT);
  EXPECT_ST(cute_thr_mma_partition_C(NULL, 0, &gc, &r, &off), CUTEGO_NULL_POINTER);
  cute_layout_t one = L("8:1");
  EXPECT_ST(cute_thr_mma_partition_C(&m, 0, &one, &r, &off), CUTEGO_INVALID_ARGUMENT);
  bad = m;
  memset(bad.atom.name, 'S', sizeof bad.atom.name); /* no NUL */
  EXPECT_ST(cute_thr_mma_partition_C(&bad, 0, &gc, &r, &off), CUTEGO_INVALID_ARGUMENT);
  bad = m;
  bad.atom_layout_mnk.ntokens = 9999;
  EXPECT_ST(cute_thr_mma_partition_C(&bad, 0, &gc, &r, &off), CUTEGO_CAPACITY);

  /* copy atoms: copies.out */
  static cute_copy_atom_t ca;
  EXPECT_ST(cute_make_copy_atom("SM75_U32x4_LDSM_N", "half_t", &ca), CUTEGO_OK);
  CHECK(strcmp(F(&ca.val_layout_src), "(32,8):(8,1)") == 0 && strcmp(F(&ca.val_layout_dst), "(32,(2,4)):(2,(1,64))") == 0 &&
            ca.val_bits == 16 && strcmp(F(&ca.thr_id), "32:1") == 0,
        "LDSM atom: %s %s", F(&ca.val_layout_src), F(&ca.val_layout_dst));
  EXPECT_ST(cute_make_copy_atom("SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>", "float", &ca), CUTEGO_NOT_ADMISSIBLE);
  CHECK(strstr(lasterr(), "SM80_CP_ASYNC_CACHEGLOBAL") != NULL, "message: %s", lasterr());
  EXPECT_ST(cute_make_copy_atom("SM75_U32x4_LDSM_N", "halve_t", &ca), CUTEGO_INVALID_ARGUMENT);

  /* TiledCopy: copies.out cases 0 (make_tiled_copy) and 7 (make_tiled_copy_A of case 4) */
  static cute_tiled_copy_t tc, tca;
  cute_layout_t thr = L("(32,8):(8,1)"), val = L("(1,8):(0,1)");
  EXPECT_ST(cute_make_tiled_copy("UniversalCopy<uint128_t>", "half_t", &thr, &val, &tc), CUTEGO_OK);
  CHECK(strcmp(F(&tc.layout_tv), "((8,32),8):((256,1),32)") == 0 && strcmp(FT(&tc.tiler_mn), "(32,64)") == 0 &&
            strcmp(F(&tc.layoutS_TV), "((8,32),(8,1)):((256,1),(32,0))") == 0 && tc.size == 256,
        "case 0: %s %s %s", F(&tc.layout_tv), FT(&tc.tiler_mn), F(&tc.layoutS_TV));
  cute_layout_t g0 = L("(64,256):(256,1)");
  EXPECT_PART("copy case 0 partition_S(1)", cute_thr_copy_partition_S(&tc, 1, &g0, &r, &off),
                   "((8,1),2,4):((1,0),8192,64)", 8);
  EXPECT_ST(cute_make_tiled_copy_A("SM75_U32x4_LDSM_N", "half_t", &m, &tca), CUTEGO_OK);
  CHECK(strcmp(FT(&tca.tiler_mn), "(32,16)") == 0 &&
            strcmp(F(&tca.layoutS_TV), "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))") == 0 &&
            strcmp(F(&tca.layoutD_TV), "((4,8,2,2),((2,2,2),1)):((64,1,16,0),((32,8,256),0))") == 0,
        "case 7: %s %s", F(&tca.layoutS_TV), F(&tca.layoutD_TV));
  cute_layout_t g7 = L("(64,64):(64,1)"), frg = L("((2,2,2),1,1):((1,2,4),0,0)");
  EXPECT_PART("copy case 7 partition_S(127)", cute_thr_copy_partition_S(&tca, 127, &g7, &r, &off),
                   "((8,1),2,4):((1,0),2048,16)", 1992);
  EXPECT_PART("copy case 7 partition_D(127)", cute_thr_copy_partition_D(&tca, 127, &g7, &r, &off),
                   "(((2,2,2),1),2,4):(((1,512,8),0),2048,16)", 1478);
  EXPECT_LAYOUT(cute_tiled_copy_retile(&tca, &frg, &r), r, "((8,1),1,1):((1,0),0,0)");
  /* make_tiled_copy_impl of case 0's own TV layout and tile is case 0 */
  static cute_tiled_copy_t tci;
  EXPECT_ST(cute_make_tiled_copy_impl("UniversalCopy<uint128_t>", "half_t", &tc.layout_tv, &tc.tiler_mn, &tci), CUTEGO_OK);
  CHECK(strcmp(F(&tci.layoutD_TV), "((8,32),(8,1)):((256,1),(32,0))") == 0, "impl: %s", F(&tci.layoutD_TV));
  EXPECT_ST(cute_thr_copy_partition_S(&tc, 256, &g0, &r, &off), CUTEGO_INVALID_ARGUMENT);
  cute_layout_t thr3 = L("(3,8):(8,1)");
  EXPECT_ST(cute_make_tiled_copy("SM75_U32x4_LDSM_N", "half_t", &thr3, NULL, &tci), CUTEGO_NOT_ADMISSIBLE);
  CHECK(strstr(lasterr(), "SM75_U32x4_LDSM_N") != NULL, "message: %s", lasterr());

  /* print_latex: print_latex.golden's first lines (C++ CuTe's print_latex) */
  char buf[256];
  size_t len = 0, full = 0;
  EXPECT_ST(cute_print_latex_tiled_copy(&tc, NULL, 0, &full), CUTEGO_OK);
  EXPECT_ST(cute_print_latex_tiled_copy(&tc, buf, sizeof buf, &len), CUTEGO_BUFFER_TOO_SMALL);
  static const char head_copy[] =
      "% Layout S TV: ArithTuple(_0,_0) o ((_8,_32),(_8,_1)):((_8@1,_1@0),(_1@1,_0))\n"
      "% Layout D TV: ArithTuple(_0,_0) o ((_8,_32),(_8,_1)):((_8@1,_1@0),(_1@1,_0))\n"
      "\\documentclass";
  CHECK(len == full && full > 1000 && strncmp(buf, head_copy, strlen(head_copy)) == 0, "print_latex(tiled_copy): %.200s", buf);
  EXPECT_ST(cute_print_latex_tiled_mma(&m, buf, sizeof buf, &len), CUTEGO_BUFFER_TOO_SMALL);
  static const char head_mma[] =
      "% LayoutC: ArithTuple(_0,_0) o ((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_2@1,_1@0,_16@0,_8@1),((_1@1,_8@0),(_0,_0)))\n";
  CHECK(strncmp(buf, head_mma, strlen(head_mma)) == 0, "print_latex(tiled_mma): %.200s", buf);
  EXPECT_ST(cute_print_latex_tiled_mma(NULL, buf, sizeof buf, &len), CUTEGO_NULL_POINTER);
  /* the SVG picture: its head names the TV layouts (tiled.out case 4's C_TV) */
  EXPECT_ST(cute_print_svg_tiled_mma(&m, NULL, 0, &full), CUTEGO_OK);
  char *svg = (char *)malloc(full + 1);
  EXPECT_ST(cute_print_svg_tiled_mma(&m, svg, full + 1, &len), CUTEGO_OK);
  CHECK(len == full && strstr(svg, "LayoutC_TV ((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))") != NULL &&
            strstr(svg, "<svg") != NULL && strstr(svg, "</svg>") != NULL,
        "print_svg(tiled_mma): %.200s", svg);
  free(svg);
  EXPECT_ST(cute_print_svg_tiled_copy(&tca, NULL, 0, &full), CUTEGO_OK);
  CHECK(full > 1000, "print_svg(tiled_copy) size %zu", full);
}

int main(void) {
  test_library();
  test_int_tuple();
  test_layout();
  test_algebra();
  test_swizzle();
  test_last_error_utf8();
  test_pictures();
  test_atoms();
  test_random(3000);
  printf("abi_test: %d checks, %d failures\n", checks, fails);
  return fails ? 1 : 0;
}

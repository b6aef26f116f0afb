/* bench.c [iterations] — the cost of one ABI call from C, ns/call: cute_composition on
 * rank <= 4 layouts (target < 1 us), beside a trivial call (cute_size: the cost of crossing
 * into Go and converting one layout) and cute_layout_parse. Single thread. Each figure is
 * wall time and, in brackets, the process's CPU time (all threads: the Go runtime's
 * garbage collection included), the steadier of the two on a loaded machine. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cutego.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static cute_layout_t parse(const char *s) {
  cute_layout_t l;
  if (cute_layout_parse(s, &l) != CUTEGO_OK) {
    char m[256];
    cutego_last_error(m, sizeof m);
    fprintf(stderr, "bench: %s\n", m);
    exit(2);
  }
  return l;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  if (n < 1) n = 1;
  static const struct {
    const char *a, *b;
  } cases[] = {
      {"(6,2):(8,2)", "(4,3):(3,1)"},                 /* rank 2 */
      {"(10,2):(16,4)", "(5,4):(1,5)"},               /* rank 2, splits a mode */
      {"(4,8,2):(1,4,32)", "(8,4):(4,32)"},           /* rank 3 */
      {"(2,4,8,2):(1,2,8,64)", "(4,2,4,2):(2,1,8,64)"}, /* rank 4 */
  };
  int bad = 0;
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
    cute_layout_t a = parse(cases[k].a), b = parse(cases[k].b), r;
    cutego_status_t st = cute_composition(&a, &b, &r);
    if (st != CUTEGO_OK) {
      char m[256];
      cutego_last_error(m, sizeof m);
      fprintf(stderr, "bench: composition(%s, %s): %s\n", cases[k].a, cases[k].b, m);
      bad = 1;
      continue;
    }
    double t0 = now(), c0 = cpu();
    for (long i = 0; i < n; ++i) cute_composition(&a, &b, &r);
    double ns = (now() - t0) / n * 1e9, cns = (cpu() - c0) / n * 1e9;
    char buf[128];
    cute_layout_format(&r, buf, sizeof buf, NULL);
    printf("cute_composition %-22s o %-22s = %-28s %7.0f ns/call [cpu %5.0f]\n", cases[k].a, cases[k].b, buf, ns,
           cns);
  }
  /* the operations of python/bench/bench_pycute.py, from C: the binding's floor */
  {
    cute_layout_t c = parse("(2,(3,4)):(1,(2,6))"), d = parse("(16,8):(1,16)"), r;
    cute_layout_t t[2] = {parse("4:2"), parse("2:4")};
    double t0 = now(), c0 = cpu();
    for (long i = 0; i < n; ++i) cute_coalesce(&c, &r);
    printf("cute_coalesce (2,(3,4)):(1,(2,6))                                       %7.0f ns/call [cpu %5.0f]\n",
           (now() - t0) / n * 1e9, (cpu() - c0) / n * 1e9);
    t0 = now();
    c0 = cpu();
    for (long i = 0; i < n; ++i) cute_logical_divide_tiler(&d, t, 2, &r);
    printf("cute_logical_divide_tiler (16,8):(1,16) by (4:2,2:4)                    %7.0f ns/call [cpu %5.0f]\n",
           (now() - t0) / n * 1e9, (cpu() - c0) / n * 1e9);
  }
  cute_layout_t a = parse("(2,4,8,2):(1,2,8,64)");
  int64_t v;
  double t0 = now(), c0 = cpu();
  for (long i = 0; i < n; ++i) cute_size(&a, &v);
  printf("cute_size (call overhead + one conversion)                               %7.0f ns/call [cpu %5.0f]\n",
         (now() - t0) / n * 1e9, (cpu() - c0) / n * 1e9);
  t0 = now();
  c0 = cpu();
  for (long i = 0; i < n / 4; ++i) cute_layout_parse("(2,4,8,2):(1,2,8,64)", &a);
  printf("cute_layout_parse \"(2,4,8,2):(1,2,8,64)\"                                %7.0f ns/call [cpu %5.0f]\n",
         (now() - t0) / (n / 4 + 1e-9) * 1e9, (cpu() - c0) / (n / 4 + 1e-9) * 1e9);
  return bad;
}

/* thread_test.c [threads] [seconds] — N C threads (default 8) call the ABI concurrently for
 * a few seconds (default 3). Every result is checked against values from C++ CuTe, and each
 * thread checks that the last-error message it reads is its own (the message is per thread).
 * Run under AddressSanitizer + LeakSanitizer by `make capi-test`. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cutego.h"

static const struct {
  const char *a, *b, *want;
  int tiler; /* b is a by-mode tiler given as text */
} cases[] = {
    {"(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)", 0},
    {"20:2", "(5,4):(4,1)", "(5,4):(8,2)", 0},
    {"(10,2):(16,4)", "(5,4):(1,5)", "(5,(2,2)):(16,(80,4))", 0},
    {"(12,(4,8)):(59,(13,1))", "(3:4,8:2)", "(3,(2,4)):(236,(26,1))", 1},
    {"(12,(4,8)):(59,(13,1))", "(3:4,_)", "(3,(4,8)):(236,(13,1))", 1},
};
#define NCASES (sizeof cases / sizeof cases[0])

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct {
  int id;
  double until;
  long calls, errors;
} worker_t;

static void *work(void *arg) {
  worker_t *w = (worker_t *)arg;
  char buf[256], msg[512], bad[64];
  long it = 0;
  while (now() < w->until) {
    for (size_t k = 0; k < NCASES; ++k, ++it) {
      cute_layout_t a, b, r;
      cutego_status_t st = cute_layout_parse(cases[k].a, &a);
      if (!cases[k].tiler) {
        st |= cute_layout_parse(cases[k].b, &b);
        st |= cute_composition(&a, &b, &r);
      } else {
        st |= cute_composition_str(&a, cases[k].b, &r);
      }
      st |= cute_layout_format(&r, buf, sizeof buf, NULL);
      w->calls += 4;
      if (st != CUTEGO_OK || strcmp(buf, cases[k].want) != 0) {
        cutego_last_error(msg, sizeof msg);
        fprintf(stderr, "thread %d: composition(%s, %s) = %s, want %s (%s)\n", w->id, cases[k].a, cases[k].b,
                buf, cases[k].want, msg);
        ++w->errors;
      }
      /* a coordinate round trip */
      int64_t i = (int64_t)(it % 48), x = -1, y = -2;
      cute_int_tuple_t c;
      st = cute_layout_eval(&r, i % 12, &x);
      st |= cute_idx2crd(&r, i % 12, &c);
      st |= cute_crd2idx(&r, &c, &y);
      w->calls += 3;
      if (st != CUTEGO_OK || x != y) {
        fprintf(stderr, "thread %d: eval %" PRId64 " vs %" PRId64 "\n", w->id, x, y);
        ++w->errors;
      }
      /* an error of our own: the last-error message must be this thread's */
      snprintf(bad, sizeof bad, "(%d,%ld", w->id, it);
      st = cute_layout_parse(bad, &a);
      w->calls += 1;
      cutego_last_error(msg, sizeof msg);
      if (st != CUTEGO_PARSE || strstr(msg, bad) == NULL) {
        fprintf(stderr, "thread %d: parse(%s) gave %d, last error %s\n", w->id, bad, (int)st, msg);
        ++w->errors;
      }
    }
  }
  return NULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  double secs = argc > 2 ? atof(argv[2]) : 3;
  if (n < 1 || n > 256) n = 8;
  pthread_t th[256];
  worker_t w[256];
  double t0 = now();
  for (int i = 0; i < n; ++i) {
    memset(&w[i], 0, sizeof w[i]);
    w[i].id = i;
    w[i].until = t0 + secs;
    if (pthread_create(&th[i], NULL, work, &w[i]) != 0) {
      perror("pthread_create");
      return 2;
    }
  }
  long calls = 0, errors = 0;
  for (int i = 0; i < n; ++i) {
    pthread_join(th[i], NULL);
    calls += w[i].calls;
    errors += w[i].errors;
  }
  double dt = now() - t0;
  printf("thread_test: %d threads, %.1f s, %ld calls (%.0f calls/s), %ld errors\n", n, dt, calls, calls / dt,
         errors);
  return errors ? 1 : 0;
}

/* check.h — the one CHECK of the C and C++ tests under csrc/: counts the checks, and for each
 * one that fails prints its place and message (printf's arguments) on stderr. A test ends with
 * `return fails != 0;` after printing `checks` and `fails`. */
#ifndef CUTEGO_CHECK_H
#define CUTEGO_CHECK_H
#include <stdio.h>

static int checks = 0, fails = 0;
#define CHECK(cond, ...)                                   \
  do {                                                     \
    ++checks;                                              \
    if (!(cond)) {                                         \
      ++fails;                                             \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                        \
      fprintf(stderr, "\n");                               \
    }                                                      \
  } while (0)

#endif

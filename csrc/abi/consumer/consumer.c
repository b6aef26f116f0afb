/* consumer.c — a C program built only from an installed libcutego (pkg-config or CMake):
 * prints one line per case of cases.eval, which `cutego eval` must print identically. */
#include <stdio.h>

#include <cutego.h>

static cute_layout_t L(const char *s) {
  cute_layout_t l;
  if (cute_layout_parse(s, &l) != CUTEGO_OK) printf("parse error: %s\n", s);
  return l;
}

static void out(cutego_status_t st, const cute_layout_t *l) {
  char buf[256];
  if (st != CUTEGO_OK) {
    cutego_last_error(buf, sizeof buf);
    printf("error: %s\n", buf);
    return;
  }
  cute_layout_format(l, buf, sizeof buf, NULL);
  printf("%s\n", buf);
}

int main(void) {
  cute_layout_t a, b, r;
  cute_int_tuple_t t;
  int64_t v = 0;
  a = L("(6,2):(8,2)"), b = L("(4,3):(3,1)");
  out(cute_composition(&a, &b, &r), &r);
  a = L("(12,(4,8)):(59,(13,1))");
  out(cute_composition_str(&a, "(3:4,8:2)", &r), &r);
  a = L("(9,(4,8)):(59,(13,1))");
  out(cute_logical_divide_str(&a, "(3:3,(2,4):(1,8))", &r), &r);
  out(cute_zipped_divide_str(&a, "(3:3,(2,4):(1,8))", &r), &r);
  a = L("(2,5):(5,1)"), b = L("(3,4):(1,3)");
  out(cute_blocked_product(&a, &b, &r), &r);
  out(cute_raked_product(&a, &b, &r), &r);
  a = L("(2,2):(1,6)");
  cute_int_tuple_parse("24", &t);
  out(cute_complement(&a, &t, &r), &r);
  a = L("(4,2):(2,1)");
  out(cute_right_inverse(&a, &r), &r);
  a = L("(2,(1,6)):(1,(6,2))");
  out(cute_coalesce(&a, &r), &r);
  a = L("(2,(3,4)):(1,(2,6))");
  cute_size(&a, &v);
  printf("%lld\n", (long long)v);
  cute_cosize(&a, &v);
  printf("%lld\n", (long long)v);
  a = L("(2,(3,4)):(3,(1,6))");
  cute_layout_eval(&a, 17, &v);
  printf("%lld\n", (long long)v);
  cute_swizzle_t sw = {3, 4, 3};
  cute_swizzle_apply(&sw, 128, &v);
  printf("%lld\n", (long long)v);
  return 0;
}

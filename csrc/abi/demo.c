/* demo.c — CuTe's layout algebra from C through libcutego (make capi-demo). */
#include <stdio.h>

#include "cutego.h"

static void show(const char *what, cutego_status_t st, const cute_layout_t *l) {
  char buf[CUTEGO_LAST_ERROR_MAX]; /* holds any message whole */
  if (st != CUTEGO_OK) {
    cutego_last_error(buf, sizeof buf);
    printf("%-44s -> %s: %s\n", what, cutego_status_string(st), buf);
    return;
  }
  cute_layout_format(l, buf, sizeof buf, NULL);
  printf("%-44s = %s\n", what, buf);
}

int main(void) {
  cute_layout_t a, b, r;
  printf("libcutego %d.%d.%d (header %d.%d.%d)\n", cutego_version() / 10000, cutego_version() / 100 % 100,
         cutego_version() % 100, CUTEGO_VERSION_MAJOR, CUTEGO_VERSION_MINOR, CUTEGO_VERSION_PATCH);
  cute_layout_parse("(6,2):(8,2)", &a);
  cute_layout_parse("(4,3):(3,1)", &b);
  show("composition((6,2):(8,2), (4,3):(3,1))", cute_composition(&a, &b, &r), &r);
  cute_layout_parse("(12,(4,8)):(59,(13,1))", &a);
  show("composition((12,(4,8)):(59,(13,1)), (3:4,8:2))", cute_composition_str(&a, "(3:4,8:2)", &r), &r);
  cute_layout_parse("(9,(4,8)):(59,(13,1))", &a);
  show("zipped_divide(.., (3:3,(2,4):(1,8)))", cute_zipped_divide_str(&a, "(3:3,(2,4):(1,8))", &r), &r);
  cute_layout_parse("(2,5):(5,1)", &a);
  cute_layout_parse("(3,4):(1,3)", &b);
  show("blocked_product((2,5):(5,1), (3,4):(1,3))", cute_blocked_product(&a, &b, &r), &r);
  show("raked_product((2,5):(5,1), (3,4):(1,3))", cute_raked_product(&a, &b, &r), &r);
  cute_layout_parse("(3,4):(1,10)", &a);
  cute_layout_parse("4:2", &b);
  show("composition((3,4):(1,10), 4:2)", cute_composition(&a, &b, &r), &r);
  cute_composed_layout_t c;
  cute_composed_layout_parse("Sw<3,4,3> o 0 o (8,64):(64,1)", &c);
  int64_t v;
  cute_composed_layout_eval(&c, 517, &v);
  printf("%-44s = %lld\n", "(Sw<3,4,3> o 0 o (8,64):(64,1))(517)", (long long)v);
  return 0;
}

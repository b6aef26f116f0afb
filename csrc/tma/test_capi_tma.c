/* test_capi_tma.c — checks libcutego's cutego_tma_derive (capi/tma.go): a K-major SW128 bf16 atom
 * and a refusal. Build: gcc -Iinclude test_capi_tma.c -lcutego. */
#include <stdio.h>
#include <string.h>
#include "cutego.h"
#include "cutego_tma.h"
int main(void) {
  cute_layout_t g, s;
  if (cute_layout_parse("(128,256):(256,1)", &g) != CUTEGO_OK) return 2;
  if (cute_layout_parse("(8,64):(64,1)", &s) != CUTEGO_OK) return 2;
  cute_composed_layout_t c;
  memset(&c, 0, sizeof c);
  c.swizzle.b = 3; c.swizzle.m = 3; c.swizzle.s = 3;
  c.layout = s;
  cutego_tma_desc_t d;
  cutego_status_t st = cutego_tma_derive(&g, &c, 2, &d);
  printf("status %d rank %d dims (%lld,%lld) strides (%lld,%lld) box (%d,%d) swizzle %d\n", st, d.rank,
         (long long)d.dims[0], (long long)d.dims[1], (long long)d.strides[0], (long long)d.strides[1], d.box[0], d.box[1], d.swizzle_bytes);
  int ok = st == CUTEGO_OK && d.rank == 2 && d.dims[0] == 256 && d.dims[1] == 128 && d.strides[1] == 512 && d.box[0] == 64 && d.box[1] == 8 && d.swizzle_bytes == 128;
  cute_layout_parse("(63,64):(1,63)", &g);
  cute_layout_parse("(63,8):(1,63)", &s);
  memset(&c, 0, sizeof c); c.layout = s;
  st = cutego_tma_derive(&g, &c, 4, &d);
  char msg[256]; 
  cutego_last_error(msg, sizeof msg);
  printf("status %d (%s): %s\n", st, cutego_status_string(st), msg);
  ok = ok && st == CUTEGO_NOT_ADMISSIBLE;
  printf("%s\n", ok ? "capi tma: ok" : "capi tma: FAILED");
  (void)msg;
  return !ok;
}

/* print_test.c — the picture functions of cutego.h from C: `print_test KIND FORM TEXT
 * [TILE]` writes the picture of TEXT to stdout, KIND layout|composed|tv, FORM
 * layout|latex|svg (csrc/abi/print_test.sh compares it with `cutego print` / `cutego
 * render`); `print_test mma svg ATOM ATOM_LAYOUT PERMUTATION READERS THREAD` and
 * `print_test copy svg OP VAL_TYPE THR_LAYOUT VAL_LAYOUT READERS THREAD TILER` write
 * cute_print_svg_tiled_mma_options / _copy_options of make_tiled_mma / make_tiled_copy
 * (READERS, THREAD, TILER as `cutego render --readers --thread --tiler`). On the way it
 * checks the snprintf contract: the size query (n == 0, buf NULL), an exact buffer, a
 * buffer one byte short (CUTEGO_BUFFER_TOO_SMALL and the truncated prefix) and n == 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cutego.h"

#define DIE(...) (fprintf(stderr, "print_test: " __VA_ARGS__), fputc('\n', stderr), exit(1))


static const char *kind, *form;
static cute_layout_t layout;
static cute_composed_layout_t composed;
static cute_int_tuple_t tile;
static cute_tiled_mma_t mma;
static cute_tiled_copy_t copy;
static int64_t readers, thread, tiler;

static cutego_status_t draw(char *buf, size_t n, size_t *len) {
  if (strcmp(kind, "layout") == 0) {
    if (strcmp(form, "layout") == 0) return cute_print_layout(&layout, buf, n, len);
    if (strcmp(form, "latex") == 0) return cute_print_latex(&layout, buf, n, len);
    if (strcmp(form, "svg") == 0) return cute_print_svg(&layout, buf, n, len);
  } else if (strcmp(kind, "composed") == 0) {
    if (strcmp(form, "layout") == 0) return cute_print_layout_composed(&composed, buf, n, len);
    if (strcmp(form, "latex") == 0) return cute_print_latex_composed(&composed, buf, n, len);
    if (strcmp(form, "svg") == 0) return cute_print_svg_composed(&composed, buf, n, len);
  } else if (strcmp(kind, "tv") == 0) {
    if (strcmp(form, "latex") == 0) return cute_print_latex_tv(&layout, &tile, buf, n, len);
    if (strcmp(form, "svg") == 0) return cute_print_svg_tv(&layout, &tile, buf, n, len);
  } else if (strcmp(kind, "mma") == 0 && strcmp(form, "svg") == 0) {
    return cute_print_svg_tiled_mma_options(&mma, readers, thread, buf, n, len);
  } else if (strcmp(kind, "copy") == 0 && strcmp(form, "svg") == 0) {
    return cute_print_svg_tiled_copy_options(&copy, readers, thread, tiler, buf, n, len);
  }
  DIE("unknown kind/form %s %s", kind, form);
  return CUTEGO_INTERNAL;
}

static void check(cutego_status_t st, const char *what) {
  if (st != CUTEGO_OK) {
    char msg[512];
    cutego_last_error(msg, sizeof msg);
    DIE("%s: %s (%s)", what, cutego_status_string(st), msg);
  }
}

static int64_t int_arg(const char *s) {
  char *end;
  long long v = strtoll(s, &end, 10);
  if (*s == 0 || *end != 0) DIE("not an integer: %s", s);
  return (int64_t)v;
}

/* the options' refusals: a flag other than 0 or 1, a thread below -1 or past the threads
 * (CUTEGO_INVALID_ARGUMENT); options 0, -1, 0 draw cute_print_svg_tiled_*'s picture */
static void check_options(void) {
  size_t a = 0, b = 1;
  int is_mma = strcmp(kind, "mma") == 0;
  cutego_status_t st = is_mma ? cute_print_svg_tiled_mma(&mma, NULL, 0, &a) : cute_print_svg_tiled_copy(&copy, NULL, 0, &a);
  cutego_status_t st2 = is_mma ? cute_print_svg_tiled_mma_options(&mma, 0, -1, NULL, 0, &b)
                               : cute_print_svg_tiled_copy_options(&copy, 0, -1, 0, NULL, 0, &b);
  if (st != CUTEGO_OK || st2 != CUTEGO_OK || a != b) DIE("options 0, -1, 0: %zu bytes, the plain picture %zu", b, a);
  int64_t bad[][3] = {{2, -1, 0}, {-1, -1, 0}, {0, -2, 0}, {0, 1 << 20, 0}, {0, -1, 2}};
  for (int i = 0; i < 5; i++) {
    if (is_mma && bad[i][2] != 0) continue;
    st = is_mma ? cute_print_svg_tiled_mma_options(&mma, bad[i][0], bad[i][1], NULL, 0, &a)
                : cute_print_svg_tiled_copy_options(&copy, bad[i][0], bad[i][1], bad[i][2], NULL, 0, &a);
    if (st != CUTEGO_INVALID_ARGUMENT)
      DIE("options %lld %lld %lld: status %d", (long long)bad[i][0], (long long)bad[i][1], (long long)bad[i][2], (int)st);
  }
}

int main(int argc, char **argv) {
  if (argc < 4) DIE("usage: print_test layout|composed|tv|mma|copy layout|latex|svg TEXT [TILE]");
  kind = argv[1];
  form = argv[2];
  if (strcmp(kind, "mma") == 0) {
    if (argc != 8) DIE("usage: print_test mma svg ATOM ATOM_LAYOUT PERMUTATION READERS THREAD");
    cute_layout_t al;
    check(cute_layout_parse(argv[4], &al), "atom layout");
    check(cute_make_tiled_mma(argv[3], &al, argv[5], &mma), "make_tiled_mma");
    readers = int_arg(argv[6]);
    thread = int_arg(argv[7]);
    check_options();
  } else if (strcmp(kind, "copy") == 0) {
    if (argc != 10) DIE("usage: print_test copy svg OP VAL_TYPE THR_LAYOUT VAL_LAYOUT READERS THREAD TILER");
    cute_layout_t thr, val;
    check(cute_layout_parse(argv[5], &thr), "thread layout");
    check(cute_layout_parse(argv[6], &val), "value layout");
    check(cute_make_tiled_copy(argv[3], argv[4], &thr, &val, &copy), "make_tiled_copy");
    readers = int_arg(argv[7]);
    thread = int_arg(argv[8]);
    tiler = int_arg(argv[9]);
    check_options();
  } else if (strcmp(kind, "composed") == 0)
    check(cute_composed_layout_parse(argv[3], &composed), "parse");
  else
    check(cute_layout_parse(argv[3], &layout), "parse");
  if (strcmp(kind, "tv") == 0) {
    if (argc < 5) DIE("tv needs a tile");
    check(cute_int_tuple_parse(argv[4], &tile), "tile");
  }
  size_t len = 12345;
  check(draw(NULL, 0, &len), "size query");
  if (len == 0) DIE("empty picture");
  char *buf = malloc(len + 1), *shortb = malloc(len);
  if (!buf || !shortb) DIE("out of memory");
  size_t len2 = 0;
  check(draw(buf, len + 1, &len2), "exact buffer");
  if (len2 != len || strlen(buf) != len) DIE("length %zu / strlen %zu, size query said %zu", len2, strlen(buf), len);
  check(draw(buf, len + 1, NULL), "len == NULL");
  /* one byte short: the first len-1 bytes and a NUL, CUTEGO_BUFFER_TOO_SMALL, *len full */
  memset(shortb, 'x', len);
  size_t len3 = 0;
  cutego_status_t st = draw(shortb, len, &len3);
  if (st != CUTEGO_BUFFER_TOO_SMALL || len3 != len || shortb[len - 1] != 0 ||
      memcmp(shortb, buf, len - 1) != 0)
    DIE("one byte short: status %d, len %zu", (int)st, len3);
  char one = 'x';
  if (draw(&one, 1, NULL) != CUTEGO_BUFFER_TOO_SMALL || one != 0) DIE("n == 1");
  if (draw(NULL, 5, NULL) != CUTEGO_NULL_POINTER) DIE("buf NULL with n > 0");
  fwrite(buf, 1, len, stdout);
  free(buf);
  free(shortb);
  return 0;
}

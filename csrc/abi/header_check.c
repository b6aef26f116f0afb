/* header_check.c — compiled (not run) by check_symbols.sh as C and as C++: includes the
 * public header and cgo's generated one, so the compiler checks that every //export has the
 * type its declaration in cutego.h says (CUTEGO_CONST empty: cgo cannot write const; the
 * ABI is unchanged by const). Also pins the layout of the ABI's structs, which kernels and
 * other languages rely on. */
#define CUTEGO_CONST
#include "cutego.h"
#include CGO_HEADER

#include <stddef.h>

#ifdef __cplusplus
#define CUTEGO_STATIC_ASSERT(c, m) static_assert(c, m)
#else
#define CUTEGO_STATIC_ASSERT(c, m) _Static_assert(c, m)
#endif

CUTEGO_STATIC_ASSERT(CUTE_LAYOUT_MAX_LEAVES == 16 && CUTE_LAYOUT_MAX_TOKENS == 64, "capacities");
CUTEGO_STATIC_ASSERT(sizeof(cute_layout_t) == 328, "cute_layout_t size");
CUTEGO_STATIC_ASSERT(offsetof(cute_layout_t, stride) == 128, "cute_layout_t.stride");
CUTEGO_STATIC_ASSERT(offsetof(cute_layout_t, leaves) == 256, "cute_layout_t.leaves");
CUTEGO_STATIC_ASSERT(offsetof(cute_layout_t, ntokens) == 260, "cute_layout_t.ntokens");
CUTEGO_STATIC_ASSERT(offsetof(cute_layout_t, nest) == 264, "cute_layout_t.nest");
CUTEGO_STATIC_ASSERT(sizeof(cute_swizzle_t) == 12, "cute_swizzle_t size");
CUTEGO_STATIC_ASSERT(offsetof(cute_composed_layout_t, offset) == 16, "cute_composed_layout_t.offset");
CUTEGO_STATIC_ASSERT(offsetof(cute_composed_layout_t, layout) == 24, "cute_composed_layout_t.layout");
CUTEGO_STATIC_ASSERT(sizeof(cute_int_tuple_t) == 200, "cute_int_tuple_t size");
CUTEGO_STATIC_ASSERT(sizeof(cutego_status_t) == sizeof(int), "cutego_status_t is an int");

int cutego_header_check_unused(void);

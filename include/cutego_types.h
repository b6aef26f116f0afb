/* cutego_types.h — the plain value types of libcutego's C ABI.
 *
 * A cute_layout_t is a CuTe layout as a fixed-size plain struct that C, C++ and CUDA code
 * can copy, store and pass to a kernel by value. It holds the leaf modes of the (flattened)
 * shape and stride and, separately, the nesting as a token string:
 *
 *   (2,(3,4)):(1,(2,6))   leaves = 3, shape = {2,3,4}, stride = {1,2,6}
 *                         nest  = "( L ( L L ) )" as CUTE_NEST_* tokens, ntokens = 7
 *   8:1                   leaves = 1, nest = "L", ntokens = 1
 *
 * A layout whose shape is a single integer has the nest "L"; a tuple starts with
 * CUTE_NEST_OPEN. Leaves appear in the nest in order. Capacities are checked by every
 * function of the ABI.
 */
#ifndef CUTEGO_TYPES_H
#define CUTEGO_TYPES_H

#include <stdint.h>

#define CUTE_LAYOUT_MAX_LEAVES 16 /* leaf modes (flattened rank) a cute_layout_t holds */
#define CUTE_LAYOUT_MAX_TOKENS 64 /* tokens of the nesting string */

#define CUTE_NEST_LEAF 0
#define CUTE_NEST_OPEN 1
#define CUTE_NEST_CLOSE 2

typedef struct cute_layout_t {
  int64_t shape[CUTE_LAYOUT_MAX_LEAVES];  /* leaf shapes, in order */
  int64_t stride[CUTE_LAYOUT_MAX_LEAVES]; /* leaf strides, in order */
  int32_t leaves;                         /* number of leaves used */
  int32_t ntokens;                        /* number of tokens used in nest */
  int8_t nest[CUTE_LAYOUT_MAX_TOKENS];    /* CUTE_NEST_* tokens */
} cute_layout_t;

/* Swizzle<B,M,S>: f(x) = x ^ ((x & (((1<<B)-1) << (M+max(0,S)))) >> S); a negative S shifts
 * left. B == 0 is the identity. */
typedef struct cute_swizzle_t {
  int32_t b, m, s;
} cute_swizzle_t;

/* ComposedLayout: swizzle o offset o layout, i.e. f(c) = swizzle(offset + layout(c)). */
typedef struct cute_composed_layout_t {
  cute_swizzle_t swizzle;
  int64_t offset;
  cute_layout_t layout;
} cute_composed_layout_t;

#endif /* CUTEGO_TYPES_H */

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

/* ---- tensor maps (TMA) ---------------------------------------------------------------
 * cutego_tma_desc_t holds the arguments of one cuTensorMapEncodeTiled call in plain
 * integers, shared by libcutego's derivation (cutego.h: cutego_tma_derive, over cute/tma),
 * the planner and the encoder of libcutego_kernels (cutego_tma.h).
 *
 * The limits of a tiled tensor map, one set: they are package cute/tma's MaxRank, MaxBox,
 * MaxElemStride, StrideAlign, MaxStride and MaxDim (libcutego does not compile otherwise),
 * and cutego_tma_check (Go, libcutego) and cutego_tma_desc_check (C, the planner) apply the
 * same rules to a descriptor. */
#define CUTEGO_TMA_MAX_RANK 5                         /* dimensions of a map */
#define CUTEGO_TMA_MAX_BOX 256                        /* box extent per dimension */
#define CUTEGO_TMA_MAX_ELEM_STRIDE 8                  /* traversal stride per dimension */
#define CUTEGO_TMA_STRIDE_ALIGN 16                    /* byte strides but the first: multiples */
#define CUTEGO_TMA_MAX_STRIDE (((int64_t)1) << 40)    /* byte strides are below it */
/* Extents are below 2^31: the hardware takes up to 2^32, but the coordinates of
 * cp.async.bulk.tensor are signed 32-bit, so below 2^31 every element, and one past the end,
 * has a coordinate. */
#define CUTEGO_TMA_MAX_DIM (((int64_t)1) << 31)

typedef struct cutego_tma_desc_t {
  int32_t rank;             /* 1..5 */
  int32_t elem_bytes;       /* bytes of the tensor-map data type: 1, 2, 4 or 8 */
  int64_t dims[5];          /* extent per dimension, elements; dims[0] is contiguous */
  int64_t strides[5];       /* byte stride per dimension; strides[0] == elem_bytes */
  int32_t box[5];           /* box extent per dimension, elements, 1..256 */
  int32_t elem_strides[5];  /* traversal stride per dimension, 1..8 */
  int32_t swizzle_bytes;    /* 0 (none), 32, 64 or 128: Swizzle<1|2|3,4,3> on byte offsets */
  int32_t l2_promotion;     /* L2 fetch granularity: 0 = 256 B (default), -1 none, 64, 128, 256 */
} cutego_tma_desc_t;

#endif /* CUTEGO_TYPES_H */

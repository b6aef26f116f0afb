/* cutego.h — the C ABI of libcutego: NVIDIA CuTe's layout algebra for C, C++ and CUDA hosts.
 *
 * Names mirror CuTe (cute::composition → cute_composition). Layouts are values: a
 * cute_layout_t (cutego_types.h) is a fixed-size plain struct of leaf shapes, leaf strides
 * and the nesting, which callers copy, store and pass to kernels by value
 * (include/cutego_device.h evaluates it on the device).
 *
 * Conventions, for every function below unless its comment says otherwise:
 *  - It returns a cutego_status_t: CUTEGO_OK, or the reason it failed. On failure the
 *    outputs are left untouched and a message with the detail is kept for the calling
 *    thread: cutego_last_error(buf, n) reads it (it is only replaced by the next failure on
 *    that thread).
 *  - Pointer arguments must not be NULL (CUTEGO_NULL_POINTER), except where documented.
 *    Outputs may alias inputs.
 *  - Inputs are validated: counts within CUTE_LAYOUT_MAX_LEAVES / CUTE_LAYOUT_MAX_TOKENS, a
 *    well-formed nest whose CUTE_NEST_LEAF tokens number `leaves`, positive shapes
 *    (CUTEGO_INVALID_ARGUMENT or CUTEGO_CAPACITY otherwise). Results that would not fit a
 *    cute_layout_t give CUTEGO_CAPACITY. Integers are int64_t; overflow is CUTEGO_OVERFLOW,
 *    never a wrap.
 *  - What C++ CuTe refuses at compile time (e.g. a composition whose divisibility
 *    condition fails) is CUTEGO_NOT_ADMISSIBLE, never a wrong answer.
 *  - Text is CuTe's printed form, with or without the `_` of static integers:
 *    "(4,5):(16,64)", "(_4,_5):(_16,_64)", "Sw<3,4,3> o 0 o (8,64):(64,1)". *_format
 *    functions print it without the `_` marks, with snprintf semantics (below).
 *  - The library keeps no pointer given to it after a call returns, and hands out none
 *    into its own memory except the static strings of cutego_status_string.
 *  - Every function is safe to call from several threads at once.
 *
 * snprintf semantics of *_format(x, buf, n, len): the text (strlen L) is written into buf,
 * truncated to n-1 bytes and NUL-terminated when n > 0; *len (if len is not NULL) receives L.
 * With n == 0, buf may be NULL and nothing is written (a size query, CUTEGO_OK); when
 * n > 0 and L >= n the truncated text is written and CUTEGO_BUFFER_TOO_SMALL returned.
 */
#ifndef CUTEGO_H
#define CUTEGO_H

#include <stddef.h>
#include <stdint.h>

#include "cutego_types.h"

#define CUTEGO_VERSION_MAJOR 0
#define CUTEGO_VERSION_MINOR 1
#define CUTEGO_VERSION_PATCH 0
/* MAJOR*10000 + MINOR*100 + PATCH; cutego_version() returns the library's own. */
#define CUTEGO_VERSION \
  (CUTEGO_VERSION_MAJOR * 10000 + CUTEGO_VERSION_MINOR * 100 + CUTEGO_VERSION_PATCH)

/* CUTEGO_CONST marks input pointers. The library's own build (cgo cannot emit const)
 * defines it empty; the ABI is the same. */
#ifndef CUTEGO_CONST
#define CUTEGO_CONST const
#endif

/* CUTEGO_API marks every function the library exports (csrc/abi/check_symbols.sh checks
 * the declarations against the library's dynamic symbols). */
#ifndef CUTEGO_API
#if defined(_WIN32)
#define CUTEGO_API extern
#else
#define CUTEGO_API extern __attribute__((visibility("default")))
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cutego_status_t {
  CUTEGO_OK = 0,
  CUTEGO_INVALID_ARGUMENT = 1, /* malformed argument (not congruent, bad nest, shape <= 0) */
  CUTEGO_NOT_ADMISSIBLE = 2,   /* CuTe refuses the input (a static_assert in C++ CuTe)    */
  CUTEGO_OVERFLOW = 3,         /* a result does not fit int64_t                          */
  CUTEGO_PARSE = 4,            /* text that is not CuTe's printed form                   */
  CUTEGO_CAPACITY = 5,         /* more than CUTE_LAYOUT_MAX_LEAVES / _MAX_TOKENS          */
  CUTEGO_NULL_POINTER = 6,     /* a required pointer argument is NULL                    */
  CUTEGO_BUFFER_TOO_SMALL = 7, /* *_format: the text was truncated                       */
  CUTEGO_INTERNAL = 8          /* a bug in cutego, reported instead of a crash           */
} cutego_status_t;

/* An IntTuple (a shape, a coordinate, a profile): leaf values and the nesting, encoded as
 * in cute_layout_t. "(2,(3,4))": leaves 3, value {2,3,4}, nest "( L ( L L ) )"; "5": nest "L". */
typedef struct cute_int_tuple_t {
  int64_t value[CUTE_LAYOUT_MAX_LEAVES];
  int32_t leaves;
  int32_t ntokens;
  int8_t nest[CUTE_LAYOUT_MAX_TOKENS];
} cute_int_tuple_t;

/* ---- atom values ---------------------------------------------------------------------
 * CuTe's MMA and copy atoms and the TiledMMA / TiledCopy built from them, as values (the
 * functions are in "atoms" below). An atom is named as CuTe spells it
 * ("SM80_16x8x16_F32F16F16F32_TN", "SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,
 * GMMA::Major::K>", "SM75_U32x4_LDSM_N", "UniversalCopy<uint128_t>"), NUL-terminated in a char
 * array of CUTE_ATOM_NAME_MAX bytes.
 *
 * A cute_tiled_mma_t or cute_tiled_copy_t is defined by the fields marked "defines": the
 * functions taking one rebuild it from those (and refuse them as make_ would) and ignore the
 * rest, which the make_ functions fill in for the caller to read. */
#define CUTE_ATOM_NAME_MAX 128

/* MMA_Atom<Op>: the instruction's Shape_MNK, ThrID and (thread, value) -> element layouts of
 * A (M,K), B (N,K) and C (M,N), column-major in the atom's tiles (the traits' ALayout,
 * BLayout, CLayout). */
typedef struct cute_mma_atom_t {
  char name[CUTE_ATOM_NAME_MAX]; /* CuTe's name of the operation */
  cute_int_tuple_t shape_mnk;
  cute_layout_t thr_id;
  cute_layout_t layoutA_TV, layoutB_TV, layoutC_TV;
} cute_mma_atom_t;

/* TiledMMA<MMA_Atom, AtomLayoutMNK, PermutationMNK>. */
typedef struct cute_tiled_mma_t {
  cute_mma_atom_t atom;             /* defines: atom.name (the rest is filled in) */
  cute_layout_t atom_layout_mnk;    /* defines: AtomLayoutMNK, rank 3 (padded with 1:0) */
  cute_layout_t permutation_mnk[3]; /* defines: PermutationMNK by mode; all zero is `_` */
  cute_layout_t thr_layout_vmnk;    /* tiled_product(ThrID, AtomLayoutMNK) */
  int64_t tile_shape_mnk[3];        /* tile_size<0..2>(tiled_mma) */
  int64_t size;                     /* size(tiled_mma): threads */
  cute_layout_t layoutA_TV;         /* get_layoutA_TV(): (thr, val) -> (tile_M, tile_K) index */
  cute_layout_t layoutB_TV;         /* get_layoutB_TV(): (thr, val) -> (tile_N, tile_K) index */
  cute_layout_t layoutC_TV;         /* get_layoutC_TV(): (thr, val) -> (tile_M, tile_N) index */
} cute_tiled_mma_t;

/* Copy_Atom<Op, ValType>: ThrID and the (thread, value) -> element layouts of the source,
 * the destination and the reference, recast from bits to ValType. */
typedef struct cute_copy_atom_t {
  char op[CUTE_ATOM_NAME_MAX];       /* the operation */
  char val_type[CUTE_ATOM_NAME_MAX]; /* the value type */
  int64_t val_bits;                  /* sizeof_bits of the value type */
  cute_layout_t thr_id;
  cute_layout_t val_layout_src, val_layout_dst, val_layout_ref;
} cute_copy_atom_t;

/* TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>. */
typedef struct cute_tiled_copy_t {
  cute_copy_atom_t atom;     /* defines: atom.op and atom.val_type */
  cute_layout_t layout_tv;   /* defines: TiledLayout_TV, (thr, val) -> index in the tile */
  cute_int_tuple_t tiler_mn; /* defines: Tiler_MN, the tile's shape */
  int64_t size;              /* size(tiled_copy): threads */
  cute_layout_t layoutS_TV;  /* get_layoutS_TV() */
  cute_layout_t layoutD_TV;  /* get_layoutD_TV() */
} cute_tiled_copy_t;

/* ---- library ------------------------------------------------------------------------ */

/* The library's version, MAJOR*10000 + MINOR*100 + PATCH (compare with CUTEGO_VERSION). */
CUTEGO_API int cutego_version(void);
/* A static description of a status code ("not admissible"); never NULL. */
CUTEGO_API const char *cutego_status_string(cutego_status_t status);
/* CUTEGO_LAST_ERROR_MAX bounds the messages of cutego_last_error, NUL included: a buffer
 * of this size always holds the whole message. A longer message is kept as its head, cut
 * at a UTF-8 character boundary and ending in "…"; parse errors quote a bounded window of
 * the text around the fault, never the whole input. */
#define CUTEGO_LAST_ERROR_MAX 1024

/* The message of the last failed call on the calling thread ("" if none), valid UTF-8 (a
 * byte of the input that is not is shown as U+FFFD), at most CUTEGO_LAST_ERROR_MAX - 1
 * bytes. Returns the full length of the message (strlen), and writes into buf (buf may be
 * NULL when n == 0) the longest prefix of at most n-1 bytes that ends on a character
 * boundary, then a NUL: snprintf semantics, except that no UTF-8 character is split. */
CUTEGO_API size_t cutego_last_error(char *buf, size_t n);

/* ---- int tuples --------------------------------------------------------------------- */

/* An int tuple from leaf values and a nest of ntokens CUTE_NEST_* tokens; nest == NULL
 * means the flat tuple (v0,...,vn-1) (ntokens is then ignored). */
CUTEGO_API cutego_status_t cute_make_int_tuple(CUTEGO_CONST int64_t *values, int32_t leaves,
                                               CUTEGO_CONST int8_t *nest, int32_t ntokens,
                                               cute_int_tuple_t *out);
CUTEGO_API cutego_status_t cute_int_tuple_parse(CUTEGO_CONST char *text, cute_int_tuple_t *out);
CUTEGO_API cutego_status_t cute_int_tuple_format(CUTEGO_CONST cute_int_tuple_t *t, char *buf,
                                                 size_t n, size_t *len);

/* ---- layouts ------------------------------------------------------------------------ */

/* make_layout(shape, stride) from leaf arrays and a nest (as in cute_layout_t). nest ==
 * NULL means a flat tuple (s0,...,sn-1):(d0,...,dn-1) (ntokens ignored); stride == NULL
 * means the column-major layout of the shape (make_layout(shape), LayoutLeft). */
CUTEGO_API cutego_status_t cute_make_layout(CUTEGO_CONST int64_t *shape,
                                            CUTEGO_CONST int64_t *stride, int32_t leaves,
                                            CUTEGO_CONST int8_t *nest, int32_t ntokens,
                                            cute_layout_t *out);
/* make_layout(shape, LayoutLeft{}) / make_layout(shape, LayoutRight{}). */
CUTEGO_API cutego_status_t cute_make_layout_left(CUTEGO_CONST cute_int_tuple_t *shape,
                                                 cute_layout_t *out);
CUTEGO_API cutego_status_t cute_make_layout_right(CUTEGO_CONST cute_int_tuple_t *shape,
                                                  cute_layout_t *out);
/* A layout from text: "shape:stride", or a shape alone (its column-major layout). */
CUTEGO_API cutego_status_t cute_layout_parse(CUTEGO_CONST char *text, cute_layout_t *out);
CUTEGO_API cutego_status_t cute_layout_format(CUTEGO_CONST cute_layout_t *l, char *buf,
                                              size_t n, size_t *len);
/* CUTEGO_OK if l is a valid layout, else the reason. */
CUTEGO_API cutego_status_t cute_layout_check(CUTEGO_CONST cute_layout_t *l);
/* *out = 1 if a and b have the same shape and stride (not merely the same function). */
CUTEGO_API cutego_status_t cute_layout_equal(CUTEGO_CONST cute_layout_t *a,
                                             CUTEGO_CONST cute_layout_t *b, int32_t *out);

CUTEGO_API cutego_status_t cute_size(CUTEGO_CONST cute_layout_t *l, int64_t *out);
/* cosize(L) = size(coshape(L)) = 1 + sum over the leaves of (s-1)*|d|: the smallest
 * codomain extent that bounds |L(c)| for every coordinate c < size(L). With non-negative
 * strides it is L(size(L)-1) + 1; with a negative stride it is not: cosize((2,2):(1,-2))
 * is 4, while L(3) + 1 = 0. */
CUTEGO_API cutego_status_t cute_cosize(CUTEGO_CONST cute_layout_t *l, int64_t *out);
CUTEGO_API cutego_status_t cute_rank(CUTEGO_CONST cute_layout_t *l, int32_t *out);
CUTEGO_API cutego_status_t cute_depth(CUTEGO_CONST cute_layout_t *l, int32_t *out);
CUTEGO_API cutego_status_t cute_shape(CUTEGO_CONST cute_layout_t *l, cute_int_tuple_t *out);
CUTEGO_API cutego_status_t cute_stride(CUTEGO_CONST cute_layout_t *l, cute_int_tuple_t *out);
/* layout<i>(L): mode i (0-based) of the layout. */
CUTEGO_API cutego_status_t cute_layout_mode(CUTEGO_CONST cute_layout_t *l, int32_t i,
                                            cute_layout_t *out);
/* L(i) for the 1-D coordinate i: CuTe's function, past size(L) too (the last mode takes the
 * rest of the index), as C++'s layout(i) computes. */
CUTEGO_API cutego_status_t cute_layout_eval(CUTEGO_CONST cute_layout_t *l, int64_t i,
                                            int64_t *out);
/* crd2idx(coord, shape(L), stride(L)): coord is an integer, or a tuple congruent to (a
 * coarsening of) the shape, e.g. (1,5) or (1,(2,1)) for (2,(3,4)). */
CUTEGO_API cutego_status_t cute_crd2idx(CUTEGO_CONST cute_layout_t *l,
                                        CUTEGO_CONST cute_int_tuple_t *coord, int64_t *out);
/* idx2crd(idx, shape(L)): the coordinate, congruent to the shape. */
CUTEGO_API cutego_status_t cute_idx2crd(CUTEGO_CONST cute_layout_t *l, int64_t idx,
                                        cute_int_tuple_t *out);

/* ---- algebra ------------------------------------------------------------------------ */

/* Functions taking a tiler come in three forms:
 *   cute_X(a, b, out)               the tiler is the layout b
 *   cute_X_tiler(a, tiles, n, out)  the by-mode tiler (tiles[0], ..., tiles[n-1]); a
 *                                   zero-filled element (ntokens == 0) stands for `_`
 *   cute_X_str(a, text, out)        the tiler as text: "(4:2,2:4)", "(2,_)", "8:1", "(2,4)"
 */
#define CUTEGO_TILER_FUNCS(name)                                                              \
  CUTEGO_API cutego_status_t name(CUTEGO_CONST cute_layout_t *a, CUTEGO_CONST cute_layout_t *b, \
                                  cute_layout_t *out);                                        \
  CUTEGO_API cutego_status_t name##_tiler(CUTEGO_CONST cute_layout_t *a,                      \
                                          CUTEGO_CONST cute_layout_t *tiles, int32_t n,       \
                                          cute_layout_t *out);                                \
  CUTEGO_API cutego_status_t name##_str(CUTEGO_CONST cute_layout_t *a, CUTEGO_CONST char *text, \
                                        cute_layout_t *out);

/* The functions of the algebra are written, with their exports, from one table by capi/bindgen
 * (capi/bindgen/ops.go; go generate ./capi). */
/* BEGIN bindgen */
/* coalesce(L): the same function flattened, mergeable modes combined, size-1 modes dropped. */
CUTEGO_API cutego_status_t cute_coalesce(CUTEGO_CONST cute_layout_t *l, cute_layout_t *out);
/* coalesce(L, profile): coalesce each mode of the profile separately. */
CUTEGO_API cutego_status_t cute_coalesce_profile(CUTEGO_CONST cute_layout_t *l,
                                                 CUTEGO_CONST cute_int_tuple_t *profile,
                                                 cute_layout_t *out);
/* filter(L) = coalesce(filter_zeros(L)): no stride-0 or size-1 modes, the rest coalesced. */
CUTEGO_API cutego_status_t cute_filter(CUTEGO_CONST cute_layout_t *l, cute_layout_t *out);
/* filter_zeros(L): every mode of stride 0 gets shape 1; structure and strides are kept. */
CUTEGO_API cutego_status_t cute_filter_zeros(CUTEGO_CONST cute_layout_t *l, cute_layout_t *out);
/* composition(A, B) = A o B: the layout c -> A(B(c)). */
CUTEGO_TILER_FUNCS(cute_composition)
/* logical_divide(A, B) = A o (B, complement(B, shape(coalesce(A)))): (tile, rest). */
CUTEGO_TILER_FUNCS(cute_logical_divide)
/* zipped_divide(A, B): logical_divide as ((T0,T1,...),(R0,R1,...)). */
CUTEGO_TILER_FUNCS(cute_zipped_divide)
/* tiled_divide(A, B): zipped_divide with the rest mode unpacked, ((T0,T1,...),R0,R1,...). */
CUTEGO_TILER_FUNCS(cute_tiled_divide)
/* flat_divide(A, B): zipped_divide with both modes unpacked, (T0,T1,...,R0,R1,...). */
CUTEGO_TILER_FUNCS(cute_flat_divide)
/* logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B): A repeated as B says. */
CUTEGO_TILER_FUNCS(cute_logical_product)
/* zipped_product(A, B): logical_product as ((A0,A1,...),(P0,P1,...)). */
CUTEGO_TILER_FUNCS(cute_zipped_product)
/* tiled_product(A, B): zipped_product with the second mode unpacked, ((A0,A1,...),P0,P1,...). */
CUTEGO_TILER_FUNCS(cute_tiled_product)
/* flat_product(A, B): zipped_product with both modes unpacked. */
CUTEGO_TILER_FUNCS(cute_flat_product)
/* blocked_product(A, B): mode i is (A_i, P1_i) of P = logical_product(A, B): blocks contiguous. */
CUTEGO_API cutego_status_t cute_blocked_product(CUTEGO_CONST cute_layout_t *a,
                                                CUTEGO_CONST cute_layout_t *b, cute_layout_t *out);
/* raked_product(A, B): mode i is (P1_i, A_i): as blocked_product, the blocks interleaved. */
CUTEGO_API cutego_status_t cute_raked_product(CUTEGO_CONST cute_layout_t *a,
                                              CUTEGO_CONST cute_layout_t *b, cute_layout_t *out);
/* complement(L, cotarget); cotarget == NULL means complement(L) (cotarget cosize(L)). */
CUTEGO_API cutego_status_t cute_complement(CUTEGO_CONST cute_layout_t *l,
                                           CUTEGO_CONST cute_int_tuple_t *cotarget,
                                           cute_layout_t *out);
/* right_inverse(L): the layout R with L(R(i)) = i for i < size(R), as large as CuTe finds it. */
CUTEGO_API cutego_status_t cute_right_inverse(CUTEGO_CONST cute_layout_t *l, cute_layout_t *out);
/* left_inverse(L): a layout R with R(L(i)) = i for every i < size(L) when L is injective. */
CUTEGO_API cutego_status_t cute_left_inverse(CUTEGO_CONST cute_layout_t *l, cute_layout_t *out);
/* max_common_vector(A, B): how many elements A and B map alike and contiguously (at least 1). */
CUTEGO_API cutego_status_t cute_max_common_vector(CUTEGO_CONST cute_layout_t *a,
                                                  CUTEGO_CONST cute_layout_t *b, int64_t *out);
/* max_common_layout(A, B): the layout R of the most elements with A(R(i)) = B(R(i)) = i. */
CUTEGO_API cutego_status_t cute_max_common_layout(CUTEGO_CONST cute_layout_t *a,
                                                  CUTEGO_CONST cute_layout_t *b,
                                                  cute_layout_t *out);
/* nullspace(L): the flat stride-0 modes of L (1:0 if none): L(R(i)) = 0 for i < size(R). */
CUTEGO_API cutego_status_t cute_nullspace(CUTEGO_CONST cute_layout_t *l, cute_layout_t *out);
/* tile_to_shape(A, shape[, order]): A repeated to cover shape (order may be NULL). */
CUTEGO_API cutego_status_t cute_tile_to_shape(CUTEGO_CONST cute_layout_t *a,
                                              CUTEGO_CONST cute_int_tuple_t *shape,
                                              CUTEGO_CONST cute_int_tuple_t *order,
                                              cute_layout_t *out);

/* ---- atoms -------------------------------------------------------------------------- */

/* MMA_Atom<Op>{} for the operation named as CuTe spells it (SM80_16x8x16_F32F16F16F32_TN,
 * SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>). */
CUTEGO_API cutego_status_t cute_make_mma_atom(CUTEGO_CONST char *name, cute_mma_atom_t *out);
/* make_tiled_mma(atom, atom_layout, permutation): atom_layout NULL is 1:0 (one atom),
 * permutation NULL is (_,_,_), else text such as "(32,(8,2,2):(1,16,8),_)". */
CUTEGO_API cutego_status_t cute_make_tiled_mma(CUTEGO_CONST char *atom_name,
                                               CUTEGO_CONST cute_layout_t *atom_layout,
                                               CUTEGO_CONST char *permutation,
                                               cute_tiled_mma_t *out);
/* mma.get_slice(thr_idx).partition_A(A): the thread's (FrgV,RestM,RestK) layout of the (M,K)
 * layout A, and (offset may be NULL) the index of its first element. */
CUTEGO_API cutego_status_t cute_thr_mma_partition_A(CUTEGO_CONST cute_tiled_mma_t *mma,
                                                    int64_t thr_idx, CUTEGO_CONST cute_layout_t *a,
                                                    cute_layout_t *out, int64_t *offset);
/* mma.get_slice(thr_idx).partition_B(B) of the (N,K) layout B, as partition_A. */
CUTEGO_API cutego_status_t cute_thr_mma_partition_B(CUTEGO_CONST cute_tiled_mma_t *mma,
                                                    int64_t thr_idx, CUTEGO_CONST cute_layout_t *b,
                                                    cute_layout_t *out, int64_t *offset);
/* mma.get_slice(thr_idx).partition_C(C) of the (M,N) layout C, as partition_A. */
CUTEGO_API cutego_status_t cute_thr_mma_partition_C(CUTEGO_CONST cute_tiled_mma_t *mma,
                                                    int64_t thr_idx, CUTEGO_CONST cute_layout_t *c,
                                                    cute_layout_t *out, int64_t *offset);
/* partition_shape_A(mma, shape_MK): the shape of partition_fragment_A. */
CUTEGO_API cutego_status_t cute_partition_shape_A(CUTEGO_CONST cute_tiled_mma_t *mma,
                                                  CUTEGO_CONST cute_int_tuple_t *shape,
                                                  cute_int_tuple_t *out);
/* partition_shape_B(mma, shape_NK): the shape of partition_fragment_B. */
CUTEGO_API cutego_status_t cute_partition_shape_B(CUTEGO_CONST cute_tiled_mma_t *mma,
                                                  CUTEGO_CONST cute_int_tuple_t *shape,
                                                  cute_int_tuple_t *out);
/* partition_shape_C(mma, shape_MN): the shape of partition_fragment_C. */
CUTEGO_API cutego_status_t cute_partition_shape_C(CUTEGO_CONST cute_tiled_mma_t *mma,
                                                  CUTEGO_CONST cute_int_tuple_t *shape,
                                                  cute_int_tuple_t *out);
/* Copy_Atom<Op, ValType>{}: op as CuTe spells it (SM75_U32x4_LDSM_N, UniversalCopy<uint128_t>),
 * val_type an element type (half_t, float). */
CUTEGO_API cutego_status_t cute_make_copy_atom(CUTEGO_CONST char *op, CUTEGO_CONST char *val_type,
                                               cute_copy_atom_t *out);
/* make_tiled_copy(Copy_Atom<op,val_type>, thr_layout, val_layout): val_layout NULL is 1:0 (one
 * value per thread). */
CUTEGO_API cutego_status_t cute_make_tiled_copy(CUTEGO_CONST char *op, CUTEGO_CONST char *val_type,
                                                CUTEGO_CONST cute_layout_t *thr_layout,
                                                CUTEGO_CONST cute_layout_t *val_layout,
                                                cute_tiled_copy_t *out);
/* make_tiled_copy_impl(Copy_Atom<op,val_type>, layout_tv, tiler_mn): the TiledCopy of a (thread,
 * value) -> tile index layout over the tile of shape tiler_mn. */
CUTEGO_API cutego_status_t cute_make_tiled_copy_impl(CUTEGO_CONST char *op,
                                                     CUTEGO_CONST char *val_type,
                                                     CUTEGO_CONST cute_layout_t *layout_tv,
                                                     CUTEGO_CONST cute_int_tuple_t *tiler_mn,
                                                     cute_tiled_copy_t *out);
/* make_tiled_copy_A(Copy_Atom<op,val_type>, mma): the copy of mma's get_layoutA_TV over its
 * (tile_M, tile_K). */
CUTEGO_API cutego_status_t cute_make_tiled_copy_A(CUTEGO_CONST char *op,
                                                  CUTEGO_CONST char *val_type,
                                                  CUTEGO_CONST cute_tiled_mma_t *mma,
                                                  cute_tiled_copy_t *out);
/* make_tiled_copy_B(Copy_Atom<op,val_type>, mma): the copy of mma's get_layoutB_TV over its
 * (tile_N, tile_K). */
CUTEGO_API cutego_status_t cute_make_tiled_copy_B(CUTEGO_CONST char *op,
                                                  CUTEGO_CONST char *val_type,
                                                  CUTEGO_CONST cute_tiled_mma_t *mma,
                                                  cute_tiled_copy_t *out);
/* make_tiled_copy_C(Copy_Atom<op,val_type>, mma): the copy of mma's get_layoutC_TV over its
 * (tile_M, tile_N). */
CUTEGO_API cutego_status_t cute_make_tiled_copy_C(CUTEGO_CONST char *op,
                                                  CUTEGO_CONST char *val_type,
                                                  CUTEGO_CONST cute_tiled_mma_t *mma,
                                                  cute_tiled_copy_t *out);
/* copy.get_slice(thr_idx).partition_S(S): the thread's ((FrgV,FrgX),RestM,RestN) layout of S,
 * and (offset may be NULL) the index of its first element. */
CUTEGO_API cutego_status_t cute_thr_copy_partition_S(CUTEGO_CONST cute_tiled_copy_t *copy,
                                                     int64_t thr_idx, CUTEGO_CONST cute_layout_t *s,
                                                     cute_layout_t *out, int64_t *offset);
/* copy.get_slice(thr_idx).partition_D(D), as partition_S. */
CUTEGO_API cutego_status_t cute_thr_copy_partition_D(CUTEGO_CONST cute_tiled_copy_t *copy,
                                                     int64_t thr_idx, CUTEGO_CONST cute_layout_t *d,
                                                     cute_layout_t *out, int64_t *offset);
/* copy.retile_S(frg) (retile_D is the same): a thread's (V,RestM,RestN) fragment as
 * ((AtomVal,RestVal),RestM,RestN). */
CUTEGO_API cutego_status_t cute_tiled_copy_retile(CUTEGO_CONST cute_tiled_copy_t *copy,
                                                  CUTEGO_CONST cute_layout_t *frg,
                                                  cute_layout_t *out);
/* print_latex(tiled_mma): C++ CuTe's TikZ picture of C, A and B byte for byte (snprintf
 * semantics of *_format). */
CUTEGO_API cutego_status_t cute_print_latex_tiled_mma(CUTEGO_CONST cute_tiled_mma_t *mma, char *buf,
                                                      size_t n, size_t *len);
/* print_latex(tiled_copy): C++ CuTe's TikZ picture of the source and destination TV layouts byte
 * for byte. */
CUTEGO_API cutego_status_t cute_print_latex_tiled_copy(CUTEGO_CONST cute_tiled_copy_t *copy,
                                                       char *buf, size_t n, size_t *len);
/* The picture of print_latex(tiled_mma) as SVG (`cutego render`'s): C, A on its left, B above,
 * cells colored by thread. */
CUTEGO_API cutego_status_t cute_print_svg_tiled_mma(CUTEGO_CONST cute_tiled_mma_t *mma, char *buf,
                                                    size_t n, size_t *len);
/* The picture of print_latex(tiled_copy) as SVG: the source and destination TV layouts side by
 * side. */
CUTEGO_API cutego_status_t cute_print_svg_tiled_copy(CUTEGO_CONST cute_tiled_copy_t *copy,
                                                     char *buf, size_t n, size_t *len);
/* cute_print_svg_tiled_mma with `cutego render`'s options: readers 1 lists every thread holding
 * each element (--readers), thread t >= 0 frames thread t's partition_A/B/C of tile-sized
 * tensors (--thread t; -1 frames none); other values are CUTEGO_INVALID_ARGUMENT. */
CUTEGO_API cutego_status_t cute_print_svg_tiled_mma_options(CUTEGO_CONST cute_tiled_mma_t *mma,
                                                            int64_t readers, int64_t thread,
                                                            char *buf, size_t n, size_t *len);
/* cute_print_svg_tiled_copy with `cutego render`'s options: readers and thread as
 * cute_print_svg_tiled_mma_options (the frame: partition_S / partition_D), tiler 1 draws
 * Tiler_MN and the TV layout over the tiler's domain (--tiler). */
CUTEGO_API cutego_status_t cute_print_svg_tiled_copy_options(CUTEGO_CONST cute_tiled_copy_t *copy,
                                                             int64_t readers, int64_t thread,
                                                             int64_t tiler, char *buf, size_t n,
                                                             size_t *len);
/* END bindgen */

/* ---- swizzles and composed layouts -------------------------------------------------- */

/* Swizzle<B,M,S>{}: B, M >= 0, |S| >= B. */
CUTEGO_API cutego_status_t cute_make_swizzle(int32_t b, int32_t m, int32_t s,
                                             cute_swizzle_t *out);
CUTEGO_API cutego_status_t cute_swizzle_apply(CUTEGO_CONST cute_swizzle_t *sw, int64_t x,
                                              int64_t *out);
CUTEGO_API cutego_status_t cute_swizzle_parse(CUTEGO_CONST char *text, cute_swizzle_t *out);
CUTEGO_API cutego_status_t cute_swizzle_format(CUTEGO_CONST cute_swizzle_t *sw, char *buf,
                                               size_t n, size_t *len);
/* make_composed_layout(swizzle, offset, layout): c -> swizzle(offset + layout(c)). */
CUTEGO_API cutego_status_t cute_make_composed_layout(CUTEGO_CONST cute_swizzle_t *sw,
                                                     int64_t offset,
                                                     CUTEGO_CONST cute_layout_t *layout,
                                                     cute_composed_layout_t *out);
CUTEGO_API cutego_status_t cute_composed_layout_parse(CUTEGO_CONST char *text,
                                                      cute_composed_layout_t *out);
CUTEGO_API cutego_status_t cute_composed_layout_format(CUTEGO_CONST cute_composed_layout_t *c,
                                                       char *buf, size_t n, size_t *len);
/* C(i) = swizzle(offset + layout(i)) for the 1-D coordinate i (past the domain too, as
 * cute_layout_eval). */
CUTEGO_API cutego_status_t cute_composed_layout_eval(CUTEGO_CONST cute_composed_layout_t *c,
                                                     int64_t i, int64_t *out);
/* swizzle(offset + crd2idx(coord, layout)). */
CUTEGO_API cutego_status_t cute_composed_layout_crd2idx(CUTEGO_CONST cute_composed_layout_t *c,
                                                        CUTEGO_CONST cute_int_tuple_t *coord,
                                                        int64_t *out);

/* ---- tensor maps (TMA) -------------------------------------------------------------- */

/* The tensor map (cutego_types.h: cutego_tma_desc_t) that copies tiles of the global layout
 * gmem (element offsets) to or from shared memory laid out as smem (swizzle o offset 0 o
 * layout; a swizzle with b = 0 for none), elements of elem_bytes = 1, 2, 4, 8 or 16 bytes,
 * the way CuTe's make_tma_copy derives it (package cute/tma). CUTEGO_INVALID_ARGUMENT for
 * malformed layouts, CUTEGO_NOT_ADMISSIBLE for what the hardware cannot do (16-byte stride
 * alignment, box <= 256, rank <= 5, contiguous first dimension, 32/64/128-byte swizzles,
 * extents below 2^31); the message says which. */
CUTEGO_API cutego_status_t cutego_tma_derive(CUTEGO_CONST cute_layout_t *gmem,
                                             CUTEGO_CONST cute_composed_layout_t *smem,
                                             int32_t elem_bytes, cutego_tma_desc_t *out);
/* CUTEGO_OK if the hardware takes the descriptor (the CUTEGO_TMA_* limits, elem_bytes 1, 2,
 * 4 or 8, strides[0] == elem_bytes, element strides 1..8, a swizzle of 0, 32, 64 or 128
 * bytes no narrower than the inner box, an inner box of a multiple of 16 bytes), else
 * CUTEGO_NOT_ADMISSIBLE (CUTEGO_INVALID_ARGUMENT for the element size) naming the rule. The
 * rules of libcutego_kernels' cutego_tma_desc_check, but the address alignment. */
CUTEGO_API cutego_status_t cutego_tma_check(CUTEGO_CONST cutego_tma_desc_t *d);

/* ---- pictures ----------------------------------------------------------------------- */

/* Pictures of a layout as text, byte for byte what `cutego print` and `cutego render
 * --format tex|svg [--tv (M,N)]` write (trailing newline included), with the snprintf
 * semantics of *_format: a call with n == 0 returns the length in *len. A layout of rank 1
 * or 2 is drawn as its M×N table (rank 1 as (L, 1:0)); rank > 2 is CUTEGO_INVALID_ARGUMENT;
 * more than 1<<20 cells is CUTEGO_CAPACITY.
 *   cute_print_layout   CuTe's print_layout: the table of indices, framed by +---+ rules
 *   cute_print_latex    CuTe's print_latex: a standalone LaTeX/TikZ document
 *   cute_print_svg      CuTe's print_svg: an SVG picture, cells shaded by index mod 8
 * The _composed forms draw a swizzle composed layout (its values swizzle(offset + L(c)));
 * the _tv forms draw a thread-value layout (thread, value) -> position over the tile of
 * shape (M,N) (a rank-2 int tuple), each cell labeled with the first (thread, value) that
 * maps to it (CuTe's print_latex_tv). print_latex of a TiledMMA or TiledCopy is with the
 * atoms above: cute_print_latex_tiled_mma, cute_print_latex_tiled_copy. */
CUTEGO_API cutego_status_t cute_print_layout(CUTEGO_CONST cute_layout_t *l, char *buf, size_t n,
                                             size_t *len);
CUTEGO_API cutego_status_t cute_print_latex(CUTEGO_CONST cute_layout_t *l, char *buf, size_t n,
                                            size_t *len);
CUTEGO_API cutego_status_t cute_print_svg(CUTEGO_CONST cute_layout_t *l, char *buf, size_t n,
                                          size_t *len);
CUTEGO_API cutego_status_t cute_print_layout_composed(CUTEGO_CONST cute_composed_layout_t *c,
                                                      char *buf, size_t n, size_t *len);
CUTEGO_API cutego_status_t cute_print_latex_composed(CUTEGO_CONST cute_composed_layout_t *c,
                                                     char *buf, size_t n, size_t *len);
CUTEGO_API cutego_status_t cute_print_svg_composed(CUTEGO_CONST cute_composed_layout_t *c,
                                                   char *buf, size_t n, size_t *len);
CUTEGO_API cutego_status_t cute_print_latex_tv(CUTEGO_CONST cute_layout_t *tv,
                                               CUTEGO_CONST cute_int_tuple_t *tile, char *buf,
                                               size_t n, size_t *len);
CUTEGO_API cutego_status_t cute_print_svg_tv(CUTEGO_CONST cute_layout_t *tv,
                                             CUTEGO_CONST cute_int_tuple_t *tile, char *buf,
                                             size_t n, size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* CUTEGO_H */

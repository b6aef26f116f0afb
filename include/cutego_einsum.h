/* cutego_einsum.h — the contraction planner of libcutego: an einsum-style contraction of two
 * tensors ("stupr,qtru->stqp", as numpy.einsum takes it) and the operands' layouts in, the
 * layouts of the CuTe paper's canonical batched GEMM out (section 1.3, equation (2)):
 *
 *     C(m,n,l) = A(m,k,l) * B(n,k,l)     for every 1-D coordinate m < M, n < N, l < L,
 *                                        summed over k < K
 *
 * Each of m, n, k, l is a multi-mode: the contraction's indices grouped by where they appear
 * (m: in A and C only; n: in B and C only; k: in A and B only; l: in all three), M, N and L
 * in the order of C, K in the order of A. Folding copies nothing: a folded layout is the
 * operand's own modes, grouped, so it addresses the operand's own data (offset unchanged).
 * Run the contraction with any GEMM that evaluates layouts: for each l, m, n, k,
 * C[cute_layout_eval(c, (m,n,l))] += A[...(a, (m,k,l))] * B[...(b, (n,k,l))], with C
 * zeroed first (or use cute_crd2idx with the coordinate (m,n,l)).
 *
 * Conventions are cutego.h's (status codes, cutego_last_error, no pointer kept).
 */
#ifndef CUTEGO_EINSUM_H
#define CUTEGO_EINSUM_H

#include "cutego.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Indices are ASCII letters: at most 52 distinct ones. */
#define CUTEGO_EINSUM_MAX_INDICES 52

typedef struct cutego_einsum_plan_t {
  cute_layout_t a; /* A folded: (m,k,l), rank 3; an empty multi-mode is 1:0 */
  cute_layout_t b; /* B folded: (n,k,l) */
  cute_layout_t c; /* C folded: (m,n,l) */
  int64_t m, n, k, l; /* sizes of the multi-modes (1 when empty) */
  /* the indices of each multi-mode, in order, NUL-terminated ("sp", "q", "ur", "t") */
  char m_indices[CUTEGO_EINSUM_MAX_INDICES + 1];
  char n_indices[CUTEGO_EINSUM_MAX_INDICES + 1];
  char k_indices[CUTEGO_EINSUM_MAX_INDICES + 1];
  char l_indices[CUTEGO_EINSUM_MAX_INDICES + 1];
} cutego_einsum_plan_t;

/* Folds the contraction spec over the operands' layouts a, b, c (mode i of a layout is the
 * i-th index of its operand; a mode may itself be hierarchical; a rank-0 layout, "():()", is
 * an operand without indices). spec is "A,B->C", or "A,B" for numpy's implicit output (the
 * indices that appear once, in ASCII order); spaces are ignored.
 *   CUTEGO_PARSE            not two operands, a character that is not an ASCII letter, "..."
 * An index repeated within A or B ("ii,ij->j") is its diagonal: one mode whose strides are
 * the sum of the repeated modes' (n:(d0+d1)).
 *   CUTEGO_NOT_ADMISSIBLE   an index in only one operand (the canonical form has no class for
 *                           it: sum it out first; a trace "ii,->" is one), a diagonal of modes
 *                           of different hierarchical shapes that is not a single stride
 *   CUTEGO_INVALID_ARGUMENT a layout whose rank is not its operand's number of indices, an
 *                           index whose extent differs between operands or modes, an index of
 *                           C in neither A nor B or repeated in C, a malformed layout
 *   CUTEGO_CAPACITY         a folded layout over CUTE_LAYOUT_MAX_LEAVES / _MAX_TOKENS */
CUTEGO_API cutego_status_t cutego_einsum_fold(CUTEGO_CONST char *spec, CUTEGO_CONST cute_layout_t *a,
                                              CUTEGO_CONST cute_layout_t *b,
                                              CUTEGO_CONST cute_layout_t *c,
                                              cutego_einsum_plan_t *out);

#ifdef __cplusplus
}
#endif

#endif /* CUTEGO_EINSUM_H */

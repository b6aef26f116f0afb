/* cutego_kernels.h — C launcher API of cutego's Hopper copy kernels (kernels/, sm_90a).
 *
 *   cutego_copy(dst, dst_layout, src, src_layout, elem_bytes, stream, &path)
 *
 * copies dst[dst_layout(i)] = src[src_layout(i)] for every i in [0, size) (layouts in
 * elements of elem_bytes = 1, 2, 4, 8 or 16 bytes; offsets go into the pointers). It picks
 * the path (cutego_tma.h): TMA copy, TMA permute through a swizzled shared tile, or the
 * generic per-element kernel for what no tensor map expresses; *path says which.
 * Asynchronous on stream (launch errors are reported, execution errors surface at the next
 * synchronization). Returns CUTEGO_KERNELS_OK or an error; cutego_kernels_last_error()
 * explains the last error of the calling thread. The destination must not overlap the
 * source, and dst_layout must be injective (a stride-0 mode of extent > 1 is rejected).
 */
#ifndef CUTEGO_KERNELS_H
#define CUTEGO_KERNELS_H

#include <stddef.h>
#include "cutego_tma.h"
#include "cutego_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct CUstream_st *cutego_stream_t; /* same type as cudaStream_t and CUstream */

enum {
  CUTEGO_KERNELS_OK = 0,
  CUTEGO_KERNELS_EINVAL = 1, /* invalid arguments: see cutego_kernels_last_error() */
  CUTEGO_KERNELS_ECUDA = 2,  /* a CUDA runtime or driver call failed */
  CUTEGO_KERNELS_ENODEV = 3  /* no device of compute capability 9.0 */
};

int cutego_copy(void *dst, cute_layout_t dst_layout, const void *src, cute_layout_t src_layout,
                size_t elem_bytes, cutego_stream_t stream, int *path);

/* As cutego_copy, with options (may be NULL) and the full plan returned (may be NULL). */
int cutego_copy_ex(void *dst, const cute_layout_t *dst_layout, const void *src,
                   const cute_layout_t *src_layout, size_t elem_bytes, cutego_stream_t stream,
                   const cutego_copy_options_t *opt, cutego_copy_plan_t *plan);

const char *cutego_copy_path_name(int path);
const char *cutego_kernels_last_error(void);

#ifdef __cplusplus
}
#endif
#endif /* CUTEGO_KERNELS_H */

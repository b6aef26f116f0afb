/* gpu/shim.h — the cgo shim of package gpu (built with the `cuda` tag). */
#ifndef CUTEGO_GPU_SHIM_H
#define CUTEGO_GPU_SHIM_H
#include <cuda.h>
#include <stdint.h>
#include "cutego_tma.h"

int cutego_shim_attr(CUdevice dev, int attr);
int cutego_shim_set_smem(CUfunction f, int bytes);
/* Encodes both tensor maps of the plan and launches a TMA kernel with (src map, dst map,
 * grid) by value. Returns a CUresult, or -1 when a tensor map cannot be encoded. */
int cutego_shim_launch_tma(CUfunction f, unsigned grid, unsigned block, unsigned smem, CUstream s,
                           const cutego_copy_plan_t *plan, CUdeviceptr dst, CUdeviceptr src);
/* Launches a generic kernel (dst, dst layout, src, src layout, n[, elem_bytes]). */
int cutego_shim_launch_generic(CUfunction f, unsigned grid, unsigned block, CUstream s, CUdeviceptr dst,
                               const cute_layout_t *dl, CUdeviceptr src, const cute_layout_t *sl, int64_t n,
                               int32_t es, int bytewise);
#endif

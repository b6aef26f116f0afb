//go:build cuda

#include "shim.h"

int cutego_shim_attr(CUdevice dev, int attr) {
  int v = 0;
  if (cuDeviceGetAttribute(&v, (CUdevice_attribute)attr, dev) != CUDA_SUCCESS) return -1;
  return v;
}

int cutego_shim_set_smem(CUfunction f, int bytes) {
  return (int)cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
}

static int encode_tiled(void *tmap, int dtype, uint32_t rank, void *gaddr, const uint64_t *dims,
                        const uint64_t *strides, const uint32_t *box, const uint32_t *estrides, int interleave,
                        int swizzle, int l2promo, int oobfill) {
  return (int)cuTensorMapEncodeTiled((CUtensorMap *)tmap, (CUtensorMapDataType)dtype, rank, gaddr,
                                     (const cuuint64_t *)dims, (const cuuint64_t *)strides,
                                     (const cuuint32_t *)box, (const cuuint32_t *)estrides,
                                     (CUtensorMapInterleave)interleave, (CUtensorMapSwizzle)swizzle,
                                     (CUtensorMapL2promotion)l2promo, (CUtensorMapFloatOOBfill)oobfill);
}

int cutego_shim_launch_tma(CUfunction f, unsigned grid, unsigned block, unsigned smem, CUstream s,
                           const cutego_copy_plan_t *plan, CUdeviceptr dst, CUdeviceptr src) {
  CUtensorMap ms, md; /* 64-byte aligned by its declaration */
  if (cutego_tma_encode(&ms, &plan->src, (void *)(uintptr_t)src, encode_tiled) != 0) return -1;
  if (cutego_tma_encode(&md, &plan->dst, (void *)(uintptr_t)dst, encode_tiled) != 0) return -1;
  cutego_tile_grid_t g = plan->grid;
  void *args[3] = {&ms, &md, &g};
  return (int)cuLaunchKernel(f, grid, 1, 1, block, 1, 1, smem, s, args, NULL);
}

int cutego_shim_launch_generic(CUfunction f, unsigned grid, unsigned block, CUstream s, CUdeviceptr dst,
                               const cute_layout_t *dl, CUdeviceptr src, const cute_layout_t *sl, int64_t n,
                               int32_t es, int bytewise) {
  cute_layout_t d = *dl, so = *sl;
  void *args[6] = {&dst, &d, &src, &so, &n, &es};
  (void)bytewise;
  return (int)cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, s, args, NULL);
}

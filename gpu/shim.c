//go:build cuda

#include <string.h>
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

int cutego_shim_launch_gemm(CUfunction f, int sms, int max_ctas, CUstream s,
                            const cutego_gemm_plan_t *plan, const cutego_gemm_args_t *args, CUdeviceptr a,
                            CUdeviceptr b, CUdeviceptr d, CUdeviceptr scale_a, CUdeviceptr scale_b,
                            const cutego_gemm_block_scales_t *block_scales, const cutego_gemm_stream_k_t *sk,
                            int64_t sk_ctas) {
  CUtensorMap ma, mb, md;
  memset(&md, 0, sizeof md);
  if (cutego_gemm_operand_param(plan, 0, (const void *)(uintptr_t)a, encode_tiled, &ma) != 0) return -1;
  if (cutego_gemm_operand_param(plan, 1, (const void *)(uintptr_t)b, encode_tiled, &mb) != 0) return -1;
  if ((plan->flags & CUTEGO_GEMM_F_D_TMA) && cutego_tma_encode(&md, &plan->d_map, (void *)(uintptr_t)d, encode_tiled) != 0)
    return -1;
  cutego_gemm_args_t g = *args;
  cutego_gemm_scales_t sc = {(const float *)(uintptr_t)scale_a, (const float *)(uintptr_t)scale_b};
  cutego_gemm_block_scales_t bs;
  memset(&bs, 0, sizeof bs);
  if (block_scales) bs = *block_scales;
  cutego_gemm_stream_k_t k;
  memset(&k, 0, sizeof k);
  if (sk) k = *sk;
  /* (the 16-bit kernels take the first four, their stream-K kernels five; the FP8 kernels the
   * per-tensor scales or the block scales fifth; the FP8 stream-K kernels six, the scales sixth) */
  void *kargs[6] = {&ma, &mb, &md, &g, sk ? (void *)&k : block_scales ? (void *)&bs : (void *)&sc, &sc};
  /* A persistent grid, in whole clusters (as kernels/cutego_gemm.cu launches it). */
  cutego_launch_t l;
  cutego_gemm_launch(plan, sms, max_ctas, &l);
  /* clusters where asked (no cluster launch at all without), a programmatic dependent launch where
   * the plan says so (its kernel waits for the one before) */
  CUlaunchAttribute attr[2];
  unsigned nattr = 0;
  memset(attr, 0, sizeof attr);
  if (l.cluster > 1) {
    attr[nattr].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr[nattr].value.clusterDim.x = (unsigned)l.cluster;
    attr[nattr].value.clusterDim.y = attr[nattr].value.clusterDim.z = 1;
    ++nattr;
  }
  if (l.programmatic) {
    attr[nattr].id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    attr[nattr].value.programmaticStreamSerializationAllowed = 1;
    ++nattr;
  }
  CUlaunchConfig lc;
  memset(&lc, 0, sizeof lc);
  lc.blockDimX = (unsigned)l.block, lc.blockDimY = lc.blockDimZ = 1;
  lc.gridDimX = (unsigned)(sk ? sk_ctas : l.grid), lc.gridDimY = lc.gridDimZ = 1;
  lc.sharedMemBytes = (unsigned)l.smem_bytes;
  lc.hStream = s;
  lc.attrs = attr;
  lc.numAttrs = nattr;
  if (l.cluster > 1) {
    int clusters = 0;
    lc.gridDimX = (unsigned)(sms - sms % l.cluster);
    lc.numAttrs = 1; /* the cluster dimension alone (attr[0]) */
    CUresult r = cuOccupancyMaxActiveClusters(&clusters, f, &lc);
    lc.numAttrs = nattr;
    if (r != CUDA_SUCCESS) return (int)r;
    if (clusters < 1) return (int)CUDA_ERROR_INVALID_CLUSTER_SIZE;
    lc.gridDimX = (unsigned)cutego_gemm_grid(plan, (int64_t)clusters * l.cluster, max_ctas);
  }
  if (sk) { /* stream-K: its flags zeroed before each launch, on the same stream */
    CUresult r = cuMemsetD32Async((CUdeviceptr)(uintptr_t)k.flags, 0, (size_t)sk_ctas * 2, s);
    if (r != CUDA_SUCCESS) return (int)r;
  }
  return (int)cuLaunchKernelEx(&lc, f, kargs, NULL);
}

int cutego_shim_launch_gemm_generic(CUfunction f, unsigned grid, unsigned block, CUstream s, const cutego_gemm_plan_t *plan,
                                    CUdeviceptr d, const cute_layout_t *ld, CUdeviceptr a, const cute_layout_t *la,
                                    CUdeviceptr b, const cute_layout_t *lb, CUdeviceptr c, const cute_layout_t *lc,
                                    float alpha, float beta) {
  cute_layout_t LD = *ld, LA = *la, LB = *lb, LC = lc ? *lc : *ld;
  int64_t m = plan->m, n = plan->n, k = plan->k, l = plan->l;
  int rc = plan->read_c;
  void *kargs[15] = {&d, &LD, &a, &LA, &b, &LB, &c, &LC, &m, &n, &k, &l, &alpha, &beta, &rc};
  return (int)cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, s, kargs, NULL);
}

void cutego_shim_gemm_args(const cutego_gemm_plan_t *plan, CUdeviceptr d, CUdeviceptr c, float alpha, float beta,
                           int32_t group_m, cutego_gemm_args_t *args) {
  cutego_gemm_args(plan, (void *)(uintptr_t)d, (const void *)(uintptr_t)c, alpha, beta, group_m, args);
}

void cutego_shim_stream_k_at(cutego_gemm_stream_k_t *sk, CUdeviceptr partials, CUdeviceptr flags) {
  sk->partials = (float *)(uintptr_t)partials;
  sk->flags = (int32_t *)(uintptr_t)flags;
}

void cutego_shim_gemm_scales(cutego_gemm_options_t *o, CUdeviceptr scale_a, CUdeviceptr scale_b) {
  o->scale_a = (const float *)(uintptr_t)scale_a;
  o->scale_b = (const float *)(uintptr_t)scale_b;
}

int cutego_shim_gemm_block_scales(const cutego_gemm_plan_t *plan, CUdeviceptr scale_a, const cute_layout_t *la,
                                  CUdeviceptr scale_b, const cute_layout_t *lb, cutego_gemm_block_scales_t *out,
                                  char *why, size_t why_len) {
  return cutego_gemm_block_scales(plan, (const float *)(uintptr_t)scale_a, la, (const float *)(uintptr_t)scale_b, lb,
                                  out, why, why_len);
}

int cutego_shim_launch_split_k_reduce(CUfunction f, CUstream s, const cutego_gemm_plan_t *plan,
                                      const cutego_gemm_split_layouts_t *sl, int splits, CUdeviceptr d, CUdeviceptr c,
                                      CUdeviceptr w, float alpha, float beta) {
  int read_c = plan->read_c;
  int64_t ds0 = plan->d.stride[0], ds1 = plan->d.stride[1];
  int64_t cs0 = read_c ? plan->c.stride[0] : 0, cs1 = read_c ? plan->c.stride[1] : 0;
  int64_t m = plan->m, n = plan->n, ldw = sl->ldw;
  void *kargs[14] = {&d, &ds0, &ds1, &c, &cs0, &cs1, &w, &m, &n, &ldw, &splits, &alpha, &beta, &read_c};
  return (int)cuLaunchKernel(f, (unsigned)sl->reduce_blocks, 1, 1, 256, 1, 1, 0, s, kargs, NULL);
}

int cutego_shim_pack_rows_add(cutego_gemm_pack_rows_t *r, CUdeviceptr dst, const cute_layout_t *packed, CUdeviceptr src,
                              const cute_layout_t *src_l, int es) {
  return cutego_gemm_pack_rows_add(r, (void *)(uintptr_t)dst, packed, (const void *)(uintptr_t)src, src_l, es);
}

unsigned cutego_shim_pack_rows_grid(cutego_gemm_pack_rows_t *r, int sms, int *unit, int *bits) {
  return cutego_gemm_pack_rows_grid(r, sms, unit, bits);
}

int cutego_shim_pack_rows_launch(CUfunction f, CUstream s, const cutego_gemm_pack_rows_t *r, unsigned blocks) {
  cutego_gemm_pack_row_jobs_t jobs = r->jobs;
  void *args[] = {&jobs};
  return (int)cuLaunchKernel(f, blocks, 1, 1, CUTEGO_GEMM_PACK_ROW_THREADS, 1, 1, 0, s, args, NULL);
}

int cutego_shim_pack_mn_cols(CUfunction f, CUstream s, CUdeviceptr dst, const cute_layout_t *packed, CUdeviceptr src,
                             const cute_layout_t *src_l, int es, int sms) {
  cutego_gemm_pack_cols_job_t jb;
  unsigned blocks = 0;
  if (cutego_gemm_pack_cols_job(&jb, &blocks, (void *)(uintptr_t)dst, packed, (const void *)(uintptr_t)src, src_l, es, sms))
    return -1;
  if (blocks == 0) return 0;
  void *args[] = {&jb};
  return (int)cuLaunchKernel(f, blocks, 1, 1, CUTEGO_GEMM_PACK_COL_THREADS, 1, 1, 0, s, args, NULL);
}

int cutego_shim_zero_split_pads(const cutego_gemm_plan_t *plan, CUdeviceptr a, CUdeviceptr b, CUstream s) {
  for (int which = 0; which < 2; ++which) {
    int64_t off, pitch, width, rows;
    if (!cutego_gemm_split_pad(plan, which, &off, &pitch, &width, &rows)) continue;
    CUresult r = cuMemsetD2D8Async((which ? b : a) + (CUdeviceptr)off, (size_t)pitch, 0, (size_t)width, (size_t)rows, s);
    if (r != CUDA_SUCCESS) return (int)r;
  }
  return 0;
}

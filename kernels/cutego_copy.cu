// cutego_copy.cu — the C launcher of cutego's copy kernels (include/cutego_kernels.h).
#include <cuda_runtime.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "copy_kernels.cuh"
#include "cutego_kernels.h"
#include "launch.h"

using cutego_k::DevInfo;
using cutego_k::dev_info;
using cutego_k::encode_fn;
using cutego_k::set_smem;

static thread_local char g_err[256];

int cutego_k::fail(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g_err, sizeof g_err, fmt, ap);
  va_end(ap);
  return code;
}
using cutego_k::fail;

extern "C" size_t cutego_kernels_last_error(char *buf, size_t n) {
  if (buf && n) snprintf(buf, n, "%s", g_err);
  return strlen(g_err);
}

const char *cutego_k::last_error() { return g_err; }

cutego_encode_tiled_fn cutego_k::encode_fn(void) {
  static cutego_encode_tiled_fn fn = nullptr;
  if (!fn) {
    void *p = nullptr;
    cudaDriverEntryPointQueryResult q;
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000, cudaEnableDefault, &q) == cudaSuccess &&
        q == cudaDriverEntryPointSuccess)
      fn = reinterpret_cast<cutego_encode_tiled_fn>(p);
  }
  return fn;
}

int cutego_k::dev_info(DevInfo *d) {
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) return -1;
  cudaDeviceGetAttribute(&d->sms, cudaDevAttrMultiProcessorCount, dev);
  cudaDeviceGetAttribute(&d->smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
  cudaDeviceGetAttribute(&d->major, cudaDevAttrComputeCapabilityMajor, dev);
  return 0;
}

int cutego_k::set_smem(const void *fn, int bytes) {
  return cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) == cudaSuccess ? 0 : -1;
}

// The generic kernel, launched as cutego_copy_generic_launch says (grid, block, byte-wise).
static cudaError_t launch_generic(void *dst, const cute_layout_t *dl, const void *src, const cute_layout_t *sl,
                                  int64_t n, size_t es, int sms, cudaStream_t stream) {
  cutego_launch_t l;
  cutego_copy_generic_launch(n, static_cast<int32_t>(es), reinterpret_cast<uintptr_t>(dst),
                             reinterpret_cast<uintptr_t>(src), sms, &l);
  uint8_t *d = static_cast<uint8_t *>(dst);
  const uint8_t *s = static_cast<const uint8_t *>(src);
  dim3 grid(static_cast<unsigned>(l.grid)), block(static_cast<unsigned>(l.block));
  if (l.bytewise) {
    cutego_generic_copy_bytes<<<grid, block, 0, stream>>>(d, *dl, s, *sl, n, static_cast<int32_t>(es));
  } else {
    switch (es) {
      case 1: cutego_generic_copy_es1<<<grid, block, 0, stream>>>(d, *dl, s, *sl, n); break;
      case 2: cutego_generic_copy_es2<<<grid, block, 0, stream>>>(d, *dl, s, *sl, n); break;
      case 4: cutego_generic_copy_es4<<<grid, block, 0, stream>>>(d, *dl, s, *sl, n); break;
      case 8: cutego_generic_copy_es8<<<grid, block, 0, stream>>>(d, *dl, s, *sl, n); break;
      default: cutego_generic_copy_es16<<<grid, block, 0, stream>>>(d, *dl, s, *sl, n); break;
    }
  }
  return cudaGetLastError();
}

extern "C" int cutego_copy_ex(void *dst, const cute_layout_t *dl, const void *src, const cute_layout_t *sl,
                              size_t es, cutego_stream_t stream_, const cutego_copy_options_t *opt,
                              cutego_copy_plan_t *plan_out) {
  cudaStream_t stream = reinterpret_cast<cudaStream_t>(stream_);
  cutego_copy_plan_t plan;
  if (cutego_copy_plan(dl, sl, es, reinterpret_cast<uintptr_t>(dst), reinterpret_cast<uintptr_t>(src), opt, &plan) != 0) {
    if (plan_out) *plan_out = plan;
    return fail(CUTEGO_KERNELS_EINVAL, "cutego_copy: %s", plan.reason);
  }
  if (plan_out) *plan_out = plan;
  if (plan.path == CUTEGO_COPY_PATH_NONE) return CUTEGO_KERNELS_OK;
  if (!dst || !src) return fail(CUTEGO_KERNELS_EINVAL, "cutego_copy: null pointer");
  DevInfo di;
  if (dev_info(&di) != 0) return fail(CUTEGO_KERNELS_ENODEV, "cutego_copy: no CUDA device");
  cudaError_t e = cudaSuccess;
  if (plan.path == CUTEGO_COPY_PATH_GENERIC) {
    e = launch_generic(dst, dl, src, sl, plan.size, es, di.sms, stream);
    if (e != cudaSuccess) return fail(CUTEGO_KERNELS_ECUDA, "cutego_copy: generic launch: %s", cudaGetErrorString(e));
    return CUTEGO_KERNELS_OK;
  }
  if (di.major < 9) return fail(CUTEGO_KERNELS_ENODEV, "cutego_copy: TMA needs compute capability 9.0");
  cutego_encode_tiled_fn enc = encode_fn();
  if (!enc) return fail(CUTEGO_KERNELS_ECUDA, "cutego_copy: cuTensorMapEncodeTiled not available from the driver");
  alignas(64) CUtensorMap ms, md;
  int rc = cutego_tma_encode(&ms, &plan.src, const_cast<void *>(src), enc);
  if (rc != 0) return fail(CUTEGO_KERNELS_ECUDA, "cutego_copy: encoding the source tensor map failed (%s)", plan.reason);
  rc = cutego_tma_encode(&md, &plan.dst, dst, enc);
  if (rc != 0) return fail(CUTEGO_KERNELS_ECUDA, "cutego_copy: encoding the destination tensor map failed (%s)", plan.reason);
  const cutego_tile_grid_t &g = plan.grid;
  cutego_launch_t l;
  if (cutego_copy_launch(&plan, opt, di.sms, di.smem_optin, reinterpret_cast<uintptr_t>(dst),
                         reinterpret_cast<uintptr_t>(src), &l) != 0)
    return fail(CUTEGO_KERNELS_EINVAL, "cutego_copy: the pipeline needs %d bytes of shared memory, the device has %d",
                l.smem_bytes, di.smem_optin);
  const void *fn;
  if (plan.path == CUTEGO_COPY_PATH_TMA_COPY) {
    fn = reinterpret_cast<const void *>(cutego_tma_copy_kernel);
  } else {
    switch (g.elem_bytes) {
      case 1: fn = reinterpret_cast<const void *>(cutego_tma_permute_es1); break;
      case 2: fn = reinterpret_cast<const void *>(cutego_tma_permute_es2); break;
      case 4: fn = reinterpret_cast<const void *>(cutego_tma_permute_es4); break;
      case 8: fn = reinterpret_cast<const void *>(cutego_tma_permute_es8); break;
      default: fn = reinterpret_cast<const void *>(cutego_tma_permute_es16); break;
    }
  }
  if (set_smem(fn, l.smem_bytes) != 0) return fail(CUTEGO_KERNELS_ECUDA, "cutego_copy: cudaFuncSetAttribute failed");
  void *args[] = {&ms, &md, const_cast<cutego_tile_grid_t *>(&g)};
  e = cudaLaunchKernel(fn, dim3(static_cast<unsigned>(l.grid)), dim3(static_cast<unsigned>(l.block)), args,
                       static_cast<size_t>(l.smem_bytes), stream);
  if (e != cudaSuccess) return fail(CUTEGO_KERNELS_ECUDA, "cutego_copy: launch: %s", cudaGetErrorString(e));
  if (plan.has_tail) {
    int64_t tn = 1;
    for (int k = 0; k < plan.tail_src.leaves; ++k) tn *= plan.tail_src.shape[k];
    e = launch_generic(static_cast<uint8_t *>(dst) + plan.tail_dst_offset * (int64_t)es, &plan.tail_dst,
                       static_cast<const uint8_t *>(src) + plan.tail_src_offset * (int64_t)es, &plan.tail_src, tn, es,
                       di.sms, stream);
    if (e != cudaSuccess) return fail(CUTEGO_KERNELS_ECUDA, "cutego_copy: tail launch: %s", cudaGetErrorString(e));
  }
  return CUTEGO_KERNELS_OK;
}

extern "C" int cutego_copy(void *dst, cute_layout_t dst_layout, const void *src, cute_layout_t src_layout,
                           size_t elem_bytes, cutego_stream_t stream, int *path) {
  cutego_copy_plan_t plan;
  int rc = cutego_copy_ex(dst, &dst_layout, src, &src_layout, elem_bytes, stream, nullptr, &plan);
  if (path) *path = rc == CUTEGO_KERNELS_OK ? plan.path : CUTEGO_COPY_PATH_NONE;
  return rc;
}

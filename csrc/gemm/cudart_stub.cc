// cudart_stub.cc — a CUDA runtime without a GPU for the launchers' host-side tests: the entry
// points kernels/cutego_gemm.cu and kernels/cutego_copy.cu call, each counting its calls
// (cudart_stub.h), answering as one Hopper device per id would (cudart_stub_sms), and
// recording the last cudaLaunchKernelExC. Nothing runs on a device; the allocations are
// addresses only. Its tensor-map encoder
// (what cudaGetDriverEntryPointByVersion hands out) writes the global address into the map's
// first 8 bytes and the dimensions after it, so that a test can read which address a launched
// map carries. cudaFuncSetAttribute's shared-memory opt-in is kept per device and kernel, and
// a launch asking for more fails as the runtime's does (cudart_stub_reset forgets them all,
// as cudaDeviceReset does).
#include "cudart_stub.h"

#include <string.h>

#include <map>

cudart_stub_counts cudart_stub_n;
cudart_stub_memset_2d cudart_stub_last_memset_2d;
cudaError_t cudart_stub_pool_error = cudaSuccess;
bool cudart_stub_no_clusters = false;
cudart_stub_launch cudart_stub_last;
int cudart_stub_device = 0;
bool (*cudart_stub_takes_maps)(const void *fn) = nullptr;

namespace {
struct SmemOptin {
  int dev;
  const void *fn;
  int bytes;
};
SmemOptin optin[256];
int noptin = 0;

int optin_of(int dev, const void *fn) {
  for (int i = 0; i < noptin; ++i)
    if (optin[i].dev == dev && optin[i].fn == fn) return optin[i].bytes;
  return 48 * 1024;
}

uintptr_t fake_heap = 0x7f0000000000;
std::map<void *, size_t> sizes;
void *freed = nullptr;
size_t freed_bytes = 0;

thread_local dim3 pushed_grid, pushed_block;
thread_local size_t pushed_smem;
thread_local void *pushed_stream;

int fake_encode(void *tmap, int, uint32_t rank, void *gaddr, const uint64_t *dims, const uint64_t *, const uint32_t *,
                const uint32_t *, int, int, int, int) {
  ++cudart_stub_n.encode;
  memset(tmap, 0, 128);
  uint64_t a = reinterpret_cast<uintptr_t>(gaddr);
  memcpy(tmap, &a, 8);
  for (uint32_t i = 0; i < rank && i < 5; ++i) memcpy(static_cast<char *>(tmap) + 8 + 8 * i, &dims[i], 8);
  return 0;
}
}  // namespace

int cudart_stub_sms(int dev) { return dev == 0 ? 132 : 114; }

uint64_t cudart_stub_map_addr(const void *map) {
  uint64_t a;
  memcpy(&a, map, 8);
  return a;
}

void cudart_stub_reset(void) { noptin = 0; }

extern "C" {
cudaError_t cudaGetDevice(int *d) {
  ++cudart_stub_n.get_device;
  *d = cudart_stub_device;
  return cudaSuccess;
}

// What cutego's Python package calls around a launch (python/cutego/_kernels.py): one device
// per id the stub answers for (cudart_stub_sms), events that are addresses only.
cudaError_t cudaGetDeviceCount(int *n) {
  *n = 2;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int d) {
  if (d < 0 || d >= 2) return cudaErrorInvalidDevice;
  cudart_stub_device = d;
  return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned) {
  static int handle;
  *e = reinterpret_cast<cudaEvent_t>(&handle);
  return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t) { return cudaSuccess; }

cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned) { return cudaSuccess; }

cudaError_t cudaEventDestroy(cudaEvent_t) { return cudaSuccess; }

cudaError_t cudaDeviceGetAttribute(int *v, enum cudaDeviceAttr attr, int dev) {
  ++cudart_stub_n.device_attribute;
  switch (attr) {
    case cudaDevAttrMultiProcessorCount: *v = cudart_stub_sms(dev); break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *v = 232448; break;
    case cudaDevAttrComputeCapabilityMajor: *v = 9; break;
    default: *v = 0; break;
  }
  return cudaSuccess;
}

cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **fn, unsigned int, unsigned long long,
                                             enum cudaDriverEntryPointQueryResult *q) {
  ++cudart_stub_n.entry_point;
  if (strcmp(symbol, "cuTensorMapEncodeTiled") != 0) return cudaErrorSymbolNotFound;
  *fn = reinterpret_cast<void *>(&fake_encode);
  if (q) *q = cudaDriverEntryPointSuccess;
  return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *fn, enum cudaFuncAttribute attr, int v) {
  ++cudart_stub_n.func_set_attribute;
  if (attr != cudaFuncAttributeMaxDynamicSharedMemorySize) return cudaSuccess;
  for (int i = 0; i < noptin; ++i)
    if (optin[i].dev == cudart_stub_device && optin[i].fn == fn) {
      optin[i].bytes = v;
      return cudaSuccess;
    }
  if (noptin == 256) return cudaErrorMemoryAllocation;
  optin[noptin++] = {cudart_stub_device, fn, v};
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveClusters(int *n, const void *, const cudaLaunchConfig_t *cfg) {
  ++cudart_stub_n.occupancy;
  unsigned cluster = 1;
  for (unsigned i = 0; i < cfg->numAttrs; ++i)
    if (cfg->attrs[i].id == cudaLaunchAttributeClusterDimension) cluster = cfg->attrs[i].val.clusterDim.x;
  *n = cluster > 1 && cudart_stub_no_clusters ? 0 : cudart_stub_sms(cudart_stub_device) / static_cast<int>(cluster);
  return cudaSuccess;
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *cfg, const void *fn, void **args) {
  ++cudart_stub_n.launch_ex;
  if (static_cast<int>(cfg->dynamicSmemBytes) > optin_of(cudart_stub_device, fn)) return cudaErrorInvalidValue;
  cudart_stub_last.fn = fn;
  cudart_stub_last.stream = cfg->stream;
  cudart_stub_last.grid = cfg->gridDim.x;
  cudart_stub_last.block = cfg->blockDim.x;
  cudart_stub_last.device = cudart_stub_device;
  cudart_stub_last.cluster = 1;
  cudart_stub_last.programmatic = 0;
  for (unsigned i = 0; i < cfg->numAttrs; ++i) {
    if (cfg->attrs[i].id == cudaLaunchAttributeClusterDimension) cudart_stub_last.cluster = cfg->attrs[i].val.clusterDim.x;
    if (cfg->attrs[i].id == cudaLaunchAttributeProgrammaticStreamSerialization)
      cudart_stub_last.programmatic = cfg->attrs[i].val.programmaticStreamSerializationAllowed;
  }
  // the GEMM kernels' first three arguments are the tensor maps of A, B and D
  if (cudart_stub_takes_maps && cudart_stub_takes_maps(fn))
    for (int i = 0; i < 3; ++i) memcpy(cudart_stub_last.map[i], args[i], 128);
  return cudaSuccess;
}

cudaError_t cudaLaunchKernel(const void *, dim3, dim3, void **, size_t, cudaStream_t) {
  ++cudart_stub_n.launch;
  return cudaSuccess;
}

cudaError_t cudaGetLastError(void) {
  ++cudart_stub_n.last_error;
  return cudaSuccess;
}

const char *cudaGetErrorString(cudaError_t) { return "stub error"; }

// A stream-ordered pool as the runtime's behaves for one allocation at a time: the block last
// freed serves the next request it is large enough for (the same address again).
cudaError_t cudaMallocAsync(void **p, size_t bytes, cudaStream_t) {
  ++cudart_stub_n.malloc_async;
  if (freed && bytes <= freed_bytes) {
    *p = freed;
    freed = nullptr;
    return cudaSuccess;
  }
  const size_t size = (bytes + 255) / 256 * 256;
  *p = reinterpret_cast<void *>(fake_heap);
  sizes[reinterpret_cast<void *>(fake_heap)] = size;
  fake_heap += size;
  return cudaSuccess;
}

// The launcher's own pool (one per device): a fake handle; its allocations are counted and served
// as cudaMallocAsync's.
cudaError_t cudaMemPoolCreate(cudaMemPool_t *pool, const cudaMemPoolProps *) {
  static int handle;
  ++cudart_stub_n.pool_create;
  *pool = reinterpret_cast<cudaMemPool_t>(&handle);
  return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t, cudaStreamCaptureStatus *st) {
  *st = cudaStreamCaptureStatusNone;
  return cudaSuccess;
}

cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode *) { return cudaSuccess; }

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t, cudaMemPoolAttr, void *) { return cudaSuccess; }

cudaError_t cudaMallocFromPoolAsync(void **p, size_t bytes, cudaMemPool_t, cudaStream_t s) {
  if (cudart_stub_pool_error != cudaSuccess) return cudart_stub_pool_error;
  ++cudart_stub_n.pool_malloc;
  return cudaMallocAsync(p, bytes, s);
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t, size_t) {
  ++cudart_stub_n.pool_trim;
  return cudaSuccess;
}

cudaError_t cudaFreeAsync(void *p, cudaStream_t) {
  ++cudart_stub_n.free_async;
  freed = p;
  freed_bytes = sizes[p];
  return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void *, int, size_t, cudaStream_t) {
  ++cudart_stub_n.memset_async;
  return cudaSuccess;
}

cudaError_t cudaMemset2DAsync(void *at, size_t pitch, int value, size_t width, size_t rows, cudaStream_t) {
  ++cudart_stub_n.memset_2d;
  cudart_stub_last_memset_2d = {at, pitch, value, width, rows};
  return cudaSuccess;
}

// What nvcc's host code calls: module registration and the <<<...>>> launches.
void **__cudaRegisterFatBinary(void *) {
  static void *handle;
  return &handle;
}
void __cudaRegisterFatBinaryEnd(void **) {}
void __cudaUnregisterFatBinary(void **) {}
void __cudaRegisterFunction(void **, const char *, char *, const char *, int, uint3 *, uint3 *, dim3 *, dim3 *,
                            int *) {}
unsigned __cudaPushCallConfiguration(dim3 g, dim3 b, size_t smem, struct CUstream_st *s) {
  pushed_grid = g, pushed_block = b, pushed_smem = smem, pushed_stream = s;
  return 0;
}
cudaError_t __cudaPopCallConfiguration(dim3 *g, dim3 *b, size_t *smem, void *s) {
  *g = pushed_grid, *b = pushed_block, *smem = pushed_smem;
  memcpy(s, &pushed_stream, sizeof pushed_stream);
  return cudaSuccess;
}
cudaError_t __cudaGetKernel(cudaKernel_t *k, const void *fn) {
  *k = reinterpret_cast<cudaKernel_t>(const_cast<void *>(fn));
  return cudaSuccess;
}
cudaError_t __cudaLaunchKernel(cudaKernel_t, dim3, dim3, void **, size_t, cudaStream_t) {
  ++cudart_stub_n.launch;
  return cudaSuccess;
}
}

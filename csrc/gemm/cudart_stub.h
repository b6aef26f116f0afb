// cudart_stub.h — the counters and hooks of cudart_stub.cc, a CUDA runtime without a GPU that
// the launchers' host-side tests link instead of libcudart.
#pragma once
#include <cuda_runtime_api.h>
#include <stdint.h>

// Calls per entry point since the start (a test takes differences around a call).
struct cudart_stub_counts {
  long get_device, device_attribute, entry_point, encode, func_set_attribute, occupancy, launch_ex, launch,
      last_error, malloc_async, free_async, memset_async, memset_2d, pool_create, pool_trim, pool_malloc;
};
extern cudart_stub_counts cudart_stub_n;

// The last cudaMemset2DAsync: where, the pitch, the value, the width in bytes and the rows.
struct cudart_stub_memset_2d {
  void *at;
  size_t pitch;
  int value;
  size_t width, rows;
};
extern cudart_stub_memset_2d cudart_stub_last_memset_2d;

// The last cudaLaunchKernelExC: kernel, stream, grid, block, current device, its cluster size
// (1: no cluster attribute) and programmatic stream serialization (the attribute's value, 0
// without it), and (for a kernel cudart_stub_takes_maps says takes them) its first three
// arguments, 128-byte tensor maps.
struct cudart_stub_launch {
  const void *fn;
  cudaStream_t stream;
  unsigned grid, block;
  int device;
  unsigned cluster;
  int programmatic;
  unsigned char map[3][128];
};
extern cudart_stub_launch cudart_stub_last;
extern bool (*cudart_stub_takes_maps)(const void *fn);

// The current device (what cudaGetDevice answers); its SM count (device 0: 132, others 114).
extern int cudart_stub_device;
int cudart_stub_sms(int dev);
// The global address a map from the stub's encoder carries.
uint64_t cudart_stub_map_addr(const void *map);
// What cudaMallocFromPoolAsync answers when not cudaSuccess (a pool out of memory, a pool a
// reset destroyed); cudaMallocAsync still serves. malloc_async counts the allocations either
// serves, pool_malloc those the pool served.
extern cudaError_t cudart_stub_pool_error;
// Where set, cudaOccupancyMaxActiveClusters answers 0 for clusters of more than one CTA (a device
// on which none fits).
extern bool cudart_stub_no_clusters;
// Forgets every shared-memory opt-in (as cudaDeviceReset).
void cudart_stub_reset(void);

// copy_kernels.cuh — cutego's Hopper copy kernels (sm_90a). Included by cutego_copy.cu (with
// the C launcher) and by module.cu (a cubin for the Go launcher, gpu/). Kernel names are
// extern "C" so that cuModuleGetFunction finds them.
#pragma once
#include <cuda.h>
#include <stdint.h>
#include "cutego_device.h"
#include "cutego_tma.h"
#include "sm90_ptx.cuh"

namespace cutego_k {


// Tile t (colexicographic over g.tiles) -> per-dimension tile indices.
__device__ __forceinline__ void tile_index(const cutego_tile_grid_t &g, int64_t t, int32_t *ti) {
#pragma unroll
  for (int i = 0; i < 5; ++i) {
    int64_t n = g.tiles[i] > 0 ? g.tiles[i] : 1;
    ti[i] = static_cast<int32_t>(t % n);
    t /= n;
  }
}


// Element e (compile-time) of a 16-byte vector held as 4 words, for ES <= 4.
template <int ES>
__device__ __forceinline__ uint32_t extract(const uint32_t (&w)[4], int e) {
  if (ES == 4) return w[e];
  if (ES == 2) return (w[e >> 1] >> ((e & 1) * 16)) & 0xffffu;
  return (w[e >> 2] >> ((e & 3) * 8)) & 0xffu;
}

// One task: transpose a V x V block (V = 16/ES elements, one 16-byte vector per row) from the
// 128-byte-swizzled input tile (rows = dst-contiguous index b, 128 bytes of a per row) into the
// 128-byte-swizzled output subtile (rows = a, 128 bytes of b per row), or the unswizzled one
// (swizzle_out false: stored by a destination map without swizzle).
template <int ES, bool swizzle_out>
__device__ __forceinline__ void transpose_task(const uint8_t *in, uint8_t *out, int task) {
  constexpr int V = ES >= 16 ? 1 : 16 / ES;
  const int sb = task >> 6, g8 = (task >> 3) & 7, k8 = task & 7;
  const int ci = k8, cj = (V == 1) ? g8 : (k8 ^ g8);
  uint32_t w[V][4];
#pragma unroll
  for (int r = 0; r < V; ++r) {
    int j = sb * 8 * V + cj * V + r;
    uint4 v = *reinterpret_cast<const uint4 *>(in + j * 128 + ((ci ^ (j & 7)) << 4));
    w[r][0] = v.x;
    w[r][1] = v.y;
    w[r][2] = v.z;
    w[r][3] = v.w;
  }
  uint8_t *ob = out + sb * (8 * V * 128);
#pragma unroll
  for (int e = 0; e < V; ++e) {
    uint32_t o[4];
    if (ES >= 4) {
      constexpr int WPE = ES >= 4 ? ES / 4 : 1;
#pragma unroll
      for (int r = 0; r < V; ++r)
#pragma unroll
        for (int q = 0; q < WPE; ++q) o[(r * WPE + q) & 3] = w[r][(e * WPE + q) & 3];
    } else {
      constexpr int EPW = ES >= 4 ? 1 : 4 / ES;
#pragma unroll
      for (int wq = 0; wq < 4; ++wq) {
        uint32_t acc = 0;
#pragma unroll
        for (int j = 0; j < EPW; ++j) acc |= extract<ES>(w[(wq * EPW + j) % V], e) << (j * 8 * ES);
        o[wq] = acc;
      }
    }
    int i = ci * V + e;
    *reinterpret_cast<uint4 *>(ob + i * 128 + ((swizzle_out ? cj ^ (i & 7) : cj) << 4)) = make_uint4(o[0], o[1], o[2], o[3]);
  }
}

template <int ES>
__device__ __forceinline__ void permute_body(const CUtensorMap *src, const CUtensorMap *dst,
                                             const cutego_tile_grid_t &g) {
  constexpr int V = ES >= 16 ? 1 : 16 / ES;
  constexpr int CM = ES > 8 ? 2 : 1;   // map elements per user element
  constexpr int M = 16 / V;            // output subtiles per tile
  constexpr int TILE = 16384;
  extern __shared__ uint8_t smem_raw[];
  uint64_t *bars = reinterpret_cast<uint64_t *>(smem_raw);
  uint8_t *base = align1024(smem_raw + 8 * 16);
  const int S = g.stages;
  uint8_t *outb = base + S * TILE;
  const int tid = threadIdx.x;
  const int64_t t0 = blockIdx.x, step = gridDim.x;
  const int64_t nmy = t0 < g.ntiles ? (g.ntiles - 1 - t0) / step + 1 : 0;
  if (tid == 0) {
    for (int s = 0; s < S; ++s) mbar_init(&bars[s], 1);
    fence_barrier_init();
  }
  __syncthreads();
  auto load = [&](int64_t k) {
    int s = static_cast<int>(k % S);
    int32_t ti[5], c[5];
    tile_index(g, t0 + k * step, ti);
#pragma unroll
    for (int i = 0; i < 5; ++i) c[i] = ti[i] * g.box[i];
    mbar_expect_tx(&bars[s], TILE);
    tma_load(src, base + s * TILE, &bars[s], g.rank, c);
  };
  if (tid == 0)
    for (int64_t k = 0; k < nmy && k < S; ++k) load(k);
  for (int64_t k = 0; k < nmy; ++k) {
    const int s = static_cast<int>(k % S);
    uint8_t *ob = outb + (k & 1) * TILE;
    if (tid == 0) bulk_wait_read<1>();
    __syncthreads();
    mbar_wait(&bars[s], static_cast<uint32_t>((k / S) & 1));
    const bool grouped = (g.flags & CUTEGO_TILE_GRID_GROUPED_STORE) != 0;
    if (grouped)
      for (int task = tid; task < 64 * M; task += blockDim.x) transpose_task<ES, false>(base + s * TILE, ob, task);
    else
      for (int task = tid; task < 64 * M; task += blockDim.x) transpose_task<ES, true>(base + s * TILE, ob, task);
    fence_proxy_async();
    __syncthreads();
    if (tid == 0) {
      int32_t ti[5];
      tile_index(g, t0 + k * step, ti);
      int64_t a0 = static_cast<int64_t>(ti[0]) * 8 * V;  // user elements along a
      int64_t b0 = static_cast<int64_t>(ti[1]) * 128;    // user elements along b
      int64_t nb = g.dims[1];
      if (grouped) {
        // per subtile, the destination map's coordinates from the grid's store recipe
        for (int sb = 0; sb < M; ++sb) {
          int32_t c[5];
          bool in = true;
#pragma unroll
          for (int d = 0; d < 5; ++d) {
            const int q = g.perm[d];
            // ti[q] by selects: ti stays in registers
            const int32_t tq = q == 0 ? ti[0] : q == 1 ? ti[1] : q == 2 ? ti[2] : q == 3 ? ti[3] : ti[4];
            const int64_t v = (q >= 0 ? static_cast<int64_t>(tq) * g.store_mul[d] : 0) +
                              static_cast<int64_t>(sb) * g.store_step[d];
            const int64_t nq = q == 0 ? g.dims[0] : q == 1 ? g.dims[1] : q == 2 ? g.dims[2] : q == 3 ? g.dims[3] : g.dims[4];
            if (g.store_step[d] && q >= 0 && v >= nq) in = false;
            c[d] = static_cast<int32_t>(v);
          }
          if (in) tma_store(dst, ob + sb * (8 * V * 128), g.store_rank, c);
        }
      } else if (g.flags & 4) {
        // one 3-D box (b mod 8V, a, b / 8V, others...) covers the whole output tile
        int32_t c[5] = {0, static_cast<int32_t>(a0), static_cast<int32_t>(ti[1] * M), ti[2], ti[3]};
        tma_store(dst, ob, g.rank + 1, c);
      } else
      for (int sb = 0; sb < M; ++sb) {
        int64_t bs = b0 + sb * 8 * V;
        if (bs >= nb) break;
        int32_t c[5] = {static_cast<int32_t>(bs * CM), static_cast<int32_t>(a0), ti[2], ti[3], ti[4]};
        tma_store(dst, ob + sb * (8 * V * 128), g.rank, c);
      }
      bulk_commit();
      if (k + S < nmy) load(k + S);
    }
  }
  if (tid == 0) bulk_wait_all();
}

}  // namespace cutego_k

extern "C" __global__ void __launch_bounds__(32, 1)
    cutego_tma_copy_kernel(const __grid_constant__ CUtensorMap src, const __grid_constant__ CUtensorMap dst,
                           const cutego_tile_grid_t g) {
  using namespace cutego_k;
  extern __shared__ uint8_t smem_raw[];
  if (threadIdx.x != 0) return;
  const int S = g.stages;
  uint64_t *bars = reinterpret_cast<uint64_t *>(smem_raw);
  uint8_t *base = align1024(smem_raw + 8 * 16);
  const int pitch = (g.stage_bytes + 1023) & ~1023;
  const int64_t t0 = blockIdx.x, step = gridDim.x;
  const int64_t nmy = t0 < g.ntiles ? (g.ntiles - 1 - t0) / step + 1 : 0;
  for (int s = 0; s < S; ++s) mbar_init(&bars[s], 1);
  fence_barrier_init();
  const uint64_t pol = g.flags ? policy_evict_first() : 0;
  auto coords = [&](int64_t k, int32_t *c) {
    int32_t ti[5];
    tile_index(g, t0 + k * step, ti);
#pragma unroll
    for (int i = 0; i < 5; ++i) c[i] = ti[i] * g.box[i];
  };
  auto load = [&](int64_t k) {
    int s = static_cast<int>(k % S);
    int32_t c[5];
    coords(k, c);
    mbar_expect_tx(&bars[s], static_cast<uint32_t>(g.stage_bytes));
    if (g.flags & 1)
      tma_load_hint(&src, base + s * pitch, &bars[s], g.rank, c, pol);
    else
      tma_load(&src, base + s * pitch, &bars[s], g.rank, c);
  };
  for (int64_t k = 0; k < nmy && k < S; ++k) load(k);
  for (int64_t k = 0; k < nmy; ++k) {
    const int s = static_cast<int>(k % S);
    mbar_wait(&bars[s], static_cast<uint32_t>((k / S) & 1));
    int32_t c[5];
    coords(k, c);
    if (g.flags & 2)
      tma_store_hint(&dst, base + s * pitch, g.rank, c, pol);
    else
      tma_store(&dst, base + s * pitch, g.rank, c);
    bulk_commit();
    if (k >= 1 && k - 1 + S < nmy) {
      bulk_wait_read<1>();
      load(k - 1 + S);
    }
  }
  bulk_wait_all();
}

#define CUTEGO_PERMUTE_KERNEL(ES)                                                                             \
  extern "C" __global__ void __launch_bounds__(128) cutego_tma_permute_es##ES(                                \
      const __grid_constant__ CUtensorMap src, const __grid_constant__ CUtensorMap dst, const cutego_tile_grid_t g) { \
    cutego_k::permute_body<ES>(&src, &dst, g);                                                                \
  }
CUTEGO_PERMUTE_KERNEL(1)
CUTEGO_PERMUTE_KERNEL(2)
CUTEGO_PERMUTE_KERNEL(4)
CUTEGO_PERMUTE_KERNEL(8)
CUTEGO_PERMUTE_KERNEL(16)

namespace cutego_k {
template <int ES>
struct elem_t;
template <> struct elem_t<1> { typedef uint8_t type; };
template <> struct elem_t<2> { typedef uint16_t type; };
template <> struct elem_t<4> { typedef uint32_t type; };
template <> struct elem_t<8> { typedef unsigned long long type; };
template <> struct elem_t<16> { typedef uint4 type; };
}  // namespace cutego_k

// Generic path: dst[dl(i)] = src[sl(i)], both layouts evaluated per element with the device
// evaluator. ES == 0 is the byte-wise variant for pointers not aligned to the element size.
#define CUTEGO_GENERIC_KERNEL(ES)                                                                      \
  extern "C" __global__ void __launch_bounds__(256) cutego_generic_copy_es##ES(                        \
      uint8_t *dst, const cute_layout_t dl, const uint8_t *src, const cute_layout_t sl, int64_t n) {   \
    typedef cutego_k::elem_t<ES>::type T;                                                              \
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;              \
         i += static_cast<int64_t>(gridDim.x) * blockDim.x) {                                          \
      int64_t so = cute_dev_layout_eval(&sl, i), d = cute_dev_layout_eval(&dl, i);                     \
      reinterpret_cast<T *>(dst)[d] = reinterpret_cast<const T *>(src)[so];                            \
    }                                                                                                  \
  }
CUTEGO_GENERIC_KERNEL(1)
CUTEGO_GENERIC_KERNEL(2)
CUTEGO_GENERIC_KERNEL(4)
CUTEGO_GENERIC_KERNEL(8)
CUTEGO_GENERIC_KERNEL(16)

extern "C" __global__ void __launch_bounds__(256)
    cutego_generic_copy_bytes(uint8_t *dst, const cute_layout_t dl, const uint8_t *src, const cute_layout_t sl,
                              int64_t n, int32_t es) {
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int64_t so = cute_dev_layout_eval(&sl, i) * es, d = cute_dev_layout_eval(&dl, i) * es;
    for (int b = 0; b < es; ++b) dst[d + b] = src[so + b];
  }
}

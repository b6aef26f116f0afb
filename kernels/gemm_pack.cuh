// gemm_pack.cuh — the GEMM's packing kernels (their jobs and grids: csrc/gemm/pack.h), in the C
// launcher's library (kernels/cutego_gemm.cu) and the Go launcher's copy module (kernels/module.cu):
// the row packer cutego_gemm_pack_k_rows_<unit bytes>_<index bits> and the column packer
// cutego_gemm_pack_mn_cols_<element bytes>.
#pragma once
#include <stdint.h>
#include <string.h>
#include "../csrc/gemm/pack.h"

// The row packer's share of one job (block: its block among the job's): E, the source unit; I, the
// index type. Each thread issues every load before its first store, so that enough bytes are in
// flight to run at the device's copy rate; K and the strides in bytes.
template <typename E, typename I>
__device__ __forceinline__ void gemm_pack_rows(const cutego_gemm_pack_row_job_t &jb, unsigned block) {
  constexpr int U = 16 / sizeof(E), NV = CUTEGO_GEMM_PACK_ROW_VECS, NT = CUTEGO_GEMM_PACK_ROW_THREADS;
  const E *src = static_cast<const E *>(jb.src);
  uint4 *dst = static_cast<uint4 *>(jb.dst);
  constexpr int64_t es = sizeof(E);  // (signed: a stride may be negative)
  const int64_t k = jb.k_bytes / es, s0 = jb.s0_bytes / es, s2 = jb.s2_bytes / es;
  const I vpr = static_cast<I>(jb.vpr), mn = static_cast<I>(jb.mn), total = static_cast<I>(jb.total);
  const I step = static_cast<I>(jb.blocks) * NT * NV;
  for (I base = static_cast<I>(block) * NT * NV + threadIdx.x; base < total; base += step) {
    uint4 v[NV];
#pragma unroll
    for (int j = 0; j < NV; ++j) {
      const I i = base + j * NT;
      E u[U];
#pragma unroll
      for (int e = 0; e < U; ++e) u[e] = E{};
      if (i < total) {
        const I row = i / vpr, c = i - row * vpr, z = row / mn, r = row - z * mn;
        const E *in = src + static_cast<int64_t>(z) * s2 + static_cast<int64_t>(r) * s0;
        const int64_t c0 = static_cast<int64_t>(c) * U;
#pragma unroll
        for (int e = 0; e < U; ++e)
          if (c0 + e < k) u[e] = in[c0 + e];
      }
      memcpy(&v[j], u, 16);
    }
#pragma unroll
    for (int j = 0; j < NV; ++j)
      if (base + j * NT < total) dst[base + j * NT] = v[j];
  }
}

#define CUTEGO_GEMM_PACK_K_ROWS_KERNEL(E, UNIT, I, BITS)                                                          \
  extern "C" __global__ void __launch_bounds__(CUTEGO_GEMM_PACK_ROW_THREADS)                                     \
      cutego_gemm_pack_k_rows_##UNIT##_##BITS(const __grid_constant__ cutego_gemm_pack_row_jobs_t jobs) {        \
    const bool second = blockIdx.x >= jobs.job[0].blocks;                                                         \
    gemm_pack_rows<E, I>(jobs.job[second ? 1 : 0], second ? blockIdx.x - jobs.job[0].blocks : blockIdx.x);      \
  }
#define CUTEGO_GEMM_PACK_K_ROWS_KERNELS(E, UNIT)      \
  CUTEGO_GEMM_PACK_K_ROWS_KERNEL(E, UNIT, uint32_t, 32) \
  CUTEGO_GEMM_PACK_K_ROWS_KERNEL(E, UNIT, int64_t, 64)
CUTEGO_GEMM_PACK_K_ROWS_KERNELS(uint4, 16)
CUTEGO_GEMM_PACK_K_ROWS_KERNELS(uint2, 8)
CUTEGO_GEMM_PACK_K_ROWS_KERNELS(uint32_t, 4)
CUTEGO_GEMM_PACK_K_ROWS_KERNELS(uint16_t, 2)
CUTEGO_GEMM_PACK_K_ROWS_KERNELS(uint8_t, 1)
#undef CUTEGO_GEMM_PACK_K_ROWS_KERNELS
#undef CUTEGO_GEMM_PACK_K_ROWS_KERNEL

// The column packer: a block reads CUTEGO_GEMM_PACK_COL_TILE runs along MN (one per k; consecutive
// threads, consecutive elements) and writes as many runs along K of 16-byte vectors (kp in bytes is
// on the 16-byte grid), zeros past K.
template <typename E>
__device__ __forceinline__ void gemm_pack_mn_cols(const cutego_gemm_pack_cols_job_t &jb) {
  constexpr int T = CUTEGO_GEMM_PACK_COL_TILE, V = 16 / sizeof(E);  // V: elements per 16-byte vector
  __shared__ E tile[T][T + V];                                       // [k][mn], rows padded by a vector
  const E *src = static_cast<const E *>(jb.src);
  const int64_t tiles = jb.tiles_mn * jb.tiles_k * jb.l;
  for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const int64_t z = t / (jb.tiles_mn * jb.tiles_k), r = t - z * jb.tiles_mn * jb.tiles_k;
    const int64_t mn0 = (r % jb.tiles_mn) * T, k0 = (r / jb.tiles_mn) * T;
    __syncthreads();  // the tile before is written out
    for (int i = threadIdx.x; i < T * T; i += CUTEGO_GEMM_PACK_COL_THREADS) {
      const int kk = i / T, mm = i % T;
      const int64_t mn = mn0 + mm, k = k0 + kk;
      tile[kk][mm] = mn < jb.mn && k < jb.k ? src[z * jb.s2 + k * jb.s1 + mn] : E{};
    }
    __syncthreads();
    for (int i = threadIdx.x; i < T * (T / V); i += CUTEGO_GEMM_PACK_COL_THREADS) {
      const int mm = i / (T / V), kv = (i % (T / V)) * V;
      const int64_t mn = mn0 + mm, k = k0 + kv;
      if (mn >= jb.mn || k >= jb.kp) continue;
      E v[V];
#pragma unroll
      for (int e = 0; e < V; ++e) v[e] = tile[kv + e][mm];
      uint4 u;
      memcpy(&u, v, 16);
      reinterpret_cast<uint4 *>(static_cast<E *>(jb.dst) + (z * jb.mn + mn) * jb.kp + k)[0] = u;
    }
  }
}

extern "C" __global__ void __launch_bounds__(CUTEGO_GEMM_PACK_COL_THREADS)
    cutego_gemm_pack_mn_cols_1(const __grid_constant__ cutego_gemm_pack_cols_job_t jb) {
  gemm_pack_mn_cols<uint8_t>(jb);
}
extern "C" __global__ void __launch_bounds__(CUTEGO_GEMM_PACK_COL_THREADS)
    cutego_gemm_pack_mn_cols_2(const __grid_constant__ cutego_gemm_pack_cols_job_t jb) {
  gemm_pack_mn_cols<uint16_t>(jb);
}

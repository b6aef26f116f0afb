// gemm_split_k.cuh — the reduction of a split-K GEMM (cutego_gemm, split_k > 1): the wgmma kernel
// has written S fp32 partial sums W(m, n, s) (row stride ldw, a multiple of 4; slice stride
// m_rows * ldw); this kernel writes D(m, n) = alpha * sum_s W(m, n, s) + beta * C(m, n), summing
// the slices in order (deterministic). One thread per 4 adjacent columns (16-byte loads).
// It is launched as a programmatic dependent of the GEMM (its launch overlaps the GEMM's last
// CTAs) and waits for the GEMM's partial sums before reading them.
#pragma once
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <stdint.h>
#include "gemm_kernels.cuh"

namespace cutego_k {
// The reduction's body (gemm_split_k_reduce, and the Go module's extern "C" kernels).
template <typename TO>
__device__ __forceinline__ void gemm_split_k_reduce_body(TO *d, int64_t ds0, int64_t ds1, const TO *c, int64_t cs0,
                                                         int64_t cs1, const float *w, int64_t m, int64_t n,
                                                         int64_t ldw, int splits, float alpha, float beta,
                                                         int read_c) {
  grid_dependency_wait();
  const int64_t n4 = (n + 3) / 4, total = m * n4, slice = m * ldw;
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < total;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const int64_t r = i / n4, col = (i - r * n4) * 4;
    const float *p = w + r * ldw + col;
    float4 s = *reinterpret_cast<const float4 *>(p);
    for (int j = 1; j < splits; ++j) {
      const float4 v = *reinterpret_cast<const float4 *>(p + j * slice);
      s.x += v.x, s.y += v.y, s.z += v.z, s.w += v.w;
    }
    const float v[4] = {s.x, s.y, s.z, s.w};
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      if (col + q >= n) break;
      float x = alpha * v[q];
      if (read_c) x += beta * to_f32<TO>(c[r * cs0 + (col + q) * cs1]);
      d[r * ds0 + (col + q) * ds1] = from_f32<TO>(x);
    }
  }
}

template <typename TO>
__global__ void __launch_bounds__(256) gemm_split_k_reduce(TO *d, int64_t ds0, int64_t ds1, const TO *c, int64_t cs0,
                                                           int64_t cs1, const float *w, int64_t m, int64_t n,
                                                           int64_t ldw, int splits, float alpha, float beta,
                                                           int read_c) {
  gemm_split_k_reduce_body<TO>(d, ds0, ds1, c, cs0, cs1, w, m, n, ldw, splits, alpha, beta, read_c);
}
}  // namespace cutego_k

// The reduction as an unmangled kernel cutego_gemm_split_k_reduce_<NAME> of output type TO, for
// a module (cubin) the Go launcher loads.
#define CUTEGO_GEMM_SPLIT_K_REDUCE_KERNEL(TO, NAME)                                                                   \
  extern "C" __global__ void __launch_bounds__(256) cutego_gemm_split_k_reduce_##NAME(                               \
      TO *d, int64_t ds0, int64_t ds1, const TO *c, int64_t cs0, int64_t cs1, const float *w, int64_t m, int64_t n,    \
      int64_t ldw, int splits, float alpha, float beta, int read_c) {                                                 \
    cutego_k::gemm_split_k_reduce_body<TO>(d, ds0, ds1, c, cs0, cs1, w, m, n, ldw, splits, alpha, beta, read_c);     \
  }

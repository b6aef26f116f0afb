// gemm_harness.h — what the GEMM device test and benchmark share: operand buffers laid out
// by a cutego layout, random normal fill, an fp32 reference through cuBLAS (pedantic fp32,
// no tensor cores), the error measures, and the timer (a repeat of each side in turn). CUDA C++,
// host side; used by csrc/gemm/test_gemm*.cu and bench/bench_gemm*.cu.
#pragma once
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <functional>
#include <memory>
#include <utility>
#include <vector>
#include "cutego_kernels.h"

#define CK(x)                                                                                   \
  do {                                                                                          \
    cudaError_t e_ = (x);                                                                       \
    if (e_ != cudaSuccess) {                                                                    \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));        \
      exit(2);                                                                                  \
    }                                                                                           \
  } while (0)
#define CB(x)                                                                                   \
  do {                                                                                          \
    cublasStatus_t s_ = (x);                                                                    \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                          \
      fprintf(stderr, "%s:%d: %s: cublas status %d\n", __FILE__, __LINE__, #x, (int)s_);       \
      exit(2);                                                                                  \
    }                                                                                           \
  } while (0)
#define CL(x)                                                                                   \
  do {                                                                                          \
    cublasStatus_t s_ = (x);                                                                    \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                          \
      fprintf(stderr, "%s:%d: %s: cublasLt status %d\n", __FILE__, __LINE__, #x, (int)s_);     \
      exit(2);                                                                                  \
    }                                                                                           \
  } while (0)

namespace gh {

// A rank-3 layout (e0,e1,e2):(s0,s1,s2) (rank 2 when e2 == 0).
inline cute_layout_t layout3(int64_t e0, int64_t e1, int64_t e2, int64_t s0, int64_t s1, int64_t s2) {
  cute_layout_t L;
  memset(&L, 0, sizeof L);
  int r = e2 ? 3 : 2;
  L.leaves = r;
  L.shape[0] = e0, L.shape[1] = e1, L.shape[2] = e2;
  L.stride[0] = s0, L.stride[1] = s1, L.stride[2] = s2;
  int t = 0;
  L.nest[t++] = CUTE_NEST_OPEN;
  for (int i = 0; i < r; ++i) L.nest[t++] = CUTE_NEST_LEAF;
  L.nest[t++] = CUTE_NEST_CLOSE;
  L.ntokens = t;
  return L;
}

__global__ void fill_normal(float *x, int64_t n, uint64_t seed) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
    // counter-based hash -> two uniforms -> Box-Muller
    uint64_t z = (uint64_t)i * 0x9E3779B97F4A7C15ull + seed;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    float u1 = ((z >> 40) + 1) * (1.0f / 16777217.0f), u2 = ((z >> 16) & 0xFFFFFF) * (1.0f / 16777216.0f);
    x[i] = sqrtf(-2.f * logf(u1)) * cospif(2.f * u2);
  }
}
template <typename T>
__global__ void convert(T *dst, const float *src, int64_t n) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
    dst[i] = (T)src[i];
}
template <typename T>
__global__ void to_float(float *dst, const T *src, int64_t n) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
    dst[i] = (float)src[i];
}
// dst (canonical column-major e0 x e1 x e2, fp32) <- src through strides (elements of T)
template <typename T>
__global__ void gather3(float *dst, const T *src, int64_t e0, int64_t e1, int64_t e2, int64_t s0, int64_t s1,
                        int64_t s2) {
  int64_t n = e0 * e1 * e2;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
    int64_t a = i % e0, b = (i / e0) % e1, c = i / (e0 * e1);
    dst[i] = (float)src[a * s0 + b * s1 + c * s2];
  }
}
// Block scales: positive, from 1/4 to 4 (a scale changes the magnitude of its block's products).
__global__ void fill_scales(float *x, int64_t n, uint64_t seed) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
    uint64_t z = (uint64_t)i * 0x9E3779B97F4A7C15ull + seed;
    z = (z ^ (z >> 29)) * 0xBF58476D1CE4E5B9ull;
    z ^= z >> 32;
    x[i] = exp2f(-2.f + 4.f * (float)(z & 0xFFFF) / 65536.f);
  }
}
// r (canonical column-major e0 x K x L, fp32) *= S(i / bs0, k / 128, l), S at strides s0, s1, s2:
// SA with bs0 = 1, SB with bs0 = 128.
__global__ void apply_block_scales(float *r, int64_t e0, int64_t k, int64_t l, int64_t bs0, const float *sc,
                                   int64_t s0, int64_t s1, int64_t s2) {
  const int64_t n = e0 * k * l;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
    const int64_t a = i % e0, kk = (i / e0) % k, b = i / (e0 * k);
    r[i] *= sc[(a / bs0) * s0 + (kk / 128) * s1 + b * s2];
  }
}
// sum of squares of (x - r) and of r, NaN/Inf count, poison (unwritten) count.
template <typename T>
__global__ void compare(const T *d, int64_t s0, int64_t s1, int64_t s2, const float *ref, int64_t m, int64_t n,
                        int64_t l, double *acc, unsigned long long *bad) {
  int64_t tot = m * n * l;
  double e2 = 0, r2 = 0;
  unsigned long long nb = 0;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < tot; i += (int64_t)gridDim.x * blockDim.x) {
    int64_t a = i % m, b = (i / m) % n, c = i / (m * n);
    float x = (float)d[a * s0 + b * s1 + c * s2], r = ref[i];
    if (!isfinite(x)) {
      ++nb;
      continue;
    }
    double dd = (double)x - r;
    e2 += dd * dd;
    r2 += (double)r * r;
  }
  atomicAdd(&acc[0], e2);
  atomicAdd(&acc[1], r2);
  atomicAdd(bad, nb);
}

inline unsigned blocks_for(int64_t n) {
  int64_t b = (n + 255) / 256;
  return (unsigned)(b > 4096 ? 4096 : (b < 1 ? 1 : b));
}

// The RMS error of D (m, n, l; strides s0, s1, s2, elements of T) against ref (column-major
// m x n x l, fp32) over the RMS of ref; *nonfinite counts D's NaN/Inf (poisoned, unwritten).
template <typename T>
double rel_error(const T *d, int64_t s0, int64_t s1, int64_t s2, const float *ref, int64_t m, int64_t n, int64_t l,
                 unsigned long long *nonfinite) {
  double *acc;
  unsigned long long *bad;
  CK(cudaMalloc(&acc, 16));
  CK(cudaMalloc(&bad, 8));
  CK(cudaMemset(acc, 0, 16));
  CK(cudaMemset(bad, 0, 8));
  compare<T><<<blocks_for(m * n * l), 256>>>(d, s0, s1, s2, ref, m, n, l, acc, bad);
  double h[2];
  CK(cudaMemcpy(h, acc, 16, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(nonfinite, bad, 8, cudaMemcpyDeviceToHost));
  cudaFree(acc), cudaFree(bad);
  return sqrt(h[0] / (h[1] > 0 ? h[1] : 1));
}

// The calling thread's last cutego kernels error (for printing).
inline const char *last_kernel_error() {
  static thread_local char buf[512];
  cutego_kernels_last_error(buf, sizeof buf);
  return buf;
}

// Whether name holds one of the comma-separated substrings of filter.
inline bool name_matches(const char *filter, const char *name) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", filter);
  char *save = nullptr;
  for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(nullptr, ",", &save))
    if (strstr(name, t)) return true;
  return false;
}

// One side's calls ready to be timed a repeat at a time: warmed up (3 calls), and with graph set
// its batch of `batch` calls captured once into a CUDA graph on stream st that each repeat launches
// (the time per call is then the device's alone, no host launch cost).
struct Timed {
  std::function<void()> run;
  int batch;
  cudaGraphExec_t exec = nullptr;
  cudaEvent_t e0, e1;
  Timed(std::function<void()> r, cudaStream_t st, int batch_, bool graph) : run(std::move(r)), batch(batch_) {
    for (int i = 0; i < 3; ++i) run();
    if (graph) {
      cudaGraph_t g;
      CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
      for (int b = 0; b < batch; ++b) run();
      CK(cudaStreamEndCapture(st, &g));
      CK(cudaGraphInstantiate(&exec, g, 0));
      CK(cudaGraphDestroy(g));
      for (int i = 0; i < 2; ++i) CK(cudaGraphLaunch(exec, st));
    }
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
  }
  Timed(const Timed &) = delete;
  ~Timed() {
    cudaEventDestroy(e0), cudaEventDestroy(e1);
    if (exec) cudaGraphExecDestroy(exec);
  }
  // One repeat: the time per call in ms.
  float once(cudaStream_t st) {
    CK(cudaEventRecord(e0, st));
    if (exec)
      CK(cudaGraphLaunch(exec, st));
    else
      for (int b = 0; b < batch; ++b) run();
    CK(cudaEventRecord(e1, st));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    return ms / batch;
  }
};

inline float median_of(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Every side timed in turn, one repeat each per round (the first side, the second, ..., the first,
// ...), for passes x reps rounds, so that every side meets the card's clock (which drifts over
// milliseconds under a long product's load) at the same moments. Per side, the medians of the
// rounds of the even and of the odd passes (equal with one pass).
inline std::vector<std::pair<float, float>> time_interleaved(const std::vector<std::function<void()>> &runs, int reps,
                                                             int passes, cudaStream_t st, int batch, bool graph) {
  std::vector<std::unique_ptr<Timed>> sides;
  for (const auto &r : runs) sides.emplace_back(new Timed(r, st, batch, graph));
  std::vector<std::vector<float>> even(runs.size()), odd(runs.size());
  for (int p = 0; p < passes; ++p)
    for (int r = 0; r < reps; ++r)
      for (size_t i = 0; i < sides.size(); ++i) (p % 2 ? odd : even)[i].push_back(sides[i]->once(st));
  std::vector<std::pair<float, float>> out;
  for (size_t i = 0; i < sides.size(); ++i)
    out.emplace_back(median_of(even[i]), odd[i].empty() ? median_of(even[i]) : median_of(odd[i]));
  return out;
}

// The median of reps timings (CUDA events on the default stream) of `batch` back-to-back runs,
// per run, after 3 warm-up runs, in milliseconds.
template <class F>
float time_median(F run, int reps, int batch) {
  const auto t = time_interleaved({run}, reps, 1, nullptr, batch, false);
  return t[0].first;
}

}  // namespace gh

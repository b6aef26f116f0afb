// copy_harness.h — shared helpers of the device test (test_copy.cu) and benchmark
// (bench/bench_copy.cu): layout construction, a host reference, random fills.
#pragma once
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <string>
#include <thread>
#include <vector>
#include "cutego_kernels.h"

#define CK(x)                                                                                  \
  do {                                                                                         \
    cudaError_t e_ = (x);                                                                      \
    if (e_ != cudaSuccess) {                                                                   \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorString(e_), __FILE__, __LINE__, #x); \
      exit(2);                                                                                 \
    }                                                                                          \
  } while (0)

static inline cute_layout_t make_layout(const std::vector<int64_t> &shape, const std::vector<int64_t> &stride) {
  cute_layout_t L;
  memset(&L, 0, sizeof L);
  L.leaves = (int32_t)shape.size();
  for (size_t k = 0; k < shape.size(); ++k) {
    L.shape[k] = shape[k];
    L.stride[k] = stride[k];
  }
  if (shape.size() == 1) {
    L.nest[0] = CUTE_NEST_LEAF;
    L.ntokens = 1;
  } else {
    int t = 0;
    L.nest[t++] = CUTE_NEST_OPEN;
    for (size_t k = 0; k < shape.size(); ++k) L.nest[t++] = CUTE_NEST_LEAF;
    L.nest[t++] = CUTE_NEST_CLOSE;
    L.ntokens = t;
  }
  return L;
}

// Column-major strides of a shape, each mode's storage extent padded to pad[k] >= shape[k].
static inline std::vector<int64_t> colmajor(const std::vector<int64_t> &shape, const std::vector<int64_t> &pad = {}) {
  std::vector<int64_t> st(shape.size());
  int64_t s = 1;
  for (size_t k = 0; k < shape.size(); ++k) {
    st[k] = s;
    s *= pad.empty() ? shape[k] : pad[k];
  }
  return st;
}

// Lowest and highest offset a layout reaches (independent of the device header).
static inline void span(const cute_layout_t &L, int64_t *lo, int64_t *hi) {
  *lo = 0;
  *hi = 0;
  for (int k = 0; k < L.leaves; ++k) {
    int64_t d = (L.shape[k] - 1) * L.stride[k];
    if (d > 0) *hi += d; else *lo += d;
  }
}

static inline int64_t lsize(const cute_layout_t &L) {
  int64_t s = 1;
  for (int k = 0; k < L.leaves; ++k) s *= L.shape[k];
  return s;
}

template <class F>
static inline void parallel_for(int64_t n, F f) {
  unsigned nt = std::max(1u, std::min(32u, std::thread::hardware_concurrency()));
  if (n < (1 << 16)) nt = 1;
  std::vector<std::thread> th;
  for (unsigned t = 0; t < nt; ++t)
    th.emplace_back([=, &f] {
      int64_t a = n * t / nt, b = n * (t + 1) / nt;
      f(a, b);
    });
  for (auto &x : th) x.join();
}

static inline uint64_t mix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

static inline void fill_random(uint8_t *p, int64_t bytes, uint64_t seed) {
  parallel_for(bytes / 8 + 1, [&](int64_t a, int64_t b) {
    for (int64_t i = a; i < b; ++i) {
      uint64_t v = mix64(seed * 0x100000001B3ull + (uint64_t)i);
      int64_t o = i * 8;
      int64_t n = std::min<int64_t>(8, bytes - o);
      if (n > 0) memcpy(p + o, &v, (size_t)n);
    }
  });
}

// Host reference: for each linear coordinate i (colexicographic over the flattened shape,
// the last leaf taking the rest), the offset is sum(coord_k * stride_k). Walks both layouts
// with odometers, no divisions per element.
static inline void host_reference(uint8_t *dst, const cute_layout_t &dl, const uint8_t *src, const cute_layout_t &sl,
                                  int es) {
  int64_t n = lsize(sl);
  parallel_for(n, [&](int64_t a, int64_t b) {
    if (a >= b) return;
    int64_t cs[CUTE_LAYOUT_MAX_LEAVES], cd[CUTE_LAYOUT_MAX_LEAVES];
    int64_t os = 0, od = 0, r = a;
    for (int k = 0; k < sl.leaves; ++k) {
      cs[k] = (k == sl.leaves - 1) ? r : r % sl.shape[k];
      if (k != sl.leaves - 1) r /= sl.shape[k];
      os += cs[k] * sl.stride[k];
    }
    r = a;
    for (int k = 0; k < dl.leaves; ++k) {
      cd[k] = (k == dl.leaves - 1) ? r : r % dl.shape[k];
      if (k != dl.leaves - 1) r /= dl.shape[k];
      od += cd[k] * dl.stride[k];
    }
    for (int64_t i = a; i < b; ++i) {
      memcpy(dst + od * es, src + os * es, (size_t)es);
      for (int k = 0; k < sl.leaves; ++k) {
        os += sl.stride[k];
        if (++cs[k] < sl.shape[k] || k == sl.leaves - 1) break;
        os -= cs[k] * sl.stride[k];
        cs[k] = 0;
      }
      for (int k = 0; k < dl.leaves; ++k) {
        od += dl.stride[k];
        if (++cd[k] < dl.shape[k] || k == dl.leaves - 1) break;
        od -= cd[k] * dl.stride[k];
        cd[k] = 0;
      }
    }
  });
}

// tma_stream.cu — the decode GEMM's load path alone: CTAs stream their rows of a K-major bf16
// weight matrix (and, optionally, the rows of a small activation matrix every CTA shares)
// through TMA into a multi-stage mbarrier pipeline, as the GEMM's producer does, while the
// consumer warps only wait for each stage and release it (after an optional spin standing in
// for the MMAs). Each geometry (rows per box, boxes along K per stage, stages, slices of K) is
// timed beside a plain vectorized read of the same bytes, in the same process; the weights
// rotate through copies that together exceed L2, so each run reads them from DRAM.
// Build: nvcc -arch=sm_90a -O3 -Ikernels bench/tma_stream.cu -o tma_stream
// Usage: tma_stream [--warm]   (prints one table)
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <string>
#include <vector>
#include "sm90_ptx.cuh"

using namespace cutego_k;

#define CK(x)                                                                               \
  do {                                                                                      \
    cudaError_t e_ = (x);                                                                   \
    if (e_ != cudaSuccess) {                                                                \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      exit(1);                                                                              \
    }                                                                                       \
  } while (0)

// One geometry. A stage holds kb boxes of `rows` weight rows x 64 elements (128 bytes) at
// consecutive k-tiles, and as many boxes of act_rows activation rows; CTA b streams weight rows
// [(b / splits) * rows, + rows) over its slice b % splits of K.
struct Geometry {
  int rows, kb, stages, splits, act_rows, delay_ns;
  int group;  // the producer acquires this many stages before it issues their loads (1: each at once)
};
struct Params {
  Geometry g;
  int k_tiles;  // 64-element k-tiles per CTA
};

__device__ __forceinline__ void spin_ns(int ns) {
  if (ns <= 0) return;
  uint64_t t0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  for (;;) {
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    if (t - t0 >= static_cast<uint64_t>(ns)) break;
  }
}

// 160 threads: warp 0 produces (lane 0), warps 1-4 consume (one warpgroup's four arrivals).
__global__ void __launch_bounds__(160, 1)
    stream(const __grid_constant__ CUtensorMap w, const __grid_constant__ CUtensorMap a, Params p, int *sink) {
  extern __shared__ uint8_t raw[];
  uint8_t *base = align1024(raw);
  const Geometry g = p.g;
  const int wbox = g.rows * 128, abox = g.act_rows * 128, stage = g.kb * (wbox + abox);
  uint64_t *full = reinterpret_cast<uint64_t *>(base + g.stages * stage), *empty = full + g.stages;
  const int row0 = (blockIdx.x / g.splits) * g.rows, kt0 = (blockIdx.x % g.splits) * p.k_tiles;
  const int n_stages = p.k_tiles / g.kb;
  if (threadIdx.x == 0) {
    for (int s = 0; s < g.stages; ++s) mbar_init(&full[s], 1), mbar_init(&empty[s], 4);
    fence_barrier_init();
  }
  __syncthreads();
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 0) {
    if (lane != 0) return;
    const int group = g.group > 1 ? g.group : 1;
    for (int i = 0; i < n_stages; ++i) {
      const int s = i % g.stages;
      if (i % group == 0)
        for (int j = i; j < i + group && j < n_stages; ++j) mbar_wait(&empty[j % g.stages], ((j / g.stages) & 1) ^ 1);
      mbar_expect_tx(&full[s], stage);
      for (int j = 0; j < g.kb; ++j) {
        const int32_t cw[2] = {(kt0 + i * g.kb + j) * 64, row0};
        tma_load(&w, base + s * stage + j * wbox, &full[s], 2, cw);
        if (g.act_rows) {
          const int32_t ca[2] = {(kt0 + i * g.kb + j) * 64, 0};
          tma_load(&a, base + s * stage + g.kb * wbox + j * abox, &full[s], 2, ca);
        }
      }
    }
    return;
  }
  int acc = 0;
  for (int i = 0; i < n_stages; ++i) {
    const int s = i % g.stages, ph = (i / g.stages) & 1;
    mbar_wait(&full[s], ph);
    acc += base[s * stage + lane * 4];
    spin_ns(g.delay_ns);
    __syncwarp();
    if (lane == 0) mbar_arrive(&empty[s]);
  }
  if (acc == 0x7fffffff) *sink = acc;  // keeps the reads
}

// The DRAM ceiling: every thread reads 16-byte words, grid-stride.
__global__ void read_all(const int4 *p, size_t n, int *sink) {
  int x = 0;
  for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<size_t>(gridDim.x) * blockDim.x) {
    const int4 v = __ldcs(p + i);
    x ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (x == 0x7fffffff) *sink = x;
}

typedef CUresult (*EncodeTiled)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                                const cuuint64_t *, const cuuint32_t *, const cuuint32_t *, CUtensorMapInterleave,
                                CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
static EncodeTiled encode_fn() {
  void *f = nullptr;
  cudaDriverEntryPointQueryResult q;
  CK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &f, 12000, cudaEnableDefault, &q));
  if (q != cudaDriverEntryPointSuccess) exit(1);
  return reinterpret_cast<EncodeTiled>(f);
}
// A 2-D K-major bf16 map of rows x k with boxes of box_rows x 64, 128-byte swizzle.
static CUtensorMap map2d(void *ptr, int64_t rows, int64_t k, int box_rows) {
  CUtensorMap m;
  const cuuint64_t dims[2] = {static_cast<cuuint64_t>(k), static_cast<cuuint64_t>(rows)};
  const cuuint64_t strides[1] = {static_cast<cuuint64_t>(k * 2)};
  const cuuint32_t box[2] = {64, static_cast<cuuint32_t>(box_rows)}, es[2] = {1, 1};
  CUresult r = encode_fn()(&m, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, ptr, dims, strides, box, es,
                           CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                           CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    fprintf(stderr, "encode failed (%d)\n", static_cast<int>(r));
    exit(1);
  }
  return m;
}

static float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int main(int argc, char **argv) {
  // --warm: every launch reads the same copy (what a benchmark that repeats one call sees: up to
  // the 50 MiB L2 may hold it); else 6 copies of 48 MiB rotate, past the L2
  const bool warm = argc > 1 && std::string(argv[1]) == "--warm";
  const int64_t K = 4096, NMAX = 6144, copies = warm ? 1 : 6;
  const size_t wbytes = static_cast<size_t>(NMAX) * K * 2;
  std::vector<void *> wcopy(copies);
  for (auto &p : wcopy) {
    CK(cudaMalloc(&p, wbytes));
    CK(cudaMemset(p, 1, wbytes));
  }
  void *act;
  CK(cudaMalloc(&act, 64 * K * 2));
  CK(cudaMemset(act, 1, 64 * K * 2));
  int *sink;
  CK(cudaMalloc(&sink, 4));
  CK(cudaFuncSetAttribute(stream, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 * 1024));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  const int reps = 12;
  // The ceiling for n rows: read_all over the same bytes, rotating copies.
  auto time_read = [&](int64_t n) {
    std::vector<float> ts;
    const size_t words = static_cast<size_t>(n) * K * 2 / 16;
    for (int it = 0; it < 5; ++it) {
      CK(cudaEventRecord(e0));
      for (int r = 0; r < reps; ++r) read_all<<<132 * 8, 256>>>(static_cast<const int4 *>(wcopy[r % copies]), words, sink);
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      ts.push_back(ms * 1000.f / reps);
    }
    return median(ts);
  };
  struct Case {
    int64_t n;
    Geometry g;
    const char *what;
  };
  const Case cases[] = {
      {4096, {32, 1, 16, 1, 0, 0, 1}, "64x32 tile's B, M=1"},
      {4096, {32, 1, 8, 1, 0, 0, 1}, "  8 stages"},
      {4096, {32, 1, 32, 1, 0, 0, 1}, "  32 stages"},
      {4096, {32, 2, 8, 1, 0, 0, 1}, "  2 k-tiles per stage"},
      {4096, {32, 4, 4, 1, 0, 0, 1}, "  4 k-tiles per stage"},
      {4096, {32, 4, 8, 1, 0, 0, 1}, "  4 k-tiles per stage, 8 stages"},
      {4096, {32, 1, 16, 1, 8, 0, 1}, "  + 8 activation rows"},
      {4096, {32, 1, 16, 1, 64, 0, 1}, "  + 64 activation rows (M=64)"},
      {4096, {32, 2, 8, 1, 64, 0, 1}, "  + 64 act rows, 2 k-tiles per stage"},
      {4096, {32, 1, 16, 1, 0, 100, 1}, "  consumer 100 ns per stage"},
      {4096, {32, 1, 16, 1, 0, 150, 1}, "  consumer 150 ns per stage"},
      {4096, {32, 2, 8, 1, 0, 150, 1}, "  2 k-tiles, consumer 150 ns per stage"},
      {4096, {64, 1, 13, 2, 0, 0, 1}, "64x64 tile's B in 2 slices of K, M=1"},
      {4096, {64, 2, 6, 2, 0, 0, 1}, "  2 k-tiles per stage"},
      {4096, {64, 1, 13, 1, 0, 0, 1}, "64x64 unsplit (64 CTAs)"},
      {4096, {16, 1, 32, 1, 0, 0, 1}, "16-row boxes (256 CTAs: 2 waves)"},
      {6144, {64, 1, 13, 1, 0, 0, 1}, "N=6144 64x64 unsplit (96 CTAs), M=1"},
      {6144, {64, 2, 6, 1, 0, 0, 1}, "  2 k-tiles per stage"},
      {6144, {64, 1, 13, 1, 64, 0, 1}, "  + 64 activation rows (M=64)"},
      {6144, {48, 1, 16, 1, 0, 0, 1}, "N=6144 48-row boxes (128 CTAs)"},
      {4096, {32, 1, 16, 1, 0, 0, 2}, "64x32 B, stages issued in pairs"},
      {4096, {32, 1, 16, 1, 0, 0, 4}, "64x32 B, stages issued in fours"},
      {4096, {32, 1, 16, 1, 64, 0, 2}, "64x32 B + 64 act rows, pairs"},
      {4096, {64, 1, 13, 2, 0, 0, 2}, "64x64 B in 2 slices, pairs"},
      {6144, {64, 1, 13, 1, 0, 0, 2}, "N=6144 64x64 unsplit, pairs"},
      {6144, {64, 1, 12, 1, 0, 0, 4}, "N=6144 64x64 unsplit, fours"},
  };
  printf("K = %lld, bf16 weights K-major; times are medians of 5 x %d launches, weights rotating over %lld copies\n",
         (long long)K, reps, (long long)copies);
  printf("%-44s %6s %5s %8s %8s %9s %8s %9s\n", "case", "CTAs", "smemK", "us", "read us", "TB/s", "ratio", "ns/ktile");
  for (const Case &c : cases) {
    const Geometry &g = c.g;
    const int ctas = static_cast<int>(c.n / g.rows) * g.splits;
    Params p{g, static_cast<int>(K / 64 / g.splits)};
    const int stage = g.kb * (g.rows + g.act_rows) * 128;
    const int smem = g.stages * stage + 2 * 8 * g.stages + 1024;
    std::vector<CUtensorMap> wm(copies);
    for (int i = 0; i < copies; ++i) wm[i] = map2d(wcopy[i], c.n, K, g.rows);
    const CUtensorMap am = map2d(act, 64, K, g.act_rows ? g.act_rows : 8);
    std::vector<float> ts;
    for (int it = 0; it < 5; ++it) {
      CK(cudaEventRecord(e0));
      for (int r = 0; r < reps; ++r) stream<<<ctas, 160, smem>>>(wm[r % copies], am, p, sink);
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      CK(cudaGetLastError());
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      ts.push_back(ms * 1000.f / reps);
    }
    const float us = median(ts), rd = time_read(c.n);
    const double bytes = static_cast<double>(c.n) * K * 2;
    printf("%-44s %6d %5d %8.2f %8.2f %9.2f %8.3f %9.1f\n", c.what, ctas, smem / 1024, us, rd, bytes / us / 1e6,
           rd / us, us * 1000.0 / (p.k_tiles));
  }
  return 0;
}

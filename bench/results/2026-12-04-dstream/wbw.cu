// wbw.cu — the H200's write rate without reads, for the store-bound GEMMs: cudaMemsetAsync and a
// 16-byte-store kernel over 2 GiB, and cudaMemcpyAsync of 1 GiB (read + write), each the median of 9.
//   nvcc -O3 -arch=sm_90a wbw.cu -o wbw && ./wbw
#include <cstdio>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
__global__ void fill16(uint4 *p, size_t n) {
  const uint4 v = make_uint4(1, 2, 3, 4);
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) p[i] = v;
}
template <class F>
static float med(F f) {
  cudaEvent_t a, b;
  cudaEventCreate(&a), cudaEventCreate(&b);
  std::vector<float> t;
  for (int r = 0; r < 10; ++r) {
    cudaEventRecord(a);
    f();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    if (r) t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
int main() {
  const size_t bytes = (size_t)2 << 30;
  void *x, *y;
  if (cudaMalloc(&x, bytes) || cudaMalloc(&y, bytes)) return 1;
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  float m = med([&] { cudaMemsetAsync(x, 1, bytes); });
  printf("cudaMemsetAsync 2 GiB: %.1f us, %.2f TB/s written\n", m * 1e3, bytes / (m * 1e-3) / 1e12);
  for (int per : {1, 2, 4, 8}) {
    float k = med([&] { fill16<<<sms * per, 1024>>>((uint4 *)x, bytes / 16); });
    printf("16-byte stores, %d x %d CTAs of 1024: %.1f us, %.2f TB/s written\n", per, sms, k * 1e3, bytes / (k * 1e-3) / 1e12);
  }
  float c = med([&] { cudaMemcpyAsync(y, x, bytes / 2, cudaMemcpyDeviceToDevice); });
  printf("cudaMemcpyAsync 1 GiB: %.1f us, %.2f TB/s read + written\n", c * 1e3, bytes / (c * 1e-3) / 1e12);
  return cudaGetLastError() != cudaSuccess;
}

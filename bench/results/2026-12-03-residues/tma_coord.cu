// tma_coord.cu — does a TMA tile load (cp.async.bulk.tensor.2d) accept an innermost start
// coordinate whose byte offset is off the 16-byte grid? One load per process (a fault ends the
// context): tma_coord SWIZZLE(0|128) X0 prints the first loaded element or the CUDA error.
// Build: nvcc -arch=sm_90a tma_coord.cu -lcuda -o tma_coord
#include <cuda.h>
#include <cuda_bf16.h>
#include <cstdio>
#include <cstdlib>
__global__ void load(const __grid_constant__ CUtensorMap map, int x0, float *out) {
  __shared__ alignas(1024) __nv_bfloat16 tile[8 * 64];
  __shared__ alignas(8) unsigned long long bar;
  unsigned b = (unsigned)__cvta_generic_to_shared(&bar), s = (unsigned)__cvta_generic_to_shared(tile);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(b));
    asm volatile("fence.proxy.async.shared::cta;");
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(b), "r"(8 * 64 * 2));
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(s), "l"(&map), "r"(x0), "r"(0), "r"(b) : "memory");
    asm volatile("{.reg .pred p; W: mbarrier.try_wait.parity.shared.b64 p, [%0], 0; @!p bra W;}" ::"r"(b));
    out[0] = __bfloat162float(tile[0]);
  }
}
int main(int argc, char **argv) {
  const int sw = atoi(argv[1]), x0 = atoi(argv[2]), K = 4100, N = 64;
  __nv_bfloat16 *h = (__nv_bfloat16 *)malloc(K * N * 2), *d;
  for (int i = 0; i < K * N; ++i) h[i] = __float2bfloat16((float)(i % 256));
  float *out;
  cudaMalloc(&d, K * N * 2), cudaMalloc(&out, 4);
  cudaMemcpy(d, h, K * N * 2, cudaMemcpyHostToDevice);
  CUtensorMap map;
  cuuint64_t dims[2] = {(cuuint64_t)2 * K, (cuuint64_t)N / 2}, strides[1] = {(cuuint64_t)4 * K};
  cuuint32_t box[2] = {64, 8}, es[2] = {1, 1};
  CUresult r = cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, d, dims, strides, box, es,
                                      CU_TENSOR_MAP_INTERLEAVE_NONE,
                                      sw ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_NONE,
                                      CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  load<<<1, 32>>>(map, x0, out);
  cudaError_t e = cudaDeviceSynchronize();
  float v = -1;
  if (e == cudaSuccess) cudaMemcpy(&v, out, 4, cudaMemcpyDeviceToHost);
  printf("swizzle %3d x0 %5d (byte offset %% 16 = %2d): encode %d, %s, first element %g (expected %d)\n", sw, x0,
         (2 * x0) % 16, (int)r, cudaGetErrorString(e), v, x0 % 256);
  return 0;
}

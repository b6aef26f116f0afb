// tma_coord.cu — does a 2D TMA tile load of fp32 need its inner coordinate on the 16-byte grid?
// (bstma.patch's SB loads: box 4 x 2 at inner coordinate kt, illegal instruction from kt = 1.)
//   tma_coord D0 D1 BOX0 BOX1 C0 C1   (stride of dimension 1: D0 * 4 bytes rounded up to 16)
// prints "ok v0 v1" (the first two floats loaded) or the CUDA error. One load per process.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
__global__ void load(const __grid_constant__ CUtensorMap map, int c0, int c1, int bytes, float *out) {
  __shared__ alignas(128) float buf[256];
  __shared__ alignas(8) unsigned long long bar;
  unsigned b = (unsigned)__cvta_generic_to_shared(&bar), s = (unsigned)__cvta_generic_to_shared(buf);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(b));
    asm volatile("fence.proxy.async.shared::cta;");
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(b), "r"(bytes));
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
                 ::"r"(s), "l"(&map), "r"(b), "r"(c0), "r"(c1) : "memory");
    asm volatile("{ .reg .pred p; W: mbarrier.try_wait.parity.shared.b64 p, [%0], 0; @!p bra W; }" ::"r"(b));
    out[0] = buf[0], out[1] = buf[1];
  }
}
int main(int argc, char **argv) {
  if (argc < 7) return 2;
  const long d0 = atol(argv[1]), d1 = atol(argv[2]);
  const unsigned box0 = atoi(argv[3]), box1 = atoi(argv[4]);
  const int c0 = atoi(argv[5]), c1 = atoi(argv[6]);
  const long pitch = (d0 * 4 + 15) / 16 * 16;
  float *g, *out;
  cudaMalloc(&g, pitch * d1 + 64);
  cudaMallocManaged(&out, 8);
  float *h = (float *)calloc(pitch * d1 / 4 + 16, 4);
  for (long j = 0; j < d1; ++j)
    for (long i = 0; i < d0; ++i) h[j * pitch / 4 + i] = (float)(j * 1000 + i);
  cudaMemcpy(g, h, pitch * d1, cudaMemcpyHostToDevice);
  CUtensorMap map;
  cuuint64_t dims[2] = {(cuuint64_t)d0, (cuuint64_t)d1}, strides[1] = {(cuuint64_t)pitch};
  cuuint32_t box[2] = {box0, box1}, es[2] = {1, 1};
  CUresult r = cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, g, dims, strides, box, es,
                                      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                                      CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) { printf("encode failed %d\n", (int)r); return 1; }
  load<<<1, 32>>>(map, c0, c1, (int)(box0 * box1 * 4), out);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) { printf("%s\n", cudaGetErrorString(e)); return 1; }
  printf("ok %g %g\n", out[0], out[1]);
  return 0;
}

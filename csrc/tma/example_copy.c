/* example_copy.c — a plain C program that copies and transposes tensors described by cutego
 * layouts on the GPU with cutego_copy(), and checks the results on the host.
 *
 *   A: (M,N):(1,LDA)  a column-major fp32 matrix with padded leading dimension
 *   B: (M,N):(1,M)    the same values, packed             -> TMA copy
 *   C: (M,N):(LDC,1)  the same values, row-major (A^T) with padded rows -> TMA permute
 *                     (the last column, under 16 bytes of a row, by the generic kernel)
 *   D: (M,N):(1,M) from the gather (M,N):(3,3M)            -> generic kernel
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cutego_kernels.h"

/* The kernels' last error message, for printing. */
static const char *kerr(void) {
  static char buf[512];
  cutego_kernels_last_error(buf, sizeof buf);
  return buf;
}

#define CK(x)                                                                                 \
  do {                                                                                        \
    cudaError_t e_ = (x);                                                                     \
    if (e_ != cudaSuccess) {                                                                  \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));     \
      return 1;                                                                               \
    }                                                                                         \
  } while (0)

static cute_layout_t layout2(int64_t m, int64_t n, int64_t s0, int64_t s1) {
  cute_layout_t L;
  memset(&L, 0, sizeof L);
  L.leaves = 2;
  L.shape[0] = m;
  L.shape[1] = n;
  L.stride[0] = s0;
  L.stride[1] = s1;
  L.ntokens = 4;
  L.nest[0] = CUTE_NEST_OPEN;
  L.nest[1] = CUTE_NEST_LEAF;
  L.nest[2] = CUTE_NEST_LEAF;
  L.nest[3] = CUTE_NEST_CLOSE;
  return L;
}

static int copy_and_check(const char *what, float *d_dst, cute_layout_t dl, const float *d_src, cute_layout_t sl,
                          const float *h_src, size_t dst_elems, int64_t m, int64_t n) {
  int path = -1;
  CK(cudaMemset(d_dst, 0xFF, dst_elems * sizeof(float)));
  if (cutego_copy(d_dst, dl, d_src, sl, sizeof(float), NULL, &path) != CUTEGO_KERNELS_OK) {
    fprintf(stderr, "%s: %s\n", what, kerr());
    return 1;
  }
  CK(cudaDeviceSynchronize());
  float *h = (float *)malloc(dst_elems * sizeof(float));
  CK(cudaMemcpy(h, d_dst, dst_elems * sizeof(float), cudaMemcpyDeviceToHost));
  long bad = 0;
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < m; ++i) {
      float want = h_src[i * sl.stride[0] + j * sl.stride[1]];
      float got = h[i * dl.stride[0] + j * dl.stride[1]];
      if (memcmp(&want, &got, sizeof want) != 0) ++bad;
    }
  free(h);
  printf("%-44s path %-12s %s\n", what, cutego_copy_path_name(path), bad ? "WRONG" : "verified");
  return bad != 0;
}

int main(void) {
  const int64_t M = 3000, N = 1001, LDA = 3072, LDC = 1008;
  size_t a_elems = (size_t)(LDA * N), p_elems = (size_t)(M * N), c_elems = (size_t)(M * LDC);
  float *hA = (float *)malloc(a_elems * sizeof(float));
  for (size_t i = 0; i < a_elems; ++i) hA[i] = (float)((i * 2654435761u) % 1000003) * 0.5f;
  float *dA, *dB, *dC, *dG;
  CK(cudaMalloc((void **)&dA, a_elems * sizeof(float)));
  CK(cudaMalloc((void **)&dB, p_elems * sizeof(float)));
  CK(cudaMalloc((void **)&dC, c_elems * sizeof(float)));
  CK(cudaMalloc((void **)&dG, 3 * p_elems * sizeof(float)));
  CK(cudaMemcpy(dA, hA, a_elems * sizeof(float), cudaMemcpyHostToDevice));
  int fails = 0;
  fails += copy_and_check("copy  (3000,1001):(1,3072) -> (1,3000)", dB, layout2(M, N, 1, M), dA, layout2(M, N, 1, LDA), hA,
                          p_elems, M, N);
  fails += copy_and_check("transpose (3000,1001):(1,3072) -> (1008,1)", dC, layout2(M, N, LDC, 1), dA, layout2(M, N, 1, LDA), hA,
                          c_elems, M, N);
  /* gather: every third float of a buffer of 3*M*N */
  float *hG = (float *)malloc(3 * p_elems * sizeof(float));
  for (size_t i = 0; i < 3 * p_elems; ++i) hG[i] = (float)i;
  CK(cudaMemcpy(dG, hG, 3 * p_elems * sizeof(float), cudaMemcpyHostToDevice));
  fails += copy_and_check("gather (3000,1001):(3,9000) -> (1,3000)", dB, layout2(M, N, 1, M), dG, layout2(M, N, 3, 3 * M), hG,
                          p_elems, M, N);
  free(hG);
  free(hA);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  cudaFree(dG);
  printf("example_copy: %s\n", fails ? "FAILED" : "all verified");
  return fails != 0;
}

/* example_gemm.c — cutego_gemm from plain C: D = A * B^T in bf16 with an fp32 output, the
 * operands described by cutego layouts (CuTe's convention: A (M,K), B (N,K), D (M,N)).
 * It checks its own result against a double-precision host product and says which path ran.
 *   build/kernels/example_gemm */
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cutego_kernels.h>

/* The kernels' last error message, for printing. */
static const char *kerr(void) {
  static char buf[512];
  cutego_kernels_last_error(buf, sizeof buf);
  return buf;
}

/* float -> bf16 bits, round to nearest even; bf16 bits -> float */
static uint16_t to_bf16(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  u += 0x7FFF + ((u >> 16) & 1);
  return (uint16_t)(u >> 16);
}
static float from_bf16(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static cute_layout_t layout2(int64_t e0, int64_t e1, int64_t s0, int64_t s1) {
  cute_layout_t l;
  memset(&l, 0, sizeof l);
  l.leaves = 2;
  l.shape[0] = e0, l.shape[1] = e1, l.stride[0] = s0, l.stride[1] = s1;
  l.ntokens = 4;
  l.nest[0] = CUTE_NEST_OPEN, l.nest[1] = CUTE_NEST_LEAF, l.nest[2] = CUTE_NEST_LEAF, l.nest[3] = CUTE_NEST_CLOSE;
  return l;
}

int main(void) {
  const int M = 300, N = 520, K = 192;
  /* A K-major (M,K):(K,1); B N-major (N,K):(1,N); D row-major (M,N):(N,1). */
  cute_layout_t la = layout2(M, K, K, 1), lb = layout2(N, K, 1, N), ld = layout2(M, N, N, 1);
  uint16_t *a = malloc(sizeof *a * M * K), *b = malloc(sizeof *b * N * K);
  float *d = malloc(sizeof *d * M * N);
  srand(1);
  for (int i = 0; i < M * K; ++i) a[i] = to_bf16((float)rand() / RAND_MAX - 0.5f);
  for (int i = 0; i < N * K; ++i) b[i] = to_bf16((float)rand() / RAND_MAX - 0.5f);
  void *da, *db, *dd;
  if (cudaMalloc(&da, sizeof *a * M * K) || cudaMalloc(&db, sizeof *b * N * K) || cudaMalloc(&dd, sizeof *d * M * N)) {
    fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemcpy(da, a, sizeof *a * M * K, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof *b * N * K, cudaMemcpyHostToDevice);
  cutego_gemm_plan_t plan;
  int rc = cutego_gemm(dd, &ld, da, &la, db, &lb, NULL, NULL, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_F32, 1.0f, 0.0f, NULL,
                       NULL, &plan);
  if (rc != CUTEGO_KERNELS_OK) {
    fprintf(stderr, "cutego_gemm: %s\n", kerr());
    return 1;
  }
  if (cudaMemcpy(d, dd, sizeof *d * M * N, cudaMemcpyDeviceToHost) != cudaSuccess) {
    fprintf(stderr, "kernel failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  double e2 = 0, r2 = 0;
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      double r = 0;
      for (int k = 0; k < K; ++k) r += (double)from_bf16(a[m * K + k]) * from_bf16(b[n + k * N]);
      double x = d[m * N + n] - r;
      e2 += x * x;
      r2 += r * r;
    }
  double rel = sqrt(e2 / r2);
  printf("cutego_gemm %dx%dx%d bf16 -> fp32: path %s (%s), relative error %.2e\n", M, N, K,
         cutego_gemm_path_name(plan.path), plan.reason, rel);
  int ok = rel < 1e-5;
  printf("%s\n", ok ? "OK" : "WRONG");
  cudaFree(da), cudaFree(db), cudaFree(dd);
  free(a), free(b), free(d);
  return ok ? 0 : 1;
}

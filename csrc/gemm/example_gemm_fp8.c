/* example_gemm_fp8.c — an FP8 GEMM from plain C: D = scale_a * scale_b * A * B^T with A in
 * e4m3 and B in e5m2, quantized on the host with one scale per tensor (the tensor's largest
 * magnitude maps to the format's largest finite value), promoted accumulation, a bf16 output.
 * A is K-major (M,K):(K,1); B is N-major (N,K):(1,N), which the FP8 wgmma cannot read, so
 * cutego_gemm transposes it into a workspace first (the plan's CUTEGO_GEMM_F_PACK_B). It checks
 * its result against a double-precision product of the same quantized values.
 *   build/kernels/example_gemm_fp8 */
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cutego_kernels.h>

static const char *kerr(void) {
  static char buf[512];
  cutego_kernels_last_error(buf, sizeof buf);
  return buf;
}

/* The value of an FP8 code with mbits mantissa bits and exponent bias (e4m3: 3, 7; e5m2: 2, 15). */
static double fp8_value(unsigned code, int mbits, int bias) {
  int e = (int)((code & 0x7F) >> mbits), m = (int)(code & ((1u << mbits) - 1));
  double v = e == 0 ? ldexp(m, 1 - bias - mbits) : ldexp(m + (1 << mbits), e - bias - mbits);
  return code & 0x80 ? -v : v;
}

/* The nearest code to x among the finite codes 0..max_code (values in table) and their negatives
 * (ties: the even code), by search: x beyond the largest finite value gets the largest. */
static uint8_t fp8_nearest(double x, unsigned max_code, const double *table) {
  unsigned best = 0;
  double a = fabs(x), bd = INFINITY;
  for (unsigned c = 0; c <= max_code; ++c) {
    double d = fabs(table[c] - a);
    if (d < bd || (d == bd && c % 2 == 0)) best = c, bd = d;
  }
  return (uint8_t)(x < 0 ? best | 0x80 : best);
}

/* Quantizes n floats to FP8 with one scale (returned): amax maps to the largest finite value. */
static float quantize(const float *x, uint8_t *q, int64_t n, unsigned max_code, const double *table) {
  float amax = 0;
  for (int64_t i = 0; i < n; ++i) amax = fmaxf(amax, fabsf(x[i]));
  float scale = amax > 0 ? (float)(amax / table[max_code]) : 1.0f;
  for (int64_t i = 0; i < n; ++i) q[i] = fp8_nearest(x[i] / scale, max_code, table);
  return scale;
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
  const int M = 300, N = 520, K = 512;
  cute_layout_t la = layout2(M, K, K, 1), lb = layout2(N, K, 1, N), ld = layout2(M, N, N, 1);
  float *fa = malloc(sizeof *fa * M * K), *fb = malloc(sizeof *fb * N * K);
  uint8_t *a = malloc((size_t)M * K), *b = malloc((size_t)N * K);
  uint16_t *d = malloc(sizeof *d * M * N);
  srand(1);
  for (int i = 0; i < M * K; ++i) fa[i] = (float)rand() / RAND_MAX - 0.5f;
  for (int i = 0; i < N * K; ++i) fb[i] = 100.0f * ((float)rand() / RAND_MAX - 0.5f);
  double e4m3[256], e5m2[256]; /* every code's value */
  for (unsigned c = 0; c < 256; ++c) e4m3[c] = fp8_value(c, 3, 7), e5m2[c] = fp8_value(c, 2, 15);
  float scales[2];
  scales[0] = quantize(fa, a, (int64_t)M * K, 0x7E, e4m3); /* e4m3: largest 448 */
  scales[1] = quantize(fb, b, (int64_t)N * K, 0x7B, e5m2); /* e5m2: largest 57344 */
  void *da, *db, *dd, *ds;
  if (cudaMalloc(&da, (size_t)M * K) || cudaMalloc(&db, (size_t)N * K) || cudaMalloc(&dd, sizeof *d * M * N) ||
      cudaMalloc(&ds, sizeof scales)) {
    fprintf(stderr, "cudaMalloc failed\n");
    return 1;
  }
  cudaMemcpy(da, a, (size_t)M * K, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, (size_t)N * K, cudaMemcpyHostToDevice);
  cudaMemcpy(ds, scales, sizeof scales, cudaMemcpyHostToDevice);
  cutego_gemm_options_t opt;
  memset(&opt, 0, sizeof opt);
  opt.b_dtype = CUTEGO_DTYPE_E5M2;
  opt.scale_a = (const float *)ds;
  opt.scale_b = (const float *)ds + 1;
  opt.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
  cutego_gemm_plan_t plan;
  int rc = cutego_gemm(dd, &ld, da, &la, db, &lb, NULL, NULL, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.0f, 0.0f, NULL,
                       &opt, &plan);
  if (rc != CUTEGO_KERNELS_OK) {
    fprintf(stderr, "cutego_gemm: %s\n", kerr());
    return 1;
  }
  if (cudaMemcpy(d, dd, sizeof *d * M * N, cudaMemcpyDeviceToHost) != cudaSuccess) {
    fprintf(stderr, "kernel failed: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  double e2 = 0, r2 = 0, q2 = 0;
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      double r = 0, x = 0;
      for (int k = 0; k < K; ++k) {
        r += e4m3[a[m * K + k]] * e5m2[b[n + k * N]];
        x += (double)fa[m * K + k] * fb[n + k * N];
      }
      r *= (double)scales[0] * scales[1];
      double g = from_bf16(d[m * N + n]);
      if (!isfinite(g)) {
        fprintf(stderr, "non-finite output at (%d,%d)\n", m, n);
        return 1;
      }
      e2 += (g - r) * (g - r);
      q2 += (r - x) * (r - x);
      r2 += r * r;
    }
  double rel = sqrt(e2 / r2);
  /* bf16 rounding (2^-8 relative) plus promoted accumulation's partial sums of 128 (the bound of
   * csrc/gemm/test_gemm_fp8.cu) */
  double tol = 8e-3 + 4.0 * ldexp(1.0, -14) * sqrt((128.0 + 31) / 32);
  printf("cutego_gemm %dx%dx%d e4m3 x e5m2 -> bf16, promoted every %d k-tile(s): %s, kernel %s (%s)%s%s\n", M, N, K,
         plan.promoted, cutego_gemm_path_name(plan.path), plan.kernel, plan.reason,
         plan.flags & CUTEGO_GEMM_F_PACK_B ? "; B transposed first: " : "", plan.packed_why);
  printf("relative error %.2e against the same quantized inputs (bound %.2e); quantization itself %.2e\n", rel, tol,
         sqrt(q2 / r2));
  int ok = rel < tol && plan.promoted == 1 && (plan.flags & CUTEGO_GEMM_F_PACK_B);
  printf("%s\n", ok ? "OK" : "WRONG");
  cudaFree(da), cudaFree(db), cudaFree(dd), cudaFree(ds);
  free(fa), free(fb), free(a), free(b), free(d);
  return ok ? 0 : 1;
}

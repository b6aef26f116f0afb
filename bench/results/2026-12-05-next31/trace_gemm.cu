// trace_gemm M N K [config] [split] [cluster_m] [direct]: one bf16 TN GEMM through cutego_gemm, three
// untraced calls (alpha 1) then one traced call (alpha 0.75 with a C pointer and beta 0: the kernels
// of trace.patch write each tile's producer and consumer times there), printed as lines
// "P cta sm m n start end wait" and "C cta sm warpgroup m n start mma_done end" for
// trace_summary.py, and each call's time alone (events around it, nothing overlapping: session 30's
// figures came from back-to-back graph replays). A diagnostic for bench/results/2026-12-05-next31 (not built by make).
#include "../../../csrc/gemm/gemm_harness.h"
using namespace gh;

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: trace_gemm M N K [config] [split] [cluster_m] [direct]\n");
    return 2;
  }
  const int64_t M = atoll(argv[1]), N = atoll(argv[2]), K = atoll(argv[3]);
  cutego_gemm_options_t o;
  memset(&o, 0, sizeof o);
  o.config = argc > 4 ? atoi(argv[4]) : 0;
  o.split_k = argc > 5 ? atoi(argv[5]) : 0;
  o.cluster_m = argc > 6 ? atoi(argv[6]) : 0;
  o.direct_epilogue = argc > 7 ? atoi(argv[7]) : 0;
  if (o.split_k == 1) o.decomposition = CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL;
  float *f;
  __nv_bfloat16 *a, *b, *d;
  const int64_t na = M * K, nb = N * K, nd = M * N;
  if (cudaMalloc(&f, (na > nb ? na : nb) * sizeof(float)) || cudaMalloc(&a, na * 2) || cudaMalloc(&b, nb * 2) ||
      cudaMalloc(&d, nd * 2))
    return 3;
  fill_normal<<<1024, 256>>>(f, na, 1);
  convert<<<1024, 256>>>(a, f, na);
  fill_normal<<<1024, 256>>>(f, nb, 2);
  convert<<<1024, 256>>>(b, f, nb);
  const cute_layout_t la = layout3(M, K, 1, K, 1, 0), lb = layout3(N, K, 1, K, 1, 0), ld = layout3(M, N, 1, N, 1, 0);
  const size_t trace_bytes = 8u << 20;
  unsigned long long *rec;
  if (cudaMalloc(&rec, trace_bytes > (size_t)nd * 2 ? trace_bytes : (size_t)nd * 2)) return 3;
  const cute_layout_t lc = ld;
  cutego_gemm_plan_t p;
  cudaEvent_t e0, e1;
  if (cudaEventCreate(&e0) || cudaEventCreate(&e1)) return 3;
  for (int i = 0; i < 4; ++i) {
    if (cudaEventRecord(e0, 0)) return 5;
    const float alpha = i == 3 ? 0.75f : 1.f;
    if (i == 3 && cudaMemset(rec, 0, trace_bytes)) return 5;
    if (cutego_gemm(d, &ld, a, &la, b, &lb, i == 3 ? rec : nullptr, i == 3 ? &lc : nullptr, CUTEGO_DTYPE_BF16,
                    CUTEGO_DTYPE_BF16, alpha, 0.f, 0, &o, &p)) {
      fprintf(stderr, "cutego_gemm: %s\n", last_kernel_error());
      return 4;
    }
    if (cudaEventRecord(e1, 0) || cudaDeviceSynchronize()) return 5;
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    printf("TIME %d %.1f us (one call alone, %s)\n", i, ms * 1e3, i == 3 ? "traced" : "untraced");
  }
  std::vector<unsigned long long> h(trace_bytes / 8);
  if (cudaMemcpy(h.data(), rec, trace_bytes, cudaMemcpyDeviceToHost)) return 6;
  for (size_t r = 0; r + 8 <= h.size(); r += 8) {
    const unsigned long long *x = &h[r];
    if (x[0] != 1) continue;
    const int role = (int)((r / 8) % 3);
    if (role == 0)
      printf("P %llu %llu %llu %llu %llu %llu %llu\n", x[7], x[1], x[2], x[3], x[4], x[5], x[6]);
    else
      printf("C %llu %llu %d %llu %llu %llu %llu %llu\n", x[7], x[1], role - 1, x[2], x[3], x[4], x[5], x[6]);
  }
  printf("PLAN %lld %lld %lld tiles %lld x %lld, %s: %s\n", (long long)M, (long long)N, (long long)K,
         (long long)p.tiles_m, (long long)p.tiles_n, p.kernel, p.reason);
  return 0;
}

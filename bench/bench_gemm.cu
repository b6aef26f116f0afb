// bench_gemm.cu — cutego_gemm beside cuBLASLt on the same device, in one process: CUDA events,
// random normal inputs, warm-up, median of repeats, TFLOP/s and the ratio. Every timed shape is
// first checked against an fp32 reference (cuBLAS pedantic fp32) on the same inputs.
//   bench_gemm out.csv [--quick] [--dtype bf16|f16|both] [--layout TN|NN|NT|TT] [--reps N]
//              [--cluster 0|1|2] [--ab-cluster]
// --ab-cluster also times ours without clusters (rung 8's A/B), interleaved in the same run.
// Layout names are BLAS's for row-major D: TN = A K-major and B K-major (the wgmma-native
// case), NN = A M-major... (A is (M,K), B is (N,K) as in CuTe).
#include <cublasLt.h>
#include <algorithm>
#include "../csrc/gemm/gemm_harness.h"

// The kernels' last error message, for printing.
static const char *kerr() {
  static thread_local char buf[512];
  cutego_kernels_last_error(buf, sizeof buf);
  return buf;
}


using namespace gh;

#define CL(x)                                                                                   \
  do {                                                                                          \
    cublasStatus_t s_ = (x);                                                                    \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                          \
      fprintf(stderr, "%s:%d: %s: cublasLt status %d\n", __FILE__, __LINE__, #x, (int)s_);     \
      exit(2);                                                                                  \
    }                                                                                           \
  } while (0)

struct Shape {
  int64_t m, n, k;
  const char *set;
};

static double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// cuBLASLt: D (row-major MxN) = A (MxK) * B^T, expressed column-major as D^T (NxM) = op(B) op(A).
struct Lt {
  cublasLtHandle_t h;
  void *ws;
  size_t wsz = 64 << 20;
  Lt() {
    CL(cublasLtCreate(&h));
    CK(cudaMalloc(&ws, wsz));
  }
  // am/bm: 0 K-major, 1 MN-major (our terms)
  float time(const void *a, const void *b, void *d, int64_t M, int64_t N, int64_t K, int am, int bm, cudaDataType t,
             int reps, cudaStream_t st) {
    cublasLtMatmulDesc_t op;
    CL(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    // first operand (cuBLAS "A") = our B, N x K: K-major = col-major K x N -> transpose
    cublasOperation_t ta = bm == 0 ? CUBLAS_OP_T : CUBLAS_OP_N, tb = am == 0 ? CUBLAS_OP_N : CUBLAS_OP_T;
    CL(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
    CL(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
    cublasLtMatrixLayout_t la, lb, ld;
    if (bm == 0) CL(cublasLtMatrixLayoutCreate(&la, t, K, N, K));
    else CL(cublasLtMatrixLayoutCreate(&la, t, N, K, N));
    if (am == 0) CL(cublasLtMatrixLayoutCreate(&lb, t, K, M, K));
    else CL(cublasLtMatrixLayoutCreate(&lb, t, M, K, M));
    CL(cublasLtMatrixLayoutCreate(&ld, t, N, M, N));
    cublasLtMatmulPreference_t pref;
    CL(cublasLtMatmulPreferenceCreate(&pref));
    CL(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &wsz, sizeof wsz));
    cublasLtMatmulHeuristicResult_t res;
    int got = 0;
    CL(cublasLtMatmulAlgoGetHeuristic(h, op, la, lb, ld, ld, pref, 1, &res, &got));
    float alpha = 1, beta = 0, ms = -1;
    if (got) {
      auto run = [&] { CL(cublasLtMatmul(h, op, &alpha, b, la, a, lb, &beta, d, ld, d, ld, &res.algo, ws, wsz, st)); };
      ms = time_it(run, reps, st);
    }
    cublasLtMatmulPreferenceDestroy(pref);
    cublasLtMatrixLayoutDestroy(la), cublasLtMatrixLayoutDestroy(lb), cublasLtMatrixLayoutDestroy(ld);
    cublasLtMatmulDescDestroy(op);
    return ms;
  }
  template <class F>
  static float time_it(F run, int reps, cudaStream_t st) {
    for (int i = 0; i < 3; ++i) run();
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    std::vector<float> t;
    for (int r = 0; r < reps; ++r) {
      CK(cudaEventRecord(e0, st));
      run();
      CK(cudaEventRecord(e1, st));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      t.push_back(ms);
    }
    cudaEventDestroy(e0), cudaEventDestroy(e1);
    return (float)median(t);
  }
};

template <typename T>
static double check(const T *a, const T *b, const T *d, int64_t M, int64_t N, int64_t K, int am, int bm,
                    cublasHandle_t hb) {
  float *ra, *rb, *rr;
  CK(cudaMalloc(&ra, M * K * 4));
  CK(cudaMalloc(&rb, N * K * 4));
  CK(cudaMalloc(&rr, M * N * 4));
  gather3<T><<<blocks_for(M * K), 256>>>(ra, a, M, K, 1, am == 0 ? K : 1, am == 0 ? 1 : M, 0);
  gather3<T><<<blocks_for(N * K), 256>>>(rb, b, N, K, 1, bm == 0 ? K : 1, bm == 0 ? 1 : N, 0);
  float one = 1, zero = 0;
  CB(cublasGemmEx(hb, CUBLAS_OP_N, CUBLAS_OP_T, (int)M, (int)N, (int)K, &one, ra, CUDA_R_32F, (int)M, rb,
                  CUDA_R_32F, (int)N, &zero, rr, CUDA_R_32F, (int)M, CUBLAS_COMPUTE_32F_PEDANTIC, CUBLAS_GEMM_DEFAULT));
  double *acc;
  unsigned long long *bad;
  CK(cudaMalloc(&acc, 16));
  CK(cudaMalloc(&bad, 8));
  CK(cudaMemset(acc, 0, 16));
  CK(cudaMemset(bad, 0, 8));
  compare<T><<<blocks_for(M * N), 256>>>(d, N, 1, 0, rr, M, N, 1, acc, bad);
  double h[2];
  unsigned long long hbad;
  CK(cudaMemcpy(h, acc, 16, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&hbad, bad, 8, cudaMemcpyDeviceToHost));
  cudaFree(ra), cudaFree(rb), cudaFree(rr), cudaFree(acc), cudaFree(bad);
  return hbad ? 1e9 : sqrt(h[0] / h[1]);
}

static bool g_ab_cluster = false;

template <typename T>
static void bench_one(FILE *csv, const Shape &s, int am, int bm, int dt, int reps, Lt &lt, cublasHandle_t hb,
                      std::vector<double> &ratios, const cutego_gemm_options_t *opt) {
  const int64_t M = s.m, N = s.n, K = s.k;
  float *f;
  T *a, *b, *d;
  int64_t mx = std::max(M * K, std::max(N * K, M * N));
  CK(cudaMalloc(&f, mx * 4));
  CK(cudaMalloc(&a, M * K * sizeof(T)));
  CK(cudaMalloc(&b, N * K * sizeof(T)));
  CK(cudaMalloc(&d, M * N * sizeof(T)));
  fill_normal<<<blocks_for(M * K), 256>>>(f, M * K, 17 + M);
  convert<T><<<blocks_for(M * K), 256>>>(a, f, M * K);
  fill_normal<<<blocks_for(N * K), 256>>>(f, N * K, 29 + N);
  convert<T><<<blocks_for(N * K), 256>>>(b, f, N * K);
  CK(cudaMemset(d, 0xFF, M * N * sizeof(T)));
  cute_layout_t la = layout3(M, K, 0, am == 0 ? K : 1, am == 0 ? 1 : M, 0);
  cute_layout_t lb = layout3(N, K, 0, bm == 0 ? K : 1, bm == 0 ? 1 : N, 0);
  cute_layout_t ld = layout3(M, N, 0, N, 1, 0);
  cutego_gemm_plan_t plan;
  auto ours = [&] {
    int rc = cutego_gemm(d, &ld, a, &la, b, &lb, nullptr, nullptr, dt, dt, 1.f, 0.f, nullptr, opt, &plan);
    if (rc) {
      fprintf(stderr, "cutego_gemm: %s\n", kerr());
      exit(3);
    }
  };
  ours();
  CK(cudaDeviceSynchronize());
  double rel = check<T>(a, b, d, M, N, K, am, bm, hb);
  // ours, cuBLASLt, ours, cuBLASLt: each the median of reps; the better median of each is kept
  // (the card's clock moves between runs; interleaving gives both the same conditions).
  cudaDataType ct = dt == CUTEGO_DTYPE_BF16 ? CUDA_R_16BF : CUDA_R_16F;
  float t_ours = Lt::time_it(ours, reps, nullptr);
  float t_cub1 = lt.time(a, b, d, M, N, K, am, bm, ct, reps, nullptr);
  float t_ours2 = Lt::time_it(ours, reps, nullptr);
  float t_cub2 = lt.time(a, b, d, M, N, K, am, bm, ct, reps, nullptr);
  float t_nc = 0;
  if (g_ab_cluster) {
    cutego_gemm_options_t nc = *opt;
    nc.cluster_m = 1;
    auto ours_nc = [&] {
      if (cutego_gemm(d, &ld, a, &la, b, &lb, nullptr, nullptr, dt, dt, 1.f, 0.f, nullptr, &nc, nullptr)) exit(3);
    };
    float t1 = Lt::time_it(ours_nc, reps, nullptr);
    float t_o3 = Lt::time_it(ours, reps, nullptr);
    float t2 = Lt::time_it(ours_nc, reps, nullptr);
    t_nc = std::min(t1, t2);
    t_ours2 = std::min(t_ours2, t_o3);
  }
  float t_best = std::min(t_ours, t_ours2);
  float t_cub = (t_cub1 > 0 && t_cub2 > 0) ? std::min(t_cub1, t_cub2) : std::max(t_cub1, t_cub2);
  double fl = 2.0 * M * N * K;
  double tf_ours = fl / (t_best * 1e9), tf_cub = t_cub > 0 ? fl / (t_cub * 1e9) : 0;
  double ratio = tf_cub > 0 ? tf_ours / tf_cub : 0;
  const char *lname[2][2] = {{"TN", "TT"}, {"NN", "NT"}};
  printf("%-6s %-4s %s %6lld %6lld %6lld  ours %6.1f (%6.1f) cuBLASLt %6.1f (%6.1f) TFLOP/s  ratio %.3f  rel %.1e  %s\n",
         s.set, dt == CUTEGO_DTYPE_BF16 ? "bf16" : "f16", lname[am][bm], (long long)M, (long long)N, (long long)K,
         tf_ours, fl / (std::max(t_ours, t_ours2) * 1e9), tf_cub, fl / (std::max(t_cub1, t_cub2) * 1e9), ratio, rel,
         plan.reason);
  if (g_ab_cluster)
    printf("       without clusters %6.1f TFLOP/s: clusters %.3fx\n", fl / (t_nc * 1e9), t_nc / t_best);
  fprintf(csv, "%s,%s,%s,%lld,%lld,%lld,%.4f,%.4f,%.4f,%.4f,%.2f,%.2f,%.4f,%.2e,%s,%s,%d,%.4f\n", s.set,
          dt == CUTEGO_DTYPE_BF16 ? "bf16" : "f16", lname[am][bm], (long long)M, (long long)N, (long long)K, t_ours,
          t_ours2, t_cub1, t_cub2, tf_ours, tf_cub, ratio, rel, cutego_gemm_path_name(plan.path),
          (plan.flags & CUTEGO_GEMM_F_D_TMA) ? "tma-store" : "direct", (int)plan.cluster_m, t_nc);
  fflush(csv);
  fflush(stdout);
  if (rel > 1e-2) {
    printf("WRONG RESULT (rel %.2e)\n", rel);
    exit(4);
  }
  if (ratio > 0) ratios.push_back(ratio);
  cudaFree(f), cudaFree(a), cudaFree(b), cudaFree(d);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bench_gemm out.csv [--quick] [--dtype bf16|f16|both] [--layout TN|NN|NT|TT] [--reps N] [--group G] [--config C] [--direct-epilogue] [--only-m M] [--cluster C] [--ab-cluster]\n");
    return 2;
  }
  bool quick = false;
  int reps = 15;
  int64_t only_m = 0;
  const char *dts = "both", *lay = "TN";
  cutego_gemm_options_t opt;
  memset(&opt, 0, sizeof opt);
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--quick")) quick = true;
    else if (!strcmp(argv[i], "--dtype") && i + 1 < argc) dts = argv[++i];
    else if (!strcmp(argv[i], "--layout") && i + 1 < argc) lay = argv[++i];
    else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--group") && i + 1 < argc) opt.group_m = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--config") && i + 1 < argc) opt.config = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--direct-epilogue")) opt.direct_epilogue = 1;
    else if (!strcmp(argv[i], "--only-m") && i + 1 < argc) only_m = atoll(argv[++i]);
    else if (!strcmp(argv[i], "--cluster") && i + 1 < argc) opt.cluster_m = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--ab-cluster")) g_ab_cluster = true;
  }
  int am = (lay[0] == 'N'), bm = (lay[1] == 'T');  // BLAS names for row-major D
  FILE *csv = fopen(argv[1], "w");
  if (!csv) return 2;
  fprintf(csv, "set,dtype,layout,m,n,k,ms_ours,ms_ours_again,ms_cublaslt,ms_cublaslt_again,tflops_ours,tflops_cublaslt,ratio,rel_err,path,epilogue,cluster_m,ms_ours_no_cluster\n");
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int drv = 0, clk = 0, mclk = 0;
  cudaDriverGetVersion(&drv);
  cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0);
  cudaDeviceGetAttribute(&mclk, cudaDevAttrMemoryClockRate, 0);
  printf("# %s, %d SMs, driver API %d, max SM clock %d MHz, memory clock %d MHz, reps %d (median)\n", prop.name,
         prop.multiProcessorCount, drv, clk / 1000, mclk / 1000, reps);
  std::vector<Shape> shapes;
  for (int64_t s : {1024, 2048, 4096, 6144, 8192, 12288, 16384})
    if (!quick || s == 4096 || s == 8192) shapes.push_back({s, s, s, "square"});
  if (!quick)
    for (int64_t m : {1024, 4096, 16384})
      for (int64_t n : {4096, 11008, 14336})
        for (int64_t k : {4096, 11008, 14336}) shapes.push_back({m, n, k, "llm"});
  Lt lt;
  cublasHandle_t hb;
  CB(cublasCreate(&hb));
  for (int dt : {CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_F16}) {
    if (strcmp(dts, "both") && strcmp(dts, dt == CUTEGO_DTYPE_BF16 ? "bf16" : "f16")) continue;
    std::vector<double> ratios;
    for (auto &s : shapes) {
      if (only_m && s.m != only_m) continue;
      if (dt == CUTEGO_DTYPE_BF16) bench_one<__nv_bfloat16>(csv, s, am, bm, dt, reps, lt, hb, ratios, &opt);
      else bench_one<__half>(csv, s, am, bm, dt, reps, lt, hb, ratios, &opt);
    }
    double lg = 0;
    for (double r : ratios) lg += log(r);
    printf("== %s %s: geometric mean ratio over %zu shapes: %.3f\n", dt == CUTEGO_DTYPE_BF16 ? "bf16" : "f16", lay,
           ratios.size(), ratios.empty() ? 0 : exp(lg / ratios.size()));
  }
  fclose(csv);
  return 0;
}

// bench_gemm.cu — cutego_gemm beside cuBLASLt (its best heuristic, 64 MiB workspace) and
// cublasGemmEx (default algorithm, 32 MiB workspace) on the same device, in one process: CUDA
// events, random normal inputs, warm-up, median of repeats, TFLOP/s and the ratio to the better
// of the two cuBLAS figures. Every timed shape is first checked against an fp32 reference (cuBLAS
// pedantic fp32) on the same inputs.
//   bench_gemm out.csv [--quick|--sweep] [--dtype bf16|f16|both] [--layout TN|NN|NT|TT] [--reps N]
//              [--cluster 0|1|2] [--cluster-n 0|2] [--ab-cluster] [--ab-config C] [--split-k S] [--decomposition D] [--pitch-pack P] [--min-m M] [--max-m M] [--set S] [--host] [--graph] [--cold] [--passes P]
//              [--no-verify]
//              [--d-store S] [--d-col] [--swap-ab] [--shape M,N,K[,L]]...
// --sweep: M in 1..16384 x the LLM (N,K) pairs, squares 256..16384, 12 sizes off the 64-grid.
// Small problems are timed as batches of up to 20 back-to-back calls (time per call).
// --ab-cluster also times ours without clusters (clusters on and off, A/B), interleaved in the same run.
// --ab-config C also times ours with options.config C (checked against the reference first),
// interleaved with ours as the other options say (e.g. the automatic choice against config 5).
// --graph: each side's calls timed as a captured CUDA graph (device time, no host launch cost).
// --passes P (default 2): every side is timed a repeat at a time in turn (ours, GemmEx, cuBLASLt, ours,
// ...) for P x reps rounds; each side's median over the even and over the odd passes' rounds.
// --shape M,N,K[,L] (repeatable): these shapes only (set "shape"), e.g. for a before/after run; L > 1: a
// strided batch of L GEMMs (A, B and D compact, batch outermost; cublasLt's batch count and
// cublasGemmStridedBatchedEx beside ours; the first and the last batch checked).
// --d-store S: options.d_store (0 automatic, 1 D streams past the L2, 2 never).
// --d-col: ours writes D column-major, (M,N):(1,M) (as D^T = B A^T where cutego_gemm_swap_ab says so,
// else a 16-bit D through the transposed TMA epilogue);
// cuBLAS's D stays as it is (either order is native to cuBLAS: it swaps its operands), checked alike.
// --swap-ab: ours computes the same D as D^T = B A^T, the caller's swap (A and B exchanged, D seen as
// (N,M) with its strides exchanged: M unit stride, the transposed TMA epilogue): what an automatic
// swap would do, for the small M that wastes 128-row tiles (333 x 14336: 384 rows, N' = 333 fills
// 336 columns of 128x168 tiles). Ours as asked only: --ab-config's and --ab-cluster's calls are not swapped.
// --cold: every side's calls read A and B from device memory, as an inference step reads a layer's
// weights: copies of A and B together at least three times the L2's size, each call the next copy
// (and a graph holds every copy once), so no call finds its operands left in L2 by the one before.
// --no-verify: a result off the reference is reported (rel in the table and the CSV), not fatal: for
// timing-only variants of the kernels that skip work (e.g. the epilogue's stores).
// --host: host time per call (plan + launch, no synchronization) of each, on small problems.
// Layout names are BLAS's for row-major D: TN = A K-major and B K-major (the wgmma-native
// case), NN = A M-major... (A is (M,K), B is (N,K) as in CuTe).
#include <cublasLt.h>
#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include "../csrc/gemm/gemm_harness.h"



using namespace gh;


struct Shape {
  int64_t m, n, k;
  const char *set;
  int64_t l = 1;  // batch count
};


// Calls per timed repeat (back to back, as a model's layers run): small problems take several so
// that the time per call is the device's, not one launch's latency (host time: --host).
static int g_batch = 1;
// --graph: every side's batch of calls is captured once into a CUDA graph on g_stream and the
// graph is launched per repeat, so the time per call is the device's alone (no host launch cost
// on either side: the kernels and their gaps inside a graph). Without it g_stream is the legacy
// default stream and calls are launched one by one.
static bool g_graph = false;
static cudaStream_t g_stream = nullptr;

// --cold: the copies of A and B that consecutive calls read in turn (one copy, A and B themselves,
// without --cold). next() gives a call's pair.
static bool g_cold = false;
static bool g_no_verify = false;
static int g_passes = 2;  // --passes: interleaved passes of each side (the card's clock drifts between them)
static bool g_d_col = false;  // --d-col: ours writes D column-major
static bool g_swap_ab = false;  // --swap-ab: ours computes D^T = B A^T
struct Rotation {
  std::vector<const void *> a, b;
  size_t i = 0;
  std::pair<const void *, const void *> next() {
    std::pair<const void *, const void *> r{a[i], b[i]};
    i = (i + 1) % a.size();
    return r;
  }
};
// How many copies of A and B (bytes together) --cold takes: at least three L2s' worth, at most 512.
static int cold_copies(size_t bytes) {
  int l2 = 0;
  CK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
  const size_t want = 3 * (size_t)l2;
  return (int)std::min<size_t>(512, std::max<size_t>(1, (want + bytes - 1) / bytes));
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
  // One cuBLASLt matmul of D^T = op(B) op(A), its descriptors and heuristic's algorithm kept for
  // the calls (ok false: no heuristic for the problem).
  struct Call {
    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t la = nullptr, lb = nullptr, ld = nullptr;
    cublasLtMatmulHeuristicResult_t res;
    bool ok = false;
    Call() = default;
    Call(const Call &) = delete;
    ~Call() {
      if (la) cublasLtMatrixLayoutDestroy(la), cublasLtMatrixLayoutDestroy(lb), cublasLtMatrixLayoutDestroy(ld);
      if (op) cublasLtMatmulDescDestroy(op);
    }
  };
  // am/bm: 0 K-major, 1 MN-major (our terms)
  void prepare(Call &c, int64_t M, int64_t N, int64_t K, int am, int bm, cudaDataType t, int64_t L = 1) {
    CL(cublasLtMatmulDescCreate(&c.op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    // first operand (cuBLAS "A") = our B, N x K: K-major = col-major K x N -> transpose
    cublasOperation_t ta = bm == 0 ? CUBLAS_OP_T : CUBLAS_OP_N, tb = am == 0 ? CUBLAS_OP_N : CUBLAS_OP_T;
    CL(cublasLtMatmulDescSetAttribute(c.op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
    CL(cublasLtMatmulDescSetAttribute(c.op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
    if (bm == 0) CL(cublasLtMatrixLayoutCreate(&c.la, t, K, N, K));
    else CL(cublasLtMatrixLayoutCreate(&c.la, t, N, K, N));
    if (am == 0) CL(cublasLtMatrixLayoutCreate(&c.lb, t, K, M, K));
    else CL(cublasLtMatrixLayoutCreate(&c.lb, t, M, K, M));
    CL(cublasLtMatrixLayoutCreate(&c.ld, t, N, M, N));
    if (L > 1) {  // a strided batch of compact matrices
      const int32_t lc = (int32_t)L;
      const int64_t sa = N * K, sb = M * K, sd = M * N;
      const std::pair<cublasLtMatrixLayout_t, int64_t> ls[] = {{c.la, sa}, {c.lb, sb}, {c.ld, sd}};
      for (const auto &x : ls) {
        CL(cublasLtMatrixLayoutSetAttribute(x.first, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &lc, sizeof lc));
        CL(cublasLtMatrixLayoutSetAttribute(x.first, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &x.second,
                                            sizeof x.second));
      }
    }
    cublasLtMatmulPreference_t pref;
    CL(cublasLtMatmulPreferenceCreate(&pref));
    CL(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &wsz, sizeof wsz));
    int got = 0;
    CL(cublasLtMatmulAlgoGetHeuristic(h, c.op, c.la, c.lb, c.ld, c.ld, pref, 1, &c.res, &got));
    cublasLtMatmulPreferenceDestroy(pref);
    c.ok = got > 0;
  }
  void run(const Call &c, Rotation &ops, void *d, cudaStream_t st) {
    const float alpha = 1, beta = 0;
    const auto ab = ops.next();
    CL(cublasLtMatmul(h, c.op, &alpha, ab.second, c.la, ab.first, c.lb, &beta, d, c.ld, d, c.ld, &c.res.algo, ws, wsz, st));
  }
};

// cublasGemmEx, default algorithm: the same column-major D^T = op(B) op(A) as Lt.
// L > 1: cublasGemmStridedBatchedEx over compact matrices.
static std::function<void()> gemmex_call(cublasHandle_t hb, Rotation &ops, void *d, int64_t M, int64_t N, int64_t K,
                                         int am, int bm, cudaDataType t, int64_t L = 1) {
  return [=, &ops] {
    const cublasOperation_t ta = bm == 0 ? CUBLAS_OP_T : CUBLAS_OP_N, tb = am == 0 ? CUBLAS_OP_N : CUBLAS_OP_T;
    const int lda = (int)(bm == 0 ? K : N), ldb = (int)(am == 0 ? K : M);
    const float alpha = 1, beta = 0;
    const auto ab = ops.next();
    if (L > 1)
      CB(cublasGemmStridedBatchedEx(hb, ta, tb, (int)N, (int)M, (int)K, &alpha, ab.second, t, lda, N * K, ab.first, t,
                                    ldb, M * K, &beta, d, t, (int)N, M * N, (int)L, CUBLAS_COMPUTE_32F,
                                    CUBLAS_GEMM_DEFAULT));
    else
      CB(cublasGemmEx(hb, ta, tb, (int)N, (int)M, (int)K, &alpha, ab.second, t, lda, ab.first, t, ldb, &beta, d, t,
                      (int)N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  };
}

template <typename T>
static double check(const T *a, const T *b, const T *d, int64_t M, int64_t N, int64_t K, int am, int bm,
                    cublasHandle_t hb, bool d_col = false) {
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
  compare<T><<<blocks_for(M * N), 256>>>(d, d_col ? 1 : N, d_col ? M : 1, 0, rr, M, N, 1, acc, bad);
  double h[2];
  unsigned long long hbad;
  CK(cudaMemcpy(h, acc, 16, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&hbad, bad, 8, cudaMemcpyDeviceToHost));
  cudaFree(ra), cudaFree(rb), cudaFree(rr), cudaFree(acc), cudaFree(bad);
  return hbad ? 1e9 : sqrt(h[0] / h[1]);
}

static bool g_ab_cluster = false;
static int g_ab_config = 0;  // --ab-config C: ours with options.config C too (A/B)

// The device-to-device copy rate (bytes read + written per second), measured once: a 512 MiB
// cudaMemcpyAsync, median of 7. A GEMM that reads B from device memory takes at least B's bytes
// at that rate: the bound recorded per shape (ms_b_bound). (B of up to ~40 MB stays in the L2
// between the timed calls, which can beat it, unless --cold.)
static double g_copy_bps = 0;
static void measure_copy_rate() {
  const size_t bytes = (size_t)512 << 20;
  void *x, *y;
  CK(cudaMalloc(&x, bytes));
  CK(cudaMalloc(&y, bytes));
  CK(cudaMemset(x, 1, bytes));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::vector<float> t;
  for (int r = 0; r < 8; ++r) {
    CK(cudaEventRecord(e0));
    CK(cudaMemcpyAsync(y, x, bytes, cudaMemcpyDeviceToDevice));
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    if (r > 0) t.push_back(ms);
  }
  g_copy_bps = 2.0 * bytes / (median_of(t) * 1e-3);
  cudaEventDestroy(e0), cudaEventDestroy(e1);
  cudaFree(x), cudaFree(y);
}

template <typename T>
static void bench_one(FILE *csv, const Shape &s, int am, int bm, int dt, int reps, Lt &lt, cublasHandle_t hb,
                      std::vector<double> &ratios, const cutego_gemm_options_t *opt) {
  const int64_t M = s.m, N = s.n, K = s.k, L = s.l;
  float *f;
  T *a, *b, *d;
  // A, B and D of all L batches (compact, batch outermost)
  const int64_t ea = M * K * L, eb = N * K * L, ed = M * N * L;
  int64_t mx = std::max(ea, eb);
  CK(cudaMalloc(&f, mx * 4));
  CK(cudaMalloc(&a, ea * sizeof(T)));
  CK(cudaMalloc(&b, eb * sizeof(T)));
  CK(cudaMalloc(&d, ed * sizeof(T)));
  fill_normal<<<blocks_for(ea), 256>>>(f, ea, 17 + M);
  convert<T><<<blocks_for(ea), 256>>>(a, f, ea);
  fill_normal<<<blocks_for(eb), 256>>>(f, eb, 29 + N);
  convert<T><<<blocks_for(eb), 256>>>(b, f, eb);
  CK(cudaMemset(d, 0xFF, ed * sizeof(T)));
  const int64_t bl = L > 1 ? L : 0;  // rank 2 without a batch
  cute_layout_t la = layout3(M, K, bl, am == 0 ? K : 1, am == 0 ? 1 : M, L > 1 ? M * K : 0);
  cute_layout_t lb = layout3(N, K, bl, bm == 0 ? K : 1, bm == 0 ? 1 : N, L > 1 ? N * K : 0);
  cute_layout_t ld = layout3(M, N, bl, g_d_col ? 1 : N, g_d_col ? M : 1, L > 1 ? M * N : 0);
  cute_layout_t ldt = layout3(N, M, bl, g_d_col ? M : 1, g_d_col ? 1 : N, L > 1 ? M * N : 0);  // D^T
  // the result of batch i checked against the reference of batch i (the first and the last)
  auto check_batches = [&] {
    double r = 0;
    for (int64_t i : {(int64_t)0, L - 1}) {
      r = std::max(r, check<T>(a + i * M * K, b + i * N * K, d + i * M * N, M, N, K, am, bm, hb, g_d_col));
      if (L == 1) break;
    }
    return r;
  };
  // --cold: copies of A and B beside them (the same values), read in turn
  Rotation ops;
  ops.a.push_back(a), ops.b.push_back(b);
  const int copies = g_cold ? cold_copies((ea + eb) * sizeof(T)) : 1;
  for (int c = 1; c < copies; ++c) {
    T *ac, *bc;
    CK(cudaMalloc(&ac, ea * sizeof(T)));
    CK(cudaMalloc(&bc, eb * sizeof(T)));
    CK(cudaMemcpy(ac, a, ea * sizeof(T), cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy(bc, b, eb * sizeof(T), cudaMemcpyDeviceToDevice));
    ops.a.push_back(ac), ops.b.push_back(bc);
  }
  cutego_gemm_plan_t plan;
  memset(&plan, 0, sizeof plan);
  auto ours = [&] {
    const auto ab = ops.next();
    int rc = g_swap_ab ? cutego_gemm(d, &ldt, ab.second, &lb, ab.first, &la, nullptr, nullptr, dt, dt, 1.f, 0.f, g_stream,
                                     opt, &plan)
                       : cutego_gemm(d, &ld, ab.first, &la, ab.second, &lb, nullptr, nullptr, dt, dt, 1.f, 0.f, g_stream,
                                     opt, &plan);
    if (rc) {
      fprintf(stderr, "cutego_gemm: %s\n", last_kernel_error());
      exit(3);
    }
  };
  ours();
  CK(cudaDeviceSynchronize());
  double rel = check_batches();
  // Ours, GemmEx and cuBLASLt a repeat each in turn (time_interleaved); of each side the better of
  // its two medians is kept.
  cudaDataType ct = dt == CUTEGO_DTYPE_BF16 ? CUDA_R_16BF : CUDA_R_16F;
  // Big shapes take fewer repeats (a 16384x28672x8192 product runs ~10 ms).
  const double fl = 2.0 * M * N * K * L;
  reps = std::max(5, std::min(reps, (int)(4e13 / fl)));
  g_batch = std::max(1, std::min(20, (int)(2e11 / fl)));
  if (g_graph) g_batch = std::max(g_batch, copies);  // a graph holds every copy once
  Lt::Call lc;
  lt.prepare(lc, M, N, K, am, bm, ct, L);
  std::vector<std::function<void()>> sides{ours, gemmex_call(hb, ops, d, M, N, K, am, bm, ct, L)};
  if (lc.ok) sides.push_back([&] { lt.run(lc, ops, d, g_stream); });
  const auto t = time_interleaved(sides, reps, g_passes, g_stream, g_batch, g_graph);
  float t_ours = t[0].first, t_ours2 = t[0].second, t_gex1 = t[1].first, t_gex2 = t[1].second;
  float t_cub1 = lc.ok ? t[2].first : -1, t_cub2 = lc.ok ? t[2].second : -1;
  float t_nc = 0;
  if (g_ab_cluster) {
    cutego_gemm_options_t nc = *opt;
    nc.cluster_m = 1;
    nc.cluster_n = 0;
    auto ours_nc = [&] {
      const auto ab = ops.next();
      if (cutego_gemm(d, &ld, ab.first, &la, ab.second, &lb, nullptr, nullptr, dt, dt, 1.f, 0.f, g_stream, &nc, nullptr))
        exit(3);
    };
    const auto u = time_interleaved({ours_nc, ours}, reps, g_passes, g_stream, g_batch, g_graph);
    t_nc = std::min(u[0].first, u[0].second);
    t_ours2 = std::min(t_ours2, std::min(u[1].first, u[1].second));
  }
  float t_abc = 0;
  double rel_abc = 0;
  cutego_gemm_plan_t plan_abc;
  memset(&plan_abc, 0, sizeof plan_abc);
  if (g_ab_config > 0) {
    cutego_gemm_options_t oc = *opt;
    oc.config = g_ab_config;
    auto ours_c = [&] {
      const auto ab = ops.next();
      if (cutego_gemm(d, &ld, ab.first, &la, ab.second, &lb, nullptr, nullptr, dt, dt, 1.f, 0.f, g_stream, &oc, &plan_abc)) {
        fprintf(stderr, "cutego_gemm (config %d): %s\n", g_ab_config, last_kernel_error());
        exit(3);
      }
    };
    CK(cudaMemset(d, 0xFF, ed * sizeof(T)));
    ours_c();
    CK(cudaDeviceSynchronize());
    rel_abc = check_batches();
    const auto u = time_interleaved({ours_c, ours}, reps, g_passes, g_stream, g_batch, g_graph);
    t_abc = std::min(u[0].first, u[0].second);
    t_ours2 = std::min(t_ours2, std::min(u[1].first, u[1].second));
  }
  float t_best = std::min(t_ours, t_ours2);
  float t_lt = (t_cub1 > 0 && t_cub2 > 0) ? std::min(t_cub1, t_cub2) : std::max(t_cub1, t_cub2);
  float t_gex = std::min(t_gex1, t_gex2);
  float t_cub = t_lt > 0 ? std::min(t_lt, t_gex) : t_gex;  // the better of the two cuBLAS figures
  double tf_ours = fl / (t_best * 1e9), tf_cub = t_cub > 0 ? fl / (t_cub * 1e9) : 0;
  double ratio = tf_cub > 0 ? tf_ours / tf_cub : 0;
  const char *lname[2][2] = {{"TN", "TT"}, {"NN", "NT"}};
  const double ms_b_bound = g_copy_bps > 0 ? (double)eb * sizeof(T) / g_copy_bps * 1e3 : 0;
  if (L > 1) printf("%lld x ", (long long)L);
  printf("%-6s %-4s %s %6lld %6lld %6lld  ours %6.1f us %6.1f TF  Lt %6.1f us  GemmEx %6.1f us  ratio %.3f  B-bound %.1f us  rel %.1e  %s\n",
         s.set, dt == CUTEGO_DTYPE_BF16 ? "bf16" : "f16", lname[am][bm], (long long)M, (long long)N, (long long)K,
         t_best * 1e3, tf_ours, t_lt * 1e3, t_gex * 1e3, ratio, ms_b_bound * 1e3, rel, plan.reason);
  if (g_ab_cluster)
    printf("       without clusters %6.1f TFLOP/s: clusters %.3fx\n", fl / (t_nc * 1e9), t_nc / t_best);
  if (g_ab_config > 0)
    printf("       config %d: %6.1f us %6.1f TF (%.3fx ours as asked, ratio %.3f)  rel %.1e  %s\n", g_ab_config,
           t_abc * 1e3, fl / (t_abc * 1e9), t_best / t_abc, t_cub > 0 ? t_cub / t_abc : 0, rel_abc, plan_abc.reason);
  fprintf(csv, "%s,%s,%s,%lld,%lld,%lld,%.5f,%.5f,%.5f,%.5f,%.2f,%.2f,%.4f,%.2e,%s,%s,%d,%.4f,%.5f,%.5f,%d,%d,%.5f,%d,%d,%.5f,%.2e,%d,%d,%lld\n", s.set,
          dt == CUTEGO_DTYPE_BF16 ? "bf16" : "f16", lname[am][bm], (long long)M, (long long)N, (long long)K, t_ours,
          t_ours2, t_cub1, t_cub2, tf_ours, tf_cub, ratio, rel, cutego_gemm_path_name(plan.path),
          (plan.flags & CUTEGO_GEMM_F_D_TMA) ? "tma-store" : "direct", (int)plan.cluster_m, t_nc, t_gex1, t_gex2,
          (int)plan.config, (int)plan.split_k, ms_b_bound, (int)plan.decomposition, g_ab_config > 0 ? (int)plan_abc.config : -1,
          t_abc, rel_abc, (int)plan.cluster_n, g_cold ? copies : 0, (long long)L);
  fflush(csv);
  fflush(stdout);
  if (!g_no_verify && (rel > 1e-2 || rel_abc > 1e-2)) {
    printf("WRONG RESULT (rel %.2e, config %d: %.2e)\n", rel, g_ab_config, rel_abc);
    exit(4);
  }
  if (ratio > 0) ratios.push_back(ratio);
  for (size_t c = 1; c < ops.a.size(); ++c) cudaFree(const_cast<void *>(ops.a[c])), cudaFree(const_cast<void *>(ops.b[c]));
  cudaFree(f), cudaFree(a), cudaFree(b), cudaFree(d);
}

// Host time per call: the median of 200 calls, each timed on the host from an idle device (the
// call returns once its kernels are queued): plan + launch for ours (D column-major with --d-col),
// the call for cublasGemmEx.
static void host_overhead(Lt &lt, cublasHandle_t hb, const cutego_gemm_options_t *opt) {
  for (int64_t m : {16, 128, 1024}) {
    const int64_t n = 4096, k = 4096;
    __nv_bfloat16 *a, *b, *d;
    CK(cudaMalloc(&a, m * k * 2));
    CK(cudaMalloc(&b, n * k * 2));
    CK(cudaMalloc(&d, m * n * 2));
    CK(cudaMemset(a, 0, m * k * 2));
    CK(cudaMemset(b, 0, n * k * 2));
    cute_layout_t la = layout3(m, k, 0, k, 1, 0), lb = layout3(n, k, 0, k, 1, 0),
                  ld = layout3(m, n, 0, g_d_col ? 1 : n, g_d_col ? m : 1, 0);
    auto ours = [&] {
      if (cutego_gemm(d, &ld, a, &la, b, &lb, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1.f, 0.f,
                      nullptr, opt, nullptr)) {
        fprintf(stderr, "cutego_gemm: %s\n", last_kernel_error());
        exit(3);
      }
    };
    float alpha = 1, beta = 0;
    auto gex = [&] {
      CB(cublasGemmEx(hb, CUBLAS_OP_T, CUBLAS_OP_N, (int)n, (int)m, (int)k, &alpha, b, CUDA_R_16BF, (int)k, a,
                      CUDA_R_16BF, (int)k, &beta, d, CUDA_R_16BF, (int)n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    };
    auto host_us = [&](auto f) {
      for (int i = 0; i < 20; ++i) f();
      std::vector<float> v;
      for (int i = 0; i < 200; ++i) {
        CK(cudaDeviceSynchronize());
        auto t0 = std::chrono::steady_clock::now();
        f();
        auto t1 = std::chrono::steady_clock::now();
        v.push_back((float)std::chrono::duration<double, std::micro>(t1 - t0).count());
      }
      CK(cudaDeviceSynchronize());
      return median_of(v);
    };
    double ho = host_us(ours), hg = host_us(gex);
    printf("host %lldx%lldx%lld: cutego_gemm %.2f us/call, cublasGemmEx %.2f us/call\n", (long long)m, (long long)n,
           (long long)k, ho, hg);
    cudaFree(a), cudaFree(b), cudaFree(d);
  }
  (void)lt;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bench_gemm out.csv [--quick] [--dtype bf16|f16|both] [--layout TN|NN|NT|TT] [--reps N] [--group G] [--config C] [--direct-epilogue] [--only-m M] [--cluster C] [--cluster-n C] [--ab-cluster] [--ab-config C] [--sweep] [--min-m M] [--max-m M] [--set llm|square|odd] [--split-k S] [--decomposition D] [--pitch-pack P] [--max-ctas C] [--host] [--graph] [--cold] [--passes P] [--no-verify] [--d-store S] [--shape M,N,K[,L]]...\n");
    return 2;
  }
  bool quick = false, sweep = false, host = false;
  int reps = 15;
  int64_t only_m = 0, max_m = 0, min_m = 0;
  const char *dts = "both", *lay = "TN", *only_set = nullptr;
  cutego_gemm_options_t opt;
  memset(&opt, 0, sizeof opt);
  std::vector<Shape> given;
  for (int i = 2; i < argc; ++i) {
    long long gm, gn, gk, gl = 1;
    if (!strcmp(argv[i], "--shape") && i + 1 < argc) {
      const int got = sscanf(argv[++i], "%lld,%lld,%lld,%lld", &gm, &gn, &gk, &gl);
      if (got < 3 || gm < 1 || gn < 1 || gk < 1 || gl < 1) {
        fprintf(stderr, "bench_gemm: --shape wants M,N,K or M,N,K,L (positive), got %s\n", argv[i]);
        return 2;
      }
      given.push_back({gm, gn, gk, "shape", gl});
    } else if (!strcmp(argv[i], "--quick")) quick = true;
    else if (!strcmp(argv[i], "--sweep")) sweep = true;
    else if (!strcmp(argv[i], "--host")) host = true;
    else if (!strcmp(argv[i], "--graph")) g_graph = true;
    else if (!strcmp(argv[i], "--cold")) g_cold = true;
    else if (!strcmp(argv[i], "--no-verify")) g_no_verify = true;
    else if (!strcmp(argv[i], "--passes") && i + 1 < argc) g_passes = std::max(2, atoi(argv[++i]));
    else if (!strcmp(argv[i], "--max-m") && i + 1 < argc) max_m = atoll(argv[++i]);
    else if (!strcmp(argv[i], "--min-m") && i + 1 < argc) min_m = atoll(argv[++i]);
    else if (!strcmp(argv[i], "--set") && i + 1 < argc) only_set = argv[++i];
    else if (!strcmp(argv[i], "--split-k") && i + 1 < argc) opt.split_k = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--decomposition") && i + 1 < argc) opt.decomposition = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--pitch-pack") && i + 1 < argc) opt.pitch_pack = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--max-ctas") && i + 1 < argc) opt.max_ctas = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--dtype") && i + 1 < argc) dts = argv[++i];
    else if (!strcmp(argv[i], "--layout") && i + 1 < argc) lay = argv[++i];
    else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--group") && i + 1 < argc) opt.group_m = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--d-store") && i + 1 < argc) opt.d_store = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--d-col")) g_d_col = true;
    else if (!strcmp(argv[i], "--swap-ab")) g_swap_ab = true;
    else if (!strcmp(argv[i], "--config") && i + 1 < argc) opt.config = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--direct-epilogue")) opt.direct_epilogue = 1;
    else if (!strcmp(argv[i], "--only-m") && i + 1 < argc) only_m = atoll(argv[++i]);
    else if (!strcmp(argv[i], "--cluster") && i + 1 < argc) opt.cluster_m = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--cluster-n") && i + 1 < argc) opt.cluster_n = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--ab-cluster")) g_ab_cluster = true;
    else if (!strcmp(argv[i], "--ab-config") && i + 1 < argc) g_ab_config = atoi(argv[++i]);
  }
  int am = (lay[0] == 'N'), bm = (lay[1] == 'T');  // BLAS names for row-major D
  FILE *csv = fopen(argv[1], "w");
  if (!csv) return 2;
  fprintf(csv, "set,dtype,layout,m,n,k,ms_ours,ms_ours_again,ms_cublaslt,ms_cublaslt_again,tflops_ours,tflops_cublaslt,ratio,rel_err,path,epilogue,cluster_m,ms_ours_no_cluster,ms_gemmex,ms_gemmex_again,config,split_k,ms_b_bound,decomposition,ab_config,ms_ab_config,rel_ab_config,cluster_n,cold_copies,l\n");
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int drv = 0, clk = 0, mclk = 0;
  cudaDriverGetVersion(&drv);
  cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0);
  cudaDeviceGetAttribute(&mclk, cudaDevAttrMemoryClockRate, 0);
  printf("# %s, %d SMs, driver API %d, max SM clock %d MHz, memory clock %d MHz, reps %d (median), %d passes\n", prop.name,
         prop.multiProcessorCount, drv, clk / 1000, mclk / 1000, reps, g_passes);
  std::vector<Shape> shapes = given;
  if (!given.empty()) {
    // the shapes asked for, alone
  } else if (sweep) {
    const int64_t nk[][2] = {{4096, 4096},  {14336, 4096}, {4096, 14336}, {11008, 4096},
                             {4096, 11008}, {6144, 4096},  {28672, 8192}};
    for (auto &p : nk)
      for (int64_t m : {1, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384})
        shapes.push_back({m, p[0], p[1], "llm"});
    for (int64_t s = 256; s <= 16384; s *= 2) shapes.push_back({s, s, s, "square"});
    // off the 64-grid: primes, near-multiples, an odd N (no TMA store), odd K (A and B packed)
    const int64_t odd[][3] = {{1000, 1000, 1000}, {3000, 5000, 1000}, {4095, 4095, 4095}, {4097, 4097, 4097},
                              {8191, 8191, 8191}, {2039, 2053, 2027}, {1531, 12289, 4096}, {6007, 1021, 3008},
                              {4096, 4101, 4096}, {4096, 4096, 4100}, {333, 14336, 4096}, {100, 4096, 4100}};
    for (auto &o : odd) shapes.push_back({o[0], o[1], o[2], "odd"});
  } else {
    for (int64_t s : {1024, 2048, 4096, 6144, 8192, 12288, 16384})
      if (!quick || s == 4096 || s == 8192) shapes.push_back({s, s, s, "square"});
    if (!quick)
      for (int64_t m : {1024, 4096, 16384})
        for (int64_t n : {4096, 11008, 14336})
          for (int64_t k : {4096, 11008, 14336}) shapes.push_back({m, n, k, "llm"});
  }
  measure_copy_rate();
  printf("# device-to-device copy %.0f GB/s (read + write)%s\n", g_copy_bps / 1e9,
         g_cold ? "; --cold: A and B read from device memory by every call (CSV column cold_copies)" : "");
  Lt lt;
  cublasHandle_t hb;
  CB(cublasCreate(&hb));
  void *gex_ws, *our_ws;
  CK(cudaMalloc(&gex_ws, 32 << 20));
  CB(cublasSetWorkspace(hb, gex_ws, 32 << 20));
  if (g_graph) {  // capture needs a stream of its own (not the legacy default stream)
    CK(cudaStreamCreate(&g_stream));  // blocking: ordered after the legacy stream's fills and checks
    CB(cublasSetStream(hb, g_stream));
  }
  // ours gets a workspace as cuBLASLt does (split-K partial sums): no allocation per call
  CK(cudaMalloc(&our_ws, lt.wsz));
  opt.workspace = our_ws;
  opt.workspace_bytes = (int64_t)lt.wsz;
  if (host) {
    host_overhead(lt, hb, &opt);
    return 0;
  }
  for (int dt : {CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_F16}) {
    if (strcmp(dts, "both") && strcmp(dts, dt == CUTEGO_DTYPE_BF16 ? "bf16" : "f16")) continue;
    std::vector<double> ratios;
    for (auto &s : shapes) {
      if ((only_m && s.m != only_m) || (max_m && s.m > max_m) || s.m < min_m || (only_set && strcmp(only_set, s.set))) continue;
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

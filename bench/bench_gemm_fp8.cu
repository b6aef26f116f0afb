// bench_gemm_fp8.cu — cutego_gemm with FP8 e4m3 A and B (K-major, per-tensor scales, bf16 D)
// beside cuBLASLt's FP8 matmul (its best heuristic, 64 MiB workspace, the same scales, fast
// accumulation as ours: CUBLASLT_MATMUL_DESC_FAST_ACCUM) on the same device, in one process,
// interleaved a repeat at a time (ours, cuBLASLt, ours, ...: gemm_harness.h's time_interleaved) in
// two passes, the better median of each kept. CUDA events,
// random normal inputs rounded to e4m3, warm-up, median of repeats; TFLOP/s, the fraction of
// the H200's dense FP8 peak (1979 TFLOP/s at its 1980 MHz boost clock, NVIDIA's datasheet), and
// the ratio to cuBLASLt. Every timed shape is first checked, ours and cuBLASLt's result alike,
// against an fp32 reference (cuBLAS pedantic fp32) on the same e4m3 inputs.
//   bench_gemm_fp8 out.csv [--quick] [--reps N] [--accuracy] [--lt-promoted] [--promoted [--interval N]]
//                  [--blockscaled] [--shape M,N,K]... [--variants C:G:T[:D[:P]][,...] [--rounds N]]
// --promoted: ours with promoted accumulation (CUTEGO_GEMM_FP8_ACCUM_PROMOTED, 128x128 tiles,
// every N k-tiles, default 1) against cuBLASLt without fast accumulation (its promoted mode).
// --accuracy: the relative error of ours and of cuBLASLt (fast accumulation and not) against
// fp32 at K = 4096, 16384, 65536 (1024 x 1024 outputs, fp32 D), then exits.
// --lt-promoted: also times cuBLASLt without fast accumulation (informational).
// --blockscaled [--only M,N,K] [--bs-m M[,M...]]: DeepGEMM's shape table (M 64, 128, 4096, or those
// of --bs-m, x its six (N, K); --bs-unit-scales: every scale 1), block-scaled FP8 (cutego_gemm_blockscaled: SA (M, K/128) M-major as
// DeepGEMM's, SB (N/128, K/128) K-major)
// beside ours per tensor (fast, fast on 128x128 tiles, and promoted every k-tile), cuBLASLt per
// tensor (fast accumulation: the upper reference) and our bf16 (cutego_gemm, the same shapes),
// interleaved; the block-scaled result is checked against fp32 on the same inputs and scales first.
// --variants C:G:T[:D[:P]][,...]: per-tensor fast (bf16 D) with forced options beside cuBLASLt,
// each variant C cluster_m (0 automatic, 1 none, 2: 2x1 clusters sharing B where a configuration has
// them), G group_m (0: default), T the tile configuration (0 automatic, 1 128x256, 2 128x128), D the
// decomposition (0 or absent automatic, 1 data-parallel, 2 split K, 3 stream-K), P the pitch_pack
// option (0 or absent automatic, 1 on, 2 off: rows off the 128-byte grid read in place); a variant the
// planner refuses on a shape is skipped there. The shapes of --shape or the default
// table; alternating, one batch of each (every variant, then cuBLASLt: gemm_harness.h's
// time_interleaved) per repeat, max(9, reps) x `--rounds N` repeats, the median of each kept (the GPU's clock drifts
// with its power draw at FP8 rates: entries timed in blocks of repeats one after the other moved
// by up to 14% between identical ones); every variant's result checked against fp32 first;
// prints cuBLASLt's algorithm (cublasLtMatmulAlgoConfigGetAttribute: cublasLtMatmulTile_t,
// cublasLtMatmulStages_t, cublasLtClusterShape_t values, in its column-major terms) per shape.
// --shape M,N,K (repeatable): these shapes instead of the table.
#include <cublasLt.h>
#include <cuda_fp8.h>
#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include "../csrc/gemm/gemm_harness.h"

using namespace gh;


static const double kPeakFp8 = 1979.0;  // TFLOP/s, dense FP8, H200 SXM

static int g_batch = 1;  // runs per timed repeat (small problems: several back to back)


// cuBLASLt FP8: D (row-major M x N) = A (M x K, K-major) B (N x K, K-major)^T, i.e. column-major
// D^T (N x M) = B^T... as op(X) = T on B stored K x N and op(Y) = N on A stored K x M: the "TN"
// form cuBLASLt's FP8 kernels require. Scales: A's scale pointer is B's, and B's is A's.
struct LtFp8 {
  cublasLtHandle_t h;
  void *ws;
  size_t wsz = 64 << 20;
  LtFp8() {
    CL(cublasLtCreate(&h));
    CK(cudaMalloc(&ws, wsz));
  }
  struct Plan {
    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t la = nullptr, lb = nullptr, ld = nullptr;
    cublasLtMatmulHeuristicResult_t res[8];
    int n = 0, pick = -1;  // heuristic results, the first that runs
    bool ok = false;
  };
  Plan plan(int64_t M, int64_t N, int64_t K, cudaDataType dt, const float *sa, const float *sb, bool fast) {
    Plan p;
    CL(cublasLtMatmulDescCreate(&p.op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    cublasOperation_t ta = CUBLAS_OP_T, tb = CUBLAS_OP_N;
    CL(cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
    CL(cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
    CL(cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &sb, sizeof sb));
    CL(cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &sa, sizeof sa));
    int8_t f = fast ? 1 : 0;
    CL(cublasLtMatmulDescSetAttribute(p.op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &f, sizeof f));
    CL(cublasLtMatrixLayoutCreate(&p.la, CUDA_R_8F_E4M3, K, N, K));
    CL(cublasLtMatrixLayoutCreate(&p.lb, CUDA_R_8F_E4M3, K, M, K));
    CL(cublasLtMatrixLayoutCreate(&p.ld, dt, N, M, N));
    cublasLtMatmulPreference_t pref;
    CL(cublasLtMatmulPreferenceCreate(&pref));
    CL(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &wsz, sizeof wsz));
    cublasStatus_t st = cublasLtMatmulAlgoGetHeuristic(h, p.op, p.la, p.lb, p.ld, p.ld, pref, 8, p.res, &p.n);
    cublasLtMatmulPreferenceDestroy(pref);
    if (st != CUBLAS_STATUS_SUCCESS) p.n = 0;
    return p;
  }
  // The best heuristic that runs (in the heuristic's order); false when none does.
  bool probe(Plan &p, const void *a, const void *b, void *d) {
    float alpha = 1, beta = 0;
    for (int i = 0; i < p.n && p.pick < 0; ++i) {
      cublasStatus_t st = cublasLtMatmul(h, p.op, &alpha, b, p.la, a, p.lb, &beta, d, p.ld, d, p.ld, &p.res[i].algo,
                                         ws, wsz, nullptr);
      if (st == CUBLAS_STATUS_SUCCESS) p.pick = i;
      else fprintf(stderr, "cuBLASLt FP8 heuristic %d of %d: status %d\n", i, p.n, (int)st);
    }
    p.ok = p.pick >= 0;
    return p.ok;
  }
  void run(Plan &p, const void *a, const void *b, void *d) {
    float alpha = 1, beta = 0;
    CL(cublasLtMatmul(h, p.op, &alpha, b, p.la, a, p.lb, &beta, d, p.ld, d, p.ld, &p.res[p.pick].algo, ws, wsz,
                      nullptr));
  }
  static void done(Plan &p) {
    cublasLtMatrixLayoutDestroy(p.la), cublasLtMatrixLayoutDestroy(p.lb), cublasLtMatrixLayoutDestroy(p.ld);
    cublasLtMatmulDescDestroy(p.op);
  }
};

// The relative error (RMS over RMS) of D (row-major M x N of TO) against alpha * A B^T in fp32.
template <typename TO>
static double rel_err(const __nv_fp8_e4m3 *a, const __nv_fp8_e4m3 *b, const TO *d, int64_t M, int64_t N, int64_t K,
                      float alpha, cublasHandle_t hb) {
  float *ra, *rb, *rr;
  CK(cudaMalloc(&ra, M * K * 4));
  CK(cudaMalloc(&rb, N * K * 4));
  CK(cudaMalloc(&rr, M * N * 4));
  gather3<__nv_fp8_e4m3><<<blocks_for(M * K), 256>>>(ra, a, M, K, 1, K, 1, 0);
  gather3<__nv_fp8_e4m3><<<blocks_for(N * K), 256>>>(rb, b, N, K, 1, K, 1, 0);
  float zero = 0;
  CB(cublasGemmEx(hb, CUBLAS_OP_N, CUBLAS_OP_T, (int)M, (int)N, (int)K, &alpha, ra, CUDA_R_32F, (int)M, rb,
                  CUDA_R_32F, (int)N, &zero, rr, CUDA_R_32F, (int)M, CUBLAS_COMPUTE_32F_PEDANTIC, CUBLAS_GEMM_DEFAULT));
  unsigned long long hbad;
  const double rel = rel_error<TO>(d, N, 1, 0, rr, M, N, 1, &hbad);
  cudaFree(ra), cudaFree(rb), cudaFree(rr);
  return hbad ? 1e9 : rel;
}

struct Operands {
  __nv_fp8_e4m3 *a, *b;
  Operands(int64_t M, int64_t N, int64_t K) {
    float *f;
    CK(cudaMalloc(&f, std::max(M, N) * K * 4));
    CK(cudaMalloc(&a, M * K));
    CK(cudaMalloc(&b, N * K));
    fill_normal<<<blocks_for(M * K), 256>>>(f, M * K, 17 + M);
    convert<__nv_fp8_e4m3><<<blocks_for(M * K), 256>>>(a, f, M * K);
    fill_normal<<<blocks_for(N * K), 256>>>(f, N * K, 29 + N);
    convert<__nv_fp8_e4m3><<<blocks_for(N * K), 256>>>(b, f, N * K);
    CK(cudaDeviceSynchronize());
    cudaFree(f);
  }
  ~Operands() { cudaFree(a), cudaFree(b); }
};

// Block-scaled FP8 on DeepGEMM's shapes (bf16 D), beside ours per tensor (fast; promoted every
// k-tile), cuBLASLt per tensor (fast) and our bf16 GEMM. opt holds the per-tensor scales and the
// workspace.
// only: one shape (M, N, K) of the table, or all (M = 0). ms: the table's M (DeepGEMM's 64, 128
// and 4096 unless --bs-m gives others). unit_scales: every block scale 1 (--bs-unit-scales: a timing
// variant of the kernels that reads no scales still computes the right results).
static int bench_blockscaled(FILE *csv, const cutego_gemm_options_t &opt, LtFp8 &lt, cublasHandle_t hb, int reps,
                             const int64_t (&only)[3], const std::vector<int64_t> &ms, bool unit_scales) {
  const int64_t nk[6][2] = {{2112, 7168}, {24576, 1536}, {32768, 512}, {7168, 16384}, {4096, 7168}, {7168, 2048}};
  fprintf(csv, "m,n,k,ms_block,ms_fast,ms_promoted,ms_cublaslt,ms_bf16,tflops_block,tflops_fast,tflops_promoted,"
               "tflops_cublaslt,tflops_bf16,block_over_fast,block_over_cublaslt,rel_block,plan_block,ms_fast128,"
               "tflops_fast128,block_over_fast128,ms_block128,ms_block192,tflops_block128,tflops_block192,rel_block192\n");
  std::vector<double> over_fast, over_lt, over_f128, best_forced;
  std::map<int64_t, std::vector<double>> by_m;  // block over fast, per M
  double worst = 1e9;
  for (int64_t M : ms)
    for (auto &p : nk) {
      const int64_t N = p[0], K = p[1], KB = (K + 127) / 128, NB = (N + 127) / 128, MP = (M + 3) / 4 * 4;
      if (only[0] && (only[0] != M || only[1] != N || only[2] != K)) continue;
      Operands o(M, N, K);
      __nv_bfloat16 *d, *a16, *b16;
      float *sca, *scb, *f;
      CK(cudaMalloc(&d, M * N * 2));
      CK(cudaMalloc(&a16, M * K * 2));
      CK(cudaMalloc(&b16, N * K * 2));
      CK(cudaMalloc(&f, std::max(M, N) * K * 4));
      to_float<__nv_fp8_e4m3><<<blocks_for(M * K), 256>>>(f, o.a, M * K);
      convert<__nv_bfloat16><<<blocks_for(M * K), 256>>>(a16, f, M * K);
      to_float<__nv_fp8_e4m3><<<blocks_for(N * K), 256>>>(f, o.b, N * K);
      convert<__nv_bfloat16><<<blocks_for(N * K), 256>>>(b16, f, N * K);
      CK(cudaFree(f));
      CK(cudaMalloc(&sca, MP * KB * 4));
      CK(cudaMalloc(&scb, NB * KB * 4));
      fill_scales<<<blocks_for(MP * KB), 256>>>(sca, MP * KB, 101 + M);
      fill_scales<<<blocks_for(NB * KB), 256>>>(scb, NB * KB, 103 + N);
      if (unit_scales) {  // every scale 1 (--bs-unit-scales)
        const std::vector<float> ones(std::max(MP, NB) * KB, 1.f);
        CK(cudaMemcpy(sca, ones.data(), MP * KB * 4, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(scb, ones.data(), NB * KB * 4, cudaMemcpyHostToDevice));
      }
      cute_layout_t la = layout3(M, K, 0, K, 1, 0), lb = layout3(N, K, 0, K, 1, 0), ld = layout3(M, N, 0, N, 1, 0);
      cute_layout_t lsa = layout3(M, KB, 0, 1, MP, 0), lsb = layout3(NB, KB, 0, KB, 1, 0);
      cutego_gemm_options_t ob = opt, op = opt, o16 = opt, o128 = opt;
      o128.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;  // per tensor fast on the block-scaled kernel's tiles
      ob.scale_a = ob.scale_b = nullptr;
      // block-scaled on each of its configurations, whatever the planner picks (its cost model's data)
      cutego_gemm_options_t ob128 = ob, ob192 = ob;
      ob128.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
      ob192.config = CUTEGO_GEMM_CONFIG_128x192x128 + 1;
      op.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
      o16.scale_a = o16.scale_b = nullptr;
      cutego_gemm_plan_t plan;
      auto check = [](int rc, const char *what) {
        if (rc) {
          fprintf(stderr, "%s: %s\n", what, last_kernel_error());
          exit(3);
        }
      };
      auto block = [&] {
        check(cutego_gemm_blockscaled(d, &ld, o.a, &la, o.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16,
                                      sca, &lsa, scb, &lsb, 1.f, 0.f, nullptr, &ob, &plan),
              "cutego_gemm_blockscaled");
      };
      auto block128 = [&] {
        check(cutego_gemm_blockscaled(d, &ld, o.a, &la, o.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16,
                                      sca, &lsa, scb, &lsb, 1.f, 0.f, nullptr, &ob128, nullptr),
              "cutego_gemm_blockscaled 128x128");
      };
      auto block192 = [&] {
        check(cutego_gemm_blockscaled(d, &ld, o.a, &la, o.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16,
                                      sca, &lsa, scb, &lsb, 1.f, 0.f, nullptr, &ob192, nullptr),
              "cutego_gemm_blockscaled 128x192");
      };
      auto fast = [&] {
        check(cutego_gemm(d, &ld, o.a, &la, o.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f, 0.f,
                          nullptr, &opt, nullptr), "cutego_gemm fast");
      };
      auto fast128 = [&] {
        check(cutego_gemm(d, &ld, o.a, &la, o.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f, 0.f,
                          nullptr, &o128, nullptr), "cutego_gemm fast 128x128");
      };
      auto promoted = [&] {
        check(cutego_gemm(d, &ld, o.a, &la, o.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f, 0.f,
                          nullptr, &op, nullptr), "cutego_gemm promoted");
      };
      auto bf16 = [&] {
        check(cutego_gemm(d, &ld, a16, &la, b16, &lb, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1.f, 0.f,
                          nullptr, &o16, nullptr), "cutego_gemm bf16");
      };
      // the block-scaled result (automatic, then forced 128x192) against fp32 on the same inputs,
      // each scaled by its block's scale
      float *rr;
      CK(cudaMalloc(&rr, M * N * 4));
      {
        float *ra, *rb;
        CK(cudaMalloc(&ra, M * K * 4));
        CK(cudaMalloc(&rb, N * K * 4));
        gather3<__nv_fp8_e4m3><<<blocks_for(M * K), 256>>>(ra, o.a, M, K, 1, K, 1, 0);
        gather3<__nv_fp8_e4m3><<<blocks_for(N * K), 256>>>(rb, o.b, N, K, 1, K, 1, 0);
        apply_block_scales<<<blocks_for(M * K), 256>>>(ra, M, K, 1, 1, sca, 1, MP, 0);
        apply_block_scales<<<blocks_for(N * K), 256>>>(rb, N, K, 1, 128, scb, KB, 1, 0);
        float one = 1, zero = 0;
        CB(cublasGemmEx(hb, CUBLAS_OP_N, CUBLAS_OP_T, (int)M, (int)N, (int)K, &one, ra, CUDA_R_32F, (int)M, rb,
                        CUDA_R_32F, (int)N, &zero, rr, CUDA_R_32F, (int)M, CUBLAS_COMPUTE_32F_PEDANTIC,
                        CUBLAS_GEMM_DEFAULT));
        cudaFree(ra), cudaFree(rb);
      }
      auto rel_of = [&](const std::function<void()> &run) {
        CK(cudaMemset(d, 0xFF, M * N * 2));
        run();
        CK(cudaDeviceSynchronize());
        unsigned long long bad;
        const double r = rel_error<__nv_bfloat16>(d, N, 1, 0, rr, M, N, 1, &bad);
        return bad ? 1e9 : r;
      };
      const double rel = rel_of(block), rel192 = rel_of(block192);
      cudaFree(rr);
      LtFp8::Plan lp = lt.plan(M, N, K, CUDA_R_16BF, opt.scale_a, opt.scale_b, true);
      const bool lt_ok = lt.probe(lp, o.a, o.b, d);
      auto theirs = [&] { lt.run(lp, o.a, o.b, d); };
      const double fl = 2.0 * M * N * K;
      const int r = std::max(5, std::min(reps, (int)(4e13 / fl)));
      g_batch = std::max(1, std::min(20, (int)(2e11 / fl)));
      // every side a repeat at a time in turn, two passes; each side's better median
      std::vector<std::function<void()>> sides{block, block128, block192, fast, fast128, promoted, bf16};
      if (lt_ok) sides.push_back(theirs);
      const auto t = time_interleaved(sides, r, 2, nullptr, g_batch, false);
      auto best = [&](size_t i) { return std::min(t[i].first, t[i].second); };
      const float tb = best(0), tb128 = best(1), tb192 = best(2), tf = best(3), t128 = best(4), tp = best(5),
                  t16 = best(6), tl = lt_ok ? best(7) : 1e30f;
      LtFp8::done(lp);
      auto tfl = [&](float ms) { return ms < 1e29f ? fl / (ms * 1e9) : 0.0; };
      const double of = tf / tb, ol = lt_ok ? tl / tb : 0, o128r = t128 / tb;
      printf("%5lld %6lld %6lld  block %7.1f TF  fast %7.1f  promoted %7.1f  cuBLASLt %7.1f  bf16 %7.1f  "
             "block/fast %.3f  block/cuBLASLt %.3f  fast 128x128 %7.1f  block/it %.3f  rel %.1e  %s  "
             "block 128x128 %7.1f  128x192 %7.1f (rel %.1e)\n",
             (long long)M, (long long)N, (long long)K, tfl(tb), tfl(tf), tfl(tp), tfl(tl), tfl(t16), of, ol, tfl(t128),
             o128r, rel, plan.reason, tfl(tb128), tfl(tb192), rel192);
      fprintf(csv, "%lld,%lld,%lld,%.5f,%.5f,%.5f,%.5f,%.5f,%.1f,%.1f,%.1f,%.1f,%.1f,%.4f,%.4f,%.2e,\"%s\","
                   "%.5f,%.1f,%.4f,%.5f,%.5f,%.1f,%.1f,%.2e\n",
              (long long)M, (long long)N, (long long)K, tb, tf, tp, lt_ok ? tl : 0.f, t16, tfl(tb), tfl(tf), tfl(tp),
              tfl(tl), tfl(t16), of, ol, rel, plan.reason, t128, tfl(t128), o128r, tb128, tb192, tfl(tb128), tfl(tb192),
              rel192);
      fflush(csv);
      fflush(stdout);
      cudaFree(d), cudaFree(a16), cudaFree(b16), cudaFree(sca), cudaFree(scb);
      if (rel > 2e-2 || rel192 > 2e-2) {
        printf("WRONG RESULT (rel %.2e, 128x192 %.2e)\n", rel, rel192);
        return 4;
      }
      over_fast.push_back(of);
      by_m[M].push_back(of);
      best_forced.push_back(tf / std::min(tb128, tb192));
      over_f128.push_back(o128r);
      if (ol > 0) over_lt.push_back(ol);
      worst = std::min(worst, of);
    }
  auto gm = [](const std::vector<double> &v) {
    double lg = 0;
    for (double x : v) lg += log(x);
    return v.empty() ? 0 : exp(lg / v.size());
  };
  printf("== block-scaled e4m3 -> bf16 over %zu shapes: geomean %.3f of ours per tensor (fast), worst %.3f; %.3f of "
         "cuBLASLt per tensor (fast); %.3f of ours per tensor fast on 128x128 tiles\n",
         over_fast.size(), gm(over_fast), worst, gm(over_lt), gm(over_f128));
  for (auto &e : by_m) printf("== M = %lld: geomean %.3f of ours per tensor (fast)\n", (long long)e.first, gm(e.second));
  printf("== the faster of block-scaled 128x128 and 128x192 on each shape: geomean %.3f of fast\n", gm(best_forced));
  fclose(csv);
  return 0;
}

// cuBLASLt's algorithm for a plan, as cublasLtMatmulAlgoConfigGetAttribute reads it (enum values
// of cublasLt.h: cublasLtMatmulTile_t, cublasLtMatmulStages_t, cublasLtClusterShape_t).
static void print_lt_algo(const LtFp8::Plan &p) {
  if (p.pick < 0) return;
  const cublasLtMatmulAlgo_t *a = &p.res[p.pick].algo;
  auto get = [&](cublasLtMatmulAlgoConfigAttributes_t at) {  // (the attribute's own size, asked first)
    uint64_t v = 0;
    size_t w = 0;
    if (cublasLtMatmulAlgoConfigGetAttribute(a, at, nullptr, 0, &w) != CUBLAS_STATUS_SUCCESS || w > sizeof v)
      return -1ll;
    if (cublasLtMatmulAlgoConfigGetAttribute(a, at, &v, w, &w) != CUBLAS_STATUS_SUCCESS) return -1ll;
    return (long long)v;
  };
  printf("  cuBLASLt algo id %lld tile %lld stages %lld cluster %lld inner %lld swizzle %lld split_k %lld "
         "reduction %lld custom %lld (heuristic %d of %d)\n",
         get(CUBLASLT_ALGO_CONFIG_ID), get(CUBLASLT_ALGO_CONFIG_TILE_ID), get(CUBLASLT_ALGO_CONFIG_STAGES_ID),
         get(CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID), get(CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID),
         get(CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING), get(CUBLASLT_ALGO_CONFIG_SPLITK_NUM),
         get(CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME), get(CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION), p.pick, p.n);
}

struct Variant {
  int cluster_m, group_m, config, decomposition, pitch_pack;
  char name[32];  // as given: C:G:T, C:G:T:D or C:G:T:D:P
};

// Per-tensor fast e4m3 -> bf16 with each variant's forced options beside cuBLASLt (fast
// accumulation), interleaved in rounds on every shape.
static int bench_variants(FILE *csv, const cutego_gemm_options_t &opt, LtFp8 &lt, cublasHandle_t hb, int reps,
                          int rounds, const std::vector<Variant> &vs, const std::vector<std::array<int64_t, 3>> &shapes,
                          const float *scales) {
  fprintf(csv, "m,n,k,variant,cluster_m,group_m,config,decomposition,ms,ms_cublaslt,tflops,tflops_cublaslt,ratio,rel,"
               "plan_config,plan_cluster_m,plan_decomposition,reason\n");
  const size_t nv = vs.size();
  std::vector<std::vector<double>> ratios(nv);
  std::vector<double> r8192(nv, 0);
  for (auto &sh : shapes) {
    const int64_t M = sh[0], N = sh[1], K = sh[2];
    Operands o(M, N, K);
    __nv_bfloat16 *d;
    float *ra, *rb, *rr;
    CK(cudaMalloc(&d, M * N * 2));
    CK(cudaMalloc(&ra, M * K * 4));
    CK(cudaMalloc(&rb, N * K * 4));
    CK(cudaMalloc(&rr, M * N * 4));
    gather3<__nv_fp8_e4m3><<<blocks_for(M * K), 256>>>(ra, o.a, M, K, 1, K, 1, 0);
    gather3<__nv_fp8_e4m3><<<blocks_for(N * K), 256>>>(rb, o.b, N, K, 1, K, 1, 0);
    float one = 1, zero = 0;
    CB(cublasGemmEx(hb, CUBLAS_OP_N, CUBLAS_OP_T, (int)M, (int)N, (int)K, &one, ra, CUDA_R_32F, (int)M, rb, CUDA_R_32F,
                    (int)N, &zero, rr, CUDA_R_32F, (int)M, CUBLAS_COMPUTE_32F_PEDANTIC, CUBLAS_GEMM_DEFAULT));
    cudaFree(ra), cudaFree(rb);
    cute_layout_t la = layout3(M, K, 0, K, 1, 0), lb = layout3(N, K, 0, K, 1, 0), ld = layout3(M, N, 0, N, 1, 0);
    std::vector<cutego_gemm_options_t> ov(nv, opt);
    std::vector<cutego_gemm_plan_t> plans(nv);
    std::vector<double> rels(nv);
    std::vector<bool> ok(nv, true);
    for (size_t v = 0; v < nv; ++v) {
      ov[v].cluster_m = vs[v].cluster_m;
      ov[v].group_m = vs[v].group_m;
      ov[v].config = vs[v].config;
      ov[v].decomposition = vs[v].decomposition;
      ov[v].pitch_pack = vs[v].pitch_pack;
      CK(cudaMemset(d, 0xFF, M * N * 2));
      const int rc = cutego_gemm(d, &ld, o.a, &la, o.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f,
                                 0.f, nullptr, &ov[v], &plans[v]);
      if (rc == CUTEGO_KERNELS_EINVAL) {  // (clusters asked for where the tiles are 128x128): not timed
        ok[v] = false;
        printf("  variant %s refused: %s\n", vs[v].name, last_kernel_error());
        continue;
      }
      if (rc) {
        fprintf(stderr, "cutego_gemm variant %s: %s\n", vs[v].name, last_kernel_error());
        return 3;
      }
      CK(cudaDeviceSynchronize());
      unsigned long long bad;
      rels[v] = rel_error<__nv_bfloat16>(d, N, 1, 0, rr, M, N, 1, &bad);
      if (bad || rels[v] > 2e-2) {
        printf("WRONG RESULT %lld %lld %lld variant %s (rel %.2e, %llu bad)\n", (long long)M, (long long)N,
               (long long)K, vs[v].name, rels[v], bad);
        return 4;
      }
    }
    cudaFree(rr);
    LtFp8::Plan lp = lt.plan(M, N, K, CUDA_R_16BF, scales, scales + 64, true);
    const bool lt_ok = lt.probe(lp, o.a, o.b, d);
    const double fl = 2.0 * M * N * K;
    const int r = std::max(5, std::min(reps, (int)(4e13 / fl)));
    g_batch = std::max(1, std::min(20, (int)(2e11 / fl)));
    // Every entry (the variants that ran, then cuBLASLt) a repeat at a time in turn
    // (time_interleaved), so that each sees every moment of the power and clock drift alike; the
    // median of each (1e30 for an entry that did not run).
    auto call = [&](size_t i) {
      if (i == nv) lt.run(lp, o.a, o.b, d);
      else cutego_gemm(d, &ld, o.a, &la, o.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f, 0.f,
                       nullptr, &ov[i], nullptr);
    };
    std::vector<std::function<void()>> sides;
    std::vector<size_t> which;
    for (size_t i = 0; i <= nv; ++i)
      if (i == nv ? lt_ok : ok[i]) sides.push_back([&call, i] { call(i); }), which.push_back(i);
    const auto t = time_interleaved(sides, std::max(9, r) * rounds, 1, nullptr, g_batch, false);
    std::vector<float> med(nv + 1, 1e30f);
    for (size_t j = 0; j < which.size(); ++j) med[which[j]] = t[j].first;
    const float tl = med[nv];
    std::vector<float> tv(med.begin(), med.begin() + nv);
    printf("%6lld %6lld %6lld  cuBLASLt %8.1f us %7.1f TF\n", (long long)M, (long long)N, (long long)K, tl * 1e3,
           lt_ok ? fl / (tl * 1e9) : 0.0);
    print_lt_algo(lp);
    LtFp8::done(lp);
    for (size_t v = 0; v < nv; ++v) {
      if (!ok[v]) continue;
      const double tf = fl / (tv[v] * 1e9), ratio = lt_ok ? tl / tv[v] : 0;
      printf("  variant %-8s %8.1f us %7.1f TF  ratio %.3f  rel %.1e  %s\n", vs[v].name, tv[v] * 1e3, tf, ratio,
             rels[v], plans[v].reason);
      fprintf(csv, "%lld,%lld,%lld,%s,%d,%d,%d,%d,%.5f,%.5f,%.1f,%.1f,%.4f,%.2e,%d,%d,%d,\"%s\"\n", (long long)M,
              (long long)N, (long long)K, vs[v].name, vs[v].cluster_m, vs[v].group_m, vs[v].config,
              vs[v].decomposition, tv[v], lt_ok ? tl : 0.f, tf, lt_ok ? fl / (tl * 1e9) : 0.0, ratio, rels[v],
              (int)plans[v].config, (int)plans[v].cluster_m, (int)plans[v].decomposition, plans[v].reason);
      if (ratio > 0) ratios[v].push_back(ratio);
      if (M == 8192 && N == 8192 && K == 8192) r8192[v] = ratio;
    }
    fflush(csv);
    fflush(stdout);
    cudaFree(d);
  }
  for (size_t v = 0; v < nv; ++v) {
    double lg = 0;
    for (double x : ratios[v]) lg += log(x);
    printf("== variant %s: geometric mean ratio over %zu shapes %.3f; 8192^3 %.3f\n", vs[v].name, ratios[v].size(),
           ratios[v].empty() ? 0 : exp(lg / ratios[v].size()), r8192[v]);
  }
  fclose(csv);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bench_gemm_fp8 out.csv [--quick] [--reps N] [--accuracy] [--lt-promoted] [--promoted "
                    "[--interval N]] [--blockscaled [--only M,N,K] [--bs-m M,...] [--bs-unit-scales]] [--shape M,N,K]... [--variants C:G:T[:D[:P]][,...] [--rounds N]]\n");
    return 2;
  }
  bool quick = false, accuracy = false, lt_promoted = false, promoted = false, blockscaled = false;
  int interval = 0;
  int reps = 15, rounds = 2;
  std::vector<Variant> variants;
  std::vector<std::array<int64_t, 3>> only;
  int64_t bs_only[3] = {0, 0, 0};  // --blockscaled --only M,N,K: that shape of the table only
  std::vector<int64_t> bs_m{64, 128, 4096};  // --blockscaled --bs-m M[,M...]: the table's M
  bool bs_unit = false;                      // --blockscaled --bs-unit-scales
  for (int i = 2; i < argc; ++i) {
    if (!strcmp(argv[i], "--quick")) quick = true;
    else if (!strcmp(argv[i], "--accuracy")) accuracy = true;
    else if (!strcmp(argv[i], "--lt-promoted")) lt_promoted = true;
    else if (!strcmp(argv[i], "--promoted")) promoted = true;
    else if (!strcmp(argv[i], "--blockscaled")) blockscaled = true;
    else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
      if (sscanf(argv[++i], "%lld,%lld,%lld", (long long *)&bs_only[0], (long long *)&bs_only[1], (long long *)&bs_only[2]) != 3) {
        fprintf(stderr, "--only M,N,K: %s\n", argv[i]);
        return 2;
      }
    }
    else if (!strcmp(argv[i], "--bs-unit-scales")) bs_unit = true;
    else if (!strcmp(argv[i], "--bs-m") && i + 1 < argc) {
      bs_m.clear();
      for (const char *c = argv[++i]; *c;) {
        char *end;
        const long long m = strtoll(c, &end, 10);
        if (end == c || m < 1 || (*end && *end != ',')) {
          fprintf(stderr, "--bs-m M[,M...]: %s\n", argv[i]);
          return 2;
        }
        bs_m.push_back(m);
        c = *end ? end + 1 : end;
      }
    }
    else if (!strcmp(argv[i], "--interval") && i + 1 < argc) interval = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = std::max(1, atoi(argv[++i]));
    else if (!strcmp(argv[i], "--shape") && i + 1 < argc) {
      long long m, n, k;
      if (sscanf(argv[++i], "%lld,%lld,%lld", &m, &n, &k) != 3 || m < 1 || n < 1 || k < 1) {
        fprintf(stderr, "--shape M,N,K: %s\n", argv[i]);
        return 2;
      }
      only.push_back({m, n, k});
    } else if (!strcmp(argv[i], "--variants") && i + 1 < argc) {
      for (const char *c = argv[++i]; *c;) {
        Variant v = {};
        int used = 0, more = 0, pp = 0;
        if (sscanf(c, "%d:%d:%d%n", &v.cluster_m, &v.group_m, &v.config, &used) != 3 ||
            (c[used] == ':' && sscanf(c + used, ":%d%n", &v.decomposition, &more) != 1) ||
            (c[used] == ':' && c[used + more] == ':' && sscanf(c + used + more, ":%d%n", &v.pitch_pack, &pp) != 1)) {
          fprintf(stderr, "--variants C:G:T[:D[:P]][,...]: %s\n", c);
          return 2;
        }
        more += pp;
        snprintf(v.name, sizeof v.name, "%.*s", used + more, c);
        variants.push_back(v);
        c += used + more;
        if (*c == ',') ++c;
      }
    } else {
      fprintf(stderr, "unknown option %s\n", argv[i]);
      return 2;
    }
  }
  FILE *csv = fopen(argv[1], "w");
  if (!csv) return 2;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int clk = 0;
  cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0);
  printf("# %s, %d SMs, max SM clock %d MHz, reps %d (median); FP8 peak %.0f TFLOP/s\n", prop.name,
         prop.multiProcessorCount, clk / 1000, reps, kPeakFp8);
  LtFp8 lt;
  cublasHandle_t hb;
  CB(cublasCreate(&hb));
  float *scales;  // scale_a = 0.5 at scales[0], scale_b = 2 at scales[64] (256 bytes apart): the
                  // product is 1, both libraries read them
  CK(cudaMalloc(&scales, 512));
  const float sa = 0.5f, sb = 2.f;
  CK(cudaMemcpy(scales, &sa, 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(scales + 64, &sb, 4, cudaMemcpyHostToDevice));
  cutego_gemm_options_t opt;
  memset(&opt, 0, sizeof opt);
  opt.scale_a = scales;
  opt.scale_b = scales + 64;
  void *our_ws;
  CK(cudaMalloc(&our_ws, lt.wsz));
  opt.workspace = our_ws;
  opt.workspace_bytes = (int64_t)lt.wsz;
  if (promoted) {
    opt.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
    opt.fp8_promotion_interval = interval;
  }

  if (accuracy) {
    fprintf(csv, "k,rel_ours_fast,rel_ours_promoted,rel_ours_promoted_every_4,rel_cublaslt_fast,rel_cublaslt_promoted\n");
    for (int64_t K : {4096, 16384, 65536}) {
      const int64_t M = 1024, N = 1024;
      Operands o(M, N, K);
      float *d;
      CK(cudaMalloc(&d, M * N * 4));
      cute_layout_t la = layout3(M, K, 0, K, 1, 0), lb = layout3(N, K, 0, K, 1, 0), ld = layout3(M, N, 0, N, 1, 0);
      double r_ours[3];
      for (int pr = 0; pr < 3; ++pr) {  // fast, promoted every k-tile, every 4
        cutego_gemm_options_t oo = opt;
        oo.fp8_accumulation = pr ? CUTEGO_GEMM_FP8_ACCUM_PROMOTED : CUTEGO_GEMM_FP8_ACCUM_FAST;
        oo.fp8_promotion_interval = pr == 2 ? 4 : 0;
        if (cutego_gemm(d, &ld, o.a, &la, o.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_F32, 1.f, 0.f,
                        nullptr, &oo, nullptr)) {
          fprintf(stderr, "cutego_gemm: %s\n", last_kernel_error());
          return 3;
        }
        CK(cudaDeviceSynchronize());
        r_ours[pr] = rel_err<float>(o.a, o.b, d, M, N, K, 1.f, hb);
      }
      double r_lt[2] = {-1, -1};
      for (int fast = 1; fast >= 0; --fast) {
        LtFp8::Plan p = lt.plan(M, N, K, CUDA_R_32F, scales, scales + 64, fast);
        if (lt.probe(p, o.a, o.b, d)) {
          CK(cudaDeviceSynchronize());
          r_lt[1 - fast] = rel_err<float>(o.a, o.b, d, M, N, K, 1.f, hb);
        }
        LtFp8::done(p);
      }
      printf("accuracy K=%-6lld fp32 D: ours fast %.2e  promoted %.2e  promoted every 4 %.2e  cuBLASLt fast %.2e  "
             "cuBLASLt promoted %.2e\n", (long long)K, r_ours[0], r_ours[1], r_ours[2], r_lt[0], r_lt[1]);
      fprintf(csv, "%lld,%.3e,%.3e,%.3e,%.3e,%.3e\n", (long long)K, r_ours[0], r_ours[1], r_ours[2], r_lt[0], r_lt[1]);
      cudaFree(d);
    }
    fclose(csv);
    return 0;
  }

  if (blockscaled) return bench_blockscaled(csv, opt, lt, hb, reps, bs_only, bs_m, bs_unit);
  if (!variants.empty()) {
    if (only.empty()) {
      for (int64_t s : {1024, 2048, 4096, 6144, 8192, 12288, 16384})
        if (!quick || s == 4096 || s == 8192) only.push_back({s, s, s});
      if (!quick)
        for (int64_t m : {1024, 4096, 16384})
          for (int64_t n : {4096, 11008, 14336})
            for (int64_t k : {4096, 11008, 14336}) only.push_back({m, n, k});
    }
    return bench_variants(csv, opt, lt, hb, reps, rounds, variants, only, scales);
  }

  struct Shape {
    int64_t m, n, k;
    const char *set;
  };
  std::vector<Shape> shapes;
  for (auto &sh : only) shapes.push_back({sh[0], sh[1], sh[2], "shape"});
  for (int64_t s : {1024, 2048, 4096, 6144, 8192, 12288, 16384})
    if (only.empty() && (!quick || s == 4096 || s == 8192)) shapes.push_back({s, s, s, "square"});
  if (!quick && only.empty())
    for (int64_t m : {1024, 4096, 16384})
      for (int64_t n : {4096, 11008, 14336})
        for (int64_t k : {4096, 11008, 14336}) shapes.push_back({m, n, k, "llm"});
  fprintf(csv, "set,m,n,k,ms_ours,ms_ours_again,ms_cublaslt,ms_cublaslt_again,ms_cublaslt_promoted,tflops_ours,"
               "tflops_cublaslt,peak_fraction_ours,peak_fraction_cublaslt,ratio,rel_ours,rel_cublaslt,config,split_k\n");
  std::vector<double> ratios;
  double r8192 = 0;
  for (auto &s : shapes) {
    const int64_t M = s.m, N = s.n, K = s.k;
    Operands o(M, N, K);
    __nv_bfloat16 *d;
    CK(cudaMalloc(&d, M * N * 2));
    CK(cudaMemset(d, 0xFF, M * N * 2));
    cute_layout_t la = layout3(M, K, 0, K, 1, 0), lb = layout3(N, K, 0, K, 1, 0), ld = layout3(M, N, 0, N, 1, 0);
    cutego_gemm_plan_t plan;
    memset(&plan, 0, sizeof plan);
    auto ours = [&] {
      if (cutego_gemm(d, &ld, o.a, &la, o.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f, 0.f,
                      nullptr, &opt, &plan)) {
        fprintf(stderr, "cutego_gemm: %s\n", last_kernel_error());
        exit(3);
      }
    };
    ours();
    CK(cudaDeviceSynchronize());
    const double rel = rel_err<__nv_bfloat16>(o.a, o.b, d, M, N, K, 1.f, hb);
    LtFp8::Plan p = lt.plan(M, N, K, CUDA_R_16BF, scales, scales + 64, !promoted);
    double rel_lt = -1;
    CK(cudaMemset(d, 0xFF, M * N * 2));
    if (lt.probe(p, o.a, o.b, d)) {
      CK(cudaDeviceSynchronize());
      rel_lt = rel_err<__nv_bfloat16>(o.a, o.b, d, M, N, K, 1.f, hb);
    }
    auto theirs = [&] { lt.run(p, o.a, o.b, d); };
    const double fl = 2.0 * M * N * K;
    const int r = std::max(5, std::min(reps, (int)(4e13 / fl)));
    g_batch = std::max(1, std::min(20, (int)(2e11 / fl)));
    // ours and cuBLASLt (and its promoted mode where asked) a repeat at a time in turn, two passes
    LtFp8::Plan q;
    const bool q_ok = lt_promoted && (q = lt.plan(M, N, K, CUDA_R_16BF, scales, scales + 64, false), lt.probe(q, o.a, o.b, d));
    std::vector<std::function<void()>> sides{ours};
    if (p.ok) sides.push_back(theirs);
    if (q_ok) sides.push_back([&] { lt.run(q, o.a, o.b, d); });
    const auto tt = time_interleaved(sides, r, 2, nullptr, g_batch, false);
    const float t1 = tt[0].first, t2 = tt[0].second, l1 = p.ok ? tt[1].first : 0, l2 = p.ok ? tt[1].second : 0;
    const float t = std::min(t1, t2), l = std::min(l1, l2),
                lp = q_ok ? std::min(tt[p.ok ? 2 : 1].first, tt[p.ok ? 2 : 1].second) : 0;
    if (lt_promoted) LtFp8::done(q);
    LtFp8::done(p);
    const double tf = fl / (t * 1e9), tl = l > 0 ? fl / (l * 1e9) : 0, ratio = tl > 0 ? tf / tl : 0;
    printf("%-6s %6lld %6lld %6lld  ours %8.1f us %7.1f TF (%.2f of peak)  cuBLASLt %8.1f us %7.1f TF (%.2f)  ratio "
           "%.3f  rel %.1e / %.1e  %s\n",
           s.set, (long long)M, (long long)N, (long long)K, t * 1e3, tf, tf / kPeakFp8, l * 1e3, tl, tl / kPeakFp8, ratio,
           rel, rel_lt, plan.reason);
    fprintf(csv, "%s,%lld,%lld,%lld,%.5f,%.5f,%.5f,%.5f,%.5f,%.1f,%.1f,%.4f,%.4f,%.4f,%.2e,%.2e,%d,%d\n", s.set,
            (long long)M, (long long)N, (long long)K, t1, t2, l1, l2, lp, tf, tl, tf / kPeakFp8, tl / kPeakFp8, ratio,
            rel, rel_lt, (int)plan.config, (int)plan.split_k);
    fflush(csv);
    fflush(stdout);
    if (rel > 2e-2) {
      printf("WRONG RESULT (rel %.2e)\n", rel);
      return 4;
    }
    if (ratio > 0) ratios.push_back(ratio);
    if (M == 8192 && N == 8192 && K == 8192) r8192 = ratio;
    cudaFree(d);
  }
  double lg = 0;
  for (double x : ratios) lg += log(x);
  printf("== e4m3 -> bf16 TN%s: geometric mean ratio over %zu shapes: %.3f; 8192^3: %.3f\n",
         promoted ? ", promoted accumulation (cuBLASLt without fast accumulation)" : "", ratios.size(),
         ratios.empty() ? 0 : exp(lg / ratios.size()), r8192);
  fclose(csv);
  return 0;
}

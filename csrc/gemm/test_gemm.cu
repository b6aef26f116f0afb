// test_gemm.cu — cutego_gemm on the H200 against an fp32 reference (cuBLAS, pedantic fp32
// compute on the same bf16/fp16-rounded inputs), over a test matrix of every major
// order, dtype and epilogue; squares 64..16384; odd sizes; K up to 65536; batches (strided and
// broadcast); hierarchical layouts and misaligned strides (generic path); bad arguments; what
// cutego_gemm remembers between calls (other buffers, alignment, stream).
// Fresh random normal inputs per case, output poisoned (NaN) before each run.
//   test_gemm [--quick] [--filter SUBSTR[,SUBSTR...]]  (the filter "bad-args" runs the refusals, "remembered" the memo checks)
#include <cmath>
#include "gemm_harness.h"



using namespace gh;

struct Case {
  const char *name;
  int64_t m, n, k, l;
  int am, bm;  // 0 K-major, 1 MN-major
  int ab, cd;  // CUTEGO_DTYPE_*
  float alpha, beta;
  int force;   // 0 auto, else CUTEGO_GEMM_PATH_*
  int expect;  // expected path
  int pad;     // extra elements on the non-unit stride (misalignment when odd)
  int bcast_b; // B broadcast over the batch (stride 0)
  int hier;    // A's M mode split hierarchically into (2, M/2) with a permuted order (generic)
  int direct;  // write D with direct stores (no TMA-store epilogue)
  int nopack;  // never pack A/B into a workspace (generic path where no tensor map reads them)
  int hier_d;  // D's M mode split hierarchically into (2, M/2) (D computed in a workspace, copied)
  int cluster; // 0 the planner's choice, 1 no clusters, 2 2x1 clusters sharing B (checked); -C the planner's
               // choice, which must be C (checked)
  int split;   // 0 the cost model's choice, 1 none, S > 1 K in S slices (checked); -1 the model's, which must split;
               // -2 the model's, which must not split
  int config;  // 0 the planner's choice; C > 0 configuration C - 1 asked for; -C the planner must take C - 1 (checked)
  int decomp;  // 0 the cost models' choice; D > 0 CUTEGO_GEMM_DECOMPOSITION_* D asked for (checked); -D the model
               // must take D (checked). Stream-K: a second call must give the same bits (deterministic fixup).
  int pitch;   // options.pitch_pack (CUTEGO_GEMM_PITCH_PACK_*)
  int packs;   // 0 unchecked; else 1 + the CUTEGO_GEMM_F_PACK_A/B bits the plan must have (checked)
  int cluster_n; // 0 unchecked; 2: 1x2 clusters sharing A asked for (checked)
  int max_ctas;  // options.max_ctas (0: one CTA per SM): few CTAs, many tiles each
  int d_store;   // options.d_store; CUTEGO_GEMM_D_STORE_STREAM: the plan must have CUTEGO_GEMM_F_D_STREAM (checked)
  int dm;        // 0: D and C row-major; 1: column-major (M unit stride), stored through the transposed TMA
                 // epilogue (CUTEGO_GEMM_F_D_TMA_T, checked); 2: column-major, stored directly (checked); 3:
                 // column-major, unchecked (split K: the plan returned is the slices', into fp32); 4:
                 // column-major, computed as D^T = B A^T (CUTEGO_GEMM_F_SWAP_AB, checked; 1 and 2 check
                 // that it is not); 5: row-major, computed as D^T = B A^T with D^T stored through the
                 // transposed epilogue (both checked)
  int rows;      // 0 unchecked; 1: A and B read in place by 8-byte cp.async pieces (CUTEGO_GEMM_F_ROWS, checked);
                 // 2: by 4-byte pieces (CUTEGO_GEMM_F_ROWS_4 too); -1: not
  int poison_ws; // a caller's workspace (options.workspace, 64 MiB) filled with 0xFF bytes (a NaN in every
                 // 16-bit element) first: whatever a kernel reads of it that the call did not write shows
};

static int g_fail = 0, g_run = 0;

// ((2, e0/2), e1, e2):((s0 * e0/2, s0), s1, s2): rows m of the view at (m % 2) * e0/2 + m / 2.
static cute_layout_t split_rows(int64_t e0, int64_t e1, int64_t e2, int64_t s0, int64_t s1, int64_t s2) {
  cute_layout_t l;
  memset(&l, 0, sizeof l);
  int64_t h2 = e0 / 2;
  l.leaves = 4;
  l.shape[0] = 2, l.stride[0] = s0 * h2;
  l.shape[1] = h2, l.stride[1] = s0;
  l.shape[2] = e1, l.stride[2] = s1;
  l.shape[3] = e2, l.stride[3] = s2;
  int8_t nest[] = {CUTE_NEST_OPEN, CUTE_NEST_OPEN, CUTE_NEST_LEAF, CUTE_NEST_LEAF, CUTE_NEST_CLOSE,
                   CUTE_NEST_LEAF, CUTE_NEST_LEAF, CUTE_NEST_CLOSE};
  memcpy(l.nest, nest, sizeof nest);
  l.ntokens = sizeof nest;
  return l;
}

static double tol_of(int cd, int64_t k) {
  (void)k;
  return cd == CUTEGO_DTYPE_F32 ? 1e-4 : cd == CUTEGO_DTYPE_F16 ? 2e-3 : 8e-3;
}

template <typename TI, typename TO>
static void run_case(const Case &c, cublasHandle_t h, uint64_t seed) {
  ++g_run;
  const int64_t M = c.m, N = c.n, K = c.k, L = c.l;
  // A: (M,K,L). K-major: strides (K+pad, 1, M*(K+pad)); M-major: (1, M+pad, (M+pad)*K).
  int64_t lda = c.am == 0 ? K + c.pad : M + c.pad;
  int64_t a_s0 = c.am == 0 ? lda : 1, a_s1 = c.am == 0 ? 1 : lda, a_s2 = c.am == 0 ? M * lda : lda * K;
  int64_t ldb = c.bm == 0 ? K + c.pad : N + c.pad;
  int64_t b_s0 = c.bm == 0 ? ldb : 1, b_s1 = c.bm == 0 ? 1 : ldb, b_s2 = c.bm == 0 ? N * ldb : ldb * K;
  int64_t b_l = c.bcast_b ? 1 : L;
  // D, C: row-major (M,N,L):(N,1,M*N), or column-major (M,N,L):(1,M,M*N)
  const bool col = c.dm != 0 && c.dm != 5;
  int64_t d_s0 = col ? 1 : N, d_s1 = col ? M : 1, d_s2 = M * N;
  int64_t na = a_s2 * L, nb = b_s2 * b_l, nd = M * N * L;
  float *fa, *fb, *fc, *ra, *rb, *rref;
  TI *a, *b;
  TO *d, *cc;
  CK(cudaMalloc(&fa, na * 4));
  CK(cudaMalloc(&fb, nb * 4));
  CK(cudaMalloc(&fc, nd * 4));
  CK(cudaMalloc(&a, na * sizeof(TI)));
  CK(cudaMalloc(&b, nb * sizeof(TI)));
  CK(cudaMalloc(&d, nd * sizeof(TO)));
  CK(cudaMalloc(&cc, nd * sizeof(TO)));
  fill_normal<<<blocks_for(na), 256>>>(fa, na, seed);
  fill_normal<<<blocks_for(nb), 256>>>(fb, nb, seed * 7 + 1);
  fill_normal<<<blocks_for(nd), 256>>>(fc, nd, seed * 13 + 5);
  convert<TI><<<blocks_for(na), 256>>>(a, fa, na);
  convert<TI><<<blocks_for(nb), 256>>>(b, fb, nb);
  convert<TO><<<blocks_for(nd), 256>>>(cc, fc, nd);
  CK(cudaMemset(d, 0xFF, nd * sizeof(TO)));  // NaN poison
  // Reference operands in canonical fp32: Ar (M,K,L) col-major, Br (N,K,L) col-major, Cr (M,N,L).
  CK(cudaMalloc(&ra, M * K * L * 4));
  CK(cudaMalloc(&rb, N * K * L * 4));
  CK(cudaMalloc(&rref, M * N * L * 4));
  gather3<TI><<<blocks_for(M * K * L), 256>>>(ra, a, M, K, L, a_s0, a_s1, a_s2);
  gather3<TI><<<blocks_for(N * K * L), 256>>>(rb, b, N, K, L, b_s0, b_s1, c.bcast_b ? 0 : b_s2);
  gather3<TO><<<blocks_for(nd), 256>>>(rref, cc, M, N, L, d_s0, d_s1, d_s2);
  if (c.hier) {
    // A hierarchical A (below) reads row m of the view from row (m % 2) * M/2 + m / 2: the
    // reference's A rows are permuted alike (C is read in the view's order, unpermuted).
    std::vector<float> r(M * K * L), r2(M * K * L);
    CK(cudaMemcpy(r.data(), ra, r.size() * 4, cudaMemcpyDeviceToHost));
    const int64_t h2 = M / 2;
    for (int64_t z = 0; z < L; ++z)
      for (int64_t k = 0; k < K; ++k)
        for (int64_t m = 0; m < M; ++m) r2[z * M * K + k * M + m] = r[z * M * K + k * M + (m % 2) * h2 + m / 2];
    CK(cudaMemcpy(ra, r2.data(), r2.size() * 4, cudaMemcpyHostToDevice));
  }
  // ref = alpha * Ar * Br^T + beta * Cr  (column-major, per batch)
  float al = c.alpha, be = c.beta;
  CB(cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_T, (int)M, (int)N, (int)K, &al, ra, CUDA_R_32F, (int)M,
                                M * K, rb, CUDA_R_32F, (int)N, N * K, &be, rref, CUDA_R_32F, (int)M, M * N, (int)L,
                                CUBLAS_COMPUTE_32F_PEDANTIC, CUBLAS_GEMM_DEFAULT));
  cute_layout_t la, lb, lc, ld;
  // A hierarchical A or D: the M mode as (2, M/2):(s0 * M/2, s0), the same rows permuted:
  // row m of the view is row (m % 2) * M/2 + m / 2 (the reference's rows are permuted below).
  la = c.hier ? split_rows(M, K, L, a_s0, a_s1, a_s2) : layout3(M, K, L, a_s0, a_s1, a_s2);
  lb = layout3(N, K, L, b_s0, b_s1, c.bcast_b ? 0 : b_s2);
  lc = layout3(M, N, L, d_s0, d_s1, d_s2);
  ld = c.hier_d ? split_rows(M, N, L, d_s0, d_s1, d_s2) : lc;
  cutego_gemm_options_t opt;
  memset(&opt, 0, sizeof opt);
  opt.force_path = c.force;
  opt.direct_epilogue = c.direct;
  opt.no_pack = c.nopack;
  opt.cluster_m = c.cluster > 0 ? c.cluster : 0;
  opt.cluster_n = c.cluster_n;
  opt.split_k = c.split > 0 ? c.split : 0;
  opt.config = c.config > 0 ? c.config : 0;
  opt.decomposition = c.decomp > 0 ? c.decomp : 0;
  opt.pitch_pack = c.pitch;
  opt.max_ctas = c.max_ctas;
  opt.d_store = c.d_store;
  void *ws = nullptr;
  if (c.poison_ws) {
    opt.workspace_bytes = int64_t(64) << 20;
    CK(cudaMalloc(&ws, opt.workspace_bytes));
    CK(cudaMemset(ws, 0xFF, opt.workspace_bytes));
    opt.workspace = ws;
  }
  cutego_gemm_plan_t plan;
  memset(&plan, 0, sizeof plan);
  int rc = cutego_gemm(d, &ld, a, &la, b, &lb, cc, &lc, c.ab, c.cd, c.alpha, c.beta, nullptr, &opt, &plan);
  CK(cudaDeviceSynchronize());
  if (ws) CK(cudaFree(ws));
  if (rc != CUTEGO_KERNELS_OK) {
    printf("FAIL %-34s rc=%d %s\n", c.name, rc, last_kernel_error());
    ++g_fail;
  } else {
    double *acc;
    unsigned long long *bad;
    CK(cudaMalloc(&acc, 16));
    CK(cudaMalloc(&bad, 8));
    CK(cudaMemset(acc, 0, 16));
    CK(cudaMemset(bad, 0, 8));
    if (c.hier_d) {
      // stored row r holds logical row r < M/2 ? 2r : 2(r - M/2) + 1
      std::vector<float> r(M * N * L), r2(M * N * L);
      CK(cudaMemcpy(r.data(), rref, r.size() * 4, cudaMemcpyDeviceToHost));
      int64_t h2 = M / 2;
      for (int64_t z = 0; z < L; ++z)
        for (int64_t n = 0; n < N; ++n)
          for (int64_t row = 0; row < M; ++row)
            r2[z * M * N + n * M + row] = r[z * M * N + n * M + (row < h2 ? 2 * row : 2 * (row - h2) + 1)];
      CK(cudaMemcpy(rref, r2.data(), r2.size() * 4, cudaMemcpyHostToDevice));
    }
    compare<TO><<<blocks_for(nd), 256>>>(d, d_s0, d_s1, d_s2, rref, M, N, L, acc, bad);
    double hacc[2];
    unsigned long long hbad;
    CK(cudaMemcpy(hacc, acc, 16, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&hbad, bad, 8, cudaMemcpyDeviceToHost));
    double rel = sqrt(hacc[0] / (hacc[1] > 0 ? hacc[1] : 1));
    bool ok = hbad == 0 && rel < tol_of(c.cd, K) && plan.path == c.expect &&
              (c.cluster == 0 || c.expect != CUTEGO_GEMM_PATH_WGMMA || plan.cluster_m == (c.cluster > 0 ? c.cluster : -c.cluster)) &&
              (c.split == -2  ? plan.split_k <= 1
               : c.split <= 0 ? (c.split == 0 || plan.split_k > 1)
               : c.split == 1 ? plan.split_k <= 1
                              : plan.split_k == c.split) &&
              (c.config == 0 || plan.config == (c.config > 0 ? c.config : -c.config) - 1) &&
              (c.decomp == 0 || plan.decomposition == (c.decomp > 0 ? c.decomp : -c.decomp)) &&
              (c.packs == 0 || (plan.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) == c.packs - 1) &&
              (c.cluster_n == 0 || plan.cluster_n == c.cluster_n) &&
              (c.rows == 0 || (((plan.flags & CUTEGO_GEMM_F_ROWS) != 0) == (c.rows > 0) &&
                               ((plan.flags & CUTEGO_GEMM_F_ROWS_4) != 0) == (c.rows == 2))) &&
              (c.d_store != CUTEGO_GEMM_D_STORE_STREAM || (plan.flags & CUTEGO_GEMM_F_D_STREAM)) &&
              (c.dm == 0 || c.dm == 3 ||
               (c.dm == 4   ? (plan.flags & CUTEGO_GEMM_F_SWAP_AB) && !(plan.flags & CUTEGO_GEMM_F_D_TMA_T)
                : c.dm == 5 ? (plan.flags & CUTEGO_GEMM_F_SWAP_AB) && (plan.flags & CUTEGO_GEMM_F_D_TMA_T)
                            : !(plan.flags & CUTEGO_GEMM_F_SWAP_AB) && !(plan.flags & CUTEGO_GEMM_F_D_TMA_T) == (c.dm == 2)));
    if (ok && plan.decomposition == CUTEGO_GEMM_DECOMPOSITION_STREAM_K) {
      // the same call again, into a poisoned copy of D: bit for bit the same
      std::vector<TO> h1(nd), h2(nd);
      CK(cudaMemcpy(h1.data(), d, nd * sizeof(TO), cudaMemcpyDeviceToHost));
      CK(cudaMemset(d, 0xFF, nd * sizeof(TO)));
      int rc2 = cutego_gemm(d, &ld, a, &la, b, &lb, cc, &lc, c.ab, c.cd, c.alpha, c.beta, nullptr, &opt, nullptr);
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(h2.data(), d, nd * sizeof(TO), cudaMemcpyDeviceToHost));
      const bool same = rc2 == CUTEGO_KERNELS_OK && memcmp(h1.data(), h2.data(), nd * sizeof(TO)) == 0;
      if (!same) printf("FAIL %-34s stream-K: a second call differs (rc %d)\n", c.name, rc2);
      ok = same;
    }
    printf("%s %-34s %6lldx%-6lldx%-6lld L%-3lld %-7s rel %.2e nonfinite %llu | %s\n", ok ? "ok  " : "FAIL", c.name,
           (long long)M, (long long)N, (long long)K, (long long)L, cutego_gemm_path_name(plan.path), rel, hbad,
           plan.reason);
    if (!ok) ++g_fail;
    CK(cudaFree(acc));
    CK(cudaFree(bad));
  }
  cudaFree(fa), cudaFree(fb), cudaFree(fc), cudaFree(a), cudaFree(b), cudaFree(d), cudaFree(cc);
  cudaFree(ra), cudaFree(rb), cudaFree(rref);
}

static void run(const Case &c, cublasHandle_t h, uint64_t seed) {
  if (c.ab == CUTEGO_DTYPE_BF16) {
    if (c.cd == CUTEGO_DTYPE_BF16) run_case<__nv_bfloat16, __nv_bfloat16>(c, h, seed);
    else if (c.cd == CUTEGO_DTYPE_F16) run_case<__nv_bfloat16, __half>(c, h, seed);
    else run_case<__nv_bfloat16, float>(c, h, seed);
  } else {
    if (c.cd == CUTEGO_DTYPE_BF16) run_case<__half, __nv_bfloat16>(c, h, seed);
    else if (c.cd == CUTEGO_DTYPE_F16) run_case<__half, __half>(c, h, seed);
    else run_case<__half, float>(c, h, seed);
  }
}

// Bad arguments: a status and a message, never a launch.
static void bad_args() {
  cute_layout_t a = layout3(64, 32, 0, 32, 1, 0), b = layout3(64, 32, 0, 32, 1, 0), d = layout3(64, 64, 0, 64, 1, 0);
  cute_layout_t bk = layout3(64, 16, 0, 16, 1, 0), dz = layout3(64, 64, 0, 0, 1, 0);
  void *p;
  CK(cudaMalloc(&p, 1 << 20));
  struct Bad {
    const char *what;
    cute_layout_t *d, *a, *b;
    void *dp;
    int ab;
    float beta;
  } r[] = {
      {"mismatched K", &d, &a, &bk, p, CUTEGO_DTYPE_BF16, 0},
      {"unsupported dtype", &d, &a, &b, p, CUTEGO_DTYPE_F32, 0},
      {"null pointer", &d, &a, &b, nullptr, CUTEGO_DTYPE_BF16, 0},
      {"null layout", nullptr, &a, &b, p, CUTEGO_DTYPE_BF16, 0},
      {"beta without C", &d, &a, &b, p, CUTEGO_DTYPE_BF16, 1},
      {"stride-0 output", &dz, &a, &b, p, CUTEGO_DTYPE_BF16, 0},
  };
  for (auto &x : r) {
    ++g_run;
    int rc = cutego_gemm(x.dp, x.d, p, x.a, p, x.b, nullptr, nullptr, x.ab, CUTEGO_DTYPE_BF16, 1, x.beta, nullptr,
                         nullptr, nullptr);
    bool ok = rc == CUTEGO_KERNELS_EINVAL;
    printf("%s bad-args %-20s rc=%d %s\n", ok ? "ok  " : "FAIL", x.what, rc, last_kernel_error());
    if (!ok) ++g_fail;
  }
  // A split of K into slices that are not whole 16-byte steps (32 / 3), or of a batched GEMM.
  {
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.split_k = 3;
    ++g_run;
    int rc3 = cutego_gemm(p, &d, p, &a, p, &b, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1, 0, nullptr,
                          &o, nullptr);
    bool ok3 = rc3 == CUTEGO_KERNELS_EINVAL;
    printf("%s bad-args %-20s rc=%d %s\n", ok3 ? "ok  " : "FAIL", "split_k 3 of K=32", rc3, last_kernel_error());
    if (!ok3) ++g_fail;
  }
  // Stream-K refusals: an unknown decomposition, split_k with it, clusters, 128x64, 128x192, 64x64, 64x32,
  // 64x128 and 128x168 tiles; 2x1 clusters on 128x168 tiles (none); and split_k on 128x192 tiles in clusters.
  {
    struct SkBad {
      const char *what;
      int dec, split, cluster, config;
    } sb[] = {{"decomposition 7", 7, 0, 0, 0},
              {"stream-K split_k 2", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 2, 0, 0},
              {"data-parallel split_k 2", CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL, 2, 0, 0},
              {"stream-K clusters", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 2, 0},
              {"stream-K 128x64", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 0, CUTEGO_GEMM_CONFIG_128x64x64 + 1},
              {"stream-K 128x192", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 0, CUTEGO_GEMM_CONFIG_128x192x64 + 1},
              {"stream-K 64x64", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 0, CUTEGO_GEMM_CONFIG_64x64x128 + 1},
              {"stream-K 64x32", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 0, CUTEGO_GEMM_CONFIG_64x32x128 + 1},
              {"stream-K 64x128", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 0, CUTEGO_GEMM_CONFIG_64x128x64 + 1},
              {"stream-K 128x168", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 0, CUTEGO_GEMM_CONFIG_128x168x64 + 1},
              {"stream-K 64x96", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 0, CUTEGO_GEMM_CONFIG_64x96x64 + 1},
              {"stream-K 128x96", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 0, CUTEGO_GEMM_CONFIG_128x96x64 + 1},
              {"stream-K 128x224", CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 0, CUTEGO_GEMM_CONFIG_128x224x64 + 1},
              {"128x224 cluster 2", 0, 0, 2, CUTEGO_GEMM_CONFIG_128x224x64 + 1},
              {"128x168 cluster 2", 0, 0, 2, CUTEGO_GEMM_CONFIG_128x168x64 + 1},
              {"128x192 split_k 2 cluster 2", 0, 2, 2, CUTEGO_GEMM_CONFIG_128x192x64 + 1}};
    for (auto &x : sb) {
      cutego_gemm_options_t o;
      memset(&o, 0, sizeof o);
      o.decomposition = x.dec, o.split_k = x.split, o.cluster_m = x.cluster, o.config = x.config;
      ++g_run;
      int rcs = cutego_gemm(p, &d, p, &a, p, &b, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1, 0, nullptr,
                            &o, nullptr);
      bool oks = rcs == CUTEGO_KERNELS_EINVAL;
      printf("%s bad-args %-20s rc=%d %s\n", oks ? "ok  " : "FAIL", x.what, rcs, last_kernel_error());
      if (!oks) ++g_fail;
    }
  }
  // The 16-bit-only tiles refuse FP8 A and B, each with an error that names them.
  {
    const struct {
      int config;
      const char *what, *names;
    } only16[] = {{CUTEGO_GEMM_CONFIG_128x192x64, "fp8 128x192x64", "128x192x64"},
                  {CUTEGO_GEMM_CONFIG_128x168x64, "fp8 128x168", "128x168 tiles are for 16-bit"},
                  {CUTEGO_GEMM_CONFIG_64x32x128, "fp8 64x32", "64x32 tiles are for 16-bit"},
                  {CUTEGO_GEMM_CONFIG_64x96x64, "fp8 64x96", "64x96 tiles are for 16-bit"},
                  {CUTEGO_GEMM_CONFIG_128x96x64, "fp8 128x96", "128x96 tiles are for 16-bit"}};
    for (const auto &x : only16) {
      cutego_gemm_options_t o;
      memset(&o, 0, sizeof o);
      o.config = x.config + 1;
      ++g_run;
      int rcf = cutego_gemm(p, &d, p, &a, p, &b, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1, 0, nullptr,
                            &o, nullptr);
      bool okf = rcf == CUTEGO_KERNELS_EINVAL && strstr(last_kernel_error(), x.names) != nullptr;
      printf("%s bad-args %-20s rc=%d %s\n", okf ? "ok  " : "FAIL", x.what, rcf, last_kernel_error());
      if (!okf) ++g_fail;
    }
  }
  // A misaligned A pointer is packed first (a TMA map needs 16-byte alignment).
  cutego_gemm_plan_t plan;
  int rc = cutego_gemm_plan(&d, &a, &b, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 0, 0x1000, 0x1002, 0x1000, 0,
                            nullptr, &plan);
  ++g_run;
  bool ok = rc == 0 && plan.path == CUTEGO_GEMM_PATH_WGMMA && (plan.flags & CUTEGO_GEMM_F_PACK_A);
  printf("%s bad-args misaligned A -> %s: %s\n", ok ? "ok  " : "FAIL", cutego_gemm_path_name(plan.path), plan.reason);
  if (!ok) ++g_fail;
  // cutego_gemm remembers its plans by the bytes of its arguments: the same call twice gives
  // the same plan (64 x 64 x 32: two 64x32 tiles, few rows); the same layouts with A 2 bytes off
  // the grid (A packed), with beta (C read), or with other options plan anew, and the first call's
  // plan comes back after them.
  {
    uint8_t *q = static_cast<uint8_t *>(p);
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    cutego_gemm_plan_t p1, p2, p3, p4, p5, p6;
    int rc1 = cutego_gemm(q + 16384, &d, q, &a, q + 8192, &b, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1, 0,
                          nullptr, nullptr, &p1);
    int rc2 = cutego_gemm(q + 16384, &d, q, &a, q + 8192, &b, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1, 0,
                          nullptr, nullptr, &p2);
    int rc3 = cutego_gemm(q + 16384, &d, q + 2, &a, q + 8192, &b, nullptr, nullptr, CUTEGO_DTYPE_BF16,
                          CUTEGO_DTYPE_BF16, 1, 0, nullptr, nullptr, &p3);
    int rc4 = cutego_gemm(q + 16384, &d, q, &a, q + 8192, &b, q + 16384, &d, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1,
                          0.5f, nullptr, nullptr, &p4);
    o.config = CUTEGO_GEMM_CONFIG_128x256x64 + 1;
    int rc5 = cutego_gemm(q + 16384, &d, q, &a, q + 8192, &b, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1, 0,
                          nullptr, &o, &p5);
    int rc6 = cutego_gemm(q + 16384, &d, q, &a, q + 8192, &b, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1, 0,
                          nullptr, nullptr, &p6);
    ++g_run;
    bool okm = rc1 == 0 && rc2 == 0 && rc3 == 0 && rc4 == 0 && rc5 == 0 && rc6 == 0 && memcmp(&p1, &p2, sizeof p1) == 0 &&
               !(p1.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_SWAP_AB)) && (p3.flags & CUTEGO_GEMM_F_PACK_A) &&
               p4.read_c && !p1.read_c &&
               p1.config == CUTEGO_GEMM_CONFIG_64x32x128 && p5.config == CUTEGO_GEMM_CONFIG_128x256x64 &&
               memcmp(&p1, &p6, sizeof p1) == 0;
    printf("%s plan memo: same call, A off the grid, beta, options, same call again (flags %d %d %d, configs %d %d)\n",
           okm ? "ok  " : "FAIL", (int)p1.flags, (int)p3.flags, (int)p4.flags, (int)p1.config, (int)p5.config);
    if (!okm) ++g_fail;
  }
  CK(cudaDeviceSynchronize());
  CK(cudaGetLastError());
  cudaFree(p);
}

// What cutego_gemm remembers between calls (plans, tensor maps by address, the shared-memory
// opt-in, the device's facts): the same layouts on two sets of buffers in turn, A two bytes off
// the 16-byte grid (packed) and back, and another stream; each result against its own cuBLAS
// product (bf16 in, fp32 out), on a one-launch shape and a split-K one. A map remembered for the
// wrong buffer reads the other set's operands (relative error ~1).
static void remembered(cublasHandle_t h) {
  const int64_t shapes[2][3] = {{512, 768, 512}, {64, 1024, 4096}};
  for (const auto &s : shapes) {
    const int64_t M = s[0], N = s[1], K = s[2];
    cute_layout_t la = layout3(M, K, 0, K, 1, 0), lb = layout3(N, K, 0, K, 1, 0), ld = layout3(M, N, 0, N, 1, 0);
    __nv_bfloat16 *a[2], *b[2];
    float *d, *ref;
    std::vector<__nv_bfloat16> host(static_cast<size_t>((M + N) * K + 8));
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int set = 0; set < 2; ++set) {
      CK(cudaMalloc(&a[set], (M * K + 8) * sizeof(__nv_bfloat16)));
      CK(cudaMalloc(&b[set], N * K * sizeof(__nv_bfloat16)));
      for (auto &v : host) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        v = __float2bfloat16(static_cast<float>(static_cast<int64_t>(x >> 40) % 2001 - 1000) / 1000.f);
      }
      CK(cudaMemcpy(a[set], host.data(), (M * K + 8) * sizeof(__nv_bfloat16), cudaMemcpyHostToDevice));
      CK(cudaMemcpy(b[set], host.data() + M * K + 8, N * K * sizeof(__nv_bfloat16), cudaMemcpyHostToDevice));
    }
    CK(cudaMalloc(&d, M * N * 4));
    CK(cudaMalloc(&ref, M * N * 4));
    cudaStream_t other;
    CK(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
    // (set, A's offset in elements, stream): set 0, set 1, set 0 again, A off the grid, aligned
    // again, another stream
    const struct {
      int set, off;
      bool other;
    } calls[] = {{0, 0, false}, {1, 0, false}, {0, 0, false}, {0, 1, false}, {0, 0, false}, {1, 0, true}};
    for (const auto &c : calls) {
      ++g_run;
      const __nv_bfloat16 *ap = a[c.set] + c.off, *bp = b[c.set];
      // D (M,N) row-major = A (M,K) B (N,K)^T, i.e. column-major D^T (N,M) = B^T A.
      const float one = 1.f, zero = 0.f;
      CB(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, (int)N, (int)M, (int)K, &one, bp, CUDA_R_16BF, (int)K, ap,
                      CUDA_R_16BF, (int)K, &zero, ref, CUDA_R_32F, (int)N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
      CK(cudaMemset(d, 0xFF, M * N * 4));
      CK(cudaDeviceSynchronize());
      cudaStream_t st = c.other ? other : nullptr;
      cutego_gemm_plan_t plan;
      int rc = cutego_gemm(d, &ld, ap, &la, bp, &lb, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_F32, 1.f, 0.f,
                           reinterpret_cast<cutego_stream_t>(st), nullptr, &plan);
      CK(cudaStreamSynchronize(st));
      CK(cudaDeviceSynchronize());
      std::vector<float> got(M * N), want(M * N);
      CK(cudaMemcpy(got.data(), d, M * N * 4, cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(want.data(), ref, M * N * 4, cudaMemcpyDeviceToHost));
      double e2 = 0, r2 = 0;
      for (int64_t i = 0; i < M * N; ++i) {
        const double e = static_cast<double>(got[i]) - want[i];
        e2 += std::isfinite(got[i]) ? e * e : 1e30;
        r2 += static_cast<double>(want[i]) * want[i];
      }
      const double rel = sqrt(e2 / (r2 > 0 ? r2 : 1));
      const bool packed = (plan.flags & CUTEGO_GEMM_F_PACK_A) != 0;
      const bool ok = rc == CUTEGO_KERNELS_OK && rel < 1e-3 && packed == (c.off != 0);
      printf("%s remembered %lldx%lldx%lld set %d A%+d %s stream: rc %d rel %.2e split %d packed %d | %s\n",
             ok ? "ok  " : "FAIL", (long long)M, (long long)N, (long long)K, c.set, c.off, c.other ? "other" : "default",
             rc, rel, (int)plan.split_k, (int)packed, rc == CUTEGO_KERNELS_OK ? plan.reason : last_kernel_error());
      if (!ok) ++g_fail;
    }
    CK(cudaStreamDestroy(other));
    for (int set = 0; set < 2; ++set) cudaFree(a[set]), cudaFree(b[set]);
    cudaFree(d), cudaFree(ref);
  }
}

// filter: comma-separated substrings, any of which selects a case.
static bool matches(const char *filter, const char *name) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", filter);
  for (char *t = strtok(buf, ","); t; t = strtok(nullptr, ","))
    if (strstr(name, t)) return true;
  return false;
}

int main(int argc, char **argv) {
  bool quick = false, big = true;
  const char *filter = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--quick")) quick = true, big = false;
    if (!strcmp(argv[i], "--filter") && i + 1 < argc) filter = argv[++i];
  }
  cublasHandle_t h;
  CB(cublasCreate(&h));
  std::vector<Case> cs;
  const int W = CUTEGO_GEMM_PATH_WGMMA, G = CUTEGO_GEMM_PATH_GENERIC;
  const int BF = CUTEGO_DTYPE_BF16, F16 = CUTEGO_DTYPE_F16, F32 = CUTEGO_DTYPE_F32;
  // every major order x dtype x epilogue
  static char names[1024][48];
  int ni = 0;
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm)
      for (int t = 0; t < 6; ++t)
        for (int be = 0; be < 2; ++be) {
          int ab = t < 3 ? BF : F16, cd = (t % 3) == 0 ? ab : (t % 3) == 1 ? F32 : (ab == BF ? F16 : BF);
          snprintf(names[ni], 48, "%c%c %s->%s beta=%s", am ? 'M' : 'K', bm ? 'N' : 'K', ab == BF ? "bf16" : "f16",
                   cd == BF ? "bf16" : cd == F16 ? "f16" : "f32", be ? "0.5" : "0");
          cs.push_back({names[ni++], 1000, 1200, 520, 1, am, bm, ab, cd, 1.25f, be ? 0.5f : 0.f, 0, W, 0, 0, 0});
        }
  // 2x1 clusters sharing B by TMA multicast (an option: they do not pay on the H200),
  // on 128x256 tiles in every major order, on 128x128 tiles with an odd number of tile rows (one
  // CTA computes a tile of zeros past M), batched, packed; and explicitly off
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm) {
      snprintf(names[ni], 48, "cluster 128x256 %c%c", am ? 'M' : 'K', bm ? 'N' : 'K');
      cs.push_back({names[ni++], 2048, 4096, 1024, 1, am, bm, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 2});
      snprintf(names[ni], 48, "no cluster 128x256 %c%c", am ? 'M' : 'K', bm ? 'N' : 'K');
      cs.push_back({names[ni++], 2048, 4096, 1024, 1, am, bm, F16, F32, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 1});
    }
  // Each tile's stores deferred under the next tile's first k-tiles (16-bit D through TMA, no
  // source): few CTAs so that each runs many tiles; tiles of fewer k-tiles than deferred chunks (K
  // of one k-tile); an odd number of chunks (128x192: the staging buffers alternate across tiles);
  // a second warpgroup without rows (M of 64 in 128-row tiles); both 16-bit types, every tile of
  // whole 128-byte chunks; and beside them the same shapes with a source (beta) or fp32 D, which
  // store at once.
  {
    const struct {
      const char *name;
      int64_t m, n, k, l;
      int ab, cd;
      float beta;
      int config, max_ctas;
    } ds[] = {
        {"deferred 128x256 3 CTAs", 1000, 1200, 520, 1, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x256x64 + 1, 3},
        {"deferred 128x256 K 64", 640, 2304, 64, 1, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x256x64 + 1, 2},
        {"deferred 128x256 K 40 f16", 512, 1024, 40, 2, F16, F16, 0.f, CUTEGO_GEMM_CONFIG_128x256x64 + 1, 5},
        {"deferred 128x256 K 130", 520, 1000, 130, 1, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x256x64 + 1, 1},
        {"deferred 128x256 M 64", 64, 4096, 256, 2, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x256x64 + 1, 3},
        {"deferred 128x192 3 CTAs", 1000, 1200, 520, 1, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x192x64 + 1, 3},
        {"deferred 128x192 K 64 f16", 700, 1536, 64, 1, F16, F16, 0.f, CUTEGO_GEMM_CONFIG_128x192x64 + 1, 2},
        {"deferred 128x128 3 CTAs", 1000, 1200, 520, 1, F16, BF, 0.f, CUTEGO_GEMM_CONFIG_128x128x64 + 1, 3},
        {"deferred 64x128 3 CTAs", 1000, 1200, 520, 1, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_64x128x64 + 1, 3},
        {"deferred 64x64 K 64", 500, 700, 64, 3, BF, F16, 0.f, CUTEGO_GEMM_CONFIG_64x64x128 + 1, 4},
        {"deferred 128x256 auto 2048^2", 2048, 2048, 1024, 1, BF, BF, 0.f, 0, 0},
        {"at once 128x256 beta", 1000, 1200, 520, 1, BF, BF, 0.5f, CUTEGO_GEMM_CONFIG_128x256x64 + 1, 3},
        {"at once 128x256 f32", 1000, 1200, 520, 1, BF, F32, 0.f, CUTEGO_GEMM_CONFIG_128x256x64 + 1, 3},
        {"at once 128x192 beta", 1000, 1200, 200, 1, F16, F16, -1.f, CUTEGO_GEMM_CONFIG_128x192x64 + 1, 2},
    };
    for (const auto &x : ds)
      cs.push_back({x.name, x.m, x.n, x.k, x.l, 0, 0, x.ab, x.cd, 1.5f, x.beta, 0, W, 0, 0, 0, 0, 0, 0, 1,
                    x.config ? 1 : 0, x.config, x.config ? CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL : 0, 0, 0, 0,
                    x.max_ctas});
  }
  // D streaming past the L2 (options.d_store): evict-first TMA stores, evict-last A and B loads;
  // deferred stores over many tiles per CTA, a batch, a source (stored at once), stream-K
  {
    const struct {
      const char *name;
      int64_t m, n, k, l;
      int ab, cd;
      float beta;
      int config, decomp, max_ctas;
    } st[] = {
        {"D streaming 128x256 3 CTAs", 1000, 1200, 520, 1, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x256x64 + 1, 0, 3},
        {"D streaming batched f16", 520, 1040, 128, 3, F16, F16, 0.f, 0, 0, 0},
        {"D streaming beta", 1000, 1200, 200, 2, BF, BF, 0.5f, 0, 0, 0},
        {"D streaming stream-K", 1000, 1200, 1040, 1, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x256x64 + 1,
         CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0},
    };
    for (const auto &x : st)
      cs.push_back({x.name, x.m, x.n, x.k, x.l, 0, 0, x.ab, x.cd, 1.25f, x.beta, 0, W, 0, 0, 0, 0, 0, 0, 1, 0,
                    x.config, x.decomp, 0, 0, 0, x.max_ctas, CUTEGO_GEMM_D_STORE_STREAM});
  }
  // A column-major D and C (M unit stride): 16-bit D through the transposed TMA epilogue (each chunk
  // staged 64 columns x 64 rows, M inner), on every tile width of whole chunks and the partial last
  // chunk of 128x168 / 128x224 (stored directly); deferred stores over many tiles per CTA; M and N
  // off the tile grid (the map clips rows and columns), a batch, a source, every major order of A and
  // B, stream-K, split K, D streaming, clusters, FP8-free; and where it is stored directly instead:
  // fp32 D, columns off the 16-byte grid (M = 1001), direct_epilogue.
  {
    const struct {
      const char *name;
      int64_t m, n, k, l;
      int am, bm, ab, cd;
      float beta;
      int config, decomp, split, max_ctas, cluster, d_store, direct, dm;
    } cm[] = {
        // the automatic plan where both orientations make the same tiles: D^T = B A^T, row-major
        {"col-major D auto (swapped)", 1024, 1536, 520, 1, 0, 0, BF, BF, 0.f, 0, 0, 0, 0, 0, 0, 0, 4},
        {"col-major D M 1000 N 1000 beta (swapped)", 1000, 1000, 264, 2, 0, 0, F16, F16, 0.5f, 0, 0, 0, 0, 0, 0, 0, 4},
        {"col-major D MN-major A and B (swapped)", 1000, 1200, 520, 1, 1, 1, BF, F16, -1.f, 0, 0, 0, 0, 0, 0, 0, 4},
        {"col-major D NN 2048^2 (swapped)", 2048, 2048, 512, 1, 1, 0, BF, BF, 0.5f, 0, 0, 0, 0, 0, 0, 0, 4},
        {"col-major D f32 (swapped)", 1000, 1200, 520, 1, 0, 0, BF, F32, 0.5f, 0, 0, 0, 0, 0, 0, 0, 4},
        {"col-major D M 1001 (swapped)", 1001, 1200, 520, 1, 0, 0, BF, BF, 0.f, 0, 0, 0, 0, 0, 0, 0, 4},
        // fewer tiles swapped (258 of 128x168 against 224; 132 of 128x192 against 128), D^T on the grid
        {"col-major D 288x14336 (swapped)", 288, 14336, 256, 1, 0, 0, BF, BF, 0.5f, 0, 0, 0, 0, 0, 0, 0, 4},
        {"col-major D 768x4096 (swapped)", 768, 4096, 520, 1, 0, 0, F16, F16, 0.f, 0, 0, 0, 0, 0, 0, 0, 4},
        // a row-major D on at most 7/8 of the tiles swapped (258 of 128x168 against 224): D^T through
        // the transposed epilogue
        {"row-major D 333x14336 (swapped)", 333, 14336, 256, 1, 0, 0, BF, BF, 0.5f, 0, 0, 0, 0, 0, 0, 0, 5},
        {"row-major D 288x14336 fp16 (swapped)", 288, 14336, 264, 1, 0, 0, F16, F16, 0.f, 0, 0, 0, 0, 0, 0, 0, 5},
        {"col-major D 128x128 asked", 1024, 1536, 520, 1, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x128x64 + 1, 0, 0,
         0, 0, 0, 0, 1},
        {"col-major D MN-major A and B asked", 1000, 1200, 520, 1, 1, 1, BF, F16, -1.f,
         CUTEGO_GEMM_CONFIG_128x128x64 + 1, 0, 0, 0, 0, 0, 0, 1},
        {"col-major D KN", 1000, 1200, 520, 1, 0, 1, F16, BF, 0.f, 0, 0, 0, 0, 0, 0, 0, 1},
        {"col-major D 128x256 deferred", 1000, 1200, 520, 1, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x256x64 + 1,
         CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL, 1, 3, 1, 0, 0, 1},
        {"col-major D 128x192 deferred", 1000, 1200, 520, 1, 0, 0, F16, F16, 0.f, CUTEGO_GEMM_CONFIG_128x192x64 + 1,
         CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL, 1, 2, 1, 0, 0, 1},
        {"col-major D 128x168 partial chunk", 336, 14336, 256, 1, 0, 0, BF, BF, 0.5f,
         CUTEGO_GEMM_CONFIG_128x168x64 + 1, 0, 1, 0, 1, 0, 0, 1},
        {"col-major D 128x224 partial chunk", 520, 1000, 256, 1, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x224x64 + 1,
         0, 1, 0, 1, 0, 0, 1},
        {"col-major D 128x128", 1000, 1000, 520, 3, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x128x64 + 1, 0, 1, 0, 0,
         0, 0, 1},
        {"col-major D 128x64", 1000, 1000, 520, 1, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x64x64 + 1, 0, 1, 0, 0, 0,
         0, 1},
        {"col-major D 128x96", 520, 1000, 520, 1, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x96x64 + 1, 0, 1, 0, 0, 0,
         0, 1},
        {"col-major D 64x64", 200, 1000, 520, 1, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_64x64x128 + 1, 0, 1, 0, 0, 0, 0,
         1},
        {"col-major D small", 128, 256, 128, 1, 0, 0, BF, BF, 0.5f, CUTEGO_GEMM_CONFIG_128x128x64 + 1, 0, 1, 0, 0, 0,
         0, 1},
        {"col-major D 64x128", 200, 1000, 520, 1, 0, 0, F16, F16, 0.f, CUTEGO_GEMM_CONFIG_64x128x64 + 1, 0, 1, 0, 0, 0,
         0, 1},
        {"col-major D 64x96", 200, 1000, 520, 1, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_64x96x64 + 1, 0, 1, 0, 0, 0, 0,
         1},
        {"col-major D stream-K", 1000, 1200, 1040, 1, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x256x64 + 1,
         CUTEGO_GEMM_DECOMPOSITION_STREAM_K, 0, 0, 0, 0, 0, 1},
        {"col-major D split-K 3", 256, 1024, 3072, 1, 0, 0, BF, BF, 0.5f, 0, 0, 3, 0, 0, 0, 0, 3},
        // (128x168 asked: the automatic plan swaps, 120 tiles against 128)
        {"col-major D streaming", 1000, 1200, 128, 2, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x168x64 + 1, 0, 0, 0, 0,
         CUTEGO_GEMM_D_STORE_STREAM, 0, 1},
        {"col-major D 2x1 clusters", 2048, 2048, 512, 1, 0, 0, BF, BF, 0.f, 0, 0, 0, 0, 2, 0, 0, 1},
        {"col-major D f32 (direct)", 1000, 1200, 520, 1, 0, 0, BF, F32, 0.5f, CUTEGO_GEMM_CONFIG_128x128x64 + 1, 0, 0,
         0, 0, 0, 0, 2},
        {"col-major D M 1001 (direct)", 1001, 1200, 520, 1, 0, 0, BF, BF, 0.f, CUTEGO_GEMM_CONFIG_128x128x64 + 1, 0, 0,
         0, 0, 0, 0, 2},
        {"col-major D direct_epilogue", 1000, 1200, 520, 1, 0, 0, F16, F16, 0.f, CUTEGO_GEMM_CONFIG_128x128x64 + 1, 0,
         0, 0, 0, 0, 1, 2},
    };
    for (const auto &x : cm)
      cs.push_back({x.name, x.m, x.n, x.k, x.l, x.am, x.bm, x.ab, x.cd, 1.25f, x.beta, 0, W, 0, 0, 0, x.direct, 0, 0,
                    x.cluster, x.split, x.config, x.decomp, 0, 0, 0, x.max_ctas, x.d_store, x.dm});
  }
  cs.push_back({"cluster, 3 tile rows", 384, 1024, 512, 1, 0, 1, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 2});
  cs.push_back({"cluster, 3 tile rows direct", 300, 1000, 264, 2, 1, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 2});
  cs.push_back({"cluster, batched B broadcast", 1024, 512, 256, 3, 0, 0, BF, F32, 1.f, 0.f, 0, W, 0, 1, 0, 0, 0, 0, 2});
  cs.push_back({"cluster, packed A", 1000, 1000, 1000, 1, 1, 0, BF, BF, 1.f, 0.f, 0, W, 3, 0, 0, 0, 0, 0, 2});
  // split K: slices of K as batches into an fp32 workspace, then the reduction; every major
  // order, every output type, beta, an N off the 4-column grid (direct epilogue, padded
  // workspace rows), M = 1; the cost model's choice on decode shapes; and explicitly off
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm)
      for (int t = 0; t < 3; ++t) {
        int ab = t == 1 ? F16 : BF, cd = t == 0 ? BF : t == 1 ? F16 : F32;
        snprintf(names[ni], 48, "split-K 4 %c%c %s->%s", am ? 'M' : 'K', bm ? 'N' : 'K', ab == BF ? "bf16" : "f16",
                 cd == BF ? "bf16" : cd == F16 ? "f16" : "f32");
        cs.push_back({names[ni++], 200, 1000, 2048, 1, am, bm, ab, cd, 1.25f, t == 1 ? 0.5f : 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 4});
      }
  cs.push_back({"split-K 3 N=1002 beta", 96, 1002, 1536, 1, 0, 0, BF, BF, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 3});
  cs.push_back({"split-K 16 M=1", 1, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 16});
  cs.push_back({"split-K 2 direct epilogue", 136, 520, 4096, 1, 1, 0, F16, F32, 1.f, 1.f, 0, W, 0, 0, 0, 1, 0, 0, 0, 2});
  cs.push_back({"split-K 5 K=1000", 64, 4096, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 5});
  cs.push_back({"split-K auto 1x2048x11008", 1, 2048, 11008, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -1});
  // split K on packed copies whose rows are padded alike: the padded K splits, and the last slice
  // reads each row's padding, zeroed first (cutego_gemm_split_pad), in a caller's workspace full of
  // NaNs. NT 210x583x4094: both copied K-major by cutego_copy (rows of 420 and 1166 bytes), K padded
  // to 4096, 4 slices of 1024; TN 100x4096x4100 with pitch_pack ON: both copied row by row, K
  // padded to 4160, 4 slices of 1040; fp16 NT 97x1001x3000 into fp32 with beta: K padded to 3008, 4 slices of 752.
  {
    Case x = {"split-K auto NT 210x583x4094 (padding read)", 210, 583, 4094, 1, 1, 1, BF, BF, 1.f, 0.f, 0, W};
    x.split = -1, x.packs = 1 + (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B), x.poison_ws = 1;
    cs.push_back(x);
    Case y = {"split-K 4 TN 100x4096x4100 pitch ON (padding read)", 100, 4096, 4100, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W};
    y.split = 4, y.pitch = CUTEGO_GEMM_PITCH_PACK_ON, y.packs = 1 + (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B),
    y.poison_ws = 1;
    cs.push_back(y);
    Case z = {"split-K 4 NT f16 97x1001x3000 beta (padding read)", 97, 1001, 3000, 1, 1, 1, F16, F32, 1.f, 0.5f, 0, W};
    z.split = 4, z.packs = 1 + (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B), z.poison_ws = 1;
    cs.push_back(z);
  }
  cs.push_back({"split-K auto 16x2048x4096", 16, 2048, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -1});
  // N = 4096, M <= 64: 64x32 tiles unsplit where 64x64 would split (cutego_gemm_narrow_config)
  cs.push_back({"64x32 auto 16x4096x14336", 16, 4096, 14336, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2,
                -(CUTEGO_GEMM_CONFIG_64x32x128 + 1)});
  cs.push_back({"64x32 auto 16x4096x11008", 16, 4096, 11008, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2,
                -(CUTEGO_GEMM_CONFIG_64x32x128 + 1)});
  cs.push_back({"64x32 auto 64x4096x4096 f16", 64, 4096, 4096, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2,
                -(CUTEGO_GEMM_CONFIG_64x32x128 + 1)});
  // 128 x 4096: 64x64 tiles unsplit where 64x128 would split
  cs.push_back({"64x64 auto 128x4096x4096 beta", 128, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2,
                -(CUTEGO_GEMM_CONFIG_64x64x128 + 1)});
  cs.push_back({"split-K off 16x4096x4096", 16, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1});
  // 128x64 tiles (CUTEGO_GEMM_CONFIG_128x64x64, the narrow tile): every major order and output
  // type, beta, N off the tile grid, 2x1 clusters (B's multicast slices of 32 rows), batches and
  // broadcast, packed A, the direct epilogue, split K on 128x64 slices, M below a tile; and the
  // launcher's own choice of them (cutego_gemm_narrow) where 128x128 tiles would split K more
  const int C64 = CUTEGO_GEMM_CONFIG_128x64x64 + 1;
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm)
      for (int t = 0; t < 3; ++t) {
        int ab = t == 1 ? F16 : BF, cd = t == 0 ? BF : t == 1 ? F16 : F32;
        snprintf(names[ni], 48, "128x64 %c%c %s->%s", am ? 'M' : 'K', bm ? 'N' : 'K', ab == BF ? "bf16" : "f16",
                 cd == BF ? "bf16" : cd == F16 ? "f16" : "f32");
        cs.push_back({names[ni++], 1000, 1000 + 8 * t, 520, 1, am, bm, ab, cd, 1.25f, t == 1 ? 0.5f : 0.f, 0, W, 0, 0, 0,
                      0, 0, 0, 0, 1, C64});
      }
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm) {
      snprintf(names[ni], 48, "128x64 cluster %c%c", am ? 'M' : 'K', bm ? 'N' : 'K');
      cs.push_back({names[ni++], 640, 1000, 1024, 1, am, bm, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 2, 1, C64});
    }
  cs.push_back({"128x64 batched B broadcast", 384, 520, 256, 3, 0, 1, F16, F32, 1.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, C64});
  cs.push_back({"128x64 packed A", 300, 260, 99, 2, 1, 0, BF, BF, 1.f, 0.f, 0, W, 1, 0, 0, 0, 0, 0, 0, 0, C64});
  cs.push_back({"128x64 direct epilogue", 1000, 1200, 520, 1, 1, 1, F16, F16, 1.25f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C64});
  cs.push_back({"128x64 small M=40", 40, 1000, 520, 1, 1, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C64});
  cs.push_back({"128x64 split-K 3 beta", 96, 1002, 1536, 1, 0, 0, BF, BF, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 3, C64});
  // 128x192 tiles (CUTEGO_GEMM_CONFIG_128x192x64, asked for): every major order, bf16
  // and f16 in, bf16/f16/f32 out, beta on half of them; N = 1000 + 8t: five whole column tiles and
  // a partial sixth (a wrong column mapping fails the comparison), 2x1 clusters on 5 tile rows (B's
  // multicast slices: 96 rows K-major, 32 of each 64-column load N-major), batches with B
  // broadcast, packed A, the direct epilogue, M below a tile, N below a tile, N on the tile grid, K
  // split only where split_k asks (3 slices on 128x192 tiles; none on its own where 128x128 tiles
  // would split), and the one-wave shapes it is for
  // Every major order x bf16 and f16 in x bf16/f16/f32 out of a wide tile asked for, beta on half of
  // them, 1000 x (1000 + 8t) x 520, unsplit; packs: 1 + the PACK_B bit where B is N-major (checked),
  // or 0 (unchecked).
  auto every_major_and_type = [&](const char *tile, int config, bool b_packed_when_n) {
    for (int am = 0; am < 2; ++am)
      for (int bm = 0; bm < 2; ++bm)
        for (int t = 0; t < 6; ++t) {
          int ab = t < 3 ? BF : F16, cd = (t % 3) == 0 ? BF : (t % 3) == 1 ? F16 : F32;
          snprintf(names[ni], 48, "%s %c%c %s->%s", tile, am ? 'M' : 'K', bm ? 'N' : 'K', ab == BF ? "bf16" : "f16",
                   cd == BF ? "bf16" : cd == F16 ? "f16" : "f32");
          cs.push_back({names[ni++], 1000, 1000 + 8 * t, 520, 1, am, bm, ab, cd, 1.25f, (t + am + bm) % 2 ? 0.5f : 0.f,
                        0, W, 0, 0, 0, 0, 0, 0, 0, 1, config, 0, 0,
                        b_packed_when_n ? 1 + (bm ? CUTEGO_GEMM_F_PACK_B : 0) : 0});
        }
  };
  const int C192 = CUTEGO_GEMM_CONFIG_128x192x64 + 1;
  every_major_and_type("128x192", C192, false);
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm) {
      snprintf(names[ni], 48, "128x192 cluster %c%c", am ? 'M' : 'K', bm ? 'N' : 'K');
      cs.push_back({names[ni++], 640, 1000, 1024, 1, am, bm, bm ? F16 : BF, am ? F32 : BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0,
                    0, 0, 2, 1, C192});
    }
  cs.push_back({"128x192 batched B broadcast", 384, 520, 256, 3, 0, 1, F16, F32, 1.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, C192});
  cs.push_back({"128x192 packed A", 300, 260, 99, 2, 1, 0, BF, BF, 1.f, 0.f, 0, W, 1, 0, 0, 0, 0, 0, 0, 0, C192});
  cs.push_back({"128x192 direct epilogue", 1000, 1200, 520, 1, 1, 1, F16, F16, 1.25f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C192});
  cs.push_back({"128x192 small M=40", 40, 1000, 520, 1, 1, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C192});
  cs.push_back({"128x192 small N=136 beta", 520, 136, 520, 1, 0, 1, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C192});
  cs.push_back({"128x192 N=1152 on the grid", 384, 1152, 640, 1, 0, 0, F16, BF, 1.f, -0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C192});
  cs.push_back({"128x192 split-K 3 beta", 96, 1002, 1536, 1, 0, 0, BF, BF, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 3, C192});
  cs.push_back({"128x192 no auto split 256x4096x4096", 256, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C192});
  cs.push_back({"128x192 512x6144x4096", 512, 6144, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C192});
  cs.push_back({"128x192 256x11008x4096 KN f32", 256, 11008, 4096, 1, 0, 1, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C192});
  // 128x168 tiles (CUTEGO_GEMM_CONFIG_128x168x64, asked for: m64n168k16, B read K-major only):
  // every major order (an N-major B is transposed into the workspace first: checked), bf16 and
  // f16 in, bf16/f16/f32 out (the TMA epilogue's partial last chunk: 40 columns of 16-bit D, 8 of
  // fp32, stored directly), beta on half of them; N = 1000 + 8t: five whole column tiles and a
  // partial sixth, M = 1000 (a partial eighth tile row), K = 520 (a partial k-tile); batches with
  // B broadcast, packed A, the direct epilogue, M below a tile, N below a tile, N on the tile grid
  // (1008), K split where split_k asks, and the one-wave shapes against N = 11008 it is for
  const int C168 = CUTEGO_GEMM_CONFIG_128x168x64 + 1;
  every_major_and_type("128x168", C168, true);
  cs.push_back({"128x168 batched B broadcast", 384, 520, 256, 3, 0, 0, F16, F32, 1.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, C168});
  cs.push_back({"128x168 batched MN f16 beta", 300, 700, 192, 2, 1, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C168});
  cs.push_back({"128x168 packed A", 300, 260, 99, 2, 1, 0, BF, BF, 1.f, 0.f, 0, W, 1, 0, 0, 0, 0, 0, 0, 0, C168});
  cs.push_back({"128x168 direct epilogue", 1000, 1200, 520, 1, 1, 0, F16, F16, 1.25f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C168});
  cs.push_back({"128x168 direct epilogue f32", 260, 500, 136, 1, 0, 0, BF, F32, 1.f, 0.25f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C168});
  cs.push_back({"128x168 small M=40", 40, 1000, 520, 1, 1, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C168});
  cs.push_back({"128x168 small N=136 beta", 520, 136, 520, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C168});
  cs.push_back({"128x168 N=1008 on the grid", 384, 1008, 640, 1, 0, 0, F16, BF, 1.f, -0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C168});
  cs.push_back({"128x168 split-K 3 beta", 96, 1002, 1536, 1, 0, 0, BF, BF, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 3, C168});
  cs.push_back({"128x168 256x11008x4096", 256, 11008, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C168});
  cs.push_back({"128x168 512x11008x4096 f16 beta", 512, 11008, 4096, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C168});
  cs.push_back({"128x168 1024x11008x4096 f32", 1024, 11008, 4096, 1, 0, 0, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C168});
  // 64x64 tiles (CUTEGO_GEMM_CONFIG_64x64x128, asked for: ONE consumer warpgroup, 6 stages of two
  // 64-wide k-blocks):
  // every major order, bf16 and f16 in, bf16/f16/f32 out, beta on half of them, M cycling through
  // 1, 8, 40, 64 (one tile row), 100 and 200 (two and four: a wrong tile-row mapping of the one
  // consumer fails the comparison), N = 1000 (15 whole column tiles and a partial 16th), K = 520
  // (a partial k-tile whose second k-block lies wholly past K), data-parallel; then N = 4096 and K = 4096 at each M, split K in 2 and 4
  // (the slices on 64x64 tiles), the automatic split on 64x64 tiles (64x4096x4096: 64 tiles, 2
  // slices), 2x1 clusters sharing B (32-row slices; M = 40: the partner CTA wholly past M),
  // batches with B broadcast, packed A, the direct epilogue
  // Every major order x bf16 and f16 in x bf16/f16/f32 out of a tile asked for, beta on half of
  // them, M cycling through the nm values of ms (one tile row and several, partial ones), N = 1000
  // (a partial last column tile), K = 520 (a partial k-tile), unsplit.
  auto every_major_and_type_m = [&](const char *tile, int config, const int64_t *ms, int nm) {
    for (int am = 0; am < 2; ++am)
      for (int bm = 0; bm < 2; ++bm)
        for (int t = 0; t < 6; ++t) {
          int ab = t < 3 ? BF : F16, cd = t % 3 == 0 ? BF : t % 3 == 1 ? F16 : F32;
          const int64_t m = ms[(t + 2 * am + bm) % nm];
          snprintf(names[ni], 48, "%s %c%c %s->%s M=%lld", tile, am ? 'M' : 'K', bm ? 'N' : 'K', ab == BF ? "bf16" : "f16",
                   cd == BF ? "bf16" : cd == F16 ? "f16" : "f32", (long long)m);
          cs.push_back({names[ni++], m, 1000, 520, 1, am, bm, ab, cd, 1.25f, t % 2 ? 0.5f : 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0,
                        1, config});
        }
  };
  const int C66 = CUTEGO_GEMM_CONFIG_64x64x128 + 1;
  {
    const int64_t ms[] = {1, 8, 40, 64, 100, 200};
    every_major_and_type_m("64x64", C66, ms, 6);
    for (int64_t m : ms) {
      snprintf(names[ni], 48, "64x64 M=%lld 4096x4096", (long long)m);
      cs.push_back({names[ni++], m, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C66});
    }
  }
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm) {
      snprintf(names[ni], 48, "64x64 cluster %c%c", am ? 'M' : 'K', bm ? 'N' : 'K');
      cs.push_back({names[ni++], am ? 40 : 200, 1000, 1024, 1, am, bm, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 2, 1, C66});
    }
  cs.push_back({"64x64 split-K 2 M=8 f32 beta", 8, 4096, 4096, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C66});
  cs.push_back({"64x64 split-K 4 M=40 MN f16", 40, 1000, 4096, 1, 1, 1, F16, F16, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 4, C66});
  cs.push_back({"64x64 split-K 2 M=200", 200, 1000, 4096, 1, 0, 1, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C66});
  cs.push_back({"64x64 auto split 64x4096x4096", 64, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -1, C66});
  cs.push_back({"64x64 no split 8x6144x4096", 8, 6144, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C66});
  cs.push_back({"64x64 batched B broadcast", 40, 520, 256, 3, 0, 1, F16, F32, 1.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, C66});
  cs.push_back({"64x64 batched M=100", 100, 520, 320, 2, 1, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C66});
  cs.push_back({"64x64 packed A", 100, 260, 99, 2, 1, 0, BF, BF, 1.f, 0.f, 0, W, 1, 0, 0, 0, 0, 0, 0, 0, C66});
  cs.push_back({"64x64 direct epilogue", 200, 1200, 520, 1, 1, 1, F16, F16, 1.25f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C66});
  cs.push_back({"64x64 direct epilogue M=8 f32", 8, 1000, 4096, 1, 0, 0, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C66});
  // 64x32 tiles (CUTEGO_GEMM_CONFIG_64x32x128, asked for: one consumer warpgroup, 8 stages of two
  // 64-wide k-blocks, B's
  // N-major stages in the 64-byte swizzle; 16-bit D through the direct epilogue, fp32 D through
  // TMA stores of 32-column boxes): every major order, bf16 and f16 in, bf16/f16/f32 out, beta on
  // half of them (C read by the direct epilogue), M cycling through 1, 8, 40, 64 and 100 (two tile
  // rows), N = 1000 (31 whole column tiles of 32 and a partial 32nd of 8 columns), K = 520 (a
  // partial k-tile); N = K = 4096 at each M, unsplit (128 tiles fill the wave: the automatic split
  // must give none); fp32 D with beta at 4096; split K 2 on 64x32 slices; 2x1 clusters sharing B
  // (16-row slices of K-major B, 32-K slices of N-major B; M = 40: the partner CTA past M);
  // batches with B broadcast, packed A, fp32 D forced direct
  const int C67 = CUTEGO_GEMM_CONFIG_64x32x128 + 1;
  {
    const int64_t ms[] = {1, 8, 40, 64, 100};
    every_major_and_type_m("64x32", C67, ms, 5);
    for (int64_t m : ms) {
      snprintf(names[ni], 48, "64x32 M=%lld 4096x4096 unsplit", (long long)m);
      cs.push_back({names[ni++], m, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C67});
    }
  }
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm) {
      snprintf(names[ni], 48, "64x32 cluster %c%c", am ? 'M' : 'K', bm ? 'N' : 'K');
      cs.push_back({names[ni++], am ? 40 : 200, 1000, 1024, 1, am, bm, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 2, 1, C67});
    }
  cs.push_back({"64x32 M=64 4096x4096 f32 beta", 64, 4096, 4096, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C67});
  cs.push_back({"64x32 M=8 4096x4096 NN f16 beta", 8, 4096, 4096, 1, 1, 1, F16, F16, 1.f, -0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C67});
  cs.push_back({"64x32 1x4096x14336 unsplit", 1, 4096, 14336, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C67});
  cs.push_back({"64x32 split-K 2 M=8 f32 beta", 8, 4096, 4096, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C67});
  cs.push_back({"64x32 split-K 2 M=40 MN f16", 40, 1000, 4096, 1, 1, 1, F16, F16, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C67});
  cs.push_back({"64x32 split-K 2 M=100 KN bf16", 100, 1000, 4096, 1, 0, 1, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C67});
  cs.push_back({"64x32 batched B broadcast", 40, 520, 256, 3, 0, 1, F16, F32, 1.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, C67});
  cs.push_back({"64x32 batched M=100 beta", 100, 520, 320, 2, 1, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C67});
  cs.push_back({"64x32 packed A", 100, 260, 99, 2, 1, 0, BF, BF, 1.f, 0.f, 0, W, 1, 0, 0, 0, 0, 0, 0, 0, C67});
  cs.push_back({"64x32 direct epilogue M=8 f32", 8, 1000, 4096, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C67});
  // The last k-tile's k-blocks past K (boxes wholly out of bounds: zeros, counted in full): K =
  // 64 x (2q + 1) on both tiles (two k-blocks per stage), with a partial k-block before the empty
  // one (K = 4100, 4290), K = 4224 and 4288 (64 x 66, 67: none or one past K), every major order,
  // split K in slices of 2080 (16 whole k-tiles and one with one k-block of 32 elements)
  {
    const int64_t ks[] = {4160, 4224, 4288, 4100, 4290};
    for (int i = 0; i < 5; ++i)
      for (int c = 0; c < 2; ++c) {
        const int am = i % 2, bm = (i / 2) % 2;
        snprintf(names[ni], 48, "%s K=%lld %c%c k-blocks past K", c ? "64x64" : "64x32", (long long)ks[i],
                 am ? 'M' : 'K', bm ? 'N' : 'K');
        cs.push_back({names[ni++], i < 3 ? 8 : 40, 1000, ks[i], 1, am, bm, BF, i % 2 ? F32 : BF, 1.f, i == 2 ? 0.5f : 0.f,
                      0, W, 0, 0, 0, 0, 0, 0, 0, 1, c ? C66 : C67});
      }
  }
  cs.push_back({"64x32 K=4160 split-K 2", 8, 4096, 4160, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C67});
  cs.push_back({"64x64 K=4160 split-K 2", 8, 4096, 4160, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C66});
  // 64x128 tiles (CUTEGO_GEMM_CONFIG_64x128x64, asked for: one consumer warpgroup, m64n128k16, 8
  // stages; D through TMA stores of two (16-bit) or four (fp32) 128-byte chunks per row): every
  // major order, bf16 and f16 in, bf16/f16/f32 out, beta on half of them, M cycling through 1, 40
  // (one tile row), 100 and 200 (two and four: a wrong tile-row mapping of the one consumer fails
  // the comparison), N = 1000 (7 whole column tiles of 128 and a partial 8th of 104 columns), K =
  // 520 (a partial k-tile); N = K = 4096 at each M (data-parallel) and N = 1000, K = 4096 MN-major;
  // split K 2 on 64x128 slices; 2x1 clusters sharing B (64-row slices of K-major B, 32-K slices of
  // N-major B; M = 40: the partner CTA past M); batches with B broadcast, packed A, the direct
  // epilogue; 1000^3, 1024^3 and 128x6144x4096 unsplit (128, 128 and 96 tiles: the automatic split
  // must give none)
  const int C68 = CUTEGO_GEMM_CONFIG_64x128x64 + 1;
  {
    const int64_t ms[] = {1, 40, 100, 200};
    every_major_and_type_m("64x128", C68, ms, 4);
    for (int64_t m : ms) {
      snprintf(names[ni], 48, "64x128 M=%lld 4096x4096", (long long)m);
      cs.push_back({names[ni++], m, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C68});
      snprintf(names[ni], 48, "64x128 M=%lld 1000x4096 MN f16 f32 beta", (long long)m);
      cs.push_back({names[ni++], m, 1000, 4096, 1, 1, 1, F16, F32, 1.f, -0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C68});
    }
  }
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm) {
      snprintf(names[ni], 48, "64x128 cluster %c%c", am ? 'M' : 'K', bm ? 'N' : 'K');
      cs.push_back({names[ni++], am ? 40 : 200, 1000, 1024, 1, am, bm, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 2, 1, C68});
    }
  cs.push_back({"64x128 split-K 2 M=200 f32 beta", 200, 4096, 4096, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C68});
  cs.push_back({"64x128 split-K 2 M=40 MN f16", 40, 1000, 4096, 1, 1, 1, F16, F16, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C68});
  cs.push_back({"64x128 split-K 2 M=100 KN bf16", 100, 1000, 4096, 1, 0, 1, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C68});
  cs.push_back({"64x128 auto split 1x4096x4096", 1, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -1, C68});
  cs.push_back({"64x128 batched B broadcast", 40, 520, 256, 3, 0, 1, F16, F32, 1.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, C68});
  cs.push_back({"64x128 batched M=100 beta", 100, 520, 320, 2, 1, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C68});
  cs.push_back({"64x128 packed A", 100, 260, 99, 2, 1, 0, BF, BF, 1.f, 0.f, 0, W, 1, 0, 0, 0, 0, 0, 0, 0, C68});
  cs.push_back({"64x128 direct epilogue", 200, 1200, 520, 1, 1, 1, F16, F16, 1.25f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C68});
  cs.push_back({"64x128 direct epilogue M=40 f32", 40, 1000, 4096, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C68});
  cs.push_back({"64x128 1000^3 unsplit", 1000, 1000, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C68});
  cs.push_back({"64x128 1024^3 f16 f32 beta unsplit", 1024, 1024, 1024, 1, 0, 0, F16, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C68});
  cs.push_back({"64x128 128x6144x4096 unsplit", 128, 6144, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C68});
  // 64x96 tiles (asked for): every major order x bf16/f16 in x bf16/f16/f32 out at M in {1, 40, 100,
  // 200} against N = 1000 (10 whole tiles and a partial eleventh: the last 40 columns), K = 520 (a
  // partial k-tile); 16-bit D in its whole 64-column chunk by TMA and the last 32 columns directly;
  // split K 2 on 64x96 slices; 2x1 clusters (48-row halves of K-major B, 32-K slices of N-major B;
  // M = 40: the partner CTA past M); batches with B broadcast, packed A, the direct epilogue; 128 x
  // 6144 x 4096 unsplit (128 tiles: the tile's shape)
  const int C696 = CUTEGO_GEMM_CONFIG_64x96x64 + 1;
  {
    const int64_t ms[] = {1, 40, 100, 200};
    every_major_and_type_m("64x96", C696, ms, 4);
  }
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm) {
      snprintf(names[ni], 48, "64x96 cluster %c%c", am ? 'M' : 'K', bm ? 'N' : 'K');
      cs.push_back({names[ni++], am ? 40 : 200, 1000, 1024, 1, am, bm, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 2, 1, C696});
    }
  cs.push_back({"64x96 split-K 2 M=200 f32 beta", 200, 4096, 4096, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C696});
  cs.push_back({"64x96 split-K 2 M=40 MN f16", 40, 1000, 4096, 1, 1, 1, F16, F16, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C696});
  cs.push_back({"64x96 batched B broadcast", 40, 520, 256, 3, 0, 1, F16, F32, 1.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, C696});
  cs.push_back({"64x96 packed A", 100, 260, 99, 2, 1, 0, BF, BF, 1.f, 0.f, 0, W, 1, 0, 0, 0, 0, 0, 0, 0, C696});
  cs.push_back({"64x96 direct epilogue", 200, 1200, 520, 1, 1, 1, F16, F16, 1.25f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C696});
  cs.push_back({"64x96 128x6144x4096 unsplit", 128, 6144, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C696});
  // 128x96 tiles (CUTEGO_GEMM_CONFIG_128x96x64, asked for: two consumer warpgroups, m64n96k16, 6
  // stages; B's N-major stages in the 64-byte swizzle, three loads of 32 columns; 16-bit D through
  // TMA in one 64-column chunk a row and the last 32 columns directly, fp32 D in three chunks):
  // every major order, bf16 and f16 in, bf16/f16/f32 out, beta on half of them, M cycling through 1,
  // 100 (one tile row, the second consumer partly or wholly past M), 128, 200 and 256 (two tile
  // rows), N = 1000 (10 whole column tiles of 96 and a partial 11th of 40 columns: a wrong column
  // mapping of the 96-wide accumulator fails the comparison), K = 520 (a partial k-tile); 256 x 6144
  // x 4096 (128 tiles, the automatic split must give none), f16 and fp32 D too; split K 2 on 128x96
  // slices; 2x1 clusters sharing B (48-row halves of K-major B, 32-K halves of N-major B) and 1x2
  // clusters sharing A; batches with B broadcast, packed A, the direct epilogue with fp32 D
  const int C1296 = CUTEGO_GEMM_CONFIG_128x96x64 + 1;
  {
    const int64_t ms[] = {1, 100, 128, 200, 256};
    every_major_and_type_m("128x96", C1296, ms, 5);
  }
  cs.push_back({"128x96 256x6144x4096 unsplit", 256, 6144, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C1296});
  cs.push_back({"128x96 256x6144x4096 f16 beta unsplit", 256, 6144, 4096, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C1296});
  cs.push_back({"128x96 256x6144x4096 MN f32 unsplit", 256, 6144, 4096, 1, 1, 1, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C1296});
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm) {
      snprintf(names[ni], 48, "128x96 cluster %c%c", am ? 'M' : 'K', bm ? 'N' : 'K');
      cs.push_back({names[ni++], am ? 100 : 256, 1000, 1024, 1, am, bm, BF, bm ? F32 : BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 2, 1, C1296});
    }
  cs.push_back({"128x96 cluster_n 256x6144x4096 KN f16", 256, 6144, 4096, 1, 0, 1, F16, F16, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1, C1296, 0, 0, 0, 2});
  cs.push_back({"128x96 split-K 2 M=200 f32 beta", 200, 1000, 4096, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C1296});
  cs.push_back({"128x96 split-K 2 M=100 MN f16", 100, 1000, 4096, 1, 1, 1, F16, F16, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C1296});
  cs.push_back({"128x96 split-K 2 256x6144x4096 KN bf16", 256, 6144, 4096, 1, 0, 1, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C1296});
  cs.push_back({"128x96 batched B broadcast", 100, 520, 256, 3, 0, 1, F16, F32, 1.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, C1296});
  cs.push_back({"128x96 batched M=200 beta", 200, 520, 320, 2, 1, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C1296});
  cs.push_back({"128x96 packed A", 100, 260, 99, 2, 1, 0, BF, BF, 1.f, 0.f, 0, W, 1, 0, 0, 0, 0, 0, 0, 0, C1296});
  cs.push_back({"128x96 direct epilogue f32", 200, 1000, 520, 1, 1, 1, F16, F32, 1.25f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C1296});
  // 128x224 tiles (CUTEGO_GEMM_CONFIG_128x224x64, asked for: two consumer warpgroups, m64n224k16, 4
  // stages; B's N-major stages in the 64-byte swizzle, seven loads of 32 columns; 16-bit D through
  // TMA in three 64-column chunks a row and the last 32 columns directly, fp32 D in seven chunks; no
  // clusters): every major order, bf16 and f16 in, bf16/f16/f32 out, beta on half of them, M cycling
  // through 1, 100, 128, 200 and 256, N = 1000 (4 whole column tiles of 224 and a partial 5th of 104
  // columns: a wrong column mapping of the 224-wide accumulator fails the comparison), K = 520 (a
  // partial k-tile); 256 x 14336 x 4096 (128 tiles, the automatic split must give none), f16 and
  // fp32 D too; split K 2 on 128x224 slices; batches with B broadcast, packed A, the direct epilogue
  const int C12224 = CUTEGO_GEMM_CONFIG_128x224x64 + 1;
  {
    const int64_t ms[] = {1, 100, 128, 200, 256};
    every_major_and_type_m("128x224", C12224, ms, 5);
  }
  cs.push_back({"128x224 256x14336x4096 unsplit", 256, 14336, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C12224});
  cs.push_back({"128x224 256x14336x4096 f16 beta unsplit", 256, 14336, 4096, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C12224});
  cs.push_back({"128x224 256x14336x4096 MN f32 unsplit", 256, 14336, 4096, 1, 1, 1, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, C12224});
  cs.push_back({"128x224 split-K 2 M=200 f32 beta", 200, 1000, 4096, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C12224});
  cs.push_back({"128x224 split-K 2 M=100 MN f16", 100, 1000, 4096, 1, 1, 1, F16, F16, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, C12224});
  cs.push_back({"128x224 batched B broadcast", 100, 520, 256, 3, 0, 1, F16, F32, 1.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, C12224});
  cs.push_back({"128x224 batched M=200 beta", 200, 520, 320, 2, 1, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, C12224});
  cs.push_back({"128x224 packed A", 100, 260, 99, 2, 1, 0, BF, BF, 1.f, 0.f, 0, W, 1, 0, 0, 0, 0, 0, 0, 0, C12224});
  cs.push_back({"128x224 direct epilogue f32", 200, 1000, 520, 1, 1, 1, F16, F32, 1.25f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1, C12224});
  // the launcher's narrow tiles (cutego_gemm_narrow_config): 64x64 for at most 64 rows (the decode
  // shapes: 8x6144x4096 data-parallel on 96 tiles, 1x2048x11008 and 16x2048x11008 in 4 slices; 64x32
  // unsplit at N = 4096), 64x128 above
  cs.push_back({"decode auto 8x6144x4096 (64x64)", 8, 6144, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C66, -CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL});
  cs.push_back({"decode auto 1x2048x11008 (64x64)", 1, 2048, 11008, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -1, -C66});
  cs.push_back({"decode auto 64x6144x4096 f16 f32 (64x64)", 64, 6144, 4096, 1, 0, 0, F16, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C66, -CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL});
  cs.push_back({"narrow auto 16x2048x11008 (64x64)", 16, 2048, 11008, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -1, -C66});
  cs.push_back({"narrow auto 256x4096x4096 f16", 256, 4096, 4096, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C68});
  cs.push_back({"narrow auto 256x4096x14336 (64x128 unsplit)", 256, 4096, 14336, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C68});
  cs.push_back({"narrow auto 100x6144x4096 KN (64x96 in clusters)", 100, 6144, 4096, 1, 0, 1, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, -2, 0, -C696});
  // stream-K (decomposition STREAM_K, gemm_stream_k.cuh): every major order on both tile
  // configurations with three output types and beta; fewer tiles than SMs (every tile shared by
  // several CTAs), data-parallel waves beside the stream-K ones, batches with B broadcast, N off
  // the tile grid, M below a tile (a consumer warpgroup idle), one k-tile, the direct epilogue;
  // then the cost model's choice on a few-wave shape, and data-parallel asked for there
  const int SK = CUTEGO_GEMM_DECOMPOSITION_STREAM_K, DP = CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL;
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm)
      for (int cfg = 1; cfg <= 2; ++cfg) {
        const int t = (2 * am + bm + cfg) % 3;
        int ab = t == 1 ? F16 : BF, cd = t == 0 ? BF : t == 1 ? F32 : F16;
        snprintf(names[ni], 48, "stream-K %s %c%c %s->%s", cfg == 1 ? "128x256" : "128x128", am ? 'M' : 'K',
                 bm ? 'N' : 'K', ab == BF ? "bf16" : "f16", cd == BF ? "bf16" : cd == F16 ? "f16" : "f32");
        cs.push_back({names[ni++], 1000, 1200, 520, 1, am, bm, ab, cd, 1.25f, t == 1 ? 0.5f : 0.f, 0, W, 0, 0, 0, 0, 0, 0,
                      0, 0, cfg, SK});
      }
  cs.push_back({"stream-K DP waves + SK 128x256", 4000, 4104, 704, 1, 0, 0, BF, BF, 1.f, -0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 1, SK});
  cs.push_back({"stream-K DP waves + SK 128x128 MN", 2112, 4000, 1000, 1, 1, 1, F16, F16, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 2, SK});
  cs.push_back({"stream-K batched B broadcast", 640, 1152, 328, 3, 1, 0, F16, F32, 2.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, 0, SK});
  cs.push_back({"stream-K N=1002 beta", 96, 1002, 1536, 1, 0, 0, BF, BF, 1.f, -0.75f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, SK});
  cs.push_back({"stream-K M=40 M-major", 40, 1000, 2056, 1, 1, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, SK});
  cs.push_back({"stream-K K=8 (one k-tile)", 1024, 1024, 8, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, SK});
  cs.push_back({"stream-K direct epilogue", 1000, 1200, 520, 1, 1, 1, F16, F16, 1.25f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 0, 0, SK});
  cs.push_back({"stream-K M=1 K=4096", 1, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, SK});
  // (stream-K where the model takes it: K long enough for the fixup to vanish and a sliver of a last
  // wave of the data-parallel tiles, 2432 x 7168 x 32768; elsewhere the partial wave of 128x256 tiles
  // goes to 128x192 or 128x168 ones data-parallel, measured 1.03-1.18x faster than stream-K there)
  cs.push_back({"stream-K auto 2432x7168x32768", 2432, 7168, 32768, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, -SK});
  cs.push_back({"data-parallel auto 1536x14336x14336 (128x192)", 1536, 14336, 14336, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C192, -DP});
  cs.push_back({"data-parallel auto 1536x14336x4096 (128x192)", 1536, 14336, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C192, -DP});
  // (bf16 1024 x 14336 x 4096: 128x224 tiles data-parallel, as many waves as 128x256 ones)
  cs.push_back({"no stream-K 1024x14336x4096", 1024, 14336, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -12, -1});
  cs.push_back({"data-parallel auto 2048x11008x4096 f16 (128x168)", 2048, 11008, 4096, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C168, -DP});
  // the one-wave shapes on 128x192 and 128x168 tiles (cutego_gemm_pick_config; 128x168 for a K-major B
  // only), data-parallel
  cs.push_back({"data-parallel auto 512x11008x4096 f16 (128x168)", 512, 11008, 4096, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C168, -DP});
  cs.push_back({"data-parallel auto 256x11008x4096 (128x168)", 256, 11008, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C168, -DP});
  cs.push_back({"data-parallel auto 1000x5000x4096 f32 (128x168)", 1000, 5000, 4096, 1, 0, 0, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C168, -DP});
  cs.push_back({"data-parallel auto 512x11008x4096 KN (128x192)", 512, 11008, 4096, 1, 0, 1, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C192, -DP});
  cs.push_back({"data-parallel auto 512x6144x4096 (128x192)", 512, 6144, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C192, -DP});
  cs.push_back({"data-parallel auto 1536^3 NT (128x192)", 1536, 1536, 1536, 1, 1, 1, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C192, -DP});
  // 64x128 tiles where 128x128 is the data-parallel choice, neither splits K, 64x128 tiles fill
  // one wave and 128x128 ones at most half, rows on the 128-byte grid or B's read in place off it
  // (cutego_gemm_narrow_config's first rule): 1024^3 (128 tiles), 768^3 (72), 512^3 (32), 3 x
  // 512^3 batched (96), 1000^3 (in 2x1 clusters, cutego_gemm_auto_cluster);
  // 96x6144x4096 on 64x128 too, as the split rule's narrow tiles (96, unsplit)
  cs.push_back({"square auto 1000^3 (64x128 in clusters: B's rows off the 128-byte grid)", 1000, 1000, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, -2, -2, -C68, -DP});
  cs.push_back({"square auto 1024^3 (64x128)", 1024, 1024, 1024, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C68, -DP});
  cs.push_back({"square auto 768^3 f16 f32 beta (64x128)", 768, 768, 768, 1, 0, 0, F16, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C68, -DP});
  // of those, 64x64 tiles where they fill at most one wave unsplit, rows on the grid (one_wave_64x64)
  cs.push_back({"square auto 512^3 NN (64x64)", 512, 512, 512, 1, 1, 1, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C66, -DP});
  cs.push_back({"square auto 384^3 f16 f32 beta (64x64)", 384, 384, 384, 1, 0, 0, F16, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C66, -DP});
  cs.push_back({"square auto 256^3 KN (64x64)", 256, 256, 256, 1, 0, 1, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C66, -DP});
  cs.push_back({"square auto 640^3 (64x64)", 640, 640, 640, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C66, -DP});
  // (500^3: rows of 1,000 bytes, off TMA's 16-byte grid, so A and B are copied on any tiles, and
  // the narrow ones, which add no copy, read them: 64x64, 64 tiles)
  cs.push_back({"square auto 500^3 packed (64x64)", 500, 500, 500, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C66, -DP});
  cs.push_back({"square auto 3x512^3 batched (64x128)", 512, 512, 512, 3, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -C68, -DP});
  cs.push_back({"narrow auto 96x6144x4096 (64x128)", 96, 6144, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C68, -DP});
  // 97-128 rows on 64x96 tiles in 2x1 clusters where they fill more SMs (cutego_gemm_narrow_config,
  // cutego_gemm_auto_cluster): 128x6144x4096 on 128 tiles, 112x6144x11008 f16 with beta
  cs.push_back({"narrow auto 128x6144x4096 (64x96 in clusters)", 128, 6144, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, -2, -2, -C696, -DP});
  cs.push_back({"auto 256x6144x4096 (128x96)", 256, 6144, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, -1, -2, -C1296, -DP});
  cs.push_back({"auto 256x5120x4096 f16 f32 beta (128x96)", 256, 5120, 4096, 1, 0, 0, F16, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, -1, -2, -C1296, -DP});
  cs.push_back({"auto 512x14336x4096 (128x224)", 512, 14336, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, -1, -2, -C12224, -DP});
  cs.push_back({"auto 1024x7168x4096 f16 f32 beta (128x224)", 1024, 7168, 4096, 1, 0, 0, F16, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, -1, -2, -C12224, -DP});
  // 2x1 clusters asked for with the tiles left to the planner, where its choice has none (128x224,
  // 128x168): 128x256 tiles in clusters
  cs.push_back({"auto cluster_m 2 512x14336x4096 (128x256)", 512, 14336, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 2, 1, -(CUTEGO_GEMM_CONFIG_128x256x64 + 1)});
  cs.push_back({"auto cluster_m 2 256x11008x4096 f16 (128x256)", 256, 11008, 4096, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 2, 1, -(CUTEGO_GEMM_CONFIG_128x256x64 + 1)});
  cs.push_back({"auto 512x14336x4096 NN (128x224)", 512, 14336, 4096, 1, 1, 1, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, -1, -2, -C12224, -DP});
  cs.push_back({"narrow auto 112x6144x11008 f16 beta (64x96 in clusters)", 112, 6144, 11008, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, -2, -2, -C696, -DP});
  // two rows of 128x128 tiles that would split K: 64x128 tiles unsplit (128 of them), partial rows
  cs.push_back({"narrow auto 240x4096x11008 (64x128 unsplit)", 240, 4096, 11008, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C68, -DP});
  cs.push_back({"narrow auto 200x4096x14336 f16 beta (64x128 unsplit)", 200, 4096, 14336, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -C68, -DP});
  cs.push_back({"data-parallel asked 1024x14336x4096", 1024, 14336, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, DP});
  cs.push_back({"data-parallel auto 4096x4096x4096", 4096, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, -DP});
  // fewer rows than a tile: a K-major A box of M rounded up to 8 rows, an M-major A's loads past
  // M skipped, a consumer warpgroup wholly past M idle; with clusters the partner CTA's tile
  // lies wholly past M
  cs.push_back({"small M=8 K-major no split", 8, 1000, 520, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1});
  cs.push_back({"small M=64 K-major f32 beta", 64, 1000, 520, 1, 0, 1, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1});
  cs.push_back({"small M=100 K-major f16", 100, 1200, 520, 1, 0, 0, F16, F16, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1});
  cs.push_back({"small M=40 M-major", 40, 1000, 520, 1, 1, 0, BF, BF, 1.25f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1});
  cs.push_back({"small M=72 M-major direct", 72, 1000, 520, 1, 1, 1, F16, F32, 1.f, -1.f, 0, W, 0, 0, 0, 1, 0, 0, 0, 1});
  cs.push_back({"small M=50 cluster", 50, 2048, 512, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 2, 1});
  cs.push_back({"small M=24 batched", 24, 640, 320, 3, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0});
  cs.push_back({"small M=100 K=4097 (packed rows)", 100, 4096, 4097, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
  // the direct-store epilogue (the TMA-store one is the default where D allows it)
  cs.push_back({"direct epilogue KK bf16", 1000, 1200, 520, 1, 0, 0, BF, BF, 1.25f, 0.5f, 0, W, 0, 0, 0, 1});
  cs.push_back({"direct epilogue MN f32", 1000, 1200, 520, 1, 1, 1, F16, F32, 1.25f, 0.f, 0, W, 0, 0, 0, 1});
  cs.push_back({"direct epilogue batched", 640, 1152, 320, 3, 1, 0, F16, F16, 2.f, -1.f, 0, W, 0, 0, 0, 1});
  // squares
  for (int64_t s : {64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384}) {
    if (!big && s > 4096) continue;
    snprintf(names[ni], 48, "square %lld", (long long)s);
    cs.push_back({names[ni++], s, s, s, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
  }
  if (big) cs.push_back({"square 8192 NN f16 beta", 8192, 8192, 8192, 1, 1, 1, F16, F16, 1.f, 1.f, 0, W, 0, 0, 0});
  // odd sizes
  cs.push_back({"odd 4095x5001x1000", 4095, 5001, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
  // M-major A with M = 4095: a K step of 8190 bytes is no TMA stride -> A packed, or generic.
  cs.push_back({"odd 4095x5001x1000 NN (A packed)", 4095, 5001, 1000, 1, 1, 1, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0});
  cs.push_back({"odd 4095x5001x1000 NN no-pack", 4095, 5001, 1000, 1, 1, 1, BF, F32, 1.f, 0.f, 0, G, 0, 0, 0, 0, 1});
  cs.push_back({"odd 4096x5001x1000 NT", 4096, 5001, 1000, 1, 1, 0, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0});
  // Row pitches off the 128-byte grid (options.pitch_pack): K-major rows of 2000 bytes copied into
  // a 128-byte pitch where the cost model says it pays (3000x5000x1000: both; 1000^3: neither),
  // ON and OFF; a padded pitch with beta and batches (ON), M-major A left alone; K = 4100 (rows off
  // the 16-byte grid): 64x64 tiles on the copies (100 rows), K split on the packed copies (16 rows:
  // slices of the zero-padded K = 4160), with beta and f32 out; 100x4096x1000 on 64x128 tiles in
  // place (narrow tiles add no copy the 128x128 plan would make), a
  // hierarchical A (cutego_copy into the workspace) split in 4, and stream-K on packed copies.
  {
    const int PA = CUTEGO_GEMM_F_PACK_A, PB = CUTEGO_GEMM_F_PACK_B, ON = CUTEGO_GEMM_PITCH_PACK_ON,
              OFF = CUTEGO_GEMM_PITCH_PACK_OFF, SKd = CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
    // {name, m, n, k, l, am, bm, ab, cd, alpha, beta, force, expect, pad, bcast_b, hier, direct, nopack, hier_d,
    //  cluster, split, config, decomp, pitch, packs}
    cs.push_back({"pitch auto 3000x5000x1000 (in place, clusters)", 3000, 5000, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, -2, 0, 0, 0, 0, 1});
    cs.push_back({"pitch auto 3000x5000x1000 no clusters", 3000, 5000, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 + PA + PB});
    cs.push_back({"pitch OFF 3000x5000x1000", 3000, 5000, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1});
    cs.push_back({"pitch auto 1000^3 (in place)", 1000, 1000, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1});
    cs.push_back({"pitch ON 1000^3 f16->f32 beta", 1000, 1000, 1000, 1, 0, 0, F16, F32, 1.25f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ON, 1 + PA + PB});
    cs.push_back({"pitch ON padded L=3 beta", 640, 700, 1000, 3, 0, 0, BF, BF, 1.f, -0.75f, 0, W, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, ON, 1 + PA + PB});
    cs.push_back({"pitch ON M-major A L=2 f16", 640, 700, 1000, 2, 1, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ON, 1 + PB});
    cs.push_back({"pitch ON B broadcast L=3", 512, 640, 1000, 3, 0, 0, BF, F32, 1.f, 0.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, ON, 1 + PA});
    cs.push_back({"pitch auto 100x4096x4097 (64x64)", 100, 4096, 4097, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, -(CUTEGO_GEMM_CONFIG_64x64x128 + 1), 0, 0, 1 + PA + PB});
    cs.push_back({"pitch split auto 16x2048x4097 beta", 16, 2048, 4097, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 1 + PA + PB});
    cs.push_back({"pitch auto 100x4096x1000 (64x128 in place)", 100, 4096, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, -(CUTEGO_GEMM_CONFIG_64x128x64 + 1), 0, 0, 1});
    cs.push_back({"pitch split 4 100x4096x4100 beta f32", 100, 4096, 4100, 1, 0, 0, F16, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 1 + PA + PB});
    cs.push_back({"pitch split 3 OFF 100x4096x4100", 100, 4096, 4100, 1, 0, 0, BF, BF, 1.f, -1.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, OFF, 1 + PA + PB});
    cs.push_back({"pitch split 4 hier A 200x1000x2080", 200, 1000, 2080, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 1, 0, 0, 0, 0, 4, 0, 0, 0, 1 + PA});
    cs.push_back({"pitch hier A 200x1000x2080 no split", 200, 1000, 2080, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1 + PA});
    cs.push_back({"pitch split 4 hier A 200x1000x2080 beta 0", 200, 1000, 2080, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 1, 0, 0, 0, 0, 4, 0, 0, 0, 1 + PA});
    cs.push_back({"pitch split 4 hier A 200x1000x2080 f32", 200, 1000, 2080, 1, 0, 0, BF, F32, 1.f, 0.f, 0, W, 0, 0, 1, 0, 0, 0, 0, 4, 0, 0, 0, 1 + PA});
    cs.push_back({"pitch split 4 hier A 256x1024x2048", 256, 1024, 2048, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 1, 0, 0, 0, 0, 4, 0, 0, 0, 1 + PA});
    cs.push_back({"pitch split 4 hier A 200x1024x2048", 200, 1024, 2048, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 1, 0, 0, 0, 0, 4, 0, 0, 0, 1 + PA});
    cs.push_back({"pitch split 4 flat 200x1000x2080 OFF", 200, 1000, 2080, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, OFF, 0});
    cs.push_back({"pitch split 4 flat 200x1000x2080 ON", 200, 1000, 2080, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, ON, 0});
    cs.push_back({"pitch 4096x4096x4098", 4096, 4096, 4098, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 + PA + PB});
    cs.push_back({"pitch ON 4096x4096x4100", 4096, 4096, 4100, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ON, 1 + PA + PB, 0, 0, 0, 0, -1});
    // A and B read in place by cp.async (CUTEGO_GEMM_F_ROWS: 16-bit K-major rows off the 16-byte grid,
    // on the 8-byte one): automatically at most 128 rows (K = 4100: rows of 8200 bytes) or a small
    // GEMM, with beta and every output type; with pitch_pack OFF a pitch past K (K = 1000 in rows of
    // 1004: the pieces past K zero filled, not read as K), batches, 4096 rows, every 16-bit tile
    // configuration; K below one k-tile (12, 4), a broadcast B, partial tiles on every side, no_pack
    // (no copy to refuse), a column-major D (swapped where the planner swaps); copied where AUTO says
    // the copies pay (256 or 4096 rows) or a split or clusters are asked for.
    // {name, m, n, k, l, am, bm, ab, cd, alpha, beta, force, expect, pad, bcast_b, hier, direct, nopack, hier_d,
    //  cluster, split, config, decomp, pitch, packs, cluster_n, max_ctas, d_store, dm, rows}
    cs.push_back({"rows 100x4096x4100", 100, 4096, 4100, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows 100x4096x4100 f16 f32 beta", 100, 4096, 4100, 1, 0, 0, F16, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows M=1 4096x4100", 1, 4096, 4100, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows 16x2048x4100 beta", 16, 2048, 4100, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows OFF 4096x4096x4100", 4096, 4096, 4100, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows auto 4096x4096x4100: copies", 4096, 4096, 4100, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 + PA + PB, 0, 0, 0, 0, -1});
    cs.push_back({"rows auto 256x4096x4100: copies", 256, 4096, 4100, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 + PA + PB, 0, 0, 0, 0, -1});
    cs.push_back({"rows 500^3 f16 beta", 500, 500, 500, 1, 0, 0, F16, F16, 1.f, -0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows pitch 1004 K=1000 1000x1200", 1000, 1200, 1000, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows batched L=3 300x700x1004 f32", 300, 700, 1004, 3, 0, 0, BF, F32, 1.25f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows B broadcast L=3 K=12", 200, 520, 12, 3, 0, 0, F16, F16, 1.f, 0.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows K=4 130x300 beta", 130, 300, 4, 1, 0, 0, BF, BF, 1.f, 1.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows no_pack 300x1000x1004", 300, 1000, 1004, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows direct epilogue 333x1000x1004", 333, 1000, 1004, 1, 0, 0, BF, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 0, 1});
    cs.push_back({"rows col-major D 1000x100x4100", 1000, 100, 4100, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3, 1});
    cs.push_back({"rows col-major D 1000x1200x1004 beta", 1000, 1200, 1004, 1, 0, 0, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 3, 1});
    cs.push_back({"rows split 2 asked: copies", 100, 4096, 4100, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1 + PA + PB, 0, 0, 0, 0, -1});
    cs.push_back({"rows clusters asked: copies", 1000, 1200, 1004, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1 + PA + PB, 0, 0, 0, 0, -1});
    // By 4-byte pieces (CUTEGO_GEMM_F_ROWS_4: rows on the 4-byte grid, off the 8-byte one, K even): K =
    // 4098 at 1 to 100 rows, 4096 rows with OFF, rows of 1002 holding K = 1000 and of 1004 holding K
    // = 1002 (a piece past K zero filled), K = 2 and 6, batches, a broadcast B, no_pack, a column-major
    // D, every tile configuration; odd K copied.
    cs.push_back({"rows4 100x4096x4098", 100, 4096, 4098, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, -2, 0, 0, 0, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 M=1 4096x4098", 1, 4096, 4098, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 8x14336x4098 f16 f32 beta", 8, 14336, 4098, 1, 0, 0, F16, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 64x4096x4098 beta", 64, 4096, 4098, 1, 0, 0, BF, BF, 1.f, -1.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 OFF 4096x4096x4098", 4096, 4096, 4098, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 pitch 1002 K=1000 1000x1200", 1000, 1200, 1000, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 pitch 1004 K=1002 500x700", 500, 700, 1002, 1, 0, 0, F16, F16, 1.f, 0.f, 0, W, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 K=2 130x300 beta", 130, 300, 2, 1, 0, 0, BF, BF, 1.f, 1.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 B broadcast L=3 K=6", 200, 520, 6, 3, 0, 0, F16, F16, 1.f, 0.f, 0, W, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 auto 500x500x502: copies", 500, 500, 502, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 + PA + PB, 0, 0, 0, 0, -1});
    cs.push_back({"rows4 batched L=3 300x700x1002 f32", 300, 700, 1002, 3, 0, 0, BF, F32, 1.25f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 no_pack 300x1000x1002", 300, 1000, 1002, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2});
    cs.push_back({"rows4 col-major D 1000x100x4098", 1000, 100, 4098, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3, 2});
    cs.push_back({"rows odd K 100x4096x4097: copies", 100, 4096, 4097, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, OFF, 1 + PA + PB, 0, 0, 0, 0, -1});
    {
      const int cfgs[] = {CUTEGO_GEMM_CONFIG_128x256x64, CUTEGO_GEMM_CONFIG_128x128x64, CUTEGO_GEMM_CONFIG_128x64x64,
                          CUTEGO_GEMM_CONFIG_128x192x64, CUTEGO_GEMM_CONFIG_64x64x128, CUTEGO_GEMM_CONFIG_64x32x128,
                          CUTEGO_GEMM_CONFIG_64x128x64, CUTEGO_GEMM_CONFIG_128x168x64, CUTEGO_GEMM_CONFIG_64x96x64,
                          CUTEGO_GEMM_CONFIG_128x96x64, CUTEGO_GEMM_CONFIG_128x224x64};
      for (int piece = 8; piece >= 4; piece /= 2)
        for (size_t i = 0; i < sizeof cfgs / sizeof cfgs[0]; ++i) {
          const int64_t k = piece == 8 ? 1004 : 1002;
          snprintf(names[ni], 48, "rows%s config %d 300x1000x%lld", piece == 8 ? "" : "4", cfgs[i], (long long)k);
          cs.push_back({names[ni++], 300, 1000, k, i % 3 == 2 ? 2 : 1, 0, 0, i % 2 ? F16 : BF, i % 3 == 1 ? F32 : BF,
                        1.f, i % 2 ? 0.5f : 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, cfgs[i] + 1, 0, OFF, 1, 0, 0, 0, 0,
                        piece == 8 ? 1 : 2});
        }
    }
    // 2x1 clusters taken by cutego_gemm_auto_cluster (B K-major, read in place, rows off the
    // 128-byte grid; 1000^3 above): 900 x 1000 x 1000 on the narrow rule's 64x128 tiles (15 tile
    // rows: the last cluster's second CTA past M), 128x192 with beta and f32 out, 128x256 f16;
    // none on the grid.
    const int C256 = CUTEGO_GEMM_CONFIG_128x256x64 + 1;
    cs.push_back({"auto cluster 900x1000x1000 64x128 beta", 900, 1000, 1000, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, -2, -2, -C68, 0, 0, 0});
    cs.push_back({"auto cluster 2000x3000x1000 128x192 f32 beta", 2000, 3000, 1000, 1, 0, 0, BF, F32, 1.f, -0.5f, 0, W, 0, 0, 0, 0, 0, 0, -2, -2, -C192, 0, 0, 1});
    cs.push_back({"auto cluster 1000x4096x3000 128x256 f16", 1000, 4096, 3000, 1, 0, 0, F16, F16, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, -2, -2, -C256, 0, 0, 1});
    cs.push_back({"auto no cluster 1024^3 (on the grid)", 1024, 1024, 1024, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0});
    cs.push_back({"pitch stream-K ON 2048x4096x1000", 2048, 4096, 1000, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 0, 0, SKd, ON, 1 + PA + PB});
  }
  cs.push_back({"1x4096x4096", 1, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
  // 1x2 clusters sharing A (cluster_n 2): the two CTAs of a cluster compute horizontally adjacent
  // tiles, each loads half of A's rows of every stage and multicasts them to both. Every
  // configuration that has them, K-major A (the only A they share), both B majors, bf16 and f16 in,
  // every output type, beta on half: M of one tile row and of several with a partial last one, N of
  // an odd number of tile columns with a partial last one (the last cluster's second CTA lies past
  // N: zeros, no stores), K with a partial k-tile; then batches with B broadcast, the direct
  // epilogue, a padded A, B off the 128-byte grid read in place, split K (the slices in clusters)
  // and the decode shapes.
  {
    const int C128 = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
    const struct {
      int cfg, bm, bn;
      const char *name;
    } cns[] = {{C67, 64, 32, "64x32"},   {C66, 64, 64, "64x64"},    {C68, 64, 128, "64x128"}, {C128, 128, 128, "128x128"},
               {C64, 128, 64, "128x64"}, {C696, 64, 96, "64x96"}, {C1296, 128, 96, "128x96"}};
    for (const auto &x : cns)
      for (int bm = 0; bm < 2; ++bm)
        for (int t = 0; t < 3; ++t) {
          const int ab = (t + bm) % 2 ? F16 : BF, cd = t == 0 ? BF : t == 1 ? F16 : F32;
          const int64_t m = t == 0 ? x.bm : t == 1 ? 3 * x.bm + 8 : 2 * x.bm - 24, n = 5 * x.bn - 3;
          snprintf(names[ni], 48, "cluster_n %s K%c M=%lld N=%lld", x.name, bm ? 'N' : 'K', (long long)m, (long long)n);
          cs.push_back({names[ni++], m, n, 520, 1, 0, bm, ab, cd, 1.25f, t % 2 ? 0.5f : 0.f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1,
                        x.cfg, 0, 0, 0, 2});
        }
    cs.push_back({"cluster_n 64x32 batched B broadcast", 64, 1000, 256, 3, 0, 1, F16, F32, 1.f, -1.f, 0, W, 0, 1, 0, 0, 0, 0,
                  0, 1, C67, 0, 0, 0, 2});
    cs.push_back({"cluster_n 128x128 batched beta", 300, 520, 320, 2, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 0, 1,
                  C128, 0, 0, 0, 2});
    cs.push_back({"cluster_n 64x64 direct epilogue f32", 64, 1000, 4096, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 1, 0, 0,
                  0, 1, C66, 0, 0, 0, 2});
    cs.push_back({"cluster_n 64x128 padded A", 200, 1000, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 8, 0, 0, 0, 0, 0, 0, 1,
                  C68, 0, 0, 0, 2});
    cs.push_back({"cluster_n 64x128 1000^3 in place", 1000, 1000, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0,
                  0, 1, C68, 0, CUTEGO_GEMM_PITCH_PACK_OFF, 1, 2});
    cs.push_back({"cluster_n 64x32 decode 64x4096x4096", 64, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0,
                  0, 1, C67, 0, 0, 0, 2});
    cs.push_back({"cluster_n 64x64 decode 64x4096x4096 f16 split 2", 64, 4096, 4096, 1, 0, 0, F16, F16, 1.f, 0.f, 0, W, 0, 0,
                  0, 0, 0, 0, 0, 2, C66, 0, 0, 0, 2});
    cs.push_back({"cluster_n 64x32 split 2 M=64 f32 beta", 64, 1000, 4096, 1, 0, 1, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0,
                  0, 0, 2, C67, 0, 0, 0, 2});
    cs.push_back({"cluster_n 64x128 split 4 M=200 beta", 200, 1000, 4096, 1, 0, 0, BF, BF, 1.f, -0.5f, 0, W, 0, 0, 0, 0, 0,
                  0, 0, 4, C68, 0, 0, 0, 2});
    cs.push_back({"cluster_n 128x128 auto split 128x4096x4096", 128, 4096, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0,
                  0, 0, 0, 0, C128, 0, 0, 0, 2});
    cs.push_back({"cluster_n 64x32 64x11008x4096 NT", 64, 11008, 4096, 1, 0, 1, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0,
                  0, 1, C67, 0, 0, 0, 2});
    cs.push_back({"cluster_n 128x128 512x14336x4096", 512, 14336, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0,
                  0, 1, C128, 0, 0, 0, 2});
  }
  // A K-major B whose last tile column is partial loads that column's box from N - BN rounded down to
  // 8 rows (CUTEGO_GEMM_F_B_SHIFT) and stores only its own columns, directly: every configuration,
  // N = 7 BN + 8 (few valid columns) and 3 BN + 4 (an N off the 8-column grid); beta 0 (the TMA
  // epilogue, on 192-256 columns the deferred one, beside the shifted column's direct stores), beta
  // on f32 out, the direct epilogue; then stream-K, split K, 2x1 and 1x2 clusters, a column-major D
  // (transposed TMA and direct), batches, and N one column over one tile. (The plan shifts where the
  // last column holds at most half a tile beside 8 or more tile rows in one wave: M = 1000 or 1024;
  // on tiles of at most 168 columns: the wider ones run unshifted here.)
  {
    const struct {
      int cfg, bn;
      const char *name;
    } bs[] = {{CUTEGO_GEMM_CONFIG_64x32x128 + 1, 32, "64x32"},    {CUTEGO_GEMM_CONFIG_64x64x128 + 1, 64, "64x64"},
              {CUTEGO_GEMM_CONFIG_64x96x64 + 1, 96, "64x96"},     {CUTEGO_GEMM_CONFIG_64x128x64 + 1, 128, "64x128"},
              {CUTEGO_GEMM_CONFIG_128x64x64 + 1, 64, "128x64"},   {CUTEGO_GEMM_CONFIG_128x96x64 + 1, 96, "128x96"},
              {CUTEGO_GEMM_CONFIG_128x128x64 + 1, 128, "128x128"}, {CUTEGO_GEMM_CONFIG_128x168x64 + 1, 168, "128x168"},
              {CUTEGO_GEMM_CONFIG_128x192x64 + 1, 192, "128x192"}, {CUTEGO_GEMM_CONFIG_128x224x64 + 1, 224, "128x224"},
              {CUTEGO_GEMM_CONFIG_128x256x64 + 1, 256, "128x256"}};
    for (const auto &x : bs)
      for (int t = 0; t < 3; ++t) {
        const int64_t n = t == 1 ? 3 * x.bn + 4 : 7 * x.bn + 8;
        snprintf(names[ni], 48, "B shift %s N=%lld %s", x.name, (long long)n, t == 0 ? "bf16" : t == 1 ? "f32 beta" : "direct");
        cs.push_back({names[ni++], 1000, n, 520, 1, 0, 0, t == 1 ? F16 : BF, t == 1 ? F32 : BF, 1.25f, t == 1 ? 0.5f : 0.f, 0,
                      W, 0, 0, 0, t == 2, 0, 0, 1, 1, x.cfg});
      }
    const int C68 = CUTEGO_GEMM_CONFIG_64x128x64 + 1, C128 = CUTEGO_GEMM_CONFIG_128x128x64 + 1,
              SK = CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
    cs.push_back({"B shift 128x128 stream-K beta", 1000, 904, 4096, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 1, 0,
                  C128, SK});
    cs.push_back({"B shift 128x128 split 2 f32", 1000, 904, 4096, 1, 0, 0, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 1, 2,
                  C128});
    cs.push_back({"B shift 128x128 2x1 clusters", 1000, 904, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 2, 1,
                  C128});
    cs.push_back({"B shift 64x128 1x2 clusters beta", 1000, 904, 1000, 1, 0, 0, F16, F16, 1.f, -0.5f, 0, W, 0, 0, 0, 0, 0, 0,
                  0, 1, C68, 0, 0, 0, 2});
    cs.push_back({"B shift 64x128 D col-major (TMA)", 1000, 904, 1000, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 0, 1,
                  1, C68, 0, 0, 0, 0, 0, 0, 1});
    cs.push_back({"B shift 64x128 D col-major direct", 1000, 904, 1000, 1, 0, 0, BF, F32, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 1,
                  1, C68, 0, 0, 0, 0, 0, 0, 2});
    cs.push_back({"B shift 128x128 batched beta", 1024, 300, 320, 2, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 1, 1,
                  C128});
    cs.push_back({"B shift 128x128 batched B broadcast", 1024, 300, 320, 2, 0, 0, F16, F32, 1.f, 0.f, 0, W, 0, 1, 0, 0, 0, 0,
                  1, 1, C128});
    cs.push_back({"B shift 128x128 N=129", 1000, 129, 1000, 1, 0, 0, BF, BF, 1.f, 0.5f, 0, W, 0, 0, 0, 0, 0, 0, 1, 1, C128});
    cs.push_back({"B shift auto 1024x904x14336", 1024, 904, 14336, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
  }
  cs.push_back({"4096x1x4096", 4096, 1, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
  cs.push_back({"K=8", 1024, 1024, 8, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
  cs.push_back({"K=8 MN-major", 1024, 1024, 8, 1, 1, 1, F16, F16, 1.f, 0.5f, 0, W, 0, 0, 0});
  cs.push_back({"K=65536", 1024, 1024, 65536, 1, 0, 0, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0});
  if (big) cs.push_back({"K=65536 bf16 out", 2048, 2048, 65536, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
  cs.push_back({"4097x4099x4103 (A, B packed)", 4097, 4099, 4103, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
  cs.push_back({"4097x4099x4103 no-pack", 4097, 4099, 4103, 1, 0, 0, BF, BF, 1.f, 0.f, 0, G, 0, 0, 0, 0, 1});
  cs.push_back({"padded lda (16B-aligned)", 1000, 1000, 1000, 1, 0, 1, BF, BF, 1.f, 0.f, 0, W, 8, 0, 0});
  cs.push_back({"padded lda odd (packed)", 777, 555, 333, 1, 1, 0, BF, BF, 1.f, 0.5f, 0, W, 3, 0, 0});
  cs.push_back({"padded lda odd no-pack", 777, 555, 333, 1, 1, 0, BF, BF, 1.f, 0.f, 0, G, 3, 0, 0, 0, 1});
  cs.push_back({"padded odd batched (packed)", 300, 260, 99, 3, 0, 1, F16, F32, 1.f, 0.f, 0, W, 1, 0, 0});
  // batches
  cs.push_back({"batched L=4", 1024, 768, 512, 4, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
  cs.push_back({"batched L=3 NT beta", 640, 1152, 320, 3, 1, 0, F16, F32, 2.f, -1.f, 0, W, 0, 0, 0});
  cs.push_back({"batched L=5 B broadcast", 512, 512, 256, 5, 0, 1, BF, BF, 1.f, 0.f, 0, W, 0, 1, 0});
  // generic path, forced and by hierarchy
  cs.push_back({"forced generic", 300, 200, 100, 2, 0, 1, BF, F32, 1.f, 0.5f, G, G, 0, 0, 0});
  cs.push_back({"hierarchical D (workspace)", 512, 384, 256, 2, 0, 1, BF, F32, 1.f, 0.f, 0, W, 0, 0, 0, 0, 0, 1});
  cs.push_back({"hierarchical D bf16 (workspace)", 256, 200, 136, 1, 1, 0, BF, BF, 2.f, 0.f, 0, W, 0, 0, 0, 0, 0, 1});
  cs.push_back({"hierarchical D no-pack", 256, 192, 96, 2, 0, 0, F16, F16, 1.f, 0.f, 0, G, 0, 0, 0, 0, 1, 1});
  cs.push_back({"hierarchical A (packed)", 256, 192, 96, 2, 0, 0, F16, F16, 1.f, 0.f, 0, W, 0, 0, 1});
  cs.push_back({"hierarchical A no-pack", 256, 192, 96, 2, 0, 0, F16, F16, 1.f, 0.f, 0, G, 0, 0, 1, 0, 1});
  if (big) {
    cs.push_back({"LLM 4096x14336x4096 TN", 4096, 14336, 4096, 1, 0, 0, BF, BF, 1.f, 0.f, 0, W, 0, 0, 0});
    cs.push_back({"LLM 16384x4096x11008 NT f16", 16384, 4096, 11008, 1, 1, 0, F16, F16, 1.f, 0.f, 0, W, 0, 0, 0});
  }
  uint64_t seed = 12345;
  for (auto &c : cs) {
    if (filter && !matches(filter, c.name)) continue;
    if (quick && c.m * c.n * c.k > (int64_t)4096 * 4096 * 4096) continue;
    run(c, h, seed += 1000003);
  }
  if (!filter || matches(filter, "bad-args")) bad_args();
  if (!filter || matches(filter, "remembered")) remembered(h);
  printf("test_gemm: %d checks, %d failures\n", g_run, g_fail);
  cublasDestroy(h);
  return g_fail ? 1 : 0;
}

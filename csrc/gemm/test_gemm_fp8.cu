// test_gemm_fp8.cu — cutego_gemm with FP8 A and B on the H200 against an fp32 reference (cuBLAS,
// pedantic fp32 compute, on the same FP8-rounded inputs): e4m3, e5m2 and the mixed pairs, every
// output type, per-tensor scales (device pointers) with alpha and beta, K-major operands read in
// place and M/N-major ones transposed into the workspace first, K off the 16-byte grid, batches
// (strided and B broadcast), split K, fewer rows than a tile, both tile configurations, the
// direct epilogue, fast and promoted accumulation with K up to 65536 (the error against fp32 is
// printed), block-scaled FP8 (cutego_gemm_blockscaled: the reference scales the fp32 copies of A
// and B by their blocks' scales first; K-major, MN-major and batch-shared scale layouts), stream-K
// (fast accumulation: forced on every pair and both tile configurations, the cost model's choice,
// the same bits from a second call), and bad arguments. Fresh random normal inputs per case, output poisoned (NaN) first.
//   test_gemm_fp8 [--quick] [--filter SUBSTR[,SUBSTR...]]
#include <cuda_fp8.h>
#include "gemm_harness.h"

using namespace gh;

struct Case {
  const char *name;
  int64_t m, n, k, l;
  int am, bm;      // 0 K-major, 1 MN-major (transposed into the workspace)
  int cd;          // CUTEGO_DTYPE_* of C and D
  float alpha, beta;
  float sa, sb;    // per-tensor scales (0: no pointer, i.e. 1)
  int pad;         // extra elements on the non-unit stride
  int bcast_b;     // B broadcast over the batch
  int config;      // 0 automatic, else CUTEGO_GEMM_CONFIG_* + 1; -(CUTEGO_GEMM_CONFIG_* + 1): automatic, which
                   // must take that configuration (checked)
  int split;       // 0 automatic, 1 none, S > 1 forced (checked); -1 automatic, which must split
  int direct;      // direct-store epilogue
  int ta, tb;      // A's and B's type: 0 or CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_E5M2
  int promoted;    // 0 fast; n > 0: promoted accumulation every n k-tiles (checked in the plan)
  int block;       // block-scaled (cutego_gemm_blockscaled; promoted 1, sa = sb = 0): scales SA (M, kb, L),
                   // SB (nb, kb, L) 1 K-major (kb contiguous), 2 MN-major (M, nb contiguous; M padded to
                   // 4 as DeepGEMM's TMA-aligned scales), 3 K-major shared by every batch (rank 2)
  int cluster;     // 0 the planner's choice; 2: 2x1 clusters sharing B (checked in the plan); -2: the
                   // planner's choice, which must be 2x1 clusters (checked)
  int decomp;      // 0 the cost models' choice; D > 0 CUTEGO_GEMM_DECOMPOSITION_* D asked for (checked); -D the
                   // models must take D (checked). Stream-K: a second call must give the same bits.
  int dm;          // 1: D and C column-major (M unit stride): 16-bit D through the transposed TMA epilogue
                   // (CUTEGO_GEMM_F_D_TMA_T, checked); 2: column-major, stored directly (checked); 3:
                   // column-major, computed as D^T = B A^T (CUTEGO_GEMM_F_SWAP_AB, checked; 1 and 2 check
                   // that it is not)
};

static int g_fail = 0, g_run = 0;

// The error bound of a case: the output's rounding (bf16 2^-8 relative, fp16 2^-11), and the
// tensor cores' FP8 accumulation, which keeps about 14 bits of each partial sum (DeepSeek-V3's
// report, section 3.3.2): a relative error of about 2^-14 per addition of a k32 block's products,
// growing as the square root of the additions (random signs), with a factor 4 of margin. With
// promotion every n k-tiles a partial sum spans 128 n of K and the partial sums add in fp32: the
// bound no longer grows with K.
static double tol_of(int cd, int64_t k, int promoted) {
  const double out = cd == CUTEGO_DTYPE_F32 ? 1e-6 : cd == CUTEGO_DTYPE_F16 ? 2e-3 : 8e-3;
  const int64_t run = promoted > 0 && k > 128 * promoted ? 128 * promoted : k;
  return out + 4.0 * ldexp(1.0, -14) * sqrt((double)(run + 31) / 32);
}

template <typename TA, typename TB, typename TO>
static void run_case(const Case &c, cublasHandle_t h, uint64_t seed, float *sdev) {
  ++g_run;
  const int64_t M = c.m, N = c.n, K = c.k, L = c.l;
  int64_t lda = c.am == 0 ? K + c.pad : M + c.pad;
  int64_t a_s0 = c.am == 0 ? lda : 1, a_s1 = c.am == 0 ? 1 : lda, a_s2 = c.am == 0 ? M * lda : lda * K;
  int64_t ldb = c.bm == 0 ? K + c.pad : N + c.pad;
  int64_t b_s0 = c.bm == 0 ? ldb : 1, b_s1 = c.bm == 0 ? 1 : ldb, b_s2 = c.bm == 0 ? N * ldb : ldb * K;
  int64_t b_l = c.bcast_b ? 1 : L;
  int64_t d_s0 = c.dm ? 1 : N, d_s1 = c.dm ? M : 1, d_s2 = M * N;
  int64_t na = a_s2 * L, nb = b_s2 * b_l, nd = M * N * L;
  float *fa, *fb, *fc, *ra, *rb, *rref;
  TA *a;
  TB *b;
  TO *d, *cc;
  CK(cudaMalloc(&fa, na * 4));
  CK(cudaMalloc(&fb, nb * 4));
  CK(cudaMalloc(&fc, nd * 4));
  CK(cudaMalloc(&a, na));
  CK(cudaMalloc(&b, nb));
  CK(cudaMalloc(&d, nd * sizeof(TO)));
  CK(cudaMalloc(&cc, nd * sizeof(TO)));
  fill_normal<<<blocks_for(na), 256>>>(fa, na, seed);
  fill_normal<<<blocks_for(nb), 256>>>(fb, nb, seed * 7 + 1);
  fill_normal<<<blocks_for(nd), 256>>>(fc, nd, seed * 13 + 5);
  convert<TA><<<blocks_for(na), 256>>>(a, fa, na);
  convert<TB><<<blocks_for(nb), 256>>>(b, fb, nb);
  convert<TO><<<blocks_for(nd), 256>>>(cc, fc, nd);
  CK(cudaMemset(d, 0xFF, nd * sizeof(TO)));  // NaN poison
  CK(cudaMalloc(&ra, M * K * L * 4));
  CK(cudaMalloc(&rb, N * K * L * 4));
  CK(cudaMalloc(&rref, M * N * L * 4));
  gather3<TA><<<blocks_for(M * K * L), 256>>>(ra, a, M, K, L, a_s0, a_s1, a_s2);
  gather3<TB><<<blocks_for(N * K * L), 256>>>(rb, b, N, K, L, b_s0, b_s1, c.bcast_b ? 0 : b_s2);
  gather3<TO><<<blocks_for(nd), 256>>>(rref, cc, M, N, L, d_s0, d_s1, d_s2);
  // ref = alpha * sa * sb * Ar * Br^T + beta * Cr
  // block scales: SA (M, KB, L), SB (NB, KB, L) in the case's layout; the reference's A and B scaled
  const int64_t KB = (K + 127) / 128, NB = (N + 127) / 128, MP = (M + 3) / 4 * 4;
  const int64_t SL = c.block == 3 ? 1 : L;
  float *sca = nullptr, *scb = nullptr;
  cute_layout_t lsa = {}, lsb = {};
  if (c.block) {
    const int64_t na_s = MP * KB * SL, nb_s = NB * KB * SL;
    CK(cudaMalloc(&sca, na_s * 4));
    CK(cudaMalloc(&scb, nb_s * 4));
    fill_scales<<<blocks_for(na_s), 256>>>(sca, na_s, seed * 17 + 3);
    fill_scales<<<blocks_for(nb_s), 256>>>(scb, nb_s, seed * 19 + 11);
    int64_t as[3] = {KB, 1, M * KB}, bs[3] = {KB, 1, NB * KB};
    if (c.block == 2) {
      as[0] = 1, as[1] = MP, as[2] = MP * KB;
      bs[0] = 1, bs[1] = NB, bs[2] = NB * KB;
    }
    if (c.block == 3) as[2] = bs[2] = 0;
    lsa = layout3(M, KB, c.block == 3 ? 0 : L, as[0], as[1], as[2]);
    lsb = layout3(NB, KB, c.block == 3 ? 0 : L, bs[0], bs[1], bs[2]);
    apply_block_scales<<<blocks_for(M * K * L), 256>>>(ra, M, K, L, 1, sca, as[0], as[1], as[2]);
    apply_block_scales<<<blocks_for(N * K * L), 256>>>(rb, N, K, L, 128, scb, bs[0], bs[1], bs[2]);
  }
  float al = c.alpha * (c.sa != 0 ? c.sa : 1.f) * (c.sb != 0 ? c.sb : 1.f), be = c.beta;
  CB(cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_T, (int)M, (int)N, (int)K, &al, ra, CUDA_R_32F, (int)M,
                                M * K, rb, CUDA_R_32F, (int)N, N * K, &be, rref, CUDA_R_32F, (int)M, M * N, (int)L,
                                CUBLAS_COMPUTE_32F_PEDANTIC, CUBLAS_GEMM_DEFAULT));
  cute_layout_t la = layout3(M, K, L, a_s0, a_s1, a_s2), lb = layout3(N, K, L, b_s0, b_s1, c.bcast_b ? 0 : b_s2);
  cute_layout_t lc = layout3(M, N, L, d_s0, d_s1, d_s2);
  float hs[2] = {c.sa, c.sb};
  CK(cudaMemcpy(sdev, hs, 8, cudaMemcpyHostToDevice));
  cutego_gemm_options_t opt;
  memset(&opt, 0, sizeof opt);
  opt.config = c.config > 0 ? c.config : 0;
  opt.split_k = c.split > 0 ? c.split : 0;
  opt.direct_epilogue = c.direct;
  opt.cluster_m = c.cluster > 0 ? c.cluster : 0;
  opt.scale_a = c.sa != 0 ? sdev : nullptr;
  opt.scale_b = c.sb != 0 ? sdev + 1 : nullptr;
  const int ta = c.ta ? c.ta : CUTEGO_DTYPE_E4M3, tb = c.tb ? c.tb : ta;
  opt.b_dtype = tb != ta ? tb : 0;
  opt.fp8_accumulation = c.promoted ? CUTEGO_GEMM_FP8_ACCUM_PROMOTED : CUTEGO_GEMM_FP8_ACCUM_FAST;
  opt.fp8_promotion_interval = c.promoted > 1 ? c.promoted : 0;
  opt.decomposition = c.decomp > 0 ? c.decomp : 0;
  cutego_gemm_plan_t plan;
  memset(&plan, 0, sizeof plan);
  if (c.block) opt.fp8_accumulation = 0;  // (cutego_gemm_blockscaled sets its own)
  int rc = c.block ? cutego_gemm_blockscaled(d, &lc, a, &la, b, &lb, cc, &lc, ta, c.cd, sca, &lsa, scb, &lsb, c.alpha,
                                             c.beta, nullptr, &opt, &plan)
                   : cutego_gemm(d, &lc, a, &la, b, &lb, cc, &lc, ta, c.cd, c.alpha, c.beta, nullptr, &opt, &plan);
  CK(cudaDeviceSynchronize());
  if (rc != CUTEGO_KERNELS_OK) {
    printf("FAIL %-36s rc=%d %s\n", c.name, rc, last_kernel_error());
    ++g_fail;
  } else {
    unsigned long long hbad;
    const double rel = rel_error<TO>(d, d_s0, d_s1, d_s2, rref, M, N, L, &hbad);
    const bool split_ok = c.split <= 0 ? (c.split == 0 || plan.split_k > 1)
                                       : c.split == 1 ? plan.split_k <= 1 : plan.split_k == c.split;
    const double tol = tol_of(c.cd, K, c.promoted);
    bool ok = hbad == 0 && rel < tol && plan.path == CUTEGO_GEMM_PATH_WGMMA && split_ok && plan.promoted == c.promoted &&
              !(plan.flags & CUTEGO_GEMM_F_BLOCK_SCALED) == !c.block && (!c.block || !c.config || plan.config == c.config - 1) &&
              (c.am == 0 || (plan.flags & CUTEGO_GEMM_F_PACK_A)) && (c.bm == 0 || (plan.flags & CUTEGO_GEMM_F_PACK_B)) &&
              (c.cluster == 0 || plan.cluster_m == (c.cluster > 0 ? c.cluster : -c.cluster)) &&
              (c.decomp == 0 || plan.decomposition == (c.decomp > 0 ? c.decomp : -c.decomp)) &&
              (c.decomp == 0 || c.config <= 0 || plan.config == c.config - 1) &&
              (c.config >= 0 || plan.config == -c.config - 1) &&
              (c.dm == 0 ||
               (c.dm == 3 ? (plan.flags & CUTEGO_GEMM_F_SWAP_AB) && !(plan.flags & CUTEGO_GEMM_F_D_TMA_T)
                          : !(plan.flags & CUTEGO_GEMM_F_SWAP_AB) && !(plan.flags & CUTEGO_GEMM_F_D_TMA_T) == (c.dm == 2)));
    if (ok && plan.decomposition == CUTEGO_GEMM_DECOMPOSITION_STREAM_K) {
      // the same call again, into a poisoned D: bit for bit the same (the fixup's order is fixed)
      std::vector<TO> h1(nd), h2(nd);
      CK(cudaMemcpy(h1.data(), d, nd * sizeof(TO), cudaMemcpyDeviceToHost));
      CK(cudaMemset(d, 0xFF, nd * sizeof(TO)));
      const int rc2 = cutego_gemm(d, &lc, a, &la, b, &lb, cc, &lc, ta, c.cd, c.alpha, c.beta, nullptr, &opt, nullptr);
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(h2.data(), d, nd * sizeof(TO), cudaMemcpyDeviceToHost));
      ok = rc2 == CUTEGO_KERNELS_OK && memcmp(h1.data(), h2.data(), nd * sizeof(TO)) == 0;
      if (!ok) printf("FAIL %-36s stream-K: a second call differs (rc %d)\n", c.name, rc2);
    }
    printf("%s %-36s %6lldx%-6lldx%-6lld L%-2lld rel %.2e (bound %.1e) nonfinite %llu | %s\n", ok ? "ok  " : "FAIL",
           c.name, (long long)M, (long long)N, (long long)K, (long long)L, rel, tol, hbad, plan.reason);
    if (!ok) ++g_fail;
  }
  cudaFree(fa), cudaFree(fb), cudaFree(fc), cudaFree(a), cudaFree(b), cudaFree(d), cudaFree(cc);
  cudaFree(ra), cudaFree(rb), cudaFree(rref);
  if (c.block) cudaFree(sca), cudaFree(scb);
}

template <typename TA, typename TB>
static void run_out(const Case &c, cublasHandle_t h, uint64_t seed, float *sdev) {
  if (c.cd == CUTEGO_DTYPE_BF16) run_case<TA, TB, __nv_bfloat16>(c, h, seed, sdev);
  else if (c.cd == CUTEGO_DTYPE_F16) run_case<TA, TB, __half>(c, h, seed, sdev);
  else run_case<TA, TB, float>(c, h, seed, sdev);
}

static void run(const Case &c, cublasHandle_t h, uint64_t seed, float *sdev) {
  const bool a5 = c.ta == CUTEGO_DTYPE_E5M2, b5 = (c.tb ? c.tb : c.ta) == CUTEGO_DTYPE_E5M2;
  if (!a5 && !b5) run_out<__nv_fp8_e4m3, __nv_fp8_e4m3>(c, h, seed, sdev);
  else if (!a5) run_out<__nv_fp8_e4m3, __nv_fp8_e5m2>(c, h, seed, sdev);
  else if (!b5) run_out<__nv_fp8_e5m2, __nv_fp8_e4m3>(c, h, seed, sdev);
  else run_out<__nv_fp8_e5m2, __nv_fp8_e5m2>(c, h, seed, sdev);
}

// Bad arguments: EINVAL and a message naming the problem, nothing launched.
static void bad_args() {
  cute_layout_t a = layout3(256, 256, 0, 256, 1, 0), am = layout3(256, 256, 0, 1, 256, 0);
  cute_layout_t d = layout3(256, 256, 0, 256, 1, 0);
  void *p;
  CK(cudaMalloc(&p, 1 << 20));
  struct Bad {
    const char *what, *says;
    cute_layout_t *a;
    int ab, cd, no_pack, cluster, scale;  // scale 1: scale_a set; 2: b_dtype e5m2; 3: promoted on
                                          // 128x256 tiles; 4: promoted
    int dec;                              // options.decomposition
  } r[] = {
      {"M-major A, no_pack", "FP8", &am, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1, 0, 0},
      {"2x1 clusters on 128x128", "cluster_m", &a, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 0, 2, 0},
      {"e4m3 output", "C/D data type", &a, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_E4M3, 0, 0, 0},
      {"fp32 A and B", "unsupported", &a, CUTEGO_DTYPE_F32, CUTEGO_DTYPE_BF16, 0, 0, 0},
      {"b_dtype with bf16 A", "b_dtype", &a, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 0, 0, 2},
      {"promoted on 128x256", "128x128", &a, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 0, 0, 3},
      {"promoted bf16", "fp8_accumulation", &a, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 0, 0, 4},
      {"scale_a with bf16", "scale_a", &a, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 0, 0, 1},
      {"stream-K promoted", "promoted FP8 accumulation", &a, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 0, 0, 4,
       CUTEGO_GEMM_DECOMPOSITION_STREAM_K},
      {"stream-K 2x1 clusters", "STREAM_K: clusters", &a, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 0, 2, 0,
       CUTEGO_GEMM_DECOMPOSITION_STREAM_K},
  };
  for (auto &x : r) {
    ++g_run;
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.no_pack = x.no_pack;
    o.cluster_m = x.cluster;
    o.scale_a = x.scale == 1 ? static_cast<const float *>(p) : nullptr;
    o.b_dtype = x.scale == 2 ? CUTEGO_DTYPE_E5M2 : 0;
    o.fp8_accumulation = x.scale >= 3 ? CUTEGO_GEMM_FP8_ACCUM_PROMOTED : 0;
    o.decomposition = x.dec;
    // (clusters with stream-K on the 128x256 tiles, which have them; else on 128x128, which have none)
    o.config = x.scale == 3 || (x.cluster && x.dec) ? CUTEGO_GEMM_CONFIG_128x256x64 + 1
               : x.cluster                          ? CUTEGO_GEMM_CONFIG_128x128x64 + 1
                                                    : 0;
    int rc = cutego_gemm(p, &d, p, x.a, p, &a, nullptr, nullptr, x.ab, x.cd, 1, 0, nullptr, &o, nullptr);
    bool ok = rc == CUTEGO_KERNELS_EINVAL && strstr(last_kernel_error(), x.says) != nullptr;
    printf("%s bad-args %-22s rc=%d %s\n", ok ? "ok  " : "FAIL", x.what, rc, last_kernel_error());
    if (!ok) ++g_fail;
  }
  CK(cudaDeviceSynchronize());
  CK(cudaGetLastError());
  cudaFree(p);
}

// Block-scaled bad arguments: a scale tensor of the wrong shape or layout is an error naming the
// operand; cutego_gemm refuses BLOCK_SCALED (it has no scale tensors); nothing launched.
static void bad_block_args() {
  cute_layout_t a = layout3(256, 300, 0, 304, 1, 0), b = layout3(200, 300, 0, 304, 1, 0);
  cute_layout_t d = layout3(256, 200, 0, 200, 1, 0);
  cute_layout_t sa = layout3(256, 3, 0, 3, 1, 0), sb = layout3(2, 3, 0, 3, 1, 0);
  cute_layout_t sa_short = layout3(256, 2, 0, 2, 1, 0), sb_per_col = layout3(200, 3, 0, 3, 1, 0);
  cute_layout_t sa_batch = layout3(256, 3, 2, 3, 1, 768);
  void *p;
  CK(cudaMalloc(&p, 1 << 20));
  const float *f = static_cast<const float *>(p);
  struct Bad {
    const char *what, *says;
    const cute_layout_t *sa, *sb;
    int ab, use_gemm, per_tensor;  // use_gemm: 1 cutego_gemm with BLOCK_SCALED, 2 per tensor with config 128x192
    int dec;                       // options.decomposition
  } r[] = {
      {"SA with 2 K blocks of 3", "scale_a", &sa_short, &sb, CUTEGO_DTYPE_E4M3, 0, 0},
      {"SB per column", "scale_b", &sa, &sb_per_col, CUTEGO_DTYPE_E4M3, 0, 0},
      {"SA with a batch of 2", "scale_a", &sa_batch, &sb, CUTEGO_DTYPE_E4M3, 0, 0},
      {"SB null layout", "scale_b", &sa, nullptr, CUTEGO_DTYPE_E4M3, 0, 0},
      {"bf16 A and B", "FP8", &sa, &sb, CUTEGO_DTYPE_BF16, 0, 0},
      {"per-tensor scale too", "scale_a", &sa, &sb, CUTEGO_DTYPE_E4M3, 0, 1},
      {"cutego_gemm BLOCK_SCALED", "cutego_gemm_blockscaled", &sa, &sb, CUTEGO_DTYPE_E4M3, 1, 0},
      {"per tensor on 128x192", "128x192", &sa, &sb, CUTEGO_DTYPE_E4M3, 2, 0},
      {"stream-K", "STREAM_K: block-scaled FP8", &sa, &sb, CUTEGO_DTYPE_E4M3, 0, 0, CUTEGO_GEMM_DECOMPOSITION_STREAM_K},
  };
  for (auto &x : r) {
    ++g_run;
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.scale_a = x.per_tensor ? f : nullptr;
    o.decomposition = x.dec;
    int rc;
    if (x.use_gemm == 2) {  // per-tensor FP8 asking for the block-scaled kernel's 128x192 tiles
      o.config = CUTEGO_GEMM_CONFIG_128x192x128 + 1;
      rc = cutego_gemm(p, &d, p, &a, p, &b, nullptr, nullptr, x.ab, CUTEGO_DTYPE_BF16, 1, 0, nullptr, &o, nullptr);
    } else if (x.use_gemm) {
      o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
      rc = cutego_gemm(p, &d, p, &a, p, &b, nullptr, nullptr, x.ab, CUTEGO_DTYPE_BF16, 1, 0, nullptr, &o, nullptr);
    } else {
      rc = cutego_gemm_blockscaled(p, &d, p, &a, p, &b, nullptr, nullptr, x.ab, CUTEGO_DTYPE_BF16, f, x.sa, f + 4096,
                                   x.sb, 1, 0, nullptr, &o, nullptr);
    }
    bool ok = rc == CUTEGO_KERNELS_EINVAL && strstr(last_kernel_error(), x.says) != nullptr;
    printf("%s bad-args %-26s rc=%d %s\n", ok ? "ok  " : "FAIL", x.what, rc, last_kernel_error());
    if (!ok) ++g_fail;
  }
  CK(cudaDeviceSynchronize());
  CK(cudaGetLastError());
  cudaFree(p);
}

int main(int argc, char **argv) {
  bool quick = false;
  const char *filter = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--quick")) quick = true;
    if (!strcmp(argv[i], "--filter") && i + 1 < argc) filter = argv[++i];
  }
  cublasHandle_t h;
  CB(cublasCreate(&h));
  float *sdev;
  CK(cudaMalloc(&sdev, 8));
  const int BF = CUTEGO_DTYPE_BF16, F16 = CUTEGO_DTYPE_F16, F32 = CUTEGO_DTYPE_F32;
  const int C256 = CUTEGO_GEMM_CONFIG_128x256x64 + 1, C128 = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
  std::vector<Case> cs;
  static char names[256][48];  // (fewer than 100 named cases)
  int ni = 0;
  // every major order x output type x beta, scales and alpha
  for (int am = 0; am < 2; ++am)
    for (int bm = 0; bm < 2; ++bm)
      for (int cd : {BF, F16, F32})
        for (int be = 0; be < 2; ++be) {
          snprintf(names[ni], 48, "%c%c e4m3->%s beta=%s", am ? 'M' : 'K', bm ? 'N' : 'K',
                   cd == BF ? "bf16" : cd == F16 ? "f16" : "f32", be ? "0.5" : "0");
          cs.push_back({names[ni++], 1000, 1200, 512, 1, am, bm, cd, 1.25f, be ? 0.5f : 0.f, 0.5f, 4.f, 0, 0, 0, 1, 0});
        }
  // e5m2 and the pairs (B's type in options.b_dtype), both tiles, every output, beta, a
  // transposed operand, split K
  {
    const int E4 = CUTEGO_DTYPE_E4M3, E5 = CUTEGO_DTYPE_E5M2;
    const int pairs[3][2] = {{E5, E5}, {E4, E5}, {E5, E4}};
    for (auto &pr : pairs)
      for (int cd : {BF, F16, F32}) {
        const char *tn[2] = {"e4m3", "e5m2"};
        snprintf(names[ni], 48, "%sx%s->%s", tn[pr[0] == E5], tn[pr[1] == E5],
                 cd == BF ? "bf16" : cd == F16 ? "f16" : "f32");
        cs.push_back({names[ni++], 1000, 1200, 512, 1, 0, cd == F16, cd, 1.25f, cd == F32 ? 0.5f : 0.f, 0.5f, 4.f, 0,
                      0, cd == BF ? C256 : C128, 1, 0, pr[0], pr[1]});
      }
    cs.push_back({"e5m2 split-K 4", 200, 1000, 2048, 1, 0, 0, BF, 1.f, 0.5f, 1.f, 1.f, 0, 0, 0, 4, 0, E5, E5});
    cs.push_back({"e4m3xe5m2 square 4096", 4096, 4096, 4096, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 0, 0, E4, E5});
  }
  // scales: none, one, both; negative alpha and beta
  cs.push_back({"no scales", 512, 768, 256, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, 0, 0, 0});
  cs.push_back({"scale_b only, alpha -2", 512, 768, 256, 1, 0, 0, F32, -2.f, 0.f, 0, 0.125f, 0, 0, 0, 0, 0});
  cs.push_back({"scale_a only, beta -1", 512, 768, 256, 1, 0, 0, F16, 1.f, -1.f, 3.f, 0, 0, 0, 0, 0, 0});
  // both tile configurations; the direct-store epilogue; N off the 16-byte grid (no TMA store)
  cs.push_back({"128x256 tiles", 2048, 2048, 1024, 1, 0, 0, BF, 1.f, 0.5f, 0.25f, 2.f, 0, 0, C256, 1, 0});
  cs.push_back({"128x128 tiles", 2048, 2048, 1024, 1, 0, 0, BF, 1.f, 0.5f, 0.25f, 2.f, 0, 0, C128, 1, 0});
  cs.push_back({"direct epilogue", 1000, 1200, 512, 1, 0, 0, BF, 1.f, 0.5f, 0.5f, 2.f, 0, 0, 0, 1, 1});
  // 128x224 tiles (per tensor, fast; the 16-bit 128x224's bytes): N = 14336 in 64 columns of
  // tiles, N off the tile grid (the last tile's columns past N, a partial last 64-column chunk of
  // D), batches, every pair, fp32 and fp16 D, the direct epilogue, K of one k-tile and of 33, an
  // M-major A transposed first, split K.
  const int C224 = CUTEGO_GEMM_CONFIG_128x224x64 + 1, E4 = CUTEGO_DTYPE_E4M3, E5 = CUTEGO_DTYPE_E5M2;
  cs.push_back({"128x224 1024x14336x4096", 1024, 14336, 4096, 1, 0, 0, BF, 1.f, 0.f, 0.5f, 2.f, 0, 0, C224, 1, 0});
  cs.push_back({"128x224 odd 999x1001x1000 beta", 999, 1001, 1000, 1, 0, 0, F16, 1.f, 0.5f, 1.f, 1.f, 0, 0, C224, 1, 0});
  cs.push_back({"128x224 batched L=3 f32", 640, 1000, 640, 3, 0, 0, F32, 2.f, -1.f, 1.f, 1.f, 0, 0, C224, 1, 0});
  cs.push_back({"128x224 e4m3xe5m2 N=7168", 512, 7168, 1024, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, C224, 1, 0, E4, E5});
  cs.push_back({"128x224 e5m2xe4m3 K=128", 300, 448, 128, 1, 0, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, C224, 1, 0, E5, E4});
  cs.push_back({"128x224 e5m2 K=4224", 256, 896, 4224, 1, 0, 0, BF, 1.f, 0.25f, 1.f, 1.f, 0, 0, C224, 1, 0, E5, E5});
  cs.push_back({"128x224 direct epilogue", 1000, 1200, 512, 1, 0, 0, BF, 1.f, 0.5f, 0.5f, 2.f, 0, 0, C224, 1, 1});
  cs.push_back({"128x224 M-major A", 777, 1000, 512, 1, 1, 0, F16, 1.f, 0.f, 1.f, 1.f, 0, 0, C224, 1, 0});
  cs.push_back({"128x224 split-K 4", 200, 14336, 4096, 1, 0, 0, BF, 1.f, 0.5f, 1.f, 1.f, 0, 0, C224, 4, 0});
  // 2x1 clusters sharing B on 128x256 tiles (each CTA loads 128 of B's 256 rows and multicasts
  // them): several tiles per CTA, an odd count of tile rows (the last cluster row's partner past
  // M), one tile row, batches with B broadcast, a transposed A (packed), the direct epilogue, an
  // e4m3 x e5m2 pair, fp32 D with beta, 4 k-tiles per tile
  {
    const int E4 = CUTEGO_DTYPE_E4M3, E5 = CUTEGO_DTYPE_E5M2;
    cs.push_back({"clusters 128x256", 2048, 2048, 1024, 1, 0, 0, BF, 1.f, 0.5f, 0.25f, 2.f, 0, 0, C256, 1, 0, 0, 0, 0, 0, 2});
    cs.push_back({"clusters, 3 tile rows", 384, 1024, 512, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, C256, 1, 0, 0, 0, 0, 0, 2});
    cs.push_back({"clusters, one tile row", 100, 2048, 640, 1, 0, 0, F16, 1.f, 0.f, 1.f, 1.f, 0, 0, C256, 1, 0, 0, 0, 0, 0, 2});
    cs.push_back({"clusters, batched B broadcast", 512, 768, 512, 3, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 1, C256, 1, 0, 0, 0, 0, 0, 2});
    cs.push_back({"clusters, M-major A", 512, 1024, 384, 1, 1, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, C256, 1, 0, 0, 0, 0, 0, 2});
    cs.push_back({"clusters, direct epilogue", 1000, 1200, 512, 1, 0, 0, BF, 1.f, 0.5f, 0.5f, 2.f, 0, 0, C256, 1, 1, 0, 0, 0, 0, 2});
    cs.push_back({"clusters, e4m3 x e5m2", 1024, 1024, 1024, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, C256, 1, 0, E4, E5, 0, 0, 2});
    cs.push_back({"clusters, f32 D, beta", 768, 1280, 768, 1, 0, 0, F32, 1.f, 0.5f, 1.f, 1.f, 0, 0, C256, 1, 0, 0, 0, 0, 0, 2});
    cs.push_back({"clusters, 4 k-tiles, many tiles", 4096, 4096, 512, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, C256, 1, 0, 0, 0, 0, 0, 2});
    // chosen automatically (cutego_gemm_auto_cluster): B's rows of 496 bytes, read in place off the
    // 128-byte grid, on 128x256 tiles; three tile rows (the last cluster row's partner past M)
    cs.push_back({"auto clusters, B rows 496 B", 448, 16816, 496, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2});
    cs.push_back({"auto clusters, 3 tile rows", 384, 6144, 496, 1, 0, 0, F16, 1.f, 0.5f, 0.5f, 1.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, -2});
  }
  // 64-row tiles (one consumer warpgroup), per tensor, fast: forced on every pair and output type,
  // fewer rows than a tile, two tile rows, N off the tile grid and the 16-byte grid, K off the
  // 16-byte grid (packed rows), batches, beta and scales, an M-major A (transposed first), the
  // direct epilogue, split K; then chosen automatically (fp8_few_rows: 64x64 where they make one
  // wave, else 64x128 where those do; fp8_row_split: 3 or more slices of at least 1536, or none):
  // 64 x 7168 x 2048 112 tiles of 64x64 unsplit, 1 x 2112 x 7168 33 in 4 slices, 128 x 4096^2 two
  // rows of 64, 64 x 14336 x 4096 112 of 64x128; not above 64 rows where B's rows (3376 bytes) lie
  // off the 128-byte grid
  {
    const int C64 = CUTEGO_GEMM_CONFIG_64x64x128 + 1, C64N = CUTEGO_GEMM_CONFIG_64x128x64 + 1;
    const int E4 = CUTEGO_DTYPE_E4M3, E5 = CUTEGO_DTYPE_E5M2;
    cs.push_back({"64x64 e4m3 bf16", 64, 1024, 1024, 1, 0, 0, BF, 1.f, 0.f, 0.5f, 2.f, 0, 0, C64, 1, 0});
    cs.push_back({"64x64 e5m2xe4m3 f32 M=37 N=1001", 37, 1001, 640, 1, 0, 0, F32, 1.f, 0.5f, 1.f, 1.f, 0, 0, C64, 1, 0, E5, E4});
    cs.push_back({"64x64 e4m3xe5m2 f16 M=100 beta", 100, 1200, 1024, 1, 0, 0, F16, 1.25f, -1.f, 0.5f, 1.f, 0, 0, C64, 1, 0, E4, E5});
    cs.push_back({"64x64 e5m2 L=3 B broadcast", 64, 640, 512, 3, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 1, C64, 1, 0, E5, E5});
    cs.push_back({"64x64 K=4100 (packed rows)", 50, 2048, 4100, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, C64, 1, 0});
    cs.push_back({"64x64 M-major A, direct", 120, 1000, 768, 1, 1, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, C64, 1, 1});
    cs.push_back({"64x64 split-K 4", 64, 2048, 8192, 1, 0, 0, BF, 1.f, 0.5f, 1.f, 0.5f, 0, 0, C64, 4, 0});
    cs.push_back({"64x128 e4m3 bf16", 64, 2048, 1024, 1, 0, 0, BF, 1.f, 0.f, 0.5f, 2.f, 0, 0, C64N, 1, 0});
    cs.push_back({"64x128 e5m2 f16 M=128 N=1001", 128, 1001, 768, 1, 0, 0, F16, 1.f, 0.f, 1.f, 1.f, 0, 0, C64N, 1, 0, E5, E5});
    cs.push_back({"64x128 e4m3xe5m2 f32 beta", 1, 4096, 4096, 1, 0, 0, F32, 1.f, 0.5f, 2.f, 0.25f, 0, 0, C64N, 1, 0, E4, E5});
    cs.push_back({"64x128 e5m2xe4m3 L=2 MN-major B", 96, 896, 512, 2, 0, 1, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, C64N, 1, 0, E5, E4});
    cs.push_back({"64x128 K=999 (packed rows), direct", 70, 1280, 999, 1, 0, 0, BF, 1.f, 0.25f, 1.f, 1.f, 0, 0, C64N, 1, 1});
    cs.push_back({"64x128 split-K 3 f32", 16, 4096, 6144, 1, 0, 0, F32, 1.f, -0.5f, 1.f, 1.f, 0, 0, C64N, 3, 0});
    cs.push_back({"auto 64-row 64x7168x2048", 64, 7168, 2048, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, -C64, 0, 0});
    cs.push_back({"auto 64-row 1x2112x7168 split", 1, 2112, 7168, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, -C64, -1, 0});
    cs.push_back({"auto 64-row 128x4096x4096 f32", 128, 4096, 4096, 1, 0, 0, F32, 1.f, 0.5f, 1.f, 1.f, 0, 0, -C64, 0, 0});
    cs.push_back({"auto 128-row 126x7424x3376 (B off grid)", 126, 7424, 3376, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0,
                  -(CUTEGO_GEMM_CONFIG_128x128x64 + 1), 0, 0});
    cs.push_back({"auto 64-row 64x14336x4096 f16", 64, 14336, 4096, 1, 0, 0, F16, 1.f, 0.f, 1.f, 1.f, 0, 0, -C64N, 0, 0});
    // Up to 512 rows: one wave of 64x64 tiles with B's rows off the grid (40 tiles), of 64x128 with
    // B on it (128 tiles), not 64x128 with B off it (128x128 then); at most 64 rows past a wave of
    // 64x128 tiles: 64x64 (384 tiles).
    cs.push_back({"auto 64-row 256x640x3472 (B off grid)", 256, 640, 3472, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, -C64, 0, 0});
    cs.push_back({"auto 64-row 256x4096x4096 f16", 256, 4096, 4096, 1, 0, 0, F16, 1.f, 0.5f, 1.f, 1.f, 0, 0, -C64N, 0, 0});
    cs.push_back({"auto 128-row 256x4096x3472 (B off grid)", 256, 4096, 3472, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0,
                  -(CUTEGO_GEMM_CONFIG_128x128x64 + 1), 0, 0});
    cs.push_back({"auto 64-row 16x24576x1536 (3 waves)", 16, 24576, 1536, 1, 0, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, -C64, 0, 0});
  }
  cs.push_back({"N=1001 f32", 999, 1001, 640, 1, 0, 0, F32, 1.f, 0.25f, 1.f, 1.f, 0, 0, 0, 1, 0});
  // K off the 16-byte grid: rows packed with K padded; padded leading dimensions
  cs.push_back({"K=1000 (packed rows)", 768, 512, 1000, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0});
  cs.push_back({"K=4100 M=100 (packed rows)", 100, 4096, 4100, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0});
  // K odd: rows copied in 1-byte units (the widest the 999-byte pitch allows)
  cs.push_back({"K=999 M=300 (packed rows, 1-byte units)", 300, 512, 999, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0});
  cs.push_back({"K=8", 1024, 1024, 8, 1, 0, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0});
  cs.push_back({"K=40 MN-major", 300, 260, 40, 1, 1, 1, F32, 1.f, 0.5f, 1.f, 1.f, 0, 0, 0, 1, 0});
  cs.push_back({"lda padded by 16", 1000, 1000, 1024, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 16, 0, 0, 1, 0});
  cs.push_back({"lda 336 for K=333", 777, 555, 333, 1, 0, 0, BF, 1.f, 0.5f, 1.f, 1.f, 3, 0, 0, 1, 0});
  cs.push_back({"M-major lda padded by 5", 777, 555, 333, 1, 1, 0, F32, 1.f, 0.f, 1.f, 1.f, 5, 0, 0, 1, 0});
  // batches
  cs.push_back({"batched L=4", 1024, 768, 512, 4, 0, 0, BF, 1.f, 0.f, 0.5f, 0.5f, 0, 0, 0, 1, 0});
  cs.push_back({"batched L=3 NT beta", 640, 1152, 320, 3, 1, 0, F32, 2.f, -1.f, 1.f, 1.f, 0, 0, 0, 1, 0});
  cs.push_back({"batched L=5 B broadcast", 512, 512, 256, 5, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 1, 0, 1, 0});
  // fewer rows than a tile
  cs.push_back({"small M=8", 8, 1000, 512, 1, 0, 0, BF, 1.f, 0.f, 1.f, 2.f, 0, 0, 0, 1, 0});
  cs.push_back({"small M=100 f16 beta", 100, 1200, 512, 1, 0, 0, F16, 1.f, 0.5f, 1.f, 1.f, 0, 0, 0, 1, 0});
  cs.push_back({"1x4096x4096", 1, 4096, 4096, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0});
  // split K (the scales reach the slices; the reduction applies alpha and beta)
  cs.push_back({"split-K 4", 200, 1000, 2048, 1, 0, 0, BF, 1.25f, 0.5f, 0.5f, 2.f, 0, 0, 0, 4, 0});
  cs.push_back({"split-K 3 f32", 96, 1002, 1536, 1, 0, 0, F32, 1.f, -0.75f, 1.f, 0.25f, 0, 0, 0, 3, 0});
  cs.push_back({"split-K auto 16x2112x14336", 16, 2112, 14336, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, -1, 0});
  // squares and LLM shapes
  for (int64_t s : {256, 1024, 4096, 8192}) {
    if (quick && s > 4096) continue;
    snprintf(names[ni], 48, "square %lld", (long long)s);
    cs.push_back({names[ni++], s, s, s, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 0, 0});
  }
  if (!quick) {
    cs.push_back({"LLM 4096x14336x4096", 4096, 14336, 4096, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 0, 0});
    cs.push_back({"odd 4095x5001x1000 NN", 4095, 5001, 1000, 1, 1, 1, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0});
  }
  // long K: the error of the tensor cores' FP8 accumulation against fp32, fast and promoted
  const int P = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
  for (int64_t k : {4096, 16384, 65536})
    for (int pr : {0, P}) {
      if (quick && k > 16384) continue;
      snprintf(names[ni], 48, "accuracy K=%lld f32%s", (long long)k, pr ? " promoted" : "");
      cs.push_back({names[ni++], 1024, 1024, k, 1, 0, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, pr});
    }
  // promoted accumulation: outputs, beta and scales, a transposed operand, a pair, batches, split
  // K, small M, odd sizes
  cs.push_back({"promoted bf16 beta scales", 1000, 1200, 4096, 1, 0, 0, BF, 1.25f, 0.5f, 0.5f, 4.f, 0, 0, 0, 1, 0, 0, 0, P});
  // a column-major D (M unit stride): 16-bit through the transposed TMA epilogue, fast and promoted,
  // both tiles, a batch; fp32 directly
  cs.push_back({"col-major D 128x256", 1000, 1200, 512, 1, 0, 0, BF, 1.25f, 0.5f, 0.5f, 4.f, 0, 0, C256, 1, 0, 0, 0, 0,
                0, 0, 0, 1});
  cs.push_back({"col-major D 128x128 L=3 f16", 640, 1000, 512, 3, 0, 0, F16, 1.f, 0.f, 1.f, 1.f, 0, 0, C128, 1, 0, 0, 0,
                0, 0, 0, 0, 1});
  cs.push_back({"col-major D promoted", 1000, 1200, 4096, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, C128, 1, 0, 0, 0, P,
                0, 0, 0, 1});
  cs.push_back({"col-major D f32 (direct)", 1000, 1200, 512, 1, 0, 0, F32, 1.f, 0.5f, 1.f, 1.f, 0, 0, C128, 1, 0, 0, 0,
                0, 0, 0, 0, 2});
  // automatic plans whose two orientations make the same tiles: D^T = B A^T (A's and B's types and
  // scales exchanged), row-major
  cs.push_back({"col-major D promoted (swapped)", 1000, 1200, 4096, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0,
                0, P, 0, 0, 0, 3});
  cs.push_back({"col-major D e4m3xe5m2 scales beta (swapped)", 1024, 1024, 1024, 1, 0, 0, BF, 1.25f, 0.5f, 0.5f, 4.f, 0,
                0, 0, 1, 0, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_E5M2, 0, 0, 0, 0, 3});
  cs.push_back({"col-major D e5m2xe4m3 L=2 f16 (swapped)", 2048, 2048, 512, 2, 0, 0, F16, 1.f, 0.f, 2.f, 0.25f, 0, 0, 0,
                1, 0, CUTEGO_DTYPE_E5M2, CUTEGO_DTYPE_E4M3, 0, 0, 0, 0, 3});
  cs.push_back({"col-major D f32 (swapped)", 1000, 1200, 512, 1, 0, 0, F32, 1.f, 0.5f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, 0,
                0, 0, 0, 3});
  cs.push_back({"promoted f16 MN-major", 1000, 1200, 2048, 1, 1, 1, F16, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, P});
  cs.push_back({"promoted e5m2xe4m3 f32", 640, 1152, 8192, 1, 0, 0, F32, 1.f, -1.f, 1.f, 1.f, 0, 0, 0, 1, 0,
                CUTEGO_DTYPE_E5M2, CUTEGO_DTYPE_E4M3, P});
  cs.push_back({"promoted batched L=3", 512, 768, 1024, 3, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, P});
  cs.push_back({"promoted split-K 4", 200, 1000, 8192, 1, 0, 0, F32, 1.f, 0.5f, 1.f, 1.f, 0, 0, 0, 4, 0, 0, 0, P});
  cs.push_back({"promoted small M=8 K=1000", 8, 1000, 1000, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, P});
  if (!quick)
    cs.push_back({"promoted square 8192", 8192, 8192, 8192, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 0, 0, 0, 0, P});
  // longer promotion intervals: every 2, 3, 4 k-tiles (a last run cut short by K, split K)
  cs.push_back({"promoted/4 K=65536 f32", 1024, 1024, 65536, 1, 0, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, 4});
  cs.push_back({"promoted/2 K=4100 bf16 beta", 1000, 1200, 4100, 1, 0, 0, BF, 1.f, 0.5f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, 2});
  cs.push_back({"promoted/3 K=1000 f32", 640, 1152, 1000, 1, 0, 0, F32, 1.f, 0.f, 0.5f, 2.f, 0, 0, 0, 1, 0, 0, 0, 3});
  cs.push_back({"promoted/2 K=640 f32", 300, 520, 640, 1, 0, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, 2});
  cs.push_back({"promoted K=128 f32", 300, 520, 128, 1, 0, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, P});
  cs.push_back({"promoted/3 split-K 2 f32", 200, 1000, 8192, 1, 0, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 2, 0, 0, 0, 3});
  // promoted every k-tile, many tiles per CTA with 7, 4 and 5 k-tiles: each tile starts at another
  // stage and phase of the pipeline (the main loop carries them from tile to tile), on both exits
  // of its two-way loop; scales folded into alpha, beta
  cs.push_back({"promoted persistent 7 k-tiles 4096x2048x896", 4096, 2048, 896, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, P});
  cs.push_back({"promoted persistent 4 k-tiles 2048x4096x512 f32", 2048, 4096, 512, 1, 0, 0, F32, 1.f, 0.5f, 0.5f, 2.f, 0, 0, 0, 1, 0, 0, 0, P});
  cs.push_back({"promoted persistent 5 k-tiles e5m2 3072x2048x640 f16", 3072, 2048, 640, 1, 0, 0, F16, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0,
                CUTEGO_DTYPE_E5M2, CUTEGO_DTYPE_E5M2, P});
  // block-scaled FP8: every output, beta, scale majors, batch (scales per batch and shared), odd
  // sizes (M, N, K not multiples of 128: partial scale blocks), a transposed operand, the pairs,
  // small M, long K, a large square
  {
    const int E4 = CUTEGO_DTYPE_E4M3, E5 = CUTEGO_DTYPE_E5M2;
    cs.push_back({"block bf16", 1000, 1200, 1024, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1});
    // a column-major D: the transposed TMA epilogue after the block-scaled loop (128x192 tiles)
    cs.push_back({"block col-major D beta", 1000, 1200, 1024, 1, 0, 0, BF, 1.f, 0.5f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1,
                  0, 0, 1});
    cs.push_back({"block f16 beta MN-major scales", 1000, 1200, 1024, 1, 0, 0, F16, 1.25f, 0.5f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block f32 beta odd 999x1001x1000", 999, 1001, 1000, 1, 0, 0, F32, 1.f, -0.75f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block odd MN-major scales K=333", 777, 555, 333, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 3, 0, 0, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block batched L=3 beta", 640, 1152, 640, 3, 0, 0, BF, 2.f, -1.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block batched L=3 MN-major scales", 640, 1152, 640, 3, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block batched L=4 shared scales", 512, 384, 512, 4, 0, 0, F32, 1.f, 0.5f, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 3});
    cs.push_back({"block MN-major A and B", 1000, 1200, 512, 1, 1, 1, F32, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1});
    // one and two K blocks: the promoted loop's two partial sums, the last run in either
    cs.push_back({"block one K block K=100", 300, 520, 100, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block two K blocks K=256", 300, 520, 256, 1, 0, 0, BF, 1.f, 0.5f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block e4m3xe5m2", 1000, 1200, 1024, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, E4, E5, 1, 1});
    cs.push_back({"block e5m2xe4m3", 1000, 1200, 1024, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, E5, E4, 1, 2});
    cs.push_back({"block e5m2", 1000, 1200, 1024, 1, 0, 0, F16, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, E5, E5, 1, 1});
    cs.push_back({"block small M=8", 8, 1000, 1024, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block small M=100 MN-major scales", 100, 2112, 7168, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block direct epilogue", 1000, 1200, 512, 1, 0, 0, BF, 1.f, 0.5f, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1});
    cs.push_back({"block split-K 4 beta", 200, 1000, 2048, 1, 0, 0, BF, 1.25f, 0.5f, 0, 0, 0, 0, 0, 4, 0, 0, 0, 1, 1});
    cs.push_back({"block split-K 2 MN-major scales f32", 96, 1002, 1536, 1, 0, 0, F32, 1.f, -0.75f, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 2});
    cs.push_back({"block split-K auto 64x4096x7168", 64, 4096, 7168, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, 0, -1, 0, 0, 0, 1, 2});
    cs.push_back({"block K=65536 f32", 1024, 1024, 65536, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1});
    // many tiles per CTA with 7, 4, 5 and 6 k-tiles: each tile starts at another stage and phase of
    // the pipeline (the main loop carries them from tile to tile), on both exits of its two-way loop
    cs.push_back({"block persistent 7 k-tiles 4096x2048x896", 4096, 2048, 896, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block persistent 4 k-tiles 2048x4096x512 f32", 2048, 4096, 512, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block persistent 5 k-tiles 4096x2048x640", 4096, 2048, 640, 1, 0, 0, BF, 1.f, 0.5f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block persistent 6 k-tiles 2048x4096x768 f16", 2048, 4096, 768, 1, 0, 0, F16, 1.f, 0.f, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1});
    // 128x192 tiles (one partial sum; a 128-column block of B straddles tiles: n_idx even splits
    // its tile at column 128, odd at 64): N not a multiple of 192 (the last tile's second block
    // past N), two tiles of three blocks, M = 4096, batches, one to three k-tiles (each exit of the
    // two-way loop), persistent tiles (4 stages: each tile starts at another stage and phase), a
    // warpgroup wholly past M, pairs, a transposed operand, the direct epilogue.
    const int C192 = CUTEGO_GEMM_CONFIG_128x192x128 + 1;
    cs.push_back({"block 128x192 N=1000", 1000, 1000, 1024, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 128x192 straddle N=384 beta f32", 256, 384, 512, 1, 0, 0, F32, 1.f, 0.5f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 128x192 odd 999x1001x1000 MN-major scales", 999, 1001, 1000, 1, 0, 0, F16, 1.25f, -0.75f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block 128x192 M=4096 4096x2112x2048", 4096, 2112, 2048, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block 128x192 batched L=3 beta", 640, 1000, 640, 3, 0, 0, BF, 2.f, -1.f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 128x192 batched L=4 shared scales", 512, 576, 512, 4, 0, 0, F32, 1.f, 0.5f, 0, 0, 0, 1, C192, 1, 0, 0, 0, 1, 3});
    cs.push_back({"block 128x192 one K block K=100", 300, 520, 100, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 128x192 two K blocks K=256", 300, 520, 256, 1, 0, 0, BF, 1.f, 0.5f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block 128x192 three K blocks K=384", 300, 520, 384, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 128x192 persistent 7 k-tiles", 4096, 2048, 896, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block 128x192 persistent 4 k-tiles f32", 2048, 4096, 512, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 128x192 small M=8", 8, 1000, 1024, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, C192, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 128x192 e5m2xe4m3 MN-major A", 1000, 1200, 512, 1, 1, 0, F16, 1.f, 0.f, 0, 0, 0, 0, C192, 1, 0, E5, E4, 1, 2});
    cs.push_back({"block 128x192 e4m3xe5m2 direct epilogue", 1000, 1200, 512, 1, 0, 0, BF, 1.f, 0.5f, 0, 0, 0, 0, C192, 1, 1, E4, E5, 1, 1});
    cs.push_back({"block 128x192 e5m2 K=65536", 512, 768, 65536, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, C192, 1, 0, E5, E5, 1, 1});
    // 64-row tiles (one consumer warpgroup, m64n64k32 and m64n128k32: the tiles of M <= 128): two
    // 64-column tiles share a 128-column block of B (N = 320: blocks 0, 0, 1, 1, 2), M past one
    // tile row and partial, K with a partial last k-tile, one to seven k-tiles on many tiles per
    // CTA, batches, split K, pairs, a transposed A, the direct epilogue, a long K.
    const int C64 = CUTEGO_GEMM_CONFIG_64x64x128 + 1, C64N = CUTEGO_GEMM_CONFIG_64x128x64 + 1;
    cs.push_back({"block 64x64 M=64 7168x2048", 64, 7168, 2048, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, C64, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block 64x64 odd 100x330x1000 MN-major scales", 100, 330, 1000, 1, 0, 0, F16, 1.25f, -0.75f, 0, 0, 0, 0, C64, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block 64x64 shared blocks N=320 beta f32", 64, 320, 512, 1, 0, 0, F32, 1.f, 0.5f, 0, 0, 0, 0, C64, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 64x64 batched L=3 beta", 128, 640, 640, 3, 0, 0, BF, 2.f, -1.f, 0, 0, 0, 0, C64, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 64x64 one K block K=100", 100, 200, 100, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, C64, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 64x64 two K blocks K=256", 64, 256, 256, 1, 0, 0, BF, 1.f, 0.5f, 0, 0, 0, 0, C64, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block 64x64 persistent 5 k-tiles", 256, 4096, 640, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, C64, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block 64x64 persistent 6 k-tiles f32", 128, 8192, 768, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, C64, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 64x64 split-K 4 beta", 64, 2112, 7168, 1, 0, 0, BF, 1.f, 0.5f, 0, 0, 0, 0, C64, 4, 0, 0, 0, 1, 2});
    cs.push_back({"block 64x64 e5m2xe4m3 MN-major A", 100, 640, 512, 1, 1, 0, F16, 1.f, 0.f, 0, 0, 0, 0, C64, 1, 0, E5, E4, 1, 2});
    cs.push_back({"block 64x64 e4m3xe5m2 direct epilogue", 64, 1000, 512, 1, 0, 0, BF, 1.f, 0.5f, 0, 0, 0, 0, C64, 1, 1, E4, E5, 1, 1});
    cs.push_back({"block 64x64 e5m2 K=65536", 64, 256, 65536, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, C64, 1, 0, E5, E5, 1, 1});
    cs.push_back({"block 64x64 small M=8", 8, 1000, 1024, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, C64, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 64x128 odd 100x1000x1024", 100, 1000, 1024, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, C64N, 1, 0, 0, 0, 1, 1});
    cs.push_back({"block 64x128 MN-major scales beta f16 K=1000", 128, 768, 1000, 1, 0, 0, F16, 1.f, 0.5f, 0, 0, 0, 0, C64N, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block 64x128 batched L=2 shared scales", 64, 512, 512, 2, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 1, C64N, 1, 0, 0, 0, 1, 3});
    cs.push_back({"block 64x128 persistent 7 k-tiles", 128, 16384, 896, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, C64N, 1, 0, 0, 0, 1, 2});
    cs.push_back({"block 64x128 split-K auto 64x4096x7168", 64, 4096, 7168, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, C64N, -1, 0, 0, 0, 1, 2});
    cs.push_back({"block 64x128 e5m2 K=384", 64, 640, 384, 1, 0, 0, F32, 1.f, 0.f, 0, 0, 0, 0, C64N, 1, 0, E5, E5, 1, 1});
    // the planner's own picks at M <= 128 where 128x128 tiles would split K into slices of 1024
    // (64x64: 66 tiles in two slices; 64x128: 112 tiles where 64x64 makes two waves)
    cs.push_back({"block auto 128x2112x7168", 128, 2112, 7168, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2});
    cs.push_back({"block auto 128x7168x2048", 128, 7168, 2048, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2});
    // the planner's own pick (128x192 on 132 SMs: 3 waves of them against 5 of 128x128)
    cs.push_back({"block auto 4096x2112x2048", 4096, 2112, 2048, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2});
    if (!quick)
      cs.push_back({"block square 4096", 4096, 4096, 4096, 1, 0, 0, BF, 1.f, 0.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2});
  }
  // stream-K (decomposition STREAM_K, gemm_stream_k.cuh's FP8 kernels: fast accumulation, the
  // per-tensor scales a sixth argument): every pair of types on both tile configurations, the
  // output types and beta in turn (partial tiles, a partial last k-tile); M and N odd with K off the
  // 16-byte grid (packed rows), data-parallel waves beside the stream-K ones, an M-major A
  // (transposed into the workspace), batches with B broadcast, M below a tile (a consumer
  // warpgroup idle), one k-tile, fewer tiles than SMs, the direct epilogue; then the cost model's
  // choice on a few-wave shape (stream-K) and on one it leaves data-parallel, and data-parallel
  // asked for there
  {
    const int E4 = CUTEGO_DTYPE_E4M3, E5 = CUTEGO_DTYPE_E5M2;
    const int SK = CUTEGO_GEMM_DECOMPOSITION_STREAM_K, DP = CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL;
    const int pairs[4][2] = {{E4, E4}, {E5, E5}, {E4, E5}, {E5, E4}};
    for (int pi = 0; pi < 4; ++pi)
      for (int cfg : {C256, C128}) {
        const int t = (pi + (cfg == C128)) % 3, cd = t == 0 ? BF : t == 1 ? F16 : F32;
        const char *tn[2] = {"e4m3", "e5m2"};
        snprintf(names[ni], 48, "stream-K %s %sx%s->%s", cfg == C256 ? "128x256" : "128x128", tn[pairs[pi][0] == E5],
                 tn[pairs[pi][1] == E5], cd == BF ? "bf16" : cd == F16 ? "f16" : "f32");
        cs.push_back({names[ni++], 1000, 1200, 528, 1, 0, 0, cd, 1.25f, t == 1 ? 0.5f : 0.f, 0.5f, 4.f, 0, 0, cfg, 1, 0,
                      pairs[pi][0], pairs[pi][1], 0, 0, 0, SK});
      }
    cs.push_back({"stream-K odd 999x1001x1000 f32 beta", 999, 1001, 1000, 1, 0, 0, F32, 1.f, -0.75f, 1.f, 1.f, 0, 0, C256, 1, 0, 0, 0, 0, 0, 0, SK});
    cs.push_back({"stream-K DP waves + SK 128x256", 4000, 4104, 704, 1, 0, 0, BF, 1.f, -0.5f, 0.5f, 2.f, 0, 0, C256, 1, 0, 0, 0, 0, 0, 0, SK});
    cs.push_back({"stream-K DP waves + SK 128x128 e5m2", 2112, 4000, 1024, 1, 0, 0, F16, 1.f, 0.f, 1.f, 1.f, 0, 0, C128, 1, 0, E5, E5, 0, 0, 0, SK});
    cs.push_back({"stream-K M-major A", 1000, 1200, 512, 1, 1, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, SK});
    cs.push_back({"stream-K batched L=3 B broadcast", 640, 1152, 384, 3, 0, 0, F32, 2.f, -1.f, 1.f, 1.f, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, SK});
    cs.push_back({"stream-K batched L=4 e4m3xe5m2", 512, 768, 512, 4, 0, 0, BF, 1.f, 0.5f, 0.5f, 0.5f, 0, 0, C128, 1, 0, E4, E5, 0, 0, 0, SK});
    cs.push_back({"stream-K M=40", 40, 1000, 2048, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, SK});
    cs.push_back({"stream-K K=16 (one k-tile)", 1024, 1024, 16, 1, 0, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, SK});
    cs.push_back({"stream-K M=1 K=4096", 1, 4096, 4096, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, SK});
    cs.push_back({"stream-K direct epilogue", 1000, 1200, 512, 1, 0, 0, F16, 1.25f, 0.5f, 0.5f, 2.f, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, SK});
    // (stream-K where the model takes it, csrc/gemm/waves.c: K long enough for the fixup to vanish and
    // a sliver of a last wave, 2432 x 3584 x 65536; 2048 x 11008 runs 128x256 tiles data-parallel, 6
    // waves; 1024 x 14336 128x224 ones, as many waves as 128x256's)
    cs.push_back({"stream-K auto 2432x3584x65536", 2432, 3584, 65536, 1, 0, 0, BF, 1.f, 0.f, 0.5f, 2.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -SK});
    cs.push_back({"data-parallel auto 2048x11008x4096", 2048, 11008, 4096, 1, 0, 0, BF, 1.f, 0.f, 0.5f, 2.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -DP});
    cs.push_back({"data-parallel auto 2048x11008x8192 e5m2 f32", 2048, 11008, 8192, 1, 0, 0, F32, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 0, 0, E5, E5, 0, 0, 0, -DP});
    cs.push_back({"128x224 auto 1024x14336x4096", 1024, 14336, 4096, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -DP});
    cs.push_back({"data-parallel auto 1024x11008x4096", 1024, 11008, 4096, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -DP});
    cs.push_back({"data-parallel asked 1024x14336x4096", 1024, 14336, 4096, 1, 0, 0, BF, 1.f, 0.f, 1.f, 1.f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, DP});
  }
  uint64_t seed = 777;
  for (auto &c : cs) {
    if (filter && !name_matches(filter, c.name)) continue;
    run(c, h, seed += 1000003, sdev);
  }
  if (!filter) bad_args();
  if (!filter || name_matches(filter, "block")) bad_block_args();
  printf("test_gemm_fp8: %d checks, %d failures\n", g_run, g_fail);
  cudaFree(sdev);
  cublasDestroy(h);
  return g_fail ? 1 : 0;
}

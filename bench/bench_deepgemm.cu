// bench_deepgemm.cu — DeepGEMM's block-scaled FP8 GEMM on Hopper (deepseek-ai/DeepGEMM's
// sm90_fp8_gemm_1d2d_impl, the anchor issue 17 names) beside ours (cutego_gemm_blockscaled) on
// DeepGEMM's own shape table, in one process, interleaved a repeat at a time (gemm_harness.h's
// time_interleaved). DeepGEMM's kernel header is compiled in from a copy fetched outside this
// repository (bench/deepgemm.sh builds this file; none of DeepGEMM's code is kept here).
//
// DeepGEMM picks one tile per shape at run time (its JIT heuristic, csrc/jit_kernels/heuristics);
// here every configuration instantiated below that fits the shape is timed, and the fastest is
// reported: an upper bound on what its heuristic's pick would do. Its inputs are ours: A (M x K)
// and B (N x K) e4m3 K-major, SA (M, K/128) M-major with M padded to 4 (DeepGEMM's TMA-aligned
// scales, the same layout bench_gemm_fp8 --blockscaled gives ours), SB (N/128, K/128) K-major, D
// bf16 row-major. Every DeepGEMM result is checked against ours (relative RMS difference; both
// are checked against fp32 in bench_gemm_fp8 --blockscaled).
//   bench_deepgemm out.csv [--reps N] [--only M,N,K] [--shape M,N,K]...
// Ours is timed as its planner picks, and (where the plan accepts them) on 128x128 tiles in 2x1
// clusters sharing B (options.cluster_m 2; a tree without FP8 clusters refuses them: skipped).
#include <cuda.h>
#include <cuda_fp8.h>
#include <array>
#include <string>
#include <deep_gemm/impls/sm90_fp8_gemm_1d2d.cuh>
#include "../csrc/gemm/gemm_harness.h"

using namespace gh;

namespace {

constexpr int kSms = 132;  // DeepGEMM's persistent scheduler takes the grid as a template constant
constexpr int kSmemCapacity = 232448;
constexpr int kBlockK = 128;

constexpr int align_up(int x, int a) { return (x + a - 1) / a * a; }

// Shared memory of a configuration, as the kernel lays it out: D's staging, the stages of A, B and
// SA, B's scales for the whole of K (two per K block where a tile spans two N blocks), and two
// barriers per stage.
constexpr int smem_bytes(int bm, int bn, int stages, int k) {
  const int kb = (k + kBlockK - 1) / kBlockK, two = kBlockK % bn == 0 ? 1 : 2;
  return align_up(bm * bn * 2, 1024) + stages * (bm * kBlockK + bn * kBlockK + align_up(bm * 4, 128)) +
         align_up(kb * two * 4, 8) + stages * 2 * 8;
}
// D's swizzle (DeepGEMM's get_swizzle_mode: the widest of 128, 64, 32 bytes dividing a tile row of
// bf16), and the columns of each of its TMA stores.
constexpr int d_swizzle(int bn) { return (bn * 2) % 128 == 0 ? 128 : (bn * 2) % 64 == 0 ? 64 : 32; }
// The most stages that fit beside K = 16384 (the table's longest), at most 16.
constexpr int stages_for(int bm, int bn) {
  int s = 16;
  while (s > 1 && smem_bytes(bm, bn, s, 16384) > kSmemCapacity) --s;
  return s;
}

struct Config {
  const char *name;
  int bm, bn, multicast;  // multicast: CTAs per cluster (1 or 2)
  bool on_a;              // the pair shares A (CTAs along N), else B (CTAs along M)
  int stages, threads, d_swizzle;
  const void *fn;
};

template <int BM, int BN, int MC, bool OnA>
Config make_config(const char *name) {
  constexpr int S = stages_for(BM, BN), kMath = BM <= 64 ? 128 : 256, kSwD = d_swizzle(BN);
  const void *fn = reinterpret_cast<const void *>(
      &deep_gemm::sm90_fp8_gemm_1d2d_impl<cute::UMMA::Major::K, 0, 0, 0, 1, BM, BN, kBlockK, 128, 128, kSwD, S, 128,
                                          kMath, MC, OnA, kSms, deep_gemm::GemmType::Normal, cutlass::bfloat16_t,
                                          deep_gemm::epilogue::transform::EpilogueIdentity>);
  return {name, BM, BN, MC, OnA, S, 128 + kMath, kSwD, fn};
}

// DeepGEMM's tiles for these shapes: block M 64 (one math warpgroup), 128 and 256 (256 only with at
// most 128 columns), block N to 192 (its 1D2D kernel's range), multicast of 2 on B or on A.
std::vector<Config> configs() {
  return {
      make_config<64, 64, 1, false>("64x64"),          make_config<64, 128, 1, false>("64x128"),
      make_config<64, 160, 1, false>("64x160"),        make_config<64, 192, 1, false>("64x192"),
      make_config<128, 64, 1, false>("128x64"),        make_config<128, 128, 1, false>("128x128"),
      make_config<128, 128, 2, false>("128x128 mcB"), make_config<128, 128, 2, true>("128x128 mcA"),
      make_config<128, 160, 1, false>("128x160"),      make_config<128, 160, 2, false>("128x160 mcB"),
      make_config<128, 192, 1, false>("128x192"),      make_config<128, 192, 2, false>("128x192 mcB"),
      make_config<256, 128, 1, false>("256x128"),      make_config<256, 128, 2, false>("256x128 mcB"),
      make_config<256, 128, 2, true>("256x128 mcA"),
  };
}

typedef CUresult (*EncodeFn)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                             const cuuint64_t *, const cuuint32_t *, const cuuint32_t *, CUtensorMapInterleave,
                             CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

EncodeFn encoder() {
  void *p = nullptr;
  cudaDriverEntryPointQueryResult q;
  if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000, cudaEnableDefault, &q) != cudaSuccess ||
      q != cudaDriverEntryPointSuccess) {
    fprintf(stderr, "cuTensorMapEncodeTiled not available\n");
    exit(2);
  }
  return reinterpret_cast<EncodeFn>(p);
}

// A 2-D tensor map (inner, outer) with the outer stride in bytes, as DeepGEMM's make_tma_2d_desc
// encodes it (L2 promotion 256 B, no OOB fill).
CUtensorMap map2d(EncodeFn enc, CUtensorMapDataType t, void *p, uint64_t inner, uint64_t outer, uint64_t stride_bytes,
                  uint32_t box_inner, uint32_t box_outer, CUtensorMapSwizzle sw) {
  CUtensorMap m;
  const cuuint64_t dims[2] = {inner, outer}, strides[1] = {stride_bytes};
  const cuuint32_t box[2] = {box_inner, box_outer}, es[2] = {1, 1};
  const CUresult r = enc(&m, t, 2, p, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, sw,
                         CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    fprintf(stderr, "cuTensorMapEncodeTiled: %d\n", (int)r);
    exit(2);
  }
  return m;
}

struct Problem {
  int64_t m, n, k, mp, kb, nb;
  __nv_fp8_e4m3 *a, *b;
  float *sa, *sb;
  __nv_bfloat16 *d;
};

// DeepGEMM's launch of configuration c on problem p into D, its tensor maps encoded once: a
// persistent grid of kSms CTAs (in clusters of c.multicast), 128 producer threads and one or two
// math warpgroups.
struct Launch {
  const Config *c = nullptr;
  int smem = 0;
  CUtensorMap ta, tb, td, tsa;
  float *sfb = nullptr;
  uint32_t m = 0, n = 0, k = 0;
  // false where the configuration does not apply to the shape (shared memory, or a cluster
  // without a second tile along its dimension)
  bool prepare(const Config &cfg, const Problem &p, EncodeFn enc, __nv_bfloat16 *d) {
    c = &cfg;
    smem = smem_bytes(cfg.bm, cfg.bn, cfg.stages, static_cast<int>(p.k));
    if (smem > kSmemCapacity) return false;
    if (cfg.multicast > 1 && (cfg.on_a ? (p.n + cfg.bn - 1) / cfg.bn : (p.m + cfg.bm - 1) / cfg.bm) < 2) return false;
    ta = map2d(enc, CU_TENSOR_MAP_DATA_TYPE_UINT8, p.a, p.k, p.m, p.k, kBlockK, cfg.bm, CU_TENSOR_MAP_SWIZZLE_128B);
    tb = map2d(enc, CU_TENSOR_MAP_DATA_TYPE_UINT8, p.b, p.k, p.n, p.k, kBlockK, cfg.bn, CU_TENSOR_MAP_SWIZZLE_128B);
    td = map2d(enc, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, d, p.n, p.m, p.n * 2, cfg.d_swizzle / 2, cfg.bm,
               cfg.d_swizzle == 128  ? CU_TENSOR_MAP_SWIZZLE_128B
               : cfg.d_swizzle == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                                     : CU_TENSOR_MAP_SWIZZLE_32B);
    tsa = map2d(enc, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, p.sa, p.mp, p.kb, p.mp * 4, cfg.bm, 1, CU_TENSOR_MAP_SWIZZLE_NONE);
    sfb = p.sb;
    m = static_cast<uint32_t>(p.m), n = static_cast<uint32_t>(p.n), k = static_cast<uint32_t>(p.k);
    CK(cudaFuncSetAttribute(cfg.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    return true;
  }
  void run() {
    int *grouped = nullptr;
    void *args[] = {&sfb, &grouped, &m, &n, &k, &ta, &tb, &td, &tsa};
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    cfg.gridDim = dim3(kSms);
    cfg.blockDim = dim3(c->threads);
    cfg.dynamicSmemBytes = smem;
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = c->multicast;
    attr[0].val.clusterDim.y = attr[0].val.clusterDim.z = 1;
    cfg.attrs = attr;
    cfg.numAttrs = c->multicast > 1 ? 1 : 0;
    CK(cudaLaunchKernelExC(&cfg, c->fn, args));
  }
};

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bench_deepgemm out.csv [--reps N] [--only M,N,K] [--shape M,N,K]...\n");
    return 1;
  }
  int reps = 15;
  std::vector<std::array<int64_t, 3>> shapes;
  int64_t only[3] = {0, 0, 0};
  for (int i = 2; i < argc; ++i) {
    long long x, y, z;
    if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--only") && i + 1 < argc && sscanf(argv[++i], "%lld,%lld,%lld", &x, &y, &z) == 3)
      only[0] = x, only[1] = y, only[2] = z;
    else if (!strcmp(argv[i], "--shape") && i + 1 < argc && sscanf(argv[++i], "%lld,%lld,%lld", &x, &y, &z) == 3)
      shapes.push_back({x, y, z});
    else {
      fprintf(stderr, "bench_deepgemm: unknown argument %s\n", argv[i]);
      return 1;
    }
  }
  if (shapes.empty()) {  // DeepGEMM's table (its README): M 64, 128, 4096 x six (N, K)
    const int64_t nk[6][2] = {{2112, 7168}, {24576, 1536}, {32768, 512}, {7168, 16384}, {4096, 7168}, {7168, 2048}};
    for (int64_t M : {64, 128, 4096})
      for (auto &p : nk) shapes.push_back({M, p[0], p[1]});
  }
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  if (sms != kSms) {
    fprintf(stderr, "bench_deepgemm: the kernels are built for %d SMs, the device has %d\n", kSms, sms);
    return 1;
  }
  const EncodeFn enc = encoder();
  const std::vector<Config> cs = configs();
  FILE *csv = fopen(argv[1], "w");
  if (!csv) {
    perror(argv[1]);
    return 1;
  }
  fprintf(csv, "m,n,k,side,ms,tflops,rel_to_ours\n");
  std::vector<double> best_over_ours, best_over_cl;
  for (auto &s : shapes) {
    const int64_t M = s[0], N = s[1], K = s[2];
    if (only[0] && (only[0] != M || only[1] != N || only[2] != K)) continue;
    Problem p{M, N, K, (M + 3) / 4 * 4, (K + kBlockK - 1) / kBlockK, (N + kBlockK - 1) / kBlockK};
    float *f;
    CK(cudaMalloc(&f, std::max(M, N) * K * 4));
    CK(cudaMalloc(&p.a, M * K));
    CK(cudaMalloc(&p.b, N * K));
    fill_normal<<<blocks_for(M * K), 256>>>(f, M * K, 17 + M);
    convert<__nv_fp8_e4m3><<<blocks_for(M * K), 256>>>(p.a, f, M * K);
    fill_normal<<<blocks_for(N * K), 256>>>(f, N * K, 29 + N);
    convert<__nv_fp8_e4m3><<<blocks_for(N * K), 256>>>(p.b, f, N * K);
    CK(cudaFree(f));
    CK(cudaMalloc(&p.sa, p.mp * p.kb * 4));
    CK(cudaMalloc(&p.sb, p.nb * p.kb * 4));
    fill_scales<<<blocks_for(p.mp * p.kb), 256>>>(p.sa, p.mp * p.kb, 101 + M);
    fill_scales<<<blocks_for(p.nb * p.kb), 256>>>(p.sb, p.nb * p.kb, 103 + N);
    __nv_bfloat16 *d_ours, *d_dg;
    CK(cudaMalloc(&d_ours, M * N * 2));
    CK(cudaMalloc(&d_dg, M * N * 2));
    cute_layout_t la = layout3(M, K, 0, K, 1, 0), lb = layout3(N, K, 0, K, 1, 0), ld = layout3(M, N, 0, N, 1, 0);
    cute_layout_t lsa = layout3(M, p.kb, 0, 1, p.mp, 0), lsb = layout3(p.nb, p.kb, 0, p.kb, 1, 0);
    cutego_gemm_options_t o, oc;
    memset(&o, 0, sizeof o);
    oc = o;
    oc.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
    oc.cluster_m = 2;
    cutego_gemm_plan_t plan;
    auto ours_with = [&](const cutego_gemm_options_t &opt, cutego_gemm_plan_t *pl) {
      return cutego_gemm_blockscaled(d_ours, &ld, p.a, &la, p.b, &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3,
                                     CUTEGO_DTYPE_BF16, p.sa, &lsa, p.sb, &lsb, 1.f, 0.f, nullptr, &opt, pl);
    };
    if (ours_with(o, &plan)) {
      fprintf(stderr, "cutego_gemm_blockscaled: %s\n", last_kernel_error());
      return 3;
    }
    const bool clusters = ours_with(oc, nullptr) == 0;
    CK(cudaDeviceSynchronize());
    // ours' result, in fp32, the reference the DeepGEMM results are compared against
    float *ref;
    CK(cudaMalloc(&ref, M * N * 4));
    gather3<__nv_bfloat16><<<blocks_for(M * N), 256>>>(ref, d_ours, M, N, 1, N, 1, 0);
    std::vector<std::function<void()>> sides{[&] { ours_with(o, nullptr); }};
    std::vector<std::string> names{"ours"};
    std::vector<double> rels{0};
    if (clusters) {
      sides.push_back([&] { ours_with(oc, nullptr); });
      names.push_back("ours 128x128 2x1 clusters");
      rels.push_back(0);
    }
    const size_t first_dg = sides.size();
    std::vector<Launch> ls(cs.size());
    for (size_t ci = 0; ci < cs.size(); ++ci) {
      const Config &c = cs[ci];
      CK(cudaMemset(d_dg, 0xFF, M * N * 2));
      if (!ls[ci].prepare(c, p, enc, d_dg)) continue;
      ls[ci].run();
      CK(cudaDeviceSynchronize());
      unsigned long long bad = 0;
      const double rel = rel_error<__nv_bfloat16>(d_dg, N, 1, 0, ref, M, N, 1, &bad);
      if (bad || rel > 2e-2) {
        printf("%5lld %6lld %6lld  DeepGEMM %-12s differs from ours: rel %.2e, %llu non-finite (not timed)\n",
               (long long)M, (long long)N, (long long)K, c.name, rel, bad);
        continue;
      }
      Launch *lp = &ls[ci];
      sides.push_back([lp] { lp->run(); });
      names.push_back(std::string("DeepGEMM ") + c.name);
      rels.push_back(rel);
    }
    const double fl = 2.0 * M * N * K;
    const int r = std::max(5, std::min(reps, (int)(4e13 / fl)));
    const int batch = std::max(1, std::min(20, (int)(2e11 / fl)));
    const auto t = time_interleaved(sides, r, 2, nullptr, batch, false);
    auto best = [&](size_t i) { return std::min(t[i].first, t[i].second); };
    auto tfl = [&](float ms) { return fl / (ms * 1e9); };
    size_t bi = first_dg;
    for (size_t i = first_dg; i < sides.size(); ++i)
      if (best(i) < best(bi)) bi = i;
    printf("%5lld %6lld %6lld  ours %7.1f TF (%s)", (long long)M, (long long)N, (long long)K, tfl(best(0)), plan.reason);
    if (clusters) printf("  ours in clusters %7.1f", tfl(best(1)));
    if (bi < sides.size()) {
      printf("  best DeepGEMM %7.1f (%s): ours/it %.3f", tfl(best(bi)), names[bi].c_str(), best(bi) / best(0));
      best_over_ours.push_back(best(bi) / best(0));
      if (clusters) best_over_cl.push_back(best(bi) / std::min(best(0), best(1)));
    }
    printf("\n");
    for (size_t i = 0; i < sides.size(); ++i)
      fprintf(csv, "%lld,%lld,%lld,\"%s\",%.5f,%.1f,%.2e\n", (long long)M, (long long)N, (long long)K,
              names[i].c_str(), best(i), tfl(best(i)), rels[i]);
    fflush(csv);
    fflush(stdout);
    cudaFree(ref), cudaFree(d_ours), cudaFree(d_dg), cudaFree(p.a), cudaFree(p.b), cudaFree(p.sa), cudaFree(p.sb);
  }
  auto gm = [](const std::vector<double> &v) {
    double lg = 0;
    for (double x : v) lg += log(x);
    return v.empty() ? 0 : exp(lg / v.size());
  };
  printf("== ours over the best DeepGEMM tile, geomean over %zu shapes: %.3f; with our 2x1 clusters where faster: %.3f\n",
         best_over_ours.size(), gm(best_over_ours), gm(best_over_cl));
  fclose(csv);
  return 0;
}

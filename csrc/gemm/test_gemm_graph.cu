// test_gemm_graph.cu — cutego_gemm and cutego_copy captured in a CUDA graph (stream capture,
// cudaStreamCaptureModeGlobal) and replayed. For each case the captured graph is launched
// several times, D poisoned (all bits set) before each launch, and every replay must give D
// bit for bit equal to an eager call on the same inputs; a sample of D is also checked
// against a double-precision host product of the same (rounded) inputs. The cases cover the
// paths that allocate (split-K partial sums, packed operands, stream-K's partial sums and flags):
// with options.workspace the graph holds kernels and copies only (and stream-K's flags' memset),
// without it cudaMallocAsync/cudaFreeAsync are captured
// as memory nodes (counted here). The FP8 case rewrites scale_a in device memory between
// replays: the kernel reads the scale when it runs, so D doubles. A chain of dependent GEMMs
// checks the programmatic dependent launches, eager and captured.
//   build/kernels/test_gemm_graph        (an H200; exit status 1 on any failure)
#include <cuda_fp8.h>
#include "../check.h"
#include "gemm_harness.h"

namespace {

enum Elem { BF16, E4M3, F32 };
size_t elem_bytes(Elem e) { return e == BF16 ? 2 : e == E4M3 ? 1 : 4; }
int dtype(Elem e) { return e == BF16 ? CUTEGO_DTYPE_BF16 : e == E4M3 ? CUTEGO_DTYPE_E4M3 : CUTEGO_DTYPE_F32; }

// x rounded to e, as float (the host reference's input).
float round_to(Elem e, float x) {
  if (e == BF16) return __bfloat162float(__float2bfloat16(x));
  if (e == E4M3) return float(__nv_fp8_e4m3(x));
  return x;
}
void store(Elem e, void *p, size_t i, float x) {
  if (e == BF16) static_cast<__nv_bfloat16 *>(p)[i] = __float2bfloat16(x);
  else if (e == E4M3) static_cast<__nv_fp8_e4m3 *>(p)[i] = __nv_fp8_e4m3(x);
  else static_cast<float *>(p)[i] = x;
}
float load(Elem e, const void *p, size_t i) {
  if (e == BF16) return __bfloat162float(static_cast<const __nv_bfloat16 *>(p)[i]);
  if (e == E4M3) return float(static_cast<const __nv_fp8_e4m3 *>(p)[i]);
  return static_cast<const float *>(p)[i];
}

uint64_t rng = 0x9E3779B97F4A7C15ull;
float uniform() {  // in [-0.5, 0.5)
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (float)((rng >> 40) * (1.0 / 16777216.0)) - 0.5f;
}

struct Case {
  const char *name;
  int64_t m, n, k;
  Elem ab, cd;
  bool b_mn_major;  // B (N,K):(1,N) instead of K-major (N,K):(K,1)
  int64_t lda;      // A (M,K):(lda,1)
  int split_k;      // options.split_k
  bool workspace;   // give options.workspace (64 MiB)
  int want_flags;   // plan flags the case must exercise
  bool want_split;  // plan.split_k > 1
  double tol;       // relative RMS error of the sampled D against the host product
  int decomposition; // options.decomposition (the plan must take it)
};

// The node counts of a graph by type: kernels, memory allocations, all.
struct Nodes {
  size_t kernels = 0, allocs = 0, frees = 0, all = 0;
};
Nodes count_nodes(cudaGraph_t g) {
  Nodes r;
  CK(cudaGraphGetNodes(g, nullptr, &r.all));
  std::vector<cudaGraphNode_t> nodes(r.all);
  CK(cudaGraphGetNodes(g, nodes.data(), &r.all));
  for (auto n : nodes) {
    cudaGraphNodeType t;
    CK(cudaGraphNodeGetType(n, &t));
    r.kernels += t == cudaGraphNodeTypeKernel;
    r.allocs += t == cudaGraphNodeTypeMemAlloc;
    r.frees += t == cudaGraphNodeTypeMemFree;
  }
  return r;
}

void run_case(const Case &c, cudaStream_t s, void *ws) {
  printf("%s: %lldx%lldx%lld\n", c.name, (long long)c.m, (long long)c.n, (long long)c.k);
  const int64_t M = c.m, N = c.n, K = c.k;
  const size_t a_elems = (size_t)(c.lda * (M - 1) + K), b_elems = (size_t)(N * K), d_elems = (size_t)(M * N);
  std::vector<uint8_t> ha(a_elems * elem_bytes(c.ab)), hb(b_elems * elem_bytes(c.ab));
  for (size_t i = 0; i < a_elems; ++i) store(c.ab, ha.data(), i, round_to(c.ab, uniform()));
  for (size_t i = 0; i < b_elems; ++i) store(c.ab, hb.data(), i, round_to(c.ab, uniform()));
  void *da, *db, *dd;
  float *scale;
  CK(cudaMalloc(&da, ha.size()));
  CK(cudaMalloc(&db, hb.size()));
  CK(cudaMalloc(&dd, d_elems * elem_bytes(c.cd)));
  CK(cudaMalloc(&scale, sizeof(float)));
  CK(cudaMemcpy(da, ha.data(), ha.size(), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, hb.data(), hb.size(), cudaMemcpyHostToDevice));
  const float one = 1.f, two = 2.f;
  CK(cudaMemcpy(scale, &one, sizeof one, cudaMemcpyHostToDevice));

  cute_layout_t la = gh::layout3(M, K, 0, c.lda, 1, 0);
  cute_layout_t lb = c.b_mn_major ? gh::layout3(N, K, 0, 1, N, 0) : gh::layout3(N, K, 0, K, 1, 0);
  cute_layout_t ld = gh::layout3(M, N, 0, N, 1, 0);
  cutego_gemm_options_t opt;
  memset(&opt, 0, sizeof opt);
  opt.split_k = c.split_k;
  opt.decomposition = c.decomposition;
  if (c.workspace) opt.workspace = ws, opt.workspace_bytes = 64 << 20;
  if (c.ab == E4M3) opt.scale_a = scale;
  auto gemm = [&](cutego_gemm_plan_t *plan) {
    return cutego_gemm(dd, &ld, da, &la, db, &lb, nullptr, nullptr, dtype(c.ab), dtype(c.cd), 1.f, 0.f, s, &opt, plan);
  };
  const size_t d_bytes = d_elems * elem_bytes(c.cd);
  auto poison = [&] { CK(cudaMemsetAsync(dd, 0xFF, d_bytes, s)); };

  // Capture (for the first case, the first cutego_gemm of the process happens inside capture).
  cutego_gemm_plan_t plan;
  cudaGraph_t graph;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  int rc = gemm(&plan);
  cudaError_t ce = cudaStreamEndCapture(s, &graph);
  CHECK(rc == CUTEGO_KERNELS_OK, "cutego_gemm inside capture: rc %d: %s", rc, gh::last_kernel_error());
  CHECK(ce == cudaSuccess, "cudaStreamEndCapture: %s", cudaGetErrorString(ce));
  if (rc != CUTEGO_KERNELS_OK || ce != cudaSuccess) {
    cudaGetLastError();
    return;
  }
  CHECK((plan.flags & c.want_flags) == c.want_flags, "plan flags %#x lack %#x (%s)", plan.flags, c.want_flags,
         plan.reason);
  CHECK(!c.want_split || plan.split_k > 1, "plan.split_k %d: the case does not split K", plan.split_k);
  CHECK(!c.decomposition || plan.decomposition == c.decomposition, "plan.decomposition %d, not %d (%s)",
        plan.decomposition, c.decomposition, plan.reason);
  Nodes nodes = count_nodes(graph);
  bool allocates = (plan.split_k > 1 || plan.decomposition == CUTEGO_GEMM_DECOMPOSITION_STREAM_K || (plan.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B | CUTEGO_GEMM_F_PACK_D)));
  printf("  plan: %s, split_k %d, flags %#x; graph: %zu nodes, %zu kernels, %zu alloc, %zu free\n",
         cutego_gemm_path_name(plan.path), plan.split_k, plan.flags, nodes.all, nodes.kernels, nodes.allocs,
         nodes.frees);
  CHECK(nodes.kernels >= 1, "no kernel node captured");
  if (c.workspace)
    CHECK(nodes.allocs == 0 && nodes.frees == 0, "with options.workspace the graph allocates (%zu, %zu)", nodes.allocs,
           nodes.frees);
  else if (allocates)
    CHECK(nodes.allocs >= 1 && nodes.allocs == nodes.frees, "allocations not captured as paired memory nodes (%zu, %zu)",
           nodes.allocs, nodes.frees);
  cudaGraphExec_t exec;
  CK(cudaGraphInstantiate(&exec, graph, 0));

  // Eager reference run, then replays, each on a poisoned D.
  std::vector<uint8_t> eager(d_bytes), got(d_bytes);
  poison();
  rc = gemm(nullptr);
  CHECK(rc == CUTEGO_KERNELS_OK, "eager cutego_gemm: %s", gh::last_kernel_error());
  CK(cudaMemcpyAsync(eager.data(), dd, d_bytes, cudaMemcpyDeviceToHost, s));
  CK(cudaStreamSynchronize(s));
  for (int r = 0; r < 3; ++r) {
    poison();
    CK(cudaGraphLaunch(exec, s));
    CK(cudaMemcpyAsync(got.data(), dd, d_bytes, cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    CHECK(memcmp(eager.data(), got.data(), d_bytes) == 0, "replay %d differs from the eager call", r);
  }

  // A sample of D against the host product of the same inputs.
  double e2 = 0, r2 = 0;
  for (int t = 0; t < 512; ++t) {
    int64_t m = (int64_t)((uniform() + 0.5f) * M) % M, n = (int64_t)((uniform() + 0.5f) * N) % N;
    double ref = 0;
    for (int64_t k = 0; k < K; ++k)
      ref += (double)load(c.ab, ha.data(), (size_t)(m * c.lda + k)) *
             load(c.ab, hb.data(), (size_t)(c.b_mn_major ? n + k * N : n * K + k));
    double x = load(c.cd, eager.data(), (size_t)(m * N + n)) - ref;
    e2 += x * x, r2 += ref * ref;
  }
  double rel = sqrt(e2 / (r2 > 0 ? r2 : 1));
  printf("  replays bitwise equal to the eager call; sampled relative error %.2e (tolerance %.0e)\n", rel, c.tol);
  CHECK(rel <= c.tol, "relative error %.3e above %.0e", rel, c.tol);

  // FP8: scale_a is read when the graph runs.
  if (c.ab == E4M3 && c.cd == F32) {
    CK(cudaMemcpyAsync(scale, &two, sizeof two, cudaMemcpyHostToDevice, s));
    poison();
    CK(cudaGraphLaunch(exec, s));
    CK(cudaMemcpyAsync(got.data(), dd, d_bytes, cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    size_t bad = 0;
    for (size_t i = 0; i < d_elems; ++i) bad += load(F32, got.data(), i) != 2.f * load(F32, eager.data(), i);
    CHECK(bad == 0, "scale_a = 2 in the replay: %zu of %zu elements are not twice the eager result", bad, d_elems);
    if (!bad) printf("  scale_a rewritten between replays: D doubled exactly\n");
  }
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaFree(da), cudaFree(db), cudaFree(dd), cudaFree(scale);
}

// A transpose through cutego_copy, captured and replayed.
void copy_case(cudaStream_t s) {
  const int64_t R = 2048, C = 1536;
  printf("cutego_copy transpose %lldx%lld bf16\n", (long long)R, (long long)C);
  std::vector<__nv_bfloat16> h(R * C), got(R * C);
  for (auto &x : h) x = __float2bfloat16(uniform());
  void *src, *dst;
  CK(cudaMalloc(&src, R * C * 2));
  CK(cudaMalloc(&dst, R * C * 2));
  CK(cudaMemcpy(src, h.data(), R * C * 2, cudaMemcpyHostToDevice));
  cute_layout_t ls = gh::layout3(R, C, 0, C, 1, 0), ldst = gh::layout3(R, C, 0, 1, R, 0);
  cudaGraph_t graph;
  int path = 0;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  int rc = cutego_copy(dst, ldst, src, ls, 2, s, &path);
  cudaError_t ce = cudaStreamEndCapture(s, &graph);
  CHECK(rc == CUTEGO_KERNELS_OK && ce == cudaSuccess, "cutego_copy in capture: rc %d (%s), %s", rc,
         gh::last_kernel_error(), cudaGetErrorString(ce));
  if (rc != CUTEGO_KERNELS_OK || ce != cudaSuccess) return;
  cudaGraphExec_t exec;
  CK(cudaGraphInstantiate(&exec, graph, 0));
  for (int r = 0; r < 2; ++r) {
    CK(cudaMemsetAsync(dst, 0xFF, R * C * 2, s));
    CK(cudaGraphLaunch(exec, s));
    CK(cudaMemcpyAsync(got.data(), dst, R * C * 2, cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    size_t bad = 0;
    for (int64_t i = 0; i < R; ++i)
      for (int64_t j = 0; j < C; ++j)
        bad += memcmp(&got[i + j * R], &h[i * C + j], 2) != 0;
    CHECK(bad == 0, "replay %d: %zu elements not transposed", r, bad);
  }
  printf("  path %d, %zu graph nodes; replays equal the host transpose\n", path, count_nodes(graph).all);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaFree(src), cudaFree(dst);
}

// The wgmma kernels are programmatic dependent launches (each waits for the kernel before it on
// the stream, then lets the next one launch). A chain of 256^3 GEMMs on one stream, back to back
// (eager) and as a captured graph: X1 = A B; X2 = X1 W (X1 read after its write); X1 = A2 B (X1
// rewritten after that read); Y = X1 W; each round's X2 and Y in buffers of their own. A kernel that
// touched memory before the one before it completed would read X1 half-written or from the other
// GEMM, and its X2 or Y would differ: every one must equal the same GEMM run alone.
void chain_case(cudaStream_t s) {
  const int64_t n = 256;
  const int rounds = 40;
  const size_t e = (size_t)(n * n), bytes = e * 2;
  printf("programmatic chain: 4 GEMMs of %lld^3 per round, %d rounds eager, %d as a graph\n", (long long)n, rounds,
         rounds);
  std::vector<__nv_bfloat16> h(e);
  void *a, *a2, *b, *w, *x1, *x2, *y;
  for (void **p : {&a, &a2, &b, &w}) {
    for (auto &x : h) x = __float2bfloat16(uniform());
    CK(cudaMalloc(p, bytes));
    CK(cudaMemcpy(*p, h.data(), bytes, cudaMemcpyHostToDevice));
  }
  CK(cudaMalloc(&x1, bytes));
  CK(cudaMalloc(&x2, bytes * rounds));
  CK(cudaMalloc(&y, bytes * rounds));
  const cute_layout_t l = gh::layout3(n, n, 0, n, 1, 0);
  auto g = [&](void *d, const void *pa, const void *pb) {
    int rc = cutego_gemm(d, &l, pa, &l, pb, &l, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1.f, 0.f, s,
                         nullptr, nullptr);
    CHECK(rc == CUTEGO_KERNELS_OK, "chain: cutego_gemm: %s", gh::last_kernel_error());
  };
  // The references, each GEMM alone.
  std::vector<uint8_t> ref_x2(bytes), ref_y(bytes), got(bytes * rounds);
  g(x1, a, b);
  CK(cudaStreamSynchronize(s));
  g(x2, x1, w);
  CK(cudaStreamSynchronize(s));
  CK(cudaMemcpy(ref_x2.data(), x2, bytes, cudaMemcpyDeviceToHost));
  g(x1, a2, b);
  CK(cudaStreamSynchronize(s));
  g(y, x1, w);
  CK(cudaStreamSynchronize(s));
  CK(cudaMemcpy(ref_y.data(), y, bytes, cudaMemcpyDeviceToHost));
  CHECK(memcmp(ref_x2.data(), ref_y.data(), bytes) != 0, "chain: X2 and Y equal (the test could not fail)");
  auto round = [&](int r) {
    g(x1, a, b);
    g(static_cast<uint8_t *>(x2) + bytes * r, x1, w);
    g(x1, a2, b);
    g(static_cast<uint8_t *>(y) + bytes * r, x1, w);
  };
  auto check = [&](const char *how) {
    size_t bad = 0;
    for (void *p : {x2, y}) {
      CK(cudaMemcpy(got.data(), p, bytes * rounds, cudaMemcpyDeviceToHost));
      const uint8_t *want = p == x2 ? ref_x2.data() : ref_y.data();
      for (int r = 0; r < rounds; ++r) bad += memcmp(got.data() + bytes * r, want, bytes) != 0;
    }
    CHECK(bad == 0, "chain %s: %zu of %d results differ from the GEMMs run alone", how, bad, 2 * rounds);
    if (!bad) printf("  %s: every X2 and Y equal the GEMMs run alone\n", how);
  };
  CK(cudaMemsetAsync(x2, 0xFF, bytes * rounds, s));
  CK(cudaMemsetAsync(y, 0xFF, bytes * rounds, s));
  for (int r = 0; r < rounds; ++r) round(r);
  CK(cudaStreamSynchronize(s));
  check("eager");
  CK(cudaMemsetAsync(x2, 0xFF, bytes * rounds, s));
  CK(cudaMemsetAsync(y, 0xFF, bytes * rounds, s));
  CK(cudaStreamSynchronize(s));
  cudaGraph_t graph;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  for (int r = 0; r < rounds; ++r) round(r);
  CK(cudaStreamEndCapture(s, &graph));
  cudaGraphExec_t exec;
  CK(cudaGraphInstantiate(&exec, graph, 0));
  CK(cudaGraphLaunch(exec, s));
  CK(cudaStreamSynchronize(s));
  check("graph");
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  for (void *p : {a, a2, b, w, x1, x2, y}) cudaFree(p);
}

}  // namespace

int main() {
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  void *ws;
  CK(cudaMalloc(&ws, 64 << 20));
  // NaN bytes (bf16, fp16, fp32, e4m3): a kernel that read the workspace's padding past K would show
  CK(cudaMemset(ws, 0xFF, 64 << 20));
  const int PACK_A = CUTEGO_GEMM_F_PACK_A, PACK_B = CUTEGO_GEMM_F_PACK_B, SK = CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
  // clang-format off
  const Case cases[] = {
    // name                                         m     n      k    ab    cd    bMN    lda   split ws   flags   split  tol
    {"wgmma, the first call inside capture",      1024, 1024,  512, BF16, BF16, false,  512,   0, false, 0,      false, 8e-3},
    {"split K 4, options.workspace",                64, 4096, 4096, BF16, F32,  false, 4096,   4, true,  0,      true,  1e-5},
    {"split K 4, allocated (memory nodes)",         64, 4096, 4096, BF16, F32,  false, 4096,   4, false, 0,      true,  1e-5},
    {"packed A (lda = K+1), options.workspace",    300,  520,  192, BF16, F32,  false,  193,   0, true,  PACK_A, false, 1e-5},
    {"packed A (lda = K+1), allocated",            300,  520,  192, BF16, F32,  false,  193,   0, false, PACK_A, false, 1e-5},
    {"FP8 e4m3, scale_a rewritten",                512,  512, 1024, E4M3, F32,  false, 1024,   0, false, 0,      false, 2e-3},
    {"FP8 e4m3, MN-major B transposed, allocated", 256,  384,  512, E4M3, F32,  true,   512,   0, false, PACK_B, false, 2e-3},
    {"FP8 e4m3, MN-major B, K 208 padded to 256", 256,  384,  208, E4M3, F32,  true,   208,   0, true,  PACK_B, false, 2e-3},
    {"stream-K, options.workspace (memset node)", 1000, 1200, 520, BF16, F32, false,  520,   0, true,  0,      false, 1e-5, SK},
    {"stream-K, allocated (memory nodes)",        1000, 1200, 520, BF16, BF16, false, 520,   0, false, 0,      false, 8e-3, SK},
  };
  // clang-format on
  for (const Case &c : cases) run_case(c, s, ws);
  copy_case(s);
  chain_case(s);
  cudaFree(ws);
  cudaStreamDestroy(s);
  printf("test_gemm_graph: %d checks, %d failures\n", checks, fails);
  return fails != 0;
}

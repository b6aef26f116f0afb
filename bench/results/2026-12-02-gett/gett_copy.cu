// gett_copy.cu — the paper's GETT stupr,qtru->stqp (s=64,t=4,u=32,p=64,r=32,q=512; bf16 in and
// out, row-major operands) on cutego_gemm with the fold's layouts as written (einsum.Fold: A
// ((s,p),(u,r),t), B (q,(u,r),t), C ((s,p),q,t)), and its pieces alone, in one process:
//   gemm      cutego_gemm on the fold's layouts: A packed (a TMA permute), the GEMM, D copied into C
//   gemm-ws   the same with options.workspace (nothing allocated)
//   gemm-old  the launcher's former way emulated: the workspace from the default pool
//             (cudaMallocAsync, release threshold 0) and zeroed on every call, then gemm-ws
//   gemm-x10  ten calls of gemm queued back to back (device time; the rate is per call)
//   gemm0     cutego_gemm on compact operands of the same M, N, K, L (no copies: the GEMM alone)
//   copyA     A's pack (cutego_copy into the K-major workspace layout), grouped (the default)
//   copyA-old the same with CUTEGO_COPY_NO_GROUPING (the 64x128 tile before grouping)
//   copyD     D's copy out of the packed (M,N,L) buffer into C, grouped / -old
//   d2d       cudaMemcpyAsync of A's bytes (the reference for the copies)
// CUDA events, 3 warm-ups, then 15 rounds of every case interleaved, medians. The GEMM's output
// is checked at 512 sampled points against a float64 sum over u, r of the bf16 inputs (indices
// from the row-major index strings, not from the folded layouts), the grouped copies bit for bit
// against the old ones. Usage: gett_copy [csv]
#include <algorithm>
#include <cmath>
#include <functional>
#include "copy_harness.h"

static const int64_t S = 64, T = 4, U = 32, P = 64, R = 32, Q = 512;
static const int64_t M = S * P, N = Q, K = U * R, L = T;

// A layout from leaves and a nest string ("((LL)(LL)L)").
static cute_layout_t nested(const std::vector<int64_t> &sh, const std::vector<int64_t> &st, const char *nest) {
  cute_layout_t x = make_layout(sh, st);
  int t = 0;
  for (const char *c = nest; *c; ++c) x.nest[t++] = *c == '(' ? CUTE_NEST_OPEN : *c == ')' ? CUTE_NEST_CLOSE : CUTE_NEST_LEAF;
  x.ntokens = t;
  return x;
}

static uint16_t f2bf(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}
static float bf2f(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static int fails = 0;
static char err[512];

int main(int argc, char **argv) {
  FILE *csv = argc > 1 ? fopen(argv[1], "w") : nullptr;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  const int64_t na = S * T * U * P * R, nb = Q * T * R * U, nc = S * T * Q * P;
  std::vector<uint16_t> ha(na), hb(nb), hc(nc);
  uint64_t x = 12345;
  auto rnd = [&x]() {
    x = mix64(x + 0x9e3779b97f4a7c15ULL);
    return (float)((int64_t)(x >> 40) - (1 << 23)) / (float)(1 << 23);
  };
  for (auto &v : ha) v = f2bf(rnd());
  for (auto &v : hb) v = f2bf(rnd());
  uint16_t *a, *b, *c, *ws, *ws2, *pk, *d0;
  CK(cudaMalloc(&a, na * 2));
  CK(cudaMalloc(&b, nb * 2));
  CK(cudaMalloc(&c, nc * 2));
  CK(cudaMalloc(&ws, na * 2));
  CK(cudaMalloc(&ws2, na * 2));
  CK(cudaMalloc(&pk, nc * 2));
  CK(cudaMalloc(&d0, nc * 2));
  CK(cudaMemcpy(a, ha.data(), na * 2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(b, hb.data(), nb * 2, cudaMemcpyHostToDevice));
  CK(cudaMemset(c, 0xFF, nc * 2));
  CK(cudaMemset(pk, 0, nc * 2));
  // the fold as written (bench/goeinsum, orientation "as written")
  cute_layout_t la = nested({S, P, U, R, T}, {T * U * P * R, R, P * R, 1, U * P * R}, "((LL)(LL)L)");
  cute_layout_t lb = nested({Q, U, R, T}, {T * R * U, 1, U, R * U}, "(L(LL)L)");
  cute_layout_t lc = nested({S, P, Q, T}, {T * Q * P, 1, P, Q * P}, "((LL)LL)");
  // the copies' layouts: A into the K-major workspace (M, K, L):(K, 1, M*K) as leaves
  cute_layout_t laf = make_layout({S, P, U, R, T}, {T * U * P * R, R, P * R, 1, U * P * R});
  cute_layout_t lap = make_layout({S, P, U, R, T}, {K, S * K, 1, U, M * K});
  cute_layout_t ldp = make_layout({S, P, Q, T}, {N, S * N, 1, M * N});
  cute_layout_t lcf = make_layout({S, P, Q, T}, {T * Q * P, 1, P, Q * P});
  // compact operands for the GEMM alone
  cute_layout_t a0 = make_layout({M, K, L}, {K, 1, M * K}), b0 = make_layout({N, K, L}, {T * K, 1, K}),
                c0 = make_layout({M, N, L}, {N, 1, M * N});
  cutego_gemm_plan_t plan;
  cutego_copy_plan_t cp;
  auto gemm = [&]() {
    if (cutego_gemm(c, &lc, a, &la, b, &lb, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1.f, 0.f, 0,
                    nullptr, &plan) != CUTEGO_KERNELS_OK) {
      cutego_kernels_last_error(err, sizeof err);
      printf("FAIL gemm: %s\n", err);
      exit(1);
    }
  };
  // the same with options.workspace (no allocation), and main's former path emulated: the
  // workspace from the device's default pool and zeroed, on every call
  void *cws;
  CK(cudaMalloc(&cws, 64 << 20));
  auto gemm_ws = [&](void *w) {
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.workspace = w, o.workspace_bytes = 64 << 20;
    if (cutego_gemm(c, &lc, a, &la, b, &lb, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1.f, 0.f, 0, &o,
                    nullptr) != CUTEGO_KERNELS_OK) {
      cutego_kernels_last_error(err, sizeof err);
      printf("FAIL gemm-ws: %s\n", err);
      exit(1);
    }
  };
  auto gemm_old = [&]() {
    void *w;
    CK(cudaMallocAsync(&w, 64 << 20, 0));
    CK(cudaMemsetAsync(w, 0, plan.workspace_bytes, 0));
    gemm_ws(w);
    CK(cudaFreeAsync(w, 0));
  };
  auto gemm0 = [&]() {
    if (cutego_gemm(d0, &c0, ws, &a0, b, &b0, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1.f, 0.f, 0,
                    nullptr, nullptr) != CUTEGO_KERNELS_OK) {
      cutego_kernels_last_error(err, sizeof err);
      printf("FAIL gemm0: %s\n", err);
      exit(1);
    }
  };
  auto copy = [&](void *dst, const cute_layout_t *dl, const void *src, const cute_layout_t *sl, int hints) {
    cutego_copy_options_t o = {};
    o.cache_hints = hints;
    if (cutego_copy_ex(dst, dl, src, sl, 2, 0, &o, &cp) != CUTEGO_KERNELS_OK) {
      cutego_kernels_last_error(err, sizeof err);
      printf("FAIL copy: %s\n", err);
      exit(1);
    }
  };
  // correctness: the GEMM at sampled outputs, the copies grouped vs not
  gemm();
  CK(cudaDeviceSynchronize());
  printf("gemm plan: %s | packed: %s\n", plan.reason, plan.packed_why);
  CK(cudaMemcpy(hc.data(), c, nc * 2, cudaMemcpyDeviceToHost));
  double num = 0, den = 0;
  for (int i = 0; i < 512; ++i) {
    x = mix64(x + i);
    int64_t s = x % S, t = (x >> 8) % T, q = (x >> 16) % Q, p = (x >> 32) % P;
    double ref = 0;
    for (int64_t u = 0; u < U; ++u)
      for (int64_t r = 0; r < R; ++r)
        ref += (double)bf2f(ha[(((s * T + t) * U + u) * P + p) * R + r]) * bf2f(hb[((q * T + t) * R + r) * U + u]);
    double got = bf2f(hc[((s * T + t) * Q + q) * P + p]);
    num += (got - ref) * (got - ref);
    den += ref * ref;
  }
  double rel = std::sqrt(num / den);
  printf("%s gemm: 512 sampled outputs, rel err %.2e (tolerance 1e-2)\n", rel < 1e-2 ? "ok  " : "FAIL", rel);
  fails += !(rel < 1e-2);
  std::vector<uint16_t> h1(na), h2(na);
  copy(ws, &lap, a, &laf, 0);
  printf("copyA plan: %s\n", cp.reason);
  copy(ws2, &lap, a, &laf, CUTEGO_COPY_NO_GROUPING);
  printf("copyA-old plan: %s\n", cp.reason);
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h1.data(), ws, na * 2, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(h2.data(), ws2, na * 2, cudaMemcpyDeviceToHost));
  // element (m = s + S p, k = u + U r, l = t) of the workspace is A[s,t,u,p,r]
  bool spot = true;
  for (int i = 0; i < 4096; ++i) {
    x = mix64(x + i);
    int64_t s = x % S, t = (x >> 8) % T, u = (x >> 16) % U, p = (x >> 24) % P, r = (x >> 32) % R;
    spot &= h1[(s + S * p) * K + (u + U * r) + M * K * t] == ha[(((s * T + t) * U + u) * P + p) * R + r];
  }
  printf("%s copyA grouped == old: %s, 4096 spots against A: %s\n", h1 == h2 && spot ? "ok  " : "FAIL",
         h1 == h2 ? "yes" : "no", spot ? "yes" : "no");
  fails += !(h1 == h2 && spot);
  copy(c, &lcf, pk, &ldp, 0);
  printf("copyD plan: %s\n", cp.reason);
  copy(c, &lcf, pk, &ldp, CUTEGO_COPY_NO_GROUPING);
  printf("copyD-old plan: %s\n", cp.reason);
  // timing, interleaved
  struct Case {
    const char *name;
    std::function<void()> f;
    double work;  // bytes moved (copies) or flops
    std::vector<float> ms;
  };
  const double flops = 2.0 * M * N * K * L, abytes = 2.0 * na * 2, cbytes = 2.0 * nc * 2;
  std::vector<Case> cases = {
      {"gemm", gemm, flops, {}},
      {"gemm-ws", [&]() { gemm_ws(cws); }, flops, {}},
      {"gemm-old", gemm_old, flops, {}},
      {"gemm-x10", [&]() { for (int i = 0; i < 10; ++i) gemm(); }, 10 * flops, {}},
      {"gemm0", gemm0, flops, {}},
      {"copyA", [&]() { copy(ws, &lap, a, &laf, 0); }, abytes, {}},
      {"copyA-old", [&]() { copy(ws2, &lap, a, &laf, CUTEGO_COPY_NO_GROUPING); }, abytes, {}},
      {"copyD", [&]() { copy(c, &lcf, pk, &ldp, 0); }, cbytes, {}},
      {"copyD-old", [&]() { copy(c, &lcf, pk, &ldp, CUTEGO_COPY_NO_GROUPING); }, cbytes, {}},
      {"d2d", [&]() { CK(cudaMemcpyAsync(ws2, a, na * 2, cudaMemcpyDeviceToDevice, 0)); }, abytes, {}},
  };
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (int round = 0; round < 18; ++round)
    for (auto &cs : cases) {
      CK(cudaEventRecord(e0, 0));
      cs.f();
      CK(cudaEventRecord(e1, 0));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      if (round >= 3) cs.ms.push_back(ms);
    }
  double d2d_ms = 0;
  for (auto &cs : cases) {
    std::sort(cs.ms.begin(), cs.ms.end());
    if (!strcmp(cs.name, "d2d")) d2d_ms = cs.ms[cs.ms.size() / 2];
  }
  if (csv) fprintf(csv, "case,ms,rate,unit,vs_d2d\n");
  for (auto &cs : cases) {
    double ms = cs.ms[cs.ms.size() / 2];
    bool fl = cs.work >= flops;
    double rate = cs.work / ms / 1e9;  // TFLOP/s or TB/s
    double vs = fl ? 0 : (cs.work / ms) / ((2.0 * na * 2) / d2d_ms);
    printf("time %-10s %8.4f ms  %8.2f %s%s", cs.name, ms, rate, fl ? "TFLOP/s" : "TB/s", fl ? "\n" : "");
    if (!fl) printf("  (%.3f of d2d's rate)\n", vs);
    if (csv) fprintf(csv, "%s,%.5f,%.3f,%s,%.4f\n", cs.name, ms, rate, fl ? "TFLOP/s" : "TB/s", vs);
  }
  if (csv) fclose(csv);
  printf("%s: %d failures\n", fails ? "FAILED" : "ALL PASSED", fails);
  return fails ? 1 : 0;
}

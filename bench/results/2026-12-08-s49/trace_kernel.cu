// trace_kernel M N K [config]: one bf16 TN GEMM through cutego_gemm built with trace.patch: the
// time of one call alone (events around it), of one call among 50 back-to-back calls in a CUDA graph
// (untraced), then one traced call (alpha 0.75, a C pointer, beta 0) whose per-CTA stamps are
// summarized: the median and maximum over CTAs of each phase (ns) and the kernel's span (first
// entry to last end). A diagnostic for bench/results/2026-12-08-s49 (not built by make).
#include <algorithm>
#include "../../../csrc/gemm/gemm_harness.h"
using namespace gh;

static void row(const char *name, std::vector<long long> v) {
  if (v.empty()) return;
  std::sort(v.begin(), v.end());
  printf("  %-34s median %7lld  min %7lld  max %7lld ns (%zu)\n", name, v[v.size() / 2], v.front(), v.back(), v.size());
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: trace_kernel M N K [config]\n");
    return 2;
  }
  const int64_t M = atoll(argv[1]), N = atoll(argv[2]), K = atoll(argv[3]);
  cutego_gemm_options_t o;
  memset(&o, 0, sizeof o);
  o.config = argc > 4 ? atoi(argv[4]) : 0;
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
  cudaStream_t st;
  cudaEvent_t e0, e1;
  if (cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking) || cudaEventCreate(&e0) || cudaEventCreate(&e1)) return 3;
  auto call = [&](bool traced) {
    return cutego_gemm(d, &ld, a, &la, b, &lb, traced ? rec : nullptr, traced ? &lc : nullptr, CUTEGO_DTYPE_BF16,
                       CUTEGO_DTYPE_BF16, traced ? 0.75f : 1.f, 0.f, st, &o, &p);
  };
  for (int i = 0; i < 4; ++i) {
    if (cudaEventRecord(e0, st) || call(false) || cudaEventRecord(e1, st) || cudaStreamSynchronize(st)) {
      fprintf(stderr, "cutego_gemm: %s\n", last_kernel_error());
      return 4;
    }
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    if (i == 3) printf("TIME alone %.2f us\n", ms * 1e3);
  }
  cudaGraph_t g;
  cudaGraphExec_t ge;
  const int n_graph = 50;
  if (cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal)) return 5;
  for (int i = 0; i < n_graph; ++i) call(false);
  if (cudaStreamEndCapture(st, &g) || cudaGraphInstantiate(&ge, g, 0)) return 5;
  float best = 1e30f;
  for (int r = 0; r < 7; ++r) {
    float ms = 0;
    if (cudaEventRecord(e0, st) || cudaGraphLaunch(ge, st) || cudaEventRecord(e1, st) || cudaStreamSynchronize(st)) return 5;
    cudaEventElapsedTime(&ms, e0, e1);
    best = std::min(best, ms);
  }
  printf("TIME graph %.2f us per call (best of 7 graphs of %d)\n", best * 1e3 / n_graph, n_graph);
  if (cudaMemsetAsync(rec, 0, trace_bytes, st) || cudaStreamSynchronize(st)) return 5;
  if (cudaEventRecord(e0, st) || call(true) || cudaEventRecord(e1, st) || cudaStreamSynchronize(st)) return 5;
  float ms = 0;
  cudaEventElapsedTime(&ms, e0, e1);
  printf("TIME traced %.2f us\n", ms * 1e3);
  std::vector<unsigned long long> h(trace_bytes / 8);
  if (cudaMemcpy(h.data(), rec, trace_bytes, cudaMemcpyDeviceToHost)) return 6;
  unsigned long long t0 = ~0ull, t1 = 0;
  std::vector<long long> ent, wt, p_first, p_last, c_full, c_mma, c_st, c_end, c_total, p_tiles;
  int ctas = 0;
  for (size_t r = 0; r + 10 <= h.size(); r += 10)
    if (h[r] == 1) t0 = std::min(t0, h[r + 2]), t1 = std::max(t1, h[r + 7]);
  for (size_t r = 0; r + 10 <= h.size(); r += 10) {
    const unsigned long long *x = &h[r];
    if (x[0] != 1) continue;
    const int role = (int)((r / 10) % 3);
    if (role == 0) {
      ++ctas;
      ent.push_back(x[2] - t0), wt.push_back(x[3] - x[2]);
      p_first.push_back(x[4] - x[3]), p_last.push_back(x[5] - x[4]), p_tiles.push_back(x[8]);
    } else {
      c_full.push_back(x[4] - x[3]), c_mma.push_back(x[5] - x[4]), c_st.push_back(x[6] - x[5]);
      c_end.push_back(x[7] - x[6]), c_total.push_back(x[7] - x[2]);
    }
  }
  printf("PLAN %lld x %lld x %lld: tiles %lld x %lld, %s, %d CTAs traced: %s\n", (long long)M, (long long)N,
         (long long)K, (long long)p.tiles_m, (long long)p.tiles_n, p.kernel, ctas, p.reason);
  printf("SPAN %.2f us (first entry to last end)\n", (t1 - t0) / 1e3);
  row("entry after the first CTA's", ent);
  row("entry -> grid-dependency wait done", wt);
  row("wait -> producer's first load", p_first);
  row("producer's loads (first -> last)", p_last);
  row("producer tiles", p_tiles);
  row("consumer: wait -> first stage full", c_full);
  row("consumer: full -> last main loop done", c_mma);
  row("consumer: main loop -> stores issued", c_st);
  row("consumer: stores issued -> end", c_end);
  row("consumer: entry -> end", c_total);
  return 0;
}

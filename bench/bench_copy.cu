// bench_copy.cu — cutego_copy against cudaMemcpy device-to-device, in one process.
// CUDA events, warm-up, median of repeats; GB/s counts bytes read + bytes written.
// Usage: bench_copy [out.csv]
#include <cuda_bf16.h>
#include "copy_harness.h"

// The kernels' last error message, for printing.
static const char *kerr() {
  static thread_local char buf[512];
  cutego_kernels_last_error(buf, sizeof buf);
  return buf;
}


static float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class F>
static float time_ms(F f, int warm = 3, int reps = 15) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int i = 0; i < warm; ++i) f();
  CK(cudaDeviceSynchronize());
  std::vector<float> t;
  for (int i = 0; i < reps; ++i) {
    CK(cudaEventRecord(a));
    f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  return median(t);
}

static FILE *g_csv;

static void row(const char *name, const char *path, int es, double bytes, float ms, float d2d_ms) {
  double gbs = 2.0 * bytes / (ms * 1e6), ref = 2.0 * bytes / (d2d_ms * 1e6);
  printf("%-40s %-11s es=%2d %9.1f MB %8.3f ms %8.1f GB/s  d2d %8.1f GB/s  ratio %.3f\n", name, path, es, bytes / 1e6, ms,
         gbs, ref, gbs / ref);
  if (g_csv)
    fprintf(g_csv, "\"%s\",%s,%d,%.0f,%.5f,%.1f,%.1f,%.4f\n", name, path, es, bytes, ms, gbs, ref, gbs / ref);
}

// Times cutego_copy for (sl -> dl) and cudaMemcpy D2D of the same bytes; verifies once.
static void bench(const char *name, const cute_layout_t &sl, const cute_layout_t &dl, int es,
                  const cutego_copy_options_t *opt = nullptr, bool verify = true) {
  int64_t slo, shi, dlo, dhi;
  span(sl, &slo, &shi);
  span(dl, &dlo, &dhi);
  size_t sb = (size_t)(shi - slo + 1) * es, db = (size_t)(dhi - dlo + 1) * es;
  double bytes = (double)lsize(sl) * es;
  uint8_t *s, *d, *r;
  CK(cudaMalloc(&s, sb));
  CK(cudaMalloc(&d, db));
  CK(cudaMalloc(&r, (size_t)bytes));
  std::vector<uint8_t> h(sb);
  fill_random(h.data(), (int64_t)sb, 12345 + es);
  CK(cudaMemcpy(s, h.data(), sb, cudaMemcpyHostToDevice));
  cutego_copy_plan_t plan;
  int rc = cutego_copy_ex(d - dlo * es, &dl, s - slo * es, &sl, es, 0, opt, &plan);
  if (rc) {
    printf("%s: error %s\n", name, kerr());
    exit(1);
  }
  CK(cudaDeviceSynchronize());
  if (verify) {
    std::vector<uint8_t> ref(db), got(db);
    CK(cudaMemset(d, 0x5A, db));
    CK(cudaMemcpy(ref.data(), d, db, cudaMemcpyDeviceToHost));
    host_reference(ref.data() - dlo * es, dl, h.data() - slo * es, sl, es);
    CK(cudaMemset(d, 0x5A, db));
    rc = cutego_copy_ex(d - dlo * es, &dl, s - slo * es, &sl, es, 0, opt, &plan);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(got.data(), d, db, cudaMemcpyDeviceToHost));
    if (rc || memcmp(got.data(), ref.data(), db) != 0) {
      printf("%s: WRONG RESULT (path %s)\n", name, cutego_copy_path_name(plan.path));
      exit(1);
    }
  }
  float t_d2d = time_ms([&] { CK(cudaMemcpyAsync(r, s, (size_t)bytes, cudaMemcpyDeviceToDevice, 0)); });
  float t = time_ms([&] { cutego_copy_ex(d - dlo * es, &dl, s - slo * es, &sl, es, 0, opt, nullptr); });
  CK(cudaGetLastError());
  float t_d2d2 = time_ms([&] { CK(cudaMemcpyAsync(r, s, (size_t)bytes, cudaMemcpyDeviceToDevice, 0)); });
  row(name, cutego_copy_path_name(plan.path), es, bytes, t, std::min(t_d2d, t_d2d2));
  CK(cudaFree(s));
  CK(cudaFree(d));
  CK(cudaFree(r));
}

int main(int argc, char **argv) {
  g_csv = argc > 1 ? fopen(argv[1], "w") : nullptr;
  if (g_csv) fprintf(g_csv, "case,path,elem_bytes,bytes,ms,GBps,d2d_GBps,ratio\n");
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  int drv = 0;
  cudaDriverGetVersion(&drv);
  printf("device %s, %d SMs, L2 %d MB, driver API %d\n", p.name, p.multiProcessorCount, p.l2CacheSize >> 20, drv);
  bool tune = argc > 2 && !strcmp(argv[2], "--tune");
  // contiguous copies
  for (int64_t mb : {64, 256, 1024, 4096}) {
    int64_t n = mb << 18;  // fp32 elements
    char nm[64];
    snprintf(nm, sizeof nm, "copy contiguous fp32 %lld MiB", (long long)mb);
    bench(nm, make_layout({n}, {1}), make_layout({n}, {1}), 4, nullptr, mb <= 1024);
  }
  if (tune) {
    int64_t n = (int64_t)1024 << 18;
    for (int l2 : {0, -1, 128})
      for (int cfg = 0; cfg < 4; ++cfg) {
        cutego_copy_options_t o = {};
        o.l2_promotion = l2;
        const int sb[] = {64, 32, 16, 64}, st[] = {3, 6, 8, 2}, cps[] = {1, 1, 2, 1};
        o.stage_bytes = sb[cfg] << 10;
        o.stages = st[cfg];
        o.ctas_per_sm = cps[cfg];
        char nm[64];
        snprintf(nm, sizeof nm, "tune copy 1GiB %dKx%d %d/SM l2 %d", sb[cfg], st[cfg], cps[cfg], l2);
        bench(nm, make_layout({n}, {1}), make_layout({n}, {1}), 4, &o, false);
      }
    for (int es : {8, 16}) {
      cutego_copy_options_t o = {};
      o.cache_hints = 4;
      char nm[64];
      snprintf(nm, sizeof nm, "tune transpose es%d per-block stores", es);
      int64_t m = es == 8 ? 8192 : 8192, n = es == 8 ? 8192 : 4096;
      bench(nm, make_layout({m, n}, {1, m}), make_layout({m, n}, {n, 1}), es, &o, false);
    }
    for (int es : {4, 2})
      for (int l2 : {0, -1, 128}) {
        cutego_copy_options_t o = {};
        o.l2_promotion = l2;
        char nm[64];
        snprintf(nm, sizeof nm, "tune transpose 16384^2 es%d l2 %d", es, l2);
        bench(nm, make_layout({16384, 16384}, {1, 16384}), make_layout({16384, 16384}, {16384, 1}), es, &o, false);
      }
  }
  // padded 2-D copy (pitched rows), bf16
  bench("copy pitched 16384x16384 bf16 (+64 pad)", make_layout({16384, 16384}, {1, 16384 + 64}),
        make_layout({16384, 16384}, {1, 16384 + 128}), 2);
  // transposes
  bench("transpose 16384^2 fp32", make_layout({16384, 16384}, {1, 16384}), make_layout({16384, 16384}, {16384, 1}), 4);
  bench("transpose 16384^2 bf16", make_layout({16384, 16384}, {1, 16384}), make_layout({16384, 16384}, {16384, 1}), 2);
  bench("transpose 16384^2 u8", make_layout({16384, 16384}, {1, 16384}), make_layout({16384, 16384}, {16384, 1}), 1);
  bench("transpose 8192^2 fp64", make_layout({8192, 8192}, {1, 8192}), make_layout({8192, 8192}, {8192, 1}), 8);
  bench("transpose 8192x4096 16B", make_layout({8192, 4096}, {1, 8192}), make_layout({8192, 4096}, {4096, 1}), 16);
  // rank-3 / rank-4 permutes
  bench("permute (512,512,1024)->(2,0,1) fp32", make_layout({512, 512, 1024}, {1, 512, 512 * 512}),
        make_layout({512, 512, 1024}, {512 * 1024, 1024, 1}), 4);
  bench("permute (64,256,128,128) (1,3,0,2) bf16", make_layout({64, 256, 128, 128}, colmajor({64, 256, 128, 128})),
        // dst order: mode1 fastest, then 3, 0, 2
        make_layout({64, 256, 128, 128}, {256 * 128, 1, 256 * 128 * 64, 256}), 2);
  // generic path for scale
  bench("generic gather stride 3 fp32 (256 MiB)", make_layout({(int64_t)1 << 26}, {3}), make_layout({(int64_t)1 << 26}, {1}), 4);
  if (g_csv) fclose(g_csv);
  return 0;
}

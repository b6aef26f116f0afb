/* margin_probe.c — session 23, no device: the FP8 shapes (bf16 D, K-major, 132 SMs) whose stream-K price in
 * csrc/gemm/waves.c lies within kStreamKMargin (5%) of data-parallel, so the model keeps them
 * data-parallel; and those it sends to stream-K. Built beside the planner objects (it includes
 * waves.c for its static model); its output is margin.txt. */
#include "../../../csrc/gemm/waves.c"
static cute_layout_t l2(int64_t e0, int64_t e1, int64_t s0, int64_t s1) {
  cute_layout_t l; memset(&l, 0, sizeof l); l.leaves = 2; l.shape[0] = e0, l.shape[1] = e1; l.stride[0] = s0, l.stride[1] = s1;
  l.ntokens = 4; l.nest[0] = CUTE_NEST_OPEN, l.nest[1] = CUTE_NEST_LEAF, l.nest[2] = CUTE_NEST_LEAF, l.nest[3] = CUTE_NEST_CLOSE; return l;
}
int main(void) {
  const int64_t ms[] = {256, 512, 1024, 2048, 3072, 4096, 6144, 8192, 12288, 16384};
  const int64_t nk[][2] = {{4096,4096},{14336,4096},{4096,14336},{11008,4096},{4096,11008},{6144,4096},{28672,8192},
                           {11008,11008},{11008,14336},{8192,8192},{2048,2048},{12288,12288},{16384,16384},{7168,2048},{2112,7168},{24576,1536}};
  int inside = 0, taken = 0;
  for (size_t a = 0; a < sizeof ms / sizeof ms[0]; ++a)
    for (size_t b = 0; b < sizeof nk / sizeof nk[0]; ++b) {
      const int64_t m = ms[a], n = nk[b][0], k = nk[b][1];
      cute_layout_t d = l2(m, n, n, 1), A = l2(m, k, k, 1), B = l2(n, k, k, 1);
      cutego_gemm_options_t o; memset(&o, 0, sizeof o); o.sms = 132;
      cutego_gemm_plan_t p;
      if (cutego_gemm_plan(&d, &A, &B, NULL, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 0, 0x10000, 0x20000, 0x30000, 0, &o, &p)) continue;
      const int64_t kt = cutego_gemm_k_tiles(CUTEGO_GEMM_CONFIG_128x256x64, 1, k);
      int64_t t256; if (count_tiles(m, n, 1, CUTEGO_GEMM_CONFIG_128x256x64, 1, &t256)) continue;
      double dp; pick_dp(m, n, 1, p.ab_dtype, 1, 132, &dp);
      const double s = stream_k_time(t256, kt, 132);
      const int sk = cutego_gemm_stream_k(&p, 132);
      if (s < 0) continue;
      const double ratio = dp / s;  /* > 1: stream-K priced faster */
      if (sk) ++taken;
      if (ratio > 1.0 && !sk) { ++inside; printf("%6lld x %6lld x %6lld  tiles %5lld  dp/sk %.3f  (kept data-parallel)\n", (long long)m, (long long)n, (long long)k, (long long)t256, ratio); }
      else if (sk) printf("%6lld x %6lld x %6lld  tiles %5lld  dp/sk %.3f  stream-K\n", (long long)m, (long long)n, (long long)k, (long long)t256, ratio);
    }
  printf("inside the margin: %d; stream-K taken: %d\n", inside, taken);
  return 0;
}

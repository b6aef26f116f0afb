// plans_probe.cc — session 23, no device: the launcher's decisions for run.sh's shapes (D row-major, column-major,
// and the caller's swap), on the stub runtime of test_gemm_host (132 SMs), with dtrans.patch applied.
// Built as test_gemm_host is (ci/kernels.mk), this file in its place; its output is plans.txt.
#include <stdio.h>
#include <string.h>
#include "cudart_stub.h"
#include "cutego_kernels.h"
#include "gemm_fns.h"
#include "gemm_standins.h"
static cute_layout_t l3(int64_t e0, int64_t e1, int64_t e2, int64_t s0, int64_t s1, int64_t s2) {
  cute_layout_t l; memset(&l, 0, sizeof l);
  int r = e2 > 1 ? 3 : 2; l.leaves = r;
  l.shape[0] = e0, l.shape[1] = e1, l.shape[2] = e2; l.stride[0] = s0, l.stride[1] = s1, l.stride[2] = s2;
  int t = 0; l.nest[t++] = CUTE_NEST_OPEN; for (int i = 0; i < r; ++i) l.nest[t++] = CUTE_NEST_LEAF; l.nest[t++] = CUTE_NEST_CLOSE;
  l.ntokens = t; return l;
}
int main() {
  const int64_t sh[][4] = {{4096,4096,4096,1},{8192,8192,8192,1},{2048,2048,128,64},{3000,5000,1000,1},{1000,1000,1000,1},
    {333,14336,4096,1},{512,11008,4096,1},{1024,14336,4096,1},{100,4096,4100,1},{16384,4096,11008,1}};
  for (auto &s : sh) {
    const int64_t M = s[0], N = s[1], K = s[2], L = s[3];
    for (int v = 0; v < 3; ++v) {  // 0 row-major D, 1 column-major D, 2 swapped
      cute_layout_t la = l3(M, K, L, K, 1, M * K), lb = l3(N, K, L, K, 1, N * K);
      cute_layout_t ld = v == 0 ? l3(M, N, L, N, 1, M * N) : l3(M, N, L, 1, M, M * N);
      cute_layout_t ldt = l3(N, M, L, 1, N, M * N);
      cutego_gemm_plan_t p; memset(&p, 0, sizeof p);
      int rc = v < 2 ? cutego_gemm((void *)0x300000000000, &ld, (void *)0x100000000000, &la, (void *)0x200000000000, &lb,
                                   nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1.f, 0.f, nullptr, nullptr, &p)
                     : cutego_gemm((void *)0x300000000000, &ldt, (void *)0x200000000000, &lb, (void *)0x100000000000, &la,
                                   nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1.f, 0.f, nullptr, nullptr, &p);
      printf("%5lldx%5lldx%5lld L%-3lld %-4s rc %d %-34s dec %d split %d tiles %lld | %s\n", (long long)M, (long long)N,
             (long long)K, (long long)L, v == 0 ? "row" : v == 1 ? "col" : "swap", rc, p.kernel, (int)p.decomposition,
             (int)p.split_k, (long long)p.tiles, p.reason);
    }
  }
}

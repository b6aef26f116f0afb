// test_gemm_host.cc — cutego_gemm's host side without a GPU: the launcher (kernels/cutego_gemm.cu,
// its kernels never run) linked against a counting CUDA runtime (cudart_stub.cc) and kernel
// tables of stand-ins. It counts the runtime and driver calls a cutego_gemm call makes once the
// same call has been made before on the thread, and checks that what the launcher remembers
// between calls is never stale: a changed address, alignment, stream or device launches what a
// first call with those arguments would. Prints the counts per call (make kernels-gemm-host-test);
// with --bench [reps], the host time per call too.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <chrono>
#include <initializer_list>

#include "cudart_stub.h"
#include "cutego_kernels.h"
#include "gemm_fns.h"
#include "gemm_standins.h"

// The <<<>>> launches counted when the last GEMM kernel was launched (the packing copies before it).
static long launches_before_gemm = -1;
static bool gemm_kernel_seen(const void *fn) {
  if (!is_gemm_kernel(fn)) return false;
  launches_before_gemm = cudart_stub_n.launch;
  return true;
}

static int failures = 0;
#define CHECK(cond, ...)                                     \
  do {                                                       \
    if (!(cond)) {                                           \
      ++failures;                                            \
      printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
      printf(__VA_ARGS__);                                   \
      printf("\n");                                          \
    }                                                        \
  } while (0)

static cute_layout_t layout2(int64_t e0, int64_t e1, int64_t s0, int64_t s1) {
  cute_layout_t l;
  memset(&l, 0, sizeof l);
  l.leaves = 2;
  l.shape[0] = e0, l.shape[1] = e1, l.stride[0] = s0, l.stride[1] = s1;
  l.ntokens = 4;
  l.nest[0] = CUTE_NEST_OPEN, l.nest[1] = CUTE_NEST_LEAF, l.nest[2] = CUTE_NEST_LEAF, l.nest[3] = CUTE_NEST_CLOSE;
  return l;
}

// A bf16 TN GEMM D (M,N) = A (M,K) B (N,K)^T, all K-major (D row-major), at fake addresses.
struct Gemm {
  int64_t m, n, k;
  uintptr_t a, b, d;
  cutego_stream_t stream;
  const cutego_gemm_options_t *opt;
  cutego_gemm_plan_t plan;
  bool col_d = false;     // D column-major (M of unit stride)
  bool mn_major = false;  // A M-major and B N-major, unpadded (BLAS's NT for a row-major D)
  int call() {
    cute_layout_t la = mn_major ? layout2(m, k, 1, m) : layout2(m, k, k, 1);
    cute_layout_t lb = mn_major ? layout2(n, k, 1, n) : layout2(n, k, k, 1);
    cute_layout_t ld = col_d ? layout2(m, n, 1, m) : layout2(m, n, n, 1);
    return cutego_gemm(reinterpret_cast<void *>(d), &ld, reinterpret_cast<const void *>(a), &la,
                       reinterpret_cast<const void *>(b), &lb, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16,
                       1.f, 0.f, stream, opt, &plan);
  }
};

// The runtime calls of one cutego_gemm call.
static cudart_stub_counts delta(Gemm &g, int *rc) {
  const cudart_stub_counts before = cudart_stub_n;
  *rc = g.call();
  cudart_stub_counts n = cudart_stub_n;
  long *p = &n.get_device;
  const long *q = &before.get_device;
  for (size_t i = 0; i < sizeof n / sizeof(long); ++i) p[i] -= q[i];
  return n;
}

static long total(const cudart_stub_counts &n) {
  const long *p = &n.get_device;
  long t = 0;
  for (size_t i = 0; i < sizeof n / sizeof(long); ++i) t += p[i];
  return t;
}

static void print(const char *what, const cudart_stub_counts &n) {
  printf("%-34s total %2ld: cudaGetDevice %ld, cudaDeviceGetAttribute %ld, cuTensorMapEncodeTiled %ld, "
         "cudaFuncSetAttribute %ld, cudaOccupancyMaxActiveClusters %ld, cudaLaunchKernelExC %ld, <<<>>> %ld, "
         "cudaGetLastError %ld, cudaMallocAsync %ld (pooled %ld), cudaFreeAsync %ld, cudaMemsetAsync %ld, pools made %ld, trims %ld\n",
         what, total(n), n.get_device, n.device_attribute, n.encode, n.func_set_attribute, n.occupancy, n.launch_ex,
         n.launch, n.last_error, n.malloc_async, n.pool_malloc, n.free_async, n.memset_async, n.pool_create, n.pool_trim);
}

// The launched GEMM kernel's maps carry a, b (and d where D is stored through TMA).
static void check_maps(const Gemm &g, uintptr_t a, uintptr_t b, const char *what) {
  CHECK(cudart_stub_map_addr(cudart_stub_last.map[0]) == a, "%s: A's map at %#llx, want %#llx", what,
        (unsigned long long)cudart_stub_map_addr(cudart_stub_last.map[0]), (unsigned long long)a);
  CHECK(cudart_stub_map_addr(cudart_stub_last.map[1]) == b, "%s: B's map at %#llx, want %#llx", what,
        (unsigned long long)cudart_stub_map_addr(cudart_stub_last.map[1]), (unsigned long long)b);
  if (g.plan.flags & CUTEGO_GEMM_F_D_TMA)
    CHECK(cudart_stub_map_addr(cudart_stub_last.map[2]) == g.d, "%s: D's map at %#llx, want %#llx", what,
          (unsigned long long)cudart_stub_map_addr(cudart_stub_last.map[2]), (unsigned long long)g.d);
}

// (e0,e1[,e2]):(s0,s1[,s2]), rank 3 where e2 > 1.
static cute_layout_t layout3(int64_t e0, int64_t e1, int64_t e2, int64_t s0, int64_t s1, int64_t s2) {
  if (e2 <= 1) return layout2(e0, e1, s0, s1);
  cute_layout_t l = layout2(e0, e1, s0, s1);
  l.leaves = 3, l.shape[2] = e2, l.stride[2] = s2;
  l.nest[3] = CUTE_NEST_LEAF, l.nest[4] = CUTE_NEST_CLOSE, l.ntokens = 5;
  return l;
}

static uint64_t rng_state = 0x2545F4914F6CDD1DULL;
static uint64_t rnd(uint64_t n) {
  rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
  return rng_state % n;
}

// Random calls on the counting runtime: every one answers OK or EINVAL (nothing else, no crash);
// a D of unit-stride M or N runs as D^T = B A^T exactly where cutego_gemm_swap_ab takes the two
// plans (the rule's answer, recomputed here from the planner), and
// the swapped plan is the GEMM with A and B exchanged and D transposed: its m and n are N and M,
// its A is B's layout, its B A's, its D D's modes exchanged, and the launched kernel's maps read
// B and A where nothing is packed.
static void random_calls(int n) {
  const int64_t ext[] = {1, 7, 64, 100, 128, 200, 333, 512, 1000, 1024, 2048, 4096};
  const int ab_types[] = {CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_F16, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_E5M2};
  const int cd_types[] = {CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_F16, CUTEGO_DTYPE_F32};
  const uintptr_t A = 0x100000000000, B = 0x200000000000, C = 0x400000000000, D = 0x300000000000;
  int ok = 0, swapped = 0, refused = 0;
  for (int i = 0; i < n; ++i) {
    const int64_t M = ext[rnd(12)], N = ext[rnd(12)], K = ext[rnd(12)] + (rnd(4) == 0 ? 8 : 0), L = rnd(4) == 0 ? 3 : 1;
    const int ab = ab_types[rnd(4)], cd = cd_types[rnd(3)];
    const bool a_m = rnd(3) == 0, b_n = rnd(3) == 0, d_col = rnd(2) == 0, c_other = rnd(4) == 0;
    const int64_t pa = rnd(3) == 0 ? 8 : 0, pb = rnd(3) == 0 ? 8 : 0, pd = rnd(3) == 0 ? 8 : 0;
    const int64_t lda = (a_m ? M : K) + pa, ldb = (b_n ? N : K) + pb, ldd = (d_col ? M : N) + pd;
    const cute_layout_t la = a_m ? layout3(M, K, L, 1, lda, lda * K) : layout3(M, K, L, lda, 1, lda * M);
    const cute_layout_t lb = b_n ? layout3(N, K, L, 1, ldb, ldb * K) : layout3(N, K, L, ldb, 1, ldb * N);
    const cute_layout_t ld = d_col ? layout3(M, N, L, 1, ldd, ldd * N) : layout3(M, N, L, ldd, 1, ldd * M);
    const int64_t ldc = d_col != c_other ? M : N;
    const cute_layout_t lc = d_col != c_other ? layout3(M, N, L, 1, ldc, ldc * N) : layout3(M, N, L, ldc, 1, ldc * M);
    const float beta = rnd(3) == 0 ? 0.5f : 0.f;
    cutego_gemm_options_t o = {};
    if (rnd(4) == 0) o.config = 1 + (int)rnd(13);
    if (rnd(4) == 0) o.split_k = (int)rnd(5);
    if (rnd(6) == 0) o.decomposition = (int)rnd(4);
    if (rnd(6) == 0) o.cluster_m = (int)rnd(3);
    if (rnd(8) == 0) o.group_m = 4;
    if (rnd(6) == 0) o.direct_epilogue = 1;
    if (ab == CUTEGO_DTYPE_E4M3 || ab == CUTEGO_DTYPE_E5M2) {
      if (rnd(2)) o.b_dtype = ab == CUTEGO_DTYPE_E4M3 ? CUTEGO_DTYPE_E5M2 : CUTEGO_DTYPE_E4M3;
      if (rnd(2)) o.scale_a = reinterpret_cast<const float *>(0x500000000000), o.scale_b = o.scale_a + 4;
      if (rnd(4) == 0) o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
    }
    cutego_gemm_plan_t p;
    memset(&p, 0, sizeof p);
    const int rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                               reinterpret_cast<const void *>(B), &lb, reinterpret_cast<const void *>(C), &lc, ab, cd,
                               1.f, beta, nullptr, &o, &p);
    CHECK(rc == CUTEGO_KERNELS_OK || rc == CUTEGO_KERNELS_EINVAL, "random call %d: rc %d", i, rc);
    if (rc != CUTEGO_KERNELS_OK) {
      ++refused;
      continue;
    }
    ++ok;
    // the rule on the two plans, for the device's 132 multiprocessors (as the launcher fills sms)
    bool want = false;
    int32_t swapped_d_major = -1;
    const bool candidate = cutego_gemm_swap_candidate(&ld, ab);
    {  // the rule on every call: the launchers' first test may only leave out what it refuses
      cute_layout_t dt, ct;
      cutego_gemm_options_t os = o;
      os.sms = 132, os.scale_a = o.scale_b, os.scale_b = o.scale_a;
      int ab_t = ab;
      if (o.b_dtype && o.b_dtype != ab) ab_t = o.b_dtype, os.b_dtype = ab;
      cutego_gemm_options_t oa = o;
      oa.sms = 132;
      cutego_gemm_plan_t pa_, pq_;
      want = cutego_gemm_transpose_layout(&ld, &dt) == 0 && cutego_gemm_transpose_layout(&lc, &ct) == 0 &&
             cutego_gemm_plan(&ld, &la, &lb, beta != 0 ? &lc : nullptr, ab, cd, beta != 0, D, A, B, C, &oa, &pa_) == 0 &&
             cutego_gemm_plan(&dt, &lb, &la, beta != 0 ? &ct : nullptr, ab_t, cd, beta != 0, D, B, A, C, &os, &pq_) == 0 &&
             cutego_gemm_swap_ab(&o, &pa_, &pq_, 132) == 1;
      swapped_d_major = pq_.d.major;
      CHECK(!want || candidate, "random call %d (%lldx%lldx%lld): the rule swaps, the first test leaves it", i,
            (long long)M, (long long)N, (long long)K);
      want = want && candidate;
    }
    const bool got = p.flags & CUTEGO_GEMM_F_SWAP_AB;
    CHECK(got == want, "random call %d (%lldx%lldx%lld L%lld, D %s): swapped %d, the rule says %d: %s", i, (long long)M,
          (long long)N, (long long)K, (long long)L, d_col ? "column-major" : "row-major", got, want, p.reason);
    if (!got) continue;
    ++swapped;
    // (split K reports the slices' plan: the swapped extents, their own operands)
    CHECK(p.m == N && p.n == M && strncmp(p.reason, "D^T = B A^T", 11) == 0, "random call %d: swapped plan %lldx%lld: %s",
          i, (long long)p.m, (long long)p.n, p.reason);
    if (p.split_k > 1) continue;
    CHECK(p.a.extent[0] == N && p.a.extent[1] == K && p.b.extent[0] == M && p.b.extent[1] == K && p.d.extent[0] == N &&
              p.d.extent[1] == M && p.d.major == swapped_d_major,
          "random call %d: swapped operands A %lldx%lld, B %lldx%lld, D %lldx%lld major %d", i,
          (long long)p.a.extent[0], (long long)p.a.extent[1], (long long)p.b.extent[0], (long long)p.b.extent[1],
          (long long)p.d.extent[0], (long long)p.d.extent[1], (int)p.d.major);
    if (!(p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B | CUTEGO_GEMM_F_PACK_D)) &&
        p.decomposition != CUTEGO_GEMM_DECOMPOSITION_STREAM_K) {
      CHECK(cudart_stub_map_addr(cudart_stub_last.map[0]) == B && cudart_stub_map_addr(cudart_stub_last.map[1]) == A,
            "random call %d (%s, flags %d): swapped maps at %#llx and %#llx", i, p.kernel, (int)p.flags,
            (unsigned long long)cudart_stub_map_addr(cudart_stub_last.map[0]),
            (unsigned long long)cudart_stub_map_addr(cudart_stub_last.map[1]));
    }
  }
  printf("random calls: %d, %d launched (%d of them swapped), %d refused\n", n, ok, swapped, refused);
  CHECK(swapped > n / 50 && refused < n / 2, "random calls: %d swapped, %d refused", swapped, refused);
}

// Random copies through the launcher (cutego_copy_ex) on the counting runtime: random shapes of
// rank 1-3, each mode split in two now and then, strides compact in a random order or with gaps,
// elements of 1, 2, 4 or 8 bytes, addresses on or off the 16-byte grid, a stride 0 now and then:
// every call answers OK or EINVAL, a destination that writes an element twice is refused, and an
// accepted plan says why it took its path.
static void random_copies(int n) {
  int ok = 0, refused = 0;
  for (int i = 0; i < n; ++i) {
    const int r = 1 + (int)rnd(3);
    const size_t es = size_t(1) << rnd(4);
    cute_layout_t l[2];
    int64_t ext[3];
    for (int m = 0; m < r; ++m) ext[m] = 1 + (int64_t)rnd(300);
    for (int side = 0; side < 2; ++side) {
      cute_layout_t &x = l[side];
      memset(&x, 0, sizeof x);
      int t = 0;
      x.nest[t++] = CUTE_NEST_OPEN;
      for (int m = 0; m < r; ++m) {
        if (ext[m] % 2 == 0 && ext[m] > 2 && rnd(3) == 0) {
          x.nest[t++] = CUTE_NEST_OPEN;
          x.shape[x.leaves++] = 2, x.shape[x.leaves++] = ext[m] / 2;
          x.nest[t++] = CUTE_NEST_LEAF, x.nest[t++] = CUTE_NEST_LEAF, x.nest[t++] = CUTE_NEST_CLOSE;
        } else {
          x.shape[x.leaves++] = ext[m];
          x.nest[t++] = CUTE_NEST_LEAF;
        }
      }
      x.nest[t++] = CUTE_NEST_CLOSE;
      x.ntokens = t;
      // compact from a random leaf on, with a gap now and then (a destination never overlaps)
      const int first = (int)rnd((uint64_t)x.leaves);
      int64_t run = 1;
      for (int j = 0; j < x.leaves; ++j) {
        const int k = (first + j) % x.leaves;
        x.stride[k] = run;
        run *= x.shape[k] + (rnd(4) == 0 ? (int64_t)rnd(9) : 0);
      }
      if (rnd(6) == 0) x.stride[rnd((uint64_t)x.leaves)] = 0;  // a broadcast source, an overlapping destination
    }
    bool overlaps = false;  // a destination that writes an element twice: refused
    for (int k = 0; k < l[0].leaves; ++k) overlaps |= l[0].stride[k] == 0 && l[0].shape[k] > 1;
    void *dst = reinterpret_cast<void *>(0x600000000000 + (rnd(4) == 0 ? es : 0));
    const void *src = reinterpret_cast<const void *>(0x700000000000 + (rnd(4) == 0 ? 2 * es : 0));
    cutego_copy_plan_t p;
    memset(&p, 0, sizeof p);
    const int rc = cutego_copy_ex(dst, &l[0], src, &l[1], es, nullptr, nullptr, &p);
    CHECK(rc == CUTEGO_KERNELS_OK || rc == CUTEGO_KERNELS_EINVAL, "random copy %d: rc %d", i, rc);
    CHECK(!overlaps || rc == CUTEGO_KERNELS_EINVAL, "random copy %d: an overlapping destination, rc %d", i, rc);
    if (rc == CUTEGO_KERNELS_OK) {
      ++ok;
      CHECK(p.reason[0] != 0, "random copy %d: no reason", i);
    } else {
      ++refused;
    }
  }
  printf("random copies: %d, %d launched, %d refused\n", n, ok, refused);
  CHECK(ok > n / 2, "random copies: %d launched of %d", ok, n);
}

int main(int argc, char **argv) {
  const bool bench = argc > 1 && strcmp(argv[1], "--bench") == 0;
  const int reps = argc > 2 ? atoi(argv[2]) : 200000;
  cudart_stub_takes_maps = gemm_kernel_seen;
  const uintptr_t A = 0x100000000000, B = 0x200000000000, D = 0x300000000000;
  int rc;

  // 4096^3: one wgmma launch. A repeat asks the runtime for the device and the launch only.
  Gemm big = {4096, 4096, 4096, A, B, D, nullptr, nullptr, {}};
  cudart_stub_counts first = delta(big, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK, "4096^3 first call: rc %d", rc);
  CHECK(big.plan.path == CUTEGO_GEMM_PATH_WGMMA && big.plan.split_k <= 1, "4096^3: path %d split %d", big.plan.path,
        big.plan.split_k);
  print("4096^3, first call", first);
  check_maps(big, A, B, "4096^3 first call");
  cudart_stub_counts again = delta(big, &rc);
  print("4096^3, same call again", again);
  CHECK(rc == CUTEGO_KERNELS_OK, "rc %d", rc);
  CHECK(again.get_device == 1 && again.device_attribute == 0 && again.encode == 0 && again.func_set_attribute == 0 &&
            again.occupancy == 0 && again.launch_ex == 1 && total(again) == 2,
        "a repeated call makes %ld runtime calls", total(again));
  check_maps(big, A, B, "4096^3 again");

  // A new D address: D's map alone is encoded again (where D is stored through TMA).
  Gemm moved = big;
  moved.d = D + (1 << 20);
  cudart_stub_counts n = delta(moved, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK, "rc %d", rc);
  CHECK(n.encode == ((moved.plan.flags & CUTEGO_GEMM_F_D_TMA) ? 1 : 0), "new D: %ld encodes", n.encode);
  check_maps(moved, A, B, "new D");
  // A new A address, then the old one back: each launch carries its own call's address.
  moved.a = A + (4 << 20);
  n = delta(moved, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && n.encode == 1, "new A: rc %d, %ld encodes", rc, n.encode);
  check_maps(moved, moved.a, B, "new A");
  n = delta(big, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && n.encode == 0, "old addresses: rc %d, %ld encodes", rc, n.encode);
  check_maps(big, A, B, "old addresses back");

  // A off the 16-byte grid: the plan packs A into a workspace; A's map is the workspace's.
  Gemm odd = big;
  odd.a = A + 2;
  n = delta(odd, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK, "A at +2: rc %d", rc);
  CHECK(odd.plan.flags & CUTEGO_GEMM_F_PACK_A, "A at +2: the plan does not pack A (flags %#x)", odd.plan.flags);
  CHECK(cudart_stub_map_addr(cudart_stub_last.map[0]) != odd.a && cudart_stub_map_addr(cudart_stub_last.map[0]) % 16 == 0,
        "A at +2: A's map at %#llx", (unsigned long long)cudart_stub_map_addr(cudart_stub_last.map[0]));
  n = delta(big, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && !(big.plan.flags & CUTEGO_GEMM_F_PACK_A), "aligned A again: packs");
  check_maps(big, A, B, "aligned A again");

  // Streams: each launch on its call's stream.
  Gemm s1 = big, s2 = big;
  s1.stream = reinterpret_cast<cutego_stream_t>(0x1000), s2.stream = reinterpret_cast<cutego_stream_t>(0x2000);
  n = delta(s1, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && cudart_stub_last.stream == reinterpret_cast<cudaStream_t>(0x1000), "stream 1");
  CHECK(total(n) == 2, "another stream: %ld runtime calls", total(n));
  n = delta(s2, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && cudart_stub_last.stream == reinterpret_cast<cudaStream_t>(0x2000), "stream 2");

  // Another device (114 SMs): its facts are read, its kernel opt-in set, and the persistent grid
  // fits it; back on device 0, device 0's grid.
  const unsigned grid0 = cudart_stub_last.grid;
  CHECK(grid0 > 0 && grid0 <= 132, "grid %u on 132 SMs", grid0);
  // Neither a cluster launch nor a programmatic one (64 k-tiles: cutego_gemm_programmatic).
  CHECK(cudart_stub_last.programmatic == 0 && cudart_stub_last.cluster == 1, "launch attributes: programmatic %d, cluster %u",
        cudart_stub_last.programmatic, cudart_stub_last.cluster);
  cudart_stub_device = 1;
  n = delta(big, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK, "device 1: rc %d", rc);
  CHECK(n.device_attribute == 3 && n.func_set_attribute == 1, "device 1: %ld attribute reads, %ld opt-ins",
        n.device_attribute, n.func_set_attribute);
  CHECK(cudart_stub_last.device == 1 && cudart_stub_last.grid <= 114, "device 1: grid %u", cudart_stub_last.grid);
  n = delta(big, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && total(n) == 2, "device 1 again: %ld runtime calls", total(n));
  cudart_stub_device = 0;
  n = delta(big, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && total(n) == 2 && cudart_stub_last.grid == grid0, "device 0 again: grid %u",
        cudart_stub_last.grid);

  // The context reset (the opt-in forgotten by the runtime): the launch fails once, the
  // launcher sets the opt-in again and launches.
  cudart_stub_reset();
  n = delta(big, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && n.func_set_attribute == 1 && n.launch_ex == 2, "after a reset: rc %d", rc);
  n = delta(big, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && total(n) == 2, "after a reset, again: %ld runtime calls", total(n));

  // 2x1 clusters (an option): the occupancy query once per device and launch shape; the grid a
  // whole number of clusters within what fits.
  cutego_gemm_options_t cl;
  memset(&cl, 0, sizeof cl);
  cl.cluster_m = 2;
  Gemm clustered = big;
  clustered.opt = &cl;
  n = delta(clustered, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && clustered.plan.cluster_m == 2 && n.occupancy == 1, "clusters: rc %d, cluster %d, %ld queries",
        rc, (int)clustered.plan.cluster_m, n.occupancy);
  const unsigned grid_cl = cudart_stub_last.grid;
  CHECK(grid_cl % 2 == 0 && grid_cl <= 132, "clusters: grid %u", grid_cl);
  CHECK(cudart_stub_last.programmatic == 0 && cudart_stub_last.cluster == 2, "clusters: programmatic %d, cluster %u",
        cudart_stub_last.programmatic, cudart_stub_last.cluster);
  n = delta(clustered, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && n.occupancy == 0 && total(n) == 2 && cudart_stub_last.grid == grid_cl,
        "clusters again: %ld runtime calls, grid %u", total(n), cudart_stub_last.grid);
  cudart_stub_device = 1;
  n = delta(clustered, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && n.occupancy == 1 && cudart_stub_last.grid <= 114 && cudart_stub_last.grid % 2 == 0,
        "clusters on device 1: %ld queries, grid %u", n.occupancy, cudart_stub_last.grid);
  cudart_stub_device = 0;

  // 1x2 clusters sharing A (cluster_n 2) on 64x32 tiles, M = 64 against 4096 x 4096: 128 tiles in
  // 64 clusters of two, launched with the cluster dimension 2 on 128 CTAs (the tiles: fewer than
  // the 132 SMs); unsplit (128 tiles fill the wave).
  {
    cutego_gemm_options_t cn;
    memset(&cn, 0, sizeof cn);
    cn.cluster_n = 2;
    cn.config = CUTEGO_GEMM_CONFIG_64x32x128 + 1;
    Gemm decode = {64, 4096, 4096, A, B, D, nullptr, &cn, {}};
    n = delta(decode, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && decode.plan.cluster_n == 2 && decode.plan.cluster_m == 1 &&
              decode.plan.split_k <= 1 && n.occupancy == 1 && n.launch_ex == 1 && cudart_stub_last.cluster == 2 &&
              cudart_stub_last.grid == 128,
          "cluster_n: rc %d, cluster_n %d, split %d, %ld queries, cluster %u, grid %u: %s", rc,
          (int)decode.plan.cluster_n, (int)decode.plan.split_k, n.occupancy, cudart_stub_last.cluster,
          cudart_stub_last.grid, decode.plan.reason);
    // with split K 2: the slices' GEMM in the same clusters (64 x 2 tiles, 128 CTAs), then the
    // reduction (no clusters)
    cn.split_k = 2;
    n = delta(decode, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && decode.plan.split_k == 2 && n.launch_ex == 2,
          "cluster_n with split_k 2: rc %d, split %d, %ld launches", rc, (int)decode.plan.split_k, n.launch_ex);
  }

  // Clusters nobody asked for (cutego_gemm_auto_cluster): B's rows of 2,000 bytes, read in place,
  // 1000^3 on the narrow rule's 64x128 tiles in 2x1 clusters, no copies; on a device where no
  // cluster of the kernel fits (2000x3000x1000 on 128x192 tiles), the same GEMM without clusters.
  {
    Gemm odd = {1000, 1000, 1000, A, B, D, nullptr, nullptr, {}};
    n = delta(odd, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && odd.plan.cluster_m == 2 && odd.plan.config == CUTEGO_GEMM_CONFIG_64x128x64 &&
              !(odd.plan.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) && n.occupancy == 1 && n.launch_ex == 1,
          "1000^3: rc %d, cluster %d, config %d, %ld queries: %s", rc, (int)odd.plan.cluster_m, (int)odd.plan.config,
          n.occupancy, odd.plan.reason);
    CHECK(cudart_stub_last.grid % 2 == 0 && cudart_stub_last.grid <= 132, "1000^3: grid %u", cudart_stub_last.grid);
    // 16 k-tiles: a programmatic dependent launch, in clusters (both attributes; the occupancy
    // query sees the cluster's alone)
    CHECK(cudart_stub_last.programmatic == 1 && cudart_stub_last.cluster == 2, "1000^3: programmatic %d, cluster %u",
          cudart_stub_last.programmatic, cudart_stub_last.cluster);
    cudart_stub_no_clusters = true;
    Gemm wide = {2000, 3000, 1000, A, B, D, nullptr, nullptr, {}};
    n = delta(wide, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && wide.plan.cluster_m == 1 && wide.plan.config == CUTEGO_GEMM_CONFIG_128x192x64 &&
              n.occupancy == 1 && n.launch_ex == 1,
          "no cluster fits: rc %d, cluster %d, config %d, %ld queries, %ld launches: %s", rc, (int)wide.plan.cluster_m,
          (int)wide.plan.config, n.occupancy, n.launch_ex, wide.plan.reason);
    cudart_stub_no_clusters = false;
  }

  // 128x192 tiles asked for (config 5): the 128x192 kernel, one launch, no split of its own
  // (256x4096x4096 splits in 2 on 128x128 tiles); split_k 2: the slices on 128x192 tiles and a
  // reduction; with stream-K or FP8, an error before any launch.
  {
    cutego_gemm_options_t c5;
    memset(&c5, 0, sizeof c5);
    c5.config = CUTEGO_GEMM_CONFIG_128x192x64 + 1;
    Gemm wide = {512, 6144, 4096, A, B, D, nullptr, &c5, {}};
    n = delta(wide, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && wide.plan.config == CUTEGO_GEMM_CONFIG_128x192x64 &&
              wide.plan.tiles == 4 * 32 && cudart_stub_last.grid == 128 &&
              cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fns_128x192_kk_k) &&
              !strcmp(wide.plan.kernel, "cutego_gemm_128x192_kk_bf16_bf16"),
          "config 5, 512x6144x4096: rc %d, %ld launches, grid %u, %s", rc, n.launch_ex, cudart_stub_last.grid,
          wide.plan.kernel);
    Gemm w256 = {256, 4096, 4096, A, B, D, nullptr, &c5, {}};
    n = delta(w256, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && w256.plan.split_k <= 1 &&
              w256.plan.decomposition == CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL &&
              cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fns_128x192_kk_k),
          "config 5, 256x4096x4096: rc %d, %ld launches, split %d", rc, n.launch_ex, (int)w256.plan.split_k);
    c5.split_k = 2;
    n = delta(w256, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 2 && w256.plan.split_k == 2 &&
              w256.plan.config == CUTEGO_GEMM_CONFIG_128x192x64 && w256.plan.tiles == 2 * 22 * 2,
          "config 5, split_k 2: rc %d, %ld launches, split %d, config %d, tiles %lld", rc, n.launch_ex,
          (int)w256.plan.split_k, (int)w256.plan.config, (long long)w256.plan.tiles);
    c5.split_k = 0;
    c5.decomposition = CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
    n = delta(w256, &rc);
    CHECK(rc == CUTEGO_KERNELS_EINVAL && n.launch_ex == 0 && n.launch == 0, "config 5, stream-K: rc %d", rc);
  }

  // A split whose slices read the copies' K padding zeroes it first. NT 210x583x4094: A M-major
  // with rows of 420 bytes and B N-major with rows of 1166, so no tensor map reads either; both are
  // copied K-major with K padded to 4096 (128 bytes), and the padded K splits in 4 slices of 1024 (10
  // tiles of 128x128 x 4 slices on 132 SMs). The last slice reads K 4094..4095 of every row of both
  // copies: a 2-D memset each, 4 bytes from byte 8188 of the 8192-byte rows, 210 (A) and 583 (B)
  // rows, B's last. TN 64x2048x11008 splits on the operands themselves: no memset.
  {
    Gemm nt = {210, 583, 4094, A, B, D, nullptr, nullptr, {}};
    nt.mn_major = true;
    n = delta(nt, &rc);
    const cudart_stub_memset_2d &z = cudart_stub_last_memset_2d;
    CHECK(rc == CUTEGO_KERNELS_OK && nt.plan.split_k == 4 && n.memset_2d == 2 && z.pitch == 8192 && z.width == 4 &&
              z.rows == 583 && z.value == 0 && reinterpret_cast<uintptr_t>(z.at) % 8192 == 8188 % 8192,
          "NT 210x583x4094: rc %d, split %d, %ld memsets (last: pitch %zu, width %zu, rows %zu, at %p): %s", rc,
          (int)nt.plan.split_k, n.memset_2d, z.pitch, z.width, z.rows, z.at, nt.plan.reason);
    Gemm tn = {64, 2048, 11008, A, B, D, nullptr, nullptr, {}};
    n = delta(tn, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && tn.plan.split_k > 1 && n.memset_2d == 0,
          "TN 64x2048x11008: rc %d, split %d, %ld memsets", rc, (int)tn.plan.split_k, n.memset_2d);
  }

  // 64x64 tiles asked for (config 6): the 64x64 kernel with 256 threads (one consumer warpgroup),
  // one launch on 8x6144x4096 (96 tiles: no split); 64x4096x4096 splits in 2 on its own (64
  // tiles of 64x64), the slices on 64x64 tiles and a reduction; split_k 4 likewise; with
  // stream-K, an error before any launch. The 128x128 kernel launches with 384 threads.
  {
    cutego_gemm_options_t c6;
    memset(&c6, 0, sizeof c6);
    c6.config = CUTEGO_GEMM_CONFIG_64x64x128 + 1;
    Gemm dec = {8, 6144, 4096, A, B, D, nullptr, &c6, {}};
    n = delta(dec, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && dec.plan.config == CUTEGO_GEMM_CONFIG_64x64x128 &&
              dec.plan.tiles == 96 && cudart_stub_last.grid == 96 && cudart_stub_last.block == 256 &&
              cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fns_64x64_kk_k) &&
              !strcmp(dec.plan.kernel, "cutego_gemm_64x64_kk_bf16_bf16"),
          "config 6, 8x6144x4096: rc %d, %ld launches, grid %u, block %u, %s", rc, n.launch_ex, cudart_stub_last.grid,
          cudart_stub_last.block, dec.plan.kernel);
    Gemm d64 = {64, 4096, 4096, A, B, D, nullptr, &c6, {}};
    n = delta(d64, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 2 && d64.plan.split_k == 2 &&
              d64.plan.config == CUTEGO_GEMM_CONFIG_64x64x128 && d64.plan.tiles == 64 * 2,
          "config 6, 64x4096x4096: rc %d, %ld launches, split %d, config %d, tiles %lld", rc, n.launch_ex,
          (int)d64.plan.split_k, (int)d64.plan.config, (long long)d64.plan.tiles);
    c6.split_k = 4;
    n = delta(d64, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 2 && d64.plan.split_k == 4 &&
              d64.plan.config == CUTEGO_GEMM_CONFIG_64x64x128 && d64.plan.tiles == 64 * 4,
          "config 6, split_k 4: rc %d, %ld launches, split %d, config %d, tiles %lld", rc, n.launch_ex,
          (int)d64.plan.split_k, (int)d64.plan.config, (long long)d64.plan.tiles);
    c6.split_k = 0;
    c6.decomposition = CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
    n = delta(d64, &rc);
    CHECK(rc == CUTEGO_KERNELS_EINVAL && n.launch_ex == 0 && n.launch == 0, "config 6, stream-K: rc %d", rc);
    cutego_gemm_options_t c2;
    memset(&c2, 0, sizeof c2);
    c2.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
    c2.split_k = 1;
    Gemm sq = {8, 6144, 4096, A, B, D, nullptr, &c2, {}};
    n = delta(sq, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && cudart_stub_last.block == 384, "config 2: block %u",
          cudart_stub_last.block);
    // Nothing asked for: the narrow tiles of a GEMM of at most 64 rows are 64x64
    // (cutego_gemm_narrow_config): 8x6144x4096 on 96 of them, one launch of 256 threads;
    // above, 64x128: 72x6144x4096 on 2 x 48 = 96 of them, 256 threads.
    Gemm autod = {8, 6144, 4096, A, B, D, nullptr, nullptr, {}};
    n = delta(autod, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && autod.plan.config == CUTEGO_GEMM_CONFIG_64x64x128 &&
              cudart_stub_last.block == 256 && cudart_stub_last.grid == 96 &&
              cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fns_64x64_kk_k),
          "auto 8x6144x4096: rc %d, config %d, block %u, grid %u", rc, (int)autod.plan.config, cudart_stub_last.block,
          cudart_stub_last.grid);
    Gemm auto72 = {72, 6144, 4096, A, B, D, nullptr, nullptr, {}};
    n = delta(auto72, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && auto72.plan.config == CUTEGO_GEMM_CONFIG_64x128x64 &&
              cudart_stub_last.block == 256 && cudart_stub_last.grid == 96 &&
              cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fns_64x128_kk_k),
          "auto 72x6144x4096: rc %d, config %d, block %u", rc, (int)auto72.plan.config, cudart_stub_last.block);
    // Two whole rows of 128-row tiles: 128x96 where the data-parallel choice is 128x128 and 128x96
    // tiles fill more SMs (cutego_gemm_narrow_config), without clusters: 256x6144x4096 on 2 x 64 =
    // 128 of them, 384 threads.
    Gemm auto256 = {256, 6144, 4096, A, B, D, nullptr, nullptr, {}};
    n = delta(auto256, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && auto256.plan.config == CUTEGO_GEMM_CONFIG_128x96x64 &&
              auto256.plan.cluster_m == 1 && cudart_stub_last.cluster == 1 && cudart_stub_last.block == 384 &&
              cudart_stub_last.grid == 128 && cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fns_128x96_kk_k),
          "auto 256x6144x4096: rc %d, config %d, cluster %u, block %u, grid %u", rc, (int)auto256.plan.config,
          cudart_stub_last.cluster, cudart_stub_last.block, cudart_stub_last.grid);
    // 97-128 rows: 64x96 tiles where 64x128 ones fill fewer SMs (cutego_gemm_narrow_config), in 2x1
    // clusters sharing B (cutego_gemm_auto_cluster): 128x6144x4096 on 2 x 64 = 128 of them.
    Gemm auto128 = {128, 6144, 4096, A, B, D, nullptr, nullptr, {}};
    n = delta(auto128, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && auto128.plan.config == CUTEGO_GEMM_CONFIG_64x96x64 &&
              auto128.plan.cluster_m == 2 && cudart_stub_last.cluster == 2 && cudart_stub_last.block == 256 &&
              cudart_stub_last.grid == 128 && cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fns_64x96_kk_k),
          "auto 128x6144x4096: rc %d, config %d, cluster %u, block %u, grid %u", rc, (int)auto128.plan.config,
          cudart_stub_last.cluster, cudart_stub_last.block, cudart_stub_last.grid);
    // Above 64 rows, 64x128 tiles where 128x128 is the data-parallel choice, neither splits and
    // the 64x128 tiles fill one wave where the 128x128 ones fill at most half (cutego_gemm_narrow_config):
    // 1024^3, 16 x 8 = 128 of them, one launch of 256 threads, in place; 768^3 72; 1000^3 too (rows
    // of 2,000 bytes: B's read in place, in 2x1 clusters, below).
    const struct {
      int64_t m;
      unsigned grid;
    } a128[] = {{1024, 128}, {768, 72}};
    for (const auto &x : a128) {
      Gemm g = {x.m, x.m, x.m, A, B, D, nullptr, nullptr, {}};
      n = delta(g, &rc);
      CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && n.launch == 0 && g.plan.config == CUTEGO_GEMM_CONFIG_64x128x64 &&
                cudart_stub_last.grid == x.grid && cudart_stub_last.block == 256 &&
                cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fns_64x128_kk_k),
            "auto %lld^3: rc %d, config %d, %ld launches, grid %u, block %u", (long long)x.m, rc, (int)g.plan.config,
            n.launch_ex, cudart_stub_last.grid, cudart_stub_last.block);
    }
    Gemm g1000 = {1000, 1000, 1000, A, B, D, nullptr, nullptr, {}};
    n = delta(g1000, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && g1000.plan.config == CUTEGO_GEMM_CONFIG_64x128x64 &&
              g1000.plan.cluster_m == 2 && cudart_stub_last.block == 256,
          "auto 1000^3: rc %d, config %d, cluster %d, block %u", rc, (int)g1000.plan.config, (int)g1000.plan.cluster_m,
          cudart_stub_last.block);
  }

  // Tiles asked for (configs 7 and 8, one consumer warpgroup; 6 above; 11, 128x96, and 12, 128x224,
  // two): one wave of them unsplit is one launch of the configuration's kernel with 256 threads (384
  // for two consumers) (64x4096x4096: 128 tiles of 64x32, which 64x64 tiles split in 2 above;
  // 1024^3: 16 x 8 = 128 of 64x128; 256x6144x4096: 2 x 64 = 128 of 128x96; 256x14336x4096: 2 x 64 =
  // 128 of 128x224); split_k 2 runs the slices on the same tiles (twice as many) and a reduction;
  // stream-K is an error before any launch.
  {
    const struct {
      int config;
      int64_t m, n, k, tiles;
      unsigned block;
      const void *fn;
      const char *kernel;
    } one[] = {{CUTEGO_GEMM_CONFIG_64x32x128, 64, 4096, 4096, 128, 256,
                reinterpret_cast<const void *>(cutego_gemm_fns_64x32_kk_k), "cutego_gemm_64x32_kk_bf16_bf16"},
               {CUTEGO_GEMM_CONFIG_64x128x64, 1024, 1024, 1024, 128, 256,
                reinterpret_cast<const void *>(cutego_gemm_fns_64x128_kk_k), "cutego_gemm_64x128_kk_bf16_bf16"},
               {CUTEGO_GEMM_CONFIG_128x96x64, 256, 6144, 4096, 128, 384,
                reinterpret_cast<const void *>(cutego_gemm_fns_128x96_kk_k), "cutego_gemm_128x96_kk_bf16_bf16"},
               {CUTEGO_GEMM_CONFIG_128x224x64, 256, 14336, 4096, 128, 384,
                reinterpret_cast<const void *>(cutego_gemm_fns_128x224_kk_k), "cutego_gemm_128x224_kk_bf16_bf16"}};
    for (const auto &x : one) {
      cutego_gemm_options_t c;
      memset(&c, 0, sizeof c);
      c.config = x.config + 1;
      Gemm g = {x.m, x.n, x.k, A, B, D, nullptr, &c, {}};
      n = delta(g, &rc);
      CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 1 && g.plan.config == x.config && g.plan.tiles == x.tiles &&
                cudart_stub_last.grid == x.tiles && cudart_stub_last.block == x.block && cudart_stub_last.fn == x.fn &&
                !strcmp(g.plan.kernel, x.kernel),
            "%s: rc %d, %ld launches, grid %u, block %u, %s", x.kernel, rc, n.launch_ex, cudart_stub_last.grid,
            cudart_stub_last.block, g.plan.kernel);
      c.split_k = 2;
      n = delta(g, &rc);
      CHECK(rc == CUTEGO_KERNELS_OK && n.launch_ex == 2 && g.plan.split_k == 2 && g.plan.config == x.config &&
                g.plan.tiles == x.tiles * 2,
            "%s, split_k 2: rc %d, %ld launches, split %d, config %d, tiles %lld", x.kernel, rc, n.launch_ex,
            (int)g.plan.split_k, (int)g.plan.config, (long long)g.plan.tiles);
      c.split_k = 0;
      c.decomposition = CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
      n = delta(g, &rc);
      CHECK(rc == CUTEGO_KERNELS_EINVAL && n.launch_ex == 0 && n.launch == 0, "%s, stream-K: rc %d", x.kernel, rc);
    }
  }

  // bf16 stream-K, the cost model's choice on 2432x7168x32768 (132 SMs; csrc/gemm/waves.c): 532 tiles of
  // 128x256, 136 of them stream-K on 132 CTAs in 8 groups (cutego_gemm_stream_k_launch); the 16-bit
  // stream-K kernel, its flags zeroed first (one cudaMemsetAsync), 132 x 128 KiB of partial sums + 1,280
  // bytes of flags; max_ctas 100: 100 CTAs, 132 stream-K tiles, 100 x 128 KiB + 1,024. (bf16
  // 1536x14336x14336 takes 128x192 tiles data-parallel, 1024x14336x4096 128x224 ones.)
  {
    cute_layout_t la = layout2(2432, 32768, 32768, 1), lb = layout2(7168, 32768, 32768, 1),
                  ld = layout2(2432, 7168, 7168, 1);
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    cutego_gemm_plan_t plan;
    const cudart_stub_counts before = cudart_stub_n;
    rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                     reinterpret_cast<const void *>(B), &lb, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1.f,
                     0.f, nullptr, &o, &plan);
    CHECK(rc == CUTEGO_KERNELS_OK && plan.decomposition == CUTEGO_GEMM_DECOMPOSITION_STREAM_K &&
              plan.config == CUTEGO_GEMM_CONFIG_128x256x64 && cudart_stub_n.launch_ex - before.launch_ex == 1 &&
              cudart_stub_n.memset_async - before.memset_async == 1 && cudart_stub_last.grid == 132 &&
              cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_sk_fns_128x256_kk_k) &&
              plan.split_workspace_bytes == 132LL * 131072 + 1280 &&
              !strcmp(plan.kernel, "cutego_gemm_128x256_kk_bf16_bf16_streamk") &&
              !strncmp(plan.reason, "stream-K: 136 of 532 tiles on 132 CTAs in 8 groups, 527 k-tiles each: ", 70),
          "bf16 stream-K auto: rc %d, decomposition %d, config %d, grid %u, %lld bytes, %s: %s", rc,
          (int)plan.decomposition, (int)plan.config, cudart_stub_last.grid, (long long)plan.split_workspace_bytes,
          plan.kernel, plan.reason);
    o.max_ctas = 100;
    rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                     reinterpret_cast<const void *>(B), &lb, nullptr, nullptr, CUTEGO_DTYPE_BF16, CUTEGO_DTYPE_BF16, 1.f,
                     0.f, nullptr, &o, &plan);
    CHECK(rc == CUTEGO_KERNELS_OK && plan.decomposition == CUTEGO_GEMM_DECOMPOSITION_STREAM_K &&
              cudart_stub_last.grid == 100 && plan.split_workspace_bytes == 100LL * 131072 + 1024 &&
              !strncmp(plan.reason, "stream-K: 132 of 532 tiles on 100 CTAs in 8 groups", 50),
          "bf16 stream-K max_ctas 100: rc %d, grid %u, %lld bytes: %s", rc, cudart_stub_last.grid,
          (long long)plan.split_workspace_bytes, plan.reason);
  }

  // FP8 (e4m3 A and B, bf16 D) stream-K: 1024x14336x4096 on 132 SMs, data-parallel on 128x224 tiles
  // (512, as many waves as 128x256's 448, on 132 persistent CTAs) when nothing is asked for; with
  // decomposition STREAM_K the FP8 stream-K kernel of 128x256 tiles, 132 CTAs, its flags zeroed first
  // (one cudaMemsetAsync), the partial sums' workspace allocated on the stream; e5m2 x e4m3 to f32
  // on 128x128 tiles asked for with decomposition STREAM_K likewise; promoted accumulation with
  // STREAM_K an error before any launch.
  {
    cute_layout_t la = layout2(1024, 4096, 4096, 1), lb = layout2(14336, 4096, 4096, 1),
                  ld = layout2(1024, 14336, 14336, 1);
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    cutego_gemm_plan_t plan;
    rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                     reinterpret_cast<const void *>(B), &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f,
                     0.f, nullptr, &o, &plan);
    CHECK(rc == CUTEGO_KERNELS_OK && plan.decomposition == CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL &&
              plan.config == CUTEGO_GEMM_CONFIG_128x224x64 && cudart_stub_last.grid == 132 &&
              !strcmp(plan.kernel, "cutego_gemm_128x224_kk_e4m3_bf16"),
          "fp8 128x224 auto: rc %d, decomposition %d, config %d, grid %u, %s: %s", rc, (int)plan.decomposition,
          (int)plan.config, cudart_stub_last.grid, plan.kernel, plan.reason);
    o.decomposition = CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
    const cudart_stub_counts before = cudart_stub_n;
    rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                     reinterpret_cast<const void *>(B), &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f,
                     0.f, nullptr, &o, &plan);
    CHECK(rc == CUTEGO_KERNELS_OK && plan.decomposition == CUTEGO_GEMM_DECOMPOSITION_STREAM_K &&
              plan.config == CUTEGO_GEMM_CONFIG_128x256x64 && cudart_stub_n.launch_ex - before.launch_ex == 1 &&
              cudart_stub_n.memset_async - before.memset_async == 1 && cudart_stub_last.grid == 132 &&
              cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fp8sk_fns_128x256_kk_e4m3_k) &&
              !strcmp(plan.kernel, "cutego_gemm_128x256_kk_e4m3_bf16_streamk"),
          "fp8 stream-K asked for: rc %d, decomposition %d, config %d, grid %u, %s: %s", rc, (int)plan.decomposition,
          (int)plan.config, cudart_stub_last.grid, plan.kernel, plan.reason);
    o.decomposition = CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
    o.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
    o.b_dtype = CUTEGO_DTYPE_E4M3;
    rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                     reinterpret_cast<const void *>(B), &lb, nullptr, nullptr, CUTEGO_DTYPE_E5M2, CUTEGO_DTYPE_F32, 1.f,
                     0.f, nullptr, &o, &plan);
    CHECK(rc == CUTEGO_KERNELS_OK && plan.decomposition == CUTEGO_GEMM_DECOMPOSITION_STREAM_K &&
              plan.config == CUTEGO_GEMM_CONFIG_128x128x64 &&
              cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fp8sk_fns_128x128_kk_e5m2e4m3_k) &&
              !strcmp(plan.kernel, "cutego_gemm_128x128_kk_e5m2e4m3_f32_streamk"),
          "fp8 stream-K 128x128 asked: rc %d, decomposition %d, config %d, %s: %s", rc, (int)plan.decomposition,
          (int)plan.config, plan.kernel, plan.reason);
    o.b_dtype = 0;
    o.config = 0;
    o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
    const cudart_stub_counts before2 = cudart_stub_n;
    rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                     reinterpret_cast<const void *>(B), &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f,
                     0.f, nullptr, &o, &plan);
    char why[512];
    cutego_kernels_last_error(why, sizeof why);
    CHECK(rc == CUTEGO_KERNELS_EINVAL && cudart_stub_n.launch_ex == before2.launch_ex &&
              cudart_stub_n.launch == before2.launch && strstr(why, "STREAM_K: promoted FP8 accumulation"),
          "fp8 promoted stream-K: rc %d: %s", rc, why);
  }

  // FP8 per tensor on 64-row tiles, chosen (fp8_few_rows, test_waves.c's values): 64x7168x2048 e4m3
  // to bf16 on 112 64x64 tiles unsplit, one launch of that table's kernel; 1x2112x7168 e5m2 to f32
  // on 33 64x64 tiles in 4 slices (the GEMM, then the reduction); with 128x128 tiles asked for, 17
  // of them in 7 slices.
  {
    cute_layout_t la = layout2(64, 2048, 2048, 1), lb = layout2(7168, 2048, 2048, 1), ld = layout2(64, 7168, 7168, 1);
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    cutego_gemm_plan_t plan;
    cudart_stub_counts before = cudart_stub_n;
    rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                     reinterpret_cast<const void *>(B), &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f,
                     0.f, nullptr, &o, &plan);
    CHECK(rc == CUTEGO_KERNELS_OK && plan.config == CUTEGO_GEMM_CONFIG_64x64x128 && plan.split_k <= 1 &&
              plan.tiles == 112 && cudart_stub_n.launch_ex - before.launch_ex == 1 &&
              cudart_stub_last.fn == reinterpret_cast<const void *>(cutego_gemm_fp8_fns_64x64_kk_e4m3_k) &&
              !strcmp(plan.kernel, "cutego_gemm_64x64_kk_e4m3_bf16"),
          "fp8 64x7168x2048: rc %d, config %d, split %d, %s: %s", rc, (int)plan.config, (int)plan.split_k, plan.kernel,
          plan.reason);
    la = layout2(1, 7168, 7168, 1), lb = layout2(2112, 7168, 7168, 1), ld = layout2(1, 2112, 2112, 1);
    before = cudart_stub_n;
    rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                     reinterpret_cast<const void *>(B), &lb, nullptr, nullptr, CUTEGO_DTYPE_E5M2, CUTEGO_DTYPE_F32, 1.f,
                     0.f, nullptr, &o, &plan);
    CHECK(rc == CUTEGO_KERNELS_OK && plan.config == CUTEGO_GEMM_CONFIG_64x64x128 && plan.split_k == 4 &&
              cudart_stub_n.launch_ex - before.launch_ex == 2 && !strcmp(plan.kernel, "cutego_gemm_64x64_kk_e5m2_f32"),
          "fp8 1x2112x7168: rc %d, config %d, split %d, %s: %s", rc, (int)plan.config, (int)plan.split_k, plan.kernel,
          plan.reason);
    o.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
    rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                     reinterpret_cast<const void *>(B), &lb, nullptr, nullptr, CUTEGO_DTYPE_E5M2, CUTEGO_DTYPE_F32, 1.f,
                     0.f, nullptr, &o, &plan);
    CHECK(rc == CUTEGO_KERNELS_OK && plan.config == CUTEGO_GEMM_CONFIG_128x128x64 && plan.split_k == 7,
          "fp8 1x2112x7168 on 128x128 asked for: rc %d, config %d, split %d: %s", rc, (int)plan.config,
          (int)plan.split_k, plan.reason);
    // 126 rows, B's rows of 3376 bytes off the 128-byte grid, read in place: the 128-row tiles
    o.config = 0;
    la = layout2(126, 3376, 3376, 1), lb = layout2(7424, 3376, 3376, 1), ld = layout2(126, 7424, 7424, 1);
    rc = cutego_gemm(reinterpret_cast<void *>(D), &ld, reinterpret_cast<const void *>(A), &la,
                     reinterpret_cast<const void *>(B), &lb, nullptr, nullptr, CUTEGO_DTYPE_E4M3, CUTEGO_DTYPE_BF16, 1.f,
                     0.f, nullptr, &o, &plan);
    printf("fp8 126x7424x3376: config %d, split %d: %s\n", (int)plan.config, (int)plan.split_k, plan.reason);
    CHECK(rc == CUTEGO_KERNELS_OK && plan.config != CUTEGO_GEMM_CONFIG_64x64x128 &&
              plan.config != CUTEGO_GEMM_CONFIG_64x128x64,
          "fp8 126x7424x3376: rc %d, config %d: %s", rc, (int)plan.config, plan.reason);
  }

  // 64x2048x11008: K split (64x64 tiles in 4 slices), a GEMM and a reduction. A repeat: the device
  // (outer call and the slices' call), two launches, cudaGetLastError, and the partial sums'
  // workspace.
  Gemm split = {64, 2048, 11008, A, B, D, nullptr, nullptr, {}};
  first = delta(split, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && split.plan.split_k > 1, "64x2048x11008: rc %d split %d", rc, split.plan.split_k);
  print("64x2048x11008 split K, first call", first);
  again = delta(split, &rc);
  print("64x2048x11008 split K, again", again);
  CHECK(rc == CUTEGO_KERNELS_OK, "rc %d", rc);
  CHECK(again.device_attribute == 0 && again.encode == 0 && again.func_set_attribute == 0 && again.occupancy == 0 &&
            again.launch_ex == 2,
        "a repeated split call: %ld runtime calls", total(again));
  // With the caller's workspace (as bench_gemm passes): no allocation either.
  cutego_gemm_options_t ws;
  memset(&ws, 0, sizeof ws);
  ws.workspace = reinterpret_cast<void *>(0x400000000000);
  ws.workspace_bytes = 64 << 20;
  Gemm split_ws = split;
  split_ws.opt = &ws;
  first = delta(split_ws, &rc);
  CHECK(rc == CUTEGO_KERNELS_OK && split_ws.plan.split_k > 1, "with a workspace: rc %d split %d", rc,
        split_ws.plan.split_k);
  again = delta(split_ws, &rc);
  print("64x2048x11008 split K, workspace, again", again);
  CHECK(rc == CUTEGO_KERNELS_OK && again.encode == 0 && again.launch_ex == 2 && total(again) == 4,
        "a repeated split call with a workspace: %ld runtime calls", total(again));

  // Rows of 2000 bytes (3000x5000x1000, off the 128-byte grid): nothing asked for, A and B in
  // place, B shared by 2x1 clusters (cutego_gemm_pitch_in_clusters), no copy; without clusters
  // (cluster_m 1) the cost model packs A and B (132 SMs), copied row by row (one <<<>>> launch for
  // both, no memset) into the caller's workspace before the GEMM, whose maps read the copies:
  // A at 0, B after A's 3000 x 1024 x 2 bytes.
  {
    const uintptr_t W = 0x400000000000;
    cutego_gemm_options_t wo;
    memset(&wo, 0, sizeof wo);
    wo.workspace = reinterpret_cast<void *>(W);
    wo.workspace_bytes = 64 << 20;
    Gemm pitch = {3000, 5000, 1000, A, B, D, nullptr, &wo, {}};
    n = delta(pitch, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && !(pitch.plan.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) &&
              pitch.plan.cluster_m == 2 && n.launch == 0 && n.launch_ex == 1,
          "3000x5000x1000 automatic: rc %d flags %#x, cluster %d, %ld copies: %s", rc, pitch.plan.flags,
          (int)pitch.plan.cluster_m, n.launch, pitch.plan.reason);
    wo.cluster_m = 1;
    const long before = cudart_stub_n.launch;
    n = delta(pitch, &rc);
    print("3000x5000x1000 pitch-packed", n);
    CHECK(rc == CUTEGO_KERNELS_OK && (pitch.plan.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) ==
                                         (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B),
          "3000x5000x1000: rc %d flags %#x: %s", rc, pitch.plan.flags, pitch.plan.reason);
    CHECK(n.launch == 1 && n.launch_ex == 1 && n.memset_async == 0 && n.malloc_async == 0 && launches_before_gemm == before + 1,
          "3000x5000x1000: %ld copies (%ld before the GEMM), %ld GEMMs, %ld memsets, %ld allocations", n.launch,
          launches_before_gemm - before, n.launch_ex, n.memset_async, n.malloc_async);
    check_maps(pitch, W, W + 3000 * 1024 * 2, "3000x5000x1000 packed");
    // pitch_pack OFF: in place, no copy.
    wo.pitch_pack = CUTEGO_GEMM_PITCH_PACK_OFF;
    n = delta(pitch, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.launch == 0 && !(pitch.plan.flags & CUTEGO_GEMM_F_PACK_A), "OFF: %ld copies", n.launch);
    check_maps(pitch, A, B, "3000x5000x1000 OFF");
    wo.pitch_pack = CUTEGO_GEMM_PITCH_PACK_AUTO;

    // 100x4096x4100: rows of 8200 bytes (off the 16-byte grid, on the 8-byte one): A and B read in
    // place by cp.async (CUTEGO_GEMM_F_ROWS), no copy: one launch, unsplit, on 64x64 tiles (128 of
    // them, the most in one wave: rows_narrow), no clusters; the kernel's A and B parameters are
    // cutego_gemm_rows_t of A and B themselves.
    {
      Gemm rows = {100, 4096, 4100, A, B, D, nullptr, &wo, {}};
      n = delta(rows, &rc);
      cutego_gemm_rows_t ra, rb;
      memcpy(&ra, cudart_stub_last.map[0], sizeof ra);
      memcpy(&rb, cudart_stub_last.map[1], sizeof rb);
      CHECK(rc == CUTEGO_KERNELS_OK && (rows.plan.flags & CUTEGO_GEMM_F_ROWS) && rows.plan.split_k <= 1 &&
                rows.plan.config == CUTEGO_GEMM_CONFIG_64x64x128 && rows.plan.cluster_m == 1 && n.launch == 0 &&
                n.launch_ex == 1 && n.malloc_async == 0,
            "100x4096x4100 rows: rc %d split %d config %d, %ld copies, %ld launches: %s", rc, rows.plan.split_k,
            rows.plan.config, n.launch, n.launch_ex, rows.plan.reason);
      CHECK(ra.base == (const void *)A && ra.row_stride == 4100 && ra.rows == 100 && ra.k == 4100 &&
                rb.base == (const void *)B && rb.row_stride == 4100 && rb.rows == 4096 && rb.k == 4100,
            "100x4096x4100 rows: parameters %p %lld %lld / %p %lld", ra.base, (long long)ra.row_stride,
            (long long)ra.rows, rb.base, (long long)rb.rows);
    }

    // 100x4096x4097: rows of 8194 bytes (odd K, off the 4-byte grid): A and B packed with K padded to
    // 4160 (one copy launch), read by 64x64 tiles unsplit (the narrow tiles add no copy). With 4
    // slices asked for: slices of 1040 of the copies (4097 itself splits in none): the copies
    // first, the slices' GEMM reading them (A' at W, B' at W + 100 x 4160 x 2), its fp32 partial
    // sums after the copies in the caller's workspace, then the reduction.
    Gemm odd_k = {100, 4096, 4097, A, B, D, nullptr, &wo, {}};
    long before2 = cudart_stub_n.launch;
    n = delta(odd_k, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && odd_k.plan.split_k <= 1 && odd_k.plan.config == CUTEGO_GEMM_CONFIG_64x64x128 &&
              n.launch == 1 && launches_before_gemm == before2 + 1 && n.launch_ex == 1,
          "100x4096x4097 automatic: rc %d split %d config %d, %ld copies, %ld launches: %s", rc, odd_k.plan.split_k,
          odd_k.plan.config, n.launch, n.launch_ex, odd_k.plan.reason);
    wo.split_k = 4;
    before2 = cudart_stub_n.launch;
    n = delta(odd_k, &rc);
    print("100x4096x4097 packed, split", n);
    CHECK(rc == CUTEGO_KERNELS_OK && odd_k.plan.split_k == 4 && odd_k.plan.decomposition == CUTEGO_GEMM_DECOMPOSITION_SPLIT_K,
          "100x4096x4097: rc %d split %d: %s", rc, odd_k.plan.split_k, odd_k.plan.reason);
    CHECK(n.launch == 1 && launches_before_gemm == before2 + 1 && n.launch_ex == 2 && n.malloc_async == 0,
          "100x4096x4097: %ld copies (%ld before the slices' GEMM), %ld launches, %ld allocations", n.launch,
          launches_before_gemm - before2, n.launch_ex, n.malloc_async);
    const uintptr_t packed_bytes = 100 * 4160 * 2 + 4096 * 4160 * 2;
    CHECK(odd_k.plan.workspace_bytes == (int64_t)packed_bytes, "100x4096x4097: workspace %lld",
          (long long)odd_k.plan.workspace_bytes);
    CHECK(cudart_stub_map_addr(cudart_stub_last.map[0]) == W && cudart_stub_map_addr(cudart_stub_last.map[1]) == W + 100 * 4160 * 2,
          "100x4096x4097: the slices read %#llx, %#llx", (unsigned long long)cudart_stub_map_addr(cudart_stub_last.map[0]),
          (unsigned long long)cudart_stub_map_addr(cudart_stub_last.map[1]));
    CHECK(cudart_stub_map_addr(cudart_stub_last.map[2]) == W + packed_bytes, "100x4096x4098: partial sums at %#llx",
          (unsigned long long)cudart_stub_map_addr(cudart_stub_last.map[2]));
    // Without the caller's workspace: one allocation for the copies, one for the partial sums, both
    // freed on the stream.
    cutego_gemm_options_t split4;
    memset(&split4, 0, sizeof split4);
    split4.split_k = 4;
    Gemm odd_k2 = odd_k;
    odd_k2.opt = &split4;
    n = delta(odd_k2, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && odd_k2.plan.split_k == 4 && n.malloc_async == 2 && n.free_async == 2,
          "100x4096x4098 own workspaces: rc %d, %ld allocations, %ld frees", rc, n.malloc_async, n.free_async);
    // The launcher's pool out of memory: what it keeps goes back (trimmed) and the default pool
    // serves both workspaces; the pool stays.
    CHECK(n.pool_malloc == 2, "own workspaces: %ld of 2 from the launcher's pool", n.pool_malloc);
    cudart_stub_pool_error = cudaErrorMemoryAllocation;
    n = delta(odd_k2, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.malloc_async == 2 && n.pool_malloc == 0 && n.free_async == 2 && n.pool_trim == 2 &&
              n.pool_create == 0,
          "pool out of memory: rc %d, %ld allocations (%ld pooled), %ld frees, %ld trims, %ld pools made", rc,
          n.malloc_async, n.pool_malloc, n.free_async, n.pool_trim, n.pool_create);
    // A pool a reset destroyed (an invalid handle): the default pool serves, and the pool is made
    // again by the next allocation (here the partial sums', which fails the same way).
    cudart_stub_pool_error = cudaErrorInvalidResourceHandle;
    n = delta(odd_k2, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.malloc_async == 2 && n.pool_malloc == 0 && n.pool_trim == 0 && n.pool_create == 1,
          "pool destroyed: rc %d, %ld allocations (%ld pooled), %ld trims, %ld pools made", rc, n.malloc_async,
          n.pool_malloc, n.pool_trim, n.pool_create);
    cudart_stub_pool_error = cudaSuccess;
    n = delta(odd_k2, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && n.malloc_async == 2 && n.pool_malloc == 2 && n.pool_create == 1,
          "pool made again: rc %d, %ld allocations (%ld pooled), %ld pools made", rc, n.malloc_async, n.pool_malloc,
          n.pool_create);
  }

  // A column-major D where both orientations make the same tiles (cutego_gemm_swap_ab): 4096^3
  // runs as D^T = B A^T, row-major, so A's map is B's and B's A's, and D goes out through row-major
  // TMA stores; a repeat asks the runtime as little as a row-major call does. 333 x 14336 (fewer
  // tiles swapped, but D^T's rows of 666 bytes off the 16-byte grid) runs as asked.
  {
    Gemm col = big;
    col.col_d = true;
    rc = col.call();
    CHECK(rc == CUTEGO_KERNELS_OK && (col.plan.flags & CUTEGO_GEMM_F_SWAP_AB) && (col.plan.flags & CUTEGO_GEMM_F_D_TMA) &&
              !(col.plan.flags & CUTEGO_GEMM_F_D_TMA_T) && strncmp(col.plan.reason, "D^T = B A^T", 11) == 0,
          "column-major D 4096^3: rc %d, flags %d: %s", rc, (int)col.plan.flags, col.plan.reason);
    check_maps(col, B, A, "column-major D 4096^3");
    n = delta(col, &rc);
    CHECK(rc == CUTEGO_KERNELS_OK && total(n) == 2 && n.launch_ex == 1, "column-major D again: %ld runtime calls",
          total(n));
    Gemm col3 = {333, 14336, 4096, A, B, D, nullptr, nullptr, {}};
    col3.col_d = true;
    rc = col3.call();
    CHECK(rc == CUTEGO_KERNELS_OK && !(col3.plan.flags & CUTEGO_GEMM_F_SWAP_AB) && col3.plan.m == 333,
          "column-major D 333 x 14336: rc %d, flags %d: %s", rc, (int)col3.plan.flags, col3.plan.reason);
    check_maps(col3, A, B, "column-major D 333 x 14336");
    // row-major, the same GEMM makes 7/8 of the tiles swapped (224 of 128x168 against 258): D^T =
    // B A^T, D^T column-major through the transposed stores
    Gemm row3 = {333, 14336, 4096, A, B, D, nullptr, nullptr, {}};
    rc = row3.call();
    CHECK(rc == CUTEGO_KERNELS_OK && (row3.plan.flags & CUTEGO_GEMM_F_SWAP_AB) && (row3.plan.flags & CUTEGO_GEMM_F_D_TMA_T) &&
              row3.plan.m == 14336 && strstr(row3.plan.reason, "D^T column-major"),
          "row-major D 333 x 14336: rc %d, flags %d: %s", rc, (int)row3.plan.flags, row3.plan.reason);
    check_maps(row3, B, A, "row-major D 333 x 14336");
    // a configuration asked for: as asked
    cutego_gemm_options_t cfg = {};
    cfg.config = CUTEGO_GEMM_CONFIG_128x256x64 + 1;
    col.opt = &cfg;
    rc = col.call();
    CHECK(rc == CUTEGO_KERNELS_OK && !(col.plan.flags & CUTEGO_GEMM_F_SWAP_AB) && (col.plan.flags & CUTEGO_GEMM_F_D_TMA_T),
          "column-major D 4096^3, config asked for: rc %d, flags %d", rc, (int)col.plan.flags);
    check_maps(col, A, B, "column-major D 4096^3, config asked for");
  }

  random_calls(4000);
  random_copies(4000);

  // Host time per call against this stub (the launcher's own work: the runtime here costs
  // nothing, and the driver's encoder is a memset), printed, not checked.
  if (bench) {
    Gemm col_big = big;  // computed as D^T = B A^T (above)
    col_big.col_d = true;
    for (Gemm *g : {&big, &col_big, &split, &split_ws}) {
      const auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < reps; ++i) g->call();
      const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / reps;
      printf("%lldx%lldx%lld%s%s: %.0f ns per call\n", (long long)g->m, (long long)g->n, (long long)g->k,
             g->opt ? " (workspace)" : "", g->col_d ? " (column-major D)" : "", ns);
    }
  }

  if (failures) {
    printf("test_gemm_host: %d failures\n", failures);
    return 1;
  }
  printf("test_gemm_host: ok\n");
  return 0;
}

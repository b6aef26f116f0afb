// test_copy.cu — device test of cutego_copy: every path against the host reference.
// Usage: test_copy [--big]   (--big adds the >= 4 GiB cases)
#include "copy_harness.h"

// The kernels' last error message, for printing.
static const char *kerr() {
  static thread_local char buf[512];
  cutego_kernels_last_error(buf, sizeof buf);
  return buf;
}


static int g_fail = 0, g_pass = 0;
static int g_paths[4] = {0, 0, 0, 0};
static int g_grouped = 0; /* TMA permutes planned with grouped modes */

// Runs one case; expect_path < 0: any. Also reruns it forced through the generic kernel when
// the planner chose a TMA path (both must match the reference), a TMA permute with per-block
// stores, and a grouped TMA permute without grouping. Returns the path taken.
static int run_case(const char *name, const cute_layout_t &sl, const cute_layout_t &dl, int es, int64_t soff,
                    int64_t doff, int expect_path, bool also_generic = true, bool quiet = false) {
  int64_t slo, shi, dlo, dhi;
  span(sl, &slo, &shi);
  span(dl, &dlo, &dhi);
  int64_t sn = (shi - slo + 1 + soff), dn = (dhi - dlo + 1 + doff);
  size_t sbytes = (size_t)sn * es, dbytes = (size_t)dn * es;
  std::vector<uint8_t> hs(sbytes), hd(dbytes), ref(dbytes);
  fill_random(hs.data(), (int64_t)sbytes, (uint64_t)sbytes * 31 + es + (uint64_t)g_pass);
  uint8_t *ds, *dd;
  CK(cudaMalloc(&ds, sbytes));
  CK(cudaMalloc(&dd, dbytes));
  CK(cudaMemcpy(ds, hs.data(), sbytes, cudaMemcpyHostToDevice));
  const uint8_t *sbase = ds + (soff - slo) * es;
  uint8_t *dbase = dd + (doff - dlo) * es;
  memset(ref.data(), 0xA5, dbytes);
  host_reference(ref.data() + (doff - dlo) * es, dl, hs.data() + (soff - slo) * es, sl, es);
  int first = -1, grouped = 0;
  for (int pass = 0; pass < 4; ++pass) {
    cutego_copy_options_t opt = {};
    if (pass == 1) opt.force_path = CUTEGO_COPY_PATH_GENERIC;
    if (pass == 2) opt.cache_hints = 4; /* the permute's per-block stores instead of one 3-D box */
    if (pass == 3) opt.cache_hints = CUTEGO_COPY_NO_GROUPING; /* the permute's tile before grouping */
    CK(cudaMemset(dd, 0xA5, dbytes));
    cutego_copy_plan_t plan;
    int rc = cutego_copy_ex(dbase, &dl, sbase, &sl, (size_t)es, 0, &opt, &plan);
    if (rc != CUTEGO_KERNELS_OK) {
      ++g_fail;
      printf("FAIL %-34s es=%2d: cutego_copy rc=%d: %s\n", name, es, rc, kerr());
      break;
    }
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hd.data(), dd, dbytes, cudaMemcpyDeviceToHost));
    size_t bad = 0, firstbad = 0;
    for (size_t i = 0; i < dbytes; ++i)
      if (hd[i] != ref[i]) {
        if (!bad) firstbad = i;
        ++bad;
      }
    bool pathok = pass != 0 || expect_path < 0 || plan.path == expect_path;
    if (bad || !pathok) {
      ++g_fail;
      printf("FAIL %-34s es=%2d path=%-11s %zu/%zu bytes wrong (first %zu)%s [%s]\n", name, es,
             cutego_copy_path_name(plan.path), bad, dbytes, firstbad,
             pathok ? "" : " UNEXPECTED PATH", plan.reason);
    } else {
      ++g_pass;
      if (!quiet || pass == 0) {
        if (!quiet) printf("ok   %-34s es=%2d path=%-11s %s\n", name, es, cutego_copy_path_name(plan.path), plan.reason);
      }
    }
    if (pass == 0) {
      first = plan.path;
      grouped = (plan.grid.flags & CUTEGO_TILE_GRID_GROUPED_STORE) != 0;
      g_paths[plan.path & 3]++;
      g_grouped += grouped;
    }
    if (pass == 0 && (!also_generic || plan.path == CUTEGO_COPY_PATH_GENERIC || plan.path == CUTEGO_COPY_PATH_NONE)) break;
    if (pass == 1 && first != CUTEGO_COPY_PATH_TMA_PERMUTE) break;
    if (pass == 2 && !grouped) break;
  }
  CK(cudaFree(ds));
  CK(cudaFree(dd));
  return first;
}

static void expect_error(const char *name, const cute_layout_t &sl, const cute_layout_t &dl, int es) {
  void *p;
  CK(cudaMalloc(&p, 1 << 20));
  int path = 7;
  int rc = cutego_copy(p, dl, p, sl, (size_t)es, 0, &path);
  if (rc == CUTEGO_KERNELS_EINVAL) {
    ++g_pass;
    printf("ok   %-34s rejected: %s\n", name, kerr());
  } else {
    ++g_fail;
    printf("FAIL %-34s accepted (rc=%d path=%d)\n", name, rc, path);
  }
  CK(cudaFree(p));
}

int main(int argc, char **argv) {
  bool big = argc > 1 && !strcmp(argv[1], "--big");
  bool only_big = argc > 1 && !strcmp(argv[1], "--only-big");
  const int ess[] = {1, 2, 4, 8, 16};
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  if (!only_big) {
  // 1. contiguous copies from a few bytes up
  for (int es : ess)
    for (int64_t n : {1, 3, 7, 16, 1000, 4097, 1 << 20, (1 << 22) + 3}) {
      char nm[64];
      snprintf(nm, sizeof nm, "contiguous n=%lld", (long long)n);
      cute_layout_t L = make_layout({n}, {1});
      // TMA copies the whole 16-byte chunks of the contiguous extent; below 16 bytes: generic
      int want = n * es < 16 ? CUTEGO_COPY_PATH_GENERIC : CUTEGO_COPY_PATH_TMA_COPY;
      run_case(nm, L, L, es, 0, 0, want);
    }
  // 2. padded / strided 2-D and hierarchical layouts, odd extents, offsets
  for (int es : ess) {
    int64_t q = 16 / std::min(es, 16);
    int64_t M = 1001, N = 37, ps = ((M + q - 1) / q) * q + q, pd = ((M + q - 1) / q) * q;
    run_case("padded 2-D (1001,37) pitches", make_layout({M, N}, {1, ps}), make_layout({M, N}, {1, pd}), es, 0, 0,
             CUTEGO_COPY_PATH_TMA_COPY);
    run_case("padded 2-D + offsets (16B)", make_layout({M, N}, {1, ps}), make_layout({M, N}, {1, pd}), es, q, 2 * q,
             CUTEGO_COPY_PATH_TMA_COPY);
    run_case("hierarchical ((4,8),(16,5)) col", make_layout({4, 8, 16, 5}, {1, 4, 32, 512}),
             make_layout({4, 8, 16, 5}, {1, 4, 32, 512}), es, 0, 0, CUTEGO_COPY_PATH_TMA_COPY);
    run_case("rank-5 padded (5,3,4,3,7)", make_layout({5, 3, 4, 3, 7}, colmajor({5, 3, 4, 3, 7}, {q * ((5 + q - 1) / q), 3, 5, 3, 7})),
             make_layout({5, 3, 4, 3, 7}, colmajor({5, 3, 4, 3, 7}, {q * ((5 + q - 1) / q) + q, 4, 4, 3, 7})), es, 0, 0,
             5 * es >= 16 ? CUTEGO_COPY_PATH_TMA_COPY : CUTEGO_COPY_PATH_GENERIC);
    // 2-D transposes, odd extents
    for (auto mn : std::vector<std::pair<int64_t, int64_t>>{{1, 1}, {16, 16}, {33, 65}, {257, 130}, {1000, 999}, {4096, 1024}}) {
      int64_t m = mn.first, n = mn.second;
      int64_t pm = ((m + q - 1) / q) * q, pn = ((n + q - 1) / q) * q;
      char nm[64];
      snprintf(nm, sizeof nm, "transpose %lldx%lld padded", (long long)m, (long long)n);
      // src column-major with padded leading dim; dst row-major with padded leading dim
      run_case(nm, make_layout({m, n}, {1, pm}), make_layout({m, n}, {pn, 1}), es, 0, 0,
               (m == 1 || n == 1) ? -1 : n * es < 16 ? CUTEGO_COPY_PATH_GENERIC : CUTEGO_COPY_PATH_TMA_PERMUTE);
      snprintf(nm, sizeof nm, "transpose %lldx%lld tight", (long long)m, (long long)n);
      run_case(nm, make_layout({m, n}, {1, m}), make_layout({m, n}, {n, 1}), es, 0, 0, -1);
    }
  }
  // 3. all permutations of rank-3 and rank-4 tensors (padded so TMA applies; and tight odd
  // extents, which go to the generic kernel)
  for (int es : ess) {
    int64_t q = 16 / std::min(es, 16);
    for (int rank = 3; rank <= 4; ++rank) {
      std::vector<int64_t> shape = rank == 3 ? std::vector<int64_t>{37, 19, 23} : std::vector<int64_t>{19, 17, 18, 21};
      std::vector<int> perm(rank);
      for (int i = 0; i < rank; ++i) perm[i] = i;
      int count = 0, tma = 0;
      do {
        // dst stores the modes in order perm[0] fastest, ...: dst stride of mode perm[j]
        std::vector<int64_t> pad(rank), dst_st(rank), src_pad(rank);
        for (int i = 0; i < rank; ++i) src_pad[i] = i == 0 ? ((shape[0] + q - 1) / q) * q : shape[i];
        int64_t s = 1;
        for (int j = 0; j < rank; ++j) {
          int k = perm[j];
          dst_st[k] = s;
          s *= j == 0 ? ((shape[k] + q - 1) / q) * q : shape[k];
        }
        cute_layout_t sl = make_layout(shape, colmajor(shape, src_pad));
        cute_layout_t dl = make_layout(shape, dst_st);
        char nm[64];
        snprintf(nm, sizeof nm, "perm rank%d (%d%d%d%d) padded", rank, perm[0], perm[1], perm[2], rank > 3 ? perm[3] : 9);
        int want = shape[perm[0]] * es < 16 ? CUTEGO_COPY_PATH_GENERIC
                   : perm[0] == 0             ? CUTEGO_COPY_PATH_TMA_COPY
                                              : CUTEGO_COPY_PATH_TMA_PERMUTE;
        int p = run_case(nm, sl, dl, es, 0, 0, want, true, true);
        tma += p == CUTEGO_COPY_PATH_TMA_COPY || p == CUTEGO_COPY_PATH_TMA_PERMUTE;
        // tight odd extents
        s = 1;
        for (int j = 0; j < rank; ++j) {
          dst_st[perm[j]] = s;
          s *= shape[perm[j]];
        }
        snprintf(nm, sizeof nm, "perm rank%d (%d%d%d%d) tight", rank, perm[0], perm[1], perm[2], rank > 3 ? perm[3] : 9);
        run_case(nm, make_layout(shape, colmajor(shape)), make_layout(shape, dst_st), es, 0, 0, -1, true, true);
        ++count;
      } while (std::next_permutation(perm.begin(), perm.end()));
      printf("ok   all %d permutations of rank %d, es=%d (%d on TMA paths), padded and tight\n", count, rank, es, tma);
    }
  }
  // 4. layouts no tensor map expresses
  for (int es : ess) {
    run_case("gather: src stride 3", make_layout({1000}, {3}), make_layout({1000}, {1}), es, 0, 0, CUTEGO_COPY_PATH_GENERIC);
    run_case("non-refinable (6,4) -> (4,6)", make_layout({6, 4}, {1, 6}), make_layout({4, 6}, {6, 1}), es, 0, 0,
             CUTEGO_COPY_PATH_GENERIC);
    run_case("broadcast src stride 0", make_layout({64, 8}, {1, 0}), make_layout({64, 8}, {1, 64}), es, 0, 0,
             CUTEGO_COPY_PATH_GENERIC);
    run_case("reverse src stride -1", make_layout({999}, {-1}), make_layout({999}, {1}), es, 0, 0, CUTEGO_COPY_PATH_GENERIC);
    if (es < 16)
      run_case("misaligned offset (1 elem)", make_layout({4096}, {1}), make_layout({4096}, {1}), es, 1, 0,
               CUTEGO_COPY_PATH_GENERIC);
    // 3-element strides are 16-byte multiples only for 16-byte elements: then TMA permutes
    run_case("interleaved 3ch -> planar", make_layout({1000, 3}, {3, 1}), make_layout({1000, 3}, {1, 1000}), es, 0, 0,
             es == 16 ? CUTEGO_COPY_PATH_TMA_PERMUTE : CUTEGO_COPY_PATH_GENERIC);
    run_case("rank 6 joint modes", make_layout({2, 3, 2, 3, 2, 3}, {1, 4, 16, 64, 256, 1024}),
             make_layout({2, 3, 2, 3, 2, 3}, {1, 2, 6, 12, 36, 72}), es, 0, 0, CUTEGO_COPY_PATH_GENERIC);
  }
  // 5. TMA permutes whose contiguous modes are shorter than the tile (grouped): the GETT
  // stupr,qtru->stqp's packed copies at the benchmark's size (bf16; s=64,t=4,u=32,p=64,r=32,
  // q=512: A (s,p,u,r,t) row-major into the GEMM's K-major workspace, the packed D into C), then
  // for every element size a short source mode continued by another (a + d) and a short
  // destination mode with an odd filler, and a short destination mode alone
  {
    const int64_t S = 64, T = 4, U = 32, P = 64, R = 32, Q = 512, M = S * P;
    run_case("GETT A pack (grouped)", make_layout({S, P, U, R, T}, {T * U * P * R, R, P * R, 1, U * P * R}),
             make_layout({S, P, U, R, T}, {1024, S * 1024, 1, U, M * 1024}), 2, 0, 0, CUTEGO_COPY_PATH_TMA_PERMUTE);
    run_case("GETT D out (grouped)", make_layout({S, P, Q, T}, {P * Q, Q, 1, M * Q}),
             make_layout({S, P, Q, T}, {T * Q * P, 1, P, Q * P}), 2, 0, 0, CUTEGO_COPY_PATH_TMA_PERMUTE);
  }
  for (int es : {1, 2, 4, 8}) {
    const int64_t W = 128 / es, na = W / 2, nb = W / 2;
    // modes (a, d, b, c, e): src compact in that order, dst compact in the order (b, a, e, c, d)
    std::vector<int64_t> sh = {na, 6, nb, 5, 3};
    std::vector<int64_t> ds = {nb, nb * na * 5 * 3, 1, nb * na * 3, nb * na};
    run_case("short a + d, short b + odd c", make_layout(sh, colmajor(sh)), make_layout(sh, ds), es, 0, 0,
             CUTEGO_COPY_PATH_TMA_PERMUTE);
    // (a, b, c): a long (208), b a quarter row, c odd
    std::vector<int64_t> sh2 = {208, W / 4, 7};
    run_case("long a, short b + odd c", make_layout(sh2, colmajor(sh2)), make_layout(sh2, {W / 4, 1, 208 * (W / 4)}),
             es, 0, 0, CUTEGO_COPY_PATH_TMA_PERMUTE);
  }
  expect_error("size mismatch", make_layout({10}, {1}), make_layout({11}, {1}), 4);
  expect_error("dst stride 0 (not injective)", make_layout({10, 2}, {1, 10}), make_layout({10, 2}, {1, 0}), 4);
  expect_error("element size 3", make_layout({10}, {1}), make_layout({10}, {1}), 3);
  }
  if (big || only_big) {
    // >= 4 GiB: contiguous copy, 2-D transpose, generic
    int64_t n = (int64_t)17 << 28;  // 4.25 Gi elements of 1 byte... use 4 bytes below
    run_case("BIG contiguous 4.25 GiB", make_layout({n / 4}, {1}), make_layout({n / 4}, {1}), 4, 0, 0,
             CUTEGO_COPY_PATH_TMA_COPY, false);
    run_case("BIG transpose 34816x32768 fp32", make_layout({34816, 32768}, {1, 34816}),
             make_layout({34816, 32768}, {32768, 1}), 4, 0, 0, CUTEGO_COPY_PATH_TMA_PERMUTE, false);
    int64_t N3 = 1431655766;  // 3*N3 bytes > 2^32
    run_case("BIG generic 3ch->planar 4.0 GiB", make_layout({N3, 3}, {3, 1}), make_layout({N3, 3}, {1, N3}), 1, 0, 0,
             CUTEGO_COPY_PATH_GENERIC, false);
  }
  printf("paths taken: tma-copy %d, tma-permute %d (%d grouped), generic %d, none %d\n", g_paths[1], g_paths[2],
         g_grouped, g_paths[3], g_paths[0]);
  printf("%s: %d passed, %d failed\n", g_fail ? "FAILED" : "ALL PASSED", g_pass, g_fail);
  return g_fail ? 1 : 0;
}

/* test_waves.c — cutego_gemm_split_k, cutego_gemm_pick_config and cutego_gemm_stream_k without a GPU (part of `make
 * test`): which plans may split K, into how many slices, the refusals of a requested split, and
 * the tile choice. The expected values follow from the rules (equal slices of whole 16-byte K
 * steps, single batch, A and B read in place, at most 16 slices) and from counting tiles and
 * waves against SMs by hand, not from the functions' output; the automatic choice on the shapes
 * near one wave, from the plans measured fastest on the H200. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "cutego_kernels.h"
#include "waves.h"
#include "config_boxes.h"

#include "../check.h"

/* A row-major (M,K) x (N,K) plan, A and B of ab_dtype, bf16 out: (M,K):(K,1), (N,K):(K,1),
 * (M,N):(N,1), with options opt (may be NULL); tn_opt: bf16 in. */
static cutego_gemm_plan_t tn_dtype(int64_t m, int64_t n, int64_t k, int64_t l, int32_t ab_dtype,
                                   const cutego_gemm_options_t *opt) {
  cute_layout_t la, lb, ld;
  memset(&la, 0, sizeof la);
  la.leaves = 3;
  la.shape[0] = m, la.shape[1] = k, la.shape[2] = l;
  la.stride[0] = k, la.stride[1] = 1, la.stride[2] = m * k;
  la.nest[0] = CUTE_NEST_OPEN, la.nest[1] = la.nest[2] = la.nest[3] = CUTE_NEST_LEAF, la.nest[4] = CUTE_NEST_CLOSE;
  la.ntokens = 5;
  lb = la, ld = la;
  lb.shape[0] = n, lb.stride[2] = n * k;
  ld.shape[1] = n, ld.stride[0] = n, ld.stride[2] = m * n;
  cutego_gemm_plan_t p;
  cutego_gemm_plan(&ld, &la, &lb, NULL, ab_dtype, CUTEGO_DTYPE_BF16, 0, 0x10000, 0x20000, 0x30000, 0, opt, &p);
  return p;
}
static cutego_gemm_plan_t tn_opt(int64_t m, int64_t n, int64_t k, int64_t l, const cutego_gemm_options_t *opt) {
  return tn_dtype(m, n, k, l, CUTEGO_DTYPE_BF16, opt);
}
static cutego_gemm_plan_t tn(int64_t m, int64_t n, int64_t k, int64_t l) { return tn_opt(m, n, k, l, NULL); }

/* The plan of tn(m, n, k, 1) on tile configuration cfg (CUTEGO_GEMM_CONFIG_*). */
static cutego_gemm_plan_t tn_config(int64_t m, int64_t n, int64_t k, int cfg) {
  cutego_gemm_options_t o;
  memset(&o, 0, sizeof o);
  o.config = cfg + 1;
  return tn_opt(m, n, k, 1, &o);
}

/* The plan of an e4m3 TN m x n x k with its configuration set to cfg afterwards (the cost models'
 * input, not a plan the planner would make). */
static cutego_gemm_plan_t fp8_on(int64_t m, int64_t n, int64_t k, int cfg) {
  cutego_gemm_plan_t p = tn_dtype(m, n, k, 1, CUTEGO_DTYPE_E4M3, NULL);
  p.config = cfg;
  return p;
}

/* The automatic choice of cutego_gemm for a bf16 TN m x n x k on `sms` SMs, in the order cutego_gemm.cu
 * applies the models (nothing asked for): the narrow tiles cutego_gemm_narrow_config names (128x64,
 * 64x64 for at most 64 rows); then the split of cutego_gemm_split_k (its slices on 128x128 tiles, or
 * on the narrow ones); else stream-K where cutego_gemm_stream_k names a configuration (not after
 * narrow); else data-parallel on cutego_gemm_pick_config's tiles (the narrow ones when narrow). As bench_gemm's CSV writes it: configuration,
 * split (0: none), decomposition. */
typedef struct {
  int config, split, decomposition;
} pick_t;
static pick_t auto_pick(int64_t m, int64_t n, int64_t k, int sms) {
  cutego_gemm_plan_t p = tn(m, n, k, 1);
  const int narrow_cfg = cutego_gemm_narrow_config(&p, sms), narrow = narrow_cfg >= 0;
  if (narrow) p = tn_config(m, n, k, narrow_cfg);
  const int s = cutego_gemm_split_k(&p, sms, 0, NULL, 0);
  pick_t r = {narrow ? narrow_cfg : CUTEGO_GEMM_CONFIG_128x128x64, s, CUTEGO_GEMM_DECOMPOSITION_SPLIT_K};
  if (s > 1) return r;
  r.split = 0;
  const int sk = narrow ? 0 : cutego_gemm_stream_k(&p, sms);
  r.config = sk > 0 ? sk - 1 : narrow ? narrow_cfg : cutego_gemm_pick_config_plan(&p, sms);
  r.decomposition = sk > 0 ? CUTEGO_GEMM_DECOMPOSITION_STREAM_K : CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL;
  return r;
}

/* Whether l is the flat rank-3 layout (e0,e1,e2):(s0,s1,s2). */
static int is_flat3(const cute_layout_t *l, int64_t e0, int64_t e1, int64_t e2, int64_t s0, int64_t s1, int64_t s2) {
  return l->leaves == 3 && l->ntokens == 5 && l->nest[0] == CUTE_NEST_OPEN && l->nest[1] == CUTE_NEST_LEAF &&
         l->nest[2] == CUTE_NEST_LEAF && l->nest[3] == CUTE_NEST_LEAF && l->nest[4] == CUTE_NEST_CLOSE &&
         l->shape[0] == e0 && l->shape[1] == e1 && l->shape[2] == e2 && l->stride[0] == s0 && l->stride[1] == s1 &&
         l->stride[2] == s2;
}

int main(void) {
  char why[120];
  const int sms = 132;
  /* Few tiles, long K: a decode step (M = 1..128 against 4096 columns: 32 tiles of 128x128 on 132
   * SMs) splits, into equal slices of whole 16-byte steps, and at most 16 of them. */
  const int64_t ms[] = {1, 8, 16, 32, 64};
  for (int i = 0; i < 5; ++i) {
    cutego_gemm_plan_t p = tn(ms[i], 4096, 4096, 1);
    int s = cutego_gemm_split_k(&p, sms, 0, why, sizeof why);
    CHECK(s > 1 && s <= 16 && 4096 % s == 0 && (4096 / s) % 8 == 0, "M=%lld: split %d", (long long)ms[i], s);
  }
  /* The split fills one wave: floor(132 / tiles), slices of at least 1024. */
  cutego_gemm_plan_t q = tn(1, 4096, 4096, 1); /* 32 tiles: 4 slices of 1024 */
  CHECK(cutego_gemm_split_k(&q, sms, 0, why, sizeof why) == 4, "1x4096x4096");
  q = tn(256, 4096, 4096, 1); /* 64 tiles: 2 */
  CHECK(cutego_gemm_split_k(&q, sms, 0, why, sizeof why) == 2, "256x4096x4096");
  q = tn(16, 6144, 4096, 1); /* 48 tiles: 2 */
  CHECK(cutego_gemm_split_k(&q, sms, 0, why, sizeof why) == 2, "16x6144x4096");
  q = tn(16, 4096, 14336, 1); /* 32 tiles: 4 slices of 3584 */
  CHECK(cutego_gemm_split_k(&q, sms, 0, why, sizeof why) == 4, "16x4096x14336");
  q = tn(16, 11008, 4096, 1); /* 86 tiles: 172 CTAs would make two waves */
  CHECK(cutego_gemm_split_k(&q, sms, 0, why, sizeof why) == 1, "16x11008x4096");
  q = tn(16, 4096, 2048, 1); /* 32 tiles, but slices of 1024 at most 2 */
  CHECK(cutego_gemm_split_k(&q, sms, 0, why, sizeof why) == 2, "16x4096x2048");
  /* Enough tiles to fill the device: no split (4096^3 has 1024 tiles of 128x128). */
  cutego_gemm_plan_t big = tn(4096, 4096, 4096, 1);
  CHECK(cutego_gemm_split_k(&big, sms, 0, why, sizeof why) == 1, "4096^3 split");
  cutego_gemm_plan_t wide = tn(1024, 14336, 4096, 1);
  CHECK(cutego_gemm_split_k(&wide, sms, 0, why, sizeof why) == 1, "1024x14336x4096 split");
  /* A short K does not split (slices would be under 256). */
  cutego_gemm_plan_t shortk = tn(16, 4096, 256, 1);
  CHECK(cutego_gemm_split_k(&shortk, sms, 0, why, sizeof why) == 1, "K=256 split");
  /* A batched GEMM does not split; a requested split says why. */
  cutego_gemm_plan_t batched = tn(16, 4096, 4096, 2);
  CHECK(cutego_gemm_split_k(&batched, sms, 0, why, sizeof why) == 1, "batched split");
  CHECK(cutego_gemm_split_k(&batched, sms, 4, why, sizeof why) == -1 && strstr(why, "batched"), "batched: %s", why);
  /* Requested splits: honored where K divides into 16-byte steps, refused otherwise. */
  cutego_gemm_plan_t p = tn(16, 4096, 4096, 1);
  CHECK(cutego_gemm_split_k(&p, sms, 1, why, sizeof why) == 1, "split_k 1 is no split");
  CHECK(cutego_gemm_split_k(&p, sms, 8, why, sizeof why) == 8, "split_k 8");
  CHECK(cutego_gemm_split_k(&p, sms, 3, why, sizeof why) == -1 && why[0], "4096 / 3: %s", why);
  CHECK(cutego_gemm_split_k(&p, sms, 1024, why, sizeof why) == -1 && why[0], "4096 / 1024 = 4 (not 8)");
  CHECK(cutego_gemm_split_k(&p, sms, 32, why, sizeof why) == -1 && why[0], "32 slices: %s", why);
  cutego_gemm_plan_t k1000 = tn(16, 4096, 1000, 1); /* 1000 = 8 * 125 */
  CHECK(cutego_gemm_split_k(&k1000, sms, 5, why, sizeof why) == 5, "1000 / 5 = 200 = 8 * 25");
  CHECK(cutego_gemm_split_k(&k1000, sms, 2, why, sizeof why) == -1, "1000 / 2 = 500: not a multiple of 8");
  CHECK(cutego_gemm_split_k(&k1000, sms, 4, why, sizeof why) == -1, "1000 / 4 = 250: not a multiple of 8");
  /* FP8 slices are whole 16-byte steps too: 16 one-byte elements. */
  cutego_gemm_plan_t f1000 = k1000;
  f1000.ab_dtype = CUTEGO_DTYPE_E4M3;
  CHECK(cutego_gemm_split_k(&f1000, sms, 5, why, sizeof why) == -1, "fp8 1000 / 5 = 200: not a multiple of 16");
  f1000.k = 2000;
  CHECK(cutego_gemm_split_k(&f1000, sms, 5, why, sizeof why) == 5, "fp8 2000 / 5 = 400 = 16 * 25");
  /* The device's SM count matters: with 8 SMs the 32 tiles already fill it. */
  CHECK(cutego_gemm_split_k(&p, 8, 0, why, sizeof why) == 1, "8 SMs: no split");
  /* The generic path never splits; asked to, it refuses. */
  cutego_gemm_plan_t g = p;
  g.path = CUTEGO_GEMM_PATH_GENERIC;
  CHECK(cutego_gemm_split_k(&g, sms, 0, why, sizeof why) == 1, "generic");
  CHECK(cutego_gemm_split_k(&g, sms, 2, why, sizeof why) == -1, "generic forced");
  /* Tiles: the fewest waves x cost, 1 for 128x256, 0.577 for 128x128, 0.83 for 128x192 and 0.74
   * for 128x168 (16-bit only; 128x168 for a K-major B only), ties to 128x256 then 128x128 (counted
   * by hand, 132 SMs). */
  const int C256 = CUTEGO_GEMM_CONFIG_128x256x64, C128 = CUTEGO_GEMM_CONFIG_128x128x64,
            C192w = CUTEGO_GEMM_CONFIG_128x192x64, C168 = CUTEGO_GEMM_CONFIG_128x168x64,
            C224 = CUTEGO_GEMM_CONFIG_128x224x64;
  CHECK(cutego_gemm_pick_config(4096, 4096, 1, CUTEGO_DTYPE_BF16, sms) == C256, "4096^2: 4 waves vs 8 x 0.577");
  CHECK(cutego_gemm_pick_config(1024, 4096, 1, CUTEGO_DTYPE_BF16, sms) == C256, "1024x4096: 1 wave (128 tiles) vs 2 x 0.577");
  CHECK(cutego_gemm_pick_config(512, 11008, 1, CUTEGO_DTYPE_BF16, sms) == C168,
        "512x11008: 2 waves (172) vs 3 x 0.577 (344) vs 2 x 0.83 (232) vs 2 x 0.74 (264)");
  {
    cutego_gemm_plan_t bn = tn(512, 11008, 4096, 1);
    CHECK(cutego_gemm_pick_config_plan(&bn, sms) == C168, "512x11008 plan, B K-major: 128x168");
    bn.b.major = 1;
    CHECK(cutego_gemm_pick_config_plan(&bn, sms) == C192w, "512x11008 plan, B N-major: no 128x168, 2 x 0.83");
    CHECK(cutego_gemm_pick_config_plan(NULL, sms) == C128, "no plan");
  }
  CHECK(cutego_gemm_pick_config(256, 11008, 1, CUTEGO_DTYPE_BF16, sms) == C168,
        "256x11008: 1 (86) vs 2 x 0.577 (172) vs 0.83 (116) vs 0.74 (132)");
  CHECK(cutego_gemm_pick_config(1024, 11008, 1, CUTEGO_DTYPE_BF16, sms) == C168,
        "1024x11008: 3 (344) vs 4 x 0.74 = 2.96 (528)");
  CHECK(cutego_gemm_pick_config(1280, 11008, 1, CUTEGO_DTYPE_BF16, sms) == C168,
        "1280x11008: 4 (430) vs 5 x 0.74 = 3.7 (660)");
  CHECK(cutego_gemm_pick_config(1536, 11008, 1, CUTEGO_DTYPE_BF16, sms) == C256,
        "1536x11008: 4 (516) vs 6 x 0.74 = 4.44 (792)");
  CHECK(cutego_gemm_pick_config(256, 11008, 1, CUTEGO_DTYPE_E4M3, sms) == C224,
        "FP8 256x11008: no 128x168; 1 (86), 128x224: 1 (100)");
  CHECK(cutego_gemm_pick_config(512, 6144, 1, CUTEGO_DTYPE_BF16, sms) == C192w,
        "512x6144: 0.83 (128) vs 2 x 0.74 (148)");
  CHECK(cutego_gemm_pick_config(512, 11008, 1, CUTEGO_DTYPE_E4M3, sms) == C128, "FP8 512x11008: no 128x192x64, 2 vs 1.731");
  CHECK(cutego_gemm_pick_config(1024, 6144, 1, CUTEGO_DTYPE_BF16, sms) == C192w, "1024x6144: 2 (192) vs 3 x 0.577 (384) vs 2 x 0.83 (256)");
  CHECK(cutego_gemm_pick_config(512, 6144, 1, CUTEGO_DTYPE_BF16, sms) == C192w, "512x6144: 1 (96) vs 2 x 0.577 (192) vs 0.83 (128)");
  CHECK(cutego_gemm_pick_config(512, 6144, 1, CUTEGO_DTYPE_F16, sms) == C192w, "f16 512x6144: as bf16");
  CHECK(cutego_gemm_pick_config(512, 6144, 1, CUTEGO_DTYPE_E5M2, sms) == C224,
        "FP8 512x6144: 1 (96) vs 2 x 0.577; 128x224: 1 (112)");
  /* 128x224 where 128x256 is the choice and 128x224 tiles take as many waves */
  {
    static const struct {
      int64_t m, n;
      int32_t dtype;
      int config;
      const char *why;
    } w224[] = {
        {256, 14336, CUTEGO_DTYPE_BF16, CUTEGO_GEMM_CONFIG_128x224x64, "1 (112) vs 2 x 0.83 (150); 128x224: 1 (128)"},
        {512, 14336, CUTEGO_DTYPE_F16, CUTEGO_GEMM_CONFIG_128x224x64, "2 (224), 128x224: 2 (256)"},
        {1024, 7168, CUTEGO_DTYPE_BF16, CUTEGO_GEMM_CONFIG_128x224x64, "2 (224), 128x224: 2 (256)"},
        {256, 28672, CUTEGO_DTYPE_BF16, CUTEGO_GEMM_CONFIG_128x224x64, "2 (224), 128x224: 2 (256)"},
        {2048, 14336, CUTEGO_DTYPE_BF16, CUTEGO_GEMM_CONFIG_128x256x64, "7 (896), 128x224: 8 (1024)"},
        {4096, 4096, CUTEGO_DTYPE_BF16, CUTEGO_GEMM_CONFIG_128x256x64, "4 (512), 128x224: 5 (608)"},
        /* FP8 (per tensor): the same rule on 128x224x128 tiles (K of 128 a k-tile, the tile counts
         * of 16-bit's) */
        {256, 14336, CUTEGO_DTYPE_E4M3, CUTEGO_GEMM_CONFIG_128x224x64, "FP8 1 (112), 128x224: 1 (128)"},
        {1024, 14336, CUTEGO_DTYPE_E4M3, CUTEGO_GEMM_CONFIG_128x224x64, "FP8 4 (448), 128x224: 4 (512)"},
        {512, 14336, CUTEGO_DTYPE_E5M2, CUTEGO_GEMM_CONFIG_128x224x64, "FP8 2 (224), 128x224: 2 (256)"},
        {1024, 11008, CUTEGO_DTYPE_E4M3, CUTEGO_GEMM_CONFIG_128x256x64, "FP8 3 (344), 128x224: 4 (400)"},
        {1024, 28672, CUTEGO_DTYPE_E4M3, CUTEGO_GEMM_CONFIG_128x256x64, "FP8 7 (896), 128x224: 8 (1024)"},
        {4096, 4096, CUTEGO_DTYPE_E5M2, CUTEGO_GEMM_CONFIG_128x256x64, "FP8 4 (512), 128x224: 5 (608)"},
    };
    for (size_t i = 0; i < sizeof w224 / sizeof w224[0]; ++i)
      CHECK(cutego_gemm_pick_config(w224[i].m, w224[i].n, 1, w224[i].dtype, sms) == w224[i].config, "%lldx%lld: %s",
            (long long)w224[i].m, (long long)w224[i].n, w224[i].why);
  }
  {
    const cutego_gemm_plan_t on = tn(512, 14336, 4096, 1), off = tn(512, 14336, 4104, 1);
    CHECK(cutego_gemm_pick_config_plan(&on, sms) == C224 && cutego_gemm_pick_config_plan(&off, sms) == C256,
          "512x14336: 128x224 with rows on the 128-byte grid (K = 4096), 128x256 off it (K = 4104: rows of 8,208 bytes, read in place)");
  }
  CHECK(cutego_gemm_pick_config(1536, 1536, 1, CUTEGO_DTYPE_BF16, sms) == C168, "1536^2: 1 (72) vs 0.83 (96) vs 0.74 (120)");
  {
    /* FP8 per tensor, fast, above 512 rows with rows off the 128-byte grid (fp8_wide): 128x256 where
     * 128x128 is the waves' choice, both pad N alike and the 128x256 tiles make at least 1.25 waves */
    static const struct { int64_t m, n, k; int config; const char *why; } fw[] = {
        {5632, 1712, 2976, CUTEGO_GEMM_CONFIG_128x256x64, "308 tiles, 1792 columns either way"},
        {4096, 1440, 4064, CUTEGO_GEMM_CONFIG_128x256x64, "192 tiles"},
        {1531, 3824, 4608, CUTEGO_GEMM_CONFIG_128x128x64, "rows of 4608 bytes, on the grid"},
        {2112, 2288, 3968, CUTEGO_GEMM_CONFIG_128x128x64, "153 tiles: under 1.25 waves"},
        {3456, 1104, 4544, CUTEGO_GEMM_CONFIG_128x128x64, "128x256 pads N to 1280, 128x128 to 1152"},
    };
    for (size_t i = 0; i < sizeof fw / sizeof fw[0]; ++i) {
      const cutego_gemm_plan_t f = tn_dtype(fw[i].m, fw[i].n, fw[i].k, 1, CUTEGO_DTYPE_E4M3, NULL);
      const int got = cutego_gemm_pick_config_plan(&f, sms);
      CHECK(got == fw[i].config, "fp8 %lldx%lldx%lld: configuration %d, want %d (%s)", (long long)fw[i].m,
            (long long)fw[i].n, (long long)fw[i].k, got, fw[i].config, fw[i].why);
    }
    cutego_gemm_plan_t pr = tn_dtype(5632, 1712, 2976, 1, CUTEGO_DTYPE_E4M3, NULL);
    pr.promoted = 1;
    CHECK(cutego_gemm_pick_config_plan(&pr, sms) == C128, "fp8 promoted 5632x1712x2976: 128x128 (its only tiles)");
    CHECK(cutego_gemm_pick_config(5632, 1712, 1, CUTEGO_DTYPE_E4M3, sms) == C128, "fp8 5632x1712 without a plan: the waves' 128x128");
  }
  {
    /* Few columns (columns_192): 128x192 where its columns of tiles are fewer and cover at most
     * 1/1.04 of 128x168's width, in no more waves; 128x168 where they are as many, or cover more */
    static const struct { int64_t m, n; int config; } fc[] = {
        {7552, 576, CUTEGO_GEMM_CONFIG_128x192x64},  {3706, 576, CUTEGO_GEMM_CONFIG_128x192x64},  /* 3 columns against 4 */
        {6272, 768, CUTEGO_GEMM_CONFIG_128x192x64},  {4800, 896, CUTEGO_GEMM_CONFIG_128x192x64},  /* 4 / 5, 5 / 6 */
        {6592, 704, CUTEGO_GEMM_CONFIG_128x192x64},  {13888, 960, CUTEGO_GEMM_CONFIG_128x192x64}, /* 768 / 840, 960 / 1008 */
        {4295, 1024, CUTEGO_GEMM_CONFIG_128x168x64}, {11511, 1088, CUTEGO_GEMM_CONFIG_128x168x64}, /* 1152 / 1176 */
        {8742, 448, CUTEGO_GEMM_CONFIG_128x168x64},  {7940, 640, CUTEGO_GEMM_CONFIG_128x168x64},  /* 3 / 3, 4 / 4 */
        {8960, 832, CUTEGO_GEMM_CONFIG_128x168x64},  {12043, 320, CUTEGO_GEMM_CONFIG_128x168x64}, /* 5 / 5, 2 / 2 */
        {1536, 1536, CUTEGO_GEMM_CONFIG_128x168x64}, /* past kFewColumns */
        {6246, 694, CUTEGO_GEMM_CONFIG_128x168x64},  {7728, 549, CUTEGO_GEMM_CONFIG_128x168x64}, /* N off the 8 grid */
        {6119, 728, CUTEGO_GEMM_CONFIG_128x192x64},  /* 4 columns against 5, N a multiple of 8 only */
    };
    for (size_t i = 0; i < sizeof fc / sizeof fc[0]; ++i)
      CHECK(cutego_gemm_pick_config(fc[i].m, fc[i].n, 1, CUTEGO_DTYPE_BF16, sms) == fc[i].config, "%lldx%lld: configuration %d, want %d",
            (long long)fc[i].m, (long long)fc[i].n, cutego_gemm_pick_config(fc[i].m, fc[i].n, 1, CUTEGO_DTYPE_BF16, sms), fc[i].config);
    /* a plan of B K-major (cutego_gemm_pick_config_plan) the same */
    cutego_gemm_plan_t nt = tn(7552, 576, 2432, 1);
    CHECK(cutego_gemm_pick_config_plan(&nt, sms) == C192w, "7552x576 plan, B K-major: 128x192");
  }
  CHECK(cutego_gemm_pick_config(2048, 2048, 1, CUTEGO_DTYPE_BF16, sms) == C256, "2048^2: 1 (128) vs 2 x 0.83 (176)");
  CHECK(cutego_gemm_pick_config(3000, 5000, 1, CUTEGO_DTYPE_BF16, sms) == C256, "3000x5000: 4 (480) vs 5 x 0.83 = 4.15 (648)");
  CHECK(cutego_gemm_pick_config(16, 4096, 1, CUTEGO_DTYPE_BF16, sms) == C128, "16x4096: 1 (16) vs 1 x 0.577 (32)");
  CHECK(cutego_gemm_pick_config(4096, 100, 1, CUTEGO_DTYPE_BF16, sms) == C128, "N <= 128: 128x128");
  CHECK(cutego_gemm_pick_config(1024, 4096, 2, CUTEGO_DTYPE_BF16, sms) == C256, "batched 2 x 1024x4096: 2 (256) vs 4 x 0.577 (512)");
  CHECK(cutego_gemm_pick_config(512, 6144, 1, CUTEGO_DTYPE_BF16, 64) == C192w,
        "64 SMs, 512x6144: 2 (96) vs 3 x 0.577 = 1.73 (192) vs 2 x 0.83 = 1.66 (128)");
  CHECK(cutego_gemm_pick_config(512, 6144, 1, CUTEGO_DTYPE_E4M3, 64) == C128, "64 SMs, FP8 512x6144: 2 vs 1.73");
  /* Block-scaled: 128x192 where 1.6 x its waves are fewer than 128x128's (counted by hand, 132
   * SMs); with K (the planner's pick), 64-row tiles for M <= 128 where those would split K into
   * slices of 1024, 64x64 (0.5 x its waves) or 64x128 (0.75 x). */
  {
    const int C192 = CUTEGO_GEMM_CONFIG_128x192x128, C64 = CUTEGO_GEMM_CONFIG_64x64x128,
              C64x128 = CUTEGO_GEMM_CONFIG_64x128x64;
    CHECK(cutego_gemm_pick_config_blockscaled(4096, 2112, 1, sms) == C192, "block 4096x2112: 1.6 x 3 (352) vs 5 (544)");
    CHECK(cutego_gemm_pick_config_blockscaled(64, 24576, 1, sms) == C192, "block 64x24576: 1.6 x 1 (128) vs 2 (192)");
    CHECK(cutego_gemm_pick_config_blockscaled(128, 24576, 1, sms) == C192, "block 128x24576: 1.6 x 1 (128) vs 2 (192)");
    CHECK(cutego_gemm_pick_config_blockscaled(4096, 7168, 1, sms) == C128, "block 4096x7168: 1.6 x 10 (1216) vs 14 (1792)");
    CHECK(cutego_gemm_pick_config_blockscaled(4096, 24576, 1, sms) == C128, "block 4096x24576: 1.6 x 32 vs 47");
    CHECK(cutego_gemm_pick_config_blockscaled(4096, 4096, 1, sms) == C128, "block 4096x4096: 1.6 x 6 (704) vs 8 (1024)");
    CHECK(cutego_gemm_pick_config_blockscaled(128, 7168, 1, sms) == C128, "block 128x7168: 1 (38) vs 1 (56)");
    CHECK(cutego_gemm_pick_config_blockscaled(64, 32768, 1, sms) == C128, "block 64x32768: 2 (171) vs 2 (256)");
    /* with K: 56 tiles of 128x128 split in 2 slices of 1024 -> 64x64's 112 (0.5 x 1) */
    CHECK(cutego_gemm_pick_config_blockscaled_k(64, 7168, 2048, 1, sms) == C64, "block 64x7168x2048: 64x64");
    /* 128 rows: 64x128's 112 tiles (0.75 x 1) against 64x64's 224 (0.5 x 2) */
    CHECK(cutego_gemm_pick_config_blockscaled_k(128, 7168, 2048, 1, sms) == C64x128, "block 128x7168x2048: 64x128");
    /* 17 tiles split in 7 slices of 1024 -> 64x64's 33 (0.5) against 64x128's 17 (0.75) */
    CHECK(cutego_gemm_pick_config_blockscaled_k(64, 2112, 7168, 1, sms) == C64, "block 64x2112x7168: 64x64");
    /* slices longer than 1024 (4 of 1792, 2 of 8192), no split (128x192's 128 tiles, 128x128's 256) */
    CHECK(cutego_gemm_pick_config_blockscaled_k(64, 4096, 7168, 1, sms) == C128, "block 64x4096x7168: 128x128 in 4");
    CHECK(cutego_gemm_pick_config_blockscaled_k(128, 7168, 16384, 1, sms) == C128, "block 128x7168x16384: 128x128 in 2");
    CHECK(cutego_gemm_pick_config_blockscaled_k(64, 24576, 1536, 1, sms) == C192, "block 64x24576x1536: 128x192");
    CHECK(cutego_gemm_pick_config_blockscaled_k(64, 32768, 512, 1, sms) == C128, "block 64x32768x512: 128x128");
    /* M past 128, batches, K that splits unevenly: the 128-row tiles */
    CHECK(cutego_gemm_pick_config_blockscaled_k(129, 7168, 2048, 1, sms) == C128, "block M = 129");
    CHECK(cutego_gemm_pick_config_blockscaled_k(64, 7168, 2048, 2, sms) == C128, "block batched");
    CHECK(cutego_gemm_pick_config_blockscaled_k(64, 7168, 2000, 1, sms) == C128, "block K = 2000: no split");
    CHECK(cutego_gemm_pick_config_blockscaled_k(4096, 2112, 7168, 1, sms) == C192, "block 4096x2112 with K: as without");
    CHECK(cutego_gemm_pick_config_blockscaled(2048, 2112, 2, sms) == C192, "block 2 x 2048x2112: as 4096x2112");
    CHECK(cutego_gemm_pick_config_blockscaled(4096, 128, 1, sms) == C128, "block N <= 128: 128x128");
    CHECK(cutego_gemm_pick_config_blockscaled(0, 7168, 1, sms) == C128, "block M = 0");
    CHECK(cutego_gemm_pick_config_blockscaled(INT32_MAX, INT32_MAX, INT32_MAX, sms) == C128, "block past int64 tiles");
  }
  /* Narrow tiles: 128x64 where 128x128 tiles would split K in more slices than 128x64 ones
   * (tiles counted by hand, 132 SMs, slices of at least 1024). */
  q = tn(16, 4096, 4096, 1); /* 32 tiles of 128x128: 4 slices; 64 of 128x64: 2 */
  CHECK(cutego_gemm_narrow(&q, sms) == 1, "16x4096x4096 narrow");
  q.config = CUTEGO_GEMM_CONFIG_128x64x64;
  CHECK(cutego_gemm_split_k(&q, sms, 0, why, sizeof why) == 2, "16x4096x4096 on 128x64 tiles: 64 x 2 CTAs");
  q = tn(256, 4096, 4096, 1); /* 64: 2 slices; 128: none */
  CHECK(cutego_gemm_narrow(&q, sms) == 1, "256x4096x4096 narrow");
  q.config = CUTEGO_GEMM_CONFIG_128x64x64;
  CHECK(cutego_gemm_split_k(&q, sms, 0, why, sizeof why) == 1, "256x4096x4096 on 128x64 tiles: 128 CTAs");
  q = tn(16, 6144, 4096, 1); /* 48: 2; 96: none */
  CHECK(cutego_gemm_narrow(&q, sms) == 1, "16x6144x4096 narrow");
  /* The cost model (units of one K element of a 128x128 main loop; 128x64: 0.5 per K with one
   * tile row, 0.62 with more; a reduction 760 + 64 per slice): 256 x 4096 x 14336 keeps two
   * slices of 128x128 (7168 + 888 = 8056) over 128x64 unsplit (0.62 x 14336 = 8888); 256 x 4096
   * x 4096 takes 128x64 (0.62 x 4096 = 2540 < 2048 + 888). */
  q = tn(256, 4096, 14336, 1);
  CHECK(cutego_gemm_narrow(&q, sms) == 0, "256x4096x14336: 128x128 in 2 slices");
  q = tn(16, 14336, 4096, 1); /* 112: none; 224: none */
  CHECK(cutego_gemm_narrow(&q, sms) == 0, "16x14336x4096: no split either way");
  q = tn(16, 4096, 2048, 1); /* 32: 2 (slices of 1024); 64: 2 */
  CHECK(cutego_gemm_narrow(&q, sms) == 0, "16x4096x2048: the same split either way");
  /* Neither splits: 128x64 where 128x128 is the data-parallel choice, the 128x64 tiles fill at
   * least half the SMs, A and B have rows on the 128-byte grid and 0.62 x the 128x64 waves are
   * fewer than the 128x128 ones. */
  q = tn(1024, 1024, 1024, 1); /* 64 tiles of 128x128, one wave (1024); 128 of 128x64, 0.62 x 1024 */
  CHECK(cutego_gemm_narrow(&q, sms) == 1, "1024^3 narrow");
  q = tn(768, 768, 768, 1); /* 36 tiles; 72 >= 66 */
  CHECK(cutego_gemm_narrow(&q, sms) == 1, "768^3 narrow");
  q = tn(512, 512, 512, 1); /* 16 tiles; 32 < 66 */
  CHECK(cutego_gemm_narrow(&q, sms) == 0, "512^3: too few 128x64 tiles");
  q = tn(1000, 1000, 1000, 1); /* 64 and 128 tiles, but rows of 2000 bytes */
  CHECK(cutego_gemm_narrow(&q, sms) == 0, "1000^3: rows off the 128-byte grid");
  q = tn(1024, 2048, 1024, 1); /* 128 tiles, one wave (1024); 256 of 128x64, 2 x 0.62 x 1024 */
  CHECK(cutego_gemm_narrow(&q, sms) == 0, "1024x2048x1024: two waves of 128x64");
  q = tn(1536, 1536, 1536, 1); /* the data-parallel choice is 128x192 (96 tiles, 0.83) */
  CHECK(cutego_gemm_narrow(&q, sms) == 0, "1536^3: 128x192 tiles");
  CHECK(cutego_gemm_narrow(&big, sms) == 0, "4096^3: no split");
  CHECK(cutego_gemm_narrow(&batched, sms) == 0, "batched: no split");
  q = tn(16, 4096, 4096, 1);
  q.ab_dtype = CUTEGO_DTYPE_E4M3;
  CHECK(cutego_gemm_narrow(&q, sms) == 0, "FP8: no 128x64 tiles");
  /* FP8 per tensor, fast (fp8_few_rows), up to 512 rows: 64x64 tiles where they make at most one
   * wave (16 x 4096: 64; 64 x 7168: 112; 128 x 2112: 2 x 33 = 66; 256 x 640 x 3472: 4 x 10 = 40,
   * B's rows off the grid too), else 64x128 ones where those do (64 x 11008: 172 of 64x64, 86 of
   * 64x128; 256 x 4096: 256 and 128), else none (96 x 11008: 2 x 86 = 172 of 64x128; 320 x 4096:
   * 5 x 32 = 160; 512 x 2112: 264 and 136; 513 rows); not 64x128 above 64 rows where B is read in
   * place with rows off the 128-byte grid (126 x 7424 x 3376: 116 of 64x128; 256 x 4096 x 3472),
   * but at 64 rows still (64 x 6400 x 1552, where 64x64 makes one wave). Past one wave of 64x128, at
   * most 64 rows with K of 1024 to 4096 and B on the grid: 64x64 (64 x 24576 x 1536: 384 tiles);
   * not at K = 512 or 8192, with B off the grid (64 x 31360 x 1216) or above 64 rows. */
  CHECK(cutego_gemm_narrow_config(&q, sms) == CUTEGO_GEMM_CONFIG_64x64x128, "FP8 16 x 4096^2: 64x64");
  {
    static const struct {
      int64_t m, n, k;
      int want;
    } rows[] = {{64, 7168, 2048, CUTEGO_GEMM_CONFIG_64x64x128},   {128, 2112, 7168, CUTEGO_GEMM_CONFIG_64x64x128},
                {64, 11008, 4096, CUTEGO_GEMM_CONFIG_64x128x64},  {128, 6144, 4096, CUTEGO_GEMM_CONFIG_64x128x64},
                {96, 11008, 4096, -1},                            {64, 24576, 1536, CUTEGO_GEMM_CONFIG_64x64x128},
                {126, 7424, 3376, -1},                            {64, 6400, 1552, CUTEGO_GEMM_CONFIG_64x64x128},
                {256, 640, 3472, CUTEGO_GEMM_CONFIG_64x64x128},   {256, 4096, 4096, CUTEGO_GEMM_CONFIG_64x128x64},
                {256, 4096, 3472, -1},                            {320, 4096, 4096, -1},
                {512, 2112, 4096, -1},                            {513, 640, 4096, -1},
                {64, 24576, 512, -1},                             {64, 28672, 8192, -1},
                {1, 20480, 4096, CUTEGO_GEMM_CONFIG_64x64x128},   {96, 24576, 1536, -1},
                {64, 31360, 1216, -1}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
      q = tn_dtype(rows[i].m, rows[i].n, rows[i].k, 1, CUTEGO_DTYPE_E4M3, NULL);
      CHECK(cutego_gemm_narrow_config(&q, sms) == rows[i].want, "FP8 %lld x %lld x %lld: %d, want %d",
            (long long)rows[i].m, (long long)rows[i].n, (long long)rows[i].k, cutego_gemm_narrow_config(&q, sms),
            rows[i].want);
    }
  }
  /* Their split (fp8_row_split): at least 3 slices of at least 1536, else none. 64x64 tiles: 1 x
   * 2112 x 7168 33 tiles in 4 slices of 1792; 64 x 592 x 12928 10 in 8 of 1616; 16 x 4096^2 64
   * tiles, where 2 slices of 2048 would do: none; 2 x 848 x 2048: 14 tiles, K too short: none. */
  {
    static const struct {
      int64_t m, n, k;
      int want;
    } rows[] = {{1, 2112, 7168, 4}, {64, 592, 12928, 8}, {16, 4096, 4096, 1}, {2, 848, 2048, 1}};
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.config = CUTEGO_GEMM_CONFIG_64x64x128 + 1;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
      q = tn_dtype(rows[i].m, rows[i].n, rows[i].k, 1, CUTEGO_DTYPE_E4M3, &o);
      CHECK(cutego_gemm_split_k(&q, sms, 0, NULL, 0) == rows[i].want, "FP8 64x64 %lld x %lld x %lld: split %d, want %d",
            (long long)rows[i].m, (long long)rows[i].n, (long long)rows[i].k, cutego_gemm_split_k(&q, sms, 0, NULL, 0),
            rows[i].want);
    }
    /* 16-bit on the same tiles: the largest split of slices of at least 1024 (16 x 4096^2: 2) */
    q = tn_opt(16, 4096, 4096, 1, &o);
    CHECK(cutego_gemm_split_k(&q, sms, 0, NULL, 0) == 2, "bf16 64x64 16 x 4096^2: 2 slices");
  }
  /* none past 128 rows, for batches, promoted or block-scaled accumulation */
  q = tn_dtype(129, 7168, 2048, 1, CUTEGO_DTYPE_E4M3, NULL);
  CHECK(cutego_gemm_narrow_config(&q, sms) == -1, "FP8 129 rows: none");
  q = tn_dtype(64, 7168, 2048, 2, CUTEGO_DTYPE_E4M3, NULL);
  CHECK(cutego_gemm_narrow_config(&q, sms) == -1, "FP8 batched: none");
  {
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_PROMOTED;
    q = tn_dtype(64, 7168, 2048, 1, CUTEGO_DTYPE_E4M3, &o);
    CHECK(q.path == CUTEGO_GEMM_PATH_WGMMA && cutego_gemm_narrow_config(&q, sms) == -1, "FP8 promoted: none");
    o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
    q = tn_dtype(64, 7168, 2048, 1, CUTEGO_DTYPE_E4M3, &o);
    CHECK(q.path == CUTEGO_GEMM_PATH_WGMMA && cutego_gemm_narrow_config(&q, sms) == -1, "FP8 block-scaled: none");
  }
  /* Each configuration's tile extents (cutego_gemm_tile_extent, read from the table) are the BM
   * and BN its name spells (CUTEGO_GEMM_CONFIG_<BM>x<BN>x<BK>, parsed here from the identifier),
   * in the widths it exists in (include/cutego_kernels.h: 128x256, 128x128, 64x64 and 64x128 both
   * (FP8 64x64 and 64x128: per tensor and block-scaled), 128x192x128 block-scaled FP8 only, the rest 16-bit
   * only); none for the other width or an unknown one. */
  {
#define EXTENT_ROW(c, in16, in8) {CUTEGO_GEMM_CONFIG_##c, #c, {in16, in8}}
    static const struct {
      int config;
      const char *name;
      int exists[2]; /* [fp8] */
    } rows[] = {EXTENT_ROW(128x256x64, 1, 1), EXTENT_ROW(128x128x64, 1, 1),  EXTENT_ROW(128x64x64, 1, 0),
                EXTENT_ROW(128x192x128, 0, 1), EXTENT_ROW(128x192x64, 1, 0), EXTENT_ROW(64x64x128, 1, 1),
                EXTENT_ROW(64x32x128, 1, 0),   EXTENT_ROW(64x128x64, 1, 1), EXTENT_ROW(128x168x64, 1, 0),
                EXTENT_ROW(64x96x64, 1, 0),    EXTENT_ROW(128x96x64, 1, 0),  EXTENT_ROW(128x224x64, 1, 1)};
#undef EXTENT_ROW
    CHECK(sizeof rows / sizeof rows[0] == (size_t)cutego_gemm_nconfigs, "one row per configuration");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
      int name_m = 0, name_n = 0, name_k = 0;
      CHECK(sscanf(rows[i].name, "%dx%dx%d", &name_m, &name_n, &name_k) == 3, "%s: BMxBNxBK", rows[i].name);
      /* the 16-bit table's K tile too (the FP8 rows of the 16-bit names have BK 128 of 8-bit) */
      if (rows[i].exists[0])
        CHECK(cutego_gemm_config_boxes[rows[i].config].bk == name_k, "%s: bk %d", rows[i].name,
              cutego_gemm_config_boxes[rows[i].config].bk);
      for (int fp8 = 0; fp8 < 2; ++fp8) {
        int64_t bm = -7, bn = -7;
        const int rc = cutego_gemm_tile_extent(rows[i].config, fp8, &bm, &bn);
        if (rows[i].exists[fp8])
          CHECK(rc == 0 && bm == name_m && bn == name_n, "%s (fp8 %d): tiles %lldx%lld, rc %d", rows[i].name, fp8,
                (long long)bm, (long long)bn, rc);
        else
          CHECK(rc == -1 && bm == -7 && bn == -7, "%s (fp8 %d): no such tiles, rc %d", rows[i].name, fp8, rc);
      }
    }
    int64_t bm = -7, bn = -7;
    CHECK(cutego_gemm_tile_extent(-1, 0, &bm, &bn) == -1 && cutego_gemm_tile_extent(cutego_gemm_nconfigs, 0, &bm, &bn) == -1 &&
              cutego_gemm_tile_extent(CUTEGO_GEMM_CONFIG_128x128x64, 0, NULL, &bn) == -1 && bm == -7 && bn == -7,
          "unknown configurations, no output");
    /* The wide tiles' automatic split is counted on the 128x128 tiles their slices run on:
     * 128 x 4096 x 12288 FP8 has 32 tiles of 128x128 (4 slices of 3072 in one wave), where its 16
     * of 128x256 would take 8 slices and its 22 of 128x192 6 (of 2048). The pitch model of
     * 128x192x128 then counts its 22 tiles x 4 slices (one wave) x ceil(96 / 4) k-tiles of 128 x
     * 0.81406 us x 0.577 x 1.6 = 18.037 us. On (block-scaled) 64x64 tiles it has 128 tiles of its
     * own: one wave, no split. A 16-bit-only configuration in FP8 has no split and no model (the
     * planner refuses it). */
    cutego_gemm_plan_t f = tn(128, 4096, 12288, 1);
    f.ab_dtype = CUTEGO_DTYPE_E4M3;
    f.config = CUTEGO_GEMM_CONFIG_128x256x64;
    CHECK(cutego_gemm_split_k(&f, sms, 0, why, sizeof why) == 4, "FP8 128x4096x12288 on 128x256: 4 slices (128x128)");
    f.config = CUTEGO_GEMM_CONFIG_128x192x128;
    CHECK(cutego_gemm_split_k(&f, sms, 0, why, sizeof why) == 4, "FP8 128x4096x12288 on 128x192: 4 slices (128x128)");
    const double tf = cutego_gemm_pitch_main_us(&f, sms);
    CHECK(tf > 18.03 && tf < 18.04, "FP8 128x4096x12288 on 128x192: main loop %.3f us", tf);
    f.config = CUTEGO_GEMM_CONFIG_128x128x64;
    CHECK(cutego_gemm_split_k(&f, sms, 0, why, sizeof why) == 4, "FP8 128x4096x12288 on 128x128: 4 slices");
    f.config = CUTEGO_GEMM_CONFIG_64x64x128;
    CHECK(cutego_gemm_split_k(&f, sms, 0, why, sizeof why) == 1, "FP8 on 64x64 tiles: 128 tiles, no split");
    f.config = CUTEGO_GEMM_CONFIG_64x32x128;
    CHECK(cutego_gemm_split_k(&f, sms, 0, why, sizeof why) == 1 && cutego_gemm_pitch_main_us(&f, sms) == 0,
          "FP8 on 64x32 tiles: no split, no pitch model");
  }
  /* The slices of a split run on the plan's own narrow or one-consumer tiles, else on 128x128. */
  {
    const int cases[][2] = {{CUTEGO_GEMM_CONFIG_128x64x64, CUTEGO_GEMM_CONFIG_128x64x64},
                            {CUTEGO_GEMM_CONFIG_64x64x128, CUTEGO_GEMM_CONFIG_64x64x128},
                            {CUTEGO_GEMM_CONFIG_64x32x128, CUTEGO_GEMM_CONFIG_64x32x128},
                            {CUTEGO_GEMM_CONFIG_64x128x64, CUTEGO_GEMM_CONFIG_64x128x64},
                            {CUTEGO_GEMM_CONFIG_128x128x64, CUTEGO_GEMM_CONFIG_128x128x64},
                            {CUTEGO_GEMM_CONFIG_128x256x64, CUTEGO_GEMM_CONFIG_128x128x64},
                            {CUTEGO_GEMM_CONFIG_128x192x64, CUTEGO_GEMM_CONFIG_128x128x64}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
      cutego_gemm_plan_t s = tn(16, 4096, 4096, 1);
      s.config = cases[i][0];
      CHECK(cutego_gemm_slice_config(&s) == cases[i][1], "slices of config %d: %d", cases[i][0],
            cutego_gemm_slice_config(&s));
    }
  }
  /* Which narrow tiles: 64x64 (one consumer warpgroup) for at most 64 rows, 64x128 above (as
   * many tiles as 128x64, measured as fast or faster); none where cutego_gemm_narrow says 0. The
   * 64x64 plan's split is the 128x64 one's (as many tiles for M <= 64): 16 x 4096 x 4096 in 2
   * slices of 64 tiles, 8 x 6144 x 4096 none (96), 1 x 2048 x 11008 in 4. 64x32 unsplit instead
   * where 64x64 would split and the 64x32 tiles fill (66, 132]: N = 4096 at every K (128 tiles), not
   * N = 2048 (64 tiles), nor N = 6144 or 8192 (64x64 does not split: 96 and 128 tiles). Above 64
   * rows 64x128 (100 and 128 x 6144 x 4096 none: 96 tiles; 256 x 4096 x 4096 none: 128), but 64x64
   * unsplit where 64x128 would split and the 64x64 tiles fill (66, 132] with rows on the grid: 65
   * and 128 x 4096 x 4096 (128 tiles), not 128 x 2048 x 11008 (64 tiles: 64x128 in 4 slices).
   * 64x128 tiles wherever the last row of 128-row tiles is at most half full (M in (128, 192], rows
   * on the grid: 192 x 11008 x 4096, 192 x 4096 x 11008), not at 193 rows, nor where they pass one
   * wave and 128x128 tiles fill at most one (160 and 129 x 6144 x 4096: 144 tiles against 96; 135 x
   * 7258 x 5568: 171 against 114), and there 64x64 unsplit where 64x128 would split in 2 and
   * wave_64x64 holds with a sixteenth of the SMs idle (183 x 2560 x 7104: 120 tiles against 60 in
   * 2 slices; not 150 x 2735 x 5504: 129 tiles; nor 147 x 1216 x 6592: 30 in 4 slices), and where
   * that declines, 64x128 unsplit where it would split in 2, fills more than a third of a wave and
   * K is at most 7168 or the second slice starts off the 128-byte grid (150 x 2735 x 5504 and 138 x
   * 2816 x 3328: 66 tiles; 155 x 2752 x 11456: slices of 5728; not 130 x 2816 x 13056: slices of
   * 6528, nor 181 x 640 x 2176: 15 tiles in 2 slices); and
   * unsplit wherever two rows of 128x128 tiles would split K and the 64x128 tiles fill (66, 132]
   * (193-256 x 4096 x 11008 or 14336: 128 tiles), not 193 x 2048 x 11008 (64 tiles), nor 257 rows.
   * Above 64 rows, first 64x128 tiles where A's and B's rows are on the 128-byte grid, the
   * data-parallel choice is 128x128, neither 128x128 nor 64x128 tiles split, the 64x128 ones fill
   * at most one wave and the 128x128 ones at most half: 1024^3 (64 tiles of 128x128, 16 x 8 = 128
   * of 64x128; K = 1024 is too short for 2 slices of 1024), 768^3 (36, 72), 512^3 (16, 32), 3 x
   * 512^3 batched (48, 96), and 1000^3 (rows of 2,000 bytes, but B's are read in place, which
   * cutego_gemm_auto_cluster then shares in 2x1 clusters); not 1024 x 2048 x 1024 (256 tiles of
   * 64x128: two waves), 1536^3 (128x192), 3 x 1024^3 batched (384 of 64x128). Of those, 64x64
   * tiles where they fill at most one wave unsplit and the rows are on the grid: 512^3 (64 tiles),
   * 384^3 (36), 256^3 (16), 500^3 (this plan's copies of A and B, whose rows of 1,000 bytes are off
   * TMA's 16-byte grid: the launcher keeps packed plans on 128x128); not 768^3 (144), 1024^3 (256),
   * 3 x 512^3 (192), 1000^3 (B's rows off the grid, read in place). */
  {
    const struct {
      int64_t m, n, k;
      int config, split;
    } nc[] = {{1, 2048, 11008, CUTEGO_GEMM_CONFIG_64x64x128, 4},   {8, 6144, 4096, CUTEGO_GEMM_CONFIG_64x64x128, 1},
              {16, 4096, 4096, CUTEGO_GEMM_CONFIG_64x32x128, 1},  {64, 4096, 4096, CUTEGO_GEMM_CONFIG_64x32x128, 1},
              {64, 6144, 4096, CUTEGO_GEMM_CONFIG_64x64x128, 1},  {16, 4096, 14336, CUTEGO_GEMM_CONFIG_64x32x128, 1},
              {64, 4096, 14336, CUTEGO_GEMM_CONFIG_64x32x128, 1}, {8, 4096, 12288, CUTEGO_GEMM_CONFIG_64x32x128, 1},
              {8, 4096, 12224, CUTEGO_GEMM_CONFIG_64x32x128, 1},  {1, 4096, 11008, CUTEGO_GEMM_CONFIG_64x32x128, 1},
              {1, 4096, 4096, CUTEGO_GEMM_CONFIG_64x32x128, 1},   {32, 2048, 11008, CUTEGO_GEMM_CONFIG_64x64x128, 4},
              {1, 6144, 14336, CUTEGO_GEMM_CONFIG_64x64x128, 1},  {1, 8192, 14336, CUTEGO_GEMM_CONFIG_64x64x128, 1},
              {65, 4096, 4096, CUTEGO_GEMM_CONFIG_64x64x128, 1}, {128, 2048, 11008, CUTEGO_GEMM_CONFIG_64x128x64, 4},
              {128, 4096, 11008, CUTEGO_GEMM_CONFIG_64x64x128, 1}, {100, 6144, 4096, CUTEGO_GEMM_CONFIG_64x96x64, 1},
              {192, 11008, 4096, CUTEGO_GEMM_CONFIG_64x128x64, 1}, {192, 4096, 11008, CUTEGO_GEMM_CONFIG_64x128x64, 1},
              {160, 6144, 4096, -1, 0},                          {193, 11008, 4096, -1, 0},
              {135, 7258, 5568, -1, 0},                          {183, 2560, 7104, CUTEGO_GEMM_CONFIG_64x64x128, 1},
              {190, 2369, 3648, CUTEGO_GEMM_CONFIG_64x64x128, 1}, {147, 1216, 6592, CUTEGO_GEMM_CONFIG_64x128x64, 4},
              {188, 2560, 4032, CUTEGO_GEMM_CONFIG_64x64x128, 1}, {150, 2735, 5504, CUTEGO_GEMM_CONFIG_64x128x64, 1},
              {138, 2816, 3328, CUTEGO_GEMM_CONFIG_64x128x64, 1}, {181, 640, 2176, CUTEGO_GEMM_CONFIG_64x128x64, 2},
              {155, 2752, 11456, CUTEGO_GEMM_CONFIG_64x128x64, 1}, {130, 2816, 13056, CUTEGO_GEMM_CONFIG_64x128x64, 2},
              {256, 4096, 4096, CUTEGO_GEMM_CONFIG_64x128x64, 1}, {1024, 1024, 1024, CUTEGO_GEMM_CONFIG_64x128x64, 1},
              {1000, 1000, 1000, CUTEGO_GEMM_CONFIG_64x128x64, 1}, {768, 768, 768, CUTEGO_GEMM_CONFIG_64x128x64, 1},
              {512, 512, 512, CUTEGO_GEMM_CONFIG_64x64x128, 1},  {128, 6144, 4096, CUTEGO_GEMM_CONFIG_64x96x64, 1},
              {384, 384, 384, CUTEGO_GEMM_CONFIG_64x64x128, 1},  {256, 256, 256, CUTEGO_GEMM_CONFIG_64x64x128, 1},
              /* rows of 1000 bytes read in place by cp.async, unsplit: the most tiles in one wave
               * (64 of 64x64 against 16 of 128x128, rows_narrow) */
              {500, 500, 500, CUTEGO_GEMM_CONFIG_64x64x128, 1},
              /* likewise 1 / 16 rows on 64x32 (128 / 64 tiles), 100 rows on 64x64 (128), 4096 rows
               * past one wave: none */
              {1, 4096, 4100, CUTEGO_GEMM_CONFIG_64x32x128, 1},  {16, 2048, 4100, CUTEGO_GEMM_CONFIG_64x32x128, 1},
              {100, 4096, 4100, CUTEGO_GEMM_CONFIG_64x64x128, 1}, {4096, 4096, 4100, -1, 0},
              {128, 4096, 4096, CUTEGO_GEMM_CONFIG_64x64x128, 1}, {1024, 2048, 1024, -1, 0},
              {1536, 1536, 1536, -1, 0},
              {16, 14336, 4096, -1, 0},                          {256, 4096, 14336, CUTEGO_GEMM_CONFIG_64x128x64, 1},
              {193, 4096, 11008, CUTEGO_GEMM_CONFIG_64x128x64, 1}, {240, 4096, 11008, CUTEGO_GEMM_CONFIG_64x128x64, 1},
              {193, 2048, 11008, -1, 0},                          {257, 4096, 11008, -1, 0},
              {240, 6144, 4096, -1, 0},
              /* 64x96 in place of 64x128 (wave_64x96): 97-128 rows, 128 tiles at N = 6144 (86 at N =
               * 4096 stay on 64x64, 256 at 12288 on 128x128); 96 rows stay on 64x128 */
              {97, 6144, 4096, CUTEGO_GEMM_CONFIG_64x96x64, 1},  {96, 6144, 4096, CUTEGO_GEMM_CONFIG_64x128x64, 1},
              {128, 6144, 11008, CUTEGO_GEMM_CONFIG_64x96x64, 1}, {128, 5120, 4096, CUTEGO_GEMM_CONFIG_64x96x64, 1},
              {128, 12288, 4096, -1, 0},                         {129, 6144, 4096, -1, 0},
              /* 128x96 where 128x128 is the data-parallel choice (wave_128x96): two whole rows of
               * 128-row tiles, 128 tiles at N = 6144 (108 at 5120); not 224 rows, not 150 tiles (N =
               * 7168), not where 128x256 is the choice (N = 14336) */
              {256, 6144, 4096, CUTEGO_GEMM_CONFIG_128x96x64, 1}, {256, 5120, 4096, CUTEGO_GEMM_CONFIG_128x96x64, 1},
              {256, 6144, 11008, CUTEGO_GEMM_CONFIG_128x96x64, 1}, {224, 6144, 4096, -1, 0},
              {256, 7168, 4096, -1, 0},                          {256, 14336, 4096, -1, 0},
              /* at most 128 rows on 128x128 that no split helps (few_rows): 64x32 in at most half a
               * wave (66 tiles at 2112, 36 at 84 x 576, there in 3 slices), 64x64 in one (61 at
               * 3904 against 122 of 64x32); past one wave none (70 x 8704: 272 of 64x64; 64 x
               * 12150: 190) */
              {64, 2112, 1920, CUTEGO_GEMM_CONFIG_64x32x128, 1}, {64, 768, 328, CUTEGO_GEMM_CONFIG_64x32x128, 1},
              {84, 576, 3216, CUTEGO_GEMM_CONFIG_64x32x128, 3},  {64, 3904, 448, CUTEGO_GEMM_CONFIG_64x64x128, 1},
              {70, 8704, 1216, -1, 0},                           {64, 12150, 14723, -1, 0},
              /* few_rows at 65-96 rows, rows on the grid: 128x64 with its own split (68 x 768 x 11520:
               * 12 tiles in 10 slices, where 64x32 made 48 in 2; 88 x 2112 x 2560: 33 tiles in 2); 97
               * rows keep 64-row tiles, and so does K off the grid (84 x 576 x 3216, above) */
              {68, 768, 11520, CUTEGO_GEMM_CONFIG_128x64x64, 10}, {88, 2112, 2560, CUTEGO_GEMM_CONFIG_128x64x64, 2},
              {97, 768, 11520, CUTEGO_GEMM_CONFIG_64x32x128, 2},
              /* ... and, with A and B copied (K off the 16-byte grid), only where the 64-row tiles
               * would split too (80 x 1024 x 2861: 64 of 64x32 in 2 slices); 78 of 64x64 that fill
               * the SMs unsplit stay (96 x 2496 x 3255) */
              {80, 1024, 2861, CUTEGO_GEMM_CONFIG_128x64x64, 2}, {96, 2496, 3255, CUTEGO_GEMM_CONFIG_64x64x128, 1},
              {84, 2496, 2177, CUTEGO_GEMM_CONFIG_64x64x128, 1},
              /* a K of at most 640 where the rules give 64x128: 128x64 in one wave (320 x 2496 x 576:
               * 117 tiles; 137 x 3264 x 320: 102; 832 x 1088 x 384: 119); not at K = 704, nor where
               * 64x96 applies (123 x 4928 x 192) */
              {320, 2496, 576, CUTEGO_GEMM_CONFIG_128x64x64, 1}, {137, 3264, 320, CUTEGO_GEMM_CONFIG_128x64x64, 1},
              {832, 1088, 384, CUTEGO_GEMM_CONFIG_128x64x64, 1}, {320, 2496, 704, CUTEGO_GEMM_CONFIG_64x128x64, 1},
              {123, 4928, 192, CUTEGO_GEMM_CONFIG_64x96x64, 1}};
    for (size_t i = 0; i < sizeof nc / sizeof nc[0]; ++i) {
      q = tn(nc[i].m, nc[i].n, nc[i].k, 1);
      const int got = cutego_gemm_narrow_config(&q, sms);
      CHECK(got == nc[i].config, "%lldx%lldx%lld: narrow configuration %d, want %d", (long long)nc[i].m,
            (long long)nc[i].n, (long long)nc[i].k, got, nc[i].config);
      if (nc[i].config < 0) continue;
      q = tn_config(nc[i].m, nc[i].n, nc[i].k, nc[i].config);
      CHECK(cutego_gemm_split_k(&q, sms, 0, why, sizeof why) == nc[i].split, "%lldx%lldx%lld on its narrow tiles: %d slices, want %d",
            (long long)nc[i].m, (long long)nc[i].n, (long long)nc[i].k, cutego_gemm_split_k(&q, sms, 0, why, sizeof why), nc[i].split);
    }
  }
  {
    /* Property over seeded shapes (1-1100 rows, N 64-8192 off the 64 grid in a third, K 64-8192 off
     * it in two fifths, one to three batches): the 16-bit narrow rules give 128x64 tiles only to a
     * plan of one batch read by tensor maps (not cp.async) with rows on the 128-byte grid (or
     * copied onto it), a K of at most 640 or 65-96 rows, and its 128x64 tiles in one wave. */
    uint64_t x = 43;
    int fired = 0;
    for (int i = 0; i < 4000; ++i) {
      int64_t e[4];
      for (int j = 0; j < 4; ++j) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        e[j] = (int64_t)(x >> 33);
      }
      const int64_t m = 1 + e[0] % 1100, n0 = 64 + e[1] % 8129, k0 = 64 + e[2] % 8129;
      const int64_t n = e[3] % 3 ? (n0 + 63) / 64 * 64 : n0, k = e[3] % 5 < 3 ? (k0 + 63) / 64 * 64 : k0;
      const int64_t l = e[3] % 7 == 0 ? 2 + e[3] % 2 : 1;
      q = tn(m, n, k, l);
      if (q.path != CUTEGO_GEMM_PATH_WGMMA || cutego_gemm_narrow_config(&q, sms) != CUTEGO_GEMM_CONFIG_128x64x64 ||
          (q.flags & CUTEGO_GEMM_F_ROWS))
        continue;
      ++fired;
      const cutego_gemm_plan_t r = tn_config(m, n, k, CUTEGO_GEMM_CONFIG_128x64x64);
      const uint32_t both = CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B;
      CHECK(l == 1 && ((k * 2) % 128 == 0 || (q.flags & both) == both) && (m <= 96 || k <= 640) && (m > 64 || k <= 640) &&
                r.path == CUTEGO_GEMM_PATH_WGMMA && r.tiles <= sms,
            "%lldx%lldx%lld (%lld batches): 128x64 tiles (%lld) outside their rules", (long long)m, (long long)n,
            (long long)k, (long long)l, (long long)r.tiles);
    }
    CHECK(fired >= 20, "the 128x64 rules fired on %d of 4000 shapes", fired);
  }
  q = tn(512, 512, 512, 3);
  CHECK(cutego_gemm_narrow_config(&q, sms) == CUTEGO_GEMM_CONFIG_64x128x64, "3 x 512^3: 96 tiles of 64x128");
  q = tn(500, 500, 500, 1);
  CHECK(!(q.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B)) && (q.flags & CUTEGO_GEMM_F_ROWS),
        "500^3: rows read in place by cp.async (%#x)", q.flags);
  {
    cutego_gemm_options_t on;
    memset(&on, 0, sizeof on);
    on.pitch_pack = CUTEGO_GEMM_PITCH_PACK_ON;
    q = tn_opt(500, 500, 500, 1, &on);
    CHECK((q.flags & CUTEGO_GEMM_F_PACK_A) && (q.flags & CUTEGO_GEMM_F_PACK_B) && !(q.flags & CUTEGO_GEMM_F_ROWS),
          "500^3, pitch_pack ON: rows copied onto the grid (%#x)", q.flags);
  }
  {
    /* Copies instead of cp.async where both would be copied and the copies' plan splits K over few
     * tiles (cutego_gemm_rows_copy_splits): 2-64 rows, K >= 2048, the tiles read in place at most
     * sms / 2 (4-byte pieces, K = 2 mod 4) or sms / 4 (8-byte pieces); then the narrow tiles split */
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.sms = sms;
    static const struct { int64_t m, n, k; int copy; } rc[] = {
        {6, 680, 3274, 1},   /* 22 tiles of 64x32, 4-byte pieces */
        {43, 2092, 5478, 1}, /* 66: half of 132 */
        {12, 2151, 10158, 0}, /* 68 */
        {9, 1020, 5740, 1},  /* 32, 8-byte pieces: a quarter */
        {26, 1116, 2564, 0}, /* 35 */
        {1, 1330, 9460, 0},  /* one row */
        {65, 680, 3274, 0},  /* past 64 rows */
        {6, 680, 2042, 0},   /* K below two slices */
    };
    for (size_t i = 0; i < sizeof rc / sizeof rc[0]; ++i) {
      q = tn_opt(rc[i].m, rc[i].n, rc[i].k, 1, &o);
      const int copied = (q.flags & CUTEGO_GEMM_F_PACK_A) && (q.flags & CUTEGO_GEMM_F_PACK_B) && !(q.flags & CUTEGO_GEMM_F_ROWS);
      CHECK(copied == rc[i].copy && (copied || (q.flags & CUTEGO_GEMM_F_ROWS)), "%lldx%lldx%lld: copied %d, want %d (%#x)",
            (long long)rc[i].m, (long long)rc[i].n, (long long)rc[i].k, copied, rc[i].copy, q.flags);
      if (!copied) continue;
      const int nc = cutego_gemm_narrow_config(&q, sms);
      cutego_gemm_options_t oc = o;
      oc.config = nc + 1;
      cutego_gemm_plan_t r = tn_opt(rc[i].m, rc[i].n, rc[i].k, 1, &oc);
      CHECK(nc >= 0 && cutego_gemm_split_k(&r, sms, 0, why, sizeof why) >= 2, "%lldx%lldx%lld: the copies' narrow plan splits K",
            (long long)rc[i].m, (long long)rc[i].n, (long long)rc[i].k);
    }
    cutego_gemm_options_t asked = o;
    asked.split_k = 1;
    q = tn_opt(6, 680, 3274, 1, &asked);
    CHECK(q.flags & CUTEGO_GEMM_F_ROWS, "6x680x3274, split_k 1: read in place");
    asked = o;
    asked.decomposition = CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL;
    q = tn_opt(6, 680, 3274, 1, &asked);
    CHECK(q.flags & CUTEGO_GEMM_F_ROWS, "6x680x3274, data-parallel: read in place");
    q = tn(6, 680, 3274, 1);
    CHECK(q.flags & CUTEGO_GEMM_F_ROWS, "6x680x3274, no SM count: read in place");
  }
  q = tn(1000, 1000, 1000, 1);
  CHECK(!(q.flags & CUTEGO_GEMM_F_PACK_B), "1000^3: B read in place (%#x)", q.flags);
  q = tn(1024, 1024, 1024, 3);
  CHECK(cutego_gemm_narrow_config(&q, sms) == -1, "3 x 1024^3: 384 tiles of 64x128");
  q = tn(1024, 1024, 1024, 1);
  q.ab_dtype = CUTEGO_DTYPE_E4M3;
  CHECK(cutego_gemm_narrow_config(&q, sms) == -1, "FP8 1024^3: no 64x128 tiles");
  CHECK(cutego_gemm_narrow_config(&g, sms) == -1, "generic path: no narrow configuration");
  CHECK(cutego_gemm_narrow(&g, sms) == 0, "generic path");
  /* cutego_gemm_auto_cluster, on the plans the launcher makes (the device's SMs in the options,
   * so that the pitch cost model decides the copies): 2 where B is K-major, read in place, its
   * rows off the 128-byte grid, or on 16-bit 64x96 tiles, with two tile rows or more, one batch
   * and a configuration with multicast boxes; else 1. */
  {
    cutego_gemm_options_t o;
    memset(&o, 0, sizeof o);
    o.sms = sms;
    const struct {
      int64_t m, n, k, l;
      int config, want;
      const char *why;
    } ac[] = {{1000, 1000, 1000, 1, CUTEGO_GEMM_CONFIG_64x128x64, 2, "1000^3 on 64x128: rows of 2,000 bytes"},
              {1000, 1000, 1000, 1, CUTEGO_GEMM_CONFIG_128x128x64, 2, "1000^3 on 128x128"},
              {2000, 3000, 1000, 1, CUTEGO_GEMM_CONFIG_128x192x64, 2, "2000x3000x1000 on 128x192"},
              {1000, 4096, 3000, 1, CUTEGO_GEMM_CONFIG_128x256x64, 2, "1000x4096x3000: rows of 6,000 bytes"},
              {1024, 1024, 1024, 1, CUTEGO_GEMM_CONFIG_128x128x64, 1, "1024^3: rows on the grid"},
              {100, 4096, 1000, 1, CUTEGO_GEMM_CONFIG_128x128x64, 1, "100 rows: one tile row"},
              {1000, 1000, 1000, 3, CUTEGO_GEMM_CONFIG_128x128x64, 1, "3 batches"},
              {128, 6144, 4096, 1, CUTEGO_GEMM_CONFIG_64x96x64, 2, "128x6144x4096 on 64x96: rows on the grid"},
              {64, 6144, 4096, 1, CUTEGO_GEMM_CONFIG_64x96x64, 1, "64 rows on 64x96: one tile row"},
              {128, 6144, 4096, 2, CUTEGO_GEMM_CONFIG_64x96x64, 1, "2 batches on 64x96"}};
    for (size_t i = 0; i < sizeof ac / sizeof ac[0]; ++i) {
      o.config = ac[i].config + 1;
      q = tn_opt(ac[i].m, ac[i].n, ac[i].k, ac[i].l, &o);
      CHECK(q.path == CUTEGO_GEMM_PATH_WGMMA && !(q.flags & CUTEGO_GEMM_F_PACK_B), "%s: a wgmma plan reading B in place: %s",
            ac[i].why, q.reason);
      CHECK(cutego_gemm_auto_cluster(&q) == ac[i].want, "%s: auto cluster %d, want %d", ac[i].why,
            cutego_gemm_auto_cluster(&q), ac[i].want);
    }
    o.config = CUTEGO_GEMM_CONFIG_128x128x64 + 1;
    q = tn_opt(1000, 1000, 1000, 1, &o);
    q.flags |= CUTEGO_GEMM_F_PACK_B;
    CHECK(cutego_gemm_auto_cluster(&q) == 1, "B packed: its copy's rows are on the grid");
    /* FP8 (e4m3, the launcher's automatic plans): B read in place with rows of 496, 3,888 and 480
     * bytes on 128x256 tiles (480: on the 32-byte grid, never copied); not where B is packed (rows of
     * 464 bytes, off the 32-byte grid, copied by the 16-bit terms), on the grid (384) or in one
     * tile row (64 x 31360) */
    {
      cutego_gemm_options_t f;
      memset(&f, 0, sizeof f);
      f.sms = sms;
      const struct {
        int64_t m, n, k;
        int want;
      } fc[] = {{448, 16816, 496, 2}, {720, 9984, 3888, 2}, {8768, 1440, 480, 2},
                   {8768, 1440, 464, 1},  {2688, 30592, 384, 1}, {64, 31360, 1216, 1}};
      for (size_t i = 0; i < sizeof fc / sizeof fc[0]; ++i) {
        q = tn_dtype(fc[i].m, fc[i].n, fc[i].k, 1, CUTEGO_DTYPE_E4M3, &f);
        CHECK(q.path == CUTEGO_GEMM_PATH_WGMMA && cutego_gemm_auto_cluster(&q) == fc[i].want,
              "FP8 %lldx%lldx%lld: auto cluster %d, want %d (%s)", (long long)fc[i].m, (long long)fc[i].n,
              (long long)fc[i].k, cutego_gemm_auto_cluster(&q), fc[i].want, q.reason);
      }
    }
    o.cluster_m = 2;
    q = tn_opt(1000, 1000, 1000, 1, &o);
    CHECK(q.cluster_m == 2 && cutego_gemm_auto_cluster(&q) == 1, "clusters already");
    CHECK(cutego_gemm_auto_cluster(&g) == 1 && cutego_gemm_auto_cluster(NULL) == 1, "generic path, no plan");
  }
  /* Stream-K's share of the tiles (the hybrid rule: none for whole waves, all below one wave,
   * else the partial wave and one full one). */
  CHECK(cutego_gemm_stream_k_tiles(448, 132) == 132 + 52, "448 tiles: 52 past 3 waves + 132");
  CHECK(cutego_gemm_stream_k_tiles(264, 132) == 0, "264 tiles: 2 whole waves");
  CHECK(cutego_gemm_stream_k_tiles(64, 132) == 64, "64 tiles: all");
  CHECK(cutego_gemm_stream_k_tiles(2048, 132) == 132 + 68, "2048 tiles");
  CHECK(cutego_gemm_stream_k_tiles(0, 132) == 0 && cutego_gemm_stream_k_tiles(5, 0) == 0, "no tiles, no CTAs");
  /* The stream-K cost model, by hand (132 SMs; a tile's main loop is 1 for 128x256, 0.577 for
   * 128x128, 0.83 for 128x192, 0.74 for 128x168; stream-K = data-parallel waves + (1.6 x ipc + 18 x
   * (1 + ceil(k_tiles / ipc))) / k_tiles, only with more tiles than SMs, taken where 1.05 x that
   * beats the best data-parallel time, on 128x256 tiles; never where 128x224 tiles are the
   * data-parallel choice): 2432 x 7168 x 32768 (512 k-tiles): 19 x 28 = 532 tiles, 5 waves;
   * stream-K 132 + 4 = 136 tiles, ipc = 136 x 512 / 132 = 527.5, 3 + (844.0 + 18 x (1 + 1)) / 512 =
   * 4.72 (x 1.05 = 4.95) against 128x192's 19 x 38 = 722 tiles, 6 waves x 0.83 = 4.98: stream-K.
   * 1536 x 14336 x 14336 (224 k-tiles): 672 tiles, 6 waves; stream-K 132 + 12 = 144 tiles, ipc
   * 244.4, 4 + (391.0 + 36) / 224 = 5.91 against 128x192's 900 tiles, 7 waves x 0.83 = 5.81:
   * data-parallel (measured 1.14x faster than stream-K on an H100); at K = 4096 (64 k-tiles, ipc
   * 69.8): 4 + (111.7 + 36) / 64 = 6.31: data-parallel on 128x192 (1.10x). 1024 x 14336 x 4096: 448
   * tiles, 4 waves; stream-K 184 tiles, ipc 89.2, 2 + (142.7 + 36) / 64 = 4.79 > 4, and 128x224
   * tiles take as many waves as 128x256 ones there (512 tiles, 4 waves): data-parallel on them. */
  q = tn(2432, 7168, 32768, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == CUTEGO_GEMM_CONFIG_128x256x64 + 1, "2432x7168x32768: stream-K on 128x256");
  q = tn(2432, 7168, 16384, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "2432x7168x16384: data-parallel");
  q = tn(1536, 14336, 14336, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0 && cutego_gemm_pick_config_plan(&q, sms) == CUTEGO_GEMM_CONFIG_128x192x64,
        "1536x14336x14336: data-parallel on 128x192");
  q = tn(1536, 14336, 4096, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0 && cutego_gemm_pick_config_plan(&q, sms) == CUTEGO_GEMM_CONFIG_128x192x64,
        "1536x14336x4096: data-parallel on 128x192");
  q = tn(1024, 14336, 4096, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0 && cutego_gemm_pick_config_plan(&q, sms) == CUTEGO_GEMM_CONFIG_128x224x64,
        "1024x14336x4096: data-parallel on 128x224");
  /* 2048 x 11008 x 4096: 688 tiles of 128x256, 6 waves; stream-K 132 + 28 tiles, ipc 77.6:
   * 4 + (124.1 + 36) / 64 = 6.50 against 128x168's 1056 tiles, 8 waves x 0.74 = 5.92 (measured
   * 1.026x faster than stream-K on an H100; at K = 14336, 4 + (434.4 + 36) / 224 = 6.10: 1.056x) */
  q = tn(2048, 11008, 4096, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0 && cutego_gemm_pick_config_plan(&q, sms) == CUTEGO_GEMM_CONFIG_128x168x64,
        "2048x11008x4096: data-parallel on 128x168");
  /* 512 x 11008 x 4096: 172 tiles of 128x256, all stream-K, ipc 83.4: (133.4 + 36) / 64 = 2.65
   * against 128x168's 264 tiles, 2 waves x 0.74 = 1.48 */
  q = tn(512, 11008, 4096, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "512x11008x4096: data-parallel on 128x168");
  /* 256 x 11008 x 4096: 86 tiles of 128x256 (below one wave); 172 of 128x128 would be stream-K
   * 0.577 x (133.4 + 36) / 64 = 1.53 > 1, and stream-K runs 128x256 tiles only */
  q = tn(256, 11008, 4096, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "256x11008x4096: data-parallel");
  /* 512 x 14336 x 4096: 224 tiles, ipc 108.6: (173.8 + 36) / 64 = 3.28 > 2 waves */
  q = tn(512, 14336, 4096, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "512x14336x4096: data-parallel");
  /* 512 x 6144 x 4096: 96 tiles of 128x256, fewer than the SMs */
  q = tn(512, 6144, 4096, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "512x6144x4096: below one wave, data-parallel");
  /* 4096^3: 512 tiles of 128x256, 4 waves; stream-K 132 + 116 tiles, ipc 120.2:
   * 2 + (192.4 + 36) / 64 = 5.57: data-parallel */
  CHECK(cutego_gemm_stream_k(&big, sms) == 0, "4096^3: data-parallel");
  /* 8192^3: 2048 tiles, 16 waves; stream-K 14 + (310.3 + 36) / 128 = 16.71 */
  q = tn(8192, 8192, 8192, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "8192^3: data-parallel");
  /* 3000 x 5000 x 1000 (16 k-tiles): 480 tiles, 4 waves; stream-K 2 + (41.9 + 36) / 16 = 6.87 */
  q = tn(3000, 5000, 1000, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "3000x5000x1000: data-parallel");
  /* 1024 x 14336 x 256 (4 k-tiles): 2 + (8.9 + 36) / 4 = 13.2 > 4: short K is mostly fixup */
  q = tn(1024, 14336, 256, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "1024x14336x256: data-parallel");
  /* 1000^3: 32 tiles of 128x256 (64 of 128x128), fewer than the SMs */
  q = tn(1000, 1000, 1000, 1);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "1000^3: data-parallel");
  /* a batch counts its tiles: 4 x (512 x 11008) = 688 tiles of 128x256, 6 waves; stream-K 132 +
   * 28 tiles; at K = 28672 (448 k-tiles) ipc 543.0: 4 + (868.8 + 36) / 448 = 6.02 (x 1.05 = 6.32)
   * against 128x168's 1056 tiles, 8 waves x 0.74 = 5.92; at K = 4096 (ipc 77.6) 4 + (124.1 + 36) /
   * 64 = 6.50; and 4 x (896 x 4864) = 4 x 7 x 19 = 532 tiles at K = 32768 take it, as 2432 x 7168
   * does above (4.72 x 1.05 = 4.95 against 128x192's 4 x 7 x 26 = 728 tiles, 6 waves, 4.98) */
  q = tn(512, 11008, 28672, 4);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "batched 4 x 512x11008x28672: data-parallel");
  q = tn(896, 4864, 32768, 4);
  CHECK(cutego_gemm_stream_k(&q, sms) == CUTEGO_GEMM_CONFIG_128x256x64 + 1, "batched 4 x 896x4864x32768: stream-K");
  q = tn(512, 11008, 4096, 4);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "batched 4 x 512x11008x4096: data-parallel");
  /* and 4 x (256 x 6144) = 192 tiles: (148.9 + 36) / 64 = 2.89 against 128x192's 2 waves, 1.66 */
  q = tn(256, 6144, 4096, 4);
  CHECK(cutego_gemm_stream_k(&q, sms) == 0, "batched 4 x 256x6144x4096: data-parallel");
  /* the refusals: promoted and block-scaled FP8 accumulation (FP8 with fast accumulation runs
   * stream-K: test_plan_gemm.c's fp8_stream_k_plans) */
  q = tn(1024, 14336, 4096, 1);
  q.ab_dtype = q.b_dtype = CUTEGO_DTYPE_E4M3;
  q.promoted = 1;
  CHECK(cutego_gemm_stream_k(&q, sms) == 0 && strstr(cutego_gemm_no_stream_k(&q), "promoted"), "promoted FP8: no stream-K");
  q.flags |= CUTEGO_GEMM_F_BLOCK_SCALED;
  CHECK(cutego_gemm_stream_k(&q, sms) == 0 && strstr(cutego_gemm_no_stream_k(&q), "block-scaled"),
        "block-scaled FP8: no stream-K");
  /* packed A or B: stream-K on the copies (the same choice as in place); a packed C/D: none */
  q = tn(2432, 7168, 32768, 1);
  q.flags |= CUTEGO_GEMM_F_PACK_A;
  CHECK(cutego_gemm_stream_k(&q, sms) == CUTEGO_GEMM_CONFIG_128x256x64 + 1 && !cutego_gemm_no_stream_k(&q)[0],
        "packed A: stream-K");
  q.flags |= CUTEGO_GEMM_F_PACK_D;
  CHECK(cutego_gemm_stream_k(&q, sms) == 0 && cutego_gemm_no_stream_k(&q)[0], "packed C/D: no stream-K");
  q = tn(1024, 14336, 4096, 1);
  q.cluster_m = 2;
  CHECK(cutego_gemm_stream_k(&q, sms) == 0 && cutego_gemm_no_stream_k(&q)[0], "clusters: no stream-K");
  CHECK(cutego_gemm_stream_k(&g, sms) == 0 && cutego_gemm_no_stream_k(&g)[0], "generic: no stream-K");
  q = tn(1024, 14336, 4096, 1);
  CHECK(cutego_gemm_no_stream_k(&q)[0] == 0 && cutego_gemm_stream_k(&q, 0) == 0, "no SMs: data-parallel");
  /* cutego_gemm_split_layouts, worked by hand. 16x4096x4096 in 4 slices of K = 1024: A (16,4096):(4096,1)
   * gives A' (16,1024,4):(4096,1,1024), B' likewise with 4096 rows; W (16,4096,4):(4096,1,16*4096),
   * 16*4096*4 fp32 = 1 MiB; the reduction's 16 * 1024 threads fill 64 CTAs of 256. */
  {
    cutego_gemm_plan_t p = tn(16, 4096, 4096, 1);
    cutego_gemm_split_layouts_t sl;
    CHECK(cutego_gemm_split_layouts(&p, 4, sms, NULL, &sl) == 0, "split layouts 16x4096x4096/4");
    CHECK(sl.slice_k == 1024 && sl.ldw == 4096 && sl.workspace_bytes == 1048576 && sl.reduce_blocks == 64,
          "16x4096x4096/4: ks %lld ldw %lld bytes %lld blocks %lld", (long long)sl.slice_k, (long long)sl.ldw,
          (long long)sl.workspace_bytes, (long long)sl.reduce_blocks);
    CHECK(is_flat3(&sl.a, 16, 1024, 4, 4096, 1, 1024), "A' of 16x4096x4096/4");
    CHECK(is_flat3(&sl.b, 4096, 1024, 4, 4096, 1, 1024), "B' of 16x4096x4096/4");
    CHECK(is_flat3(&sl.w, 16, 4096, 4, 4096, 1, 65536), "W of 16x4096x4096/4");
    CHECK(sl.scale_a.leaves == 0 && sl.scale_b.leaves == 0, "no scales without block scales");
    /* Block scales of M-major SA (16,32):(1,16) and K-major SB (32,32):(32,1) (K = 4096: 32 K blocks;
     * N = 4096: 32 N blocks): 8 K blocks a slice, SA' (16,8,4):(1,16,128), SB' (32,8,4):(32,1,8). */
    cutego_gemm_block_scales_t bs;
    memset(&bs, 0, sizeof bs);
    bs.as[0] = 1, bs.as[1] = 16, bs.bs[0] = 32, bs.bs[1] = 1;
    CHECK(cutego_gemm_split_layouts(&p, 4, sms, &bs, &sl) == 0, "split layouts with block scales");
    CHECK(is_flat3(&sl.scale_a, 16, 8, 4, 1, 16, 128), "SA' of 16x4096x4096/4");
    CHECK(is_flat3(&sl.scale_b, 32, 8, 4, 32, 1, 8), "SB' of 16x4096x4096/4");
    /* K = 4096 is 32 K blocks: 3 slices split K unevenly, and 64 slices split no block evenly. */
    CHECK(cutego_gemm_split_layouts(&p, 3, sms, NULL, &sl) != 0, "K 4096 in 3 slices");
    CHECK(cutego_gemm_split_layouts(&p, 64, sms, &bs, &sl) != 0, "32 K blocks in 64 slices");
    CHECK(cutego_gemm_split_layouts(&p, 1, sms, NULL, &sl) != 0, "1 slice is no split");
    CHECK(cutego_gemm_split_layouts(&p, 2, 0, NULL, &sl) != 0, "no SMs");
    /* Overflow of the workspace's bytes: an error, not a wrapped size. */
    cutego_gemm_plan_t huge = p;
    huge.m = INT64_MAX / 8;
    CHECK(cutego_gemm_split_layouts(&huge, 2, sms, NULL, &sl) != 0, "workspace bytes overflow");
  }
  {
    /* N = 10 pads W's rows to 12: 3 x 12 x 2 slices x 4 bytes = 288; 3 rows of 3 column quads = 9
     * threads: one CTA. */
    cutego_gemm_plan_t p = tn(3, 10, 2048, 1);
    p.m = 3, p.n = 10, p.k = 2048, p.l = 1;
    cutego_gemm_split_layouts_t sl;
    CHECK(cutego_gemm_split_layouts(&p, 2, sms, NULL, &sl) == 0, "split layouts 3x10x2048/2");
    CHECK(sl.ldw == 12 && sl.workspace_bytes == 288 && sl.reduce_blocks == 1 && is_flat3(&sl.w, 3, 10, 2, 12, 1, 36),
          "3x10x2048/2: ldw %lld bytes %lld blocks %lld", (long long)sl.ldw, (long long)sl.workspace_bytes,
          (long long)sl.reduce_blocks);
    /* 4096 x 4096 in 2 slices: 4096 * 1024 threads would be 16384 CTAs, capped at 8 per SM (1056). */
    cutego_gemm_plan_t big2 = tn(4096, 4096, 4096, 1);
    CHECK(cutego_gemm_split_layouts(&big2, 2, sms, NULL, &sl) == 0 && sl.reduce_blocks == 1056, "reduce grid cap");
    /* A batched plan does not split. */
    cutego_gemm_plan_t batched = tn(16, 4096, 4096, 2);
    CHECK(cutego_gemm_split_layouts(&batched, 2, sms, NULL, &sl) != 0, "batched plan");
  }

  {
    /* A packed plan splits on the copies. 100x4096x4100 bf16 with pitch_pack ON: rows of 8200 bytes
     * are off the 16-byte grid, so A and B are packed with K padded to 4160 (128 bytes; zeros). K =
     * 4100 itself splits into no slices of whole 8-element steps (4100 = 4 x 1025), but the padded
     * 4160 does: 32 tiles of 128x128, 4 slices (128 CTAs <= 132) of 1040 (>= 1024). */
    cutego_gemm_options_t on;
    memset(&on, 0, sizeof on);
    on.pitch_pack = CUTEGO_GEMM_PITCH_PACK_ON;
    cutego_gemm_plan_t p = tn_opt(100, 4096, 4100, 1, &on);
    const int both = CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B;
    CHECK((p.flags & both) == both && p.a.stride[0] == 4160 && p.b.stride[0] == 4160, "100x4096x4100 packed: %s",
          p.reason);
    CHECK(cutego_gemm_split_extent(&p) == 4160, "split extent %lld", (long long)cutego_gemm_split_extent(&p));
    CHECK(cutego_gemm_split_k(&p, sms, 0, why, sizeof why) == 4, "100x4096x4100 packed: 4 slices");
    CHECK(cutego_gemm_split_k(&p, sms, 8, why, sizeof why) == 8, "8 slices of 520 = 8 x 65");
    CHECK(cutego_gemm_split_k(&p, sms, 3, why, sizeof why) == -1, "4160 / 3");
    cutego_gemm_split_layouts_t sl;
    CHECK(cutego_gemm_split_layouts(&p, 4, sms, NULL, &sl) == 0 && sl.slice_k == 1040, "split layouts 100x4096x4100/4");
    CHECK(is_flat3(&sl.a, 100, 1040, 4, 4160, 1, 1040) && is_flat3(&sl.b, 4096, 1040, 4, 4160, 1, 1040), "A', B' on the copies");
    CHECK(is_flat3(&sl.w, 100, 4096, 4, 4096, 1, 409600) && sl.workspace_bytes == 100 * 4096 * 4 * 4, "W of 100x4096x4100/4");
    /* The last slice reads K 4100..4159 of every row of both copies: 60 bf16 = 120 bytes from byte
     * 8200 of each 8320-byte row, which the launchers zero before the slices run. */
    int64_t off = -1, pitch = -1, width = -1, rows = -1;
    CHECK(cutego_gemm_split_pad(&p, 0, &off, &pitch, &width, &rows) == 1 && off == 8200 && pitch == 8320 &&
              width == 120 && rows == 100,
          "A's padding read: offset %lld, pitch %lld, width %lld, rows %lld", (long long)off, (long long)pitch,
          (long long)width, (long long)rows);
    CHECK(cutego_gemm_split_pad(&p, 1, &off, &pitch, &width, &rows) == 1 && off == 8200 && pitch == 8320 &&
              width == 120 && rows == 4096,
          "B's padding read: offset %lld, pitch %lld, width %lld, rows %lld", (long long)off, (long long)pitch,
          (long long)width, (long long)rows);
    CHECK(cutego_gemm_split_pad(&p, 2, &off, &pitch, &width, &rows) == 0 && cutego_gemm_split_pad(NULL, 0, &off, &pitch, &width, &rows) == 0,
          "no such operand");
    /* Only A packed: B's K padding is not zero, so the split divides K itself (no slices here). */
    cutego_gemm_plan_t one = p;
    one.flags &= ~CUTEGO_GEMM_F_PACK_B;
    CHECK(cutego_gemm_split_extent(&one) == 4100 && cutego_gemm_split_k(&one, sms, 0, why, sizeof why) == 1,
          "only A packed: K");
    off = -1;
    CHECK(cutego_gemm_split_pad(&one, 0, &off, &pitch, &width, &rows) == 0 && off == -1, "only A packed: no padding read");
    /* A packed C/D does not split; asked to, it says why. */
    cutego_gemm_plan_t pd = p;
    pd.flags |= CUTEGO_GEMM_F_PACK_D;
    CHECK(cutego_gemm_split_k(&pd, sms, 0, why, sizeof why) == 1, "packed C/D: no split");
    CHECK(cutego_gemm_split_k(&pd, sms, 4, why, sizeof why) == -1 && strstr(why, "C/D"), "packed C/D: %s", why);
  }
  {
    /* The pitch cost rule, by hand (132 SMs; 0.81406 us per k-tile of a 128x256 tile, 128x128 0.577
     * of that, penalty 0.4357, 2.38 bytes/ns, 1.15 us a launch). 3000x5000x1024 is the fit point:
     * 480 tiles of 128x256, 4 waves x 16 k-tiles = 52.1 us. */
    cutego_gemm_plan_t p = tn(3000, 5000, 1024, 1);
    p.config = CUTEGO_GEMM_CONFIG_128x256x64;
    const double t = cutego_gemm_pitch_main_us(&p, sms);
    CHECK(t > 52.09 && t < 52.11, "3000x5000x1024 main loop %.3f us", t);
    /* K = 1000: 16 k-tiles too. A: 1/3 of 0.4357 x 52.1 = 7.57 us against 3000 x (2000 + 2048) bytes:
     * 5.10 + 1.15 = 6.25 us: pays; B: 15.13 against 5000 x 4048: 8.50 + 1.15: pays. */
    p.k = 1000;
    CHECK(cutego_gemm_pitch_pack_pays(&p, sms, 0, 3000LL * 4048), "3000x5000x1000: A pays");
    CHECK(cutego_gemm_pitch_pack_pays(&p, sms, 1, 5000LL * 4048), "3000x5000x1000: B pays");
    /* An A twice as large (7.57 against 10.2 + 1.15): not. */
    CHECK(!cutego_gemm_pitch_pack_pays(&p, sms, 0, 6000LL * 4048), "twice A's bytes: no");
    /* 1000^3 on 128x128: 1 wave x 16 x 0.81406 x 0.577 = 7.515 us; half of 43.6%: 1.64 against 1.70 + 1.15 */
    cutego_gemm_plan_t c = tn(1000, 1000, 1000, 1);
    c.config = CUTEGO_GEMM_CONFIG_128x128x64;
    const double tc = cutego_gemm_pitch_main_us(&c, sms);
    CHECK(tc > 7.51 && tc < 7.52, "1000^3 main loop %.3f", tc);
    CHECK(!cutego_gemm_pitch_pack_pays(&c, sms, 0, 1000LL * 4048), "1000^3: no");
    /* A split K counts one slice: 64x4096x3096 splits in 3 (96 CTAs, slices of 1032), 1 wave x
     * ceil(49 / 3) = 17 k-tiles x 0.81406 x 0.577 = 7.985 us; half of 43.6% (1.74) against A's copy
     * (64 x (6192 + 6400) bytes: 0.34 + 1.15 = 1.49): copied. K = 384 (6 k-tiles, no split:
     * 2.82 us, 0.61 saved against the same 1.49): in place. */
    cutego_gemm_plan_t sp = tn(64, 4096, 3096, 1);
    sp.config = CUTEGO_GEMM_CONFIG_128x128x64;
    const double ts = cutego_gemm_pitch_main_us(&sp, sms);
    CHECK(ts > 7.98 && ts < 7.99, "64x4096x3096 main loop %.3f (3 slices)", ts);
    CHECK(cutego_gemm_pitch_pack_pays(&sp, sms, 0, 64LL * 12592), "64x4096x3096: A copied");
    cutego_gemm_plan_t sp3 = sp;
    sp3.k = 384;
    CHECK(!cutego_gemm_pitch_pack_pays(&sp3, sms, 0, 64LL * 12592), "64x4096x384: A in place");
    /* Twice the waves (66 SMs) doubles the saving; no SMs: no model, no pack. */
    CHECK(cutego_gemm_pitch_main_us(&p, 66) > 2 * 52.09 && cutego_gemm_pitch_main_us(&p, 66) < 2 * 52.11,
          "66 SMs: 8 waves");
    CHECK(!cutego_gemm_pitch_pack_pays(&p, 0, 0, 1), "no SMs");
    /* FP8 k-tiles are 128 elements: 3000x5000x2000 e4m3 has 16 again. */
    p.ab_dtype = CUTEGO_DTYPE_E4M3;
    p.k = 2000;
    const double tf = cutego_gemm_pitch_main_us(&p, sms);
    CHECK(tf > 52.09 && tf < 52.11, "fp8 16 k-tiles: %.3f", tf);
    /* Monotone in K (a property): more k-tiles never make a copy of the same bytes pay less. */
    int prev = 0, mono = 1;
    for (int64_t k = 64; k <= 65536; k *= 2) {
      cutego_gemm_plan_t r = tn(1000, 1000, k, 1);
      r.config = CUTEGO_GEMM_CONFIG_128x128x64;
      int now = cutego_gemm_pitch_pack_pays(&r, sms, 0, 4000000);
      mono &= now >= prev;
      prev = now;
    }
    CHECK(mono && prev, "monotone in K, and pays at K = 65536");
    /* FP8's terms (3.44 us a launch; 0.268 of the main loop on the 32-byte grid, 0.842 off it; a
     * tile's rows counted up to M), by hand against the device's measurement (H100, s42 call 2).
     * 28 x 640 x 4064 on 64x64: 10 tiles, 1 wave x 32 k-tiles x 0.81406 x 0.577 x 0.5 = 7.515 us;
     * A's share 28 / (28 + 64): 0.268 x 0.3043 x 7.515 = 0.61 us against 28 x (4096 + 4064) bytes:
     * 0.10 + 3.44 us: in place (measured 1.43x faster than copied; the 16-bit terms copied it). */
    cutego_gemm_plan_t f8 = fp8_on(28, 640, 4064, CUTEGO_GEMM_CONFIG_64x64x128);
    CHECK(cutego_gemm_pitch_main_us(&f8, sms) > 7.51 && cutego_gemm_pitch_main_us(&f8, sms) < 7.52,
          "fp8 28 x 640 x 4064 main loop %.3f", cutego_gemm_pitch_main_us(&f8, sms));
    CHECK(!cutego_gemm_pitch_pack_pays(&f8, sms, 0, 28LL * 8160), "fp8 28 x 640 x 4064: A in place");
    /* 512 x 7168 x 3472 (rows off the 32-byte grid) on 64x64: 896 tiles, 7 waves x 28 k-tiles x
     * 0.81406 x 0.577 x 0.62 = 57.08 us; 0.842 x 0.5 x 57.08 = 24.0 against 512 x (3584 + 3472) bytes:
     * 1.52 + 3.44: copied (measured 15.8 us faster). K = 4064 (on the grid): 32 k-tiles, 65.23 us,
     * 0.268 x 0.5 x 65.23 = 8.74 against 1.76 + 3.44: copied (measured 3.0 us faster). */
    f8 = fp8_on(512, 7168, 3472, CUTEGO_GEMM_CONFIG_64x64x128);
    CHECK(cutego_gemm_pitch_main_us(&f8, sms) > 57.07 && cutego_gemm_pitch_main_us(&f8, sms) < 57.09,
          "fp8 512 x 7168 x 3472 main loop %.3f", cutego_gemm_pitch_main_us(&f8, sms));
    CHECK(cutego_gemm_pitch_pack_pays(&f8, sms, 0, 512LL * 7056), "fp8 512 x 7168 x 3472: A copied");
    f8 = fp8_on(512, 7168, 4064, CUTEGO_GEMM_CONFIG_64x64x128);
    CHECK(cutego_gemm_pitch_pack_pays(&f8, sms, 0, 512LL * 8160), "fp8 512 x 7168 x 4064: A copied");
    /* The 32-byte grid decides between two plans alike but for it: 192 x 4096 x 3472 on 64x64 (192
     * tiles: 2 waves x 28 k-tiles x 0.81406 x 0.577 x 0.62 = 16.31 us) copies A (0.842 x 0.5 x 16.31
     * = 6.87 against 192 x 7056 bytes: 0.57 + 3.44; measured 3.8 us faster); at K = 3488 (rows on the
     * grid, 28 k-tiles too) 0.268 x 0.5 x 16.31 = 2.19 against 0.57 + 3.44: in place. B keeps the
     * 16-bit terms (0.436 x 0.5 x 16.31 = 3.56 against 4096 x 7056 bytes: 12.1 + 1.15: in place); an
     * operand other than 0 or 1 never pays. */
    f8 = fp8_on(192, 4096, 3472, CUTEGO_GEMM_CONFIG_64x64x128);
    CHECK(cutego_gemm_pitch_pack_pays(&f8, sms, 0, 192LL * 7056), "fp8 192 x 4096 x 3472: A copied");
    CHECK(!cutego_gemm_pitch_pack_pays(&f8, sms, 1, 4096LL * 7056), "fp8 192 x 4096 x 3472: B in place");
    CHECK(!cutego_gemm_pitch_pack_pays(&f8, sms, 2, 192LL * 7056), "operand 2: never");
    f8 = fp8_on(192, 4096, 3488, CUTEGO_GEMM_CONFIG_64x64x128);
    CHECK(!cutego_gemm_pitch_pack_pays(&f8, sms, 0, 192LL * 7072), "fp8 192 x 4096 x 3488: A in place");
    /* Above 512 rows A's rows off the 32-byte grid keep the 16-bit penalty: 13504 x 1088 x 5488 on
     * 128x128 (954 tiles: 8 waves x 43 k-tiles x 0.81406 x 0.577 = 161.6 us), 0.4357 x 0.5 x 161.6 =
     * 35.2 against 13504 x 10992 bytes: 62.4 + 3.44: in place (0.842 would copy it: measured 0.83x).
     * B's rows on the 32-byte grid are never copied (8192 x 7168 x 4064 on 128x256: 0.268 x 2/3 of
     * 364.7 us would pay for 24.6 + 3.44; measured 1.10x faster in place, in 2x1 clusters). */
    f8 = fp8_on(13504, 1088, 5488, CUTEGO_GEMM_CONFIG_128x128x64);
    CHECK(cutego_gemm_pitch_main_us(&f8, sms) > 161.5 && cutego_gemm_pitch_main_us(&f8, sms) < 161.7,
          "fp8 13504 x 1088 x 5488 main loop %.3f", cutego_gemm_pitch_main_us(&f8, sms));
    CHECK(!cutego_gemm_pitch_pack_pays(&f8, sms, 0, 13504LL * 10992), "fp8 13504 x 1088 x 5488: A in place");
    f8 = fp8_on(8192, 7168, 4064, CUTEGO_GEMM_CONFIG_128x256x64);
    CHECK(!cutego_gemm_pitch_pack_pays(&f8, sms, 1, 7168LL * 8160), "fp8 8192 x 7168 x 4064: B in place");
    CHECK(cutego_gemm_pitch_pack_pays(&f8, sms, 0, 8192LL * 8160), "fp8 8192 x 7168 x 4064: A copied");
  }
  /* The automatic choice on the shapes near one wave, against the H200 (132 SMs): each shape's
   * plans that ran within 3% of the fastest of every decomposition, tile and cluster forced there
   * (bench/results/2026-12-02-one-wave: data-parallel, 2x1 clusters and stream-K on 128x256 and
   * 128x128, split K in 2 and 4 on 128x128 and in 2 on 128x64, stream-K on 64 and 96 CTAs; the best
   * of two alternated passes), and 128x192 forced beside the automatic choice, interleaved
   * (bench/results/2026-12-02-tile192: 256x11008 38.0 us against 44.7 on 128x256, 512x6144 36.8 /
   * 44.5, 1024x6144 71.7 / 75.8 on 128x128, 333x14336 69.1 / 71.0 stream-K, 512x11008 73.5 / 73.2
   * and 77.1 / 73.3 stream-K; slower where a second wave of it is partial: 256x6144, 256x14336,
   * 2048^3, 4096^3). 64x64 tiles (5) on 64x4096 and 64x6144 forced against 128x64 (bench/results/
   * 2026-12-03-decode: within 3% at 64x4096, 1.00 at 64x6144); 64x128 tiles (7) forced beside the
   * 128x64 choice (bench/results/2026-12-03-inflight: 128x4096 13.5 us against 13.7, 128x6144 19.1 /
   * 19.2, 256x4096 15.5 / 18.3). 64x4096 and 128x4096 (bench/results/2026-12-03-small-m, each
   * narrow tile forced beside the automatic plan in one process): 64x32 unsplit (6) 8.9 us against
   * 64x64 in 2 slices 11.2 and 64x128 12.1 at 64x4096; 64x64 unsplit (5) 9.6 against 64x128 in 2
   * slices 13.6 and 128x128 15.8 at 128x4096. 128x168 tiles (8) forced beside the automatic plan in
   * one process (bench/results/2026-12-03-tile168): 256x11008 36.0 us against 36.5 on 128x192,
   * 333x6144 32.8 / 33.5, 333x14336 67.0 / 67.1, 384x6144 32.2 / 33.5, 384x14336 65.6 / 67.9,
   * 512x11008 64.9 / 67.3 (128x192), 1000x5000 62.0 / 64.9 (stream-K), 768x3000 30.2 / 33.0
   * (128x192), 1536^3 15.0 / 15.1; slower where it adds a wave (512x6144 61.4 / 36.0); against
   * 128x256 at 4 waves to 3, the two costs' plans alternated (bench/results/2026-12-03-cost168):
   * 768x14336 126.1 / 135.5, 1024x11008 128.0 / 134.5. 64x96 tiles (9) in 2x1 clusters forced
   * beside the automatic plan, alternated (bench/results/2026-12-04-clusters): 128x6144 17.6 us
   * against 18.6 on 64x128. 128x96 tiles (10) forced beside the automatic plan, alternated
   * (bench/results/2026-12-04-tile128x96): 256x6144 21.5 us against 23.2 on 128x128. 128x224 tiles
   * (11) forced beside the automatic plan, interleaved (bench/results/2026-12-04-tile224): 256x14336
   * 47.5 us against 47.5 on 128x256, 512x14336 82.1 / 90.4, 512x7168 46.9 / 48.4, 1024x7168 82.7 /
   * 91.2, 256x28672x8192 171.0 / 189.1; against stream-K on 128x256 tiles, each in turn
   * (bench/results/2026-12-04-sk224): 1024x14336 165.4 us against 175.5 (to cuBLAS 0.944 / 0.917).
   * 2048x11008 (bench/results/2026-12-06-s37, H100, the automatic plan beside each forced one,
   * three rounds): 128x168 data-parallel 258-259 us, 128x128 257-263, stream-K on 128x256 265-268,
   * 128x256 data-parallel 266-267.
   * Configuration (0 128x256, 1 128x128, 2 128x64, 4 128x192, 5
   * 64x64, 6 64x32, 7 64x128, 8 128x168, 9 64x96, 10 128x96, 11 128x224), split,
   * decomposition (1 data-parallel, 2 split K, 3 stream-K); clusters were never within 3% where
   * they ran. */
  {
    static const struct {
      int64_t m, n, k;
      int nfast;
      pick_t fast[4];
    } one_wave[] = {
        {64, 4096, 4096, 1, {{6, 0, 1}}},
        {64, 6144, 4096, 2, {{2, 0, 1}, {5, 0, 1}}},
        {64, 11008, 4096, 1, {{1, 0, 1}}},
        {64, 14336, 4096, 1, {{1, 0, 1}}},
        {128, 4096, 4096, 1, {{5, 0, 1}}},
        {128, 6144, 4096, 1, {{9, 0, 1}}},
        {128, 11008, 4096, 1, {{1, 0, 1}}},
        {128, 14336, 4096, 1, {{1, 0, 1}}},
        {256, 4096, 4096, 1, {{7, 0, 1}}},
        {256, 6144, 4096, 1, {{10, 0, 1}}},
        {256, 11008, 4096, 2, {{4, 0, 1}, {8, 0, 1}}},
        {256, 14336, 4096, 2, {{0, 0, 1}, {11, 0, 1}}},
        {333, 6144, 4096, 2, {{4, 0, 1}, {8, 0, 1}}},
        {333, 14336, 4096, 3, {{0, 0, 3}, {4, 0, 1}, {8, 0, 1}}},
        {384, 6144, 4096, 1, {{8, 0, 1}}},
        {384, 14336, 4096, 1, {{8, 0, 1}}},
        {512, 4096, 4096, 1, {{1, 0, 1}}},
        {512, 6144, 4096, 1, {{4, 0, 1}}},
        {512, 11008, 4096, 1, {{8, 0, 1}}},
        {512, 14336, 4096, 1, {{11, 0, 1}}},
        {512, 7168, 4096, 1, {{11, 0, 1}}},
        {1024, 7168, 4096, 1, {{11, 0, 1}}},
        {256, 28672, 8192, 1, {{11, 0, 1}}},
        {768, 3000, 4096, 1, {{8, 0, 1}}},
        {1000, 5000, 4096, 1, {{8, 0, 1}}},
        {1024, 4096, 4096, 1, {{0, 0, 1}}},
        {1024, 6144, 4096, 1, {{4, 0, 1}}},
        {768, 14336, 4096, 1, {{8, 0, 1}}},
        {1024, 11008, 4096, 3, {{0, 0, 3}, {0, 0, 1}, {8, 0, 1}}},
        {1024, 14336, 4096, 2, {{0, 0, 3}, {11, 0, 1}}},
        {2048, 11008, 4096, 3, {{8, 0, 1}, {1, 0, 1}, {0, 0, 3}}},
        {1536, 1536, 1536, 2, {{4, 0, 1}, {8, 0, 1}}},
        {2048, 2048, 2048, 1, {{0, 0, 1}}},
        {4096, 4096, 4096, 1, {{0, 0, 1}}},
        {8192, 8192, 8192, 1, {{0, 0, 1}}},
    };
    for (size_t i = 0; i < sizeof one_wave / sizeof one_wave[0]; ++i) {
      const pick_t got = auto_pick(one_wave[i].m, one_wave[i].n, one_wave[i].k, sms);
      int ok = 0;
      for (int j = 0; j < one_wave[i].nfast; ++j)
        ok |= got.config == one_wave[i].fast[j].config && got.split == one_wave[i].fast[j].split &&
              got.decomposition == one_wave[i].fast[j].decomposition;
      CHECK(ok, "%lldx%lldx%lld: the automatic choice (config %d, split %d, decomposition %d) ran within 3%% of the fastest",
            (long long)one_wave[i].m, (long long)one_wave[i].n, (long long)one_wave[i].k, got.config, got.split,
            got.decomposition);
    }
  }
  printf("test_waves: %d checks, %d failures\n", checks, fails);
  return fails != 0;
}

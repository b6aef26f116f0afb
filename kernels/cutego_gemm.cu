// cutego_gemm.cu — the C launcher of cutego's GEMM (include/cutego_kernels.h): plans with
// csrc/gemm/plan.c, encodes the tensor maps, launches the wgmma or the generic kernel.
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>
#include <mutex>
#include "cutego_kernels.h"
#include "gemm_kernels.cuh"
#include "launch.h"
#include "../csrc/gemm/config_boxes.h"

#include "gemm_fns.h"
#include "gemm_generic_instances.cuh"
#include "gemm_split_k.cuh"
#include "gemm_stream_k.cuh"
#include "gemm_pack.cuh"

using cutego_k::fail;

CUTEGO_GEMM_FNS_MAJORS(128x256)
CUTEGO_GEMM_FNS_MAJORS(128x128)
CUTEGO_GEMM_FNS_MAJORS(128x64)
CUTEGO_GEMM_FNS_MAJORS(128x192)
CUTEGO_GEMM_FNS_MAJORS(64x64)
CUTEGO_GEMM_FNS_MAJORS(64x32)
CUTEGO_GEMM_FNS_MAJORS(64x128)
CUTEGO_GEMM_FNS_MAJORS(64x96)
CUTEGO_GEMM_FNS_MAJORS(128x96)
CUTEGO_GEMM_FNS_MAJORS(128x224)
CUTEGO_GEMM_FNS_DECL(128x168, k, k)  // B K-major only
CUTEGO_GEMM_FNS_DECL(128x168, m, k)
CUTEGO_GEMM_SK_FNS_MAJORS(128x256)
CUTEGO_GEMM_SK_FNS_MAJORS(128x128)
// DECL(CFGNAME, types) for the four pairs of FP8 types (A's first; one name where they are the same).
#define CUTEGO_GEMM_FP8_EACH_PAIR(DECL, CFGNAME) \
  DECL(CFGNAME, e4m3) DECL(CFGNAME, e4m3e5m2) DECL(CFGNAME, e5m2e4m3) DECL(CFGNAME, e5m2)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8_FNS_DECL, 128x256)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8_FNS_DECL, 128x128)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8_FNS_DECL, 128x224)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8_FNS_DECL, 64x64)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8_FNS_DECL, 64x128)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8P_FNS_DECL, 128x128)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8B_FNS_DECL, 128x128)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8B_FNS_DECL, 128x192)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8B_FNS_DECL, 64x64)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8B_FNS_DECL, 64x128)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8SK_FNS_DECL, 128x256)
CUTEGO_GEMM_FP8_EACH_PAIR(CUTEGO_GEMM_FP8SK_FNS_DECL, 128x128)
// The launch tables of one FP8 configuration by type, [A e5m2][B e5m2] (PRE: the tables' prefix).
#define CUTEGO_GEMM_FP8_PAIRS(PRE, CFGNAME) \
  {{PRE##_##CFGNAME##_kk_e4m3, PRE##_##CFGNAME##_kk_e4m3e5m2}, {PRE##_##CFGNAME##_kk_e5m2e4m3, PRE##_##CFGNAME##_kk_e5m2}}

namespace {
typedef cutego_gemm_wgmma_fn wgmma_fn;

// A ring of the last N answers of a pure function by the bytes of its key (the oldest goes first).
template <typename K, typename V, int N>
struct Ring {
  K key[N];
  V val[N];
  int used = 0, next = 0;
  V *find(const K &k) {
    for (int i = 0; i < used; ++i)
      if (memcmp(&key[i], &k, sizeof k) == 0) return &val[i];
    return nullptr;
  }
  V *put(const K &k, const V &v) {
    memcpy(&key[next], &k, sizeof k);  // (the bytes compared, padding included)
    val[next] = v;
    V *at = &val[next];
    next = (next + 1) % N;
    if (used < N) ++used;
    return at;
  }
  void clear() { used = next = 0; }
};

// cutego_gemm_plan, remembered: it is a pure function of its arguments' bytes (the layouts,
// types, addresses and options), so a call whose bytes equal one of the last kPlanMemo calls
// on this thread takes that call's plan (a split-K call plans up to three times: ~2 us each,
// as long as the GEMM itself at M <= 64). Only plans that succeeded are kept.
struct PlanCall {  // (what differs most often between calls first: a lookup's memcmp stops there)
  cutego_gemm_options_t o;
  uintptr_t addr[4];
  int32_t ab, cd, read_c, has_c, has_o;
  cute_layout_t d, a, b, c;
};
constexpr int kPlanMemo = 16;

// The key of a call's arguments (ld, la and lb not NULL), every byte set.
PlanCall plan_call(const cute_layout_t *ld, const cute_layout_t *la, const cute_layout_t *lb, const cute_layout_t *lc,
                   int ab, int cd, int read_c, uintptr_t d, uintptr_t a, uintptr_t b, uintptr_t c,
                   const cutego_gemm_options_t *opt) {
  PlanCall k;
  memset(&k, 0, sizeof k);
  k.d = *ld, k.a = *la, k.b = *lb;
  if (lc) k.c = *lc;
  if (opt) k.o = *opt;
  k.addr[0] = d, k.addr[1] = a, k.addr[2] = b, k.addr[3] = c;
  k.ab = ab, k.cd = cd, k.read_c = read_c, k.has_c = lc != nullptr, k.has_o = opt != nullptr;
  return k;
}

int plan_memo(const cute_layout_t *ld, const cute_layout_t *la, const cute_layout_t *lb, const cute_layout_t *lc,
              int ab, int cd, int read_c, uintptr_t d, uintptr_t a, uintptr_t b, uintptr_t c,
              const cutego_gemm_options_t *opt, cutego_gemm_plan_t *p) {
  if (!ld || !la || !lb) return cutego_gemm_plan(ld, la, lb, lc, ab, cd, read_c, d, a, b, c, opt, p);
  thread_local Ring<PlanCall, cutego_gemm_plan_t, kPlanMemo> memo;
  const PlanCall k = plan_call(ld, la, lb, lc, ab, cd, read_c, d, a, b, c, opt);
  if (const cutego_gemm_plan_t *f = memo.find(k)) {
    *p = *f;
    return 0;
  }
  const int rc = cutego_gemm_plan(ld, la, lb, lc, ab, cd, read_c, d, a, b, c, opt, p);
  if (rc == 0) memo.put(k, *p);
  return rc;
}

// What a call learns from the runtime and the driver, remembered per thread for later calls. Each
// entry is a pure function of its key, so a later call finds either the answer its own
// arguments would get or nothing: the device's facts by device; a tensor map by its descriptor
// and global address (a changed address encodes again); the shared-memory opt-in already set
// by device and kernel; the clusters that fit by device, kernel and launch shape. A call with
// the arguments of a recent one then asks the runtime only for the current device and the launch.

// cutego_k::dev_info, once per device and thread (cudaGetDevice on every call: the thread's
// current device may change between calls). dev: the current device.
int dev_info(cutego_k::DevInfo *di, int *dev) {
  thread_local Ring<int, cutego_k::DevInfo, 8> seen;
  if (cudaGetDevice(dev) != cudaSuccess) return -1;
  if (const cutego_k::DevInfo *f = seen.find(*dev)) {
    *di = *f;
    return 0;
  }
  if (cutego_k::dev_info(di) != 0) return -1;
  seen.put(*dev, *di);
  return 0;
}

// cutego_tma_encode, remembered by descriptor and address (three maps per plan, 16 plans).
struct MapKey {
  cutego_tma_desc_t desc;
  uintptr_t addr;
};
int encode(CUtensorMap *out, const cutego_tma_desc_t *d, void *addr, cutego_encode_tiled_fn enc) {
  thread_local Ring<MapKey, CUtensorMap, 3 * kPlanMemo> maps;
  MapKey k;
  memset(&k, 0, sizeof k);
  memcpy(&k.desc, d, sizeof *d);
  k.addr = reinterpret_cast<uintptr_t>(addr);
  if (const CUtensorMap *f = maps.find(k)) {
    *out = *f;
    return 0;
  }
  if (cutego_tma_encode(out, d, addr, enc) != 0) return -1;
  maps.put(k, *out);
  return 0;
}

// cutego_k::set_smem once per device, kernel and size (a larger size set serves a smaller one).
// forget_smem: every entry goes (a launch failed: a context may have been reset).
struct SmemKey {
  int dev;
  const void *fn;
};
thread_local Ring<SmemKey, int, 32> smem_set;
int set_smem(int dev, const void *fn, int bytes) {
  SmemKey k;
  memset(&k, 0, sizeof k);
  k.dev = dev, k.fn = fn;
  int *f = smem_set.find(k);
  if (f && *f >= bytes) return 0;
  if (cutego_k::set_smem(fn, bytes) != 0) return -1;
  if (f) *f = bytes;
  else smem_set.put(k, bytes);
  return 0;
}
void forget_smem() { smem_set.clear(); }

// cudaOccupancyMaxActiveClusters by device, kernel, block, shared memory, cluster and grid.
struct OccKey {
  int dev;
  const void *fn;
  unsigned grid, block, cluster;
  size_t smem;
};
cudaError_t max_active_clusters(int dev, int *clusters, const void *fn, const cudaLaunchConfig_t *cfg,
                                unsigned cluster) {
  thread_local Ring<OccKey, int, 16> seen;
  OccKey k;
  memset(&k, 0, sizeof k);
  k.dev = dev, k.fn = fn, k.grid = cfg->gridDim.x, k.block = cfg->blockDim.x, k.cluster = cluster;
  k.smem = cfg->dynamicSmemBytes;
  if (const int *f = seen.find(k)) {
    *clusters = *f;
    return cudaSuccess;
  }
  cudaLaunchConfig_t only_cluster = *cfg;  // the cluster dimension alone (attrs[0] where clusters)
  only_cluster.numAttrs = cfg->numAttrs > 0 ? 1 : 0;
  cudaError_t e = cudaOccupancyMaxActiveClusters(clusters, fn, &only_cluster);
  if (e == cudaSuccess) seen.put(k, *clusters);
  return e;
}

// [configuration][A major][B major] -> [in: 0 bf16, 1 f16][out: 0 bf16, 1 f16, 2 f32]: the 16-bit
// configurations (CUTEGO_GEMM_CONFIG_128x192x128 is block-scaled FP8 only: an empty row; the
// planner refuses it for 16-bit A and B; 128x168 reads B K-major only: null where B is MN-major,
// which the planner transposes first).
wgmma_fn wgmma_kernel(int cfg, int am, int bm, int in_f16, int out) {
  typedef const wgmma_fn(*table)[3];
  static const table t[12][2][2] = {
      {{cutego_gemm_fns_128x256_kk, cutego_gemm_fns_128x256_km}, {cutego_gemm_fns_128x256_mk, cutego_gemm_fns_128x256_mm}},
      {{cutego_gemm_fns_128x128_kk, cutego_gemm_fns_128x128_km}, {cutego_gemm_fns_128x128_mk, cutego_gemm_fns_128x128_mm}},
      {{cutego_gemm_fns_128x64_kk, cutego_gemm_fns_128x64_km}, {cutego_gemm_fns_128x64_mk, cutego_gemm_fns_128x64_mm}},
      {},
      {{cutego_gemm_fns_128x192_kk, cutego_gemm_fns_128x192_km}, {cutego_gemm_fns_128x192_mk, cutego_gemm_fns_128x192_mm}},
      {{cutego_gemm_fns_64x64_kk, cutego_gemm_fns_64x64_km}, {cutego_gemm_fns_64x64_mk, cutego_gemm_fns_64x64_mm}},
      {{cutego_gemm_fns_64x32_kk, cutego_gemm_fns_64x32_km}, {cutego_gemm_fns_64x32_mk, cutego_gemm_fns_64x32_mm}},
      {{cutego_gemm_fns_64x128_kk, cutego_gemm_fns_64x128_km}, {cutego_gemm_fns_64x128_mk, cutego_gemm_fns_64x128_mm}},
      {{cutego_gemm_fns_128x168_kk, nullptr}, {cutego_gemm_fns_128x168_mk, nullptr}},
      {{cutego_gemm_fns_64x96_kk, cutego_gemm_fns_64x96_km}, {cutego_gemm_fns_64x96_mk, cutego_gemm_fns_64x96_mm}},
      {{cutego_gemm_fns_128x96_kk, cutego_gemm_fns_128x96_km}, {cutego_gemm_fns_128x96_mk, cutego_gemm_fns_128x96_mm}},
      {{cutego_gemm_fns_128x224_kk, cutego_gemm_fns_128x224_km}, {cutego_gemm_fns_128x224_mk, cutego_gemm_fns_128x224_mm}}};
  static_assert(CUTEGO_GEMM_CONFIG_128x256x64 == 0 && CUTEGO_GEMM_CONFIG_128x128x64 == 1 &&
                    CUTEGO_GEMM_CONFIG_128x64x64 == 2 && CUTEGO_GEMM_CONFIG_128x192x128 == 3 &&
                    CUTEGO_GEMM_CONFIG_128x192x64 == 4 && CUTEGO_GEMM_CONFIG_64x64x128 == 5 &&
                    CUTEGO_GEMM_CONFIG_64x32x128 == 6 && CUTEGO_GEMM_CONFIG_64x128x64 == 7 &&
                    CUTEGO_GEMM_CONFIG_128x168x64 == 8 && CUTEGO_GEMM_CONFIG_64x96x64 == 9 &&
                    CUTEGO_GEMM_CONFIG_128x96x64 == 10 && CUTEGO_GEMM_CONFIG_128x224x64 == 11,
                "table order");
  return t[cfg][am][bm] ? t[cfg][am][bm][in_f16][out] : nullptr;
}

// The stream-K kernel of a configuration with stream-K kernels (128x256, 128x128: waves.c), pair of majors, in and out types.
const void *stream_k_kernel(int cfg, int am, int bm, int in_f16, int out) {
  typedef const cutego_gemm_wgmma_sk_fn(*table)[3];
  static const table t[2][2][2] = {
      {{cutego_gemm_sk_fns_128x256_kk, cutego_gemm_sk_fns_128x256_km}, {cutego_gemm_sk_fns_128x256_mk, cutego_gemm_sk_fns_128x256_mm}},
      {{cutego_gemm_sk_fns_128x128_kk, cutego_gemm_sk_fns_128x128_km}, {cutego_gemm_sk_fns_128x128_mk, cutego_gemm_sk_fns_128x128_mm}}};
  return reinterpret_cast<const void *>(t[cfg == CUTEGO_GEMM_CONFIG_128x256x64 ? 0 : 1][am][bm][in_f16][out]);
}

int out_index(int cd) { return cd == CUTEGO_DTYPE_BF16 ? 0 : cd == CUTEGO_DTYPE_F16 ? 1 : 2; }

// The FP8 stream-K kernel (fast accumulation, K-major) of a configuration with stream-K kernels, pair of
// types (A's, B's: e4m3 or e5m2) and output type.
const void *fp8_stream_k_kernel(int cfg, int ta, int tb, int out) {
  static_assert(CUTEGO_GEMM_CONFIG_128x256x64 == 0 && CUTEGO_GEMM_CONFIG_128x128x64 == 1, "table order");
  // [configuration][A e5m2][B e5m2]
  static const cutego_gemm_wgmma_fp8sk_fn *const t[2][2][2] = {CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8sk_fns, 128x256),
                                                                CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8sk_fns, 128x128)};
  return reinterpret_cast<const void *>(t[cfg == CUTEGO_GEMM_CONFIG_128x256x64 ? 0 : 1][ta == CUTEGO_DTYPE_E5M2]
                                         [tb == CUTEGO_DTYPE_E5M2][out]);
}

// The FP8 kernel of a configuration, pair of types (A's, B's: e4m3 or e5m2; K-major), output
// type and accumulation (promoted: 128x128 only, the planner's rule).
const void *fp8_kernel(int cfg, int ta, int tb, int out, bool promoted) {
  if (promoted) {
    static const cutego_gemm_wgmma_fp8_fn *const tp[2][2] = CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8p_fns, 128x128);
    return reinterpret_cast<const void *>(tp[ta == CUTEGO_DTYPE_E5M2][tb == CUTEGO_DTYPE_E5M2][out]);
  }
  static_assert(CUTEGO_GEMM_CONFIG_128x256x64 == 0 && CUTEGO_GEMM_CONFIG_128x128x64 == 1, "table order");
  typedef const cutego_gemm_wgmma_fp8_fn *table;
  // [configuration: 128x256, 128x128, 128x224, 64x64, 64x128][A e5m2][B e5m2]
  static const table t[5][2][2] = {
      CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8_fns, 128x256), CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8_fns, 128x128),
      CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8_fns, 128x224), CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8_fns, 64x64),
      CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8_fns, 64x128)};
  const int c = cfg == CUTEGO_GEMM_CONFIG_128x256x64   ? 0
                : cfg == CUTEGO_GEMM_CONFIG_128x224x64 ? 2
                : cfg == CUTEGO_GEMM_CONFIG_64x64x128  ? 3
                : cfg == CUTEGO_GEMM_CONFIG_64x128x64  ? 4
                                                       : 1;
  return reinterpret_cast<const void *>(t[c][ta == CUTEGO_DTYPE_E5M2][tb == CUTEGO_DTYPE_E5M2][out]);
}

bool is_fp8(int t) { return t == CUTEGO_DTYPE_E4M3 || t == CUTEGO_DTYPE_E5M2; }

// The block-scaled FP8 kernel of a configuration (128x128, 128x192, 64x64 or 64x128), pair of
// types and output type.
const void *fp8_blockscaled_kernel(int cfg, int ta, int tb, int out) {
  static const cutego_gemm_wgmma_fp8b_fn *const t[4][2][2] = {
      CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8b_fns, 128x128), CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8b_fns, 128x192),
      CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8b_fns, 64x64), CUTEGO_GEMM_FP8_PAIRS(cutego_gemm_fp8b_fns, 64x128)};
  const int c = cfg == CUTEGO_GEMM_CONFIG_128x192x128 ? 1
                : cfg == CUTEGO_GEMM_CONFIG_64x64x128 ? 2
                : cfg == CUTEGO_GEMM_CONFIG_64x128x64 ? 3
                                                      : 0;
  return reinterpret_cast<const void *>(t[c][ta == CUTEGO_DTYPE_E5M2][tb == CUTEGO_DTYPE_E5M2][out]);
}

cudaError_t launch_generic(const cutego_gemm_plan_t &p, void *d, const cute_layout_t *ld, const void *a,
                           const cute_layout_t *la, const void *b, const cute_layout_t *lb, const void *c,
                           const cute_layout_t *lc, float alpha, float beta, int sms, int64_t max_ctas,
                           cudaStream_t stream) {
  cute_layout_t lc0;
  if (!lc) {
    memset(&lc0, 0, sizeof lc0);
    lc0 = *ld;
    lc = &lc0;
  }
  cutego_launch_t launch;
  cutego_gemm_launch(&p, sms, max_ctas, &launch);
  dim3 grid(static_cast<unsigned>(launch.grid)), block(static_cast<unsigned>(launch.block));
  int rc = p.read_c;
#define GEN(IN, TI, OUT, TO)                                                                                    \
  cutego_gemm_generic_##IN##_##OUT<<<grid, block, 0, stream>>>(                                                 \
      static_cast<TO *>(d), *ld, static_cast<const TI *>(a), *la, static_cast<const TI *>(b), *lb,              \
      static_cast<const TO *>(c), *lc, p.m, p.n, p.k, p.l, alpha, beta, rc)
  const bool f16 = p.ab_dtype == CUTEGO_DTYPE_F16;
  switch (out_index(p.cd_dtype) + 3 * f16) {
    case 0: GEN(bf16, __nv_bfloat16, bf16, __nv_bfloat16); break;
    case 1: GEN(bf16, __nv_bfloat16, f16, __half); break;
    case 2: GEN(bf16, __nv_bfloat16, f32, float); break;
    case 3: GEN(f16, __half, bf16, __nv_bfloat16); break;
    case 4: GEN(f16, __half, f16, __half); break;
    default: GEN(f16, __half, f32, float); break;
  }
#undef GEN
  return cudaGetLastError();
}
// The row copies of a call (csrc/gemm/pack.h's row packer: sources of unit K stride), launched
// together.
struct PackRows {
  static constexpr int kOther = -1;  // add's answer where src_l's K stride is not 1: nothing added
  cutego_gemm_pack_rows_t r = {};
  // Adds the copy of src (layout src_l) into dst: CUTEGO_KERNELS_OK, an error, or kOther.
  int add(void *dst, const cute_layout_t &packed, const void *src, const cute_layout_t *src_l, int es) {
    const int rc = cutego_gemm_pack_rows_add(&r, dst, &packed, src, src_l, es);
    return rc == 1   ? kOther
           : rc == 0 ? CUTEGO_KERNELS_OK
                     : fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: packing rows: the copy's rows are off the 16-byte grid");
  }
  int launch(int sms, cudaStream_t stream) {
    int unit = 16, bits = 32;
    const unsigned blocks = cutego_gemm_pack_rows_grid(&r, sms, &unit, &bits);
    if (blocks == 0) return CUTEGO_KERNELS_OK;
#define PACK(UNIT)                                                                                            \
  (bits == 32 ? cutego_gemm_pack_k_rows_##UNIT##_32<<<blocks, CUTEGO_GEMM_PACK_ROW_THREADS, 0, stream>>>(r.jobs) \
              : cutego_gemm_pack_k_rows_##UNIT##_64<<<blocks, CUTEGO_GEMM_PACK_ROW_THREADS, 0, stream>>>(r.jobs))
    switch (unit) {
      case 16: PACK(16); break;
      case 8: PACK(8); break;
      case 4: PACK(4); break;
      case 2: PACK(2); break;
      default: PACK(1); break;
    }
#undef PACK
    cudaError_t e = cudaGetLastError();
    return e == cudaSuccess ? CUTEGO_KERNELS_OK : fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: packing rows: %s", cudaGetErrorString(e));
  }
};

// One operand's copy by the column packer (kernels/gemm_pack.cuh; its job and grid:
// cutego_gemm_pack_cols_job) from src of layout src_l (cutego_gemm_pack_cols_reads; es: 1 or 2 bytes).
int pack_mn_cols(void *dst, const cute_layout_t &packed, const void *src, const cute_layout_t *src_l, int es, int sms,
                 cudaStream_t stream) {
  cutego_gemm_pack_cols_job_t jb;
  unsigned blocks = 0;
  const int r = cutego_gemm_pack_cols_job(&jb, &blocks, dst, &packed, src, src_l, es, sms);
  if (r != 0)
    return fail(CUTEGO_KERNELS_EINVAL, r > 0 ? "cutego_gemm: packing columns: the source's MN stride is not 1"
                                             : "cutego_gemm: packing columns: the copy's rows are off the 16-byte grid");
  if (blocks == 0) return CUTEGO_KERNELS_OK;
  if (es == 1)
    cutego_gemm_pack_mn_cols_1<<<blocks, CUTEGO_GEMM_PACK_COL_THREADS, 0, stream>>>(jb);
  else
    cutego_gemm_pack_mn_cols_2<<<blocks, CUTEGO_GEMM_PACK_COL_THREADS, 0, stream>>>(jb);
  cudaError_t e = cudaGetLastError();
  return e == cudaSuccess ? CUTEGO_KERNELS_OK : fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: packing columns: %s", cudaGetErrorString(e));
}

// cutego_gemm_blockscaled's scale tensors (null for cutego_gemm).
struct BlockScalesIn {
  const float *a, *b;
  const cute_layout_t *la, *lb;
};
int gemm_run(void *d, const cute_layout_t *ld, const void *a, const cute_layout_t *la, const void *b,
             const cute_layout_t *lb, const void *c, const cute_layout_t *lc, int ab_dtype, int cd_dtype, float alpha,
             float beta, cutego_stream_t stream_, const cutego_gemm_options_t *opt, cutego_gemm_plan_t *plan_out,
             const BlockScalesIn *bsi);

// The launcher's own workspaces (packed copies, split K's and stream-K's partial sums, where the
// caller gives no options.workspace) come from a stream-ordered pool of its own, one per device,
// that keeps up to kPoolKeep bytes reserved across synchronizations. The device's default pool
// (release threshold 0) hands its memory back to the driver at every synchronization, and the
// next call's allocation maps it again, a cost that grows with the workspace. A pool that cannot
// be made leaves the default one (cudaMallocAsync). In stream capture an allocation becomes a
// graph memory node either way; the pool is never made while the stream is being captured (a
// pool's creation there would invalidate the capture), and it is made in relaxed capture mode
// (another thread's capture is left alone). Where the pool cannot serve a request: out of memory,
// what it keeps goes back to the driver and the default pool serves it; any other error (a reset
// device destroyed the pool) makes the pool again at a later call.
constexpr uint64_t kPoolKeep = 64ull << 20;
constexpr int kPoolDevices = 64;

// The pools by device: made at the first allocation outside a capture, forgotten when one fails.
class WsPools {
  std::mutex mu;
  cudaMemPool_t pool[kPoolDevices] = {};
  bool tried[kPoolDevices] = {};

  static cudaMemPool_t make(int dev) {
    cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
    cudaThreadExchangeStreamCaptureMode(&mode);
    cudaMemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = dev;
    cuuint64_t keep = kPoolKeep;
    cudaMemPool_t made = nullptr;
    if (cudaMemPoolCreate(&made, &props) != cudaSuccess) made = nullptr;
    else cudaMemPoolSetAttribute(made, cudaMemPoolAttrReleaseThreshold, &keep);
    cudaGetLastError();
    cudaThreadExchangeStreamCaptureMode(&mode);
    return made;
  }

 public:
  // The device's pool (null: none, the default pool serves).
  cudaMemPool_t get(int dev, cudaStream_t s) {
    if (dev < 0 || dev >= kPoolDevices) return nullptr;
    std::lock_guard<std::mutex> lock(mu);
    cudaStreamCaptureStatus capturing = cudaStreamCaptureStatusNone;
    if (!tried[dev] && cudaStreamIsCapturing(s, &capturing) == cudaSuccess &&
        capturing == cudaStreamCaptureStatusNone) {
      tried[dev] = true;
      pool[dev] = make(dev);
    }
    return pool[dev];
  }
  // p failed other than for memory (a reset destroyed it): made again at a later call.
  void forget(int dev, cudaMemPool_t p) {
    std::lock_guard<std::mutex> lock(mu);
    if (pool[dev] == p) pool[dev] = nullptr, tried[dev] = false;
  }
};

cudaError_t ws_alloc(void **p, size_t bytes, cudaStream_t s) {
  static WsPools pools;
  int dev = -1;
  cudaMemPool_t pool = cudaGetDevice(&dev) == cudaSuccess ? pools.get(dev, s) : nullptr;
  if (pool) {
    const cudaError_t e = cudaMallocFromPoolAsync(p, bytes, pool, s);
    if (e == cudaSuccess) return e;
    cudaGetLastError();
    if (e == cudaErrorMemoryAllocation) cudaMemPoolTrimTo(pool, 0);
    else pools.forget(dev, pool);
    cudaGetLastError();
  }
  return cudaMallocAsync(p, bytes, s);
}

// Memory cutego_gemm allocated on the stream (p; null: none), freed on the stream when the
// call returns: after the kernels that read it, or on an early return.
struct FreeOnStream {
  void *p;
  cudaStream_t s;
  ~FreeOnStream() {
    if (p) cudaFreeAsync(p, s);
  }
};

// The caller's workspace (options.workspace) from `used` bytes on: what is left of it for the split's
// or stream-K's partial sums once the packed copies took the first `used` (nothing where it is not
// 256-byte aligned).
struct CallerWs {
  void *at = nullptr;
  int64_t bytes = 0;
  CallerWs(const cutego_gemm_options_t *opt, int64_t used) {
    if (opt && opt->workspace && reinterpret_cast<uintptr_t>(opt->workspace) % 256 == 0 && used >= 0 &&
        opt->workspace_bytes >= used) {
      at = static_cast<uint8_t *>(opt->workspace) + used;
      bytes = opt->workspace_bytes - used;
    }
  }
  bool fits(int64_t n) const { return at && bytes >= n; }
};

// The plan's packed operands copied into its workspace (the caller's when it holds
// plan.workspace_bytes, *in_caller then; else allocated on the stream, *ws for the caller to free):
// an operand with unit K stride (its row stride or address off a grid) row by row with its K
// padding zeroed (PackRows: A's and B's in one launch), one with unit MN stride transposed by tiles
// with its K padding zeroed (pack_mn_cols: where no tensor map reads such a source, cutego_copy
// takes its generic path, which left bf16 TT 192 x 19124 x 3648 at 0.087 of cuBLAS on an H100),
// anything else through cutego_copy; a
// packed C/D: C copied in (beta != 0). Nothing else is written: the tensor maps end at K and N, so
// no kernel reads the padding past them, but for a split's slices (cutego_gemm_split_pad: the split
// branch zeroes what they read). a, b (and c, d) then point into the workspace.
int pack_operands(const cutego_gemm_plan_t &p, const cute_layout_t *la, const cute_layout_t *lb, const cute_layout_t *lc,
                  int read_c, const void **a, const void **b, const void **c, void **d, const cutego_gemm_options_t *opt,
                  int sms, cutego_stream_t stream_, void **ws_own, bool *in_caller) {
  cudaStream_t stream = reinterpret_cast<cudaStream_t>(stream_);
  const int ces = p.cd_dtype == CUTEGO_DTYPE_F32 ? 4 : 2, es = is_fp8(p.ab_dtype) ? 1 : 2;
  void *ws = nullptr;
  cudaError_t e = cudaSuccess;
  *ws_own = nullptr;
  *in_caller = false;
  const CallerWs cw(opt, 0);
  if (cw.fits(p.workspace_bytes)) {
    ws = cw.at;
    *in_caller = true;
  } else {
    e = ws_alloc(&ws, static_cast<size_t>(p.workspace_bytes), stream);
    if (e != cudaSuccess)
      return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: workspace of %lld bytes: %s", (long long)p.workspace_bytes,
                  cudaGetErrorString(e));
  }
  int rc = CUTEGO_KERNELS_OK;
  PackRows rows;
  if (p.flags & CUTEGO_GEMM_F_PACK_A) {
    void *wa = static_cast<uint8_t *>(ws) + p.a_workspace_offset;
    rc = rows.add(wa, p.a_packed, *a, la, es);
    if (rc == PackRows::kOther)
      rc = cutego_gemm_pack_cols_reads(la) ? pack_mn_cols(wa, p.a_packed, *a, la, es, sms, stream)
                                         : cutego_copy_ex(wa, &p.a_packed, *a, la, es, stream_, nullptr, nullptr);
    *a = wa;
  }
  if (p.flags & CUTEGO_GEMM_F_PACK_D) {
    void *wd = static_cast<uint8_t *>(ws) + p.d_workspace_offset;
    if (rc == CUTEGO_KERNELS_OK && read_c) rc = cutego_copy_ex(wd, &p.d_packed, *c, lc, ces, stream_, nullptr, nullptr);
    *d = wd;
    *c = wd;
  }
  if (rc == CUTEGO_KERNELS_OK && (p.flags & CUTEGO_GEMM_F_PACK_B)) {
    void *wb = static_cast<uint8_t *>(ws) + p.b_workspace_offset;
    rc = rows.add(wb, p.b_packed, *b, lb, es);
    if (rc == PackRows::kOther)
      rc = cutego_gemm_pack_cols_reads(lb) ? pack_mn_cols(wb, p.b_packed, *b, lb, es, sms, stream)
                                         : cutego_copy_ex(wb, &p.b_packed, *b, lb, es, stream_, nullptr, nullptr);
    *b = wb;
  }
  if (rc == CUTEGO_KERNELS_OK) rc = rows.launch(sms, stream);
  if (rc != CUTEGO_KERNELS_OK) {
    char why[200];
    snprintf(why, sizeof why, "%s", e != cudaSuccess ? cudaGetErrorString(e) : cutego_k::last_error());
    if (!*in_caller) cudaFreeAsync(ws, stream);
    return fail(rc, "cutego_gemm: packing an operand: %s", why);
  }
  if (!*in_caller) *ws_own = ws;
  return CUTEGO_KERNELS_OK;
}

// Split K into `splits` slices: the slices are the batches of A' (M, K/S, S) and B' (N, K/S, S)
// (slice j starts j*K/S steps along K), the wgmma kernel writes their fp32 products into the
// batches of a workspace W (M, N, S), and gemm_split_k_reduce sums them into D. Returns
// CUTEGO_KERNELS_EINVAL, before any kernel is launched, where the slices' plan is not a wgmma plan
// reading A' and B' in place (the caller may then go on without splitting). Block-scaled (bs):
// the slices are whole K blocks (cutego_gemm_split_k), and the scales' slices are the batches of
// SA' (M, KB/S, S) and SB' (NB, KB/S, S).
int gemm_split_k(cutego_gemm_plan_t &p, int splits, void *d, const void *a, const void *b, const void *c, float alpha,
                 float beta, cutego_stream_t stream_, const cutego_gemm_options_t *opt, int sms,
                 const cutego_gemm_block_scales_t *bs, const CallerWs &cw) {
  cudaStream_t stream = reinterpret_cast<cudaStream_t>(stream_);
  cutego_gemm_split_layouts_t sl;
  if (cutego_gemm_split_layouts(&p, splits, sms, bs, &sl) != 0)
    return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: K does not split in %d slices", splits);
  const int64_t m = p.m, n = p.n, ks = sl.slice_k, ldw = sl.ldw, ws_bytes = sl.workspace_bytes;
  cutego_gemm_options_t o;
  memset(&o, 0, sizeof o);
  if (opt) o = *opt;
  o.force_path = CUTEGO_GEMM_PATH_WGMMA;
  o.no_pack = 1;
  o.split_k = 1;
  o.decomposition = CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL;
  o.cluster_m = 1;
  o.workspace = nullptr;  // (the partial sums' own)
  o.workspace_bytes = 0;
  if (o.config <= 0) o.config = cutego_gemm_slice_config(&p) + 1;
  cutego_gemm_plan_t ps;  // (forced wgmma without packing: any other plan fails as EINVAL before a launch)
  memset(&ps, 0, sizeof ps);
  void *ws = nullptr;
  bool own = false;
  if (cw.fits(ws_bytes)) {
    ws = cw.at;
  } else {
    cudaError_t e = ws_alloc(&ws, static_cast<size_t>(ws_bytes), stream);
    if (e != cudaSuccess)
      return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: split-K workspace of %lld bytes: %s", (long long)ws_bytes,
                  cudaGetErrorString(e));
    own = true;
  }
  int rc;
  if (bs) {
    const BlockScalesIn slices = {bs->a, bs->b, &sl.scale_a, &sl.scale_b};
    rc = gemm_run(ws, &sl.w, a, &sl.a, b, &sl.b, nullptr, nullptr, p.ab_dtype, CUTEGO_DTYPE_F32, 1.f, 0.f, stream_, &o, &ps,
                  &slices);
  } else {
    rc = cutego_gemm(ws, &sl.w, a, &sl.a, b, &sl.b, nullptr, nullptr, p.ab_dtype, CUTEGO_DTYPE_F32, 1.f, 0.f, stream_, &o,
                     &ps);
  }
  if (rc == CUTEGO_KERNELS_OK) {
    const int64_t blocks = sl.reduce_blocks;
    const int rd = p.read_c;
    const int64_t cs0 = rd ? p.c.stride[0] : 0, cs1 = rd ? p.c.stride[1] : 0;
    // A programmatic dependent launch: the reduction's launch overlaps the GEMM's tail, and its
    // threads wait for the GEMM's partial sums (gemm_split_k_reduce).
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr[0].val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(static_cast<unsigned>(blocks));
    cfg.blockDim = dim3(256);
    cfg.stream = stream;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    const float *w = static_cast<const float *>(ws);
    cudaError_t e;
#define RED(TO)                                                                                                   \
  cudaLaunchKernelEx(&cfg, cutego_k::gemm_split_k_reduce<TO>, static_cast<TO *>(d), p.d.stride[0], p.d.stride[1], \
                     static_cast<const TO *>(c), cs0, cs1, w, m, n, ldw, splits, alpha, beta, rd)
    if (p.cd_dtype == CUTEGO_DTYPE_BF16) e = RED(__nv_bfloat16);
    else if (p.cd_dtype == CUTEGO_DTYPE_F16) e = RED(__half);
    else e = RED(float);
#undef RED
    if (e != cudaSuccess) rc = fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: split-K reduction: %s", cudaGetErrorString(e));
  }
  if (own) cudaFreeAsync(ws, stream);
  if (rc == CUTEGO_KERNELS_OK) {
    p.split_k = splits;
    p.decomposition = CUTEGO_GEMM_DECOMPOSITION_SPLIT_K;
    p.split_workspace_bytes = ws_bytes;
    p.config = ps.config;
    p.tiles_m = ps.tiles_m, p.tiles_n = ps.tiles_n, p.tiles = ps.tiles;
    snprintf(p.reason, sizeof p.reason, "wgmma, K split in %d slices of %lld: %.100s", splits, (long long)ks, ps.reason);
  }
  return rc;
}

// The current device (have: false where there is none) and what the launcher knows of it.
struct Device {
  cutego_k::DevInfo di;
  int dev = 0;
  bool have = false;
};

// gemm_run on the device dv.
int gemm_on(const Device &dv, void *d, const cute_layout_t *ld, const void *a, const cute_layout_t *la, const void *b,
            const cute_layout_t *lb, const void *c, const cute_layout_t *lc, int ab_dtype, int cd_dtype, float alpha,
            float beta, cutego_stream_t stream_, const cutego_gemm_options_t *opt, cutego_gemm_plan_t *plan_out,
            const BlockScalesIn *bsi) {
  cudaStream_t stream = reinterpret_cast<cudaStream_t>(stream_);
  cutego_gemm_plan_t p;
  const int read_c = beta != 0.0f;
  void *const d_in = d;  // the caller's operands (a, b, c and d may become packed copies below)
  const void *const a_in = a, *const b_in = b, *const c_in = c;
  // The planner chooses tiles for the device's SM count (no device: a plan that ignores it, and
  // ENODEV after the argument checks).
  const cutego_k::DevInfo &di = dv.di;
  const int dev = dv.dev;
  const bool have_dev = dv.have;
  cutego_gemm_options_t o = {};
  if (opt) o = *opt;
  if (o.sms == 0 && have_dev) o.sms = di.sms;
  // The plan of this call with the options `base` (and, config > 0, that tile configuration).
  auto plan_with = [&](cutego_gemm_options_t base, int config, cutego_gemm_plan_t *q) {
    if (config > 0) base.config = config;
    return plan_memo(ld, la, lb, lc, ab_dtype, cd_dtype, read_c, reinterpret_cast<uintptr_t>(d),
                     reinterpret_cast<uintptr_t>(a), reinterpret_cast<uintptr_t>(b), reinterpret_cast<uintptr_t>(c),
                     &base, q);
  };
  cutego_gemm_options_t used = o;  // the options p was planned with
  if (plan_with(o, 0, &p) != 0) {
    if (plan_out) *plan_out = p;
    return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: %s", p.reason);
  }
  if (plan_out) *plan_out = p;
  cutego_gemm_block_scales_t block_scales = {};
  if (bsi && p.path != CUTEGO_GEMM_PATH_NONE) {
    char why[sizeof p.reason];
    if (cutego_gemm_block_scales(&p, bsi->a, bsi->la, bsi->b, bsi->lb, &block_scales, why, sizeof why) != 0)
      return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm_blockscaled: %s", why);
  }
  if (p.path == CUTEGO_GEMM_PATH_NONE) return CUTEGO_KERNELS_OK;
  if (!d || !a || !b || (read_c && !c)) return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: null pointer");
  if (!have_dev) return fail(CUTEGO_KERNELS_ENODEV, "cutego_gemm: no CUDA device");
  cudaError_t e;
  // Narrow tiles (cutego_gemm_narrow_config): 64x128 where 128x128 is the data-parallel choice,
  // neither splits K and 64x128 tiles fill one wave where 128x128 ones fill at most half (1024^3);
  // where 128x128 tiles would split K in more slices, 64x64 for at most 64 rows and 64x128 above;
  // unless a configuration or a split is asked for; where they add no packed copy to the plan's (K
  // off the 16-byte grid copies A and B on any tiles; a copy for a pitch off the 128-byte grid may
  // not pay on narrow tiles).
  const int req = opt ? opt->split_k : 0;
  const int dec = opt ? opt->decomposition : CUTEGO_GEMM_DECOMPOSITION_AUTO;
  const bool no_split = dec == CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL || dec == CUTEGO_GEMM_DECOMPOSITION_STREAM_K;
  {
    char why[120];
    if (cutego_gemm_check_decomposition(dec, req, why, sizeof why) != 0)
      return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: %s", why);
  }
  bool narrow = false;
  const int narrow_cfg = p.path == CUTEGO_GEMM_PATH_WGMMA && !(opt && opt->config > 0) && req == 0 && !no_split
                             ? cutego_gemm_narrow_config(&p, di.sms)
                             : -1;
  if (narrow_cfg >= 0) {
    cutego_gemm_plan_t q;
    const uint32_t packs = CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B | CUTEGO_GEMM_F_PACK_D;
    if (plan_with(o, narrow_cfg + 1, &q) == 0 && q.path == CUTEGO_GEMM_PATH_WGMMA &&
        (q.flags & packs & ~p.flags) == 0) {
      p = q;
      narrow = true;
      if (plan_out) *plan_out = p;
    }
  }
  // The packed copies' workspace, when cutego_gemm allocated it: back on the stream after the
  // kernels that read it (or on an early return).
  FreeOnStream free_ws{nullptr, stream};
  bool packed = false, packed_in_caller = false;
  // Split K (the wave rule of cutego_gemm_split_k, or the split_k option): slices of K as batches,
  // then a reduction. A plan with packed A or B packs first and splits the copies.
  {
    char why[120];
    const int splits = no_split ? 1 : cutego_gemm_split_k(&p, di.sms, req, why, sizeof why);
    if (splits < 0) return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: %s", why);
    if (splits > 1) {
      if (p.path == CUTEGO_GEMM_PATH_WGMMA && (p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B))) {
        if (di.major != 9) return fail(CUTEGO_KERNELS_ENODEV, "cutego_gemm: the wgmma path needs compute capability 9.0");
        void *own = nullptr, *dd = d;
        const void *cc = c;
        const int rc = pack_operands(p, la, lb, lc, read_c, &a, &b, &cc, &dd, opt, di.sms, stream_, &own,
                                     &packed_in_caller);
        if (rc != CUTEGO_KERNELS_OK) return rc;
        free_ws.p = own;
        packed = true;
        // the copies' K padding that the last slice reads, zeroed (cutego_gemm_split_pad)
        for (int which = 0; which < 2; ++which) {
          int64_t off, pitch, width, rows;
          if (!cutego_gemm_split_pad(&p, which, &off, &pitch, &width, &rows)) continue;
          uint8_t *at = static_cast<uint8_t *>(const_cast<void *>(which ? b : a)) + off;
          const cudaError_t e = cudaMemset2DAsync(at, static_cast<size_t>(pitch), 0, static_cast<size_t>(width),
                                                  static_cast<size_t>(rows), stream);
          if (e != cudaSuccess)
            return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: zeroing the packed copies' K padding: %s",
                        cudaGetErrorString(e));
        }
      }
      char keep[512];
      snprintf(keep, sizeof keep, "%s", cutego_k::last_error());
      const CallerWs cw(opt, packed_in_caller ? p.workspace_bytes : 0);
      int rc = gemm_split_k(p, splits, d, a, b, c, alpha, beta, stream_, opt, di.sms, bsi ? &block_scales : nullptr, cw);
      if (plan_out) *plan_out = p;
      if (rc != CUTEGO_KERNELS_EINVAL || req > 1) return rc;
      cutego_k::fail(CUTEGO_KERNELS_OK, "%s", keep);  // the slices did not plan: no split
    }
  }
  // Stream-K (cutego_gemm_stream_k's cost model, or asked for), on the configuration it names
  // (cutego_gemm_stream_k_choice, shared with the Go launcher).
  bool stream_k = false;
  {
    char why[sizeof p.reason];
    int want = cutego_gemm_stream_k_choice(&p, di.sms, dec, opt ? opt->config : 0, req, narrow, packed, why, sizeof why);
    if (want > 0 && want - 1 != p.config) {
      cutego_gemm_plan_t q;
      const bool planned = plan_with(o, want, &q) == 0;
      want = cutego_gemm_stream_k_replanned(planned ? &q : nullptr, dec, want, why, sizeof why);
      if (want > 0) {
        p = q;
        if (plan_out) *plan_out = p;
      }
    }
    if (want < 0) return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: %s", why);
    stream_k = want > 0;
  }
  // The tile configuration by waves on this device (cutego_gemm_pick_config_plan: 128x168 only for
  // a B read K-major), unless asked for.
  if (p.path == CUTEGO_GEMM_PATH_WGMMA && !(opt && opt->config > 0) && !p.promoted && !narrow && !stream_k && !packed) {
    const int want = cutego_gemm_pick_config_plan(&p, di.sms);
    if (want != p.config) {
      cutego_gemm_options_t asked = {};  // (the caller's options as given: sms not filled in)
      if (opt) asked = *opt;
      cutego_gemm_plan_t q;
      if (plan_with(asked, want + 1, &q) == 0 &&
          q.path == CUTEGO_GEMM_PATH_WGMMA) {
        p = q;
        used = asked;
        if (plan_out) *plan_out = p;
      }
    }
  }
  // 2x1 clusters sharing B where its rows lie off the 128-byte grid (cutego_gemm_auto_cluster),
  // unless clusters are asked for either way or K is streamed: the same tiles and copies.
  bool auto_cluster = false;
  if (p.path == CUTEGO_GEMM_PATH_WGMMA && !(opt && opt->cluster_m > 0) && !stream_k && !bsi &&
      cutego_gemm_auto_cluster(&p) == 2) {
    cutego_gemm_options_t oc = used;
    oc.cluster_m = 2;
    cutego_gemm_plan_t q;
    const uint32_t packs = CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B | CUTEGO_GEMM_F_PACK_D;
    if (plan_with(oc, p.config + 1, &q) == 0 && q.path == CUTEGO_GEMM_PATH_WGMMA && q.cluster_m == 2 &&
        (q.flags & packs & ~p.flags) == 0) {
      p = q;
      auto_cluster = true;
      if (plan_out) *plan_out = p;
    }
  }
  if (p.path == CUTEGO_GEMM_PATH_GENERIC) {
    if (plan_out) plan_out->decomposition = CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL;
    e = launch_generic(p, d, ld, a, la, b, lb, c, read_c ? lc : nullptr, alpha, beta, di.sms, o.max_ctas, stream);
    if (e != cudaSuccess) return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: generic launch: %s", cudaGetErrorString(e));
    return CUTEGO_KERNELS_OK;
  }
  if (di.major != 9) return fail(CUTEGO_KERNELS_ENODEV, "cutego_gemm: the wgmma path needs compute capability 9.0");
  // Operands no tensor map reads as they are (or whose row pitch is off the 128-byte grid): copied
  // into a K-major workspace first, unless the split above already did.
  void *d_user = d;
  const int ces = p.cd_dtype == CUTEGO_DTYPE_F32 ? 4 : 2;
  if (!packed && (p.flags & (CUTEGO_GEMM_F_PACK_A | CUTEGO_GEMM_F_PACK_B | CUTEGO_GEMM_F_PACK_D))) {
    void *own = nullptr;
    const void *cc = c;
    const int rc = pack_operands(p, la, lb, lc, read_c, &a, &b, &cc, &d, opt, di.sms, stream_, &own, &packed_in_caller);
    if (rc != CUTEGO_KERNELS_OK) return rc;
    c = cc;
    free_ws.p = own;
    packed = true;
  }
  cutego_encode_tiled_fn enc = cutego_k::encode_fn();
  if (!enc) return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: cuTensorMapEncodeTiled not available from the driver");
  alignas(64) CUtensorMap ma, mb, md;
  memset(&md, 0, sizeof md);
  // A's and B's parameters: tensor maps (remembered), or where cp.async reads them
  // (CUTEGO_GEMM_F_ROWS) their cutego_gemm_rows_t.
  const bool rows = (p.flags & CUTEGO_GEMM_F_ROWS) != 0;
  if ((rows ? cutego_gemm_operand_param(&p, 0, a, enc, &ma) : encode(&ma, &p.a_map, const_cast<void *>(a), enc)) != 0)
    return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: encoding A's tensor map failed");
  if ((rows ? cutego_gemm_operand_param(&p, 1, b, enc, &mb) : encode(&mb, &p.b_map, const_cast<void *>(b), enc)) != 0)
    return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: encoding B's tensor map failed");
  if ((p.flags & CUTEGO_GEMM_F_D_TMA) && encode(&md, &p.d_map, d, enc) != 0)
    return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: encoding D's tensor map failed");
  cutego_k::GemmArgs g;
  cutego_gemm_args(&p, d, c, alpha, beta, o.group_m, &g);
  const int am = p.a.major, bm = p.b.major;
  const void *fn = stream_k ? is_fp8(p.ab_dtype) ? fp8_stream_k_kernel(p.config, p.ab_dtype, p.b_dtype, out_index(p.cd_dtype))
                                                : stream_k_kernel(p.config, am, bm, p.ab_dtype == CUTEGO_DTYPE_F16,
                                                                  out_index(p.cd_dtype))
                  : bsi ? fp8_blockscaled_kernel(p.config, p.ab_dtype, p.b_dtype, out_index(p.cd_dtype))
                  : is_fp8(p.ab_dtype) ? fp8_kernel(p.config, p.ab_dtype, p.b_dtype, out_index(p.cd_dtype), p.promoted)
                                      : reinterpret_cast<const void *>(wgmma_kernel(
                                            p.config, am, bm, p.ab_dtype == CUTEGO_DTYPE_F16, out_index(p.cd_dtype)));
  if (!fn) return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: no kernel %s (the plan's majors have none)", p.kernel);
  cutego_gemm_scales_t scales = {opt ? opt->scale_a : nullptr, opt ? opt->scale_b : nullptr};
  cutego_launch_t launch;
  cutego_gemm_launch(&p, di.sms, o.max_ctas, &launch);
  const int smem = launch.smem_bytes;
  if (smem > di.smem_optin) return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: the pipeline needs %d bytes of shared memory", smem);
  if (set_smem(dev, fn, smem) != 0)
    return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: cudaFuncSetAttribute failed");
  // A persistent grid: the CTAs that fit at once (one per SM; with clusters, what the
  // occupancy API says fits of them), cutego_gemm_grid rounding to whole clusters.
  // A programmatic dependent launch where the plan says so (its kernel waits for the one before).
  cudaLaunchAttribute attr[2];
  unsigned nattr = 0;
  if (launch.cluster > 1) {  // no cluster launch at all without clusters
    attr[nattr].id = cudaLaunchAttributeClusterDimension;
    attr[nattr].val.clusterDim.x = static_cast<unsigned>(launch.cluster);
    attr[nattr].val.clusterDim.y = attr[nattr].val.clusterDim.z = 1;
    ++nattr;
  }
  if (launch.programmatic) {
    attr[nattr].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr[nattr].val.programmaticStreamSerializationAllowed = 1;
    ++nattr;
  }
  cudaLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(static_cast<unsigned>(launch.block));
  cfg.dynamicSmemBytes = static_cast<size_t>(smem);
  cfg.stream = stream;
  cfg.attrs = attr;
  cfg.numAttrs = nattr;
  cfg.gridDim = dim3(static_cast<unsigned>(launch.grid));
  // Stream-K: one CTA per SM (at most max_ctas; no more than the stream-K k-iterations when all
  // tiles are stream-K tiles), its partial sums' workspace and zeroed flags.
  cutego_gemm_stream_k_t sk = {};
  FreeOnStream free_sk{nullptr, stream};
  if (stream_k) {
    int64_t ctas = 0, bytes = 0, flags_at = 0;  // (a stream-K configuration: cutego_gemm_stream_k_choice's)
    if (cutego_gemm_stream_k_launch(&p, di.sms, o.max_ctas, o.group_m, &sk, &ctas, &bytes, &flags_at) != 0)
      return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: no stream-K launch of %s", p.kernel);
    void *w = nullptr;
    const CallerWs cw(opt, packed_in_caller ? p.workspace_bytes : 0);
    if (cw.fits(bytes)) {
      w = cw.at;
    } else {
      e = ws_alloc(&w, static_cast<size_t>(bytes), stream);
      if (e != cudaSuccess)
        return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: stream-K workspace of %lld bytes: %s", (long long)bytes,
                    cudaGetErrorString(e));
      free_sk.p = w;
    }
    sk.partials = static_cast<float *>(w);
    sk.flags = reinterpret_cast<int32_t *>(static_cast<uint8_t *>(w) + flags_at);
    e = cudaMemsetAsync(sk.flags, 0, static_cast<size_t>(ctas * 8), stream);
    if (e != cudaSuccess) return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: zeroing stream-K flags: %s", cudaGetErrorString(e));
    cfg.gridDim = dim3(static_cast<unsigned>(ctas));
    cutego_gemm_plan_stream_k(&p, &sk, ctas, bytes);
  } else {
    p.decomposition = CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL;
  }
  if (plan_out) *plan_out = p;
  if (launch.cluster > 1) {
    int clusters = 0;
    cfg.gridDim = dim3(static_cast<unsigned>(di.sms - di.sms % launch.cluster));
    e = max_active_clusters(dev, &clusters, fn, &cfg, static_cast<unsigned>(launch.cluster));
    if ((e != cudaSuccess || clusters < 1) && auto_cluster) {  // none fits here: the same GEMM without
      cudaGetLastError();
      cutego_gemm_options_t o1 = o;
      o1.cluster_m = 1;
      return gemm_run(d_in, ld, a_in, la, b_in, lb, c_in, lc, ab_dtype, cd_dtype, alpha, beta, stream_, &o1, plan_out,
                      bsi);
    }
    if (e != cudaSuccess || clusters < 1)
      return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: no %dx%d cluster of this kernel fits: %s", (int)p.cluster_m,
                  (int)p.cluster_n, e != cudaSuccess ? cudaGetErrorString(e) : "occupancy 0");
    cfg.gridDim = dim3(static_cast<unsigned>(cutego_gemm_grid(&p, static_cast<int64_t>(clusters) * launch.cluster,
                                                              o.max_ctas)));
  }
  void *args[] = {&ma, &mb, &md, &g,
                  stream_k ? static_cast<void *>(&sk) : bsi ? static_cast<void *>(&block_scales) : static_cast<void *>(&scales),
                  &scales};
  // (the 16-bit kernels take the first four, their stream-K kernels five; the FP8 kernels five, the
  // per-tensor scales or the block scales fifth; the FP8 stream-K kernels six, the scales sixth)
  e = cudaLaunchKernelExC(&cfg, fn, args);
  if (e != cudaSuccess) {  // the shared-memory opt-in remembered may be gone (a reset context): once more
    cudaGetLastError();
    forget_smem();
    if (set_smem(dev, fn, smem) == 0) e = cudaLaunchKernelExC(&cfg, fn, args);
  }
  if (e != cudaSuccess) return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: launch: %s", cudaGetErrorString(e));
  if ((p.flags & CUTEGO_GEMM_F_PACK_D) &&
      cutego_copy_ex(d_user, ld, d, &p.d_packed, ces, stream_, nullptr, nullptr) != CUTEGO_KERNELS_OK) {
    char why[200];
    snprintf(why, sizeof why, "%s", cutego_k::last_error());
    return fail(CUTEGO_KERNELS_ECUDA, "cutego_gemm: copying D out of the workspace: %s", why);
  }
  return CUTEGO_KERNELS_OK;
}

// The call as D^T = B A^T (cutego_gemm_swap_ab): D's and C's layouts transposed into *ld_t and
// *lc_t, the options with A's and B's scales and types exchanged into *o_t and *ab_t. False where
// the rule keeps the call as it is (first, cheaply, where cutego_gemm_swap_candidate says no).
bool swap_ab(const void *d, const cute_layout_t *ld, const void *a, const cute_layout_t *la, const void *b,
             const cute_layout_t *lb, const void *c, const cute_layout_t *lc, int ab_dtype, int cd_dtype, float beta,
             const cutego_gemm_options_t *opt, int sms, cute_layout_t *ld_t, cute_layout_t *lc_t, cutego_gemm_options_t *o_t,
             int *ab_t) {
  const int read_c = beta != 0.0f;
  if (!la || !lb || (read_c && !lc) || !cutego_gemm_swap_candidate(ld, ab_dtype)) return false;
  if (cutego_gemm_transpose_layout(ld, ld_t) != 0 || (read_c && cutego_gemm_transpose_layout(lc, lc_t) != 0))
    return false;
  cutego_gemm_options_t o = {};
  if (opt) o = *opt;
  *o_t = o;
  o_t->scale_a = o.scale_b, o_t->scale_b = o.scale_a;
  *ab_t = ab_dtype;
  if (o.b_dtype != 0 && o.b_dtype != ab_dtype) *ab_t = o.b_dtype, o_t->b_dtype = ab_dtype;
  // the plans gemm_on makes first (the options with the device's multiprocessors)
  cutego_gemm_options_t os = *o_t;
  if (o.sms == 0) o.sms = sms, os.sms = sms;
  const auto addr = [](const void *x) { return reinterpret_cast<uintptr_t>(x); };
  // the answer, remembered (a pure function of the call's bytes and the multiprocessors, as the
  // plans it compares): a repeated call looks it up once
  const cute_layout_t *lc_read = read_c ? lc : nullptr;
  const PlanCall k = plan_call(ld, la, lb, lc_read, ab_dtype, cd_dtype, read_c, addr(d), addr(a), addr(b), addr(c), &o);
  thread_local Ring<PlanCall, bool, kPlanMemo> decided;
  if (const bool *f = decided.find(k)) return *f;
  cutego_gemm_plan_t p, q;
  const bool yes =
      plan_memo(ld, la, lb, lc_read, ab_dtype, cd_dtype, read_c, addr(d), addr(a), addr(b), addr(c), &o, &p) == 0 &&
      plan_memo(ld_t, lb, la, read_c ? lc_t : nullptr, *ab_t, cd_dtype, read_c, addr(d), addr(b), addr(a), addr(c),
                &os, &q) == 0 &&
      cutego_gemm_swap_ab(opt, &p, &q, o.sms) == 1;
  decided.put(k, yes);
  return yes;
}

// cutego_gemm, and cutego_gemm_blockscaled with bsi (opt's fp8_accumulation BLOCK_SCALED then): on
// the current device, as D^T = B A^T where cutego_gemm_swap_ab says so (not block-scaled).
int gemm_run(void *d, const cute_layout_t *ld, const void *a, const cute_layout_t *la, const void *b,
             const cute_layout_t *lb, const void *c, const cute_layout_t *lc, int ab_dtype, int cd_dtype, float alpha,
             float beta, cutego_stream_t stream, const cutego_gemm_options_t *opt, cutego_gemm_plan_t *plan_out,
             const BlockScalesIn *bsi) {
  Device dv;
  dv.have = dev_info(&dv.di, &dv.dev) == 0;
  cute_layout_t ld_t, lc_t;
  cutego_gemm_options_t o_t;
  int ab_t = 0;
  if (!bsi && dv.have &&
      swap_ab(d, ld, a, la, b, lb, c, lc, ab_dtype, cd_dtype, beta, opt, dv.di.sms, &ld_t, &lc_t, &o_t, &ab_t)) {
    const int rc = gemm_on(dv, d, &ld_t, b, lb, a, la, c, beta != 0.0f ? &lc_t : lc, ab_t, cd_dtype, alpha, beta,
                           stream, &o_t, plan_out, nullptr);
    cutego_gemm_mark_swapped(plan_out);
    return rc;
  }
  return gemm_on(dv, d, ld, a, la, b, lb, c, lc, ab_dtype, cd_dtype, alpha, beta, stream, opt, plan_out, bsi);
}
}  // namespace

extern "C" int cutego_gemm(void *d, const cute_layout_t *ld, const void *a, const cute_layout_t *la, const void *b,
                           const cute_layout_t *lb, const void *c, const cute_layout_t *lc, int ab_dtype,
                           int cd_dtype, float alpha, float beta, cutego_stream_t stream,
                           const cutego_gemm_options_t *opt, cutego_gemm_plan_t *plan_out) {
  if (opt && opt->fp8_accumulation == CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED)
    return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm: fp8_accumulation BLOCK_SCALED needs the block scales: "
                "cutego_gemm_blockscaled");
  return gemm_run(d, ld, a, la, b, lb, c, lc, ab_dtype, cd_dtype, alpha, beta, stream, opt, plan_out, nullptr);
}

extern "C" int cutego_gemm_blockscaled(void *d, const cute_layout_t *ld, const void *a, const cute_layout_t *la,
                                       const void *b, const cute_layout_t *lb, const void *c,
                                       const cute_layout_t *lc, int ab_dtype, int cd_dtype, const float *scale_a,
                                       const cute_layout_t *scale_a_layout, const float *scale_b,
                                       const cute_layout_t *scale_b_layout, float alpha, float beta,
                                       cutego_stream_t stream, const cutego_gemm_options_t *opt,
                                       cutego_gemm_plan_t *plan_out) {
  cutego_gemm_options_t o = {};
  if (opt) o = *opt;
  if (o.fp8_accumulation != CUTEGO_GEMM_FP8_ACCUM_FAST && o.fp8_accumulation != CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED)
    return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm_blockscaled: fp8_accumulation %d: 0 or BLOCK_SCALED (%d)",
                (int)o.fp8_accumulation, (int)CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED);
  if (!is_fp8(ab_dtype))
    return fail(CUTEGO_KERNELS_EINVAL, "cutego_gemm_blockscaled: A/B data type %d: FP8 e4m3 (%d) or e5m2 (%d) only",
                ab_dtype, (int)CUTEGO_DTYPE_E4M3, (int)CUTEGO_DTYPE_E5M2);
  o.fp8_accumulation = CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED;
  const BlockScalesIn bsi = {scale_a, scale_b, scale_a_layout, scale_b_layout};
  return gemm_run(d, ld, a, la, b, lb, c, lc, ab_dtype, cd_dtype, alpha, beta, stream, &o, plan_out, &bsi);
}

/* cutego_kernels.h — C launcher API of cutego's Hopper copy kernels (kernels/, sm_90a).
 *
 *   cutego_copy(dst, dst_layout, src, src_layout, elem_bytes, stream, &path)
 *
 * copies dst[dst_layout(i)] = src[src_layout(i)] for every i in [0, size) (layouts in
 * elements of elem_bytes = 1, 2, 4, 8 or 16 bytes; offsets go into the pointers). It picks
 * the path (cutego_tma.h): TMA copy, TMA permute through a swizzled shared tile, or the
 * generic per-element kernel for what no tensor map expresses; *path says which.
 * Asynchronous on stream (launch errors are reported, execution errors surface at the next
 * synchronization). Returns CUTEGO_KERNELS_OK or an error; cutego_kernels_last_error(buf, n)
 * explains the last error of the calling thread. The destination must not overlap the
 * source, and dst_layout must be injective (a stride-0 mode of extent > 1 is rejected).
 */
#ifndef CUTEGO_KERNELS_H
#define CUTEGO_KERNELS_H

#include <stddef.h>
#include "cutego_tma.h"
#include "cutego_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct CUstream_st *cutego_stream_t; /* same type as cudaStream_t and CUstream */

/* Status codes: cutego.h's convention (cutego_status_t: 0 is success, CUTEGO_INVALID_ARGUMENT
 * is 1), extended by the two failures only a launcher has. The message of the calling thread's
 * last failure is read with cutego_kernels_last_error(buf, n), with cutego_last_error's rules
 * (libcutego_kernels does not link libcutego, so it keeps its own). */
enum {
  CUTEGO_KERNELS_OK = 0,      /* = CUTEGO_OK */
  CUTEGO_KERNELS_EINVAL = 1,  /* = CUTEGO_INVALID_ARGUMENT: nothing was launched */
  CUTEGO_KERNELS_ECUDA = 9,   /* a CUDA runtime or driver call failed */
  CUTEGO_KERNELS_ENODEV = 10  /* no device of compute capability 9.0 */
};

int cutego_copy(void *dst, cute_layout_t dst_layout, const void *src, cute_layout_t src_layout,
                size_t elem_bytes, cutego_stream_t stream, int *path);

/* As cutego_copy, with options (may be NULL) and the full plan returned (may be NULL). */
int cutego_copy_ex(void *dst, const cute_layout_t *dst_layout, const void *src,
                   const cute_layout_t *src_layout, size_t elem_bytes, cutego_stream_t stream,
                   const cutego_copy_options_t *opt, cutego_copy_plan_t *plan);

/* ---- GEMM (kernels/gemm_kernels.cuh, csrc/gemm/plan.c) ------------------------------------
 *
 *   cutego_gemm(d, d_layout, a, a_layout, b, b_layout, c, c_layout, ab_dtype, cd_dtype,
 *               alpha, beta, stream, opt, plan)
 *
 * computes D(m,n,l) = alpha * sum_k A(m,k,l) * B(n,k,l) + beta * C(m,n,l) with CuTe's
 * convention for the operands: A is an (M,K) or (M,K,L) layout, B an (N,K) or (N,K,L)
 * layout, C and D (M,N) or (M,N,L) layouts, all in elements (offsets go into the pointers).
 * A mode may be hierarchical; a batch mode may have any stride (0 broadcasts). A and B are
 * bf16 or fp16 (the same type), C and D bf16, fp16 or fp32 (the same type); accumulation is
 * fp32. beta == 0 does not read C (c may be NULL then).
 *
 * FP8: A and B e4m3 or e5m2 (ab_dtype is A's type and B's, unless options.b_dtype names B's:
 * every pair of e4m3 and e5m2), C and D bf16, fp16 or fp32, fp32 accumulation in the tensor
 * cores (CUTLASS's and cuBLASLt's "fast accumulation"), or with options.fp8_accumulation
 * PROMOTED partial sums moved into fp32 registers every k-tile (below):
 *   D = alpha * scale_a * scale_b * sum_k A(m,k,l) * B(n,k,l) + beta * C
 * with the per-tensor scales read on the device from options.scale_a / scale_b (fp32 device
 * pointers, as cuBLASLt's CUBLASLT_MATMUL_DESC_A/B_SCALE_POINTER; NULL: 1). Hopper's FP8 wgmma
 * (m64nNk32) reads both operands K-major from shared memory: an A or B that is not K-major
 * (or that no tensor map reads) is transposed by cutego_copy into a compact K-major workspace
 * first, and the plan says so (CUTEGO_GEMM_F_PACK_A/B, packed_why). FP8 runs on the wgmma path
 * only: where the bf16/fp16 GEMM would take the generic path (no_pack, force_path generic, a
 * broadcast batch to pack), an FP8 plan is an error. 2x1 clusters (cluster_m 2) on
 * 128x256 tiles with fast accumulation only.
 *
 * Paths (the plan says which and why, in plan->reason):
 *   CUTEGO_GEMM_PATH_WGMMA   Hopper wgmma, TMA loads into 128-byte-swizzled shared memory, a
 *                            warp-specialized multi-stage pipeline, persistent tiles. Needs A
 *                            and B modes that coalesce to one stride each, one of M/K (N/K)
 *                            with unit stride, the other strides multiples of 16 bytes, and
 *                            16-byte aligned A and B pointers.
 *                            An A or B that no tensor map reads as it is (a hierarchical mode, no
 *                            unit stride, a stride or address off the 16-byte grid) is first
 *                            copied into a compact K-major workspace (CUTEGO_GEMM_F_PACK_A/B;
 *                            options.workspace when it is large enough, else cutego_gemm
 *                            allocates it on the stream from a memory pool of its own per
 *                            device, which keeps up to 64 MiB reserved between calls; give
 *                            options.workspace to allocate nothing).
 *                            cutego_gemm (not the plan) may split K (cutego_gemm_split_k) and
 *                            re-plan with the tile configuration cutego_gemm_pick_config gives.
 *                            With options.workspace a call queues kernels only, so it can be
 *                            captured in a CUDA graph; without, its allocations are captured
 *                            as memory nodes.
 *                            A hierarchical C or D is computed in a compact workspace and copied
 *                            (CUTEGO_GEMM_F_PACK_D).
 *   CUTEGO_GEMM_PATH_GENERIC every layout evaluated per element (any strides, any alignment):
 *                            a broadcast batch to pack, or no_pack.
 * Every layout the wgmma path uses (shared-memory stages, tensor-map boxes, wgmma descriptor
 * offsets, the accumulator's thread-value layout) is computed by cutego at build time:
 * kernels/generated/cutego_gemm_layouts.h (`cutego gen gemm`).
 */
enum {
  CUTEGO_DTYPE_F16 = 1,
  CUTEGO_DTYPE_BF16 = 2,
  CUTEGO_DTYPE_F32 = 3,
  CUTEGO_DTYPE_E4M3 = 4, /* FP8 e4m3 (__nv_fp8_e4m3, CUDA_R_8F_E4M3): A and B only */
  CUTEGO_DTYPE_E5M2 = 5  /* FP8 e5m2 (__nv_fp8_e5m2, CUDA_R_8F_E5M2): A and B only */
};
enum {
  CUTEGO_GEMM_PATH_NONE = 0,    /* empty output: nothing to do */
  CUTEGO_GEMM_PATH_WGMMA = 1,
  CUTEGO_GEMM_PATH_GENERIC = 2
};

/* One operand as the kernels see it: extents and element strides of its modes (MN, K, L),
 * after coalescing each mode. */
typedef struct cutego_gemm_operand_t {
  int64_t extent[3];
  int64_t stride[3];
  int32_t major;      /* 0: K (or N for C/D) has unit stride, 1: M/N has unit stride, -1 neither */
  int32_t bcast_l;    /* the batch mode has stride 0 */
} cutego_gemm_operand_t;

typedef struct cutego_gemm_plan_t {
  int32_t path;               /* CUTEGO_GEMM_PATH_* */
  int32_t config;             /* wgmma path: tile configuration (CUTEGO_GEMM_CONFIG_*) */
  int64_t m, n, k, l;
  int32_t ab_dtype, cd_dtype; /* CUTEGO_DTYPE_* */
  cutego_gemm_operand_t a, b, c, d;
  cutego_tma_desc_t a_map, b_map; /* wgmma path: the tensor maps of A and B */
  cutego_tma_desc_t d_map;        /* wgmma path with CUTEGO_GEMM_F_D_TMA: D's (TMA stores) */
  int64_t tiles_m, tiles_n, tiles;/* wgmma path: output tiles per mode and in all */
  int32_t read_c;             /* beta != 0 */
  int32_t flags;              /* CUTEGO_GEMM_F_* */
  int32_t smem_bytes;         /* wgmma path: dynamic shared memory of the kernel */
  int32_t cluster_m;          /* wgmma path: CTAs per cluster along M, 1 or 2 (2: the cluster's
                                 CTAs share each B stage through TMA multicast; b_map has the
                                 multicast box; launch with this cluster dimension) */
  /* wgmma path with CUTEGO_GEMM_F_PACK_A/B/D: a workspace of workspace_bytes. A and B are
   * copied (cutego_copy) to a/b_workspace_offset with the layouts a/b_packed (K-major, rows
   * padded to 128 bytes, or 16 with pitch_pack OFF; the tensor maps end at K, and only a split's
   * slices read the padding, which is zeroed first: cutego_gemm_split_pad); D is computed at
   * d_workspace_offset with the
   * layout d_packed (C copied there first when beta != 0) and then copied into D. */
  int64_t workspace_bytes, a_workspace_offset, b_workspace_offset, d_workspace_offset;
  cute_layout_t a_packed, b_packed, d_packed;
  char packed_why[120];
  char kernel[64];            /* the kernel's name (extern "C", for a module loader) */
  char reason[160];           /* why this path was taken (always set) */
  /* Split K (set by cutego_gemm, not by cutego_gemm_plan): split_k > 1 slices of K each compute
   * fp32 partial sums, batch s of an (M, N, split_k) workspace of split_workspace_bytes, with
   * the wgmma kernel; a deterministic reduction then writes D = alpha * sum + beta * C. */
  int32_t split_k;
  /* How the output tiles' k-iterations are shared among the persistent CTAs, set by cutego_gemm
   * (0 from cutego_gemm_plan, or where nothing was launched): CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL,
   * _SPLIT_K (split_k above) or _STREAM_K. Stream-K (CUTLASS's StreamK tile scheduler, its
   * data-parallel + stream-K hybrid; cutego_gemm_stream_k_tiles): the first tiles' k-iterations are
   * shared evenly among the persistent CTAs, crossing tile boundaries, and the other tiles go whole
   * to the CTAs in turn. A CTA that computes part of a tile without its last k-tile writes its fp32
   * partial sums into a workspace of split_workspace_bytes; the CTA that computes the tile's last
   * k-tile adds the others' in a fixed order (deterministic) and stores the tile. reason gives the
   * CTAs and the stream-K tiles. (This field fills what was padding: the struct's layout is
   * unchanged.) */
  int32_t decomposition;
  int64_t split_workspace_bytes;
  int32_t b_dtype;            /* B's type: ab_dtype, or options.b_dtype for an FP8 pair */
  int32_t promoted;           /* FP8 with CUTEGO_GEMM_FP8_ACCUM_PROMOTED: the promotion interval in
                                 k-tiles (1..16; the kernel's name ends _promoted); 0: fast;
                                 1 with CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED (CUTEGO_GEMM_F_BLOCK_SCALED) */
  int32_t cluster_n;          /* wgmma path: CTAs per cluster along N, 1 or 2 (2: the cluster's CTAs
                                 compute horizontally adjacent tiles and share each A stage through
                                 TMA multicast; a_map has the multicast box; launch with this
                                 cluster dimension). At most one of cluster_m and cluster_n is 2. */
} cutego_gemm_plan_t;

/* cutego_gemm_options_t.decomposition and cutego_gemm_plan_t.decomposition. */
enum {
  CUTEGO_GEMM_DECOMPOSITION_AUTO = 0,          /* the cost models' choice (csrc/gemm/waves.c) */
  CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL = 1, /* every tile whole to one CTA: no split, no stream-K */
  CUTEGO_GEMM_DECOMPOSITION_SPLIT_K = 2,       /* split K where cutego_gemm_split_k says (or split_k asks) */
  CUTEGO_GEMM_DECOMPOSITION_STREAM_K = 3       /* stream-K (an error where the plan cannot) */
};

enum {
  CUTEGO_GEMM_CONFIG_128x256x64 = 0, /* 2 consumer warpgroups x m64n256k16, 4 stages (FP8:
                                        128x256x128, m64n256k32) */
  CUTEGO_GEMM_CONFIG_128x128x64 = 1, /* 2 consumer warpgroups x m64n128k16, 6 stages (FP8:
                                        128x128x128, m64n128k32) */
  CUTEGO_GEMM_CONFIG_128x64x64 = 2,  /* 2 consumer warpgroups x m64n64k16, 8 stages (16-bit only;
                                        the C launcher's narrow tile for few output tiles) */
  CUTEGO_GEMM_CONFIG_128x192x128 = 3, /* block-scaled FP8 only: 2 consumer warpgroups x m64n192k32,
                                        4 stages, one partial sum (the wide tile for many tiles) */
  CUTEGO_GEMM_CONFIG_128x192x64 = 4, /* 2 consumer warpgroups x m64n192k16, 4 stages (16-bit only,
                                        data-parallel or an explicit split_k; the tile between
                                        128x128 and 128x256 that fills one wave:
                                        cutego_gemm_pick_config takes it where its waves take least) */
  CUTEGO_GEMM_CONFIG_64x64x128 = 5,  /* ONE consumer warpgroup x m64n64k16 (256 threads), 6 stages
                                        of two 64-wide k-blocks (data-parallel or split K; the decode
                                        tile for M <= 64). FP8 (per tensor, fast, and block-scaled):
                                        64x64x128, m64n64k32, 13 stages (a tile for M <= 128) */
  CUTEGO_GEMM_CONFIG_64x32x128 = 6,  /* ONE consumer warpgroup x m64n32k16 (256 threads), 8 stages
                                        of two 64-wide k-blocks (16-bit only, data-parallel or split
                                        K; a 32-column tile of 16-bit D is stored by the direct
                                        epilogue, fp32 D by TMA) */
  CUTEGO_GEMM_CONFIG_64x128x64 = 7,  /* ONE consumer warpgroup x m64n128k16 (256 threads), 8 stages
                                        (16-bit only, data-parallel or split K; twice the tiles of
                                        128x128: one wave of them for squares about 1000 and for
                                        128-row GEMMs, as cuBLAS's 64x128). FP8 (per tensor, fast,
                                        and block-scaled): 64x128x128, m64n128k32, 8 stages */
  CUTEGO_GEMM_CONFIG_128x168x64 = 8, /* 2 consumer warpgroups x m64n168k16, 5 stages (16-bit only,
                                        data-parallel or an explicit split_k; B K-major: an
                                        MN-major B is transposed into the workspace first;
                                        cuBLAS's tile of the one-wave shapes against N = 11008,
                                        whose 66 columns of tiles make 132 tiles on 256 rows) */
  CUTEGO_GEMM_CONFIG_64x96x64 = 9,   /* ONE consumer warpgroup x m64n96k16, 10 stages (16-bit only,
                                        data-parallel or split K; cuBLAS's tile of 128 x 6144,
                                        whose 64 columns of tiles make 128 tiles on 128 rows) */
  CUTEGO_GEMM_CONFIG_128x96x64 = 10, /* 2 consumer warpgroups x m64n96k16, 6 stages (16-bit only,
                                        data-parallel or split K; cuBLAS's tile of 256 x 6144,
                                        whose 64 columns of tiles make 128 tiles on 256 rows) */
  CUTEGO_GEMM_CONFIG_128x224x64 = 11 /* 2 consumer warpgroups x m64n224k16, 4 stages (16-bit, and
                                        FP8 per tensor with fast accumulation as 128x224x128 with
                                        m64n224k32; data-parallel or split K, no clusters; 64
                                        columns of tiles on N = 14336, 128 of them on 256 rows
                                        where 128x256 makes 112) */
};
enum {
  CUTEGO_GEMM_F_D_PAIRS = 1, /* D: N has unit stride and pairs of columns are aligned: 2-wide stores */
  CUTEGO_GEMM_F_C_PAIRS = 2, /* C: likewise for loads */
  CUTEGO_GEMM_F_D_TMA = 4,   /* D: N has unit stride, 16-byte rows and address (or M, with
                                CUTEGO_GEMM_F_D_TMA_T): epilogue through shared memory and TMA stores */
  CUTEGO_GEMM_F_PACK_A = 8,  /* A is packed into the workspace first (no tensor map reads it as it is) */
  CUTEGO_GEMM_F_PACK_B = 16, /* likewise B */
  CUTEGO_GEMM_F_PACK_D = 32, /* C or D has a hierarchical mode: computed in a compact workspace, then copied */
  CUTEGO_GEMM_F_CLUSTER_2 = 64, /* kernel arguments only: launched in 2x1 clusters sharing B (plan.cluster_m) */
  CUTEGO_GEMM_F_CLUSTER_N2 = 4096, /* kernel arguments only: launched in 1x2 clusters sharing A (plan.cluster_n) */
  CUTEGO_GEMM_F_D_STREAM = 8192, /* D streams past the L2 (options.d_store, CUTEGO_GEMM_D_STORE_*): its
                                    TMA stores carry an L2 evict-first policy, A's and B's TMA loads
                                    an evict-last one (not multicast loads, nor in stream-K kernels) */
  CUTEGO_GEMM_F_D_TMA_T = 16384, /* with CUTEGO_GEMM_F_D_TMA: D's M has unit stride (16-bit D, 16-byte
                                    columns and address): the epilogue stages each chunk transposed
                                    and d_map's inner dimension is M */
  CUTEGO_GEMM_F_A_HALVES = 1 << 15, /* a K-major A of 128-row tiles whose last tile row holds at most 64
                                       rows: a_map's box is 64 rows, two loads per stage, one in that
                                       row (its rows past M are not loaded) */
  CUTEGO_GEMM_F_B_SHIFT = 1 << 16, /* a K-major B whose last tile column holds at most half a tile,
                                      beside 8 or more tile rows in one wave: that column's box starts
                                      at N - BN rounded up to a multiple of 8 (at most 7 rows past N),
                                      and the column stores its own columns only */
  CUTEGO_GEMM_F_ROWS = 1 << 17, /* A and B, K-major 16-bit with rows off the 16-byte grid that tensor maps
                                   need but on the 8-byte grid (K a multiple of 4), or the 4-byte one
                                   (K even, CUTEGO_GEMM_F_ROWS_4), are read in place: the producer
                                   warpgroup copies them by 8- (or 4-) byte cp.async pieces into
                                   the stages the TMA would fill, and the kernel's A and B parameters
                                   hold a cutego_gemm_rows_t each (cutego_gemm_operand_param) in
                                   place of tensor maps. Data-parallel tiles, no clusters; where
                                   options.pitch_pack says (AUTO: where the copies cost more) */
  CUTEGO_GEMM_F_ROWS_4 = 1 << 18, /* with CUTEGO_GEMM_F_ROWS: A's or B's rows (or batches, or address) lie
                                     off the 8-byte grid but on the 4-byte one (K even), so both are
                                     read in 4-byte pieces */
  CUTEGO_GEMM_F_SWAP_AB = 1 << 20, /* set by cutego_gemm (never by cutego_gemm_plan) on the plan it
                                      returns: it computed D^T = B A^T (cutego_gemm_swap_ab), so the
                                      plan's m and n, A and B, C and D are the swapped GEMM's */
  CUTEGO_GEMM_F_BLOCK_SCALED = 128, /* FP8 block-scaled (CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED): the kernel's
                                       name ends _blockscaled and its fifth argument is a
                                       cutego_gemm_block_scales_t, not a cutego_gemm_scales_t */
  /* kernel arguments only, promoted FP8 accumulation: the promotion interval in k-tiles minus 1
   * (plan.promoted - 1), bits 8-11 */
  CUTEGO_GEMM_F_PROMOTE_SHIFT = 8,
  CUTEGO_GEMM_F_PROMOTE_INTERVAL = 15 << 8
};

/* A K-major operand read by cp.async (CUTEGO_GEMM_F_ROWS): what the kernel receives in place of the
 * operand's tensor map (its 128 bytes). Element (row, k, l) is at
 * base + (row * row_stride + k + l * batch_stride) elements. */
typedef struct cutego_gemm_rows_t {
  const void *base;
  int64_t row_stride, batch_stride; /* elements; batch_stride 0 for a broadcast batch */
  int64_t rows, k;                  /* extents: the operand's M (or N) and K */
} cutego_gemm_rows_t;

/* The kernel parameter of operand A (which 0) or B (which 1) at device address addr: its tensor
 * map encoded by enc (cuTensorMapEncodeTiled), or, for a plan with CUTEGO_GEMM_F_ROWS, its
 * cutego_gemm_rows_t; out holds 128 bytes, 64-byte aligned. Returns 0, or -1 where the encoder
 * refuses the map. Both launchers (cutego_gemm and the Go module's) call it. */
int cutego_gemm_operand_param(const cutego_gemm_plan_t *plan, int which, const void *addr,
                              cutego_encode_tiled_fn enc, void *out);

/* Rows of a K-major A's TMA box: a GEMM of fewer than bm rows (one tile row) loads only its rows,
 * rounded up to 8 (one 128-byte swizzle atom), instead of a box that is mostly zero fill; the
 * wgmma kernel expects that many bytes per stage. (The stage's other rows hold stale data: their
 * products fall in rows past M, which no epilogue stores.) */
#define CUTEGO_GEMM_A_BOX_ROWS(m, bm) ((m) >= (bm) ? (bm) : (((m) + 7) / 8) * 8)
/* The widest tile whose kernels shift the last tile column's B box (CUTEGO_GEMM_F_B_SHIFT): wider
 * tiles defer their stores into the next tile's main loop, where the shifted tile's direct stores
 * spilled registers. */
#define CUTEGO_GEMM_B_SHIFT_MAX_BN 168

typedef struct cutego_gemm_options_t {
  int32_t force_path;  /* 0 automatic, else CUTEGO_GEMM_PATH_* */
  int32_t config;      /* -1 or 0: automatic; else CUTEGO_GEMM_CONFIG_* + 1 */
  int32_t max_ctas;    /* 0: one persistent CTA per SM; else at most this many */
  int32_t group_m;     /* 0: default; tiles along M per L2 raster group */
  int32_t direct_epilogue; /* 1: write D with direct stores even where TMA stores are possible */
  int32_t no_pack;     /* 1: never pack A or B into a workspace (no allocation): generic path instead */
  int32_t cluster_m;   /* 0: automatic; 1: no clusters; 2: 2x1 clusters sharing B by TMA multicast */
  int32_t split_k;     /* 0: automatic (cutego_gemm_split_k); 1: never split K; S > 1: split K in S
                          slices (an error where that is impossible) */
  void *workspace;     /* optional device memory for split-K partial sums (cutego_gemm uses it when
                          it holds plan.split_workspace_bytes, else allocates on the stream); the
                          caller orders its uses, as with cuBLASLt's workspace */
  int64_t workspace_bytes;
  int32_t sms;         /* the device's multiprocessor count, for the tile choice (cutego_gemm fills it
                          from the device when 0; a plan made with 0 ignores occupancy) */
  int32_t pitch_pack;  /* CUTEGO_GEMM_PITCH_PACK_*: 0 automatic. A K-major A or B whose row pitch is
                          off the 128-byte grid is copied into the workspace with K padded to 128
                          bytes (CUTEGO_GEMM_F_PACK_A/B) where csrc/gemm/waves.c's cost model says
                          the copy pays (needs sms; never with no_pack), not where B, left in place,
                          is shared by 2x1 clusters instead (cutego_gemm_auto_cluster; unless
                          cluster_m is 1); every packed copy pads K to
                          128 bytes unless OFF (16). A packed plan that splits K or runs stream-K
                          puts the partial sums in workspace after the packed copies
                          (workspace_bytes + split_workspace_bytes). 16-bit K-major rows off the
                          16-byte grid of tensor maps but on the 8-byte one (K a multiple of 4) are
                          read in place by cp.async instead of copied (CUTEGO_GEMM_F_ROWS): with OFF
                          (or no_pack) wherever they can be, with AUTO where the copy costs more
                          (at most 128 rows or columns, or a small GEMM: csrc/gemm/plan.c's
                          rows_in_place) but not where copies of both would split K over few
                          tiles (2-64 rows, K >= 2048: csrc/gemm/waves.c's
                          cutego_gemm_rows_copy_splits), never with ON nor where clusters, split K
                          or stream-K are asked for. (Fills what was padding.) */
  /* FP8 A and B only: per-tensor scales, one fp32 each in device memory (NULL: 1), read by the
   * kernel when it runs (so a CUDA graph may update them); D = alpha * scale_a * scale_b * A·B
   * + beta * C. Set for bf16/fp16 operands: an error. */
  const float *scale_a;
  const float *scale_b;
  int32_t b_dtype;     /* FP8 only: B's type when it differs from A's (ab_dtype); 0: ab_dtype */
  int32_t fp8_accumulation; /* FP8 only: CUTEGO_GEMM_FP8_ACCUM_FAST (0), _PROMOTED or _BLOCK_SCALED
                               (cutego_gemm_blockscaled sets it; cutego_gemm refuses it) */
  int32_t fp8_promotion_interval; /* PROMOTED only: k-tiles (of 128 K) per promotion, 1..16; 0: 1 */
  int32_t decomposition; /* CUTEGO_GEMM_DECOMPOSITION_*: 0 automatic. Stream-K's partial sums and flags
                            use workspace when it holds plan.split_workspace_bytes (else cutego_gemm
                            allocates on the stream); its flags are zeroed on the stream first
                            (cudaMemsetAsync: a memset node in a captured graph). (This field fills
                            what was padding: the struct's size is unchanged.) */
  int32_t cluster_n;   /* 0 or 1: no clusters along N; 2: 1x2 clusters sharing A by TMA multicast
                          (16-bit, a K-major A of at least one tile of rows, tiles of at most 128
                          columns: without a config, 128x128 where the choice is wider; not with
                          cluster_m 2 or stream-K; split K runs its slices in such clusters).
                          Measured on the H200 (bench/GEMM-NOTES.md): 0.67-1.09x of the same
                          tiles without, never faster than the automatic plan: not automatic. */
  int32_t d_store;     /* CUTEGO_GEMM_D_STORE_*: 0 automatic, 1 D streams past the L2, 2 normal. (This
                          field fills what was padding: the struct's size is unchanged.) */
} cutego_gemm_options_t;

/* cutego_gemm_options_t.d_store: how the wgmma kernel treats the L2 around D. STREAM
 * (CUTEGO_GEMM_F_D_STREAM): D's TMA stores are marked evict-first and A's and B's TMA loads
 * evict-last (not loads shared by clusters, nor in stream-K kernels), so that a D much larger than
 * the L2 streaming out does not push A's and B's tiles out before their other tiles read them.
 * Only where D goes out through TMA stores (CUTEGO_GEMM_F_D_TMA); elsewhere it changes nothing.
 * AUTO streams D where a store-bound GEMM writes at least CUTEGO_GEMM_D_STREAM_BYTES: 16-bit A and
 * B, K <= 128, no source (measured on the H200: bench/results/2026-12-04-dstream; csrc/gemm/plan.c's
 * stream_output). */
#define CUTEGO_GEMM_D_STREAM_BYTES ((int64_t)1 << 31)
enum {
  CUTEGO_GEMM_D_STORE_AUTO = 0,   /* STREAM where csrc/gemm/plan.c's rule says, else NORMAL */
  CUTEGO_GEMM_D_STORE_STREAM = 1, /* always (where D goes out through TMA stores) */
  CUTEGO_GEMM_D_STORE_NORMAL = 2  /* never */
};

/* cutego_gemm_options_t.pitch_pack. */
enum {
  CUTEGO_GEMM_PITCH_PACK_AUTO = 0, /* where the cost model says the copy pays (csrc/gemm/waves.c) */
  CUTEGO_GEMM_PITCH_PACK_ON = 1,   /* every K-major A/B row pitch off the 128-byte grid */
  CUTEGO_GEMM_PITCH_PACK_OFF = 2   /* none; packed copies pad K to 16 bytes */
};

/* FP8 accumulation. FAST: the tensor cores accumulate the whole K (they keep about 14 bits of
 * each partial sum: the error against fp32 grows as sqrt(K), 5e-3 at K = 65536). PROMOTED: the
 * partial sums of every fp8_promotion_interval k-tiles (128 of K each, four m64nNk32 MMAs; 1 by
 * default, as CUTLASS's and DeepGEMM's promotion) are added into fp32 registers, on 128x128
 * tiles (the accumulator and the partial sums take 64 registers each); asking for the 128x256
 * configuration with it is an error. */
enum { CUTEGO_GEMM_FP8_ACCUM_FAST = 0, CUTEGO_GEMM_FP8_ACCUM_PROMOTED = 1, CUTEGO_GEMM_FP8_ACCUM_BLOCK_SCALED = 2 };

/* The FP8 wgmma kernels' scale argument (after cutego_gemm_args_t, which stays 128 bytes). */
typedef struct cutego_gemm_scales_t {
  const float *a, *b; /* NULL: 1 */
} cutego_gemm_scales_t;

/* ---- Block-scaled FP8 (DeepSeek-V3's scaling: 1x128 blocks of A, 128x128 blocks of B) ------
 *
 *   cutego_gemm_blockscaled(d, d_layout, a, a_layout, b, b_layout, c, c_layout, ab_dtype, cd_dtype,
 *                           scale_a, scale_a_layout, scale_b, scale_b_layout, alpha, beta, stream,
 *                           opt, plan)
 *
 * computes, with kb = k / 128 the K block and nb = n / 128 the N block,
 *   D(m,n,l) = alpha * sum_kb SA(m,kb,l) * SB(nb,kb,l) * sum_{k in kb} A(m,k,l) * B(n,k,l) + beta * C(m,n,l)
 * SA (scale_a: fp32, device memory) is an (M, ceil(K/128)) or (M, ceil(K/128), L) layout, SB
 * (scale_b) a (ceil(N/128), ceil(K/128)) or (ceil(N/128), ceil(K/128), L) layout, in elements.
 * Any strides: DeepGEMM's "MN-major" SA is stride (1, M'), M' >= M; a batch mode of stride 0 (or
 * a rank-2 layout) is shared by every batch. Each mode must coalesce to one stride (a
 * hierarchical mode that does not is an error). A shape that does not match is an error naming
 * the operand (scale_a or scale_b). A, B, C and D as cutego_gemm's FP8 (every e4m3/e5m2 pair, a
 * transposing copy for an operand that is not K-major). The tensor cores accumulate each K
 * block (four m64n128k32 MMAs); its partial sum is scaled by SA(m,kb,l) * SB(nb,kb,l) and added
 * into fp32 registers (the promoted mode's step, every k-tile), on 128x128 or 128x192 tiles
 * (where a 128-column block of B straddles two 192-column tiles, each column takes its own). In opt:
 * scale_a/scale_b (per tensor) must be NULL, fp8_accumulation 0 or BLOCK_SCALED,
 * fp8_promotion_interval 0 or 1, config automatic, 128x128, 128x192, 64x64 or 64x128 (by waves
 * of tiles, cutego_gemm_pick_config_blockscaled_k); split_k as cutego_gemm's, in
 * slices of whole K blocks (the scales' slices go with them).
 * The plan has CUTEGO_GEMM_F_BLOCK_SCALED and its kernel takes a cutego_gemm_block_scales_t,
 * filled by cutego_gemm_block_scales (which checks the scale layouts against the plan). */
typedef struct cutego_gemm_block_scales_t {
  const float *a;   /* SA(m, kb, l) = a[m * as[0] + kb * as[1] + l * as[2]] */
  const float *b;   /* SB(nb, kb, l) = b[nb * bs[0] + kb * bs[1] + l * bs[2]] */
  int64_t as[3], bs[3];
} cutego_gemm_block_scales_t;
#define CUTEGO_GEMM_SCALE_BLOCK 128 /* K elements per scale of A and B; N elements per scale of B */

/* The block-scaled kernel's scale argument for a plan with CUTEGO_GEMM_F_BLOCK_SCALED (addresses are not
 * dereferenced). Returns 0, or -1 with the reason in why (naming scale_a or scale_b); a K-block
 * stride whose magnitude times ceil(K/128) passes 2^31 - 1 elements is refused (the kernels step
 * along K by 32-bit offsets). */
int cutego_gemm_block_scales(const cutego_gemm_plan_t *plan, const float *scale_a,
                             const cute_layout_t *scale_a_layout, const float *scale_b,
                             const cute_layout_t *scale_b_layout, cutego_gemm_block_scales_t *out, char *why,
                             size_t why_len);

/* Plans and launches a block-scaled FP8 GEMM (above); returns as cutego_gemm. */
int cutego_gemm_blockscaled(void *d, const cute_layout_t *d_layout, const void *a, const cute_layout_t *a_layout,
                            const void *b, const cute_layout_t *b_layout, const void *c,
                            const cute_layout_t *c_layout, int ab_dtype, int cd_dtype, const float *scale_a,
                            const cute_layout_t *scale_a_layout, const float *scale_b,
                            const cute_layout_t *scale_b_layout, float alpha, float beta, cutego_stream_t stream,
                            const cutego_gemm_options_t *opt, cutego_gemm_plan_t *plan);

/* The stream-K kernels' fifth argument (cutego_gemm_<config>_<majors>_<in>_<out>_streamk; the FP8
 * ones, cutego_gemm_<config>_kk_<in>_<out>_streamk, take the per-tensor cutego_gemm_scales_t as a
 * sixth). */
typedef struct cutego_gemm_stream_k_t {
  float *partials;       /* ctas x BM x BN fp32: CTA c's partial sums of one tile */
  int32_t *flags;        /* ctas x 2 (one per consumer warpgroup): 1 once CTA c's partial sums are
                            written; zero before the launch */
  int64_t tiles;         /* stream-K tiles: the first `tiles` of the plan's tile order */
  int32_t groups;        /* CTA c is member c / groups of group c % groups, whose stream-K tiles are
                            g, g + groups, ...: each group shares its tiles' k-iterations evenly
                            among its members (1..8, at most the stream-K tiles and the CTAs) */
} cutego_gemm_stream_k_t;

/* Stream-K's share of a plan's tiles on `ctas` persistent CTAs: 0 where the tiles fill whole waves
 * (tiles % ctas == 0), all of them where there are fewer tiles than CTAs, else the last partial
 * wave and one full wave (CUTLASS's data-parallel + stream-K hybrid: each CTA then has between one
 * and two tiles' k-iterations of stream-K work). */
int64_t cutego_gemm_stream_k_tiles(int64_t tiles, int64_t ctas);

/* The tile configuration + 1 with which cutego_gemm runs a plan stream-K on a device with `sms`
 * multiprocessors when no decomposition is asked for, or 0: data-parallel (csrc/gemm/waves.c's
 * cost model: more tiles than SMs, and a partial last wave that stream-K fills; K in the k-tiles of
 * the operands' width, 64 of 16-bit K, 128 of FP8 K). Only 16-bit plans and FP8 plans with fast
 * accumulation (per-tensor scales), without clusters or a packed C/D (packed A or B: on the
 * copies); 128x256 tiles (decomposition STREAM_K also runs 128x128 ones). */
int cutego_gemm_stream_k(const cutego_gemm_plan_t *plan, int sms);

/* Why a plan cannot run stream-K ("" when it can): not the wgmma path, block-scaled FP8, promoted
 * FP8 accumulation, a packed C/D, clusters, or 2^31 tiles x k-tiles (of the plan's configuration)
 * and more. */
const char *cutego_gemm_no_stream_k(const cutego_gemm_plan_t *plan);

/* cutego_gemm's checks of options.decomposition against options.split_k: 0, or -1 with the reason
 * in why (a decomposition out of range; split_k > 1 with DATA_PARALLEL or STREAM_K). */
int cutego_gemm_check_decomposition(int32_t decomposition, int32_t split_k, char *why, size_t why_len);

/* Whether cutego_gemm runs a plan stream-K, on a device of `sms` multiprocessors, after its narrow
 * tiles and its split of K: decomposition STREAM_K, or AUTO where nothing else was chosen or asked
 * for (narrow: the plan is on cutego_gemm_narrow_config's tiles; split_k and config: the options';
 * packed: the operands were packed for a split of K that did not plan) and cutego_gemm_stream_k
 * names a configuration. STREAM_K: the configuration asked for, else the data-parallel choice's
 * tiles where they have a stream-K kernel (128x256 or 128x128), else 128x256. Returns that
 * configuration + 1, 0 (data-parallel), or -1 with the reason in why (STREAM_K where the plan
 * cannot run it: the messages of cutego_gemm_no_stream_k). Where the configuration is not the
 * plan's, the launcher plans again on it and asks cutego_gemm_stream_k_replanned. */
int cutego_gemm_stream_k_choice(const cutego_gemm_plan_t *plan, int sms, int32_t decomposition, int32_t config,
                                int32_t split_k, int narrow, int packed, char *why, size_t why_len);

/* The second half of cutego_gemm_stream_k_choice: `want` (that configuration + 1) where the plan
 * on it, replanned (NULL: it did not plan), can run stream-K; else 0, or for decomposition
 * STREAM_K -1 with the reason in why. */
int cutego_gemm_stream_k_replanned(const cutego_gemm_plan_t *replanned, int32_t decomposition, int want, char *why,
                                   size_t why_len);

/* The stream-K launch of a plan (cutego_gemm_stream_k_choice's): one persistent CTA per SM (sms,
 * at most max_ctas where > 0; no more than the stream-K k-iterations where every tile is a
 * stream-K tile; at least 1) in *ctas; sk->tiles (cutego_gemm_stream_k_tiles) and sk->groups
 * (CTAs at the same k offsets of adjacent tiles, those of a raster group's rows, which share B: at
 * most 8, group_m (0: 8) rows, the plan's tile rows, the stream-K tiles and the CTAs); the
 * workspace in *workspace_bytes: ctas x BM x BN fp32 partial sums from byte 0, then the flags
 * (ctas x 2 int32, to be zeroed before each launch) from *flags_offset, rounded up to 256 bytes.
 * sk->partials and sk->flags are left NULL for the launcher to point into its workspace. Returns
 * 0, or -1 where the plan's configuration has no stream-K tiles. */
int cutego_gemm_stream_k_launch(const cutego_gemm_plan_t *plan, int64_t sms, int64_t max_ctas, int32_t group_m,
                                cutego_gemm_stream_k_t *sk, int64_t *ctas, int64_t *workspace_bytes,
                                int64_t *flags_offset);

/* Records a stream-K launch (cutego_gemm_stream_k_launch's) in its plan: decomposition STREAM_K,
 * split_workspace_bytes, the kernel's name ending _streamk, and the reason prefixed with the
 * stream-K tiles, CTAs, groups and k-tiles per CTA. */
void cutego_gemm_plan_stream_k(cutego_gemm_plan_t *plan, const cutego_gemm_stream_k_t *sk, int64_t ctas,
                               int64_t workspace_bytes);

/* The wgmma kernel's arguments (by value; extents and strides in elements), filled from a plan
 * by cutego_gemm_args. */
typedef struct cutego_gemm_args_t {
  int32_t m, n, k, l;
  int32_t tiles_m, tiles_n, k_tiles, group_m;
  int64_t tiles;                /* tiles_m * tiles_n * l */
                                /* with clusters, tiles_m, group_m and tiles count cluster rows */
  int32_t a_bcast_l, b_bcast_l; /* the operand's batch mode has stride 0: batch coordinate 0 */
  float alpha, beta;
  void *d;
  const void *c;
  int64_t ds[3], cs[3]; /* (m, n, l) strides of D and C */
  int32_t read_c, flags; /* flags: CUTEGO_GEMM_F_* (CUTEGO_GEMM_F_CLUSTER_2: the plan's cluster_m is 2) */
} cutego_gemm_args_t;   /* 128 bytes: one more field made ptxas stop specializing the epilogue (-4%) */

/* Plans a GEMM without a GPU (addresses only for the alignment checks). Returns 0, or -1 with
 * the reason in plan->reason: mismatched extents, an unsupported dtype, a forced path that
 * cannot be taken, a malformed layout, an operand whose size or byte offsets overflow int64, a
 * batch of 2^31 tiles or more (the kernels' tile scheduler counts in 32 bits), or
 * a D that may write an element twice (a stride-0 mode at any depth, two coordinates that meet,
 * or strides from which injectivity cannot be proven; see csrc/planner.h). */
int cutego_gemm_plan(const cute_layout_t *d, const cute_layout_t *a, const cute_layout_t *b,
                     const cute_layout_t *c, int ab_dtype, int cd_dtype, int read_c,
                     uintptr_t d_addr, uintptr_t a_addr, uintptr_t b_addr, uintptr_t c_addr,
                     const cutego_gemm_options_t *opt, cutego_gemm_plan_t *plan);

/* Plans and launches. c_layout may be NULL when beta == 0. opt and plan may be NULL. A D whose M has
 * unit stride (column-major) is computed as D^T = B A^T, row-major, where cutego_gemm_swap_ab says
 * so; plan is then the swapped GEMM's (CUTEGO_GEMM_F_SWAP_AB).
 * Returns CUTEGO_KERNELS_OK, CUTEGO_KERNELS_EINVAL (bad arguments: nothing launched),
 * CUTEGO_KERNELS_ECUDA or CUTEGO_KERNELS_ENODEV; cutego_kernels_last_error(buf, n) explains.
 * Stream order is kept. Every wgmma kernel waits (griddepcontrol.wait) for the kernel before it
 * on the stream before it touches memory, and at its start lets the next one launch
 * (griddepcontrol.launch_dependents); short ones are launched as programmatic dependents
 * (cutego_gemm_programmatic). A kernel of yours launched after cutego_gemm with programmatic
 * stream serialization (cudaLaunchAttributeProgrammaticStreamSerialization) may therefore start
 * before the GEMM ends: it must call cudaGridDependencySynchronize() (griddepcontrol.wait) before
 * it reads D or writes A, B or C, as with CUTLASS's kernels. Launched normally, it waits as usual. */
int cutego_gemm(void *d, const cute_layout_t *d_layout, const void *a, const cute_layout_t *a_layout,
                const void *b, const cute_layout_t *b_layout, const void *c, const cute_layout_t *c_layout,
                int ab_dtype, int cd_dtype, float alpha, float beta, cutego_stream_t stream,
                const cutego_gemm_options_t *opt, cutego_gemm_plan_t *plan);

/* The number of CTAs to launch the wgmma kernel with: one per output tile (per cluster tile
 * times cluster_m), at most `resident` (the CTAs that fit on the device at once: SMs, or
 * cluster_m times the active clusters the occupancy API reports) and at most max_ctas when
 * positive; a multiple of the plan's cluster_m. */
int64_t cutego_gemm_grid(const cutego_gemm_plan_t *plan, int64_t resident, int64_t max_ctas);
/* The generic path's grid: a 16x16 output tile per CTA, at most CUTEGO_GEMM_GENERIC_CTAS_PER_SM
 * per SM (resident = SMs), and at most max_ctas when positive. */
/* wgmma kernel: a producer warpgroup and the configuration's consumer warpgroups (2: 384
 * threads; 1, CUTEGO_GEMM_CONFIG_64x64x128, CUTEGO_GEMM_CONFIG_64x32x128 and
 * CUTEGO_GEMM_CONFIG_64x128x64: 256) */
#define CUTEGO_GEMM_THREADS(consumer_warpgroups) (128 * (1 + (consumer_warpgroups)))
#define CUTEGO_GEMM_GENERIC_THREADS 256       /* generic kernel: one thread per output of a 16x16 tile */
#define CUTEGO_GEMM_GENERIC_CTAS_PER_SM 8

/* The launch of a plan's kernel (name, grid of cutego_gemm_grid, block, shared memory, cluster,
 * and cutego_gemm_programmatic's answer). */
void cutego_gemm_launch(const cutego_gemm_plan_t *plan, int64_t resident, int64_t max_ctas, cutego_launch_t *launch);

/* Whether the plan's kernel is launched as a programmatic dependent launch (programmatic stream
 * serialization: it waits for the kernel before it on the stream, then lets the next one launch):
 * wgmma kernels whose main loop has at most 16 k-tiles. */
int cutego_gemm_programmatic(const cutego_gemm_plan_t *plan);

/* The wgmma kernel's arguments for a plan (group_m 0: default). */
void cutego_gemm_args(const cutego_gemm_plan_t *plan, void *d, const void *c, float alpha, float beta,
                      int32_t group_m, cutego_gemm_args_t *args);

const char *cutego_gemm_path_name(int path);

/* How many slices to split K into (1: none) for a plan of the wgmma path on a device with `sms`
 * multiprocessors. requested 0: the largest split that keeps all slices of all 128x128 tiles
 * (128x64 tiles for a plan of CUTEGO_GEMM_CONFIG_128x64x64, 64x64 for CUTEGO_GEMM_CONFIG_64x64x128, 64x32 for CUTEGO_GEMM_CONFIG_64x32x128, 64x128 for CUTEGO_GEMM_CONFIG_64x128x64) in one wave (tiles * S <= sms) with slices of at least 1024 (csrc/gemm/waves.c says why;
 * per-tensor FP8 with fast accumulation on 64x64 or 64x128 tiles: slices of at least 1536, and 3 or
 * more, else 1), and 1 for a plan of CUTEGO_GEMM_CONFIG_128x192x64 (data-parallel unless a split is asked for)
 * or for a 16-bit plan of 129-192 rows on 64x128 tiles that fill more than a third of a wave and
 * would split in 2, where K is at most 7168 or the second slice would start off the 128-byte grid
 * (138 x 2816 x 3328: 66 tiles); 1: 1;
 * S > 1: S, or -1 with the reason in why where S slices are impossible. Only single-batch plans
 * without clusters or a packed C/D split (packed A or B: cutego_gemm packs first and splits the
 * copies); K splits into at most 16 equal slices of whole 16-byte steps (8 elements of 16 bits, 16
 * of FP8; block-scaled, whole K blocks of 128), where both A and B are packed the K padded with
 * zeros in their copies. */
int cutego_gemm_split_k(const cutego_gemm_plan_t *plan, int sms, int requested, char *why, size_t why_len);

/* How cutego_gemm runs a split of K in `splits` slices (cutego_gemm_split_k's count): the slices
 * are the batches of A' (M, K/S, S):(a0, a1, a1*K/S) and B' (N, K/S, S):(b0, b1, b1*K/S); a
 * GEMM over them (fp32 out, alpha 1, beta 0) writes the batches of the workspace
 * W (M, N, S):(ldw, 1, M*ldw), ldw = N rounded up to 4; then gemm_split_k_reduce (256 threads a
 * CTA, one thread per 4 columns of a row) sums W's batches into D on reduce_blocks CTAs
 * (ceil(M * ceil(N/4) / 256), at most 8 per SM). Block-scaled (scales not NULL), the scales'
 * slices: SA' (M, KB/S, S) and SB' (NB, KB/S, S), KB = ceil(K/128), NB = ceil(N/128). */
typedef struct cutego_gemm_split_layouts_t {
  cute_layout_t a, b, w;             /* A', B', W */
  cute_layout_t scale_a, scale_b;    /* SA', SB' (block-scaled only; else zero) */
  int64_t slice_k;                   /* K/S */
  int64_t ldw;                       /* W's row pitch in fp32 elements */
  int64_t workspace_bytes;           /* M * ldw * S * 4 */
  int64_t reduce_blocks;             /* the reduction's grid */
} cutego_gemm_split_layouts_t;

/* Fills out for a plan of the wgmma path split in `splits` >= 2 slices on a device with `sms`
 * multiprocessors (scales: cutego_gemm_block_scales's output, or NULL). Returns 0, or -1 (out
 * untouched) where the plan is not a single-batch plan whose K divides into splits, sms < 1, or a
 * size overflows int64. */
int cutego_gemm_split_layouts(const cutego_gemm_plan_t *plan, int splits, int sms,
                              const cutego_gemm_block_scales_t *scales, cutego_gemm_split_layouts_t *out);

/* The bytes past K of operand `operand`'s packed copy (0: A, 1: B) that the slices of a split read:
 * where both copies' rows are padded alike, K divides into slices up to the padded pitch, so the
 * last slice reads each row's padding, which must hold zeros. Not every copy writes it (cutego_copy,
 * which the C launcher uses for hierarchical operands and the Go launcher for all, writes the operand
 * only), so both launchers zero this region before the slices run, whichever copy made it: `rows`
 * rows of `width` bytes, `pitch` bytes apart, from byte `offset` of the copy.
 * Returns 1 with the region, or 0 (outputs untouched) where the slices read nothing past K. */
int cutego_gemm_split_pad(const cutego_gemm_plan_t *plan, int operand, int64_t *offset, int64_t *pitch,
                          int64_t *width, int64_t *rows);

/* 1 where cutego_gemm takes 128x64 tiles (CUTEGO_GEMM_CONFIG_128x64x64) for a plan when no
 * configuration or split is asked for: a 16-bit plan that may split K, whose 128x128 tiles would
 * be split in more slices than 128x64 ones, or that splits on neither and whose 128x64 tiles fill
 * at least half the SMs where its 128x128 ones leave them idle, rows on the 128-byte grid
 * (csrc/gemm/waves.c); else 0. */
int cutego_gemm_narrow(const cutego_gemm_plan_t *plan, int sms);

/* The configuration cutego_gemm takes for a plan where cutego_gemm_narrow says narrow tiles (and
 * nothing is asked for): CUTEGO_GEMM_CONFIG_64x64x128 for a GEMM of at most 64 rows (one consumer
 * warpgroup; the split is the same, its tiles as many), or CUTEGO_GEMM_CONFIG_64x32x128 unsplit
 * where 64x64 tiles would split a K of at least 12288 and the 64x32 tiles fill more than half of
 * sms and at most all (one batch), CUTEGO_GEMM_CONFIG_64x128x64
 * for more (as many tiles as 128x64, measured as fast or faster); -1 where cutego_gemm_narrow says
 * 0. Before all of these, CUTEGO_GEMM_CONFIG_64x128x64 for a 16-bit plan of more than 64 rows (no
 * clusters, no packed C/D, A's and B's rows on the 128-byte grid, or B's off it and read in place:
 * cutego_gemm_auto_cluster shares them) whose data-parallel choice is
 * 128x128 tiles, where neither 128x128 nor 64x128 tiles split K, the 64x128 ones fill at most one
 * wave of sms and the 128x128 ones at most half (1024^3: 128 tiles against 64; csrc/gemm/waves.c),
 * whatever cutego_gemm_narrow says; of those, CUTEGO_GEMM_CONFIG_64x64x128 where A's and B's rows
 * are on the grid and 64x64 tiles fill at most one wave unsplit (512^3: 64 tiles). Also
 * CUTEGO_GEMM_CONFIG_64x128x64 for 129-192 rows (one batch, rows on the grid), but none where those
 * tiles pass one wave and 128x128 ones fill at most one (160 x 6144: 144 against 96), and
 * CUTEGO_GEMM_CONFIG_64x64x128 unsplit where 64x128 would split in 2 and 64x64 tiles fill more
 * than half a wave and at most 15/16 of it (183 x 2560 x 7104: 120 tiles). Where these
 * rules give 64x128 tiles, CUTEGO_GEMM_CONFIG_64x96x64 instead for a 16-bit plan of one batch and
 * 97-128 rows with A's and B's rows on the grid whose 64x96 tiles fill more than half a wave and at
 * most one, unsplit (128 x 6144 x 4096: 128 tiles against 96), which cutego_gemm_auto_cluster runs
 * in 2x1 clusters. Where none of them applies, CUTEGO_GEMM_CONFIG_128x96x64 for a 16-bit plan of one
 * batch and two whole rows of 128-row tiles (M = 256), rows on the grid, whose data-parallel choice
 * is 128x128 tiles unsplit and whose 128x96 tiles are more, fill more than half a wave and at most
 * one, unsplit (256 x 6144 x 4096: 128 tiles against 96). Where these rules give 64x128 tiles and
 * not 64x96, CUTEGO_GEMM_CONFIG_128x64x64 instead for a plan of one batch, K of at most 640, rows on
 * the grid and 128x64 tiles in one wave (320 x 2496 x 576: 117 tiles); where the rules for at most
 * 128 rows give 64-row tiles to 65-96 rows on the grid, CUTEGO_GEMM_CONFIG_128x64x64 (its own
 * split: 74 x 1280 x 4288 in 4 slices), but for A or B copied only where the 64-row tiles would
 * split too (96 x 2496 x 3255 keeps 78 tiles of 64x64). A per-tensor FP8 plan with fast
 * accumulation of at most 512 rows (one batch, no clusters or packed C/D) takes
 * CUTEGO_GEMM_CONFIG_64x64x128 where those tiles make at most one wave of sms (64 x 7168: 112;
 * 256 x 640: 40), else CUTEGO_GEMM_CONFIG_64x128x64 where those do (64 x 11008: 86; 256 x 4096:
 * 128) but not above 64 rows where B is read in place with rows off the 128-byte grid; past one
 * wave of 64x128 tiles, CUTEGO_GEMM_CONFIG_64x64x128 for at most 64 rows with B on the grid and K
 * of 1024 to 4096 (16 x 24576 x 1536: 384 tiles); -1 for other FP8 plans. */
int cutego_gemm_narrow_config(const cutego_gemm_plan_t *plan, int sms);

/* The cluster size along M (1 or 2) cutego_gemm takes for a plan of the wgmma path where no
 * cluster_m, split or decomposition is asked for, after its tiles and split are chosen (a plan
 * it splits or runs stream-K keeps 1): 2, clusters sharing B by TMA multicast, where B is a
 * 16-bit K-major operand read in place whose rows lie off the 128-byte grid (each 128-byte row
 * of a TMA box spans two L2 lines; sharing halves B's loads: 1.23-1.39x faster on the H200,
 * csrc/gemm/waves.c), or the plan runs 16-bit operands on 64x96 tiles (1.06x on 128 x 6144 x
 * 4096), the plan has one batch, at least two tile rows, no packed C/D, and its configuration
 * multicast boxes; else 1. The narrow rule's 64x128 tiles (cutego_gemm_narrow_config)
 * are taken on such a B too. */
int cutego_gemm_auto_cluster(const cutego_gemm_plan_t *plan);

/* Whether cutego_gemm computes a GEMM as D^T = B A^T, A and B exchanged and C and D transposed
 * (cutego_gemm_transpose_layout), mostly one whose D has M of unit stride (column-major), so that
 * D^T is stored row-major: 1 or 0. asked is the plan of the call as given, swapped the plan of the swapped call
 * (both for `sms` multiprocessors), opt the call's options (NULL: none). Where D's N has unit
 * stride the output tiles go out through row-major TMA stores; D's M of unit stride goes through
 * transposed stores (CUTEGO_GEMM_F_D_TMA_T) or direct ones: 0.51-1.00 of the row-major time's
 * rate on ten shapes, 0.51-0.97 on the six this rule swaps (measured on the H200 in one process,
 * bench/GEMM-NOTES.md "Session 27"). The swap is taken where it changes nothing else: both plans
 * on the wgmma path, D (and C where read) M-major as asked and N-major swapped, not block-scaled
 * (A's and B's scale blocks differ), no configuration, cluster or raster group asked for (they
 * name tiles of one orientation), the same packed copies (A's as B's), and the same choices in
 * both orientations: the tile configuration (cutego_gemm_pick_config_plan), narrow tiles, split
 * of K, stream-K and clusters, each on no more tiles swapped (as many for stream-K; fewer only
 * where D^T's rows, and C^T's, lie on the 16-byte grid: TMA stores). Square GEMMs always qualify
 * where the majors match; 3000 x 5000 and 16384 x 4096 do on 128x256 tiles (480 and 2048 tiles
 * either way); 288 x 14336 does with fewer (258 tiles of 128x168, swapped 224: measured 1.09x
 * faster than the transposed stores, bench/results/2026-12-05-swapab); 1024 x 14336 does not
 * (128x224 against 128x256), nor 333 x 14336 (D^T's rows of 666 bytes: direct stores, 0.89x).
 * A row-major D of 16-bit A and B is swapped too, its D^T then column-major through the
 * transposed TMA stores (CUTEGO_GEMM_F_D_TMA_T), where the swapped plan makes the same choices on
 * at most 7/8 of the tiles (288 and 333 x 14336: 224 against 258, measured 1.08x; 448 x 14336 and
 * 28672 on 128x224: 0.996-1.11x; not 448 x 11008 or 768 x 4096, 258 / 264 and 128 / 132 tiles:
 * 0.91x there, the transposed stores' cost not paid back). */
int cutego_gemm_swap_ab(const cutego_gemm_options_t *opt, const cutego_gemm_plan_t *asked,
                        const cutego_gemm_plan_t *swapped, int sms);

/* Whether a GEMM whose D has layout d and whose A has type ab_dtype may be swapped at all (the
 * launchers' cheap first test, before they plan both orientations for cutego_gemm_swap_ab): D's
 * first leaf of unit stride and extent 2 or more, a second leaf of extent 1, or a second leaf of
 * unit stride (16-bit A only) where a flat D's M x N makes at most 7/8 of some configuration's
 * tiles swapped (a nested D: 1). 1 or 0 (0 for NULL). A row-major square GEMM then costs its call no second plan lookup. */
int cutego_gemm_swap_candidate(const cute_layout_t *d, int32_t ab_dtype);

/* Marks a plan of the swapped GEMM as cutego_gemm returns it: CUTEGO_GEMM_F_SWAP_AB, and its reason
 * prefixed with "D^T = B A^T (A and B swapped, D^T row-major): " (or "column-major", D^T's order). */
void cutego_gemm_mark_swapped(cutego_gemm_plan_t *plan);

/* out = in with its top-level modes 0 and 1 exchanged (rank 2 or 3; hierarchical modes move
 * whole, CuTe's select<1,0,2>): the layout of D^T and C^T for cutego_gemm_swap_ab. 0, or -1 where
 * in is NULL, malformed or not of rank 2 or 3. */
int cutego_gemm_transpose_layout(const cute_layout_t *in, cute_layout_t *out);

/* The tile configuration on which cutego_gemm runs the slices of a plan whose K it splits (where
 * no configuration is asked for): the plan's own where it is a narrow or one-consumer tile
 * (128x64, 64x64, 64x32, 64x128, 64x96, 128x96: the split was counted on those tiles), else 128x128. */
int cutego_gemm_slice_config(const cutego_gemm_plan_t *plan);

/* The tile configuration (CUTEGO_GEMM_CONFIG_*) cutego_gemm takes for an M x N x L output of A and
 * B of type ab_dtype (CUTEGO_DTYPE_*) on a device with `sms` multiprocessors when none is asked
 * for: the one whose waves of tiles take least, a 128x128 tile costing 0.577 of a 128x256 one and
 * (16-bit A and B only) a 128x192 one 0.83 and a 128x168 one 0.74 (csrc/gemm/waves.c; 128x168
 * reads B K-major only: the planner weighs it only where B is K-major, and this function as if),
 * but 128x192 for 128x168 where it makes a column of tiles fewer (N <= 1280, a multiple of 8:
 * 576 x 576 takes 3 columns against 4); then 128x224 (16-bit, or FP8: the promoted and
 * block-scaled planners do not call this) instead of 128x256 where its tiles take as many waves. */
int cutego_gemm_pick_config(int64_t m, int64_t n, int64_t l, int32_t ab_dtype, int sms);
/* The same for a plan's GEMM (its extents and A/B type), weighing 128x168 tiles only where the
 * plan reads B K-major (in place or a packed copy), and 128x224 only where A's and B's rows lie on
 * the 128-byte grid: what the planner and cutego_gemm take; and for per-tensor FP8 with fast
 * accumulation above 512 rows, A's or B's rows off that grid, 128x256 where the waves give 128x128,
 * both pad N alike and 128x256 tiles make at least 1.25 waves (5632 x 1712 x 2976: 308 tiles);
 * CUTEGO_GEMM_CONFIG_128x128x64 for a NULL plan. */
int cutego_gemm_pick_config_plan(const cutego_gemm_plan_t *plan, int sms);
/* The same for block-scaled FP8 (fp8_accumulation BLOCK_SCALED), of the 128-row tiles:
 * CUTEGO_GEMM_CONFIG_128x192x128 where its waves of tiles take less than those of 128x128 tiles, a
 * 128x192 tile costing 1.6 of a 128x128 one (measured, csrc/gemm/waves.c), else
 * CUTEGO_GEMM_CONFIG_128x128x64. */
int cutego_gemm_pick_config_blockscaled(int64_t m, int64_t n, int64_t l, int sms);
/* What the planner takes for block-scaled FP8: cutego_gemm_pick_config_blockscaled's tiles, or for
 * a single GEMM of at most 128 rows whose 128-row tiles would split K into the shortest slices
 * (1024 of K), the 64-row tiles (CUTEGO_GEMM_CONFIG_64x64x128 or 64x128x64, whose waves cost
 * less: measured, csrc/gemm/waves.c). */
int cutego_gemm_pick_config_blockscaled_k(int64_t m, int64_t n, int64_t k, int64_t l, int sms);
/* Writes the calling thread's last error message into buf with snprintf's rules (n == 0: a
 * size query, buf may be NULL) and returns its full length; "" when nothing failed yet. */
size_t cutego_kernels_last_error(char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif /* CUTEGO_KERNELS_H */

/* config_boxes.h — the planner's view of a GEMM tile configuration (one struct, filled by
 * csrc/gemm/configs.cc from the generated layouts kernels/generated/cutego_gemm_layouts.h and
 * read by plan.c). Order of the table: CUTEGO_GEMM_CONFIG_*. */
#ifndef CUTEGO_GEMM_CONFIG_BOXES_H
#define CUTEGO_GEMM_CONFIG_BOXES_H
#include <stdint.h>
typedef struct config_boxes {
  int bm, bn;
  int a_box[2][2], b_box[2][2]; /* [major][inner, outer] TMA box, elements */
  int a_swizzle[2], b_swizzle[2];
  int epi_bytes;                /* D's TMA box row bytes (the epilogue's staging rows) */
  int smem[2][2];               /* [A major][B major] dynamic shared memory bytes */
  const char *name;             /* the kernels' configuration tag, cutego_gemm_<name>_... */
  int bk;
  int multicast;                /* CTAs of a cluster along M that may share B (TMA multicast) */
  int b_mc_box[2][2];           /* [major] B's box per CTA of such a cluster (its slice) */
  int consumer_warpgroups;      /* the kernel's consumer warpgroups (block: CUTEGO_GEMM_THREADS of it) */
  int cluster_n;                /* CTAs of a cluster along N that may share a K-major A (kernels/gemm_clusters.h) */
  int a_mc_box[2];              /* a K-major A's box per CTA of such a cluster (inner, outer; its slice) */
} config_boxes;
#ifdef __cplusplus
extern "C" {
#endif
extern const config_boxes cutego_gemm_config_boxes[];
/* The FP8 (8-bit A and B) configurations, in the same order (K-major operands only). */
extern const config_boxes cutego_gemm_fp8_config_boxes[];
extern const int cutego_gemm_nconfigs;
/* Configuration `config`'s entry in the table of its operand width (fp8: cutego_gemm_fp8_config_boxes,
 * else cutego_gemm_config_boxes); config in [0, cutego_gemm_nconfigs). */
static inline const config_boxes *cutego_gemm_boxes(int config, int fp8) {
  return fp8 ? &cutego_gemm_fp8_config_boxes[config] : &cutego_gemm_config_boxes[config];
}
/* The tile extents of configuration `config` (CUTEGO_GEMM_CONFIG_*): *bm rows of M and *bn columns
 * of N, read from the table of its operand width (fp8: cutego_gemm_fp8_config_boxes, else
 * cutego_gemm_config_boxes). 0; -1, *bm and *bn untouched, where the configuration is unknown or
 * that width has none (128x64 in FP8, 128x192x128 in 16-bit). The planner's rules (waves.c) take
 * every tile's extents from here. */
int cutego_gemm_tile_extent(int config, int fp8, int64_t *bm, int64_t *bn);
/* The k-tiles of K on configuration `config`'s tiles of that width: ceil(k / BK), BK the K extent
 * of one pipeline stage (64 or 128 elements of 16-bit K, 128 of FP8 K); -1 where the configuration
 * is unknown, that width has none, or k < 0. The kernels' k-tile count (cutego_gemm_args) and the
 * planner's rules that count k-tiles (waves.c) take it from here. */
int64_t cutego_gemm_k_tiles(int config, int fp8, int64_t k);
#ifdef __cplusplus
}
#endif
#endif

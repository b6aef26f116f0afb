/* waves.h — the planner's own use of waves.c's cost models (not part of the C API). */
#ifndef CUTEGO_GEMM_WAVES_H
#define CUTEGO_GEMM_WAVES_H
#include <stdint.h>
#include "cutego_kernels.h"

/* 1 where copying K-major operand `operand` (0 A, 1 B) whose row pitch is off the 128-byte grid
 * into a 128-byte-pitch workspace pays on a device of `sms` multiprocessors: the plan's (m, n, k,
 * l, config, ab_dtype) main loop priced by waves (cutego_gemm_pitch_main_us), times the off-grid
 * penalty (FP8: by the pitch's 32-byte grid) times the operand's share of the rows each stage
 * loads, against copy_bytes (read + written) at the copy rate plus one copy launch. 0 where sms < 1
 * (no device: no cost model) or the configuration has no tiles of the plan's operand width. */
int cutego_gemm_pitch_pack_pays(const cutego_gemm_plan_t *p, int sms, int operand, int64_t copy_bytes);

/* 1 where A and B, both to be copied, of a 16-bit plan that cp.async pieces of `piece` bytes (4 or
 * 8) could read in place (CUTEGO_GEMM_F_ROWS) are copied instead, so that the copies' plan splits K:
 * 2-64 rows, one batch, K of at least two slices, and few tiles read in place on `sms`
 * multiprocessors (at most sms / 4 for 8-byte pieces, sms / 2 for 4-byte ones); 0 where sms < 1. */
int cutego_gemm_rows_copy_splits(const cutego_gemm_plan_t *p, int piece, int sms);

/* 1 where neither K-major operand whose row pitch is off the 128-byte grid is copied because B,
 * left in place, is shared by 2x1 clusters (cutego_gemm_auto_cluster): a 16-bit plan of one batch
 * and at least two tile rows on a configuration with multicast boxes, no packed C/D, that neither
 * splits K nor runs stream-K on `sms` multiprocessors; 0 where sms < 1. */
int cutego_gemm_pitch_in_clusters(const cutego_gemm_plan_t *p, int sms);

/* The main loop's modeled time in microseconds of a plan's GEMM on `sms` multiprocessors (split
 * in the slices cutego_gemm_split_k would choose on its own); 0 (no model) where sms < 1 or the
 * plan's configuration has no tiles of its operand width (cutego_gemm_tile_extent). */
double cutego_gemm_pitch_main_us(const cutego_gemm_plan_t *p, int sms);

/* The K that a split of the plan divides: K, or the packed pitch where both A and B are packed
 * copies whose rows are padded alike (the slices then cover the padding, which the launchers zero
 * first: cutego_gemm_split_pad). */
int64_t cutego_gemm_split_extent(const cutego_gemm_plan_t *p);
#endif

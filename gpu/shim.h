/* gpu/shim.h — the cgo shim of package gpu (built with the `cuda` tag). */
#ifndef CUTEGO_GPU_SHIM_H
#define CUTEGO_GPU_SHIM_H
#include <cuda.h>
#include <stdint.h>
#include "cutego_kernels.h"
#include "cutego_tma.h"
#include "../csrc/gemm/pack.h"

int cutego_shim_attr(CUdevice dev, int attr);
int cutego_shim_set_smem(CUfunction f, int bytes);
/* Encodes both tensor maps of the plan and launches a TMA kernel with (src map, dst map,
 * grid) by value. Returns a CUresult, or -1 when a tensor map cannot be encoded. */
int cutego_shim_launch_tma(CUfunction f, unsigned grid, unsigned block, unsigned smem, CUstream s,
                           const cutego_copy_plan_t *plan, CUdeviceptr dst, CUdeviceptr src);
/* Launches a generic kernel (dst, dst layout, src, src layout, n[, elem_bytes]). */
int cutego_shim_launch_generic(CUfunction f, unsigned grid, unsigned block, CUstream s, CUdeviceptr dst,
                               const cute_layout_t *dl, CUdeviceptr src, const cute_layout_t *sl, int64_t n,
                               int32_t es, int bytewise);
/* GEMM: encodes the plan's tensor maps (A, B, and D when the plan stores D through TMA) and
 * launches a wgmma kernel with (A map, B map, D map, args, scales) by value as
 * cutego_gemm_launch says (the 16-bit kernels take the first four; the FP8 ones the scales,
 * device pointers, 0: 1; the block-scaled ones block_scales, from cutego_gemm_block_scales,
 * instead); -1 when a map cannot be encoded. A stream-K kernel (sk not NULL, from
 * cutego_gemm_stream_k_launch, its partials and flags in device memory): sk fifth and the scales
 * sixth, on sk_ctas CTAs, after zeroing its sk_ctas x 2 flags on stream s (cuMemsetD32Async). */
int cutego_shim_launch_gemm(CUfunction f, int sms, int max_ctas, CUstream s,
                            const cutego_gemm_plan_t *plan, const cutego_gemm_args_t *args, CUdeviceptr a,
                            CUdeviceptr b, CUdeviceptr d, CUdeviceptr scale_a, CUdeviceptr scale_b,
                            const cutego_gemm_block_scales_t *block_scales, const cutego_gemm_stream_k_t *sk,
                            int64_t sk_ctas);
/* Zeroes on stream s the K padding of the packed copies of A and B (device addresses a and b)
 * that the slices of a split read (cutego_gemm_split_pad), by cuMemsetD2D8Async. Returns a
 * CUresult (0 where there is none). */
int cutego_shim_zero_split_pads(const cutego_gemm_plan_t *plan, CUdeviceptr a, CUdeviceptr b, CUstream s);
/* The GEMM's packers (csrc/gemm/pack.h; their kernels are in the copy module). The row packer:
 * cutego_gemm_pack_rows_add's answer for a copy of src (layout src_l, es bytes an element) into dst
 * (layout packed), added to r (C memory, zeroed first) where it is 0; r's grid for sms SMs (its
 * blocks, the kernel's unit and index bits: cutego_gemm_pack_k_rows_<unit>_<bits>); and its launch
 * of f on stream s (a CUresult). */
int cutego_shim_pack_rows_add(cutego_gemm_pack_rows_t *r, CUdeviceptr dst, const cute_layout_t *packed, CUdeviceptr src,
                              const cute_layout_t *src_l, int es);
unsigned cutego_shim_pack_rows_grid(cutego_gemm_pack_rows_t *r, int sms, int *unit, int *bits);
int cutego_shim_pack_rows_launch(CUfunction f, CUstream s, const cutego_gemm_pack_rows_t *r, unsigned blocks);
/* The column packer (which sources it reads: cutego_gemm_pack_cols_reads): its launch of f
 * (cutego_gemm_pack_mn_cols_<es>) on stream s, copying src (layout src_l, es bytes an element) into
 * dst (layout packed), its job and grid cutego_gemm_pack_cols_job's for sms SMs: a CUresult, or -1
 * where that job refuses. */
int cutego_shim_pack_mn_cols(CUfunction f, CUstream s, CUdeviceptr dst, const cute_layout_t *packed, CUdeviceptr src,
                             const cute_layout_t *src_l, int es, int sms);
/* Points a stream-K launch (cutego_gemm_stream_k_launch's) at its partial sums and flags, device
 * addresses as integers. */
void cutego_shim_stream_k_at(cutego_gemm_stream_k_t *sk, CUdeviceptr partials, CUdeviceptr flags);
/* cutego_gemm_block_scales with device addresses as integers. */
int cutego_shim_gemm_block_scales(const cutego_gemm_plan_t *plan, CUdeviceptr scale_a, const cute_layout_t *la,
                                  CUdeviceptr scale_b, const cute_layout_t *lb, cutego_gemm_block_scales_t *out,
                                  char *why, size_t why_len);
/* Sets the per-tensor scale pointers of GEMM options from device addresses (0: NULL). */
void cutego_shim_gemm_scales(cutego_gemm_options_t *o, CUdeviceptr scale_a, CUdeviceptr scale_b);
/* cutego_gemm_args with device pointers as integers. */
void cutego_shim_gemm_args(const cutego_gemm_plan_t *plan, CUdeviceptr d, CUdeviceptr c, float alpha, float beta,
                           int32_t group_m, cutego_gemm_args_t *args);
/* Launches a generic GEMM kernel (d, ld, a, la, b, lb, c, lc, m, n, k, l, alpha, beta, read_c). */
int cutego_shim_launch_gemm_generic(CUfunction f, unsigned grid, unsigned block, CUstream s, const cutego_gemm_plan_t *plan,
                                    CUdeviceptr d, const cute_layout_t *ld, CUdeviceptr a, const cute_layout_t *la,
                                    CUdeviceptr b, const cute_layout_t *lb, CUdeviceptr c, const cute_layout_t *lc,
                                    float alpha, float beta);
/* Launches a split-K reduction kernel (cutego_gemm_split_k_reduce_<out>) of the plan's D and C
 * over a workspace w of `splits` fp32 slices laid out as sl says (cutego_gemm_split_layouts), on
 * sl->reduce_blocks CTAs of 256 threads. */
int cutego_shim_launch_split_k_reduce(CUfunction f, CUstream s, const cutego_gemm_plan_t *plan,
                                      const cutego_gemm_split_layouts_t *sl, int splits, CUdeviceptr d, CUdeviceptr c,
                                      CUdeviceptr w, float alpha, float beta);
#endif

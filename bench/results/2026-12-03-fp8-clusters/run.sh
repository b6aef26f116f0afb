#!/usr/bin/env bash
# Per-tensor fast FP8 in 2x1 clusters sharing B on 128x256 tiles (prepared in session 10, not run;
# fp8cl.patch beside this script, against main 2cb8e17). A first build of this (branch
# fp8fast-clusters, session 7) measured 0.3-6% slower than no clusters, before the producer
# warpgroup's idle threads were made to exit (12df838), which lifted the 16-bit clusters by 3-14
# points. cuBLASLt runs 8192^3 and 4096^3 as our 128x256 tile in exactly these clusters.
# Usage: git apply bench/results/2026-12-03-fp8-clusters/fp8cl.patch, then run this on the device
# from the repo root. Builds the tree, and "pre" (the patch reversed) for the four FP8 128x256
# units; test_gemm_fp8 in full, memcheck on three cluster cases; bench_gemm_fp8 --variants
# 1:0:1,2:0:1 (128x256 without and with clusters, alternating, beside cuBLASLt) on the large
# squares and LLM shapes; and pre's binary on the same (no clusters: the same kernels' other body).
# Predicted: clusters 1.00-1.04x of no clusters on 4096^3-16384^3 (B's L2 reads halved at ~1.5
# PFLOP/s), 8192^3 1.014 -> ~1.03-1.05 of cuBLASLt; without clusters within 1% of pre.
set -u
grep -q kFp8Clusters kernels/gemm_kernels.cuh || { echo "apply fp8cl.patch first"; exit 2; }
G=/tmp/f8c; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-fp8-clusters
variant_prepare pre $R/fp8cl.patch -R
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
variant_compile pre:gemm_128x256_kk_e4m3 pre:gemm_128x256_kk_e5m2 pre:gemm_128x256_kk_e4m3e5m2 pre:gemm_128x256_kk_e5m2e4m3
wait; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/variants.log >> $S
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm_fp8.cu $D/lib.a $LK -o $D/test_gemm_fp8 > $G/link_t.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $D/lib.a $LK -o $D/bench_gemm_fp8 > $G/link_b.log 2>&1 &
V=$G/pre; mkdir -p $V/all && cp $D/o/*.o $V/all/ && cp $V/o/*.o $V/all/ && ar rcs $V/lib.a $V/all/*.o
$NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $V/lib.a $LK -o $V/bench_gemm_fp8 > $G/link_pre.log 2>&1 &
wait; echo "built at $(el)s" >> $S
timeout 120 $D/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm_fp8.log | tail -8 >> $S
timeout 60 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm_fp8 \
  --filter "3 tile rows,one tile row,batched B broadcast" > $OUT/memcheck.log 2>&1
echo "memcheck rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $OUT/memcheck.log | tail -2 >> $S
SH=""; for s in 8192,8192,8192 4096,4096,4096 16384,16384,16384 2048,2048,2048 4096,14336,4096 8192,28672,8192 16384,4096,14336; do SH="$SH --shape $s"; done
timeout 120 $D/bench_gemm_fp8 $OUT/clusters.csv --variants 1:0:1,2:0:1 --rounds 3 $SH > $OUT/clusters.log 2>&1
echo "clusters rc=$? ($(el)s)" >> $S; grep -hE "cuBLASLt|variant|==" $OUT/clusters.log >> $S
timeout 90 $V/bench_gemm_fp8 $OUT/pre.csv --variants 1:0:1 --rounds 2 $SH > $OUT/pre.log 2>&1
echo "pre rc=$? ($(el)s)" >> $S; grep -hE "cuBLASLt|variant|==" $OUT/pre.log >> $S
echo "done at $(el)s" >> $S; cat $S

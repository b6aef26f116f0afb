#!/usr/bin/env bash
# Prepared in session 24 (no device lent that session) for a device call (~8 minutes). The tree
# with bscl.patch applied: the FP8 128x128 and 128x192 configurations get multicast boxes (`cutego
# gen gemm`, checked against CUTLASS by make gemm-gen-check: 1419 comparisons, 0 disagree), so that
# every FP8 kernel, block-scaled and promoted included, runs 2x1 clusters sharing B when
# options.cluster_m is 2 (DeepGEMM's TMA multicast; it multicasts at M >= 512).
# 1. test_gemm_fp8 (22 new cases: "clusters block ..." on 128x128 and 128x192, "clusters 128x128
#    ..." fast and promoted, every 1 and 3 k-tiles), memcheck and racecheck of the new cases (the
#    16-bit and FP8 128x256 kernels compile to the same SASS as main's: bench/sass_diff.py, 0);
# 2. bench_gemm_fp8 --blockscaled: DeepGEMM's 18 shapes, block-scaled automatic, on 128x128 and on
#    128x192, each with and without 2x1 clusters, per tensor fast (automatic, and on 128x128 with
#    and without clusters), promoted, bf16 and cuBLASLt, interleaved.
# Why: DeepGEMM's block-scaled kernel reached 1426 TFLOP/s on 4096 x 7168 x 16384 (H800, its
# README of 2025-03) on 128x128 tiles with one partial sum and TMA multicast of 2, the rate of our
# per-tensor fast 128x256 (1424); ours on 128x128 without clusters runs 1159 (block-scaled) and
# 1175 (fast): the promotion costs ours ~1.5%, the 128x128 tile the rest. A 128x128 tile reads
# (128 + 128) K bytes of L2 per 2 * 128 * 128 K flops, 1/128 byte per flop: 9.2 TB/s at 1175 TF;
# 128x256 and 128x128 sharing B read 1/171 (8.3 TB/s at 1424). If L2's reads bind the 128x128
# tile, clusters lift it to about 128x256's rate; if shared memory binds it (each CTA's stages are
# written whole either way), they do not.
# Predicted: every test passes, memcheck and racecheck clean. At M = 4096 block-scaled 128x128 in
# clusters 1.05-1.15x of without (4096 x 7168 x 16384 ~1160 -> 1250-1330 TF) and block / fast
# 0.86 -> 0.90-0.97 (the goal is 0.90); fast 128x128 in clusters 1.05-1.15x of without; 128x192 in
# clusters 1.03-1.10x; at M = 64 and 128 (one row of tiles: the partner CTA idle) clusters lose
# (0.6-0.95x). Wrong if clusters gain < 2% at M = 4096: then the 128x128 tile is not bound by L2.
set -u
G=$PWD/.devwork/bscl; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-05-bscl; . $R/steps.sh
git apply $R/bscl.patch 2>> $S || patch -p1 -s < $R/bscl.patch || echo "PATCH-FAIL" >> $S
export D=.devwork/b; mkdir -p $D
# the kernels before the patch, for run2.sh (built here, beside the tree's library)
variant_prepare old $R/bscl.patch -R
variant_compile $(for u in $BSCL_UNITS; do echo old:$u; done) &
build_tree csrc/gemm/test_gemm_fp8 bench/bench_gemm_fp8 bench/bench_gemm
wait
grep -h "FAIL" $G/variants.log >> $S
run_test 200 test_gemm_fp8
grep "clusters" $OUT/test_gemm_fp8.log | cut -c1-120 >> $S
sanitize memcheck 150 test_gemm_fp8 "clusters block one tile row,clusters block 128x192 straddle,clusters 128x128 promoted/3,clusters block odd"
sanitize racecheck 200 test_gemm_fp8 "clusters block one K block,clusters block 128x192 3 tile rows"
bscl_blockscaled
(cd $OUT && tar czf logs.tgz test_gemm*.log && rm -f test_gemm*.log)
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Prepared in session 24 (no device lent): DeepGEMM's block-scaled FP8 kernel beside ours on
# DeepGEMM's 18 shapes (bench/bench_deepgemm.cu, built here by bench/deepgemm.sh against the tree's
# kernels library), the anchor issue 17 names. ~3 minutes. Call it with
#   carry [".deps/deepgemm", ".deps/py/cutlass_library/source/include"]
# (DeepGEMM's headers at 54e22612409371d6364144b69086735beb54e98b, exported as bench/deepgemm.sh
# says, and the pinned CUTLASS headers: 28 MB). It reuses .devwork/b's library when an earlier
# call left it (the calls of ../2026-12-05-calls: its block-scaled kernels then have 2x1 clusters,
# which bench_deepgemm times as well).
# Predicted: DeepGEMM correct on every configuration it runs (against ours: relative difference
# < 1e-2); at M = 4096 its best tile (256x128 or 128x128 with multicast) 1.10-1.25x ours without
# clusters (its README: 1426 TF at 4096 x 7168 x 16384 on an H800 in 2025-03, 1550 after its
# April changes; ours ~1160); at M = 64 and 128 (memory-bound) within +-10% of ours. Our ptxas (13.0)
# spills 36 bytes in its 256x128 kernels (DeepGEMM recommends nvcc 12.9+; its JIT would do the same
# on this toolchain).
set -u
G=$PWD/.devwork/dg; mkdir -p $G; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
[ -f $D/lib.a ] || build_tree
CUDA=$CUDA bash bench/deepgemm.sh $G/bench_deepgemm $D/lib.a > $G/build.log 2>&1 ||
  echo "BUILD-FAIL bench_deepgemm: $(grep -m3 -E 'error|No such' $G/build.log)" >> $S
echo "built at $(el)s" >> $S
timeout 300 $G/bench_deepgemm $OUT/deepgemm.csv --reps 9 > $OUT/deepgemm.log 2>&1
echo "bench_deepgemm rc=$? at $(el)s" >> $S
cat $OUT/deepgemm.log >> $S
echo "done at $(el)s" >> $S
cat $S

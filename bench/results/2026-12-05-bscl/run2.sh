#!/usr/bin/env bash
# Prepared in session 24, for the call after run.sh (~4 minutes; run.sh's builds under .devwork
# kept): the kernels before bscl.patch against the tree with it where the plans take no clusters
# (bench_gemm_fp8 --blockscaled of each: block-scaled, fast, promoted and bf16 as their plans pick,
# each as a ratio to the others and to cuBLASLt in its own process), and per tensor fast 128x128
# in clusters on few-wave shapes where the planner picks 128x128 or 128x256.
# Predicted: before/after within +-1% where no clusters run (the CM = 1 bodies are the same
# source; ptxas compiles one more body beside them in the three changed units; every other unit's
# SASS is main's); fast 128x128 in clusters ahead of fast 128x128 alone by 3-12%, and of the
# planner's 128x256 on 1-2 wave shapes where 128x128 fills the SMs better.
set -u
G=$PWD/.devwork/bscl; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-05-bscl; . $R/steps.sh
git apply $R/bscl.patch 2>> $S || patch -p1 -s < $R/bscl.patch || echo "PATCH-FAIL" >> $S
export D=.devwork/b
[ -x $D/bench_gemm_fp8 ] || build_tree bench/bench_gemm_fp8 bench/bench_gemm
if [ ! -f $G/old/o/gemm_128x128_kk.o ]; then
  variant_prepare old $R/bscl.patch -R
  variant_compile $(for u in $BSCL_UNITS; do echo old:$u; done)
fi
variant_link old configs
bscl_link_old_fp8 $G/old
echo "old linked at $(el)s" >> $S
bscl_before_after $G/old
echo "done at $(el)s" >> $S
cat $S

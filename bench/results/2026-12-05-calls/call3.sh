#!/usr/bin/env bash
# Call 3 of 3 (~9 minutes): each patch's "before" against the tree where its new code is not taken
# (../2026-12-05-bscl/run2.sh and ../2026-12-05-dtrans/run2.sh, predictions there): block-scaled
# and per tensor FP8 without clusters, 16-bit clusters, 16-bit row-major D; FP8 fast 128x128 in
# clusters on few-wave shapes; the bf16 and fp16 sweeps and FP8 per tensor (the tree's).
set -u
G=$PWD/.devwork/calls; mkdir -p $G; . bench/results/2026-12-05-calls/common.sh
[ -x $D/bench_gemm_fp8 ] || build_tree bench/bench_gemm bench/bench_gemm_fp8
prepare_old
variant_link old_bs configs
variant_link old_dt configs
bscl_link_old_fp8 $G/old_bs
echo "old linked at $(el)s" >> $S
bscl_before_after $G/old_bs
dtrans_before_after $G/old_dt
standing 100
echo "done at $(el)s" >> $S
cat $S

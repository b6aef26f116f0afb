#!/usr/bin/env bash
# Prepared in session 23 for the call after run.sh: the kernels before dtrans.patch against the
# tree with it, on row-major D (where the epilogue's new code is not taken: PairOf's stores, the
# transposed branch once per tile in store_tile), alternated twice, then the bf16 and fp16 sweeps
# and FP8 per-tensor. Predicted: before/after 0.99-1.01 on every shape; sweeps within 1% of session
# 22's (1.104 / 1.107; FP8 1.022).
set -u
G=/tmp/dt2; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-05-dtrans; . $R/steps.sh
git apply $R/dtrans.patch 2>> $S || patch -p1 -s < $R/dtrans.patch || echo "PATCH-FAIL" >> $S
export D=.devwork/b; mkdir -p $D
variant_prepare old $R/dtrans.patch -R
variant_compile $(for u in $DTRANS_UNITS; do echo old:$u; done) &
build_tree bench/bench_gemm bench/bench_gemm_fp8
wait
grep -h "FAIL" $G/variants.log >> $S
variant_link old configs
echo "old linked at $(el)s" >> $S
dtrans_before_after $G/old
standing 120
echo "done at $(el)s" >> $S
cat $S

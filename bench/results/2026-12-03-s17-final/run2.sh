#!/usr/bin/env bash
# A second pass after run.sh (the warm machine keeps .devwork/b): the first sweep read several large
# shapes 5-13% below the last session's (4096 x 14336 x 4096 f16 0.976 -> 0.860) though their plans
# and kernels are unchanged. The tree before the session (pack-narrow's all.patch reversed: "pre")
# beside the tree on those shapes, alternated twice, both dtypes; then the sweeps again.
# Usage (repo root, $OUT set, after run.sh): bash bench/results/2026-12-03-s17-final/run2.sh
set -u
G=/tmp/s17b; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=.devwork/b
ls $D/bench_gemm $D/lib.a > /dev/null || build_tree bench/bench_gemm
variant_prepare pre bench/results/2026-12-03-pack-narrow/all.patch -R
variant_compile pre:cutego_gemm; grep BUILD-FAIL $G/variants.log >> $S
variant_link pre
BIG="--shape 4096,14336,4096 --shape 8192,4096,4096 --shape 8192,6144,4096 --shape 4096,11008,4096 --shape 1024,14336,4096 --shape 512,512,512 --shape 1,6144,4096 --shape 4096,4096,4096"
ab ab_bf16 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $BIG
ab ab_f16 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype f16 $BIG
sweep bf16 f16
cp $G/sweep/*.csv $OUT/
for dt in bf16 f16; do python3 bench/sweep_table.py $G/sweep/sweep_$dt.csv --before bench/results/2026-12-03-s15-final/device/sweep/sweep_$dt.csv > $OUT/table_$dt.md 2>&1; done
echo "done at $(el)s" >> $S; cat $S

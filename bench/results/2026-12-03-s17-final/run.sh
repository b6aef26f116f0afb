#!/usr/bin/env bash
# The session's final tree (b921b29: the row copies in one launch at the copy rate, the narrow
# tiles on the copies): the sweeps (bf16, fp16, CUDA graphs, in-process ratios to the better cuBLAS)
# and bench/sweep_table.py's summary.
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-s17-final/run.sh
set -u
G=/tmp/s17; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree bench/bench_gemm
sweep bf16 f16
cp $G/sweep/*.csv $OUT/
for dt in bf16 f16; do python3 bench/sweep_table.py $G/sweep/sweep_$dt.csv --before bench/results/2026-12-03-s15-final/device/sweep/sweep_$dt.csv > $OUT/table_$dt.md 2>&1 || echo "table $dt failed" >> $S; done
echo "done at $(el)s" >> $S; cat $S

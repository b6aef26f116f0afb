#!/usr/bin/env bash
# Call 2 of 3 (~8 minutes; call 1's builds under .devwork kept): block-scaled FP8 in clusters
# (bench_gemm_fp8 --blockscaled, ../2026-12-05-bscl/run.sh's prediction), then the column-major D's
# timing (../2026-12-05-dtrans/run.sh's: row-major D, --d-col, --d-col --direct-epilogue, --swap-ab
# on ten shapes, three rounds in turn).
set -u
G=$PWD/.devwork/calls; mkdir -p $G; . bench/results/2026-12-05-calls/common.sh
[ -x $D/bench_gemm_fp8 ] || build_tree bench/bench_gemm bench/bench_gemm_fp8
bscl_blockscaled
dtrans_timing
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

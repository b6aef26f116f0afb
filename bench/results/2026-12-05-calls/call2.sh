#!/usr/bin/env bash
# Call 2 of 3 (~8 minutes; call 1's builds under .devwork kept): block-scaled FP8 in clusters
# (bench_gemm_fp8 --blockscaled, ../2026-12-05-bscl/run.sh's prediction), then the column-major D's
# timing (../2026-12-05-dtrans/run.sh's: row-major D, --d-col, --d-col --direct-epilogue, --swap-ab
# on ten shapes, three rounds in turn).
set -u
G=$PWD/.devwork/calls; mkdir -p $G; . bench/results/2026-12-05-calls/common.sh
[ -x $D/bench_gemm_fp8 ] || build_tree bench/bench_gemm bench/bench_gemm_fp8
timeout 200 $D/bench_gemm_fp8 $OUT/bs_new.csv --blockscaled --reps 9 > $OUT/bs_new.log 2>&1
echo "blockscaled rc=$? at $(el)s" >> $S
grep "^==\|WRONG" $OUT/bs_new.log >> $S
SH=""; for s in 4096,4096,4096 8192,8192,8192 2048,2048,128,64 3000,5000,1000 1000,1000,1000 333,14336,4096 \
  512,11008,4096 1024,14336,4096 100,4096,4100 16384,4096,11008; do SH="$SH --shape $s"; done
declare -A B=() V=([row]="" [col]="--d-col" [coldirect]="--d-col --direct-epilogue" [swap]="--swap-ab")
in_turn 3 row row col coldirect swap
echo "## col-direct -> col" >> $S
python3 bench/ab_table.py $G/csv/coldirect_*.csv -- $G/csv/col_*.csv >> $S
grep -h "WRONG\|cutego_gemm:" $G/*.log | head -3 >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# gemm_ab.sh — a before/after timing in one device call, after bench/gemm_device.sh has built both
# benchmarks: the two alternate ROUNDS times on the same shapes (each process times ours beside
# cuBLASLt and cublasGemmEx), each run bounded by a timeout, then bench/ab_table.py's table.
#   bench/gemm_ab.sh OUTDIR ROUNDS BEFORE_BIN AFTER_BIN bench_gemm-options...
#   e.g. bench/gemm_ab.sh $OUT 2 .devwork/dev/bench_base .devwork/dev/bench_new --dtype bf16 \
#          --shape 4096,4096,4096 --shape 8192,8192,8192 --shape 1024,14336,4096 --shape 16,4096,4096
set -uo pipefail
out=$1 rounds=$2 before=$3 after=$4
shift 4
tag=$(basename "$after")
for i in $(seq "$rounds"); do
  timeout 150 "$before" "$out/ab_before_${tag}_$i.csv" "$@" > /dev/null || echo "before, round $i: exit $?"
  timeout 150 "$after" "$out/ab_after_${tag}_$i.csv" "$@" > /dev/null || echo "after, round $i: exit $?"
  echo "round $i done at $SECONDS s"
done
python3 bench/ab_table.py "$out"/ab_before_${tag}_*.csv -- "$out"/ab_after_${tag}_*.csv

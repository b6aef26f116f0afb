#!/usr/bin/env bash
# Prepared in session 19 for the next session's first device call (~5 minutes):
# 1. test_gemm, test_gemm_fp8, test_gemm_graph on main;
# 2. bench_gemm_fp8 with the shared interleaved timer (gemm_harness.h's time_interleaved; never run
#    on the device yet): the per-tensor table against cuBLASLt (fast accumulation) and the
#    block-scaled table. Predicted: per-tensor geomean within 2% of the README's 1.017 (8192^3 ~0.99),
#    block-scaled / fast 0.90 overall and ~0.82 at M = 4096, as before; the ratios steadier than the
#    pass-at-a-time ones;
# 3. the cold-L2 sweep with the interleaved timer, bf16 and fp16.
set -u
G=/tmp/next5; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm bench/bench_gemm_fp8
run_test 200 test_gemm
run_test 150 test_gemm_fp8
run_test 150 test_gemm_graph
timeout 120 $D/bench_gemm_fp8 $OUT/fp8.csv > $OUT/fp8.log 2>&1
echo "fp8 per-tensor rc=$? at $(el)s: $(grep -i "geometric" $OUT/fp8.log | tail -2 | tr '\n' ' ')" >> $S
timeout 90 $D/bench_gemm_fp8 $OUT/blockscaled.csv --blockscaled --reps 9 > $OUT/blockscaled.log 2>&1
echo "blockscaled rc=$? at $(el)s: $(tail -2 $OUT/blockscaled.log | tr '\n' ' ')" >> $S
for dt in bf16 f16; do
  timeout 100 $D/bench_gemm $OUT/cold_$dt.csv --sweep --graph --cold --dtype $dt > $G/cold_$dt.log 2>&1
  echo "cold sweep $dt rc=$? at $(el)s: $(tail -1 $G/cold_$dt.log)" >> $S
done
echo "done at $(el)s" >> $S; cat $S

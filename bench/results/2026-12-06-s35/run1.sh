#!/usr/bin/env bash
# Session 35, device call 1 (carry build/carry: lib.a.gz, main 0fcab79's library; tree.a.gz, the
# tree's: main's objects with the four 256x128 block-scaled units, cutego_gemm.o, plan.c, waves.c
# and configs.cc built here from the tree. The tree's gemm_kernels.cuh change leaves the other
# units' SASS identical: checked here on gemm_128x128_kk and gemm_128x128_kk_e4m3_blockscaled.)
# 1. test_gemm_fp8: the 256x128 cases first, then all; memcheck and racecheck of the small ones.
# 2. bench_gemm_fp8 --blockscaled on DeepGEMM's (N, K) pairs at M = 64, 128, 1024, 2048, 4096, 8192,
#    twice: the planner's tiles, 128x128, 128x192 and 256x128 block-scaled, ours per tensor and
#    cuBLASLt, interleaved. Predicted: 256x128 over 128x128 1.05-1.20x at M = 4096 (DeepGEMM's
#    256x128 ran 1.20-1.41x our 128x128 in session 24), block over fast there 0.81 -> 0.88-0.95;
#    wrong if under 1.03x.
set -u
G=$PWD/.devwork/s35a; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/t; mkdir -p $D $G/m
gunzip -c build/carry/tree.a.gz > $D/lib.a && gunzip -c build/carry/lib.a.gz > $G/m/lib.a || echo "CARRY-FAIL" >> $S
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins csrc/gemm/test_gemm_fp8 bench/bench_gemm_fp8
run_test 120 test_gemm_fp8 --filter "256x128"
cp $OUT/test_gemm_fp8.log $OUT/test_gemm_fp8_256.log
run_test 200 test_gemm_fp8
sanitize memcheck 200 test_gemm_fp8 "256x128 odd,256x128 second,256x128 small,256x128 batched,256x128 one K,256x128 two K,256x128 split,256x128 e4m3xe5m2,256x128 e5m2 MN,256x128 col"
sanitize racecheck 150 test_gemm_fp8 "256x128 odd 999,256x128 small M=100,256x128 two K"
for r in 1 2; do
  timeout 240 $D/bench_gemm_fp8 $G/bs_$r.csv --blockscaled --reps 9 --bs-m 64,128,1024,2048,4096,8192 > $G/bs_$r.log 2>&1
  echo "bs $r rc=$? ($(el)s)" >> $S
  grep "^==" $G/bs_$r.log >> $S
done
cp $G/bs_*.csv $G/bs_*.log $OUT/ 2>/dev/null
(cd $G && tar czf $OUT/logs.tgz *.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

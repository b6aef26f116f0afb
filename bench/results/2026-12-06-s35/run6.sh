#!/usr/bin/env bash
# Session 35, device call 6 (carry build/carry: lib.a.gz, main 0fcab79's library; the tree's
# gemm_128x128_kk_e4m3, and the 128x128, 64x64 and 64x128 e4m3 block-scaled units, lean2.patch).
# Call 5: lean.patch measured block-scaled 128x128 1.025x, promoted 1.018x, but 128x192 (its loop of
# one partial sum) 0.976x (0.94-1.01). lean2.patch keeps 128x192's loop as main's (its SASS is
# identical now) and takes the shared-memory barrier addresses in the loops of two partial sums
# only: 128x128 and the 64-row block-scaled tiles (the planner's at M <= 128).
# Predicted: 128x128 and promoted as call 5 (1.02-1.03x); 64x64 / 64x128 at M = 64 / 128 0.99-1.03x;
# the planner's block column at M = 1024 / 4096 1.00-1.03x.
# main (m) and the tree (t) in turn, three times, DeepGEMM's (N, K) at M = 64, 128, 1024, 4096.
set -u
G=$PWD/.devwork/s35f; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/m; mkdir -p $D $G/t $G/o
gunzip -c build/carry/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
(cd $G/o && ar x $D/lib.a && cp $OLDPWD/build/carry/gemm_*.o . && ar rcs $G/t/lib.a *.o)
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm_fp8
(D=$G/t; link_bins bench/bench_gemm_fp8 csrc/gemm/test_gemm_fp8)
(D=$G/t; run_test 150 test_gemm_fp8 --filter "block,promoted")
for r in 1 2 3; do
  for v in m t; do
    timeout 200 $G/$v/bench_gemm_fp8 $G/bs_${v}_$r.csv --blockscaled --reps 9 --bs-m 64,128,1024,4096 > $G/bs_${v}_$r.log 2>&1
    echo "$v $r rc=$? ($(el)s): $(grep -E '^== M = ' $G/bs_${v}_$r.log | tr '\n' ' ')" >> $S
  done
done
cp $G/bs_*.csv $OUT/ 2>/dev/null
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Session 36, device call 3 (carry build/carry: final.a.gz, main 5b34651's library; v2/: the 16
# block-scaled units, the four FP8 128x128 units (the per-tensor promoted loop) and gemm_configs.o
# of slots-smem.patch, built on the CPU machine).
# Call 2's ncu: 21.9% of the block-scaled 128x128 loop's samples on the FMUL of a k-tile's factor,
# before the next k-tile's MMAs (long scoreboard). In its SASS every scale load writes scoreboard 5,
# so that FMUL waits for all scale loads in flight, among them the other slot's, issued one k-tile
# before: the two-k-tile lead is halved. slots-smem.patch: each consumer warp copies its 16 rows' SA
# and the tile's SB by cp.async into two shared-memory slots (a group per k-tile), and a promotion
# waits for its own group by count (cp.async.wait_group 1) after the MMAs' wait, then reads them
# (LDS): 242 -> 255 instructions per two k-tiles on 128x128 (the stage broadcast by a shuffle each
# k-tile keeps the descriptors in uniform registers).
# Predicted: block-scaled 128x128 and the 64-row tiles 1.04-1.12x at M >= 1024 (the FMUL's 22% of
# samples gone, 5% more instructions); wrong if under 1.02. 128x192 (loop unchanged) and fast
# 0.99-1.01; per-tensor promoted 0.98-1.02. test_gemm_fp8 passes; memcheck and racecheck clean.
set -u
G=$PWD/.devwork/s36c; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/m; mkdir -p $D $G/t $G/o
gunzip -c build/carry/final.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
(cd $G/o && ar x $D/lib.a && cp $OLDPWD/build/carry/v2/*.o . && ar rcs $G/t/lib.a *.o)
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm_fp8
(D=$G/t; link_bins bench/bench_gemm_fp8 csrc/gemm/test_gemm_fp8)
(D=$G/t; run_test 150 test_gemm_fp8)
(D=$G/t; sanitize memcheck 200 test_gemm_fp8 "block bf16,block odd,block one K,block two K,block small M=8,block 128x192 N=1000,block 64x64 odd,block 64x64 one K,block 64x64 two K,promoted small,promoted K=128")
(D=$G/t; sanitize racecheck 200 test_gemm_fp8 "block one K block K=100,block two K blocks K=256,block 64x64 odd,block bf16")
for r in 1 2 3; do
  for v in m t; do
    timeout 200 $G/$v/bench_gemm_fp8 $G/bs_${v}_$r.csv --blockscaled --reps 9 --bs-m 64,128,1024,4096 > $G/bs_${v}_$r.log 2>&1
    echo "$v $r rc=$? ($(el)s): $(grep -E '^== M = ' $G/bs_${v}_$r.log | tr '\n' ' ')" >> $S
  done
done
for v in m t; do
  timeout 60 $G/$v/bench_gemm_fp8 $G/fp8_$v.csv > $G/fp8_$v.log 2>&1
  echo "fp8 $v rc=$? at $(el)s: $(grep -i "geometric" $G/fp8_$v.log | head -2 | tr '\n' ' ')" >> $S
done
cp $G/*.csv $G/*.log $OUT/ 2>/dev/null
(cd $OUT && tar czf logs.tgz *.log *.csv && rm -f *.log *.csv)
echo "all done at $(el)s" >> $S
cat $S

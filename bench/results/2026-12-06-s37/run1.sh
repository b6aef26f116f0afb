#!/usr/bin/env bash
# Session 37, device call 1 (carry build/carry/s37: head.a.gz, 3c91551's library; y_{all,noyield,half}.tgz,
# its e4m3 block-scaled units (128x128, 128x192, 64x128, 64x64) and its e4m3 128x128 unit (the per-tensor
# promoted kernels) with the yield hints of their main loops' FFMA / FADD rewritten in place by
# yieldpatch.py: all = every promotion FFMA / FADD yields (reuse flags cleared), noyield = none
# yields, half = the first half of each loop's FFMA / FADD yields; ptxas's own choice alternates).
# Predicted: all 1.03-1.10x on block-scaled 128x128 / 128x192 at M >= 1024 (DeepGEMM reports 10%+
# from more yields among its promotion FFMAs), half between; noyield 0.95-1.00; promoted 1.00-1.04.
# 1. test_gemm_fp8 on every variant (the hints must not change a result).
# 2. bench_gemm_fp8 --blockscaled (M = 128, 1024, 4096) and --promoted, the four in turn, three rounds.
set -u
G=$PWD/.devwork/s37a; . bench/device/env.sh; . bench/device/steps.sh
C=$PWD/build/carry/s37
mkdir -p $G/base; gunzip -c $C/head.a.gz > $G/base/lib.a || echo "CARRY-FAIL" >> $S
for v in all noyield half; do
  mkdir -p $G/o_$v $G/$v && (cd $G/o_$v && ar x $G/base/lib.a && tar xzf $C/y_$v.tgz && ar rcs $G/$v/lib.a *.o)
done
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
pids=""
for v in base all noyield half; do (D=$G/$v; link_bins bench/bench_gemm_fp8 csrc/gemm/test_gemm_fp8) & pids="$pids $!"; done
wait $pids
for v in base all noyield half; do
  timeout 150 $G/$v/test_gemm_fp8 > $G/test_$v.log 2>&1
  echo "test_gemm_fp8 $v rc=$? ($(el)s): $(grep -E 'checks' $G/test_$v.log | tail -1)" >> $S
done
(D=$G/all; sanitize memcheck 200 test_gemm_fp8 "block bf16,block odd,promoted small,promoted K=128")
for r in 1 2 3; do
  for v in base all noyield half; do
    timeout 120 $G/$v/bench_gemm_fp8 $G/bs_${v}_$r.csv --blockscaled --reps 9 --bs-m 128,1024,4096 > $G/bs_${v}_$r.log 2>&1
    echo "bs $v $r rc=$? ($(el)s): $(grep -E '^== M = ' $G/bs_${v}_$r.log | sed 's/ of ours per tensor (fast)//' | tr '\n' ' ')" >> $S
    timeout 120 $G/$v/bench_gemm_fp8 $G/pr_${v}_$r.csv --promoted > $G/pr_${v}_$r.log 2>&1
    echo "promoted $v $r rc=$? ($(el)s): $(grep -i 'geometric' $G/pr_${v}_$r.log | head -1 | sed 's/.*shapes: //')" >> $S
  done
done
cp $G/*.csv $G/*.log $OUT/ 2>/dev/null
(cd $OUT && tar czf logs.tgz *.log *.csv && rm -f *.log *.csv)
echo "all done at $(el)s" >> $S
cat $S

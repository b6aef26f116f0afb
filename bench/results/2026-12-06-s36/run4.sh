#!/usr/bin/env bash
# Session 36, device call 4: the final tree (carry build/carry: final2.a.gz, the tree's library:
# 5b34651's with the four FP8 128x128 units rebuilt (m128/: 5b34651's four), whose per-tensor
# promoted kernels take the stage through a shuffle each k-tile, SASS as call 3's tree, fast and
# block-scaled kernels main's (compared); go/: gpu.test, cutego_gemm_fp8.cubin of this tree,
# cutego_gemm.cubin and cutego_copy.cubin of session 35's tree, whose kernels are unchanged).
# Call 3 measured the per-tensor promoted column of DeepGEMM's table at 1.031x (M = 4096) and 1.008x
# (M = 1024), 0.975-0.989 where K <= 2048.
# 1. test_gemm_fp8 in full; memcheck and racecheck of the promoted cases.
# 2. bench_gemm_fp8 --promoted (34 shapes, against cuBLASLt without fast accumulation), main and
#    the tree in turn, twice. Predicted 1.00-1.03x geomean, 8192^3 1.02-1.06x; K <= 2048 0.97-1.00.
# 3. DeepGEMM's block-scaled table on the tree (standing figures), and the Go launcher's device tests.
set -u
G=$PWD/.devwork/s36d; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/t; mkdir -p $D $G/m
gunzip -c build/carry/final2.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
mkdir -p $G/o && (cd $G/o && ar x $D/lib.a && cp $OLDPWD/build/carry/m128/*.o . && ar rcs $G/m/lib.a *.o)
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins csrc/gemm/test_gemm_fp8 bench/bench_gemm_fp8
(D=$G/m; link_bins bench/bench_gemm_fp8)
run_test 150 test_gemm_fp8
sanitize memcheck 200 test_gemm_fp8 "promoted batched,promoted small,promoted/2 K=640,promoted K=128,promoted/3 K=1000,block bf16,block odd"
sanitize racecheck 150 test_gemm_fp8 "promoted small,promoted K=128"
for r in 1 2; do
  for v in m t; do
    timeout 120 $G/$v/bench_gemm_fp8 $G/pr_${v}_$r.csv --promoted > $G/pr_${v}_$r.log 2>&1
    echo "promoted $v $r rc=$? at $(el)s: $(grep -i "geometric" $G/pr_${v}_$r.log | head -2 | tr '\n' ' ')" >> $S
  done
done
timeout 150 $D/bench_gemm_fp8 $G/bs.csv --blockscaled --reps 9 --bs-m 64,128,1024,4096 > $G/bs.log 2>&1
echo "bs rc=$? at $(el)s" >> $S
grep "^==" $G/bs.log >> $S
E=$PWD/build/carry/go
if [ -f $E/gpu.test.gz ]; then
  (cd $E && for z in *.gz; do gunzip -f "$z"; done && chmod +x gpu.test)
  GOENV="CUTEGO_CUBIN=$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$E/cutego_gemm.cubin:$E/cutego_gemm_fp8.cubin"
  (cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 200 $E/gpu.test -test.v -test.count=1 -test.run 'OnDevice' > $G/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
  grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" $G/gpu_test.log | head -20 >> $S
  grep -cE "^--- PASS" $G/gpu_test.log | sed 's/^/gpu.test passed: /' >> $S
fi
cp $G/*.csv $G/*.log $OUT/ 2>/dev/null
(cd $OUT && tar czf logs.tgz *.log *.csv && rm -f *.log *.csv)
echo "all done at $(el)s" >> $S
cat $S

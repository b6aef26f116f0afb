#!/usr/bin/env bash
# Session 35, device call 7: the final tree (8e522ed and its review) (carry build/carry: lib.a.gz, the
# tree's library built on the CPU machine; go/: gpu.test and the three cubins, gzipped).
# 1. test_gemm and test_gemm_fp8 in full; memcheck of the small block-scaled and promoted cases,
#    racecheck of two.
# 2. bench_gemm_fp8: the per-tensor table against cuBLASLt (34 shapes) and DeepGEMM's block-scaled
#    table (M = 64, 128, 4096).
# 3. The Go launcher's device tests (its FP8 module with the promoted loop's change; TestGemmOnDevice
#    with session 34's 4-byte rows case, not run on the device before).
# Predicted: every check passes, sanitizers clean; FP8 per tensor 0.99-1.01 of cuBLASLt geomean;
# block-scaled over fast at M = 4096 0.78-0.81.
set -u
G=$PWD/.devwork/s35g; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/b; mkdir -p $D
gunzip -c build/carry/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 bench/bench_gemm_fp8
run_test 200 test_gemm
run_test 150 test_gemm_fp8
sanitize memcheck 200 test_gemm_fp8 "block bf16,block odd,block one K,block two K,block small M=8,block 128x192 N=1000,block 128x192 one K,block 64x64 odd,block 64x64 one K,block 64x64 two K,promoted batched,promoted small,promoted/2 K=640,promoted K=128,promoted/3 K=1000"
sanitize racecheck 150 test_gemm_fp8 "block one K block K=100,block two K blocks K=256"
timeout 60 $D/bench_gemm_fp8 $OUT/fp8.csv > $OUT/fp8.log 2>&1
echo "fp8 rc=$? at $(el)s: $(grep -i "geometric" $OUT/fp8.log | head -3 | tr '\n' ' ')" >> $S
timeout 150 $D/bench_gemm_fp8 $OUT/bs.csv --blockscaled --reps 9 > $OUT/bs.log 2>&1
echo "bs rc=$? at $(el)s" >> $S
grep "^==" $OUT/bs.log >> $S
E=$PWD/build/carry/go
if [ -f $E/gpu.test.gz ]; then
  (cd $E && for z in *.gz; do gunzip -f "$z"; done && chmod +x gpu.test)
  GOENV="CUTEGO_CUBIN=$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$E/cutego_gemm.cubin:$E/cutego_gemm_fp8.cubin"
  (cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 200 $E/gpu.test -test.v -test.count=1 -test.run 'OnDevice' > $OUT/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
  grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" $OUT/gpu_test.log | head -20 >> $S
  grep -cE "^--- PASS" $OUT/gpu_test.log | sed 's/^/gpu.test passed: /' >> $S
fi
(cd $OUT && tar czf logs.tgz *.log && rm -f test_gemm.log test_gemm_fp8.log fp8.log bs.log gpu_test.log)
echo "all done at $(el)s" >> $S
cat $S

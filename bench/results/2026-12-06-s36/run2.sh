#!/usr/bin/env bash
# Session 36, device call 2: the final tree (1eb336b and 24c4311) (carry build/carry: final.a.gz, the
# tree's library built on the CPU machine; go/: gpu.test of this tree, cutego_gemm_fp8.cubin of this
# tree, cutego_gemm.cubin and cutego_copy.cubin of session 35's tree, whose kernels are unchanged).
# 1. test_gemm and test_gemm_fp8 in full; memcheck of the small block-scaled and promoted cases,
#    racecheck of two.
# 2. bench_gemm_fp8: the per-tensor table against cuBLASLt (34 shapes) and DeepGEMM's block-scaled
#    table (M = 64, 128, 1024, 4096).
# 3. ncu stall sampling of block-scaled 128x192 and 128x128 and fast 128x128 (4096 x 7168 x 16384).
# 4. The Go launcher's device tests (its FP8 module with the block-scaled change).
# Predicted: every check passes, sanitizers clean; FP8 per tensor 0.99-1.01 of cuBLASLt geomean;
# block-scaled over fast at M = 4096 0.79-0.82 (run1's tree: 0.771-0.782 beside main's 0.789-0.791,
# but with 128x192 main's again); M = 64 / 128 1.04-1.06 / 1.02-1.04.
set -u
G=$PWD/.devwork/s36b; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/b; mkdir -p $D
gunzip -c build/carry/final.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 bench/bench_gemm_fp8
run_test 200 test_gemm
run_test 150 test_gemm_fp8
sanitize memcheck 200 test_gemm_fp8 "block bf16,block odd,block one K,block two K,block small M=8,block 128x192 N=1000,block 128x192 one K,block 64x64 odd,block 64x64 one K,block 64x64 two K,promoted batched,promoted small,promoted/2 K=640,promoted K=128,promoted/3 K=1000"
sanitize racecheck 150 test_gemm_fp8 "block one K block K=100,block two K blocks K=256"
timeout 60 $D/bench_gemm_fp8 $OUT/fp8.csv > $OUT/fp8.log 2>&1
echo "fp8 rc=$? at $(el)s: $(grep -i "geometric" $OUT/fp8.log | head -3 | tr '\n' ' ')" >> $S
timeout 150 $D/bench_gemm_fp8 $OUT/bs.csv --blockscaled --reps 9 --bs-m 64,128,1024,4096 > $OUT/bs.log 2>&1
echo "bs rc=$? at $(el)s" >> $S
grep "^==" $OUT/bs.log >> $S
# ncu stall sampling of the block-scaled 128x192 and 128x128 kernels and the fast 128x128 one at
# 4096 x 7168 x 16384 (for the next session: where 128x192's loop of one partial sum waits).
mkdir -p /tmp/ncu $G/ncu
N="$CUDA/bin/ncu --clock-control none --import-source no --section SpeedOfLight --section WarpStateStats --section SourceCounters --section LaunchStats"
prof() {  # name, kernel regex
  timeout 150 $N --kernel-name regex:"$2" --launch-skip 2 --launch-count 1 -o /tmp/ncu/$1 $D/bench_gemm_fp8 /tmp/ncu/x.csv --blockscaled --only 4096,7168,16384 --reps 1 > $G/ncu_$1.log 2>&1
  echo "== $1 rc=$? ($(el)s)" >> $S
  $CUDA/bin/ncu -i /tmp/ncu/$1.ncu-rep --page details > $G/ncu/$1.txt 2>&1
  $CUDA/bin/ncu -i /tmp/ncu/$1.ncu-rep --page source --csv --print-source sass > $G/${1}_sass.csv 2>/dev/null
  python3 bench/results/2026-12-05-bsprof/stalls.py $G/${1}_sass.csv > $G/ncu/${1}_stalls.txt 2>&1
  grep -E "Duration|SM Frequency|Issue Slots Busy|Warp Cycles Per Issued|Executed Ipc Active" $G/ncu/$1.txt | head -6 >> $S
  head -4 $G/ncu/${1}_stalls.txt >> $S
}
prof b192 '128x192_kk_e4m3_bf16_blockscaled'
prof b128 '128x128_kk_e4m3_bf16_blockscaled'
prof f128 '128x128_kk_e4m3_bf16$'
(cd $G/ncu && tar czf $OUT/ncu.tgz *)
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

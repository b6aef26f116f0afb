#!/usr/bin/env bash
# The second device call: the same build and gates, test_gemm_fp8 in full, DeepGEMM's 18 shapes
# with the measured pick (128x192 where 1.6 x its waves are fewer), then Nsight Compute on
# 4096x7168x16384: the block-scaled 128x128 and 128x192 kernels (the bench's first two launches
# of --only there: the automatic plan's, 128x128, and the forced 128x192's accuracy launch).
set -u
CUDA=/usr/local/cuda-13.0
D=${D:-build_dev}
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
bash bench/gemm_fp8_device.sh $D > $OUT/build.log 2>&1; echo "build rc=$? at $(el)s" | tee -a $OUT/summary.txt
grep -h "C75" $D/gemm_*.log > $OUT/ptxas_c75.txt; echo "C75xx notes: $(wc -l < $OUT/ptxas_c75.txt)" >> $OUT/summary.txt
timeout 60 $D/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 rc=$? at $(el)s: $(tail -1 $OUT/test_gemm_fp8.log)" >> $OUT/summary.txt
grep -h "^FAIL\|block auto" $OUT/test_gemm_fp8.log >> $OUT/summary.txt
timeout 60 $D/bench_gemm_fp8 $OUT/blockscaled.csv --blockscaled --reps 9 > $OUT/blockscaled.log 2>&1; echo "blockscaled rc=$? at $(el)s" >> $OUT/summary.txt
grep -h "==" $OUT/blockscaled.log >> $OUT/summary.txt
NCU="$CUDA/bin/ncu --clock-control none --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section WarpStateStats"
timeout 40 $NCU --kernel-name regex:blockscaled --launch-count 2 $D/bench_gemm_fp8 $OUT/ncu_bench.csv --blockscaled --only 4096,7168,16384 --reps 5 > $OUT/ncu_block.txt 2>&1
echo "ncu rc=$? at $(el)s" >> $OUT/summary.txt
cat $OUT/summary.txt

#!/usr/bin/env bash
# One device call: build the GEMM library with its gates (bench/gemm_fp8_device.sh), the FP8
# device tests, memcheck on small block-scaled cases, DeepGEMM's 18 shapes block-scaled beside
# per-tensor fast (same process), then, if time is left, Nsight Compute on block-scaled 4096^3.
# Outputs under $OUT.
set -u
CUDA=/usr/local/cuda-13.0
D=${D:-.devwork/bsbuild}
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
bash bench/gemm_fp8_device.sh $D > $OUT/build.log 2>&1; echo "build rc=$? at $(el)s" | tee -a $OUT/summary.txt
grep -h "C75" $D/gemm_*.log > $OUT/ptxas_c75.txt; echo "C75xx notes: $(wc -l < $OUT/ptxas_c75.txt)" >> $OUT/summary.txt
timeout 60 $D/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 rc=$? at $(el)s: $(tail -1 $OUT/test_gemm_fp8.log)" >> $OUT/summary.txt
timeout 40 $CUDA/bin/compute-sanitizer --tool memcheck $D/test_gemm_fp8 --quick --filter "block bf16,block odd,block one,block two,block small M=8,block batched L=4,block persistent 4" > $OUT/memcheck.log 2>&1
echo "memcheck rc=$? at $(el)s: $(tail -2 $OUT/memcheck.log | tr '\n' ' ')" >> $OUT/summary.txt
timeout 60 $D/bench_gemm_fp8 $OUT/blockscaled.csv --blockscaled --reps 9 > $OUT/blockscaled.log 2>&1; echo "blockscaled rc=$? at $(el)s" >> $OUT/summary.txt
tail -n 1 $OUT/blockscaled.log >> $OUT/summary.txt
if [ $(el) -lt 140 ]; then
  NCU="$CUDA/bin/ncu --clock-control none --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section InstructionStats"
  timeout 35 $NCU --kernel-name regex:blockscaled $D/test_gemm_fp8 --filter "block square 4096" > $OUT/ncu_block.txt 2>&1
  echo "ncu block rc=$? at $(el)s" >> $OUT/summary.txt
fi
cat $OUT/summary.txt

#!/usr/bin/env bash
# Where the promoted / block-scaled loop loses to the fast one: Nsight Compute on one launch of
# each at 4096^3 (block-scaled, promoted, fast), clocks left alone. Outputs under $OUT.
set -u
CUDA=/usr/local/cuda-13.0
D=${D:-.devwork/fp8build}
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
bash bench/gemm_fp8_device.sh $D > /dev/null 2>&1; echo "build rc=$? at $(el)s" >> $OUT/summary.txt
NCU="$CUDA/bin/ncu --clock-control none --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats"
timeout 30 $NCU --kernel-name regex:blockscaled $D/test_gemm_fp8 --filter "block square 4096" > $OUT/ncu_block.txt 2>&1
echo "ncu block rc=$? at $(el)s" >> $OUT/summary.txt
timeout 25 $NCU --kernel-name regex:promoted $D/bench_gemm_fp8 /tmp/p.csv --quick --promoted --reps 5 > $OUT/ncu_promoted.txt 2>&1
echo "ncu promoted rc=$? at $(el)s" >> $OUT/summary.txt
timeout 25 $NCU --kernel-name regex:128x256_kk_e4m3_bf16 $D/bench_gemm_fp8 /tmp/f.csv --quick --reps 5 > $OUT/ncu_fast.txt 2>&1
echo "ncu fast rc=$? at $(el)s" >> $OUT/summary.txt
cat $OUT/summary.txt

#!/usr/bin/env bash
# Second call: run.sh profiled our kernel's first launch in the process (1000^3 11.0 us, 1024^3
# 12.4, 256^3 7.6 under ncu against 9.2 / 6.5 / 3.3 in the sweep's graphs): first-launch costs.
# Again with the first two launches of each side skipped (ours, cuBLAS's nvjet kernel).
# Predicted: ours within 3% of cuBLAS on 1000^3 and 1024^3 (the same tile), longer on 256 x 6144.
set -u
NCU_SECTIONS="--section SpeedOfLight --section LaunchStats --section WarpStateStats"
NCU_ROWS='^  [a-zA-Z_].*\(|Duration|Elapsed Cycles|SM Frequency|DRAM Throughput|Compute \(SM\)|Grid Size|Cluster Size|Block Size|Warp Cycles Per Issued|Issued Warp'
NCU_BUDGET_S=420 NCU_TIMEOUT_S=45
. bench/device/ncu_lib.sh
N="$N --launch-skip 2"
for sh in 1000,1000,1000 1024,1024,1024 256,256,256 256,6144,4096 64,4096,4096 512,512,512; do
  prof ours_$sh "cutego_gemm" 1 --shape $sh --reps 3
  prof cublas_$sh "nvjet" 1 --shape $sh --reps 3
done
ncu_finish

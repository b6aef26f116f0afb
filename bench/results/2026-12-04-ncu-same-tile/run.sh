#!/usr/bin/env bash
# Session 18 (2026-12-04): where the time goes on small shapes whose plan is cuBLAS's own tile
# (1000^3: both run 64x128 tiles in 2x1 clusters sharing B, 8 stages, ours 9.2 against 8.2 us in
# the sweep; 1024^3: 64x128, ours without clusters, 6.5 / 6.1), and on three other small shapes
# below 0.95 (256^3, 256 x 6144 x 4096, 64 x 4096^2): ncu of ours beside cuBLAS's kernel, one
# launch each (ncu flushes the caches: cold, both). Predicted: the kernel durations within 3% on
# 1000^3 and 1024^3 (the gap in launch and graph overhead), ours longer on the others.
set -u
NCU_SECTIONS="--section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis"
NCU_ROWS='^  [a-zA-Z_].*\(|Duration|Elapsed Cycles|SM Frequency|DRAM Throughput|L2 Cache Throughput|Compute \(SM\)|Memory Throughput|Grid Size|Cluster Size|Block Size|Registers Per|Shared Memory Config|Dynamic Shared|No Eligible|Warp Cycles Per Issued|Issued Warp|Active Warps Per'
NCU_BUDGET_S=420 NCU_TIMEOUT_S=45
. bench/device/ncu_lib.sh
for sh in 1000,1000,1000 1024,1024,1024 256,256,256 256,6144,4096 64,4096,4096; do
  prof ours_$sh "cutego_gemm" 1 --shape $sh
  prof cublas_$sh "nvjet|xmma|sm90_gemm|splitK|reduce" 2 --shape $sh
done
ncu_finish

#!/usr/bin/env bash
# Why 2x1 clusters sharing B slow our kernel (0.65-0.92 of the time without, bench/results/
# 2026-12-03-probe-cluster) while cuBLAS runs the same tiles in clusters: ncu of ours with and
# without clusters on the same plan (64x128 at 128x4096x14336, 128x128 at 512x4096x4096), and of
# cuBLAS's 128x128 2x1 kernel on 512x4096x4096: throughputs, warp stalls, the top stall sites.
set -u
NCU_SECTIONS="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section LaunchStats --section Occupancy --section SourceCounters"
NCU_ROWS='^  [a-zA-Z_].*\(|Duration|DRAM Throughput|L2 Cache Throughput|L2 Hit Rate|L1/TEX Cache Throughput|Compute \(SM\)|Memory Throughput|Grid Size|Cluster Size|Registers Per|No Eligible|Warp Cycles Per Issued|Stall|Issued Warp|Active Warps Per'
NCU_BUDGET_S=400 NCU_TIMEOUT_S=60
. bench/device/ncu_lib.sh
prof o8c2 "cutego_gemm" 1 --shape 128,4096,14336 --config 8 --cluster 2
prof o8c1 "cutego_gemm" 1 --shape 128,4096,14336 --config 8 --cluster 1
prof o2c2 "cutego_gemm" 1 --shape 512,4096,4096 --config 2 --cluster 2
prof o2c1 "cutego_gemm" 1 --shape 512,4096,4096 --config 2 --cluster 1
prof lt512 "nvjet|sm90_xmma" 1 --shape 512,4096,4096
prof lt128 "nvjet|sm90_xmma" 1 --shape 128,4096,14336
ncu_finish

#!/usr/bin/env bash
# ncu on the shapes where one wave of 128x256 tiles leaves SMs idle (M = 64-1024 against
# N = 4096-14336, the sweep's largest class below 0.95 of cuBLAS): cuBLAS's own kernel (its name
# gives its tile, cluster and split; its grid and rates the target), ours data-parallel and ours
# stream-K, with the warp-state and scheduler sections that say what a stream-K k-iteration waits
# on. Run from the repo root on the H200 ($OUT set by the device tool; ~150 s cold: the library
# build is ~80 s). Output: summary.txt (the headline rows of every profile) and ncu.tgz.
set -u
NCU_SECTIONS="--section SpeedOfLight --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section Occupancy"
NCU_ROWS='^  [a-zA-Z_].*\(|Duration|DRAM Throughput|L2 Cache Throughput|L2 Hit Rate|Compute \(SM\)|Grid Size|Cluster Size|Registers Per|No Eligible|Warp Cycles Per Issued|Stall'
NCU_BUDGET_S=400 NCU_TIMEOUT_S=60
. bench/device/ncu_lib.sh
for sh in 256,11008,4096 512,6144,4096 64,4096,4096 128,6144,4096; do
  t=$(echo $sh | tr , x)
  prof lt_$t "nvjet|sm90_xmma|cublas" 2 --shape $sh
  prof dp_$t "cutego_gemm" 1 --shape $sh --decomposition 1
  prof sk_$t "cutego_gemm" 1 --shape $sh --decomposition 3
done
ncu_finish

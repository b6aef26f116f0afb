#!/usr/bin/env bash
# ncu on decode shapes (M <= 64, the sweep's largest class below 0.95 of cuBLAS): cuBLAS's kernel
# and ours (64x64 unsplit, 64x64 in 2 slices, 64x32 unsplit), with the memory, warp-state and
# scheduler sections: what bounds a k-tile (~180-230 ns per CTA on ours, ~130 on cuBLAS's).
# Run from the repo root on the H200 ($OUT set by the device tool; the library build is ~150 s).
# Output: summary.txt (the headline rows of every profile) and ncu.tgz.
set -u
NCU_SECTIONS="--section SpeedOfLight --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats"
NCU_ROWS='^  [a-zA-Z_].*\(|Duration|DRAM Throughput|Memory Throughput|L2 Cache Throughput|L2 Hit Rate|Compute \(SM\)|Grid Size|Block Size|Registers Per|No Eligible|Warp Cycles Per Issued|Stall|Issued Warp'
NCU_BUDGET_S=330 NCU_TIMEOUT_S=45
. bench/device/ncu_lib.sh
prof lt_8x6144 "nvjet|sm90_xmma|cublas" 1 --shape 8,6144,4096
prof ours_8x6144 "cutego_gemm" 1 --shape 8,6144,4096
prof lt_64x4096 "nvjet|sm90_xmma|cublas" 2 --shape 64,4096,4096
prof ours_64x4096_split "cutego_gemm" 2 --shape 64,4096,4096
prof ours_64x4096_64x32 "cutego_gemm" 1 --shape 64,4096,4096 --config 7
ncu_finish

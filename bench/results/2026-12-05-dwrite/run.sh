#!/usr/bin/env bash
# Prepared in session 23 (no device lent): where ours loses the D write rate on the store-bound
# attention scores (256 x 2048 x 2048 x 128: ours 2.9 TB/s of D, cuBLAS 3.3, same 128x256 tiles;
# session 22, bench/results/2026-12-04-dstream). ncu on ours and on cuBLAS's nvjet kernel with the
# warp-state and scheduler sections (why warps do not issue: barrier, long scoreboard, the TMA
# store's read wait), the memory tables, and DRAM / L2 read and write traffic; then the same on
# 524288 x 2048 x 128 with D streaming forced off and on.
# Predicted: ours' consumer warps stall on the epilogue's named barriers and the staging buffers'
# read waits (bulk_wait_group.read) where cuBLAS's issue; DRAM throughput ours ~70%, cuBLAS ~78%
# (session 22); ours' L2 read sectors ~1.4x cuBLAS's (no multicast of B).
set -u
NCU_SECTIONS="--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_write.sum,lts__t_sectors_op_read.sum,smsp__warps_issue_stalled_barrier_per_warp_active.pct,smsp__warps_issue_stalled_membar_per_warp_active.pct,smsp__warps_issue_stalled_long_scoreboard_per_warp_active.pct,smsp__warps_issue_stalled_sleeping_per_warp_active.pct,smsp__warps_issue_stalled_math_pipe_throttle_per_warp_active.pct"
NCU_ROWS='nvjet|cutego_gemm|Duration|DRAM Throughput|L2 Cache Throughput|dram__bytes|lts__t_sectors|stalled|Stall|Warp Cycles Per Issued|Issued Warp|Eligible Warps|Active Warps Per|No Eligible|One or More'
NCU_BUDGET_S=450 NCU_TIMEOUT_S=90
. bench/device/ncu_lib.sh
prof lt_b256 "^(nvjet|sm90_xmma_gemm_bf16)" 1 --shape 2048,2048,128,256
prof ours_b256 "cutego_gemm" 1 --shape 2048,2048,128,256
prof ours_b256_normal "cutego_gemm" 1 --shape 2048,2048,128,256 --d-store 2
prof lt_524288 "^(nvjet|sm90_xmma_gemm_bf16)" 1 --shape 524288,2048,128
prof ours_524288 "cutego_gemm" 1 --shape 524288,2048,128
ncu_finish

#!/usr/bin/env bash
# ncu on the store-bound GEMMs of K = 128 (bench/results/2026-12-04-attn): ours and cuBLAS's kernel
# on M x 2048 x 128 at M = 524288 (2.1 GB of D, where ours runs at 0.87 of cuBLAS) and 65536 (268
# MB, where they are equal), with the speed-of-light and memory sections and DRAM's bytes read and
# written: whether ours writes more bytes, or the same bytes more slowly.
# Run from the repo root on the H200 ($OUT set by the device tool; the library build is ~130 s).
# Output: summary.txt (the headline rows of every profile) and ncu.tgz.
set -u
NCU_SECTIONS="--section SpeedOfLight --section MemoryWorkloadAnalysis --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_write.sum,lts__t_sectors_op_read.sum"
NCU_ROWS='Duration|DRAM Throughput|Memory Throughput|L2 Cache Throughput|L2 Hit Rate|dram__bytes|lts__t_sectors|Mem Busy|Max Bandwidth'
NCU_BUDGET_S=190 NCU_TIMEOUT_S=40
. bench/device/ncu_lib.sh
# (cuBLAS's kernel by name: bench_gemm's fp32 reference, sm80_xmma_gemm_f32f32_*, runs first)
prof lt_524288 "^(nvjet|sm90_xmma_gemm_bf16)" 1 --shape 524288,2048,128
prof ours_524288 "cutego_gemm" 1 --shape 524288,2048,128
prof lt_65536 "^(nvjet|sm90_xmma_gemm_bf16)" 1 --shape 65536,2048,128
prof ours_65536 "cutego_gemm" 1 --shape 65536,2048,128
ncu_finish

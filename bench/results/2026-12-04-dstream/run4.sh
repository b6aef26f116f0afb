#!/usr/bin/env bash
# Which kernel cuBLAS runs on the store-bound shapes (its name: tile, stages, cluster) and how our
# write rate compares with the device's (wbw.cu: memset, plain 16-byte stores, copy).
# ncu on the batched attention scores (256 x 2048 x 2048 x 128) and 524288 x 2048 x 128, ours and
# cuBLAS's first kernel, with the launch statistics and DRAM bytes.
# Predicted: the plain stores write at ~3.5-3.8 TB/s; cuBLAS's kernels are 2-CTA-cluster nvjet
# kernels of 128- or 256-row tiles.
set -u
R=bench/results/2026-12-04-dstream
mkdir -p /tmp/ncu
/usr/local/cuda-13.0/bin/nvcc -O3 -arch=sm_90a $R/wbw.cu -o /tmp/ncu/wbw && /tmp/ncu/wbw > $OUT/wbw.txt 2>&1
NCU_SECTIONS="--section SpeedOfLight --section LaunchStats --section MemoryWorkloadAnalysis --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_write.sum,lts__t_sectors_op_read.sum"
NCU_ROWS='nvjet|sm90_|cutego_gemm|Duration|DRAM Throughput|L2 Cache Throughput|dram__bytes|lts__t_sectors|Grid Size|Block Size|Cluster Size|Registers Per|Dynamic Shared|Waves Per'
NCU_BUDGET_S=400 NCU_TIMEOUT_S=60
. bench/device/ncu_lib.sh
cat $OUT/wbw.txt >> $S
prof lt_b256 "^(nvjet|sm90_xmma_gemm_bf16)" 1 --shape 2048,2048,128,256
prof ours_b256 "cutego_gemm" 1 --shape 2048,2048,128,256
prof lt_524288 "^(nvjet|sm90_xmma_gemm_bf16)" 1 --shape 524288,2048,128
prof lt_262144x4096 "^(nvjet|sm90_xmma_gemm_bf16)" 1 --shape 262144,4096,128
ncu_finish

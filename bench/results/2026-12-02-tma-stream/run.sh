#!/usr/bin/env bash
# The decode GEMM's load path alone (bench/tma_stream.cu) on the device: cold (weights rotating
# past L2) twice, then warm (one copy).
set -uo pipefail
NVCC=/usr/local/cuda-13.0/bin/nvcc
$NVCC -arch=sm_90a -O3 -std=c++17 -Ikernels -Iinclude bench/tma_stream.cu -o $OUT/tma_stream 2>&1 | tail -5
$OUT/tma_stream > $OUT/cold1.txt; cat $OUT/cold1.txt
$OUT/tma_stream > $OUT/cold2.txt
$OUT/tma_stream --warm > $OUT/warm.txt; cat $OUT/warm.txt
rm -f $OUT/tma_stream

#!/usr/bin/env bash
# The SB map's TMA alone (tma_coord.cu), ~30 s: which inner coordinates of a 2D fp32 box load.
# Predicted: an inner coordinate off the 16-byte grid (1, 2, 3, 5 floats) is an illegal
# instruction; 0, 4, 8 load. Wrong if every one loads: the fault is elsewhere (the stage's slot).
CUDA=/usr/local/cuda-13.0
S=$OUT/summary.txt
$CUDA/bin/nvcc -gencode=arch=compute_90a,code=sm_90a -std=c++17 -O2 bench/results/2026-12-05-bstma/tma_coord.cu -o /tmp/tc -lcuda > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
for a in "16 56 4 2 0 0" "16 56 4 2 1 0" "16 56 4 2 2 0" "16 56 4 2 4 0" "16 56 4 2 5 3" "16 56 4 2 8 55" \
         "5 1 4 2 0 0" "5 1 4 2 1 0" "5 1 8 1 0 0" "1 5 4 2 0 4" "16 56 4 1 3 0" "16 56 8 2 3 0" "300 1 128 1 128 0"; do
  echo "$a -> $(timeout 10 /tmp/tc $a 2>&1 | tail -1)" >> $S
done
cat $S

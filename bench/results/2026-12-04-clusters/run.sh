#!/usr/bin/env bash
# Session 18 (2026-12-04): 2x1 clusters sharing B (cluster_m = 2, an option the planner never takes
# on 128x256 or 128x128 tiles) against the automatic plan, on the large and the M = 256-2048 shapes,
# after the producer tail and the idle threads' exit (session 11) lifted clusters by 3-14 points;
# and 64x96 tiles in 2x1 clusters (cuBLAS's nvjet_sm90_tst_96x64_64x10_1x2 on 128 x 6144 x 4096),
# with tile96.patch applied. Alternated twice in separate processes, CUDA graphs.
# Predicted: 128x256 clusters 1.00-1.04x on 4096^3-8192^3 and the 4096 x N shapes; 64x96 in clusters
# 128 x 6144 x 4096 17.8 -> ~16.5 us.
set -u
G=/tmp/cl; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree bench/bench_gemm
mkdir -p $G/w
printf '#!/bin/sh\nexec %s "$@" --cluster 2\n' $PWD/$D/bench_gemm > $G/w/cl2; chmod +x $G/w/cl2
printf '#!/bin/sh\nexec %s "$@" --config 10 --split-k 1 --cluster 2\n' $PWD/$D/bench_gemm > $G/w/t96cl; chmod +x $G/w/t96cl
SH=""; for s in 4096,4096,4096 8192,8192,8192 8192,6144,4096 4096,11008,4096 4096,14336,4096 16384,4096,4096 2048,2048,2048 2048,11008,4096 1024,14336,4096 1024,11008,4096 512,11008,4096 256,14336,4096 256,6144,4096 333,14336,4096 512,4096,4096; do SH="$SH --shape $s"; done
ab cl 2 $D/bench_gemm $G/w/cl2 --graph --dtype bf16 $SH
ab t96cl 2 $D/bench_gemm $G/w/t96cl --graph --dtype bf16 --shape 112,6144,4096 --shape 128,6144,4096 --shape 128,6144,11008 --shape 128,12288,4096
for n in cl t96cl; do
  awk -F, -v n=$n 'NR>1 {print n" auto:", $4"x"$5"x"$6, "config", $21, "split", $22, "cl", $17, "dec", $24}' $G/$n/ab_before_*_1.csv >> $S
  awk -F, -v n=$n 'NR>1 {print n" forced:", $4"x"$5"x"$6, "config", $21, "split", $22, "cl", $17, "dec", $24, "rel", $14}' $G/$n/ab_after_*_1.csv >> $S
done
echo "done at $(el)s" >> $S; cat $S

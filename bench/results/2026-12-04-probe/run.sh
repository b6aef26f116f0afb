#!/usr/bin/env bash
# Session 18 (2026-12-04): which tiles fill the SMs on the shapes of at most 128 rows against
# N = 11008 and 14336 that run on 128x128 tiles (86 / 112 CTAs, 0.94-0.95 of cuBLAS in the sweep).
# Forced against the automatic plan, unsplit, alternated twice, CUDA graphs, bf16:
# - 64x96 (config 10): N = 11008 -> 115 tiles for M <= 64;
# - 64x64 (config 6): N = 11008 -> 172 tiles (two waves), 14336 -> 224;
# - 64x128 (config 8): as many tiles as 128x128 on one consumer warpgroup (no idle rows' MMAs).
# Predicted: 64x96 1.05-1.15x at M <= 64 x 11008 (more SMs streaming B); 64x128 ~1.0-1.03x.
set -u
G=/tmp/pr; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree bench/bench_gemm
mkdir -p $G/w
for c in 10 6 8; do printf '#!/bin/sh\nexec %s "$@" --config %s --split-k 1\n' $PWD/$D/bench_gemm $c > $G/w/c$c; chmod +x $G/w/c$c; done
S11="--shape 1,11008,4096 --shape 16,11008,4096 --shape 64,11008,4096"
S14="--shape 1,14336,4096 --shape 16,14336,4096 --shape 64,14336,4096 --shape 128,14336,4096"
ab c10 2 $D/bench_gemm $G/w/c10 --graph --dtype bf16 $S11 --shape 32,11008,4096
ab c6 2 $D/bench_gemm $G/w/c6 --graph --dtype bf16 $S11 $S14
ab c8 2 $D/bench_gemm $G/w/c8 --graph --dtype bf16 $S11 $S14 --shape 128,11008,4096
awk -F, 'NR>1 {print "auto:", $4"x"$5"x"$6, "config", $21, "split", $22, "cl", $17}' $G/c6/ab_before_*_1.csv >> $S
echo "done at $(el)s" >> $S; cat $S

#!/usr/bin/env bash
# One device call: cost074.patch (cutego_gemm_pick_config weighs a wave of 128x168 tiles at 0.74 of
# one of 128x256 instead of 0.77) as a variant against the tree, alternated three times, on the
# shapes it changes (333 / 384 x 28672, 768 x 14336, 1000 / 1024 / 2048 x 11008, K = 4096: 128x256
# or stream-K -> 128x168) and three it leaves alone. The two probes disagreed (forced 128x168 on
# 1024 x 11008: 0.98x in one call, 1.09x in the next; 768 x 14336 1.09x and 0.95x).
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-cost168/run.sh
set -u
G=/tmp/c168; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-cost168
export D=.devwork/b
variant_prepare c74 $R/cost074.patch
build_tree bench/bench_gemm
(cd $G/c74/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c -o $G/c74/o/csrc_gemm_waves.c.o)
variant_link c74
AB=""; for s in 333,28672,4096 384,28672,4096 768,14336,4096 1000,11008,4096 1024,11008,4096 2048,11008,4096 512,11008,4096 1024,14336,4096 4096,4096,4096; do AB="$AB --shape $s"; done
mkdir -p $G/ab; timeout 250 bash bench/gemm_ab.sh $G/ab 3 $D/bench_gemm $G/c74/bench_gemm --graph --dtype bf16 $AB > $OUT/ab.txt 2>&1
echo "tree -> cost 0.74 at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
awk -F, 'NR>1 {print $4"x"$5"x"$6, "config", $21, "split", $22, "dec", $24, "rel", $14}' $G/ab/ab_before_*_1.csv $G/ab/ab_after_*_1.csv >> $S
echo "done at $(el)s" >> $S; cat $S

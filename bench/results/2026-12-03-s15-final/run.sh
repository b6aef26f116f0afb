#!/usr/bin/env bash
# One device call on the session's final tree (128x168 tiles in the planner for a K-major B, picked
# by the plan in both launchers; 64x128 tiles unsplit where two rows of 128x128 tiles would split
# K): test_gemm and test_gemm_graph whole, memcheck of the new automatic cases; rule256.patch
# reversed as a variant ("before": 128x128 in 2 slices there), its automatic plans against the
# tree's, alternated twice; the sweeps (bf16, fp16) on the tree.
# Predicted (the rows129 probe's forced figures): 255 x 4096 x 11008 1.08x, 240 1.07x, 224 1.03x,
# 208 1.00x; 256 x 4096 x 14336 1.04x.
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-s15-final/run.sh
set -u
G=/tmp/s15; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-s15-final
export D=.devwork/b
variant_prepare norule $R/rule256.patch -R
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_graph bench/bench_gemm
(cd $G/norule/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c -o $G/norule/o/csrc_gemm_waves.c.o)
variant_link norule
run_test 150 test_gemm
run_test 60 test_gemm_graph
sanitize memcheck 60 test_gemm "narrow auto 240x4096x11008,narrow auto 200x4096x14336,data-parallel auto 512x11008x4096 KN,data-parallel auto 1536^3 NT"
AB=""; for s in 200,4096,11008 208,4096,11008 224,4096,11008 240,4096,11008 255,4096,11008 256,4096,11008 256,4096,14336 224,4096,14336 240,3000,8192 256,4096,8192 256,4096,4096 512,4096,11008 4096,4096,4096; do AB="$AB --shape $s"; done
mkdir -p $G/ab; timeout 150 bash bench/gemm_ab.sh $G/ab 2 $G/norule/bench_gemm $D/bench_gemm --graph --dtype bf16 $AB > $OUT/ab.txt 2>&1
echo "norule -> tree at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
awk -F, 'NR>1 {print $4"x"$5"x"$6, "config", $21, "split", $22, "rel", $14}' $G/ab/ab_after_*_1.csv >> $S
sweep bf16 f16
tar czf $OUT/logs.tgz -C $G ab sweep $(cd $G && ls *.log)
echo "done at $(el)s" >> $S; cat $S

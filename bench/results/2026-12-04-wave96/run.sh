#!/usr/bin/env bash
# Session 18 (2026-12-04): 64x96 tiles in 2x1 clusters as the narrow rule's tiles for 97-128 rows
# (wave_64x96 and cutego_gemm_auto_cluster in csrc/gemm/waves.c). One device call:
# - correctness: test_gemm (the 64x96 cases and the automatic plans of 96-128 x 6144), test_gemm_fp8,
#   test_gemm_graph;
# - the tree against itself with the rule reversed (rule.patch -R: waves.c of main), alternated
#   twice, CUDA graphs, bf16 and fp16;
# - a sweep of both types for the closing table.
# Predicted: 112-128 x 6144 x 4096 1.05x, 128 x 6144 x 11008 1.07x, 97-104 rows ~1.0-1.05x, the
# controls (96 x 6144, 128 x 4096^2, 256 x 6144, 4096^3) equal.
set -u
G=/tmp/w96; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=.devwork/b
variant_prepare before bench/results/2026-12-04-wave96/rule.patch -R
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm
(cd $G/before/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c -o $G/before/o/csrc_gemm_waves.c.o)
variant_link before
run_test 150 test_gemm
run_test 150 test_gemm_fp8
run_test 150 test_gemm_graph
SH=""; for s in 97,6144,4096 104,6144,4096 112,6144,4096 120,6144,4096 128,6144,4096 100,6144,4096 128,6144,11008 128,6144,14336 128,5120,4096 96,6144,4096 128,4096,4096 256,6144,4096 4096,4096,4096; do SH="$SH --shape $s"; done
ab w96 2 $G/before/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH
ab w96f16 2 $G/before/bench_gemm $D/bench_gemm --graph --dtype f16 --shape 104,6144,4096 --shape 128,6144,4096 --shape 128,6144,11008 --shape 128,4096,4096
awk -F, 'NR>1 {print "before:", $4"x"$5"x"$6, "config", $21, "split", $22, "cl", $17}' $G/w96/ab_before_*_1.csv >> $S
awk -F, 'NR>1 {print "after:", $4"x"$5"x"$6, "config", $21, "split", $22, "cl", $17, "rel", $14}' $G/w96/ab_after_*_1.csv >> $S
sweep bf16 f16
cp $G/sweep/sweep_bf16.csv $G/sweep/sweep_f16.csv $OUT/
echo "done at $(el)s" >> $S; cat $S

#!/usr/bin/env bash
# One device call: halfrow.patch (branch `halfrow`, a planner rule in csrc/gemm/waves.c: 64x128
# tiles where the last row of 128-row tiles is at most half full, M in (128, 192]) as a variant,
# its automatic plans against the tree's, alternated twice (CUDA graphs, bf16 TN). Predicted from
# the small-M probe: 192 x 11008 x 4096 1.26x, 192 x 4096 x 11008 1.24x, 192 x 4096 x 14336 1.19x,
# 192 x 14336 x 4096 1.14x, 192 x 6144 x 4096 1.11x; 136-176 rows unmeasured.
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-halfrow/run.sh
set -u
G=/tmp/hr; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-halfrow
export D=.devwork/b
variant_prepare hr $R/halfrow.patch
build_tree bench/bench_gemm
(cd $G/hr/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c -o $G/hr/o/csrc_gemm_waves.c.o)
variant_link hr
SH=""; for s in 192,4096,4096 192,4096,11008 192,4096,14336 192,6144,4096 192,11008,4096 192,14336,4096 \
  160,6144,4096 160,11008,4096 136,4096,4096 176,14336,4096 150,8192,2048 192,2048,8192; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 150 bash bench/gemm_ab.sh $G/ab 2 $D/bench_gemm $G/hr/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "tree -> halfrow at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
awk -F, 'NR>1 {print $4"x"$5"x"$6, "config", $21, "split", $22, "rel", $14}' $G/ab/ab_after_*_1.csv >> $S
echo "done at $(el)s" >> $S; cat $S

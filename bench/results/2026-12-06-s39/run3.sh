#!/usr/bin/env bash
# Prepared in session 39, not run: few_rows.patch (waves.c: a 16-bit GEMM of at most 64 rows whose
# data-parallel choice is 128x128 and that no split helps takes 64x32 tiles where they make at most one
# wave, else 64x64). Carry the tree's library as build/carry/x/lib.a.gz and the patched planner object
# (gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c, with the patch) as build/carry/x/few/gemm_split_k.o.
# Before landing: test_plan_gemm's property "row-major swaps on the grid" counts 5 swaps with the patch
# (it wants more than 5): read cutego_gemm_swap_ab's rule against the new plans first.
# 1. The unseen bf16 TN / NN / TT shapes of at most 64 rows, the tree against the patch in turn, two
#    rounds. Predicted: 1.15-1.8x where the tree runs 128x128 (64 x 2112 x 1920 1.77x forced in call 2),
#    the rest the same plans.
# 2. The 110-shape sweep, both, in turn. Predicted: within +-1% (its M <= 64 shapes split or take the
#    narrow rules already).
set -u
G=$PWD/.devwork/s40few; . bench/device/env.sh; . bench/device/steps.sh
R=bench/results/2026-12-06-s39
export D=$G/t; mkdir -p $D $G/few
gunzip -c build/carry/x/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
cp $D/lib.a $G/few/lib.a && ar r $G/few/lib.a build/carry/x/few/gemm_split_k.o
link_bins bench/bench_gemm
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/few/lib.a $LK -o $G/few/bench_gemm > $G/few_link.log 2>&1 || echo "LINK-FAIL few" >> $S
SMALL="64,2112,1920 64,768,328 64,1856,448 64,3904,448 64,576,5302 2,1728,7093 64,17792,768 64,12150,14723 64,21248,576"
SH=$(for s in $SMALL; do echo --shape $s; done)
declare -A V=() B=([few]=$G/few/bench_gemm)
in_turn 2 tree tree few
for v in tree few; do
  b=$D/bench_gemm; [ $v = few ] && b=$G/few/bench_gemm
  timeout 100 $b $G/sweep_$v.csv --sweep --graph --dtype bf16 > $G/sweep_$v.log 2>&1
  echo "sweep $v: $(tail -1 $G/sweep_$v.log)" >> $S
done
python3 bench/ab_table.py $G/sweep_tree.csv -- $G/sweep_few.csv | awk -F'|' 'NR<=2 || $9+0 < 0.98 || $9+0 > 1.02' >> $S
cp $G/sweep_*.csv $OUT/ 2>/dev/null
echo "all done at $(el)s" >> $S
cat $S

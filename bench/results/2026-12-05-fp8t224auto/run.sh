#!/usr/bin/env bash
# FP8 128x224 tiles taken by the planner (per tensor, fast accumulation) where they take as many
# waves as 128x256 ones, as 16-bit does (wave_128x224); and a column-major D swapped to D^T = B A^T
# where the swapped plan makes fewer tiles too (cutego_gemm_swap_ab). change.patch is both changes
# against main at 0b7b279; the tree holds them. One device call, ~7 minutes, no carry:
# 1. test_gemm_fp8 (the 9 cases on 128x224 asked for, and every other FP8 case with the rule on:
#    1024 x 14336 and the other N = 14336 / 7168 cases now plan 128x224), test_gemm's refusals,
#    memcheck of three 128x224 cases;
# 2. bench_gemm_fp8 of main (the patch reversed: launcher, planner, configs.cc) and of the tree,
#    alternated twice on 18 shapes, each against cuBLASLt in its own process;
# 3. bench_gemm --d-col (bf16 TN, D column-major) of main and of the tree, alternated three times
#    on the 8 shapes of bench/results/2026-12-05-swapab the wider swap takes and 3 it leaves;
#    test_gemm's column-major cases (two of them swapped on fewer tiles).
# Predicted (H100 or H200, 132 SMs):
# - every test passes, memcheck clean;
# - the shapes the rule moves from 128x256 to 128x224: 1.02-1.06x (1024 x 14336 x 4096 1.06x: it was
#   stream-K on 128x256; 512 x 14336, 1024 x 7168, 256 x 28672 1.02-1.05x); 256 x 11008, 512 x 6144
#   and 256 x 14336 (one wave either way, not measured before) 0.97-1.05x;
# - the shapes it leaves (1024 x 11008, 1024 x 28672, 2048 x 14336, 4096^3, 8192^3, ...): 0.98-1.02x.
# Wrong if any moved shape loses more than 3%: then one wave of 128x224 is not cheaper than one of
# 128x256 in FP8 there.
# - the column-major swap on fewer tiles (from the swapab table's dcol -> dcolswap, one H100, noisy):
#   288 x 14336 1.09, 288 x 28672 1.16, 448 x 11008 1.16, 448 x 14336 x 4096 / 8192 / 14336 0.99 /
#   1.08 / 1.12, 448 x 28672 1.05, 768 x 4096 1.04; the three it leaves (333 x 14336, 160 x 4096,
#   4096^3) 0.98-1.02. Wrong if any of the 8 loses more than 2%.
set -u
G=$PWD/.devwork/f224; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-05-fp8t224auto
export D=$PWD/.devwork/b; mkdir -p $D
variant_prepare old $R/change.patch -R
variant_compile old:cutego_gemm &
build_tree csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm bench/bench_gemm_fp8 bench/bench_gemm
wait
grep -h FAIL $G/variants.log >> $S
variant_link old planner bench_gemm_fp8
variant_link old planner bench_gemm
echo "old linked at $(el)s: $(ls $G/old/bench_gemm_fp8 $G/old/bench_gemm 2>/dev/null)" >> $S
run_test 200 test_gemm_fp8
grep "128x224" $OUT/test_gemm_fp8.log | cut -c1-150 >> $S
echo "cases on 128x224 tiles: $(grep -c '128x224 tiles' $OUT/test_gemm_fp8.log)" >> $S
run_test 100 test_gemm --filter bad-args,col-major
grep "col-major" $OUT/test_gemm.log | cut -c1-130 >> $S
sanitize memcheck 120 test_gemm_fp8 "128x224 odd,128x224 e5m2xe4m3 K=128,128x224 batched,128x224 split-K"
SH=""
for s in 1024,7168,4096 1024,11008,4096 1024,14336,4096 1024,14336,11008 1024,28672,4096 512,14336,4096 \
         256,28672,8192 256,14336,4096 256,11008,4096 512,6144,4096 2048,14336,4096 4096,14336,4096 \
         4096,7168,16384 4096,4096,4096 8192,8192,8192 1024,4096,4096 2048,2048,2048 16384,4096,11008; do
  SH="$SH --shape $s"
done
ab fp8 2 $G/old/bench_gemm_fp8 $D/bench_gemm_fp8 $SH
for f in $G/fp8/*.csv; do cp $f $OUT/; done
SH=""
for s in 288,14336,4096 288,28672,4096 448,11008,4096 448,14336,4096 448,14336,8192 448,14336,14336 \
         448,28672,4096 768,4096,4096 333,14336,4096 160,4096,4096 4096,4096,4096; do
  SH="$SH --shape $s"
done
ab dcol 3 $G/old/bench_gemm $D/bench_gemm --graph --dtype bf16 --d-col $SH
for f in $G/dcol/*.csv; do cp $f $OUT/; done
echo "done at $(el)s" >> $S
cat $S

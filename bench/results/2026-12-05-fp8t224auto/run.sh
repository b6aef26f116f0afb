#!/usr/bin/env bash
# FP8 128x224 tiles taken by the planner (per tensor, fast accumulation) where they take as many
# waves as 128x256 ones, as 16-bit does (wave_128x224). change.patch is the change against main at
# 0b7b279; the tree holds it. One device call, ~6 minutes, no carry:
# 1. test_gemm_fp8 (the 9 cases on 128x224 asked for, and every other FP8 case with the rule on:
#    1024 x 14336 and the other N = 14336 / 7168 cases now plan 128x224), test_gemm's refusals,
#    memcheck of three 128x224 cases;
# 2. bench_gemm_fp8 of main (the patch reversed: launcher, planner, configs.cc) and of the tree,
#    alternated twice on 18 shapes, each against cuBLASLt in its own process.
# Predicted (H100 or H200, 132 SMs):
# - every test passes, memcheck clean;
# - the shapes the rule moves from 128x256 to 128x224: 1.02-1.06x (1024 x 14336 x 4096 1.06x: it was
#   stream-K on 128x256; 512 x 14336, 1024 x 7168, 256 x 28672 1.02-1.05x); 256 x 11008, 512 x 6144
#   and 256 x 14336 (one wave either way, not measured before) 0.97-1.05x;
# - the shapes it leaves (1024 x 11008, 1024 x 28672, 2048 x 14336, 4096^3, 8192^3, ...): 0.98-1.02x.
# Wrong if any moved shape loses more than 3%: then one wave of 128x224 is not cheaper than one of
# 128x256 in FP8 there.
set -u
G=$PWD/.devwork/f224; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-05-fp8t224auto
export D=$PWD/.devwork/b; mkdir -p $D
variant_prepare old $R/change.patch -R
variant_compile old:cutego_gemm &
build_tree csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm bench/bench_gemm_fp8
wait
grep -h FAIL $G/variants.log >> $S
variant_link old planner bench_gemm_fp8
echo "old linked at $(el)s: $(ls $G/old/bench_gemm_fp8 2>/dev/null)" >> $S
run_test 200 test_gemm_fp8
grep "128x224" $OUT/test_gemm_fp8.log | cut -c1-150 >> $S
echo "cases on 128x224 tiles: $(grep -c '128x224 tiles' $OUT/test_gemm_fp8.log)" >> $S
run_test 100 test_gemm --filter bad-args
sanitize memcheck 120 test_gemm_fp8 "128x224 odd,128x224 e5m2xe4m3 K=128,128x224 batched,128x224 split-K"
SH=""
for s in 1024,7168,4096 1024,11008,4096 1024,14336,4096 1024,14336,11008 1024,28672,4096 512,14336,4096 \
         256,28672,8192 256,14336,4096 256,11008,4096 512,6144,4096 2048,14336,4096 4096,14336,4096 \
         4096,7168,16384 4096,4096,4096 8192,8192,8192 1024,4096,4096 2048,2048,2048 16384,4096,11008; do
  SH="$SH --shape $s"
done
ab fp8 2 $G/old/bench_gemm_fp8 $D/bench_gemm_fp8 $SH
for f in $G/fp8/*.csv; do cp $f $OUT/; done
echo "done at $(el)s" >> $S
cat $S

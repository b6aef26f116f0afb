#!/usr/bin/env bash
# run.sh and ../2026-12-05-bstma/run3.sh in one device call (one build of the tree; bstma.patch as a
# variant of it), main's tree, no carry, ~8 minutes:
# 1. FP8 128x224 by waves, the column-major swap on fewer tiles and the row-major swap on at most
#    7/8 of the tiles (change.patch against 0b7b279): their tests, then main before against the tree
#    (bench_gemm_fp8, bench_gemm --d-col, bench_gemm row-major), in turn. The row-major swap,
#    predicted from the swapab grid's base -> swap (one H100, noisy): 288 x 14336 1.08, 288 x 28672
#    1.14, 333 x 14336 x 4096 / 8192 1.08, 333 x 28672 1.09, 448 x 14336 x 4096 / 14336 1.00 / 1.11,
#    448 x 28672 1.03; the three it leaves 0.98-1.02. Wrong if any of those it takes loses 2%;
# 2. bstma.patch (the block scales by TMA) built as a variant: its test_gemm_fp8's block-scaled cases,
#    each failing one alone, memcheck of the first with line information. Predictions: run.sh's and
#    run3.sh's.
set -u
G=$PWD/.devwork/f224; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-05-fp8t224auto; B=bench/results/2026-12-05-bstma
export D=$PWD/.devwork/b; mkdir -p $D
variant_prepare old $R/change.patch -R
variant_prepare bs $B/bstma.patch
BSU="cutego_gemm"
for c in 128x128 128x192 64x64 64x128; do for t in e4m3 e4m3e5m2 e5m2 e5m2e4m3; do BSU="$BSU gemm_${c}_kk_${t}_blockscaled"; done; done
(variant_compile old:cutego_gemm; F="$F -lineinfo" variant_compile $(for u in $BSU; do echo bs:$u; done)) &
build_tree csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm bench/bench_gemm_fp8 bench/bench_gemm
wait
grep -h FAIL $G/variants.log >> $S
variant_link old planner bench_gemm_fp8
variant_link old planner bench_gemm
variant_link bs planner bench_gemm_fp8
(cd $G/bs/src && $NVCC $F -I$CUDA/include csrc/gemm/test_gemm_fp8.cu $G/bs/lib.a $LK -o $G/bs/test_gemm_fp8 > $G/bs/link_test.log 2>&1) ||
  echo "LINK-FAIL bs test_gemm_fp8: $(grep -m2 error $G/bs/link_test.log)" >> $S
echo "linked at $(el)s: $(ls $G/old/bench_gemm_fp8 $G/old/bench_gemm $G/bs/test_gemm_fp8 2>/dev/null | wc -l) of 3" >> $S
# 1. the tree
run_test 100 test_gemm_fp8
grep "128x224" $OUT/test_gemm_fp8.log | cut -c1-150 >> $S
echo "cases on 128x224 tiles: $(grep -c '128x224 tiles' $OUT/test_gemm_fp8.log)" >> $S
run_test 100 test_gemm --filter bad-args,col-major,row-major
grep -E "col-major|row-major" $OUT/test_gemm.log | grep -E "swapped|FAIL" | cut -c1-130 >> $S
sanitize memcheck 100 test_gemm_fp8 "128x224 odd,128x224 e5m2xe4m3 K=128,128x224 batched,128x224 split-K"
sanitize memcheck 100 test_gemm "col-major D 288x14336 (swapped),col-major D 768x4096 (swapped),row-major D 333x14336 (swapped)"
SH=""
for s in 1024,7168,4096 1024,11008,4096 1024,14336,4096 1024,14336,11008 1024,28672,4096 512,14336,4096 \
         256,28672,8192 256,14336,4096 256,11008,4096 512,6144,4096 2048,14336,4096 4096,4096,4096 8192,8192,8192; do
  SH="$SH --shape $s"
done
ab fp8 2 $G/old/bench_gemm_fp8 $D/bench_gemm_fp8 $SH
cp $G/fp8/*.csv $OUT/ 2>/dev/null
SH=""
for s in 288,14336,4096 288,28672,4096 448,11008,4096 448,14336,4096 448,14336,8192 448,14336,14336 \
         448,28672,4096 768,4096,4096 333,14336,4096 160,4096,4096 4096,4096,4096; do
  SH="$SH --shape $s"
done
ab dcol 2 $G/old/bench_gemm $D/bench_gemm --graph --dtype bf16 --d-col $SH
cp $G/dcol/*.csv $OUT/ 2>/dev/null
# the row-major swap (at most 7/8 of the tiles swapped): 10 shapes it takes, 3 it leaves
SH=""
for s in 288,14336,4096 288,28672,4096 333,14336,4096 333,14336,8192 333,28672,4096 448,14336,4096 \
         448,14336,14336 448,28672,4096 448,11008,4096 768,4096,4096 4096,4096,4096; do
  SH="$SH --shape $s"
done
ab rowd 2 $G/old/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH
cp $G/rowd/*.csv $OUT/ 2>/dev/null
# 2. bstma as a variant
T=$G/bs/test_gemm_fp8
timeout 60 $T --filter block > $OUT/bs_block.log 2>&1
echo "bstma block cases rc=$? ($(el)s): $(grep -c '^ok' $OUT/bs_block.log) ok, $(grep -c '^FAIL' $OUT/bs_block.log) FAIL; last: $(grep -E '^(ok|FAIL)' $OUT/bs_block.log | tail -1 | cut -c1-60)" >> $S
grep "^FAIL" $OUT/bs_block.log | head -5 | cut -c1-200 >> $S
first=""
while IFS= read -r n; do
  [ -z "$n" ] && continue
  [ $(el) -gt 540 ] && break
  timeout 15 $T --filter "$n" > $G/one.log 2>&1; rc=$?
  [ $rc -ne 0 ] && [ -z "$first" ] && first="$n"
  echo "rc=$rc $n :: $(grep -E '^(ok|FAIL)' $G/one.log | head -1 | cut -c1-40) $(grep -m1 -oE 'scales by TMA' $G/one.log)" >> $S
done <<< "$(grep -o '"block[^"]*"' $G/bs/src/csrc/gemm/test_gemm_fp8.cu | tr -d '"' | grep -E 'TMA|one K|two K|bf16$|small M=8$')"
echo "first failing: $first ($(el)s)" >> $S
if [ -n "$first" ] && [ $(el) -lt 560 ]; then
  timeout 40 $CUDA/bin/compute-sanitizer --tool memcheck --show-backtrace device $T --filter "$first" > $OUT/memcheck_first.log 2>&1
  echo "memcheck rc=$? ($(el)s)" >> $S; grep -m14 -E "=====" $OUT/memcheck_first.log | cut -c1-200 >> $S
fi
echo "done at $(el)s" >> $S
cat $S

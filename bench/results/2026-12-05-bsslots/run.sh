#!/usr/bin/env bash
# Block-scaled FP8 with three scale slots (slots.patch: the two-sum main loop in turns of six
# k-tiles, each k-tile's scales loaded three k-tiles ahead). ncu (../2026-12-05-bsprof) put 14% of
# the block-scaled kernel's stall samples on one FMUL, waiting for the scale loads (long
# scoreboard), placed by ptxas before the next k-tile's MMAs: with two slots a slot's next load
# waits for its factors' product. ~6 minutes.
# 1. test_gemm_fp8 (two new cases: 5 and 6 k-tiles, so every exit of the six-k-tile turn runs),
#    memcheck and racecheck of the short-K block cases;
# 2. bench_gemm_fp8 --blockscaled, before (the four 128x128 block-scaled units of main) and after,
#    alternated twice; ab.py's table;
# 3. bench_deepgemm against the tree at M = 4096 (DeepGEMM's 128x128 ran 1.17-1.27x ours).
# Predicted: every test passes, both sanitizers clean; block-scaled 128x128 at M = 4096 1.08-1.15x
# (4096 x 7168 x 16384 ~1100 -> 1200-1250 TF), block/fast at M = 4096 0.79 -> 0.86-0.90; M = 64 and
# 128 within +-3% (split K: few k-tiles per CTA, latency-bound either way).
set -u
G=$PWD/.devwork/bsslots; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-05-bsslots
export D=$PWD/.devwork/b; mkdir -p $D
UNITS="gemm_128x128_kk_e4m3_blockscaled gemm_128x128_kk_e4m3e5m2_blockscaled gemm_128x128_kk_e5m2_blockscaled gemm_128x128_kk_e5m2e4m3_blockscaled"
variant_prepare old $R/slots.patch -R
variant_compile $(for u in $UNITS; do echo old:$u; done) &
build_tree csrc/gemm/test_gemm_fp8 bench/bench_gemm_fp8
wait
grep -h FAIL $G/variants.log >> $S
mkdir -p $G/old/all && cp $D/o/*.o $G/old/all/ && cp $G/old/o/*.o $G/old/all/ && ar rcs $G/old/lib.a $G/old/all/*.o
$NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $G/old/lib.a $LK -o $G/old/bench_gemm_fp8 > $G/link_old.log 2>&1 || echo "LINK-FAIL old" >> $S &
CUDA=$CUDA bash bench/deepgemm.sh $G/bench_deepgemm $D/lib.a > $G/dgbuild.log 2>&1 || echo "BUILD-FAIL bench_deepgemm" >> $S &
run_test 300 test_gemm_fp8
wait
echo "linked at $(el)s" >> $S
for r in 1 2; do
  timeout 120 $G/old/bench_gemm_fp8 $OUT/old_$r.csv --blockscaled --reps 9 > $OUT/old_$r.log 2>&1
  echo "old $r rc=$? ($(el)s): $(grep '^== block-scaled' $OUT/old_$r.log)" >> $S
  timeout 120 $D/bench_gemm_fp8 $OUT/new_$r.csv --blockscaled --reps 9 > $OUT/new_$r.log 2>&1
  echo "new $r rc=$? ($(el)s): $(grep '^== block-scaled' $OUT/new_$r.log)" >> $S
done
grep "^== M" $OUT/new_2.log >> $S
python3 $R/ab.py $OUT/old_*.csv -- $OUT/new_*.csv > $OUT/ab.md 2>&1; cat $OUT/ab.md >> $S
timeout 150 $G/bench_deepgemm $OUT/deepgemm.csv --reps 9 --shape 4096,7168,16384 --shape 4096,4096,7168 --shape 4096,7168,2048 --shape 4096,2112,7168 > $OUT/deepgemm.log 2>&1
echo "deepgemm rc=$? ($(el)s)" >> $S; grep -E "ours/it|^==" $OUT/deepgemm.log | cut -c1-200 >> $S
sanitize memcheck 150 test_gemm_fp8 "block one K block,block two K blocks,block persistent 5,block e5m2xe4m3,block odd MN"
sanitize racecheck 200 test_gemm_fp8 "block one K block,block two K blocks,block e5m2"
echo "done at $(el)s" >> $S
cat $S

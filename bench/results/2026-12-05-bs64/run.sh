#!/usr/bin/env bash
# Block-scaled FP8 on 64-row tiles (one consumer warpgroup): 64x64x128 (13 stages) and 64x128x128
# (8 stages), DeepGEMM's tiles of M = 64 and 128, where it ran 1.0-2.3x our 128x128 with K split
# (../2026-12-05-deepgemm). The planner takes them for M <= 128 where their waves cost less (a
# 64x64 tile 0.5 of a 128x128 one, 64x128 0.75: their bytes of A and B). ~5 minutes. Call it with
#   carry [".deps/deepgemm", ".deps/py/cutlass_library/source/include"]
# 1. test_gemm_fp8 (19 new cases on the two tiles, two automatic picks), memcheck and racecheck of
#    small new cases;
# 2. bench_gemm_fp8 --blockscaled twice: DeepGEMM's 18 shapes, the automatic plan beside the
#    128x128 and 128x192 tiles forced (the plan before, interleaved in the same process);
#    compare.py's table;
# 3. bench_deepgemm: ours over DeepGEMM's best tile (was 0.761, M = 64 / 128 0.44-1.0).
# Predicted: every test passes, both sanitizers clean; M <= 128 after/before 1.2-1.6x where the
# plan changes (64 x 7168 x 2048 ~2x: 64x64 112 tiles without a split against 128x128 split in
# two), the M = 4096 shapes unchanged (the same plan); ours over DeepGEMM at M <= 128 0.85-1.05.
set -u
G=$PWD/.devwork/bs64; . bench/device/env.sh; . bench/device/steps.sh
R=bench/results/2026-12-05-bs64
export D=$PWD/.devwork/b; mkdir -p $D
build_tree csrc/gemm/test_gemm_fp8 bench/bench_gemm_fp8
CUDA=$CUDA bash bench/deepgemm.sh $G/bench_deepgemm $D/lib.a > $G/dgbuild.log 2>&1 || echo "BUILD-FAIL bench_deepgemm" >> $S &
run_test 200 test_gemm_fp8
grep "^FAIL" $OUT/test_gemm_fp8.log | head -5 >> $S
grep -E "block 64x|block auto 128" $OUT/test_gemm_fp8.log | cut -c1-100 >> $S
for r in 1 2; do
  timeout 100 $D/bench_gemm_fp8 $G/bs_$r.csv --blockscaled --reps 9 > $G/bs_$r.log 2>&1
  echo "blockscaled $r rc=$? ($(el)s): $(grep '^== block-scaled' $G/bs_$r.log)" >> $S
done
grep "^== M" $G/bs_2.log >> $S
python3 $R/compare.py $G/bs_*.csv > $OUT/compare.md 2>&1; cat $OUT/compare.md >> $S
wait
timeout 100 $G/bench_deepgemm $G/deepgemm.csv --reps 5 > $G/deepgemm.log 2>&1
echo "deepgemm rc=$? ($(el)s)" >> $S; grep -E "ours/it|^==" $G/deepgemm.log | cut -c1-200 >> $S
sanitize memcheck 100 test_gemm_fp8 "block 64x64 odd,block 64x64 one K,block 64x128 odd,block 64x64 shared,block 64x128 e5m2"
sanitize racecheck 100 test_gemm_fp8 "block 64x64 one K,block 64x64 two K,block 64x128 e5m2"
(cd $G && tar czf $OUT/results.tgz *.csv *.log 2>/dev/null)
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Prepared in session 28 for the next session's first device call: main's tree, no carry, ~7 min.
# 1. tma_coord (../2026-12-05-bstma/tma_coord.cu, 30 s): a 2D fp32 TMA box at inner coordinates 0-8.
#    Predicted: off the 16-byte grid (1, 2, 3, 5 floats) an illegal instruction, on it a load.
# 2. bstma.patch (block scales by TMA, SB's box now from a coordinate on the 16-byte grid) as a
#    variant of the tree: its test_gemm_fp8 block-scaled cases (every "block" case, the 19 "block
#    TMA scales" ones included), memcheck of three TMA cases; then DeepGEMM's table, main against
#    the variant, alternated twice (bench_gemm_fp8 --blockscaled).
#    Predicted: every case passes; block-scaled 128x128 at M = 4096 1.05-1.15x of main (the scale
#    loads leave the consumers' critical path), M = 64 / 128 within +-3%. Wrong if M = 4096 gains
#    under 3%.
# 3. Re-measure, main alone against cuBLAS in three rounds: 448 x 11008 x 4096 with D column-major
#    (session 28: 0.958x after the swap on fewer tiles, H200) and 128 x 4096^2 row-major (0.958 in
#    session 27, H100); beside the first, the same shape unswapped (--config 9: its 128x168 tiles
#    asked for, which the swap does not take), so swapped / unswapped in one process.
set -u
G=$PWD/.devwork/n29; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
B=bench/results/2026-12-05-bstma
export D=$PWD/.devwork/b; mkdir -p $D
# 1
$NVCC -gencode=arch=compute_90a,code=sm_90a -std=c++17 -O2 $B/tma_coord.cu -o $G/tc -lcuda > $G/tc.log 2>&1 || echo "BUILD-FAIL tma_coord $(head -3 $G/tc.log)" >> $S
for a in "16 56 4 2 0 0" "16 56 4 2 1 0" "16 56 4 2 2 0" "16 56 4 2 4 0" "16 56 4 2 5 3" "16 56 4 2 8 55" \
         "5 1 4 2 0 0" "5 1 4 2 1 0" "5 1 8 1 0 0" "1 5 4 2 0 4" "16 56 8 2 3 0" "300 1 128 1 128 0"; do
  echo "tma_coord $a -> $(timeout 10 $G/tc $a 2>&1 | tail -1)" >> $S
done
# 2
variant_prepare bs $B/bstma.patch
BSU="cutego_gemm"
for c in 128x128 128x192 64x64 64x128; do for t in e4m3 e4m3e5m2 e5m2 e5m2e4m3; do BSU="$BSU gemm_${c}_kk_${t}_blockscaled"; done; done
variant_compile $(for u in $BSU; do echo bs:$u; done) &
build_tree csrc/gemm/test_gemm_fp8 bench/bench_gemm_fp8 bench/bench_gemm
wait
grep -h FAIL $G/variants.log >> $S
variant_link bs planner bench_gemm_fp8
(cd $G/bs/src && $NVCC $F -I$CUDA/include csrc/gemm/test_gemm_fp8.cu $G/bs/lib.a $LK -o $G/bs/test_gemm_fp8 > $G/bs/link_test.log 2>&1) ||
  echo "LINK-FAIL bs test_gemm_fp8: $(grep -m2 error $G/bs/link_test.log)" >> $S
echo "linked at $(el)s" >> $S
timeout 120 $G/bs/test_gemm_fp8 --filter block > $OUT/bs_block.log 2>&1
echo "bstma block cases rc=$? ($(el)s): $(grep -c '^ok' $OUT/bs_block.log) ok, $(grep -c '^FAIL' $OUT/bs_block.log) FAIL, by TMA $(grep -c 'scales by TMA' $OUT/bs_block.log)" >> $S
grep -E "^FAIL|illegal" $OUT/bs_block.log | head -6 | cut -c1-200 >> $S
timeout 120 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $G/bs/test_gemm_fp8 \
  --filter "block TMA scales one K block,block TMA scales 128x192 straddle,block TMA scales 64x64 N=320,block one K block K=100" > $G/memcheck.log 2>&1
echo "memcheck rc=$? ($(el)s): $(grep 'ERROR SUMMARY' $G/memcheck.log)" >> $S
bs_rounds 2 main:$D/bench_gemm_fp8 bs:$G/bs/bench_gemm_fp8
python3 $B/../2026-12-05-bsslots/ab.py $G/main_*.csv -- $G/bs_*.csv > $OUT/bs_ab.md 2>&1; cat $OUT/bs_ab.md >> $S
cp $G/main_*.csv $G/bs_*.csv $OUT/ 2>/dev/null
# 3
for r in 1 2 3; do
  timeout 60 $D/bench_gemm $OUT/dcol_$r.csv --graph --dtype bf16 --d-col --shape 448,11008,4096 > /dev/null 2>&1
  timeout 60 $D/bench_gemm $OUT/dcolnoswap_$r.csv --graph --dtype bf16 --d-col --config 9 --shape 448,11008,4096 > /dev/null 2>&1
  timeout 60 $D/bench_gemm $OUT/row_$r.csv --graph --dtype bf16 --shape 128,4096,4096 --shape 448,11008,4096 > /dev/null 2>&1
done
for f in $OUT/dcol_*.csv $OUT/dcolnoswap_*.csv $OUT/row_*.csv; do awk -F, 'NR>1 {print FILENAME, $4, $5, $6, "ms", $7, $9, "ratio", $13, $21, $24}' $f; done >> $S
echo "done at $(el)s" >> $S
cat $S

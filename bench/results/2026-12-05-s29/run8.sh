#!/usr/bin/env bash
# run7.sh: 448 and 416 x 4096 x 14336 (A K-major) take 1.43-1.53x 512's time on the same 128
# tiles; 449, 480, 511 do not; with A M-major (NN) 448 does not either. Where the last tile row
# holds at most 64 rows, its second consumer warpgroup lies wholly past M and only waits for and
# releases each stage (consumer_mma_tile's idle path). idle.patch: that warpgroup runs its MMAs on
# the TMA's zero-filled rows anyway wherever A's box has BM rows (M >= BM; 16-bit and fast FP8)
# and stores nothing.
# main against the variant, alternated twice, on the shapes whose last tile row is at most half
# full, and controls; then test_gemm of the variant (correctness).
# Predicted: 448 / 416 x 4096 x 14336 116 / 123 -> ~80 us; 448 x 11008 x 4096 and 320 x 4096^2
# 1.1-1.4x; the controls (449, 512, 1000^3 on one warpgroup, 4096^3, M < 128) 0.98-1.02.
set -u
G=$PWD/.devwork/s29i; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$PWD/.devwork/b; mkdir -p $D
R=bench/results/2026-12-05-s29
variant_prepare idle $R/idle.patch
variant_compile idle:gemm_128x128_kk idle:gemm_128x168_kk idle:gemm_128x256_kk idle:gemm_128x224_kk idle:gemm_128x192_kk idle:gemm_128x96_kk idle:gemm_128x128_mk &
build_tree bench/bench_gemm csrc/gemm/test_gemm
wait
grep -h FAIL $G/variants.log >> $S
variant_link idle
(cd $G/idle/src && $NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $G/idle/lib.a $LK -o $G/idle/test_gemm > $G/link_t.log 2>&1) ||
  echo "LINK-FAIL idle test_gemm $(grep -m2 error $G/link_t.log)" >> $S
echo "linked at $(el)s" >> $S
SH=""; for s in 448,4096,14336 416,4096,14336 449,4096,14336 512,4096,14336 448,4096,4096 320,4096,4096 \
  448,11008,4096 320,11008,4096 576,11008,4096 448,14336,4096 192,4096,4096 1000,1000,1000 4096,4096,4096 \
  100,4096,4096 3000,5000,1000 1000,4096,3000; do SH="$SH --shape $s"; done
mkdir -p $G/csv
for r in 1 2; do
  timeout 90 $D/bench_gemm $G/csv/main_$r.csv --graph --dtype bf16 $SH > $G/main_$r.log 2>&1 || echo "main $r exit $?" >> $S
  timeout 90 $G/idle/bench_gemm $G/csv/idle_$r.csv --graph --dtype bf16 $SH > $G/idle_$r.log 2>&1 || echo "idle $r exit $?" >> $S
  timeout 60 $D/bench_gemm $G/csv/mainnn_$r.csv --graph --dtype bf16 --layout NN --shape 448,4096,14336 --shape 320,4096,4096 > /dev/null 2>&1
  timeout 60 $G/idle/bench_gemm $G/csv/idlenn_$r.csv --graph --dtype bf16 --layout NN --shape 448,4096,14336 --shape 320,4096,4096 > /dev/null 2>&1
  echo "round $r at $(el)s" >> $S
done
python3 bench/ab_table.py $G/csv/main_*.csv $G/csv/mainnn_*.csv -- $G/csv/idle_*.csv $G/csv/idlenn_*.csv >> $S 2>&1
grep -h "WRONG\|FAIL" $G/idle_*.log | head -3 >> $S
timeout 200 $G/idle/test_gemm > $OUT/test_gemm_idle.log 2>&1
echo "test_gemm (idle) rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks|failures" $OUT/test_gemm_idle.log | tail -6 >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

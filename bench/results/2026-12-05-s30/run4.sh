#!/usr/bin/env bash
# Session 30, device call 4 (main's tree with halves, no carry, ~7 min). bsplit.patch
# (CUTEGO_GEMM_F_B_SPLIT, cutego_gemm_b_split): a K-major B whose last tile column would leave 32 or
# more rows of its BN-row box past N goes in s boxes of BN / s rows (the least s in 2..8 leaving
# fewer than 32 rows past N), that column loading only the boxes not wholly past N. run3 measured
# 64x128 tiles, M = 1024, K = 14336: N = 904 82.4 us, 928 76.7, 960 67.7, 1000 49.2, 1024 48.7, 896 46.3.
# 1. main's library ($D) and the patched tree's (its own full build), side by side; the patched
#    tree's test_gemm, test_gemm_fp8, memcheck of its "B split" and odd cases.
# 2. main against the patch, alternated twice: the b64 series (config 8, forced), 128x168 at M = 512
#    and 2048, the sweep's shapes with a split B (1024 / 512 / 256 / 448 x 11008, 333 x 14336,
#    1000 x 5000 x 4096) and controls; FP8 per tensor on N = 11008 / 904; then the patched sweep.
# Predicted: every check passes, memcheck clean; b64 904 / 928 / 960 82 / 77 / 68 -> 47-50 us
# (1.35-1.7x); 1000 and 1024 within 2% (no split at 1000: 24 rows past); the 128x168 series within
# 3% at M = 512 (no cost there, so two boxes cost nothing visible), 1.0-1.3x at M = 2048; the sweep's
# N = 11008 shapes 1.00-1.08x; controls 0.98-1.02. Wrong if 904 gains under 20%.
set -u
G=$PWD/.devwork/s30b; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
R=bench/results/2026-12-05-s30
V=$G/bsplit; mkdir -p $V
tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $V
(cd $V && patch -p1 -s < $R/bsplit.patch) || echo "PATCH-FAIL" >> $S
(cd $V && D=$V/b bash bench/device/lib.sh > $G/lib_bsplit.log 2>&1; grep -E "lib:|BUILD-FAIL" $G/lib_bsplit.log | sed 's/^/bsplit /' >> $S) &
[ -x $D/bench_gemm ] && [ -x $D/bench_gemm_fp8 ] || build_tree bench/bench_gemm bench/bench_gemm_fp8
wait
for t in bench/bench_gemm bench/bench_gemm_fp8 csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8; do
  (cd $V && $NVCC $F -I$CUDA/include $t.cu $V/b/lib.a $LK -o $V/b/$(basename $t) > $G/link_h_$(basename $t).log 2>&1) ||
    echo "LINK-FAIL bsplit $t: $(grep -m1 error $G/link_h_$(basename $t).log)" >> $S &
done
wait
echo "linked at $(el)s" >> $S
grep -h "spill\|C751" $G/lib_bsplit.log | head -3 >> $S
timeout 150 $V/b/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm (bsplit) rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -6 >> $S
grep -E "B split" $OUT/test_gemm.log | cut -c1-160 >> $S
timeout 150 $V/b/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 (bsplit) rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm_fp8.log | tail -4 >> $S
timeout 150 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $V/b/test_gemm --filter "B split,odd" > $G/memcheck.log 2>&1
echo "memcheck rc=$? ($(el)s): $(grep 'ERROR SUMMARY' $G/memcheck.log)" >> $S
mkdir -p $G/csv
for r in 1 2; do
  for x in main:$D bsplit:$V/b; do
    n=${x%%:*}; b=${x#*:}
    S8=""; for nn in 896 904 928 960 1000 1024; do S8="$S8 --shape 1024,$nn,14336"; done
    timeout 90 $b/bench_gemm $G/csv/${n}c8_$r.csv --graph --dtype bf16 --config 8 --split-k 1 --decomposition 1 $S8 > $G/${n}c8_$r.log 2>&1 || echo "$n c8 $r exit $?" >> $S
    S9=""; for nn in 10920 10928 11008 11048; do S9="$S9 --shape 512,$nn,14336 --shape 2048,$nn,4096"; done
    timeout 90 $b/bench_gemm $G/csv/${n}c9_$r.csv --graph --dtype bf16 --config 9 --split-k 1 --decomposition 1 $S9 > $G/${n}c9_$r.log 2>&1 || echo "$n c9 $r exit $?" >> $S
    SH=""; for s in 1024,11008,4096 512,11008,4096 256,11008,4096 448,11008,4096 333,14336,4096 1000,5000,4096 \
      3000,5000,1000 1000,1000,1000 1024,1024,1024 4096,4096,4096 2048,11008,4096 640,4096,4096; do SH="$SH --shape $s"; done
    timeout 90 $b/bench_gemm $G/csv/${n}_$r.csv --graph --dtype bf16 $SH > $G/${n}_$r.log 2>&1 || echo "$n $r exit $?" >> $S
    timeout 90 $b/bench_gemm_fp8 $G/csv/f8${n}_$r.csv --shape 1024,11008,4096 --shape 512,11008,4096 --shape 1024,904,8192 --shape 4096,4096,4096 > $G/f8${n}_$r.log 2>&1 || echo "fp8 $n $r exit $?" >> $S
  done
  echo "round $r at $(el)s" >> $S
done
python3 bench/ab_table.py $G/csv/mainc8_*.csv -- $G/csv/bsplitc8_*.csv >> $S 2>&1
python3 bench/ab_table.py $G/csv/mainc9_*.csv -- $G/csv/bsplitc9_*.csv >> $S 2>&1
python3 bench/ab_table.py $G/csv/main_*.csv -- $G/csv/bsplit_*.csv >> $S 2>&1
python3 bench/ab_table.py $G/csv/f8main_*.csv -- $G/csv/f8bsplit_*.csv >> $S 2>&1
grep -h "WRONG" $G/*_?.log | head -3 >> $S
timeout 100 $V/b/bench_gemm $OUT/sweep_bf16.csv --sweep --graph --dtype bf16 > $G/sweep.log 2>&1
echo "sweep (bsplit) rc=$? ($(el)s): $(tail -1 $G/sweep.log)" >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Prepared in session 29 for the next session's first device call (main's tree, no carry, ~7 min).
# halves.patch (CUTEGO_GEMM_F_A_HALVES): a K-major A of 128-row tiles whose last tile row holds
# 1-64 rows goes in TMA boxes of 64 rows, two per stage, and only the first in that row: the box
# no longer reaches 64-127 rows past M. Session 29 (H100, ../2026-12-05-s29 run7/run8) measured,
# after its second warpgroup ran its MMAs instead of idling: 448 x 4096 x 14336 90.5 us and 416 x
# 4096 x 14336 120.3 against 512's 80.2, where A M-major (loads of 64 rows, those wholly past M
# left out) took 77.9 / 91.6.
# 1. main's library ($D) and the patched tree's (its own full build: every kernel reads the flag's
#    boxes), side by side; test_gemm and test_gemm_fp8 of the patched tree; memcheck of its odd
#    cases.
# 2. main against the patched tree, alternated twice, on the shapes whose last tile row holds at
#    most 64 rows and on controls; then the patched tree's bf16 sweep.
# Predicted: every check passes, memcheck clean; 448 x 4096 x 14336 90.5 -> ~80 us (1.10-1.15x),
# 416 x 4096 x 14336 120 -> 85-95 us (1.25-1.4x), 448 x 4096^2, 448 x 11008, 320 x 4096^2
# 1.02-1.10x; controls (449, 512, 4096^3, 1000^3, M < 128, NN) 0.98-1.02; the sweep's geomean within
# 0.5%; FP8 per tensor alike. Wrong if 416 gains under 10%: then the box's rows past M are not what
# costs.
set -u
G=$PWD/.devwork/n30; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
V=$G/halves; mkdir -p $V
tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $V
(cd $V && patch -p1 -s < bench/results/2026-12-05-next30/halves.patch) || echo "PATCH-FAIL" >> $S
(cd $V && D=$V/b bash bench/device/lib.sh > $G/lib_halves.log 2>&1; grep -E "lib:|BUILD-FAIL" $G/lib_halves.log | sed 's/^/halves /' >> $S) &
build_tree bench/bench_gemm bench/bench_gemm_fp8
wait
for t in bench/bench_gemm bench/bench_gemm_fp8 csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8; do
  (cd $V && $NVCC $F -I$CUDA/include $t.cu $V/b/lib.a $LK -o $V/b/$(basename $t) > $G/link_h_$(basename $t).log 2>&1) ||
    echo "LINK-FAIL halves $t: $(grep -m1 error $G/link_h_$(basename $t).log)" >> $S &
done
wait
echo "linked at $(el)s" >> $S
timeout 150 $V/b/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm (halves) rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -4 >> $S
timeout 150 $V/b/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 (halves) rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm_fp8.log | tail -4 >> $S
timeout 120 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $V/b/test_gemm --filter odd > $G/memcheck.log 2>&1
echo "memcheck rc=$? ($(el)s): $(grep 'ERROR SUMMARY' $G/memcheck.log)" >> $S
SH=""; for s in 448,4096,14336 416,4096,14336 449,4096,14336 512,4096,14336 448,4096,4096 320,4096,4096 \
  448,11008,4096 320,11008,4096 576,11008,4096 129,4096,4096 192,4096,4096 100,4096,4096 1000,1000,1000 \
  4096,4096,4096 3000,5000,1000 2039,2053,2027; do SH="$SH --shape $s"; done
mkdir -p $G/csv
for r in 1 2; do
  timeout 90 $D/bench_gemm $G/csv/main_$r.csv --graph --dtype bf16 $SH > $G/main_$r.log 2>&1 || echo "main $r exit $?" >> $S
  timeout 90 $V/b/bench_gemm $G/csv/halves_$r.csv --graph --dtype bf16 $SH > $G/halves_$r.log 2>&1 || echo "halves $r exit $?" >> $S
  timeout 60 $D/bench_gemm $G/csv/mainnn_$r.csv --graph --dtype bf16 --layout NN --shape 448,4096,14336 --shape 416,4096,14336 > /dev/null 2>&1
  timeout 60 $V/b/bench_gemm $G/csv/halvesnn_$r.csv --graph --dtype bf16 --layout NN --shape 448,4096,14336 --shape 416,4096,14336 > /dev/null 2>&1
  echo "round $r at $(el)s" >> $S
done
python3 bench/ab_table.py $G/csv/main_*.csv $G/csv/mainnn_*.csv -- $G/csv/halves_*.csv $G/csv/halvesnn_*.csv >> $S 2>&1
# FP8 per tensor (fast accumulation) on the same kind of shapes, main against the patched tree
F8=""; for s in 448,4096,4096 448,4096,14336 320,4096,4096 416,4096,14336 512,4096,4096; do F8="$F8 --shape $s"; done
for r in 1 2; do
  timeout 90 $D/bench_gemm_fp8 $G/csv/f8main_$r.csv $F8 > $G/f8main_$r.log 2>&1 || echo "fp8 main $r exit $?" >> $S
  timeout 90 $V/b/bench_gemm_fp8 $G/csv/f8halves_$r.csv $F8 > $G/f8halves_$r.log 2>&1 || echo "fp8 halves $r exit $?" >> $S
done
python3 bench/ab_table.py $G/csv/f8main_*.csv -- $G/csv/f8halves_*.csv >> $S 2>&1
grep -h "WRONG" $G/*_?.log | head -3 >> $S
timeout 100 $V/b/bench_gemm $OUT/sweep_bf16.csv --sweep --graph --dtype bf16 > $G/sweep.log 2>&1
echo "sweep (halves) rc=$? ($(el)s): $(tail -1 $G/sweep.log)" >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

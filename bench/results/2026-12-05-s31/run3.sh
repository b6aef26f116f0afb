#!/usr/bin/env bash
# Session 31, device call 2 (the working tree with CUTEGO_GEMM_F_B_SHIFT, no carry, ~7-8 min).
# run1 (traced, ../2026-12-05-next31) found on 1024 x 904 x 14336 (64x128 tiles, 16 x 8, one wave) the
# last tile column's main loops at 81 us against 45-48 in the first raster group (the second group's
# inner tiles 53-75); at N = 1024 every tile takes 44. The change: where B is K-major and the last tile
# column is partial, that column's box starts at N - BN (rounded down to 8 rows), inside N; it
# computes some of its neighbour's columns again and stores its own directly.
# 1. main (this tree with bfix.patch reversed) and the tree, each a full build, side by side; the
#    tree's test_gemm on the "B shift", "odd" and "cluster_n" cases, and its FP8 test's odd ones.
# 2. main against the tree alternated twice: the 64x128 series over N, 128x128 and 128x256 with a
#    partial last column, the automatic plan on edge shapes and controls, FP8 per tensor.
# Predicted: every check passes; 1024 x 904 / 928 / 960 x 14336 on 64x128 82 / 77 / 68 -> 46-50 us
# (1.4-1.7x); 2048 x 904 x 14336 on 128x128 ~1.3x; 1000 and the tile multiples within 3%; the
# automatic plan's 1024 x 904 x 14336 and 2048 x 904 x 4096 1.2-1.5x. Wrong if 904 gains under 20%:
# then the box's rows are not the cause.
set -u
G=$PWD/.devwork/s31; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
R=bench/results/2026-12-05-s31
M=$G/main; mkdir -p $M
tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $M
(cd $M && patch -p1 -s -R < $R/bfix.patch) || echo "PATCH-FAIL (reverse)" >> $S
(cd $M && D=$M/b bash bench/device/lib.sh > $G/lib_main.log 2>&1; grep -E "lib:|BUILD-FAIL" $G/lib_main.log | sed 's/^/main /' >> $S) &
[ -x $D/bench_gemm ] && [ -x $D/test_gemm ] || build_tree bench/bench_gemm bench/bench_gemm_fp8 csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8
wait
for t in bench_gemm bench_gemm_fp8; do
  (cd $M && $NVCC $F -I$CUDA/include bench/$t.cu $M/b/lib.a $LK -o $M/b/$t > $G/link_m_$t.log 2>&1) ||
    echo "LINK-FAIL main $t: $(grep -m1 error $G/link_m_$t.log)" >> $S &
done
wait
echo "linked at $(el)s" >> $S
grep -h "C751[048]\|[1-9][0-9]* bytes spill" $G/lib.log | head -3 >> $S
run_test 120 test_gemm --filter "B shift,odd,cluster_n,padded"
grep -E "^FAIL" $OUT/test_gemm.log | head -5 >> $S
run_test 90 test_gemm_fp8 --quick
declare -A B V
FC="--split-k 1 --decomposition 1"
for c in 8 2 1; do B[m$c]=$M/b/bench_gemm; B[s$c]=$D/bench_gemm; V[m$c]="--config $c $FC"; V[s$c]="--config $c $FC"; done
SH=""; for n in 896 904 928 960 1000 1024; do SH="$SH --shape 1024,$n,14336"; done
in_turn 2 m8 m8 s8
SH="--shape 2048,904,14336 --shape 2048,1024,14336 --shape 2048,904,4096 --shape 1024,4100,4096 --shape 1024,4224,4096"
in_turn 2 m2 m2 s2
SH="--shape 2048,4100,4096 --shape 2048,4352,4096 --shape 4096,4100,4096 --shape 4096,4096,4096"
in_turn 2 m1 m1 s1
B[ma]=$M/b/bench_gemm; B[sa]=$D/bench_gemm
SH=""; for s in 1024,904,14336 2048,904,4096 1000,5000,4096 3000,5000,1000 2039,2053,2027 1000,1000,1000 448,11008,4096 \
  4096,4100,4096 1024,1024,1024 4096,4096,4096 512,11008,4096 4093,4093,4093 8191,8191,1024 333,14336,4096; do SH="$SH --shape $s"; done
in_turn 2 ma ma sa
mkdir -p $G/f8
for r in 1 2; do
  for x in main:$M/b sh:$D; do
    timeout 60 ${x#*:}/bench_gemm_fp8 $G/csv/f8${x%%:*}_$r.csv --shape 1024,904,8192 --shape 1000,5000,4096 --shape 2048,904,4096 \
      --shape 4096,4096,4096 --shape 1024,11008,4096 > $G/f8${x%%:*}_$r.log 2>&1 || echo "fp8 ${x%%:*} $r exit $?" >> $S
  done
done
echo "## fp8 main -> shift" >> $S
python3 bench/ab_table.py $G/csv/f8main_*.csv -- $G/csv/f8sh_*.csv >> $S 2>&1
grep -h "WRONG" $G/*_?.log | head -3 >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

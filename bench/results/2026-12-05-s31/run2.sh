#!/usr/bin/env bash
# Session 31, device call 2 (main's tree, no carry). run1 (../2026-12-05-next31, traced) found that on
# 1024 x 904 x 14336 (64x128 tiles, 16 x 8 tiles, one wave) the last tile column's main loops take
# 81 us against 45-48 in the first raster group, and the second group's inner tiles 53-75; at N = 1024
# every tile takes 44. bshift.patch (a diagnostic: that column's results are wrong) loads the last
# tile column's B box from row N - BN, wholly inside N, so its CTAs load what every other CTA loads.
# Predicted: 904 / 928 / 960 at 64x128 fall to 46-50 us (N = 1024's time); 2048 x 904 x 14336 on
# 128x128 to ~85 us (N = 1024's); shapes without such an edge unchanged (0.98-1.02). Wrong if 904
# stays above 70 us: then the box's contents are not the cause.
set -u
G=$PWD/.devwork/s31; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$PWD/.devwork/b; mkdir -p $D
R=bench/results/2026-12-05-s31
variant_prepare shift $R/bshift.patch
variant_compile shift:gemm_64x128_kk shift:gemm_128x128_kk shift:gemm_128x256_kk shift:gemm_128x64_kk \
  shift:gemm_128x168_kk shift:gemm_128x224_kk &
[ -x $D/bench_gemm ] || build_tree bench/bench_gemm
wait
grep BUILD-FAIL $G/variants.log >> $S
variant_link shift
echo "linked at $(el)s" >> $S
declare -A B V
FC="--split-k 1 --decomposition 1"
B[m8]=$D/bench_gemm; B[s8]=$G/shift/bench_gemm; V[m8]="--config 8 $FC"; V[s8]="--config 8 $FC"
SH=""; for n in 896 904 928 960 1000 1024; do SH="$SH --shape 1024,$n,14336"; done
in_turn 2 m8 m8 s8
B[m2]=$D/bench_gemm; B[s2]=$G/shift/bench_gemm; V[m2]="--config 2 $FC"; V[s2]="--config 2 $FC"
SH="--shape 2048,904,14336 --shape 2048,1024,14336 --shape 2048,904,4096 --shape 1024,4100,4096 --shape 1024,4224,4096"
in_turn 2 m2 m2 s2
B[m1]=$D/bench_gemm; B[s1]=$G/shift/bench_gemm; V[m1]="--config 1 $FC"; V[s1]="--config 1 $FC"
SH="--shape 2048,4100,4096 --shape 2048,4352,4096 --shape 4096,4100,4096"
in_turn 2 m1 m1 s1
B[ma]=$D/bench_gemm; B[sa]=$G/shift/bench_gemm
SH=""; for s in 1024,904,14336 2048,904,4096 1000,5000,4096 3000,5000,1000 2039,2053,2027 1000,1000,1000 \
  4096,4100,4096 1024,1024,1024 4096,4096,4096 512,11008,4096 4093,4093,4093 8191,8191,1024; do SH="$SH --shape $s"; done
in_turn 2 ma ma sa
grep -h "WRONG" $G/m*_?.log | head -3 | sed 's/^/main /' >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

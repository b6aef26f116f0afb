#!/usr/bin/env bash
# Session 35, device call 3 (carry build/carry: lib.a.gz, main 0fcab79's library; v1.o and v2.o, its
# gemm_128x128_kk_e4m3_blockscaled unit with scales-v1.diff / scales-v2.diff, compiled here).
# Where block-scaled FP8 128x128 loses its time. Call 1 (bs_2.csv, H100) at 4096 x 4096 x 7168:
# fast 128x128 1355 TF, promoted every k-tile (the block-scaled loop without the scale loads: acc +=
# part) 1206, block-scaled 1027. So the scale loads and factors cost ~15% beyond promotion's ~11%.
# v1: no scale loads (factors 1: wrong results, timing only): the bound of any fix to the loads.
# v2: the loads as plain ld.global (L1 path) instead of ld.global.nc (LDG.E.CONSTANT).
# Predicted: v1 within 3% of promoted (1.12-1.18x main at M >= 1024); v2 0.97-1.03x main.
# Every scale 1 (--bs-unit-scales), so that v1 computes the right results too. main, v1, v2 in turn, twice, DeepGEMM's (N, K) at M = 1024 and 4096 (--only is one shape: the
# whole table at those M).
set -u
G=$PWD/.devwork/s35c; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/m; mkdir -p $D $G/v1 $G/v2 $G/o
gunzip -c build/carry/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
for v in v1 v2; do
  (cd $G/o && rm -f *.o && ar x $D/lib.a && cp $OLDPWD/build/carry/$v.o gemm_128x128_kk_e4m3_blockscaled.o && ar rcs $G/$v/lib.a *.o)
done
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm_fp8
(D=$G/v1; link_bins bench/bench_gemm_fp8)
(D=$G/v2; link_bins bench/bench_gemm_fp8)
for r in 1 2; do
  for v in m v1 v2; do
    timeout 200 $G/$v/bench_gemm_fp8 $G/bs_${v}_$r.csv --blockscaled --reps 9 --bs-m 1024,4096 --bs-unit-scales > $G/bs_${v}_$r.log 2>&1
    echo "$v $r rc=$? ($(el)s): $(grep -E '^== M = ' $G/bs_${v}_$r.log | tr '\n' ' ')" >> $S
  done
done
cp $G/bs_*.csv $OUT/ 2>/dev/null
(cd $G && tar czf $OUT/logs.tgz *.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Session 35, device call 4 (carry build/carry: lib.a.gz, main 0fcab79's library; v1.o, v3.o, v4.o:
# its gemm_128x128_kk_e4m3_blockscaled unit with scales-v1/v3/v4.diff, compiled here).
# Call 3: without the scale loads (v1) block-scaled 128x128 ran 1.134x main (the promoted loop's
# pace); plain ld.global (v2) 1.019x. Three register slots (session 25) gained nothing, so the loads'
# latency is longer than three k-tiles: they queue at the L2 behind the TMA's stages in flight.
# v3 / v4: the loads as v2's, and each k-tile's scales prefetched into L1 (prefetch.global.L1, no
# register) 4 / 8 k-tiles before the k-tile whose slot loads them.
# Predicted: v3 1.05-1.12x main, v4 1.08-1.13x (v1's 1.134 the bound); wrong if under 1.04.
# Every scale 1 (--bs-unit-scales, as call 3). main, v1, v3, v4 in turn, twice, M = 1024 and 4096.
set -u
G=$PWD/.devwork/s35d; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/m; mkdir -p $D $G/v1 $G/v3 $G/v4 $G/o
gunzip -c build/carry/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
for v in v1 v3 v4; do
  (cd $G/o && rm -f *.o && ar x $D/lib.a && cp $OLDPWD/build/carry/$v.o gemm_128x128_kk_e4m3_blockscaled.o && ar rcs $G/$v/lib.a *.o)
done
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm_fp8
(D=$G/v1; link_bins bench/bench_gemm_fp8)
(D=$G/v3; link_bins bench/bench_gemm_fp8)
(D=$G/v4; link_bins bench/bench_gemm_fp8)
for r in 1 2; do
  for v in m v1 v3 v4; do
    timeout 200 $G/$v/bench_gemm_fp8 $G/bs_${v}_$r.csv --blockscaled --reps 9 --bs-m 1024,4096 --bs-unit-scales > $G/bs_${v}_$r.log 2>&1
    echo "$v $r rc=$? ($(el)s): $(grep -E '^== M = ' $G/bs_${v}_$r.log | tr '\n' ' ')" >> $S
  done
done
cp $G/bs_*.csv $OUT/ 2>/dev/null
(cd $G && tar czf $OUT/logs.tgz *.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

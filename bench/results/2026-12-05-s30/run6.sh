#!/usr/bin/env bash
# Session 30, device call 6 (main, no carry; the last of the session's device time). run5: a last
# tile column of few valid columns slows the GEMM where it has many tile rows (64x128, M = 1024:
# N = 904 1.6-1.8x of 1024's time; 128x128, M = 2048: 1.33x; M = 512: 1.08x), with either
# epilogue, per k-tile (K = 2048: 1.32x), in 2x1 clusters too, and not from B's box past N (run4).
# Does it follow the raster (group_m: which tiles run side by side and share A in the L2) or the L2
# (--cold: operands rotated past the L2's size)? Predicted: group_m 1 (CTAs of one tile row side by
# side) removes most of it if the last column's CTAs pace A's reads badly; --cold changes nothing.
set -u
G=$PWD/.devwork/s30d; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
[ -x $D/bench_gemm ] || build_tree bench/bench_gemm
mkdir -p $G/e
SH="--shape 1024,896,14336 --shape 1024,904,14336 --shape 1024,1024,14336"
for o in "--group 1" "--group 2" "--group 4" "--group 16" "--cold" ""; do
  f=g$(echo "$o" | tr -d ' -'); 
  timeout 60 $D/bench_gemm $G/e/$f.csv --graph --dtype bf16 --split-k 1 --decomposition 1 --config 8 $o $SH > $G/e/$f.log 2>&1 || echo "$f exit $?" >> $S
  grep -E "^shape|^cold" $G/e/$f.log | awk -v f="$f" '{print f, $4, $5, $6, $8, $9}' >> $S
done
(cd $G && tar czf $OUT/csv.tgz e)
echo "done at $(el)s" >> $S
cat $S

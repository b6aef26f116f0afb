#!/usr/bin/env bash
# Session 30, device call 7 (main, no carry; the session's last ~280 s). run3-run6: a last tile
# column of few valid columns under many tile rows costs 1.3-1.8x, cause not found; the same edge
# in M is handled (A in halves). The caller's swap (--swap-ab: D^T = B A^T, the edge moves to M,
# D^T through the transposed TMA epilogue) against the plan as given, automatic tiles.
# Predicted: swapped 1.2-1.6x faster on 1024 x {904, 928, 960} x 14336 and 2048 x 904 x 14336; the
# controls (1000, 1024 columns) 0.9-1.0x.
set -u
G=$PWD/.devwork/s30e; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
[ -x $D/bench_gemm ] || build_tree bench/bench_gemm
mkdir -p $G/e
SH=""; for s in 1024,904,14336 1024,928,14336 1024,960,14336 1024,1000,14336 1024,1024,14336 2048,904,14336 2048,904,4096 4096,904,4096; do SH="$SH --shape $s"; done
for r in 1 2; do
  for o in "" "--swap-ab"; do
    f=s$(echo "$o" | tr -d ' -')_$r
    timeout 40 $D/bench_gemm $G/e/$f.csv --graph --dtype bf16 $o $SH > $G/e/$f.log 2>&1 || echo "$f exit $?" >> $S
    grep -E "^shape" $G/e/$f.log | awk -v f="$f" '{print f, $4, $5, $6, $8, "us Lt", $13, "ratio", $19}' >> $S
  done
done
(cd $G && tar czf $OUT/csv.tgz e)
echo "done at $(el)s" >> $S
cat $S

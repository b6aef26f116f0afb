#!/usr/bin/env bash
# Prepared in session 39, not run (its device time went to failed starts): every configuration beside
# the automatic plan (bench_gemm --ab-config) on the unseen shapes below 0.95 of cuBLAS of call 1
# (lists.sh: bf16 TN 30, NN 11, TT 15), and bench_gemm_fp8's variants on the 30 FP8 ones. Carry a
# library of the tree as build/carry/x/lib.a.gz. Predicted: at M <= 64 a 64-row tile beats the
# automatic 128x128 by 1.2-1.6x; at N <= 960 with many rows and short K, 128x128 or 128x96 beats
# 128x168.
set -u
G=$PWD/.devwork/explore; . bench/device/env.sh; . bench/device/steps.sh
R=bench/results/2026-12-06-s39
export D=$G/t; mkdir -p $D $G/x
gunzip -c build/carry/x/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
link_bins bench/bench_gemm bench/bench_gemm_fp8
. $R/lists.sh
for c in 2 7 6 8 10 3 11 1 5 9 12; do
  for lay in TN NN TT; do
    case $lay in TN) L=$TNS;; NN) L=$NNS;; TT) L=$TTS;; esac
    timeout 60 $D/bench_gemm $G/x/${lay}_c$c.csv --graph --dtype bf16 --layout $lay --ab-config $c $(for s in $L; do echo --shape $s; done) > $G/x/${lay}_c$c.log 2>&1 ||
      echo "$lay c$c: exit $? $(tail -1 $G/x/${lay}_c$c.log | cut -c1-100)" >> $S
  done
  echo "config $c at $(el)s" >> $S
done
python3 $R/explore.py $G/x >> $S
timeout 90 $D/bench_gemm_fp8 $G/fp8v.csv $(for s in $FP8S; do echo --shape $s; done) --variants 1:0:0,1:0:2:1,1:0:1:1,1:0:12:1,1:0:2:2 --rounds 1 > $G/fp8v.log 2>&1
echo "fp8 variants rc=$? ($(el)s)" >> $S
grep -E "^ *(variant|[0-9]+ +[0-9]+ +[0-9]+ )" $G/fp8v.log | cut -c1-150 >> $S
(cd $G && tar czf $OUT/x.tgz x fp8v.csv fp8v.log)
echo "all done at $(el)s" >> $S
cat $S

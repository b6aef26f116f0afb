#!/usr/bin/env bash
# Session 37, device call 3: run2.sh's two sharpest predictions alone (the session's device time ran
# short after ten failed starts; carry build/carry/s37/head.a.gz, 3c91551's library).
# 1. 2048 x 11008 x 4096 bf16 (automatic: stream-K on 128x256, 0.89-0.92 of cuBLAS): each forced tile
#    A/B'd against the automatic plan in one process (--ab-config), and 128x256 / 128x128 forced
#    data-parallel and stream-K, three rounds. Predicted: 128x168 (1056 tiles, 8 waves exactly)
#    1.03-1.08x of the automatic plan.
# 2. FP8 1024 x 11008 x {11008, 14336} (0.91-0.93 of cuBLASLt): stream-K and data-parallel on 128x256
#    and 128x224 beside the automatic plan (bench_gemm_fp8 --variants). Predicted: stream-K on 128x256
#    1.01-1.04x of the automatic plan (session 20).
set -u
G=$PWD/.devwork/s37c; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/base; mkdir -p $D $G/csv
gunzip -c build/carry/s37/head.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm bench/bench_gemm_fp8
S1=2048,11008,4096
for r in 1 2 3; do
  for v in "--ab-config 9" "--ab-config 5" "--ab-config 12" "--ab-config 1" "--ab-config 2" "--decomposition 1 --ab-config 1" "--decomposition 3 --ab-config 2"; do
    n=$(echo $v | tr -d ' -'); timeout 30 $D/bench_gemm $G/csv/${n}_$r.csv --graph --dtype bf16 --shape $S1 $v > $G/x.log 2>&1 ||
      echo "$r $v: exit $? $(grep -m1 -iE 'error|refus|cutego_gemm' $G/x.log | cut -c1-160)" >> $S
    grep -hE "^ +config|^llm|^shape" $G/x.log | sed "s/^/$r [$v] /" | cut -c1-200 >> $G/bf16.txt
  done
done
echo "bf16 done at $(el)s" >> $S
timeout 90 $D/bench_gemm_fp8 $OUT/fp8v.csv --shape 1024,11008,11008 --shape 1024,11008,14336 \
  --variants 1:0:0,1:0:1:1,1:0:1:3,1:0:12:1,1:0:12:3 --rounds 3 > $G/fp8v.log 2>&1
echo "fp8 variants rc=$? ($(el)s)" >> $S
grep -hE "^ *(variant|== |[0-9]+ +[0-9]+ +[0-9]+ +cuBLASLt)" $G/fp8v.log | cut -c1-170 >> $S
cat $G/bf16.txt >> $S
(cd $G/csv && tar czf $OUT/csv.tgz *.csv)
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# 2x1 clusters (cluster_m 2, CTAs along M sharing B by multicast) on the one-wave 128x128 class:
# shapes whose automatic plan is 128x128 data-parallel in at most one wave on 132 SMs with at least
# two tile rows, the automatic plan against the same with --cluster 2, three rounds in turn (bf16
# TN, graphs). run5.sh measured 448 x 4096^2 at 1.048 with clusters; sessions 10-11 512 x 4096^2
# 0.96, 512 x 4096 x 14336 1.04.
# Predicted: 0.95-1.05 per shape; the long-K shapes (K = 14336) gain 2-5%, the K = 4096 ones even.
# A rule follows only if a class gains >= 3% on every shape of it.
set -u
G=$PWD/.devwork/s29c; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
if [ -x $D/bench_gemm ]; then echo "reused the build" >> $S; else build_tree bench/bench_gemm; fi
SH=""; for s in 256,8192,4096 256,2048,14336 320,4096,4096 384,5120,4096 384,4096,14336 448,3072,4096 \
  448,4096,4096 448,4096,14336 512,4096,4096 512,4096,14336 576,3072,4096 640,2048,14336 768,2048,4096 \
  1024,2048,4096 1024,2048,14336; do SH="$SH --shape $s"; done
declare -A V=([auto]="" [c21]="--cluster 2")
mkdir -p $G/csv
for r in 1 2 3; do
  for v in auto c21; do
    timeout 90 $D/bench_gemm $G/csv/${v}_$r.csv --graph --dtype bf16 $SH ${V[$v]} > $G/${v}_$r.log 2>&1 ||
      echo "$v $r: exit $? $(grep -m2 -iE 'error|refus|invalid' $G/${v}_$r.log | cut -c1-200)" >> $S
  done
  echo "round $r at $(el)s" >> $S
done
echo "## auto -> c21" >> $S
python3 bench/ab_table.py $G/csv/auto_*.csv -- $G/csv/c21_*.csv >> $S 2>&1
awk -F, 'NR>1 {print "plan", $4, $5, $6, "cfg", $21, "split", $22, "cm", $17, "dec", $24}' $G/csv/auto_1.csv $G/csv/c21_1.csv >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

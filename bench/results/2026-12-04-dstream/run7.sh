#!/usr/bin/env bash
# cuBLAS runs the store-bound shapes on our 128x256 tiles in 2x1 clusters (run4.sh). With D
# streaming (evict-last A and B): 2x1 clusters sharing B, B's multicast loads without the
# evict-last hint (the tree: --cluster 2) and with it (variant mc, multicast_hint.patch), against
# the automatic plan (no clusters), three rounds in turn, on the shapes inside the rule.
# Also test_gemm on the tree (the evict-last policy now made per load).
# Predicted: mc with clusters 1.03-1.08x of the automatic plan on the attention scores.
set -u
G=/tmp/ds7; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=.devwork/b; mkdir -p $D
R=bench/results/2026-12-04-dstream
variant_prepare mc $R/multicast_hint.patch
variant_compile mc:gemm_128x256_kk &
build_tree bench/bench_gemm csrc/gemm/test_gemm
wait
run_test 100 test_gemm
grep "D streaming" $OUT/test_gemm.log | cut -c1-60 >> $S
grep -h "FAIL" $G/variants.log >> $S
variant_link mc
echo "mc linked at $(el)s" >> $S
SH=""; for s in 2048,2048,128,256 2048,2048,128,512 524288,2048,128 262144,4096,128 2048,2048,64,256; do SH="$SH --shape $s"; done
declare -A B=([auto]=$D/bench_gemm [c2]=$D/bench_gemm [mcc2]=$G/mc/bench_gemm)
declare -A V=([auto]="" [c2]="--cluster 2" [mcc2]="--cluster 2")
mkdir -p $G/csv
for r in 1 2 3; do
  for v in auto c2 mcc2; do
    timeout 100 ${B[$v]} $G/csv/${v}_$r.csv --graph --dtype bf16 $SH ${V[$v]} > $G/${v}_$r.log 2>&1 ||
      echo "$v round $r: exit $? $(tail -2 $G/${v}_$r.log)" >> $S
  done
  echo "round $r at $(el)s" >> $S
done
for v in c2 mcc2; do
  echo "## auto -> $v" >> $S
  python3 bench/ab_table.py $G/csv/auto_*.csv -- $G/csv/${v}_*.csv >> $S
done
grep -h "WRONG" $G/*.log | head -3 >> $S
grep -h "shape" $G/mcc2_1.log | cut -c1-40,150- >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log; cd $OUT && gzip test_gemm.log)
echo "done at $(el)s" >> $S
cat $S

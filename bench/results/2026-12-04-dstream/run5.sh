#!/usr/bin/env bash
# run4.sh's ncu: on the batched attention scores ours reads 455 MB from DRAM, cuBLAS (the same
# 128x256 tiles, 2x1 clusters) 268 MB, A and B once. Does keeping A and B in the L2 while D streams
# out fix it? Variant el (evict_last_ab.patch): where D streams (options.d_store 1) A's and B's TMA
# loads also carry an L2 evict-last policy. Three rounds in turn of: the tree normal (--d-store 2),
# the tree streaming (--d-store 1), el streaming (--d-store 1) and el streaming with 8-row groups
# (--d-store 1 --group 8); then ncu of the batched shape, the tree normal against el with 8-row groups.
# Predicted: el's DRAM reads near 268 MB and the batched attention scores 1.05-1.10x of normal.
set -u
G=/tmp/ds5; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=.devwork/b; mkdir -p $D
R=bench/results/2026-12-04-dstream
variant_prepare el $R/evict_last_ab.patch
variant_compile el:gemm_128x256_kk &
build_tree bench/bench_gemm
wait
grep -h "FAIL" $G/variants.log >> $S
variant_link el
echo "el linked at $(el)s" >> $S
SH=""; for s in 2048,2048,128,256 2048,2048,128,64 2048,2048,64,256 524288,2048,128 262144,4096,256 \
  131072,4096,128 16384,16384,1024 8192,8192,8192; do SH="$SH --shape $s"; done
declare -A B=([normal]=$D/bench_gemm [stream]=$D/bench_gemm [el]=$G/el/bench_gemm [elg8]=$G/el/bench_gemm)
declare -A V=([normal]="--d-store 2" [stream]="--d-store 1" [el]="--d-store 1" [elg8]="--d-store 1 --group 8")
mkdir -p $G/csv
for r in 1 2 3; do
  for v in normal stream el elg8; do
    timeout 100 ${B[$v]} $G/csv/${v}_$r.csv --graph --dtype bf16 $SH ${V[$v]} > $G/${v}_$r.log 2>&1 ||
      echo "$v round $r: exit $? $(tail -2 $G/${v}_$r.log)" >> $S
  done
  echo "round $r at $(el)s" >> $S
done
for v in stream el elg8; do
  echo "## normal -> $v" >> $S
  python3 bench/ab_table.py $G/csv/normal_*.csv -- $G/csv/${v}_*.csv >> $S
done
grep -h "WRONG" $G/*.log | head -3 >> $S
N="$CUDA/bin/ncu --clock-control none --section SpeedOfLight --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum"
for v in normal elg8 el; do
  timeout 60 $N --kernel-name regex:cutego_gemm --launch-count 1 ${B[$v]} $G/ncu_$v.csv --reps 1 --dtype bf16 \
    --shape 2048,2048,128,256 ${V[$v]} > $G/ncu_$v.txt 2>&1
  echo "== ncu $v rc=$? ($(el)s)" >> $S
  grep -E "dram__bytes|lts__t_sectors|Duration|DRAM Throughput" $G/ncu_$v.txt >> $S
done
(cd $G && tar czf $OUT/csv.tgz csv *.log ncu_*.txt)
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# After run.sh and session 21's ncu (bench/results/2026-12-04-attn/ncu: at 524288 x 2048 x 128
# cuBLAS reads 66.5 M sectors from the L2, ours 93.6 M, i.e. ours reads B's 64 KB per 128x256 tile
# twice as often: consistent with cuBLAS sharing one operand between two CTAs): 2x1 clusters
# sharing B by TMA multicast (--cluster 2), alone and with D streaming, against the tree, three
# rounds in turn (bf16 TN, CUDA graphs).
# Predicted: --cluster 2 1.03-1.08x on the K <= 256 shapes of >= 512 MB of D and the batched
# attention scores, 0.99-1.00x on 8192^3.
set -u
G=/tmp/ds2; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b; mkdir -p $D
[ -x $D/bench_gemm ] || build_tree bench/bench_gemm
SH=""; for s in 65536,2048,128 131072,2048,128 262144,2048,128 524288,2048,128 131072,4096,128 262144,4096,128 \
  131072,4096,256 262144,4096,256 65536,4096,512 131072,4096,512 2048,2048,128,64 2048,2048,128,256 \
  2048,2048,64,256 16384,16384,1024 8192,8192,8192; do SH="$SH --shape $s"; done
declare -A V=([normal]="--d-store 2" [stream]="--d-store 1" [c2]="--d-store 2 --cluster 2"
  [c2s]="--d-store 1 --cluster 2" [c2ef]="--d-store 1 --group 8 --cluster 2")
mkdir -p $G/csv
for r in 1 2 3; do
  for v in normal stream c2 c2s c2ef; do
    timeout 120 $D/bench_gemm $G/csv/${v}_$r.csv --graph --dtype bf16 $SH ${V[$v]} > $G/${v}_$r.log 2>&1 ||
      echo "$v round $r: exit $? $(tail -2 $G/${v}_$r.log)" >> $S
    echo "$v round $r at $(el)s" >> $S
  done
done
for v in stream c2 c2s c2ef; do
  echo "## normal -> $v" >> $S
  python3 bench/ab_table.py $G/csv/normal_*.csv -- $G/csv/${v}_*.csv >> $S
done
grep -h "WRONG" $G/*.log | head -3 >> $S
grep -h "shape" $G/c2_1.log | cut -c1-60,150- | head -16 >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

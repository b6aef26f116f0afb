#!/usr/bin/env bash
# D streaming past the L2 (options.d_store) over D's size, K and batch: four variants of the tree's
# bench_gemm in turn, twice, on the same shapes (bf16 TN, CUDA graphs), each beside cuBLAS in its
# own process:
#   normal   --d-store 2            (the tree as it was: plain TMA stores, raster groups of 8 rows)
#   ef       --d-store 1 --group 8  (evict-first D stores alone)
#   g1       --d-store 2 --group 1  (raster groups of one tile row alone)
#   stream   --d-store 1            (both: evict-first D, groups of one row)
# Predicted: stream 1.05-1.10x over normal where D is >= 1 GB and K <= 256 (524288 x 2048 x 128:
# 1.09x as session 21), 0.99-1.01x at 268 MB of D and on 8192^3; the batched attention scores
# (256 x 2048 x 2048 x 128) 1.03-1.08x.
set -u
G=/tmp/ds; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b; mkdir -p $D
build_tree bench/bench_gemm
SH=""; for s in 65536,2048,128 131072,2048,128 262144,2048,128 524288,2048,128 131072,4096,128 262144,4096,128 \
  131072,4096,256 262144,4096,256 65536,4096,512 131072,4096,512 2048,2048,128,64 2048,2048,128,256 \
  2048,2048,64,256 16384,16384,1024 8192,8192,8192; do SH="$SH --shape $s"; done
declare -A V=([normal]="--d-store 2" [ef]="--d-store 1 --group 8" [g1]="--d-store 2 --group 1" [stream]="--d-store 1")
mkdir -p $G/csv
for r in 1 2; do
  for v in normal ef g1 stream; do
    timeout 120 $D/bench_gemm $G/csv/${v}_$r.csv --graph --dtype bf16 $SH ${V[$v]} > $G/${v}_$r.log 2>&1 ||
      echo "$v round $r: exit $? $(tail -2 $G/${v}_$r.log)" >> $S
    echo "$v round $r at $(el)s" >> $S
  done
done
for v in ef g1 stream; do
  echo "## normal -> $v" >> $S
  python3 bench/ab_table.py $G/csv/normal_*.csv -- $G/csv/${v}_*.csv >> $S
done
grep -h "WRONG\|rel" $G/stream_1.log | head -3 >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

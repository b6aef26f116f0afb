#!/usr/bin/env bash
# Session 19's second call (~5 minutes):
# 1. bench_gemm's timer interleaved a repeat at a time (ours, GemmEx, cuBLASLt in turn) against the
#    pass-at-a-time one of the first call (../2026-12-04-rules): the warm sweep twice for bf16 and
#    once for fp16. Predicted: the large shapes' ratios agree between the two bf16 sweeps within
#    ~2% (pass-at-a-time: up to 7%, e.g. 1024 x 28672 x 8192 0.924 / 0.994);
# 2. clusters beside no clusters where the automatic plan has none: 1x2 clusters sharing A on the
#    M = 128 / 256 decode shapes (128x128 tiles in clusters against the automatic plan), 2x1 clusters
#    sharing B on the small squares (the same tiles). Predicted: 1.02-1.07x on 128-256 x 11008-14336
#    (session 14's measurement against 128x128 without clusters), unsure elsewhere.
set -u
G=/tmp/il; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree bench/bench_gemm
for i in 1 2; do
  timeout 120 $D/bench_gemm $OUT/sweep_bf16_$i.csv --sweep --graph --dtype bf16 > $G/sw$i.log 2>&1
  echo "sweep bf16 #$i rc=$? at $(el)s: $(tail -1 $G/sw$i.log)" >> $S
done
timeout 120 $D/bench_gemm $OUT/sweep_f16.csv --sweep --graph --dtype f16 > $G/swf.log 2>&1
echo "sweep f16 rc=$? at $(el)s: $(tail -1 $G/swf.log)" >> $S
L=""; for m in 128 256; do for nk in 14336,4096 11008,4096 6144,4096 4096,4096 28672,8192 4096,14336; do L="$L --shape $m,$nk"; done; done
timeout 100 $D/bench_gemm $OUT/cn2.csv --graph --dtype bf16 --cluster-n 2 --ab-cluster $L > $OUT/cn2.log 2>&1
echo "cluster_n 2 rc=$? at $(el)s" >> $S
timeout 60 $D/bench_gemm $OUT/cm2.csv --graph --dtype bf16 --cluster 2 --ab-cluster --shape 1024,1024,1024 --shape 512,512,512 \
  --shape 768,768,768 --shape 2048,2048,2048 --shape 1000,1000,1000 --shape 333,14336,4096 > $OUT/cm2.log 2>&1
echo "cluster_m 2 rc=$? at $(el)s" >> $S
grep -h -B1 "without clusters" $OUT/cn2.log $OUT/cm2.log | cut -c1-150 | head -60 >> $S
echo "done at $(el)s" >> $S; cat $S

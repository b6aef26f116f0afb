#!/usr/bin/env bash
# 2x1 clusters sharing B on the one-wave class (issue 20's M = 256-1024 x N = 4096-14336 shapes
# below 0.95 of cuBLAS, which runs every one of them in 2x1 clusters): ours as the planner chooses
# with clusters against without (--cluster 2 --ab-cluster, interleaved in one process), then the
# 128x192 tile forced (--config 5) with clusters against without. Builds main's kernels library
# (bench/device/lib.sh) and bench_gemm with the device's nvcc. $OUT: summary.txt, auto.log,
# auto.csv, c192.log, c192.csv.
# Predicted: clusters within +-3% of no clusters on 128x256 (measured before, one-wave helper:
# no plan > 2.3% faster); on 128x192 (4 stages of 40 KiB, B half of each stage) +0-5%, since a
# CTA's B bytes per stage halve while the pair is paced by its slower CTA.
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); S=$OUT/summary.txt; el() { echo $(( $(date +%s)-t0 )); }
export D=${D:-.devwork/b}; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,temperature.gpu,power.draw --format=csv,noheader >> $S 2>&1
bash bench/device/lib.sh > /tmp/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" /tmp/lib.log >> $S
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > /tmp/link.log 2>&1 || { cat /tmp/link.log >> $S; cat $S; exit 1; }
echo "built at $(el)s" >> $S
SH=""
for s in 256,4096,4096 512,4096,4096 256,14336,4096 1024,14336,4096 256,4096,14336 512,4096,14336 \
         256,11008,4096 512,11008,4096 1024,11008,4096 256,4096,11008 512,4096,11008 256,6144,4096 \
         512,6144,4096 1024,6144,4096 1536,1536,1536 3000,3000,3000 333,14336,4096 2048,2048,2048; do SH="$SH --shape $s"; done
timeout 200 $D/bench_gemm $OUT/auto.csv --dtype bf16 --layout TN --cluster 2 --ab-cluster $SH > $OUT/auto.log 2>&1
echo "auto rc=$? ($(el)s)" >> $S
timeout 200 $D/bench_gemm $OUT/c192.csv --dtype bf16 --layout TN --config 5 --cluster 2 --ab-cluster $SH > $OUT/c192.log 2>&1
echo "c192 rc=$? ($(el)s)" >> $S
for f in auto c192; do echo "== $f" >> $S; grep -E "^shape|ratio|clusters|WRONG|geometric|error" $OUT/$f.log | sed 's/  */ /g' | cut -c1-230 >> $S; done
cat $S

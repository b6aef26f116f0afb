#!/usr/bin/env bash
# Two stages of MMAs in flight on the one-consumer 64-row tiles (kMmaStagesInFlight) on the H200:
# builds this tree and the tree before the change (.devwork/pre, carried), runs test_gemm in full
# and memcheck on small 64x64 / 64x32 cases with the new tree, then bench_gemm bf16 TN --graph on
# decode shapes and the 64x128 shapes (bench/results/2026-12-03-t128/run.sh's), before and after
# alternated twice (bench/gemm_ab.sh), with the automatic choice and with 64x32 (--config 7); the
# before tree has neither 64x128 tiles nor their rule, so the 64x128 shapes' before/after is the
# rule's and the 64x128 tile's; last, this tree's auto against 64x128 forced (--ab-config 8).
# Predicted (64x128: bench/results/2026-12-03-t128/run.sh, 1000^3 10.9 -> ~8 us). Two stages: the decode loop is bound by the MMAs' latency (~180 ns per k-tile on 64x32, ~230 on
# 64x64 unsplit); with two stages in flight ~0.6-0.8 of it where the bandwidth allows:
# 8x6144x4096 15.1 -> ~13 us (B-bound 12.2), 64x4096x4096 on 64x32 11.7 -> ~8.5-9.5 us.
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
t0=$(date +%s); S=$OUT/summary.txt; G=/tmp/inflight; mkdir -p $G; el() { echo $(( $(date +%s)-t0 )); }
ROOT=$PWD
( cd .devwork/pre && D=$ROOT/.devwork/pre_b bash $ROOT/bench/device/lib.sh > $G/pre_lib.log 2>&1 &&
  $NVCC $F -I$CUDA/include $ROOT/bench/bench_gemm.cu $ROOT/.devwork/pre_b/lib.a $LK -o $ROOT/.devwork/pre_b/bench_gemm > $G/pre_link.log 2>&1 ) &
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_test.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_bench.log 2>&1 &
wait
echo "built at $(el)s: $(ls $D .devwork/pre_b | tr '\n' ' ')" >> $S; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/pre_lib.log >> $S
timeout 150 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -8 >> $S
timeout 100 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm \
  --filter "64x64 KK bf16->bf16,64x64 MN f16->f32,64x64 split-K 4,64x64 batched M=100,64x32 KK bf16->bf16,64x32 MN f16->f32,64x32 split,64x32 packed A,64x128 KK bf16->bf16,64x128 MN f16->f32,64x128 cluster KK,64x128 split-K 2 M=40,64x128 batched M=100" \
  > $OUT/memcheck.log 2>&1; echo "memcheck rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $OUT/memcheck.log | tail -3 >> $S
SH=""
for m in 1 8 64; do for nk in 4096,4096 6144,4096 4096,14336; do SH="$SH --shape $m,$nk"; done; done
S128=""
for s in 1000,1000,1000 1024,1024,1024 768,768,768 512,512,512 1536,1536,1536 2048,2048,2048 \
         128,6144,4096 128,4096,4096 128,11008,4096 256,4096,4096 256,6144,4096 3000,5000,1000 4096,4096,4096; do
  S128="$S128 --shape $s"; done
mkdir -p $G/auto $G/c7
timeout 200 bash bench/gemm_ab.sh $G/auto 2 .devwork/pre_b/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH $S128 > $OUT/ab_auto.txt 2>&1
echo "ab auto rc=$? ($(el)s)" >> $S; cat $OUT/ab_auto.txt >> $S
timeout 150 bash bench/gemm_ab.sh $G/c7 2 .devwork/pre_b/bench_gemm $D/bench_gemm --graph --dtype bf16 --config 7 $SH > $OUT/ab_c7.txt 2>&1
echo "ab 64x32 rc=$? ($(el)s)" >> $S; cat $OUT/ab_c7.txt >> $S
timeout 120 $D/bench_gemm $G/c8.csv --graph --dtype bf16 --ab-config 8 $S128 > $G/c8.log 2>&1
echo "64x128 forced rc=$? ($(el)s)" >> $S; grep -E "^shape|config 8|WRONG" $G/c8.log | sed 's/  */ /g' | cut -c1-200 >> $S
tar czf $OUT/logs.tgz -C /tmp inflight
echo "done at $(el)s" >> $S; cat $S

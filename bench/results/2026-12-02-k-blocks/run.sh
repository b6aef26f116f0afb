#!/usr/bin/env bash
# Stages of several k-blocks on the decode tiles (64x64: 6 stages of two; 64x32: 4 of four) on the
# H200: builds this tree and the tree before the change (.devwork/pre = 95416dd, carried), runs
# test_gemm in full and memcheck on small 64x64 / 64x32 cases (the k-blocks past K among them),
# then bench_gemm bf16 TN --graph on decode shapes, before and after alternated twice
# (bench/gemm_ab.sh), with the automatic choice and with 64x32 forced (--config 7); last, this
# tree's automatic choice against 64x32 forced (--ab-config 7), to set the decode rule.
# Predicted (bench/tma_stream.cu, 2026-12-02-tma-stream: the load path ~300 ns per stage, bandwidth-
# bound from ~16 KiB per stage): 64x4096x4096 auto (64x64 split 2) 10.4 -> ~8.5-9 us; 64x32 forced
# 11.7 -> ~9; 8x6144x4096 (64x64 unsplit) 14.5 -> ~11.5-12; the split shapes at K = 14336 ~0.85.
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
t0=$(date +%s); S=$OUT/summary.txt; G=/tmp/kblocks; mkdir -p $G; el() { echo $(( $(date +%s)-t0 )); }
ROOT=$PWD
( cd .devwork/pre && D=$ROOT/.devwork/pre_b bash $ROOT/bench/device/lib.sh > $G/pre_lib.log 2>&1 &&
  $NVCC $F -I$CUDA/include $ROOT/bench/bench_gemm.cu $ROOT/.devwork/pre_b/lib.a $LK -o $ROOT/.devwork/pre_b/bench_gemm > $G/pre_link.log 2>&1 ) &
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_test.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_bench.log 2>&1 &
wait
echo "built at $(el)s: $(ls $D .devwork/pre_b | tr '\n' ' ')" >> $S; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/pre_lib.log >> $S
grep -c "C75[0-9][0-9]" $G/lib.log >> $S
timeout 150 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -12 >> $S
timeout 120 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm \
  --filter "64x64 KK bf16->bf16,64x64 MN f16->f32,64x64 split-K 4,64x64 batched M=100,64x64 packed A,64x32 KK bf16->bf16,64x32 MN f16->f32,64x32 packed A,64x32 batched B broadcast,64x32 K=4160 KK k-blocks past K,64x32 K=4288 KN k-blocks past K,64x64 K=4100 KN k-blocks past K,64x32 K=4160 split-K 2,64x64 cluster KK,64x32 cluster MN" \
  > $OUT/memcheck.log 2>&1; echo "memcheck rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $OUT/memcheck.log | tail -3 >> $S
SH=""
for m in 1 8 16 32 64; do for nk in 4096,4096 6144,4096 4096,14336 4096,11008 11008,4096 14336,4096; do SH="$SH --shape $m,$nk"; done; done
mkdir -p $G/auto $G/c7
timeout 230 bash bench/gemm_ab.sh $G/auto 2 .devwork/pre_b/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab_auto.txt 2>&1
echo "ab auto rc=$? ($(el)s)" >> $S; cat $OUT/ab_auto.txt >> $S
SH7=""
for m in 1 8 64; do for nk in 4096,4096 4096,14336 6144,4096; do SH7="$SH7 --shape $m,$nk"; done; done
timeout 120 bash bench/gemm_ab.sh $G/c7 2 .devwork/pre_b/bench_gemm $D/bench_gemm --graph --dtype bf16 --config 7 $SH7 > $OUT/ab_c7.txt 2>&1
echo "ab 64x32 rc=$? ($(el)s)" >> $S; cat $OUT/ab_c7.txt >> $S
timeout 120 $D/bench_gemm $G/c7f.csv --graph --dtype bf16 --ab-config 7 $SH > $G/c7f.log 2>&1
echo "auto vs 64x32 forced rc=$? ($(el)s)" >> $S; grep -E "^shape|config 7|WRONG" $G/c7f.log | sed 's/  */ /g' | cut -c1-200 >> $S
tar czf $OUT/logs.tgz -C /tmp kblocks
echo "done at $(el)s" >> $S; cat $S

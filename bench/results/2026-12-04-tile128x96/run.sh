#!/usr/bin/env bash
# 128x96 tiles (CUTEGO_GEMM_CONFIG_128x96x64, options.config 11, asked for only): cuBLAS's tile of
# 256 x 6144 x 4096 (ncu, session 18: nvjet_sm90_tst_96x128_64x7_2x1, 128 CTAs of 384 threads in
# clusters of two; 22.4 us against our 128x128's 28.2 under ncu, 0.85-0.87 of cuBLAS in the sweeps).
# One device call: test_gemm (the 128x96 cases: every major order and type, clusters both ways,
# split K, batches), then 128x96 forced without clusters, in 2x1 clusters and in 1x2 clusters,
# each against the automatic plan, alternated twice, CUDA graphs.
# Predicted: 256 x 6144 x 4096 24.3 -> ~22.5 us in 1x2 clusters (cuBLAS's), ~24 without; then a
# rule for M in (128, 256] where 128x96 tiles fill (sms/2, sms] and 128x128 fill fewer.
set -u
grep -q CUTEGO_GEMM_CONFIG_128x96x64 include/cutego_kernels.h || { echo "needs the 128x96 configuration"; exit 2; }
G=/tmp/t1296; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree csrc/gemm/test_gemm bench/bench_gemm
run_test 150 test_gemm
mkdir -p $G/w
for v in "c11:--config 11 --split-k 1" "c11m:--config 11 --split-k 1 --cluster 2" "c11n:--config 11 --split-k 1 --cluster-n 2"; do
  printf '#!/bin/sh\nexec %s "$@" %s\n' $PWD/$D/bench_gemm "${v#*:}" > $G/w/${v%%:*}; chmod +x $G/w/${v%%:*}
done
SH="--shape 256,6144,4096 --shape 192,6144,4096 --shape 224,6144,4096 --shape 256,6144,11008 --shape 256,5120,4096 --shape 256,4096,4096"
for v in c11n c11m c11; do ab $v 2 $D/bench_gemm $G/w/$v --graph --dtype bf16 $SH; done
awk -F, 'NR>1 {print "auto:", $4"x"$5"x"$6, "config", $21, "split", $22, "cl", $17}' $G/c11/ab_before_*_1.csv >> $S
awk -F, 'NR>1 {print "c11n:", $4"x"$5"x"$6, "config", $21, "cl", $17, "cn", $28, "rel", $14}' $G/c11n/ab_after_*_1.csv >> $S
echo "done at $(el)s" >> $S; cat $S

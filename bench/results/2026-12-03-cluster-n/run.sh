#!/usr/bin/env bash
# One device call: 1x2 clusters sharing A (options.cluster_n 2). Correctness (test_gemm whole, its
# cluster_n cases under memcheck and racecheck), then timing, CUDA graphs, in one process per
# configuration: each shape with cluster_n 2 forced on the named tiles against the same tiles
# without clusters (bench_gemm --ab-cluster, interleaved), and the automatic plan beside both (its
# ratio to cuBLAS in the same process).
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-cluster-n/run.sh
set -u
G=/tmp/cn; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree csrc/gemm/test_gemm bench/bench_gemm
run_test 200 test_gemm
sanitize memcheck 120 test_gemm "cluster_n 64x32 KK"
sanitize racecheck 100 test_gemm "cluster_n 64x32 KK M=64"
mkdir -p $G/t
DEC=""; for s in 64,4096,4096 64,14336,4096 64,4096,14336 64,11008,4096 64,4096,11008 64,6144,4096 64,28672,8192 128,4096,4096 128,14336,4096; do DEC="$DEC --shape $s"; done
ONE=""; for m in 128 256 512 1024; do for n in 6144 11008 14336; do ONE="$ONE --shape $m,$n,4096"; done; done
# config (options.config): 7 64x32, 6 64x64, 8 64x128, 2 128x128
for cfg in 7 6; do
  timeout 100 $D/bench_gemm $G/t/dec_c$cfg.csv --graph --dtype bf16 --config $cfg --cluster-n 2 --ab-cluster $DEC > $G/t/dec_c$cfg.log 2>&1 || echo "dec cfg $cfg: rc $?" >> $S
done
timeout 100 $D/bench_gemm $G/t/dec_auto.csv --graph --dtype bf16 $DEC > $G/t/dec_auto.log 2>&1 || echo "dec auto: rc $?" >> $S
for cfg in 8 2; do
  timeout 150 $D/bench_gemm $G/t/one_c$cfg.csv --graph --dtype bf16 --config $cfg --cluster-n 2 --ab-cluster $ONE > $G/t/one_c$cfg.log 2>&1 || echo "one cfg $cfg: rc $?" >> $S
done
timeout 100 $D/bench_gemm $G/t/one_auto.csv --graph --dtype bf16 $ONE > $G/t/one_auto.log 2>&1 || echo "one auto: rc $?" >> $S
echo "timing at $(el)s: shape ours-us lt-us ratio cfg split cluster_m cluster_n; no-cluster-us (same tiles); clusters speed-up" >> $S
for f in $G/t/*.csv; do awk -F, -v f=$(basename $f .csv) 'NR>1 {b=($8>0 && $8<$7)?$8:$7; nc=$18*1000; printf "%-9s %sx%sx%s ours %.2f lt %.2f ratio %s cfg %s split %s cm %s cn %s nocl %.2f x%.3f\n", f, $4, $5, $6, b*1000, $9*1000, $13, $21, $22, $17, $28, nc, (nc>0? nc/(b*1000):0)}' $f; done | sort -k2,2 -k1,1 >> $S
tar czf $OUT/logs.tgz -C $G t $(cd $G && ls *.log)
echo "done at $(el)s" >> $S; cat $S

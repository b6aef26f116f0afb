#!/usr/bin/env bash
# One device call: FP8 (e4m3, bf16 out, per tensor, fast) exploration on the tree's planner (v12):
# f8.txt, 36 random TN shapes of 1024-8192 rows, 512-4096 columns, K on the 32-byte grid and off the
# 128-byte one (seed 4416), and session 43's N = 1440 shapes; bench_gemm_fp8 --variants (ours with
# forced options beside cuBLASLt, interleaved in one process, two rounds): automatic; pitch_pack ON
# (A and B copied); ON without clusters; ON with 2x1 clusters; OFF; 2x1 clusters. Session 43 saw B on the 32-byte grid
# read in place on 128x128 tiles lose to a copy at N = 1440 (0.92-0.94x) and win at N = 544-832.
set -u
G=/tmp/s44k; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44; K=build/carry/s44
export D=$G/v12; mkdir -p $D/x
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
cp $K/waves_v12.o $D/x/gemm_split_k.o && cp $K/plan_v10.o $D/x/gemm_plan.o && ar r $D/lib.a $D/x/gemm_split_k.o $D/x/gemm_plan.o
link_bins bench/bench_gemm_fp8
SH=$(sed 's/^/--shape /' $Q/f8.txt)
timeout 240 $D/bench_gemm_fp8 $OUT/f8.csv $SH --variants 0:0:0,0:0:0:0:1,1:0:0:0:1,2:0:0:0:1,0:0:0:0:2,2:0:0 --rounds 2 > $G/f8.log 2>&1
echo "fp8 variants rc=$? at $(el)s" >> $S
tail -3 $G/f8.log >> $S
(cd $G && tar czf $OUT/logs.tgz *.log)
echo "all done at $(el)s" >> $S

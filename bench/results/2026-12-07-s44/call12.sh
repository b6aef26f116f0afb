#!/usr/bin/env bash
# One device call: FP8 (e4m3, bf16 out, per tensor, fast) on the tree's planner (v12): f8b.txt, the
# 16 shapes of call 11 whose automatic plan is 128x128 tiles without clusters (0.60-0.85 of
# cuBLASLt there, against 0.85-1.13 on 128x256 in 2x1 clusters) and 16 random ones with K on the
# 64 grid (seed 4417); bench_gemm_fp8 --variants, interleaved with cuBLASLt, two rounds: automatic;
# 128x256; 128x256 in 2x1 clusters; stream-K on 128x256; stream-K on 128x128.
set -u
G=/tmp/s44l; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44; K=build/carry/s44
export D=$G/v12; mkdir -p $D/x
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
cp $K/waves_v12.o $D/x/gemm_split_k.o && cp $K/plan_v10.o $D/x/gemm_plan.o && ar r $D/lib.a $D/x/gemm_split_k.o $D/x/gemm_plan.o
link_bins bench/bench_gemm_fp8
SH=$(sed 's/^/--shape /' $Q/f8b.txt)
timeout 240 $D/bench_gemm_fp8 $OUT/f8b.csv $SH --variants 0:0:0,0:0:1,2:0:1,0:0:1:3,0:0:2:3 --rounds 2 > $G/f8.log 2>&1
echo "fp8 variants rc=$? at $(el)s" >> $S
tail -3 $G/f8.log >> $S
(cd $G && tar czf $OUT/logs.tgz *.log)
echo "all done at $(el)s" >> $S

#!/usr/bin/env bash
# One device call: cutego_gemm_pitch_pack_pays with a 16-bit tile's rows and columns bounded by M
# and N, as FP8's were (v13), against the tree (v12), in turn, two rounds, on pa.txt: 30 random TN
# shapes of 2-127 rows (K on the 16-byte grid, off the 128-byte one; seed 4413) where A is no longer
# copied on the same tiles, 30 where that moves the plan to 128x128 in slices (the narrow rules
# ask for rows on the grid), and six of call 2's (OFF was faster than the copy at 16 rows by
# 1.06-1.33x on five of six). Predicted: 1.05-1.3x on the same tiles; the 128x128 moves unknown.
set -u
G=/tmp/s44i; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44; K=build/carry/s44
export D=$G/v13; mkdir -p $D/x $G/v12/x
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
cp $K/waves_v12.o $G/v12/x/gemm_split_k.o && cp $K/plan_v10.o $G/v12/x/gemm_plan.o
cp $K/waves_v13.o $D/x/gemm_split_k.o && cp $K/plan_v10.o $D/x/gemm_plan.o
for v in v12 v13; do cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o $G/$v/x/gemm_plan.o; done
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/v12/lib.a $LK -o $G/v12/bench_gemm > $G/link_v12.log 2>&1 || echo "LINK-FAIL v12" >> $S &
link_bins bench/bench_gemm
wait
declare -A B V
SH=$(sed 's/^/--shape /' $Q/pa.txt); B[p12]=$G/v12/bench_gemm; in_turn 2 p12 p12 p13
grep -l "WRONG" $G/*.log >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "all done at $(el)s" >> $S

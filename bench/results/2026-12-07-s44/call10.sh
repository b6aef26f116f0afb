#!/usr/bin/env bash
# One device call: exploration of few columns at many rows (fcx.txt: 28 random TN shapes of 1024-8255
# rows x 320-1280 columns, seed 4415, and four from the unseen sets) on the tree's planner (v12):
# the automatic plan against raster groups of 1, 2, 4, 16 and 32 tile rows (group_m; 8 by
# default), 2x1 clusters (B shared) and 1x2 clusters (A shared by two columns of tiles), in turn,
# two rounds. The class runs at 0.6-0.9 of cuBLAS; the question is whether A's reads are the cost.
set -u
G=/tmp/s44j; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44; K=build/carry/s44
export D=$G/v12; mkdir -p $D/x
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
cp $K/waves_v12.o $D/x/gemm_split_k.o && cp $K/plan_v10.o $D/x/gemm_plan.o && ar r $D/lib.a $D/x/gemm_split_k.o $D/x/gemm_plan.o
link_bins bench/bench_gemm
declare -A B V
SH=$(sed 's/^/--shape /' $Q/fcx.txt)
V[g1]="--group 1" V[g2]="--group 2" V[g4]="--group 4" V[g16]="--group 16" V[g32]="--group 32" V[c21]="--cluster 2" V[c12]="--cluster-n 2"
in_turn 2 xa xa g1 g2 g4 g16 g32 c21 c12
grep -l "WRONG" $G/*.log >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "all done at $(el)s" >> $S

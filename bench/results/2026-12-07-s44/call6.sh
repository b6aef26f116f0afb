#!/usr/bin/env bash
# One device call: exploration of two rows of 128-row tiles (M 129-256) on the tree's planner.
# Carry build/carry/s42d (lib.a.gz: a9cc23e's library) and build/carry/s44 (waves_v10.o, plan_v10.o).
# hr: 48 random TN shapes (seed 4408, rows on the grid) and 7 of call 3 and the H200's half-row
# evidence; the automatic plan against 64x64, 64x128, 64x128 unsplit, 128x128 and 128x192 forced,
# in turn, two rounds. Call 3 saw 64x64 unsplit beat 64x128 in 2 slices (as many CTAs) by
# 1.06-1.48x, and 128x128 in one wave beat 64x128 past one (135 x 7258 x 5568 1.41x).
set -u
G=/tmp/s44f; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44; K=build/carry/s44
export D=$G/v10; mkdir -p $D/x
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
cp $K/waves_v10.o $D/x/gemm_split_k.o && cp $K/plan_v10.o $D/x/gemm_plan.o && ar r $D/lib.a $D/x/gemm_split_k.o $D/x/gemm_plan.o
link_bins bench/bench_gemm
declare -A B V
SH=$(sed 's/^/--shape /' $Q/hr.txt)
V[h64]="--config 6" V[h64128]="--config 8" V[h64128s1]="--config 8 --split-k 1" V[h128]="--config 2" V[h192]="--config 5"
in_turn 2 ha ha h64 h64128 h64128s1 h128 h192
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "all done at $(el)s" >> $S

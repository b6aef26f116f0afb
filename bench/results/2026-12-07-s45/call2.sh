#!/usr/bin/env bash
# One device call. Carry build/carry/s42d (lib.a.gz: a9cc23e's kernels) and build/carry/s45
# (waves_t.o, plan_t.o: the tree's planner at 62d4035; waves_r2.o: half_row_unsplit as call 1
# refined it, 64x128 tiles at 129-192 rows unsplit where they would split in 2, fill more than a
# third of a wave, and K <= 7168 or the second slice starts off the 128-byte grid).
# 1. r2 against the tree, in turn, two rounds, on fresh shapes it moves (seed 4504/4505/4506): 24
#    TN (r2.txt, of 795 moved among 8,000) and 8 NN (r2nn.txt). Predicted from call 1: 1.05-1.4x,
#    none below 0.97x.
# 2. test_gemm on r2.
set -u
G=/tmp/s45b; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s45
export D=$G/t
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
carried_lib t build/carry/s45/waves_t.o build/carry/s45/plan_t.o
carried_lib r2 build/carry/s45/waves_r2.o build/carry/s45/plan_t.o
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/r2/lib.a $LK -o $G/r2/bench_gemm > $G/link_r2.log 2>&1 || echo "LINK-FAIL r2" >> $S &
link_bins bench/bench_gemm
wait
declare -A B V
B[r2]=$G/r2/bench_gemm B[r2nn]=$G/r2/bench_gemm V[tnn]="--layout NN" V[r2nn]="--layout NN"
SH=$(sed 's/^/--shape /' $Q/r2.txt)
in_turn 2 rt rt r2
SH=$(sed 's/^/--shape /' $Q/r2nn.txt)
in_turn 2 tnn tnn r2nn
(cd $G && tar czf $OUT/csv.tgz csv *.log)
D=$G/r2 link_bins csrc/gemm/test_gemm
D=$G/r2 run_test 90 test_gemm
echo "all done at $(el)s" >> $S

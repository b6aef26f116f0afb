#!/usr/bin/env bash
# One device call: the rules of this change against main before them, on fresh random shapes
# (seed 4406) that they move. Carry build/carry/s42d (lib.a.gz: a9cc23e's library; plan_v4.o) and
# build/carry/s44 (waves_v7.o: main before the rules; waves_v10.o and plan_v10.o: the tree).
# Two libraries in turn, two rounds:
# 1. v_fc_tn (30) and v_fc_nn (12): 1024-16384 rows, N a multiple of 8 up to 1280, moved from
#    128x168 to 128x192 (columns_192). Predicted 1.03-1.1x, none below 0.95x.
# 2. v_rows (36): 2-64 rows, K off the 16-byte grid, copied and split where they were read in place
#    (cutego_gemm_rows_copy_splits). Predicted 1.3-2x, none below 0.95x.
# 3. test_gemm on the tree's planner.
set -u
G=/tmp/s44e; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44; K=build/carry/s44
export D=$G/v10; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
mkdir -p $G/v7/x $G/v10/x
cp $K/waves_v7.o $G/v7/x/gemm_split_k.o && cp $C/plan_v4.o $G/v7/x/gemm_plan.o
cp $K/waves_v10.o $G/v10/x/gemm_split_k.o && cp $K/plan_v10.o $G/v10/x/gemm_plan.o
for v in v7 v10; do cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o $G/$v/x/gemm_plan.o; done
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/v7/lib.a $LK -o $G/v7/bench_gemm > $G/link_v7.log 2>&1 || echo "LINK-FAIL v7" >> $S &
link_bins csrc/gemm/test_gemm bench/bench_gemm
wait
declare -A B V
shapes() { SH=$(sed 's/^/--shape /' $Q/$1.txt); }
shapes v_fc_tn; B[f7]=$G/v7/bench_gemm; in_turn 2 f7 f7 f10
shapes v_fc_nn; SH="--layout NN $SH"; B[n7]=$G/v7/bench_gemm; in_turn 2 n7 n7 n10
shapes v_rows; B[r7]=$G/v7/bench_gemm; in_turn 2 r7 r7 r10
SH="--dtype f16 $(sed 's/^/--shape /' $Q/v_rows.txt | head -24)"; B[h7]=$G/v7/bench_gemm; in_turn 2 h7 h7 h10
grep -l "WRONG" $G/*.log >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
run_test 100 test_gemm
echo "all done at $(el)s" >> $S

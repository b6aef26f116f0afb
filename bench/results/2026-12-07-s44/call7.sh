#!/usr/bin/env bash
# One device call: the half-row rules (half_row_64x128 past one wave: 128x128; half_row_64x64)
# against the tree before them, on fresh random shapes of 129-192 rows (seed 4409) that they move,
# in turn, two rounds. Carry build/carry/s42d (lib.a.gz: a9cc23e's library) and build/carry/s44
# (waves_v10.o, plan_v10.o: before; waves_v11.o: with the rules).
# hv_tn: 26 moved to 128x128, 14 to 64x64 unsplit; hv_nn, hv_nt, hv_tt: 8 and 4 each; then hv_tn in
# fp16. Predicted from call 6 (fitted there): 1.2-1.4x where 128x128, 1.1-1.45x where 64x64, none
# below 0.95x. Then test_gemm on the rules.
set -u
G=/tmp/s44g; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44; K=build/carry/s44
export D=$G/v11; mkdir -p $D/x $G/v10/x
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
cp $K/waves_v10.o $G/v10/x/gemm_split_k.o && cp $K/plan_v10.o $G/v10/x/gemm_plan.o
cp $K/waves_v11.o $D/x/gemm_split_k.o && cp $K/plan_v10.o $D/x/gemm_plan.o
for v in v10 v11; do cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o $G/$v/x/gemm_plan.o; done
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/v10/lib.a $LK -o $G/v10/bench_gemm > $G/link_v10.log 2>&1 || echo "LINK-FAIL v10" >> $S &
link_bins csrc/gemm/test_gemm bench/bench_gemm
wait
declare -A B V
for L in tn nn nt tt; do
  SH="--layout ${L^^} $(sed 's/^/--shape /' $Q/hv_$L.txt)"; B[${L}10]=$G/v10/bench_gemm; in_turn 2 ${L}10 ${L}10 ${L}11
done
SH="--dtype f16 $(sed 's/^/--shape /' $Q/hv_tn.txt)"; B[h10]=$G/v10/bench_gemm; in_turn 2 h10 h10 h11
grep -l "WRONG" $G/*.log >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
run_test 100 test_gemm
echo "all done at $(el)s" >> $S

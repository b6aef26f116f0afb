#!/usr/bin/env bash
# One device call. Carry build/carry/s42d (lib.a.gz: a9cc23e's library; plan_v4.o, the tree's plan.c)
# and build/carry/s44 (waves_v7.o: main before columns_192; waves_v8.o: with it). Variants in turn,
# two rounds.
# 1. fc: v7 -> v8 on fresh random shapes (seed 4404) whose plan columns_192 moves from 128x168 to
#    128x192: 40 TN, 16 NN. Predicted from call 3's fitted shapes: 1.05-1.1x, none below 0.95x.
# 2. r1: 65-128 rows read in place by 4-byte cp.async pieces (K = 2 mod 4; 24 shapes) and 8-byte
#    ones (K = 4 mod 8; 6, and session 33-34's 100 / 128 x 4096 x 4098 / 4100), the automatic plan
#    against pitch_pack ON. Predicted from call 3: the copies 1.1-1.4x faster on 4-byte pieces, not
#    on 8-byte ones.
# 3. r2: 2-64 rows read in place (30 shapes, few tiles, K 2000-12000), the same two. Predicted:
#    the copies win where they split K into at least twice the CTAs, lose elsewhere.
# 4. test_gemm on v8.
set -u
G=/tmp/s44d; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44
export D=$G/v8; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
for v in v7 v8; do
  mkdir -p $G/$v/x && cp build/carry/s44/waves_$v.o $G/$v/x/gemm_split_k.o && cp $C/plan_v4.o $G/$v/x/gemm_plan.o &&
    cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o $G/$v/x/gemm_plan.o
done
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/v7/lib.a $LK -o $G/v7/bench_gemm > $G/link_v7.log 2>&1 || echo "LINK-FAIL v7" >> $S &
link_bins csrc/gemm/test_gemm bench/bench_gemm
wait
declare -A B V
shapes() { SH=$(sed 's/^/--shape /' $Q/$1.txt); }
shapes fc_tn; B[v7]=$G/v7/bench_gemm; in_turn 2 v7 v7 v8
shapes fc_nn; SH="--layout NN $SH"; B[n7]=$G/v7/bench_gemm; in_turn 2 n7 n7 n8
shapes r1; V[r1pp]="--pitch-pack 1"; in_turn 2 r1a r1a r1pp
shapes r2; V[r2pp]="--pitch-pack 1"; in_turn 2 r2a r2a r2pp
grep -l "WRONG" $G/*.log >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
run_test 100 test_gemm
echo "all done at $(el)s" >> $S

#!/usr/bin/env bash
# One device call. Carry build/carry/s42d (lib.a.gz: a9cc23e's library; plan_v4.o, the tree's plan.c)
# and build/carry/s44 (waves_v6.o: main's waves.c; waves_v7.o: few_rows keeps its 64-row tiles for
# copied operands where those would not split). Every set runs its variants in turn, two rounds.
# 1. ab7: v6 -> v7 on 30 random TN shapes of 65-96 rows whose plan v7 changes (161 of 6,000) and
#    the three that lost 0.76-0.88x in call 2. Predicted: 1.1-1.3x, none below 0.97x.
# 2. fc: 65 TN shapes of 1024-16384 rows and 256-1280 columns on 128x168 tiles (the automatic
#    plan) against 128x128, 128x192, 128x256 and 128x96 forced. Predicted from call 1: 128x192 or
#    128x128 1.05-1.2x faster at K <= 1024, 168 as fast at K >= 5000.
# 3. rows: 36 shapes of 1-128 rows read in place by cp.async (K off the 8-byte grid) against
#    pitch_pack ON (copies, then the automatic tiles and split), ON with 4 slices, ON on 64x64 in 4
#    slices. Predicted: the copies and a split win where the automatic plan has fewer than 40 tiles
#    and K >= 2048 (6 x 680 x 3274: 2-3x); lose elsewhere.
# 4. mid: 41 TN shapes of 97-256 rows (mostly on 64x128 tiles) against 64x64, 128x64, 128x128, 64x96
#    and 64x128 forced. Exploration: no prediction beyond call 1's 128 x 2048 x 1696 (64x64 1.36x).
# 5. test_gemm on v7.
set -u
G=/tmp/s44; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44
export D=$G/v7; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
for v in v6 v7; do
  mkdir -p $G/$v/x && cp build/carry/s44/waves_$v.o $G/$v/x/gemm_split_k.o && cp $C/plan_v4.o $G/$v/x/gemm_plan.o &&
    cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o $G/$v/x/gemm_plan.o
done
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/v6/lib.a $LK -o $G/v6/bench_gemm > $G/link_v6.log 2>&1 || echo "LINK-FAIL v6" >> $S &
link_bins csrc/gemm/test_gemm bench/bench_gemm
wait
declare -A B V
shapes() { SH=$(sed 's/^/--shape /' $Q/$1.txt); }
shapes ab7; B[v6]=$G/v6/bench_gemm; in_turn 2 v6 v6 v7
shapes fc; V[fc128]="--config 2" V[fc192]="--config 5" V[fc256]="--config 1" V[fc96]="--config 11"
in_turn 2 fca fca fc128 fc192 fc256 fc96
shapes rows; V[rpp]="--pitch-pack 1" V[rpp4]="--pitch-pack 1 --split-k 4" V[rpp64]="--pitch-pack 1 --config 6 --split-k 4"
in_turn 2 ra ra rpp rpp4 rpp64
shapes mid; V[m64]="--config 6" V[m12864]="--config 3" V[m128]="--config 2" V[m6496]="--config 10" V[m64128]="--config 8"
in_turn 2 ma ma m64 m12864 m128 m6496 m64128
grep -l "WRONG" $G/*.log >> $S
(cd $G && tar czf $OUT/csv.tgz csv *.log)
run_test 100 test_gemm
echo "all done at $(el)s" >> $S

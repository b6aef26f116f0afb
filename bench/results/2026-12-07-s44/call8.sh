#!/usr/bin/env bash
# One device call: this change (the tree: waves_v12.o, plan_v10.o) against main at its start
# (eedde28: waves_v6.o, plan_v4.o), both on a9cc23e's kernels (build/carry/s42d's lib.a.gz), in turn.
# 1. hb: 24 fresh TN shapes of 129-192 rows (seed 4411) that half_row_64x64, as bounded, moves to
#    64x64 unsplit. Predicted 1.05-1.4x, none below 0.95x.
# 2. The sweep (bf16, 110 shapes), both; then fp16 on the tree. Predicted: unchanged (no rule of
#    the change moves a sweep shape on the CPU planner).
# 3. Session 39's unseen sets (seeds 39-44 and 4301-4306, 16-bit: TN 100, NN, NT, TT and fp16 TN 25
#    each), both, two rounds. No shape of these was seen by any rule of the change.
# 4. test_gemm on the tree.
set -u
G=/tmp/s44h; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44; K=build/carry/s44; R=bench/results/2026-12-06-s39
export D=$G/v12; mkdir -p $D/x $G/v6/x
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
cp build/carry/s43/waves_v6.o $G/v6/x/gemm_split_k.o && cp $C/plan_v4.o $G/v6/x/gemm_plan.o
cp $K/waves_v12.o $D/x/gemm_split_k.o && cp $K/plan_v10.o $D/x/gemm_plan.o
for v in v6 v12; do cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o $G/$v/x/gemm_plan.o; done
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/v6/lib.a $LK -o $G/v6/bench_gemm > $G/link_v6.log 2>&1 || echo "LINK-FAIL v6" >> $S &
link_bins csrc/gemm/test_gemm bench/bench_gemm
wait
declare -A B V
SH=$(sed 's/^/--shape /' $Q/hb.txt); B[b6]=$G/v6/bench_gemm; in_turn 2 b6 b6 b12
sweep_pair v6:$G/v6/bench_gemm v12:$D/bench_gemm
sweep f16
mkdir -p $G/un
for r in 1 2; do
  for p in "39" "4301"; do
    a=$p
    for spec in "bf16_tn $a 100 bf16 TN" "bf16_nn $((a+1)) 25 bf16 NN" "bf16_nt $((a+2)) 25 bf16 NT" "bf16_tt $((a+3)) 25 bf16 TT" "f16_tn $((a+4)) 25 f16 TN"; do
      set -- $spec
      SHP=$(python3 $R/shapes.py $2 $3 | sed 's/^/--shape /')
      for v in v6 v12; do
        timeout 150 $G/$v/bench_gemm $G/un/${v}_$1_${a}_$r.csv --graph --dtype $4 --layout $5 $SHP > $G/un/${v}_$1_${a}_$r.log 2>&1 || echo "unseen $v $1 $a: exit $?" >> $S
      done
    done
  done
  echo "unseen round $r at $(el)s" >> $S
done
echo "## unseen v6 -> v12" >> $S
python3 bench/ab_table.py $G/un/v6_*.csv -- $G/un/v12_*.csv > $OUT/unseen_ab.md
python3 - $OUT/unseen_ab.md >> $S <<'PY'
import sys, math
q = [float(l.split('|')[8]) for l in open(sys.argv[1]) if l.startswith('| bf16') or l.startswith('| f16')]
print(f"unseen v6 -> v12: {len(q)} shapes, geomean {math.exp(sum(map(math.log, q)) / len(q)):.3f}, min {min(q):.3f}, max {max(q):.3f}, moved > 3%: {sum(abs(x - 1) > 0.03 for x in q)}, below 0.97: {sum(x < 0.97 for x in q)}")
PY
for f in $G/un/v12_*_1.csv; do cp $f $OUT/unseen_$(basename $f _1.csv | sed 's/^v12_//').csv; done
python3 $R/summarize.py $OUT/unseen_*.csv | grep -v "^  " >> $S
grep -l "WRONG" $G/*.log $G/un/*.log >> $S
(cd $G && tar czf $OUT/csv.tgz csv un sweep *.csv *.log)
run_test 100 test_gemm
echo "all done at $(el)s" >> $S

#!/usr/bin/env bash
# One device call. Carry build/carry/s42d (lib.a.gz: a9cc23e's library; plan_v4.o, the tree's plan.c;
# waves_v5.o, main's waves.c) and build/carry/s43 (waves_v6.o: waves.c with 128x64 tiles for few
# rows and short K). v5 = main, v6 = the change.
# 1. test_gemm on v6, last. Predicted: all pass.
# 2. v5 and v6's automatic plans in turn, two rounds: ab_tn.txt (62 TN shapes whose plan v6
#    changes, drawn from 6,000 random ones: 24 M 65-96 split, 14 M 65-96 short K, 24 M 97-1100 short
#    K) and the six unseen shapes it changes in their layouts. Predicted: 1.05-1.3x on the few-rows
#    splits and on short K, none below 0.95x.
# 3. 16-bit rows off the 128-byte grid at 1-256 rows: the automatic plan against pitch_pack OFF
#    (nothing copied), in turn, two rounds (pp16.txt, 30 shapes; the automatic plan copies A on 15).
#    Call 1 found pitch_pack ON slower than OFF on all 40 of its shapes (1.05-2.4x).
#    Predicted: OFF 1.0-1.15x faster where the automatic plan copies A, equal elsewhere.
set -u
G=/tmp/s43b; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s43
export D=$G/v6; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
for v in v5 v6; do
  o=$C/waves_$v.o; [ $v = v6 ] && o=build/carry/s43/waves_v6.o
  mkdir -p $G/$v/x && cp $o $G/$v/x/gemm_split_k.o && cp $C/plan_v4.o $G/$v/x/gemm_plan.o &&
    cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o $G/$v/x/gemm_plan.o
done
lk() { $NVCC $F -I$CUDA/include $2.cu $G/$1/lib.a $LK -o $G/$1/$(basename $2) > $G/link_$1_$(basename $2).log 2>&1 || echo "LINK-FAIL $1 $2" >> $S; }
lk v6 csrc/gemm/test_gemm & lk v6 bench/bench_gemm & lk v5 bench/bench_gemm & wait
echo "linked at $(el)s" >> $S
TN=$(sed 's/^/--shape /' $Q/ab_tn.txt)
mkdir -p $G/ab
for r in 1 2; do
  for v in v5 v6; do
    timeout 60 $G/$v/bench_gemm $G/ab/${v}_tn_$r.csv --graph --dtype bf16 --layout TN $TN > $G/ab/${v}_tn_$r.log 2>&1 || echo "$v tn $r: exit $?" >> $S
    timeout 30 $G/$v/bench_gemm $G/ab/${v}_un_tn_$r.csv --graph --dtype bf16 --layout TN --shape 137,3264,320 --shape 320,2496,576 --shape 66,857,8403 --shape 576,1152,320 > $G/ab/${v}_un_tn_$r.log 2>&1
    timeout 30 $G/$v/bench_gemm $G/ab/${v}_un_nn_$r.csv --graph --dtype bf16 --layout NN --shape 832,1088,384 > $G/ab/${v}_un_nn_$r.log 2>&1
    timeout 30 $G/$v/bench_gemm $G/ab/${v}_un_tt_$r.csv --graph --dtype bf16 --layout TT --shape 74,1280,4288 > $G/ab/${v}_un_tt_$r.log 2>&1
  done
  echo "ab round $r at $(el)s" >> $S
done
python3 bench/ab_table.py $G/ab/v5_*.csv -- $G/ab/v6_*.csv > $OUT/ab.md 2>&1
python3 - $OUT/ab.md >> $S <<'PY'
import sys, math
q = [float(l.split('|')[8]) for l in open(sys.argv[1]) if l.startswith('| bf16')]
if q: print(f"v5 -> v6: {len(q)} shapes, geomean {math.exp(sum(map(math.log, q)) / len(q)):.3f}, min {min(q):.3f}, max {max(q):.3f}, below 0.97: {sum(x < 0.97 for x in q)}")
PY
PP=$(sed 's/^/--shape /' $Q/pp16.txt)
for r in 1 2; do for pp in 0 2; do
  timeout 60 $D/bench_gemm $G/ab/pp${pp}_$r.csv --graph --dtype bf16 --pitch-pack $pp $PP > $G/ab/pp${pp}_$r.log 2>&1 || echo "pp$pp r$r: exit $?" >> $S
done; echo "pp round $r at $(el)s" >> $S; done
python3 bench/ab_table.py $G/ab/pp0_*.csv -- $G/ab/pp2_*.csv > $OUT/pp.md 2>&1
(cd $G && tar czf $OUT/ab.tgz ab)
run_test 100 test_gemm
echo "all done at $(el)s" >> $S
cat $S

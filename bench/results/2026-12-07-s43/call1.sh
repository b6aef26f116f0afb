#!/usr/bin/env bash
# One device call. Carry build/carry/s42d: lib.a.gz (a9cc23e's library), plan_v4.o (the tree's
# csrc/gemm/plan.c), waves_v4.o (waves.c of 9abc6fd) and waves_v5.o (the tree's waves.c, rebuilt this
# session). v5 = a9cc23e's library with the tree's planner objects: the tree (no kernel source has
# changed since a9cc23e but for 323d427's declarations).
# 1. test_gemm_fp8 and test_gemm on v5. Predicted: all pass (243 / 809 on the H100 in session 42).
# 2. Session 42's prepared A/B: the automatic plans of v4 and v5 in turn, two rounds, on the 58 FP8
#    shapes whose plan v5 changes. Predicted: geomean 1.04-1.12x, none below 0.93x.
# 3. Standing figures of the tree: sweeps bf16 / fp16 (graphs), FP8 per tensor. Predicted as in
#    session 39 (H100: 1.097 / 1.097; FP8 ~1.0).
# 4. Unseen shapes (shapes.py): session 39's seeds 39-44 again (the same 190 shapes, to compare) and
#    fresh seeds 4301-4306 (190 more, seen by no rule). Predicted (after sessions 39-42's rules): bf16
#    TN geomean >= 1.35 with at most 25 of 100 below 0.95; NT >= 0.95; FP8 >= 0.90 of cuBLASLt.
# 5. Every tile configuration beside the automatic plan (--ab-config) on the shapes of seeds 39-42
#    below 0.95 in step 4 (TN / NN / NT / TT), for a rule fitted on them and checked on seeds 4301-4304.
set -u
G=/tmp/s43a; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; R=bench/results/2026-12-06-s39; Q=bench/results/2026-12-07-s43
export D=$G/v5; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
for v in v4 v5; do
  mkdir -p $G/$v/x && cp $C/waves_$v.o $G/$v/x/gemm_split_k.o && cp $C/plan_v4.o $G/$v/x/gemm_plan.o &&
    cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o $G/$v/x/gemm_plan.o
done
lk() { $NVCC $F -I$CUDA/include $2.cu $G/$1/lib.a $LK -o $G/$1/$(basename $2) > $G/link_$1_$(basename $2).log 2>&1 || echo "LINK-FAIL $1 $2" >> $S; }
lk v5 csrc/gemm/test_gemm_fp8 & lk v5 csrc/gemm/test_gemm & lk v5 bench/bench_gemm_fp8 & lk v4 bench/bench_gemm_fp8 & lk v5 bench/bench_gemm & wait
echo "linked at $(el)s" >> $S
run_test 150 test_gemm_fp8
SH=""; for s in 10240,6032,448 10334,1504,320 10867,3392,3904 11904,18688,736 12800,6080,4032 12928,1152,448 12998,8640,2080 13504,1088,5488 13632,9952,736 14879,544,448 15168,832,320 2017,1728,12224 2048,1440,4064 2048,4096,3472 2048,7168,1216 2048,7168,4064 2176,20352,1344 2432,2784,1088 2664,1344,4288 2752,2816,2112 3584,8192,672 3714,8128,592 4096,1440,1216 4096,1440,3472 4096,1440,4064 4096,4096,1216 4096,4096,3472 4096,4096,4064 4096,4096,480 4096,7168,1216 4096,7168,4064 4096,7168,480 4544,656,7616 5056,19712,1216 5223,10112,304 5378,832,1088 5440,3440,4784 5696,704,1728 5982,3840,960 6912,5248,1088 7045,3200,848 7552,15040,2368 7872,17056,3776 8064,832,576 8192,1440,1216 8192,1440,4064 8192,1440,480 8192,4096,1216 8192,4096,3472 8192,4096,4064 8192,4096,480 8192,7168,1216 8192,7168,4064 8192,7168,480 8215,4048,3008 8320,2992,7840 8768,1440,480 9024,21888,704 ; do SH="$SH --shape $s"; done
for r in 1 2; do
  for v in v4 v5; do
    timeout 100 $G/$v/bench_gemm_fp8 $G/auto_${v}_$r.csv $SH --variants 0:0:0 --rounds 1 > $G/auto_${v}_$r.log 2>&1
    echo "auto $v round $r rc=$? ($(el)s)" >> $S
  done
done
python3 bench/results/2026-12-07-s41/pairs.py $G/auto_v4 $G/auto_v5 > $OUT/pairs.md
tail -1 $OUT/pairs.md >> $S
grep -c WRONG $G/*.log | grep -v ":0" >> $S
(cd $G && tar czf $OUT/auto.tgz auto_*.csv)
standing 120
unseen() {  # NAME SEED COUNT DTYPE LAYOUT
  local SHP=$(python3 $R/shapes.py $2 $3 | sed 's/^/--shape /')
  timeout 150 $D/bench_gemm $OUT/unseen_$1.csv --graph --dtype $4 --layout $5 $SHP > $G/unseen_$1.log 2>&1
  echo "unseen $1 rc=$? at $(el)s" >> $S
}
for p in "39 43" "4301 4305"; do
  set -- $p; a=$1
  unseen bf16_tn_$a $a 100 bf16 TN
  unseen bf16_nn_$a $((a+1)) 25 bf16 NN
  unseen bf16_nt_$a $((a+2)) 25 bf16 NT
  unseen bf16_tt_$a $((a+3)) 25 bf16 TT
  unseen f16_tn_$a $((a+4)) 25 f16 TN
  timeout 150 $G/v5/bench_gemm_fp8 $OUT/unseen_fp8_$a.csv $(python3 $R/shapes.py $((a+5)) 40 fp8 | sed 's/^/--shape /') > $G/unseen_fp8_$a.log 2>&1
  echo "unseen fp8 $a rc=$? at $(el)s" >> $S
done
python3 $R/summarize.py $OUT/unseen_*.csv | grep -v "^  " >> $S
mkdir -p $G/x
for lay in TN NN NT TT; do
  l=$(echo $lay | tr A-Z a-z); L=$(python3 $Q/below.py $OUT/unseen_bf16_${l}_39.csv)
  [ -z "$L" ] && continue
  for c in 2 6 7 8 10 11 1 3 5 9 12; do
    timeout 60 $D/bench_gemm $G/x/${lay}_c$c.csv --graph --dtype bf16 --layout $lay --ab-config $c $(for s in $L; do echo --shape $s; done) > $G/x/${lay}_c$c.log 2>&1 ||
      echo "$lay c$c: exit $? $(tail -1 $G/x/${lay}_c$c.log | cut -c1-100)" >> $S
  done
  echo "explore $lay ($(echo $L | wc -w) shapes) at $(el)s" >> $S
done
python3 $R/explore.py $G/x > $OUT/explore.md; head -3 $OUT/explore.md >> $S; wc -l < $OUT/explore.md >> $S
(cd $G && tar czf $OUT/x.tgz x)
# 6. 16-bit rows off the 128-byte grid: pitch_pack ON (copied) against OFF (read in place), in turn,
#    two rounds, on 40 shapes (M 64-4096 x N 1536 / 4096 x K on the 32-byte grid: 1040, 4112; the
#    64-byte: 1056; the 16-byte only: 2088, 4104). The 16-bit terms were fitted on 2,000-byte rows
#    (16-byte grid) only; FP8's copies showed rows on the 32-byte grid cost a third as much in place.
#    Predicted: in place faster on the 32-byte rows where 128-row tiles make at most 2 waves.
P16=""; for m in 64 256 1024 4096; do for n in 1536 4096; do for k in 1040 4112 1056 2088 4104; do P16="$P16 --shape $m,$n,$k"; done; done; done
mkdir -p $G/p16
for r in 1 2; do for pp in 1 2; do
  timeout 60 $D/bench_gemm $G/p16/pp${pp}_$r.csv --graph --dtype bf16 --pitch-pack $pp $P16 > $G/p16/pp${pp}_$r.log 2>&1 || echo "p16 pp$pp r$r: exit $?" >> $S
done; echo "p16 round $r at $(el)s" >> $S; done
python3 bench/ab_table.py $G/p16/pp1_*.csv -- $G/p16/pp2_*.csv > $OUT/p16.md 2>&1; tail -2 $OUT/p16.md >> $S
(cd $G && tar czf $OUT/p16.tgz p16)
run_test 150 test_gemm
echo "all done at $(el)s" >> $S
cat $S

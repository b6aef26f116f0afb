#!/usr/bin/env bash
# One device call. Carry build/carry/s42d: lib.a.gz (a9cc23e's library), plan_v4.o (the tree's
# csrc/gemm/plan.c), waves_v4.o (waves.c of 9abc6fd: FP8's copy terms for A at every M) and waves_v5.o
# (the tree's: above 512 rows A's rows off the 32-byte grid keep the 16-bit penalty; FP8's B on the
# 32-byte grid never copied, so read in place and shared by 2x1 clusters).
# 1. test_gemm_fp8 and test_gemm on v5. Predicted: all pass.
# 2. The automatic plans of v4 and v5 in turn, two rounds, on the 58 shapes (of 769: the grids, 200
#    unseen FP8 shapes of shapes.py seeds 4242 and 777, s39's 30, call 3's 48) whose plan v5 changes.
#    Predicted: geomean 1.04-1.12x (call 3: B in place 1.01-1.17x on 18 of 20, 13504 x 1088 x 5488
#    back to 1.2x), none below 0.93x.
set -u
G=/tmp/s42d; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d
export D=$G/v5; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
for v in v4 v5; do
  mkdir -p $G/$v/x && cp $C/waves_$v.o $G/$v/x/gemm_split_k.o && cp $C/plan_v4.o $G/$v/x/gemm_plan.o &&
    cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o $G/$v/x/gemm_plan.o
done
lk() { $NVCC $F -I$CUDA/include $2.cu $G/$1/lib.a $LK -o $G/$1/$(basename $2) > $G/link_$1_$(basename $2).log 2>&1 || echo "LINK-FAIL $1 $2" >> $S; }
lk v5 csrc/gemm/test_gemm_fp8 & lk v5 csrc/gemm/test_gemm & lk v5 bench/bench_gemm_fp8 & lk v4 bench/bench_gemm_fp8 & wait
echo "linked at $(el)s" >> $S
run_test 150 test_gemm_fp8
SH=""; for s in 10240,6032,448 10334,1504,320 10867,3392,3904 11904,18688,736 12800,6080,4032 12928,1152,448 12998,8640,2080 13504,1088,5488 13632,9952,736 14879,544,448 15168,832,320 2017,1728,12224 2048,1440,4064 2048,4096,3472 2048,7168,1216 2048,7168,4064 2176,20352,1344 2432,2784,1088 2664,1344,4288 2752,2816,2112 3584,8192,672 3714,8128,592 4096,1440,1216 4096,1440,3472 4096,1440,4064 4096,4096,1216 4096,4096,3472 4096,4096,4064 4096,4096,480 4096,7168,1216 4096,7168,4064 4096,7168,480 4544,656,7616 5056,19712,1216 5223,10112,304 5378,832,1088 5440,3440,4784 5696,704,1728 5982,3840,960 6912,5248,1088 7045,3200,848 7552,15040,2368 7872,17056,3776 8064,832,576 8192,1440,1216 8192,1440,4064 8192,1440,480 8192,4096,1216 8192,4096,3472 8192,4096,4064 8192,4096,480 8192,7168,1216 8192,7168,4064 8192,7168,480 8215,4048,3008 8320,2992,7840 8768,1440,480 9024,21888,704 ; do SH="$SH --shape $s"; done
for r in 1 2; do
  for v in v4 v5; do
    timeout 150 $G/$v/bench_gemm_fp8 $G/auto_${v}_$r.csv $SH --variants 0:0:0 --rounds 1 > $G/auto_${v}_$r.log 2>&1
    echo "auto $v round $r rc=$? ($(el)s)" >> $S
  done
done
python3 bench/results/2026-12-07-s41/pairs.py $G/auto_v4 $G/auto_v5 > $OUT/pairs.md
tail -1 $OUT/pairs.md >> $S
grep -c WRONG $G/*.log | grep -v ":0" >> $S
(cd $G && tar czf $OUT/auto.tgz auto_*.csv)
run_test 150 test_gemm
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# One device call. Carry build/carry/s42c: lib.a.gz (a9cc23e's library), waves_v3.o (csrc/gemm/waves.c
# of 80e660e: the FP8 64-row rule up to 512 rows), waves_v4.o and plan_v4.o (the tree's waves.c and
# plan.c: that rule, and FP8's own terms for copying A's rows off the 128-byte grid: 3.44 us a launch,
# 0.268 of the main loop on the 32-byte grid, 0.842 off it, A's rows counted up to M), go/ (the tree's
# gpu.test and the modules).
# 1. test_gemm_fp8 and test_gemm on v4. Predicted: all pass (16-bit plans unchanged: the CPU planner
#    gives the same plan on 886 shapes).
# 2. The automatic plans of v3 and v4 in turn, two rounds, on the 65 grid shapes whose plan v4 changes
#    (A read in place), 80 unseen FP8 shapes (bench/results/2026-12-06-s39/shapes.py 4242 80 fp8; 8
#    change) and s39's 30 unseen FP8 shapes (5 change). Predicted: the changed grid shapes 1.05-1.25x
#    (call 2 measured each copy against none), the unseen ones' changed plans 0.95-1.3x, the rest
#    within the rounds' spread (+-3%).
# 3. Rows off the 128-byte grid at 1024-8192 rows (48 shapes, N 1440-7168, K 480-4064): the automatic
#    plan and 128x256 tiles, as the planner copies them and read in place (pitch_pack OFF), one process:
#    B's copies (16-bit terms) and A's (FP8's) beyond the rows they were fitted on. Leads only.
# 4. Package gpu's FP8 and split device tests on the tree's planner. Predicted: PASS.
set -u
G=/tmp/s42c; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42c
export D=$G/v4; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
mkdir -p $G/v3/x $G/v4/x
cp $C/waves_v3.o $G/v3/x/gemm_split_k.o && cp $G/base.a $G/v3/lib.a && ar r $G/v3/lib.a $G/v3/x/gemm_split_k.o
cp $C/waves_v4.o $G/v4/x/gemm_split_k.o && cp $C/plan_v4.o $G/v4/x/gemm_plan.o && cp $G/base.a $G/v4/lib.a && ar r $G/v4/lib.a $G/v4/x/gemm_split_k.o $G/v4/x/gemm_plan.o
lk() { $NVCC $F -I$CUDA/include $2.cu $G/$1/lib.a $LK -o $G/$1/$(basename $2) > $G/link_$1_$(basename $2).log 2>&1 || echo "LINK-FAIL $1 $2" >> $S; }
lk v4 csrc/gemm/test_gemm_fp8 & lk v4 csrc/gemm/test_gemm & lk v4 bench/bench_gemm_fp8 & lk v3 bench/bench_gemm_fp8 & wait
echo "linked at $(el)s" >> $S
run_test 150 test_gemm_fp8
grep -E "auto 64-row|auto 128-row|^FAIL" $OUT/test_gemm_fp8.log | cut -c1-200 >> $S
SH=""; for s in 1024,960,3648 10334,1504,320 11904,18688,736 11934,1472,3952 1216,18480,11328 1216,704,2080 126,7424,3376 128,1088,3648 128,11584,1024 128,1456,3072 128,1536,1664 128,18464,576 128,2112,4064 128,2112,6208 128,3456,496 128,4096,4064 128,4096,6208 128,640,4064 128,7104,4496 128,7168,4064 128,7168,6208 128,8384,448 1280,1072,304 12998,8640,2080 13,7504,6416 13504,1088,5488 13632,9952,736 142,3712,2544 146,22608,8976 16,10048,4800 1634,544,704 166,8960,704 1728,13872,7616 1792,1424,1216 1792,3904,896 192,13888,15040 192,1600,3472 192,1600,6208 192,2112,3472 192,2112,4064 192,2112,6208 192,4096,6208 192,640,3472 192,640,4064 192,7168,4064 192,7168,6208 1971,560,512 2,1280,256 2,1792,16128 2,848,2048 203,1616,7488 2112,3136,1280 2112,4848,1728 2337,24832,512 2368,704,6320 256,1600,6208 256,2112,4064 256,2112,6208 256,4096,6208 256,640,4064 256,640,6208 256,7168,4064 256,7168,6208 2688,1408,5504 2688,30592,384 2752,2816,2112 28,1024,4064 28,2112,3472 28,2112,4064 28,4096,3472 28,4096,4064 28,4096,6208 28,640,3472 28,640,4064 28,7168,3472 28,7168,4064 28,7168,6208 289,1600,3472 2931,9120,640 2944,528,2384 300,16640,3696 320,15552,768 320,1600,6208 320,4096,6208 320,640,6208 320,7168,6208 351,6272,1600 3584,8192,672 3712,816,304 384,15376,7008 384,4096,4064 384,4096,6208 384,4928,1664 384,7168,4064 384,7168,6208 390,16960,416 4,20960,640 413,1040,1136 422,9440,9488 448,16816,496 448,2112,6208 448,4096,6208 448,640,6208 448,7168,6208 4544,656,7616 5056,19712,1216 512,1904,1072 512,2112,4064 512,2112,6208 512,4096,4064 512,4096,6208 512,7168,4064 512,7168,6208 523,3840,656 5312,1056,1664 5312,31632,304 5378,832,1088 5440,3440,4784 5668,816,6656 5696,704,1728 576,2240,3520 5982,3840,960 6080,3264,12544 64,11712,8896 64,1280,2000 64,16080,2176 64,18112,512 64,20288,448 64,2080,12224 64,2112,3472 64,2112,4064 64,28160,3728 64,30016,768 64,30400,8976 64,31040,6848 64,31360,1216 64,3456,5024 64,4096,336 64,4096,3472 64,4096,4064 64,4096,6208 64,4224,304 64,4736,272 64,5680,352 64,592,12928 64,624,320 64,640,3472 64,640,4064 64,6400,1552 64,7104,320 64,7168,3472 64,7168,4064 64,7168,6208 64,768,2400 64,8000,1088 64,9648,256 640,1296,4992 642,2608,576 667,14400,7232 7,10720,11904 7,1984,960 704,4032,384 720,9984,3888 7552,15040,2368 768,8960,16064 7872,17056,3776 8215,4048,3008 8320,2992,7840 8640,11840,1152 8768,1440,480 9024,21888,704 908,6528,1920 ; do SH="$SH --shape $s"; done
for r in 1 2; do
  for v in v3 v4; do
    timeout 120 $G/$v/bench_gemm_fp8 $G/auto_${v}_$r.csv $SH --variants 0:0:0 --rounds 1 > $G/auto_${v}_$r.log 2>&1
    echo "auto $v round $r rc=$? ($(el)s)" >> $S
  done
done
python3 bench/results/2026-12-07-s41/pairs.py $G/auto_v3 $G/auto_v4 | tail -1 >> $S
grep -c WRONG $G/*.log | grep -v ":0" >> $S
(cd $G && tar czf $OUT/auto.tgz auto_*.csv)
PB=""; for m in 1024 2048 4096 8192; do for n in 1440 4096 7168; do for k in 480 1216 3472 4064; do PB="$PB --shape $m,$n,$k"; done; done; done
timeout 120 $G/v4/bench_gemm_fp8 $G/pitch_big.csv $PB --variants 0:0:0,0:0:0:0:2,0:0:1:1,0:0:1:1:2 --rounds 1 > $G/pitch_big.log 2>&1
echo "pitch_big rc=$? ($(el)s)" >> $S
(cd $G && tar czf $OUT/pitch_big.tgz pitch_big.csv pitch_big.log)
run_test 150 test_gemm
E=$C/go
(cd $E && for z in *.gz; do gunzip -f "$z"; done && chmod +x gpu.test)
GOENV="CUTEGO_CUBIN=$PWD/$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$PWD/$E/cutego_gemm.cubin:$PWD/$E/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 150 ../$E/gpu.test -test.v -test.count=1 -test.run 'GemmFP8OnDevice|GemmSplitKOnDevice' > $G/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- |FAIL|ok|PASS)|panic|:2[0-9][0-9]: \{" $G/gpu_test.log | cut -c1-240 | head -20 >> $S
(cd $G && tar czf $OUT/logs.tgz gpu_test.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

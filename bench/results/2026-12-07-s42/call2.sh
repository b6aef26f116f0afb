#!/usr/bin/env bash
# One device call. Carry build/carry/s42: lib.a.gz (a9cc23e's library, as in call 1), waves_new.o
# (csrc/gemm/waves.c of 753d873: fp8_few_rows up to 128 rows) and waves_v3.o (the tree's: up to 512
# rows, B off the grid on 64x64 tiles, 64x64 past a wave at <= 64 rows for K 1024-4096), go/ (the
# tree's gpu.test and the modules).
# 1. test_gemm_fp8 of the tree on waves_v3 (four new automatic cases: 256 x 640 x 3472 on 64x64,
#    256 x 4096 x 4096 on 64x128, 256 x 4096 x 3472 on 128x128, 16 x 24576 x 1536 on 64x64) and its
#    memcheck. Predicted: all pass, memcheck clean.
# 2. The automatic plans of 753d873 and the tree, in turn, two rounds, on call 1's grids (216 + 120
#    shapes) and the 87 shapes of s41's call 3. Predicted (refit2.py replayed on call 1's grids):
#    geomean 1.10-1.15x on the mid-M grid, 1.02-1.04x on the few-rows grid, 1.00 +-1% on the 87;
#    none below 0.95x.
# 3. Rows off the 128-byte grid (pitch_pack, one process): each plan as the planner packs it and with
#    pitch_pack OFF (rows read in place), on 128 shapes (M 1-512 x N 640-7168 x K 1216, 3472, 4064,
#    6208): the automatic plan, 64x64, 64x128, 128x128. Predicted: on 64-row tiles A's copy loses
#    (0.7-0.95x against in place) where the planner makes it; on 128x128 within +-5%.
# 4. Package gpu's FP8 and split device tests (the fixed 1 x 2112 x 7168 case: automatic, 4 slices).
set -u
G=/tmp/s42b; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42
export D=$G/v3; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
for v in new v3; do
  mkdir -p $G/$v/x && cp $C/waves_$v.o $G/$v/x/gemm_split_k.o && cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o
done
lk() { $NVCC $F -I$CUDA/include $2.cu $G/$1/lib.a $LK -o $G/$1/$(basename $2) > $G/link_$1_$(basename $2).log 2>&1 || echo "LINK-FAIL $1 $2" >> $S; }
lk v3 csrc/gemm/test_gemm_fp8 & lk v3 bench/bench_gemm_fp8 & lk new bench/bench_gemm_fp8 & wait
echo "linked at $(el)s" >> $S
run_test 150 test_gemm_fp8
grep -E "auto 64-row|auto 128-row" $OUT/test_gemm_fp8.log | cut -c1-200 >> $S
FEW=""; for m in 1 16 32 64 96 128; do for n in 8192 12288 16384 20480 24576 32768; do for k in 512 1024 1536 2048 4096 7168; do FEW="$FEW --shape $m,$n,$k"; done; done; done
MID=""; for m in 192 256 320 384 448 512; do for n in 640 1600 2112 4096 7168; do for k in 3472 4096 6208 7168; do MID="$MID --shape $m,$n,$k"; done; done; done
S41=""
for nk in 2112,7168 24576,1536 32768,512 7168,16384 4096,7168 7168,2048 4096,4096 14336,4096 4096,14336 11008,4096 6144,4096 28672,8192; do
  for m in 1 16 32 64 96 128; do S41="$S41 --shape $m,$nk"; done
done
for s in 28,1024,4064 64,6400,1552 126,7424,3376 128,1456,3072 128,7104,4496 64,592,12928 64,31360,1216 2,848,2048 64,18112,512 300,16640,3696 203,1616,7488 289,1600,3472 448,640,6208 390,16960,416 384,15376,7008; do S41="$S41 --shape $s"; done
for set in few mid s41; do
  case $set in few) SH=$FEW;; mid) SH=$MID;; s41) SH=$S41;; esac
  for r in 1 2; do
    for v in new v3; do
      timeout 60 $G/$v/bench_gemm_fp8 $G/auto_${set}_${v}_$r.csv $SH --variants 0:0:0 --rounds 1 > $G/auto_${set}_${v}_$r.log 2>&1
      echo "auto $set $v round $r rc=$? ($(el)s)" >> $S
    done
  done
  python3 bench/results/2026-12-07-s41/pairs.py $G/auto_${set}_new $G/auto_${set}_v3 | tail -1 >> $S
done
PP=""; for m in 1 28 64 128 192 256 384 512; do for n in 640 2112 4096 7168; do for k in 1216 3472 4064 6208; do PP="$PP --shape $m,$n,$k"; done; done; done
timeout 120 $G/v3/bench_gemm_fp8 $G/pitch.csv $PP --variants 0:0:0,0:0:0:0:2,0:0:6:1,0:0:6:1:2,0:0:8:1,0:0:8:1:2,0:0:2:1,0:0:2:1:2 --rounds 1 > $G/pitch.log 2>&1
echo "pitch rc=$? ($(el)s)" >> $S
grep -c WRONG $G/*.log | grep -v ":0" >> $S
(cd $G && tar czf $OUT/auto.tgz auto_*.csv pitch.csv pitch.log)
E=$C/go
(cd $E && for z in *.gz; do gunzip -f "$z"; done && chmod +x gpu.test)
GOENV="CUTEGO_CUBIN=$PWD/$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$PWD/$E/cutego_gemm.cubin:$PWD/$E/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 150 ../$E/gpu.test -test.v -test.count=1 -test.run 'GemmFP8OnDevice|GemmSplitKOnDevice' > $G/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- |FAIL|ok|PASS)|panic|:2[0-9][0-9]: \{" $G/gpu_test.log | cut -c1-240 | head -20 >> $S
sanitize memcheck 150 test_gemm_fp8 "auto 64-row 256x640x3472,auto 64-row 256x4096x4096,auto 128-row 256x4096x3472,auto 64-row 16x24576x1536"
(cd $G && tar czf $OUT/logs.tgz gpu_test.log memcheck_test_gemm_fp8.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

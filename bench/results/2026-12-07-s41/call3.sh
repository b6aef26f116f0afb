#!/usr/bin/env bash
# One device call: the FP8 64-row rule refitted on call 1's grid (fp8_few_rows: 64x64 where they make
# one wave, else 64x128 where those do, none above 64 rows with B off the 128-byte grid read in place;
# fp8_row_split: 3 or more slices of at least 1536, else none). Carry build/carry/s41b: lib.a.gz
# (a9cc23e's library, built by its clean-clone CI: the FP8 64-row kernels with the first rule, a
# model of waves), waves_new.o (the tree's csrc/gemm/waves.c) and waves_7f70080.o (no FP8 64-row
# rule), go/ (this tree's gpu.test and the modules).
# (In the order that matters if the device time runs out: the FP8 tests, the timings, Go, then
# memcheck and test_gemm.)
# 1. The tree's test_gemm_fp8 (the automatic 64-row cases: 1 x 2112 x 7168 in 4 slices, 128 x 4096^2
#    on two rows of 64x64, 126 x 7424 x 3376 on 128x128) and test_gemm; compute-sanitizer memcheck of
#    the 64-row cases; package gpu's FP8 and split device tests. Predicted: all pass, memcheck clean.
# 2. The automatic plans of 7f70080 (before), a9cc23e (the first rule) and the tree, in turn, two
#    rounds, on call 1's 81 shapes and the 9 mid-M ones. Predicted: the tree over 7f70080 geomean
#    1.12-1.16x (call 1's grid, same process: 1.087x over the first rule, which was 1.048x over
#    7f70080), min >= 0.97x; over a9cc23e 1.06-1.10x.
set -u
G=/tmp/s41c; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s41b
export D=$G/new; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
for v in new 7f70080; do
  mkdir -p $G/$v/x && cp $C/waves_$v.o $G/$v/x/gemm_split_k.o && cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o
done
mkdir -p $G/a9cc23e && cp $G/base.a $G/a9cc23e/lib.a
lk() { $NVCC $F -I$CUDA/include $2.cu $G/$1/lib.a $LK -o $G/$1/$(basename $2) > $G/link_$1_$(basename $2).log 2>&1 || echo "LINK-FAIL $1 $2" >> $S; }
lk new csrc/gemm/test_gemm_fp8 & lk new csrc/gemm/test_gemm & lk new bench/bench_gemm_fp8 &
lk 7f70080 bench/bench_gemm_fp8 & lk a9cc23e bench/bench_gemm_fp8 & wait
echo "linked at $(el)s" >> $S
run_test 150 test_gemm_fp8
grep -E "64-row|128-row|split-K auto" $OUT/test_gemm_fp8.log | cut -c1-220 >> $S
GRID=""
for nk in 2112,7168 24576,1536 32768,512 7168,16384 4096,7168 7168,2048 4096,4096 14336,4096 4096,14336 11008,4096 6144,4096 28672,8192; do
  for m in 1 16 32 64 96 128; do GRID="$GRID $m,$nk"; done
done
GRID="$GRID 28,1024,4064 64,6400,1552 126,7424,3376 128,1456,3072 128,7104,4496 64,592,12928 64,31360,1216 2,848,2048 64,18112,512"
GRID="$GRID 300,16640,3696 203,1616,7488 289,1600,3472 448,640,6208 390,16960,416 384,15376,7008"
SHAPES=$(for s in $GRID; do echo --shape $s; done)
for r in 1 2; do
  for v in 7f70080 a9cc23e new; do
    timeout 60 $G/$v/bench_gemm_fp8 $G/auto_${v}_$r.csv $SHAPES --variants 0:0:0 --rounds 1 > $G/auto_${v}_$r.log 2>&1
    echo "auto $v round $r rc=$? ($(el)s)" >> $S
  done
done
python3 bench/results/2026-12-07-s41/pairs.py $G/auto_7f70080 $G/auto_new >> $S
python3 bench/results/2026-12-07-s41/pairs.py $G/auto_a9cc23e $G/auto_new | tail -1 >> $S
(cd $G && tar czf $OUT/auto.tgz auto_*.csv)
E=$C/go
(cd $E && for z in *.gz; do gunzip -f "$z"; done && chmod +x gpu.test)
GOENV="CUTEGO_CUBIN=$PWD/$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$PWD/$E/cutego_gemm.cubin:$PWD/$E/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 150 ../$E/gpu.test -test.v -test.count=1 -test.run 'GemmFP8OnDevice|GemmSplitKOnDevice' > $G/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- |FAIL|ok|PASS)|panic|64x64_kk_e|64x128_kk_e" $G/gpu_test.log | grep -v blockscaled | cut -c1-220 | head -20 >> $S
sanitize memcheck 150 test_gemm_fp8 "64x64 e4m3 bf16,64x64 e5m2xe4m3,64x64 K=4100,64x64 split-K 4,64x128 e5m2 f16,64x128 K=999,64x128 split-K 3,auto 64-row 1x2112"
run_test 150 test_gemm
(cd $G && tar czf $OUT/logs.tgz gpu_test.log memcheck_test_gemm_fp8.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

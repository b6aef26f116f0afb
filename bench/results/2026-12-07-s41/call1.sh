#!/usr/bin/env bash
# One device call. Carry build/carry/s41: waves_7f70080.o and waves_6766b23.o (csrc/gemm/waves.c of
# those commits: the planner before the FP8 64-row rule, and before FP8's 2x1 clusters too), go/
# (this tree's gpu.test, session 40's cutego_copy.cubin and cutego_gemm.cubin; the tree's
# cutego_gemm_fp8.cubin with the per-tensor 64-row kernels).
# 1. The tree's library built here (bench/device/lib.sh); test_gemm_fp8 (new: per-tensor FP8 on 64x64
#    and 64x128 tiles forced on every pair and output, split, packed, transposed, batched; three
#    automatic plans that must take them; session 40's automatic 2x1 cluster cases) and test_gemm.
#    Predicted: all pass.
# 2. bench_gemm_fp8 --variants on 72 shapes of M in {1, 16, 32, 64, 96, 128} x DeepGEMM's and the LLM
#    table's (N, K) and the 9 unseen FP8 shapes of at most 128 rows: the automatic plan, 64x64 and
#    64x128 (their own split, and data-parallel), 128x256, 128x128, 128x224 (their split): which tile
#    wins where, to check fp8_few_rows's model. Predicted: the 64-row tiles 1.1-1.6x over the
#    128-row plans at M <= 64 where one wave holds them; at M = 96-128 within +-10%.
# 3. The automatic plan of 7f70080's planner (no FP8 64-row rule) and the tree's, in turn, two
#    rounds each, on the same shapes: the rule's gain. Predicted: geomean 1.10-1.25x at M <= 64, no
#    shape below 0.95x.
#    Beside it, the unseen FP8 shapes of 28-448 rows still below 0.95 (A packed, few waves) on 64x64
#    and 64x128 tiles and stream-K (128x256, 128x128) against the automatic plan: leads only.
# 4. 6766b23's planner (no FP8 clusters) against the tree, in turn, on session 40's seven FP8 cluster
#    shapes. Predicted: 448 x 16816 x 496 and 720 x 9984 x 3888 1.2-1.3x, the other five +-2%.
# 5. Package gpu's device tests of FP8 and split K (the 64-row plans from Go). Predicted: PASS.
set -u
G=/tmp/s41; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s41
export D=$G/t; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
build_tree csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm bench/bench_gemm_fp8
for v in 7f70080 6766b23; do
  mkdir -p $G/p$v/o && cp $D/o/*.o $G/p$v/o/ && cp $C/waves_$v.o $G/p$v/o/csrc_gemm_waves.c.o &&
    rm -f $G/p$v/lib.a && ar rcs $G/p$v/lib.a $G/p$v/o/*.o &&
    $NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $G/p$v/lib.a $LK -o $G/p$v/bench_gemm_fp8 > $G/link_p$v.log 2>&1 ||
    echo "LINK-FAIL p$v" >> $S &
done
run_test 150 test_gemm_fp8
grep -E "64x64|64x128|64-row|auto clusters" $OUT/test_gemm_fp8.log | cut -c1-200 >> $S
wait
run_test 150 test_gemm
GRID=""
for nk in 2112,7168 24576,1536 32768,512 7168,16384 4096,7168 7168,2048 4096,4096 14336,4096 4096,14336 11008,4096 6144,4096 28672,8192; do
  for m in 1 16 32 64 96 128; do GRID="$GRID $m,$nk"; done
done
GRID="$GRID 28,1024,4064 64,6400,1552 126,7424,3376 128,1456,3072 128,7104,4496 64,592,12928 64,31360,1216 2,848,2048 64,18112,512"
SHAPES=$(for s in $GRID; do echo --shape $s; done)
timeout 200 $D/bench_gemm_fp8 $G/grid.csv $SHAPES --variants 0:0:0,0:0:6,0:0:6:1,0:0:8,0:0:8:1,0:0:1,0:0:2,0:0:12 --rounds 1 > $G/grid.log 2>&1
echo "grid rc=$? ($(el)s)" >> $S
MID=""; for s in 300,16640,3696 203,1616,7488 289,1600,3472 448,640,6208 390,16960,416 384,15376,7008 28,1024,4064 126,7424,3376 128,7104,4496; do MID="$MID --shape $s"; done
timeout 60 $D/bench_gemm_fp8 $G/mid.csv $MID --variants 0:0:0,0:0:6,0:0:8,0:0:1:3,0:0:2:3 --rounds 1 > $G/mid.log 2>&1
echo "mid rc=$? ($(el)s)" >> $S
# turns NAME BEFORE "SHAPES": BEFORE's and the tree's automatic plan in turn, two rounds, into
# $G/NAME_<binary>_<round>.csv; pairs.py's table into $S
turns() {
  local r v
  for r in 1 2; do
    for v in $2 t; do
      timeout 60 $G/$v/bench_gemm_fp8 $G/$1_${v}_$r.csv $3 --variants 0:0:0 --rounds 1 > $G/$1_${v}_$r.log 2>&1
      echo "$1 $v round $r rc=$? ($(el)s)" >> $S
    done
  done
  python3 bench/results/2026-12-07-s41/pairs.py $G/$1_$2 $G/$1_t >> $S
}
turns auto p7f70080 "$SHAPES"
FS=""; for s in 448,16816,496 720,9984,3888 384,6144,496 256,12288,208 8768,1440,480 2688,30592,384 300,16640,3696; do FS="$FS --shape $s"; done
turns cl p6766b23 "$FS"
python3 bench/results/2026-12-07-s41/grid.py $G/grid.csv >> $S
python3 bench/results/2026-12-07-s41/grid.py $G/mid.csv >> $S
E=$C/go
(cd $E && for z in *.gz; do gunzip -f "$z"; done && chmod +x gpu.test)
GOENV="CUTEGO_CUBIN=$PWD/$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$PWD/$E/cutego_gemm.cubin:$PWD/$E/cutego_gemm_fp8.cubin"
[ -f $E/cutego_gemm_fp8.cubin ] || echo "NO-FP8-CUBIN: package gpu's device tests not run" >> $S
[ -f $E/cutego_gemm_fp8.cubin ] && (cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 150 ../$E/gpu.test -test.v -test.count=1 -test.run 'GemmFP8OnDevice|GemmSplitKOnDevice' > $G/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- |FAIL|ok|PASS)|panic|64x64|64x128" $G/gpu_test.log | cut -c1-220 | head -30 >> $S
(cd $G && tar czf $OUT/logs.tgz grid.csv grid.log mid.csv mid.log auto_*.csv cl_*.csv gpu_test.log lib.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

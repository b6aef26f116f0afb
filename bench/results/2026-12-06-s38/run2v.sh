#!/usr/bin/env bash
# Session 38, device call 2, first part (carry build/carry/s38b: lib.a.gz, the tree's library: 57f9abf's
# with the planner (waves.c -> gemm_split_k.o) of a stream-K k-iteration priced at 1.6; go/: the tree's
# gpu.test, the cubins of call 1; old_gemm_split_k.o, 57f9abf's planner: with it in place of the tree's,
# the tree's library is 57f9abf's).
# 1. The tree's device cases: test_gemm and test_gemm_fp8 in full (stream-K auto now at 2432 x 7168 x
#    32768 bf16 and 2432 x 3584 x 65536 e4m3; 1536 x 14336 x 14336 and 2048 x 11008 x {4096, 8192} FP8
#    data-parallel), gpu.test's device tests. Predicted: all pass.
# 2. The 17 long-K shapes, 57f9abf's binary against the tree's, in turn, two rounds. Predicted: the
#    tree 1.03-1.18x (its plan is call 1's --decomposition 1).
# 3. The stream-K the model still takes: 2432 x 7168 x 32768 bf16 and 2432 x 3584 x 65536 e4m3, the
#    automatic plan against --decomposition 1 (bench_gemm --ab-config none: in turn, two rounds;
#    bench_gemm_fp8 --variants). Predicted by the model: stream-K 1.01-1.06x; if data-parallel wins
#    here too, stream-K has no measured shape left where the model takes it.
set -u
G=$PWD/.devwork/s38c; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/t; mkdir -p $D $G/o
gunzip -c build/carry/s38b/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
mkdir -p $G/oo && cp build/carry/s38b/old_gemm_split_k.o $G/oo/gemm_split_k.o && cp $D/lib.a $G/o/lib.a && ar r $G/o/lib.a $G/oo/gemm_split_k.o || echo "CARRY-FAIL head" >> $S
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 bench/bench_gemm bench/bench_gemm_fp8
(D=$G/o; link_bins bench/bench_gemm)
run_test 200 test_gemm
grep -E "auto (2432|1536x14336)" $OUT/test_gemm.log | cut -c1-220 >> $S
run_test 200 test_gemm_fp8
grep -E "auto (2432|2048)" $OUT/test_gemm_fp8.log | cut -c1-220 >> $S
E=$PWD/build/carry/s38b/go
(cd $E && for z in *.gz; do gunzip -f "$z"; done && chmod +x gpu.test)
GOENV="CUTEGO_CUBIN=$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$E/cutego_gemm.cubin:$E/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 200 $E/gpu.test -test.v -test.count=1 -test.run 'OnDevice' > $G/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" $G/gpu_test.log | head -20 >> $S
grep -E "2432x7168x32768|1536x14336x14336" $G/gpu_test.log | cut -c1-200 | head -4 >> $S
cp $G/gpu_test.log $OUT/
SH=""
for s in 640,28672,11008 640,28672,14336 768,28672,11008 768,28672,14336 1280,14336,11008 1280,14336,14336 \
  1536,14336,11008 1536,14336,14336 2048,11008,14336 2560,5000,11008 2560,5000,14336 2560,7168,11008 \
  2560,7168,14336 3072,7168,11008 3072,7168,14336 4097,4097,11008 4097,4097,14336; do SH="$SH --shape $s"; done
declare -A V=() B=([old]=$G/o/bench_gemm [new]=$D/bench_gemm)
in_turn 2 old old new
mv $G/csv $G/csv_longk
SH="--shape 2432,7168,32768"; V=([dp]="--decomposition 1"); B=()
in_turn 2 auto auto dp
timeout 100 $D/bench_gemm_fp8 $G/fp8sk.csv --shape 2432,3584,65536 --variants 0:0:0,0:0:0:1,0:0:1:1,0:0:2:1 --rounds 2 > $G/fp8sk.log 2>&1
echo "fp8 2432x3584x65536 rc=$? ($(el)s)" >> $S
grep -E "^ *(variant|== |[0-9]+ +[0-9]+ +[0-9]+ )" $G/fp8sk.log | cut -c1-160 | head -20 >> $S
cp -r $G/csv_longk $G/csv $G/fp8sk.* $OUT/ 2>/dev/null
(cd $OUT && tar czf logs.tgz *.log csv_longk csv fp8sk.* && rm -rf *.log csv_longk csv fp8sk.*)
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# One device call. Carry build/carry/s40: lib.a.gz (the library of 16ff284), new/ (this tree's
# cutego_gemm.o, whose column packer now lives in kernels/gemm_pack_cols.cuh, and waves.c's object
# with few_rows), go/ (this tree's gpu.test and cutego_copy.cubin, which now holds the column
# packer; the GEMM cubins of 70cb1b4, whose kernels are unchanged since).
# 1. The tree's test_gemm and test_gemm_fp8. Predicted: all pass (811 / 0, 219 / 0).
# 2. Package gpu's device tests (the Go launcher packs MN-major operands with the column packer).
#    Predicted: PASS.
#    BenchmarkGemmPacked: the packed GEMM over the same GEMM needing no copy. Predicted: NT 640 x
#    27940 x 1600 at most 1.3x (the C launcher's column packer measured 1.045 of cuBLAS there), TN 100
#    x 4096 x 4097 at most 1.6x.
# 3. few_rows against 16ff284, in turn, two rounds, on the unseen bf16 TN shapes of at most 128 rows
#    and 16 x 2048 x 4097 (A and B packed: 64x32 in 2 slices where 128x128 ran 4). Predicted: 1.2-1.8x
#    where the plan moves (64 x 2112 x 1920, 64 x 768 x 328, 64 x 1856 x 448, 64 x 3904 x 448, 84 x 576
#    x 3216), the others within 3%; 16 x 2048 x 4097 1.1-1.4x. Then the unseen NT, TT and NN shapes of
#    at most 128 rows (not predicted shape by shape: 1.0-1.8x).
# 4. The 110-shape sweep, both libraries. Predicted: within +-1%.
# 5. bench_gemm_fp8's variants on the 30 unseen FP8 shapes below 0.95, 2x1 clusters among them.
#    Predicted: 2x1 clusters win where B's rows lie off the 128-byte grid, as for bf16.
# 6. On an H200 only, as time allows: the five shapes where the model takes stream-K, against
#    --decomposition 1 (on the H100, data-parallel ran 0.951-1.101x of stream-K there).
set -u
G=$PWD/.devwork/s40; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s40; R=bench/results/2026-12-06-s39
export D=$G/t; mkdir -p $D $G/old
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/old/lib.a || echo "CARRY-FAIL" >> $S
cp $G/old/lib.a $D/lib.a && ar r $D/lib.a $C/new/cutego_gemm.o $C/new/gemm_split_k.o
lk() { $NVCC $F -I$CUDA/include $2.cu $1/lib.a $LK -o $1/$(basename $2) > $1/link_$(basename $2).log 2>&1 || echo "LINK-FAIL $1 $2" >> $S; }
lk $D csrc/gemm/test_gemm & lk $D csrc/gemm/test_gemm_fp8 & lk $D bench/bench_gemm & lk $D bench/bench_gemm_fp8 &
lk $G/old bench/bench_gemm & wait
echo "linked at $(el)s" >> $S
run_test 120 test_gemm
run_test 60 test_gemm_fp8
E=$C/go
(cd $E && for z in *.gz; do gunzip -f "$z"; done && chmod +x gpu.test)
GOENV="CUTEGO_CUBIN=$PWD/$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$PWD/$E/cutego_gemm.cubin:$PWD/$E/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 150 ../$E/gpu.test -test.v -test.count=1 -test.run 'OnDevice' > $G/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- |FAIL|ok|PASS)|panic" $G/gpu_test.log | cut -c1-220 | head -30 >> $S
cp $G/gpu_test.log $OUT/
(cd gpu && env $GOENV timeout 60 ../$E/gpu.test -test.run '^$' -test.bench 'GemmPacked' -test.benchtime 300x > $G/gpu_bench.log 2>&1; echo "gpu bench rc=$? ($(el)s)" >> $S)
grep -E "^Benchmark|gemm_device_test.go" $G/gpu_bench.log | cut -c1-200 >> $S
SMALL="64,2112,1920 64,768,328 64,1856,448 64,3904,448 84,576,3216 16,2048,4097 70,8704,1216 104,10368,256 64,576,5302 2,1728,7093 64,17792,768 64,12150,14723 64,21248,576"
SH=$(for s in $SMALL; do echo --shape $s; done)
declare -A V=() B=([old]=$G/old/bench_gemm)
in_turn 2 old old tree
mv $G/csv $G/csvTN
for v in old tree; do
  b=$D/bench_gemm; [ $v = old ] && b=$G/old/bench_gemm
  timeout 100 $b $G/sweep_$v.csv --sweep --graph --dtype bf16 > $G/sweep_$v.log 2>&1
  echo "sweep $v at $(el)s: $(tail -1 $G/sweep_$v.log)" >> $S
done
python3 bench/ab_table.py $G/sweep_old.csv -- $G/sweep_tree.csv | awk -F'|' 'NR<=2 || $9+0 < 0.98 || $9+0 > 1.02' >> $S
for lay in NT TT NN; do
  case $lay in
    NT) L="31,576,5265 64,704,3043 64,1024,3384 64,3008,2432 128,896,3904 64,8064,1322 64,9024,2688";;
    TT) L="74,1280,4288 6,1280,286 21,2496,3648 64,16271,320 3,5914,640 128,5504,6720";;
    NN) L="64,2048,832 64,650,7242 64,832,2624 64,1017,2730 64,30851,5333";;
  esac
  SH="--layout $lay $(for s in $L; do echo --shape $s; done)"
  echo "# $lay" >> $S
  in_turn 2 old old tree
  mv $G/csv $G/csv$lay
done
. $R/lists.sh
timeout 120 $D/bench_gemm_fp8 $G/fp8v.csv $(for s in $FP8S; do echo --shape $s; done) --variants 1:0:0,2:0:0,1:0:2:1,2:0:2:1,1:0:1:1,1:0:12:1,1:0:2:2 --rounds 1 > $G/fp8v.log 2>&1
echo "fp8 variants rc=$? ($(el)s)" >> $S
grep -E "^ *(variant|[0-9]+ +[0-9]+ +[0-9]+ )" $G/fp8v.log | cut -c1-150 >> $S
if grep -q H200 $S && [ $(el) -lt 480 ]; then  # the open question of the H200: stream-K where the model takes it
  SH="--shape 2432,7168,32768 --shape 2432,7168,65536 --shape 1280,13568,32768 --shape 3584,4864,32768 --shape 1792,9728,65536"
  declare -A V=([dp]="--decomposition 1") B=()
  in_turn 2 auto auto dp
fi
(cd $G && tar czf $OUT/csv.tgz csv* sweep_*.csv fp8v.csv fp8v.log *.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

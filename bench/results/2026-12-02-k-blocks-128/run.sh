#!/usr/bin/env bash
# 64x128 tiles in 4 stages of two k-blocks (one stage of MMAs in flight) against 8 stages of one
# (two in flight, the tile before), on the H200: builds this tree, and the "pre" variant's 64x128
# units and planner table with kernels/gemm_k_blocks.h's typedef set to KBlocked<Gemm_64x128x64_S8,
# 1, 8> (exactly the tile before); runs test_gemm in full and memcheck on small 64x128 cases, then
# bench_gemm bf16 TN --graph with both libraries alternated twice on the shapes the rules put on
# 64x128 tiles (and a 128x128 control).
# Predicted: 128 x 6144 x 4096 ran ~290 ns per k-tile (18.6 us for 64 k-tiles), the cost of a stage
# (bench/tma_stream.cu); with two k-blocks per stage ~200 ns per k-tile: 18.6 -> ~14 us (cuBLAS
# 16.7); 1024^3 6.5 -> ~5.5; 128 x 11008 (128x128 tiles) unchanged.
set -u
G=/tmp/kb128; . bench/device/env.sh
ROOT=$PWD; V=$G/pre; mkdir -p $V/src $V/o
tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $V/src
sed -i 's/typedef KBlocked<Gemm_64x128x64_S8, 2, 4> Gemm_64x128x128_S4;/typedef KBlocked<Gemm_64x128x64_S8, 1, 8> Gemm_64x128x128_S4;/' $V/src/kernels/gemm_k_blocks.h
grep -n "Gemm_64x128x128_S4;" $V/src/kernels/gemm_k_blocks.h >> $S
( for u in $V/src/kernels/gemm_64x128_*.cu; do echo $u; done | xargs -P 4 -I{} sh -c "cd $V/src && $NVCC $F -Xcompiler -fPIC -c {} -o $V/o/\$(basename {} .cu).o || echo BUILD-FAIL {}" > $G/var.log 2>&1 ) &
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1
wait
( cd $V/src && g++ -std=c++17 -O2 -fPIC -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $V/o/configs.o )
mkdir -p $V/all && cp $D/o/*.o $V/all/ && cp $V/o/*.o $V/all/ && ar rcs $V/lib.a $V/all/*.o
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $V/lib.a $LK -o $V/bench_gemm > $G/link_pre.log 2>&1 &
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_test.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_bench.log 2>&1 &
wait
echo "built at $(el)s" >> $S; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/var.log >> $S; grep -c "C75[0-9][0-9]" $G/lib.log >> $S
timeout 100 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -12 >> $S
timeout 60 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm \
  --filter "64x128 KK bf16->bf16,64x128 MN f16,64x128 K=4160,64x128 K=4290,64x128 split" > $OUT/memcheck.log 2>&1
echo "memcheck rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $OUT/memcheck.log | tail -3 >> $S
SH=""; for s in 128,6144,4096 128,4096,4096 256,4096,4096 100,6144,4096 65,4096,4096 128,4096,14336 512,512,512 \
  768,768,768 1024,1024,1024 128,11008,4096; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 100 bash bench/gemm_ab.sh $G/ab 2 $V/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "ab rc=$? at $(el)s" >> $S; cat $OUT/ab.txt >> $S
echo "done at $(el)s" >> $S; cat $S

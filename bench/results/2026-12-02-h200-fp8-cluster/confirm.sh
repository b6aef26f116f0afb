#!/usr/bin/env bash
# The second device call: the first call's objects (objs.txz, from run.sh: the library and the
# test's object) with bench_gemm_fp8 rebuilt (alternating timing, cuBLASLt's algorithm), then
# test_gemm_fp8 in full (the 2x1-cluster cases among them) and the cluster / raster-group variants
# against cuBLASLt, alternating call by call. OBJS: the objects' archive.
set -u
CUDA=/usr/local/cuda-13.0
NVCC=$CUDA/bin/nvcc
D=${D:-/tmp/fp8cluster2}
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3"
I="-Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
mkdir -p $D && xz -dc ${OBJS:-objs.txz} | tar xf - -C $D
$NVCC $F $I -c bench/bench_gemm_fp8.cu -o $D/bench_gemm_fp8.o > $OUT/build.log 2>&1
ar rcs $D/lib.a $D/obj/*.o
L="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
$NVCC $F $D/test_gemm_fp8.o $D/lib.a $L -o $D/test_gemm_fp8 >> $OUT/build.log 2>&1 &
$NVCC $F $D/bench_gemm_fp8.o $D/lib.a $L -o $D/bench_gemm_fp8 >> $OUT/build.log 2>&1 &
wait
echo "built at $(el)s" > $OUT/summary.txt
timeout 60 $D/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 rc=$? at $(el)s: $(tail -1 $OUT/test_gemm_fp8.log)" >> $OUT/summary.txt
grep "^FAIL" $OUT/test_gemm_fp8.log >> $OUT/summary.txt
timeout 60 $D/bench_gemm_fp8 $OUT/alt.csv --variants 1:0:1,2:0:1,1:16:1,2:16:1 --rounds 3 --shape 8192,8192,8192 \
  --shape 4096,4096,4096 --shape 16384,16384,16384 --shape 4096,14336,4096 --shape 8192,28672,8192 \
  --shape 16384,4096,14336 --shape 4096,11008,4096 --shape 2048,2048,2048 > $OUT/alt.log 2>&1
echo "alternating rc=$? at $(el)s" >> $OUT/summary.txt
grep -h "==" $OUT/alt.log >> $OUT/summary.txt
cat $OUT/summary.txt

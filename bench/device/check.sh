#!/usr/bin/env bash
# The device check of a tree (run from the repo root on the H200, $OUT set by the device tool): builds
# the kernels library, the cubins and the C/C++ test binaries with nvcc directly (make's setup step
# needs Go, which the device lacks), then runs test_gemm_graph, test_gemm_fp8, the examples, Python's
# torch_fp8.py, test_gemm, the Go gpu.test and example_fp8 (prebuilt here by bench/device/prep.sh into
# $CARRY), test_copy and a few bench_gemm shapes. Summary in $OUT/final.txt.
# Usage: bash bench/device/check.sh   (carry: $CARRY, default .devwork/lead/carry)
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); L=$OUT/final.txt; G=/tmp/logs; mkdir -p $G; el() { echo $(( $(date +%s)-t0 )); }
export D=${D:-.devwork/b}; mkdir -p $D; K=$(cd $D && pwd); CARRY=${CARRY:-.devwork/lead/carry}
mkdir -p build/lib && cp -a $CARRY/lib/* build/lib/
( $NVCC $F -split-compile=0 -cubin kernels/gemm_module.cu -o $D/cutego_gemm.cubin > $G/cubin_gemm.log 2>&1; echo "gemm cubin rc=$? at $(el)s" >> $L ) &
( $NVCC $F -split-compile=0 -cubin gpu/gemm_fp8_module.cu -o $D/cutego_gemm_fp8.cubin > $G/cubin_fp8.log 2>&1; echo "fp8 cubin rc=$? at $(el)s" >> $L ) &
$NVCC $F -cubin kernels/module.cu -o $D/cutego_copy.cubin &
bash bench/device/lib.sh > $G/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" $G/lib.log >> $L; grep -c "C75[0-9][0-9]" $G/lib.log >> $L
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static"
for t in test_gemm_graph test_gemm test_gemm_fp8; do $NVCC $F -I$CUDA/include csrc/gemm/$t.cu $D/lib.a $LK -lcublasLt -lcublas -o $D/$t > $G/link_$t.log 2>&1 & done
$NVCC $F csrc/tma/test_copy.cu $D/lib.a $LK -o $D/test_copy > $G/link_test_copy.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -lcublasLt -lcublas -o $D/bench_gemm > $G/link_bench_gemm.log 2>&1 &
for e in gemm/example_gemm gemm/example_gemm_fp8; do gcc -std=c99 -O2 -Iinclude -I$CUDA/include -c csrc/$e.c -o $D/$(basename $e).o && $NVCC -gencode=arch=compute_90a,code=sm_90a $D/$(basename $e).o $D/lib.a $LK -o $D/$(basename $e) & done
g++ -shared -o $D/libcutego_kernels.so -Wl,-soname,libcutego_kernels.so -Wl,--whole-archive $D/lib.a -Wl,--no-whole-archive -L$CUDA/targets/x86_64-linux/lib -l:libcudart.so.13 &
wait
echo "binaries at $(el)s: $(ls $D | tr '\n' ' ')" >> $L
run() { local t=$1; shift; echo "=== $* ($(el)s)" >> $L; timeout $t "$@" > $G/$(basename $1).log 2>&1; local r=$?; tail -3 $G/$(basename $1).log >> $L; echo "rc=$r ($(el)s)" >> $L; }
run 20 $K/test_gemm_graph
run 25 $K/test_gemm_fp8
run 20 $K/example_gemm
run 15 $K/example_gemm_fp8
export CUTEGO_LIBRARY=$(ls $PWD/build/lib/libcutego.so.*.*.* | head -1) CUTEGO_KERNELS_LIBRARY=$K/libcutego_kernels.so
PYTHONPATH=$PWD/python PYTHONUNBUFFERED=1 timeout 30 python3 bench/torch_fp8.py $G final > $OUT/torch_fp8.log 2>&1; echo "torch_fp8 rc=$? ($(el)s)" >> $L; tail -6 $OUT/torch_fp8.log >> $L
run 80 $K/test_gemm
wait
C=$CARRY
export LD_LIBRARY_PATH=$CUDA/targets/x86_64-linux/lib
(cd gpu && CUTEGO_EXPECT_GPU=1 CUTEGO_CUBIN=$K/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$K/cutego_gemm.cubin:$K/cutego_gemm_fp8.cubin \
  timeout 60 ../$C/gpu.test -test.v -test.count=1 > $OUT/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $L)
grep -E "^(--- FAIL|FAIL|ok|PASS)|--- PASS" $OUT/gpu_test.log | head -12 >> $L
run 15 $C/example_fp8 $K/cutego_copy.cubin $K/cutego_gemm_fp8.cubin
run 20 $K/test_copy
run 40 $K/bench_gemm $OUT/bench.csv --reps 5 --shape 1024,14336,4096 --shape 512,28672,8192 --shape 2048,11008,4096 --shape 4096,4096,4096 --shape 64,4096,4096 --shape 3000,5000,1000 --shape 3000,5000,1024 --shape 1000,1000,1000 --shape 1024,1024,1024 --shape 256,11008,4096
tail -12 $G/bench_gemm.log >> $L
echo "done at $(el)s" >> $L
cp $G/test_gemm.log $G/test_gemm_fp8.log $OUT/ 2>/dev/null; tail -c 20000 $G/lib.log > $OUT/lib_tail.log
cat $L

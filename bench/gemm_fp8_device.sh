#!/usr/bin/env bash
# gemm_fp8_device.sh — builds the GEMM library (every kernel translation unit in parallel, with
# the build's C7510 and spill gates), the FP8 device test and benchmark, and the 16-bit device
# test, on the GPU machine with its own nvcc and cuBLAS.
#   bench/gemm_fp8_device.sh [outdir]    (default .devwork/fp8build)
# Outputs: lib.a, test_gemm_fp8, bench_gemm_fp8, test_gemm, ptxas logs.
set -euo pipefail
CUDA=${CUDA:-/usr/local/cuda-13.0}
NVCC=${NVCC:-$CUDA/bin/nvcc}
CUBLAS_INC=${CUBLAS_INC:-$CUDA/include}
CUBLAS_LIB=${CUBLAS_LIB:-$CUDA/targets/x86_64-linux/lib}
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3"
I="-Iinclude -Icsrc/tma -Ikernels"
D=${1:-.devwork/fp8build}
mkdir -p $D/obj
export NVCC F I D
ls kernels/gemm_128x*.cu | xargs -P 16 -I{} sh -c \
  'n=$(basename {} .cu); $NVCC $F $I -Xptxas -v -Xcompiler -fPIC -c {} -o $D/obj/$n.o 2> $D/$n.log || { cat $D/$n.log; exit 1; }' &
$NVCC $F $I -Xcompiler -fPIC -c kernels/cutego_gemm.cu -o $D/obj/cutego_gemm.o &
$NVCC $F $I -Xcompiler -fPIC -c kernels/cutego_copy.cu -o $D/obj/cutego_copy.o &
for c in csrc/tma/plan.c csrc/tma/encode.c csrc/gemm/plan.c csrc/gemm/waves.c; do
  gcc -std=c99 -O2 -fPIC -Iinclude -c $c -o $D/obj/$(echo $c | tr / _).o
done
g++ -std=c++17 -O2 -fPIC -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $D/obj/configs.o
wait
echo "ptxas wgmma notes (C75xx) per translation unit:"; grep -c C75 $D/gemm_*.log || true
if grep -l C7510 $D/*.log; then echo "C7510 (wgmma serialized)"; exit 1; fi
# the FP8 kernels: no wgmma serialized by accumulator reads (C7514) or by a wait the compiler
# inserts in a divergent path (C7518: a run-time scale_d on the promoted loop's MMAs did that)
if grep -l 'C7514\|C7518' $D/gemm_*_kk_e*.log; then echo "C7514/C7518 (wgmma serialized)"; exit 1; fi
cat $D/*.log | awk '/Function properties for/ {f=$NF} /bytes spill/ && f ~ /^cutego_gemm_128x/ && !/ 0 bytes spill stores, 0 bytes spill loads/ {print f": "$0; bad=1} END {exit bad}'
rm -f $D/lib.a
ar rcs $D/lib.a $D/obj/*.o
L="-L$CUBLAS_LIB -cudart static -lcublasLt -lcublas"
B="$NVCC $F $I -I$CUBLAS_INC"
$B csrc/gemm/test_gemm_fp8.cu $D/lib.a $L -o $D/test_gemm_fp8 &
$B bench/bench_gemm_fp8.cu $D/lib.a $L -o $D/bench_gemm_fp8 &
$B csrc/gemm/test_gemm.cu $D/lib.a $L -o $D/test_gemm &
wait
ls -la $D

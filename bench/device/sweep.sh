#!/usr/bin/env bash
# The merged tree's bf16 sweep (bench_gemm --sweep) against cuBLASLt and cublasGemmEx.
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
export D=${D:-.devwork/b}; mkdir -p $D; t0=$(date +%s)
bash bench/device/lib.sh > $OUT/lib.log 2>&1
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a -L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas -o $D/bench_gemm > $OUT/link.log 2>&1
echo "built at $(( $(date +%s)-t0 )) s"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv > $OUT/smi.txt
timeout 285 $D/bench_gemm $OUT/sweep_bf16.csv --sweep --dtype bf16 > $OUT/sweep_bf16.log 2>&1; echo "sweep rc=$? at $(( $(date +%s)-t0 )) s"
tail -5 $OUT/sweep_bf16.log

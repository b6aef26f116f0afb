#!/usr/bin/env bash
# The merged tree's sweep (bench_gemm --sweep) against cuBLASLt and cublasGemmEx, for each type in
# DTYPES (default bf16; e.g. DTYPES="bf16 f16").
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
export D=${D:-.devwork/b}; mkdir -p $D; t0=$(date +%s)
bash bench/device/lib.sh > $OUT/lib.log 2>&1
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a -L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas -o $D/bench_gemm > $OUT/link.log 2>&1
echo "built at $(( $(date +%s)-t0 )) s"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv > $OUT/smi.txt
for dt in ${DTYPES:-bf16}; do
  timeout 285 $D/bench_gemm $OUT/sweep_$dt.csv --sweep --dtype $dt > $OUT/sweep_$dt.log 2>&1; echo "sweep $dt rc=$? at $(( $(date +%s)-t0 )) s"
  tail -5 $OUT/sweep_$dt.log
done

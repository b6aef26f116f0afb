#!/usr/bin/env bash
# Session 29's standing figures of main: the bf16 and fp16 sweeps (bench_gemm --sweep --graph,
# against cuBLASLt and cublasGemmEx in one process) and FP8 per tensor (bench_gemm_fp8), on main's
# tree; the tree's build of the call before is reused when the machine is still warm.
# Predicted: sweeps bf16 / fp16 geomean 1.09-1.10 (session 24: 1.094-1.097), the swapped small-M
# column-major shapes up; FP8 per-tensor geomean 1.02-1.04 (128x224 tiles since session 28).
set -u
G=$PWD/.devwork/s29; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
if [ -x $D/bench_gemm ] && [ -x $D/bench_gemm_fp8 ]; then echo "reused the build" >> $S
else build_tree bench/bench_gemm bench/bench_gemm_fp8; fi
standing 150
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# deepgemm.sh — builds bench/bench_deepgemm.cu: DeepGEMM's block-scaled FP8 kernel (its header,
# from a copy outside this repository) beside ours, linked against a cutego kernels library.
#   bench/deepgemm.sh OUT_BIN LIB.a      (from the repo root)
# Environment: DEEPGEMM_INC (default .deps/deepgemm/deep_gemm/include: DeepGEMM's
# deep_gemm/include at commit 54e22612409371d6364144b69086735beb54e98b, exported there by
#   git -C <a clone or fetched mirror of deepseek-ai/DeepGEMM> archive 54e22612409371d6364144b69086735beb54e98b \
#     deep_gemm/include | tar x -C .deps/deepgemm
# ), CUTLASS_INC (default .deps/py/cutlass_library/source/include: the pinned nvidia-cutlass
# package's headers, which `make setup` installs), CUDA (default /usr/local/cuda-13.0; here,
# .deps/py/nvidia/cu13). DeepGEMM's own JIT flags: C++20, relaxed constexpr, register usage level
# 10. Not part of make test (DeepGEMM is not a dependency of cutego).
set -euo pipefail
out=$1 lib=$2
DEEPGEMM_INC=${DEEPGEMM_INC:-.deps/deepgemm/deep_gemm/include}
CUTLASS_INC=${CUTLASS_INC:-.deps/py/cutlass_library/source/include}
CUDA=${CUDA:-/usr/local/cuda-13.0}
[ -f "$DEEPGEMM_INC/deep_gemm/impls/sm90_fp8_gemm_1d2d.cuh" ] || { echo "deepgemm.sh: no DeepGEMM headers in $DEEPGEMM_INC" >&2; exit 1; }
[ -d "$CUTLASS_INC/cute" ] || { echo "deepgemm.sh: no CUTLASS headers in $CUTLASS_INC" >&2; exit 1; }
$CUDA/bin/nvcc -gencode=arch=compute_90a,code=sm_90a -std=c++20 -O3 --expt-relaxed-constexpr --expt-extended-lambda \
  --diag-suppress=39,161,174,177,186,940 --ptxas-options=--register-usage-level=10 \
  -I"$DEEPGEMM_INC" -I"$CUTLASS_INC" -Iinclude -I$CUDA/include ${EXTRA_INC:-} \
  bench/bench_deepgemm.cu "$lib" -L$CUDA/targets/x86_64-linux/lib -L$CUDA/lib -cudart static ${EXTRA_LINK:-} -o "$out"

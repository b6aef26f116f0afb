#!/usr/bin/env bash
# fp8_device.sh — on the GPU machine, with everything built beforehand (no nvcc, no Go there):
# the FP8 GEMM from C (build/kernels/example_gemm_fp8), from Go (build/kernels/example_fp8 and
# package gpu's device tests, build/kernels/gpu.test, under CUTEGO_EXPECT_GPU=1, loading
# build/kernels/cutego_copy.cubin and cutego_gemm_fp8.cubin), and from Python
# (bench/torch_fp8.py: FP8 verified, and the host time of one call beside torch.matmul's) with
# the package in python/ and, for the before/after of the host time, a copy of the previous
# package in $OLD_PYTHON when set. Needs build/lib/libcutego.so.* and
# build/kernels/libcutego_kernels.so. Writes $OUT (default ./out).
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
CUDA=${CUDA:-/usr/local/cuda-13.0}
K=$PWD/build/kernels
rc=0
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1 | tee "$OUT/gpu.txt"
export LD_LIBRARY_PATH=$K:$CUDA/targets/x86_64-linux/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
echo "### C: example_gemm_fp8"
"$K/example_gemm_fp8" 2>&1 | tee "$OUT/example_gemm_fp8.log" || rc=1
echo "### Go: example_fp8"
"$K/example_fp8" "$K/cutego_copy.cubin" "$K/cutego_gemm_fp8.cubin" 2>&1 | tee "$OUT/example_fp8.log" || rc=1
echo "### Go: package gpu's tests on the device"
(cd gpu && CUTEGO_EXPECT_GPU=1 CUTEGO_CUBIN="$K/cutego_copy.cubin" CUTEGO_GEMM_CUBINS="$K/cutego_gemm_fp8.cubin" \
  "$K/gpu.test" -test.v -test.run 'FP8|PlanGemm|Transpose|Info' 2>&1) | tee "$OUT/gpu_test.log" | grep -v "^=== RUN" || rc=1
grep -q "^FAIL" "$OUT/gpu_test.log" && rc=1
echo "### Python"
export CUTEGO_LIBRARY=$(ls "$PWD"/build/lib/libcutego.so.*.*.* | head -1)
export CUTEGO_KERNELS_LIBRARY=$K/libcutego_kernels.so PYTHONUNBUFFERED=1
PYTHONPATH=$PWD/python python3 bench/torch_fp8.py "$OUT" new 2>&1 | tee "$OUT/torch_fp8_new.log" || rc=1
if [ -n "${OLD_PYTHON:-}" ]; then
  PYTHONPATH=$OLD_PYTHON python3 bench/torch_fp8.py "$OUT" old 2>&1 | tee "$OUT/torch_fp8_old.log" || rc=1
  PYTHONPATH=$PWD/python python3 bench/torch_fp8.py "$OUT" new2 2>&1 | tee "$OUT/torch_fp8_new2.log" || rc=1
fi
echo "### done, exit $rc"
exit $rc

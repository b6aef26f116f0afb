#!/usr/bin/env bash
# python_gpu_device.sh — on the GPU machine: builds libcutego_kernels.so with its nvcc (make
# kernels-so, the kernel translation units in parallel), then runs bench/torch_gpu.py
# (cutego.gemm / copy / einsum on PyTorch tensors, verified against and timed beside torch in
# one process) and bench/torch_fp8.py (FP8 operands verified; the host time of one call) with the
# package from python/ and a libcutego.so built elsewhere (the machine has no Go):
# build/lib/libcutego.so.* must be there. Writes $OUT (default ./out).
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
CUDA=${CUDA:-/usr/local/cuda-13.0}
t0=$(date +%s)
# the machine has no network: mark the dependencies as set up (the rules below need only nvcc)
mkdir -p .deps && touch .deps/.setup-v1
make -j"$(nproc)" NVCC="$CUDA/bin/nvcc" CUDA_ROOT="$CUDA" KLIBDIR="$CUDA/targets/x86_64-linux/lib" \
  kernels-so >"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
echo "### kernels-so built in $(( $(date +%s) - t0 )) s"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1
export CUTEGO_LIBRARY=$(ls "$PWD"/build/lib/libcutego.so.*.*.* | head -1)
export CUTEGO_KERNELS_LIBRARY=$PWD/build/kernels/libcutego_kernels.so
export PYTHONPATH=$PWD/python${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1
python3 bench/torch_gpu.py "$OUT" 2>&1 | tee "$OUT/torch_gpu.log"
rc=${PIPESTATUS[0]}
# FP8 on PyTorch tensors (verified) and the host time of one call beside torch.matmul's
python3 bench/torch_fp8.py "$OUT" gpu 2>&1 | tee "$OUT/torch_fp8.log"
[ "${PIPESTATUS[0]}" = 0 ] || rc=1
# The same with the package as a wheel installs it: the C extension (cutego/_cext.c, gemm's C
# path) built here beside a copy of libcutego, where this Python has its headers.
INC=$(python3 -c "import sysconfig; print(sysconfig.get_paths()['include'])")
if [ -f "$INC/Python.h" ]; then
  X=$PWD/build/py-ext/cutego
  rm -rf "$X" && mkdir -p "$X" && cp python/cutego/*.py python/cutego/py.typed "$X"/ && cp "$CUTEGO_LIBRARY" "$X/libcutego.so.0"
  gcc -O2 -fPIC -shared -std=gnu11 -I"$INC" -Iinclude python/cutego/_cext.c -o \
    "$X/_cext$(python3 -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')" "$X/libcutego.so.0" \
    -Wl,-rpath,'$ORIGIN' || rc=1
  env -u CUTEGO_LIBRARY PYTHONPATH=$PWD/build/py-ext python3 bench/torch_fp8.py "$OUT" cext 2>&1 | tee "$OUT/torch_fp8_cext.log"
  [ "${PIPESTATUS[0]}" = 0 ] || rc=1
else
  echo "### no Python.h for $(python3 --version): the extension's path (gemm in C) not run"
fi
echo "### done in $(( $(date +%s) - t0 )) s, exit $rc"
exit $rc

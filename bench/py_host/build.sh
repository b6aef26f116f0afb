#!/usr/bin/env bash
# build.sh — bench/py_host's libraries, no GPU: build/py_host/libcudart_stub.so (csrc/gemm/
# cudart_stub.cc, the counting CUDA runtime) and build/py_host/libcutego_kernels.so (the
# launchers' objects kernels/cutego_gemm.cu and cutego_copy.cu as `make` compiles them, the
# planners, the stand-in kernel tables) linked to it; the wheel (make wheel) unpacked into
# build/py_host/site. Run from the repository root; make builds what is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
TOP=$PWD
OUT=$TOP/build/py_host
KB=$TOP/build/kernels
CUDA_ROOT=$TOP/.deps/py/nvidia/cu13
make -s "$KB/obj/cutego_gemm.o" "$KB/obj/cutego_copy.o" wheel
mkdir -p "$OUT/obj"
CXX="g++ -std=c++17 -O2 -fPIC -Wall -Wextra -Werror -Iinclude -Ikernels -Icsrc/gemm -I$CUDA_ROOT/include"
CC="gcc -std=c99 -O2 -fPIC -Wall -Iinclude"
$CXX -c csrc/gemm/cudart_stub.cc -o "$OUT/obj/cudart_stub.o"
$CXX -Wno-psabi -c bench/py_host/standins.cc -o "$OUT/obj/standins.o"
$CXX -c csrc/gemm/configs.cc -o "$OUT/obj/configs.o"
$CC -c csrc/tma/plan.c -o "$OUT/obj/plan.o"
$CC -c csrc/tma/encode.c -o "$OUT/obj/encode.o"
$CC -Wextra -Werror -c csrc/gemm/plan.c -o "$OUT/obj/gemm_plan.o"
$CC -Wextra -Werror -c csrc/gemm/waves.c -o "$OUT/obj/waves.o"
g++ -shared -o "$OUT/libcudart_stub.so" -Wl,-soname,libcudart_stub.so "$OUT/obj/cudart_stub.o"
g++ -shared -o "$OUT/libcutego_kernels.so" -Wl,-soname,libcutego_kernels.so \
  "$KB/obj/cutego_gemm.o" "$KB/obj/cutego_copy.o" "$OUT/obj/standins.o" "$OUT/obj/configs.o" "$OUT/obj/plan.o" \
  "$OUT/obj/encode.o" "$OUT/obj/gemm_plan.o" "$OUT/obj/waves.o" \
  -L"$OUT" -l:libcudart_stub.so -Wl,-rpath,'$ORIGIN' -Wl,--no-undefined
rm -rf "$OUT/site" && mkdir -p "$OUT/site"
python3 -m zipfile -e "$(ls "$TOP"/build/dist/cutego-*.whl | head -1)" "$OUT/site"

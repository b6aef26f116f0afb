#!/usr/bin/env bash
# Builds here (no GPU) what bench/device/check.sh carries to the device: libcutego.so, gpu.test and
# example_fp8 (the cuda tag), into $CARRY (default .devwork/lead/carry).
set -eu
cd "$(dirname "$0")/../.."
C=${CARRY:-.devwork/lead/carry}; mkdir -p $C/lib
nice make -s libcutego >/dev/null
nice make -s $PWD/build/kernels/cudastub/libcuda.so >/dev/null
export CGO_CFLAGS="-I$PWD/gpu/cucompat -I$PWD/.deps/py/nvidia/cu13/include -Wno-deprecated-declarations" CGO_CXXFLAGS="-I$PWD/.deps/py/nvidia/cu13/include" CGO_LDFLAGS="-L$PWD/build/kernels/cudastub"
nice go test -tags cuda -c -o $C/gpu.test ./gpu
nice go build -tags cuda -o $C/example_fp8 ./gpu/example_fp8
rm -f $C/gogemm
rm -rf $C/lib/*; cp -a build/lib/libcutego.so* $C/lib/
ls -la $C $C/lib

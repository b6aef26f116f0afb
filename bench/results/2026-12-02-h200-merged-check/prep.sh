#!/usr/bin/env bash
# Builds here what the final device call carries: libcutego.so, gpu.test, example_fp8 (cuda tag).
set -eu
cd /work/main
C=.devwork/lead/carry; mkdir -p $C/lib
nice make -s libcutego >/dev/null
nice make -s $PWD/build/kernels/cudastub/libcuda.so >/dev/null
export CGO_CFLAGS="-I$PWD/gpu/cucompat -I$PWD/.deps/py/nvidia/cu13/include -Wno-deprecated-declarations" CGO_CXXFLAGS="-I$PWD/.deps/py/nvidia/cu13/include" CGO_LDFLAGS="-L$PWD/build/kernels/cudastub"
nice go test -tags cuda -c -o $C/gpu.test ./gpu
nice go build -tags cuda -o $C/example_fp8 ./gpu/example_fp8
rm -f $C/gogemm
rm -rf $C/lib/*; cp -a build/lib/libcutego.so* $C/lib/
ls -la $C $C/lib

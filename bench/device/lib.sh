#!/usr/bin/env bash
# Builds the kernels library of the tree in the current directory into $D/lib.a (device nvcc,
# every kernels/gemm_<config>_*.cu unit in parallel). Usage: D=dir bash bench/device/lib.sh
# Elsewhere (a library to carry, built here): CUDA=$PWD/.deps/py/nvidia/cu13 JOBS=2 D=dir bash bench/device/lib.sh
# UNITS="gemm_128x192_kk ...": those units only, their objects in $D/o (objects to replace in a carried
# library; $D/lib.a then holds just them and the host objects).
set -uo pipefail
CUDA=${CUDA:-/usr/local/cuda-13.0}; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
mkdir -p $D/o $D/ptxas
t0=$(date +%s)
units="$(ls kernels/gemm_[0-9]*x[0-9]*_*.cu) kernels/cutego_gemm.cu kernels/cutego_copy.cu"
[ -n "${UNITS:-}" ] && units=$(for u in $UNITS; do echo kernels/$u.cu; done)
for u in $units; do
  echo $u; done | xargs -P ${JOBS:-16} -I{} sh -c "$NVCC $F -Xptxas -v -Xcompiler -fPIC -c {} -o $D/o/\$(basename {} .cu).o 2> $D/ptxas/\$(basename {} .cu).log || { cat $D/ptxas/\$(basename {} .cu).log; echo BUILD-FAIL {}; }"
# what the CI's build refuses (ci/kernels.mk): a serialized wgmma pipeline (C7510/C7514/C7518) or a
# spill in a wgmma kernel; reported here (BUILD-FAIL lines), the objects kept for timing
for l in $D/ptxas/gemm_*.log; do
  grep -qE 'C751[048]' $l && echo "BUILD-FAIL $(basename $l .log): $(grep -m1 -oE 'C751[048][^:]*' $l)"
  awk '/Function properties for/ {f=$NF} /bytes spill/ && f ~ /^cutego_gemm_(128x|64x)/ && !/ 0 bytes spill stores, 0 bytes spill loads/ {print "BUILD-FAIL spill " f; exit}' $l
done
for c in csrc/tma/plan.c csrc/tma/encode.c csrc/gemm/plan.c csrc/gemm/waves.c; do [ -f $c ] && gcc -std=c99 -O2 -fPIC -Iinclude -c $c -o $D/o/$(echo $c | tr / _).o; done
g++ -std=c++17 -O2 -fPIC -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $D/o/configs.o
rm -f $D/lib.a; ar rcs $D/lib.a $D/o/*.o
echo "lib: $(ls $D/o | wc -l) objects in $(( $(date +%s)-t0 )) s"

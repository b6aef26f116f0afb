#!/usr/bin/env bash
# gemm_device.sh — builds the GEMM library, its device test and its benchmark on the GPU machine
# (its own nvcc and cuBLAS, many cores: the kernel translation units compile in parallel),
# beside a "before" library built wholly from the "before" tree (kernels, launcher, planner), so
# that one run times both.
#   bench/gemm_device.sh     kernels, libraries, test_gemm, bench_gemm (new and base)
#   VARIANT=dir bench/gemm_device.sh   also bench_variant: dir's host code with new's kernels
#   VARIANTS="name:dir ..."   likewise bench_<name> and test_gemm_<name> for each
#   SASS=0                    skips the SASS comparison
# Then bench/gemm_ab.sh times two of them alternately.
# Layout (ignored paths):
#   .devwork/base/  the "before" tree (kernels/, csrc/, include/ of the base commit,
#                   e.g. git archive BASE kernels csrc include | tar x -C .devwork/base)
# Outputs under .devwork/dev/: new/lib.a, base/lib.a, test_gemm, test_gemm_graph, bench_new, bench_base, and
# sass_diff.txt (each wgmma kernel's SASS, base against new, bench/sass_diff.py).
set -euo pipefail
CUDA=${CUDA:-/usr/local/cuda-13.0}
NVCC=${NVCC:-$CUDA/bin/nvcc}
CUBLAS_INC=${CUBLAS_INC:-$CUDA/include}
CUBLAS_LIB=${CUBLAS_LIB:-$CUDA/targets/x86_64-linux/lib}
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3"
D=.devwork/dev
mkdir -p $D/new $D/base
INST="128x256_kk 128x256_km 128x256_mk 128x256_mm 128x128_kk 128x128_km 128x128_mk 128x128_mm 128x64_kk 128x64_km 128x64_mk 128x64_mm 128x192_kk 128x192_km 128x192_mk 128x192_mm 64x64_kk 64x64_km 64x64_mk 64x64_mm 64x32_kk 64x32_km 64x32_mk 64x32_mm 64x128_kk 64x128_km 64x128_mk 64x128_mm $(for c in 128x256 128x128; do for t in e4m3 e5m2 e4m3e5m2 e5m2e4m3; do printf ' %s_kk_%s' $c $t; done; done)"
# The kernel objects of a source tree ($1) into $2, with the build's C7510 and spill gates.
kobjs() {
  local root=$1 dir=$2
  mkdir -p $dir
  for i in $INST; do if [ -f $root/kernels/gemm_$i.cu ]; then echo $i; fi; done | xargs -P 10 -I{} sh -c \
    "$NVCC $F -I$root/include -I$root/csrc/tma -I$root/kernels -Xptxas -v -Xcompiler -fPIC -c $root/kernels/gemm_{}.cu -o $dir/gemm_{}.o 2> $dir/gemm_{}.log || { cat $dir/gemm_{}.log; exit 1; }"
  if grep -l C7510 $dir/*.log; then echo "C7510 (wgmma serialized)"; return 1; fi
  cat $dir/*.log | awk '/Function properties for/ {f=$NF} /bytes spill/ && f ~ /^cutego_gemm_(128x|64x)/ && !/ 0 bytes spill stores, 0 bytes spill loads/ {print f": "$0; bad=1} END {exit bad}'
}
kobjs . $D/new/kobj &
kobjs .devwork/base $D/base/kobj &
wait
# The SASS of every wgmma kernel, before against after, up to register renaming (bench/sass_diff.py).
CUOBJDUMP=${CUOBJDUMP:-$CUDA/bin/cuobjdump}
[ "${SASS:-1}" = 0 ] && INST_SASS="" || INST_SASS=$INST
for u in $INST_SASS; do
  [ -f $D/base/kobj/gemm_$u.o ] || continue  # a unit the base tree does not have
  ( $CUOBJDUMP -sass $D/base/kobj/gemm_$u.o > $D/base/kobj/gemm_$u.sass
    $CUOBJDUMP -sass $D/new/kobj/gemm_$u.o > $D/new/kobj/gemm_$u.sass
    python3 bench/sass_diff.py $D/base/kobj/gemm_$u.sass $D/new/kobj/gemm_$u.sass > $D/sass_diff_$u.txt || true ) &
done
wait
cat $D/sass_diff_*.txt > $D/sass_diff.txt 2>/dev/null || true
echo "kernels built, SASS compared: $SECONDS s"
# A library from a source tree ($1: root with kernels/, csrc/, include/) and the kernel objects.
lib() {
  local root=$1 out=$2
  local I="-I$root/include -I$root/csrc/tma -I$root/kernels"
  $NVCC $F $I -Xcompiler -fPIC -c $root/kernels/cutego_gemm.cu -o $out/cutego_gemm.o &
  $NVCC $F $I -Xcompiler -fPIC -c $root/kernels/cutego_copy.cu -o $out/cutego_copy.o &
  for c in csrc/tma/plan.c csrc/tma/encode.c csrc/gemm/plan.c csrc/gemm/waves.c; do
    if [ -f $root/$c ]; then gcc -std=c99 -O2 -fPIC -I$root/include -c $root/$c -o $out/$(echo $c | tr / _).o; fi
  done
  g++ -std=c++17 -O2 -fPIC -I$root/include -I$root/kernels -c $root/csrc/gemm/configs.cc -o $out/configs.o
  wait
  rm -f $out/lib.a
  ar rcs $out/lib.a $out/*.o $out/kobj/gemm_*.o
}
lib . $D/new &
lib .devwork/base $D/base &
wait
# VARIANT=dir: a third library whose host code (launcher, planners) comes from dir and whose
# kernel objects are new's, with its benchmark $D/bench_variant: for a launcher-only change.
if [ -n "${VARIANT:-}" ]; then
  mkdir -p $D/variant && rm -rf $D/variant/kobj && ln -s ../new/kobj $D/variant/kobj
  lib "$VARIANT" $D/variant
fi
for v in ${VARIANTS:-}; do
  name=${v%%:*} dir=${v#*:}
  mkdir -p $D/$name && rm -rf $D/$name/kobj && ln -s ../new/kobj $D/$name/kobj
  lib "$dir" $D/$name &
done
wait
L="-L$CUBLAS_LIB -cudart static -lcublasLt -lcublas"
B="$NVCC $F -Iinclude -Icsrc/tma -Ikernels -I$CUBLAS_INC"
$B csrc/gemm/test_gemm.cu $D/new/lib.a $L -o $D/test_gemm &
if [ -f csrc/gemm/test_gemm_graph.cu ]; then $B csrc/gemm/test_gemm_graph.cu $D/new/lib.a $L -o $D/test_gemm_graph & fi
$B bench/bench_gemm.cu $D/new/lib.a $L -o $D/bench_new &
$B bench/bench_gemm.cu $D/base/lib.a $L -o $D/bench_base &
if [ -n "${VARIANT:-}" ]; then $B bench/bench_gemm.cu $D/variant/lib.a $L -o $D/bench_variant & fi
for v in ${VARIANTS:-}; do
  name=${v%%:*}
  $B bench/bench_gemm.cu $D/$name/lib.a $L -o $D/bench_$name &
  $B csrc/gemm/test_gemm.cu $D/$name/lib.a $L -o $D/test_gemm_$name &
done
wait
echo "built: $SECONDS s"
ls -la $D

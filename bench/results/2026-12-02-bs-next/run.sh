#!/usr/bin/env bash
# One device call (cold H200, 16 cores; ~130-150 s, of which the build is ~100-115 s): the GEMM
# library (main's code, every unit) plus the two e4m3 block-scaled units (128x128, 128x192; the
# ones bench_gemm_fp8 --blockscaled runs) and configs.cc once per block-scaled build variant
# (kernels/gemm_smem.h: CUTEGO_BS_*), all in one parallel build with the gates (no
# C7510/C7514/C7518, no spills); one lib.a, test_gemm_fp8 and bench_gemm_fp8 per variant; the
# block-scaled device tests on each (the other FP8 type pairs run main's kernels); then DeepGEMM's
# 18 shapes block-scaled (automatic and forced 128x128 / 128x192, beside per-tensor fast in the same
# process) on each variant, interleaved (the second round only while under 140 s). Outputs under $OUT: summary.txt, geomeans.txt,
# all.tar.gz (logs, CSVs, SASS loop counts). Run from the repository root.
set -u
CUDA=${CUDA:-/usr/local/cuda-13.0}
NVCC=$CUDA/bin/nvcc
D=${D:-.devwork/bsnext}
R=bench/results/2026-12-02-bs-next
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
S=$OUT/summary.txt
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3"
I="-Iinclude -Icsrc/tma -Ikernels"
# variant name -> defines (base: main's code)
declare -A DEFS=([base]="" [direct]="-DCUTEGO_BS_EPI_DIRECT=1" [smem]="-DCUTEGO_BS_SMEM_SCALES=1" [s5]="-DCUTEGO_BS_S5=1" [skew]="-DCUTEGO_BS_SKEW=1"
         [smemskew]="-DCUTEGO_BS_SMEM_SCALES=1 -DCUTEGO_BS_SKEW=1")
V="base direct smem s5 skew smemskew"
mkdir -p $D/obj $D/logs
for v in $V; do mkdir -p $D/$v; done
export NVCC F I D
# one job list, the slowest first: variant units, main's units, the C library's .cu files, the harnesses
{
  for v in direct smem s5 skew smemskew; do
    for u in gemm_128x192_kk_e4m3_blockscaled gemm_128x128_kk_e4m3_blockscaled; do
      [ $v = s5 ] && [ $u = gemm_128x128_kk_e4m3_blockscaled ] && continue  # (s5 changes 128x192 only)
      echo "$D/$v/$u.o kernels/$u.cu ${DEFS[$v]}"
    done
  done
  for f in $(ls -S kernels/gemm_128x*.cu) kernels/cutego_gemm.cu kernels/cutego_copy.cu; do
    echo "$D/obj/$(basename $f .cu).o $f"
  done
} > $D/jobs.txt
( echo "$D/test_gemm_fp8.o csrc/gemm/test_gemm_fp8.cu -I$CUDA/include"; echo "$D/bench_gemm_fp8.o bench/bench_gemm_fp8.cu -I$CUDA/include" ) >> $D/jobs.txt
xargs -P 16 -L 1 sh -c 'o=$0; src=$1; shift; $NVCC $F $I "$@" -Xptxas -v -Xcompiler -fPIC -c $src -o $o 2> $o.log || echo "FAILED $src $*" >> $D/failed.txt' < $D/jobs.txt &
for c in csrc/tma/plan.c csrc/tma/encode.c csrc/gemm/plan.c csrc/gemm/waves.c; do
  gcc -std=c99 -O2 -fPIC -Iinclude -c $c -o $D/obj/$(echo $c | tr / _).o
done
for v in $V; do g++ -std=c++17 -O2 -fPIC -Iinclude -Ikernels ${DEFS[$v]} -c csrc/gemm/configs.cc -o $D/$v/configs.o; done
wait
echo "build at $(el)s; failed: $(cat $D/failed.txt 2>/dev/null | wc -l)" | tee -a $S
cat $D/failed.txt >> $S 2>/dev/null
# gates: wgmma serialized (C7510 anywhere; C7514/C7518 in FP8 units), spills in the GEMM kernels
grep -l "C7510" $D/obj/*.log $D/*/*.log >> $S 2>/dev/null && echo "GATE: C7510" >> $S
grep -l "C7514\|C7518" $D/obj/gemm_*_kk_e*.log $D/{direct,smem,s5,skew,smemskew}/gemm_*.log >> $S 2>/dev/null && echo "GATE: C7514/C7518" >> $S
for x in $D/obj/gemm_*.o.log $D/*/gemm_*.o.log; do
  awk -v u=$x '/Function properties for/ {f=$NF} /bytes spill/ && f ~ /^cutego_gemm_128x/ && !/ 0 bytes spill stores, 0 bytes spill loads/ {print u": "f": "$0}' $x
done > $OUT/spills.txt
echo "spill lines: $(wc -l < $OUT/spills.txt); C75xx notes: $(cat $D/obj/*.log $D/*/*.log | grep -c C75)" >> $S
L="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
for v in $V; do
  mkdir -p $D/$v/lib
  cp $D/obj/*.o $D/$v/lib/
  cp $D/$v/*.o $D/$v/lib/ 2>/dev/null   # the variant's block-scaled units and configs.o replace main's
  rm -f $D/$v/lib.a; ar rcs $D/$v/lib.a $D/$v/lib/*.o
  $NVCC $F $D/test_gemm_fp8.o $D/$v/lib.a $L -o $D/$v/test_gemm_fp8 > $D/$v/link.log 2>&1 &
  $NVCC $F $D/bench_gemm_fp8.o $D/$v/lib.a $L -o $D/$v/bench_gemm_fp8 >> $D/$v/link.log 2>&1 &
done
wait
echo "linked at $(el)s" >> $S
for v in $V; do
  timeout 30 $D/$v/test_gemm_fp8 --filter block > $D/logs/test_$v.log 2>&1
  echo "test $v rc=$? at $(el)s: $(tail -1 $D/logs/test_$v.log)" >> $S
  grep -h "^FAIL" $D/logs/test_$v.log | head -5 >> $S
done
for r in 1 2; do
  if [ $r = 2 ] && [ $(el) -lt 135 ]; then  # the shared-memory scales (cp.async, bulk copies) under memcheck
    timeout 15 $CUDA/bin/compute-sanitizer --tool memcheck $D/smem/test_gemm_fp8 --quick --filter "block small M=8,block odd MN-major scales K=333,block 128x192 N=1000,block 128x192 one K block,block batched L=4 shared scales" > $D/logs/memcheck_smem.log 2>&1
    echo "memcheck smem rc=$? at $(el)s: $(tail -2 $D/logs/memcheck_smem.log | tr '\n' ' ')" >> $S
  fi
  for v in $V; do
    [ $r = 2 ] && [ $(el) -gt 140 ] && { echo "round $r $v skipped at $(el)s" >> $S; continue; }
    timeout 20 $D/$v/bench_gemm_fp8 $D/logs/bs_${v}_$r.csv --blockscaled --reps 9 > $D/logs/bs_${v}_$r.log 2>&1
    echo "bench $v round $r rc=$? at $(el)s" >> $S
  done
done
python3 $R/geomeans.py $D/logs > $OUT/geomeans.txt 2>&1
for v in $V; do
  for u in gemm_128x128_kk_e4m3_blockscaled gemm_128x192_kk_e4m3_blockscaled; do
    o=$D/$v/$u.o; [ -f $o ] || o=$D/obj/$u.o
    $CUDA/bin/cuobjdump -sass $o > $D/logs/sass_${v}_$u.txt 2>&1
    echo "$v $u: $(python3 $R/../2026-12-02-promoted-loop/count_loop.py $D/logs/sass_${v}_$u.txt bf16_blockscaled | sed -n 2p)" >> $D/logs/loops.txt
  done
done
cp $D/obj/*.log $D/*/*.log $D/logs/ 2>/dev/null
tar czf $OUT/all.tar.gz -C $D logs
echo "done at $(el)s" >> $S
cat $S $OUT/geomeans.txt

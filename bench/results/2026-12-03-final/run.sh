#!/usr/bin/env bash
# The merged tree on the H200 in one call: bench/device/check.sh (every device test: test_gemm,
# test_gemm_graph, test_gemm_fp8, test_copy, the examples, Go's gpu.test, torch_fp8), then the
# sweep (bench_gemm --sweep, bf16 and fp16) timed as CUDA graphs (--graph: device time on both
# sides), then before/after: the session's starting tree (OLD, a copy of main f91dbb2 carried to
# .devwork/old) and this one, each with this tree's bench_gemm.cu, alternated twice in one call
# (bench/gemm_ab.sh) on decode, one-wave and large shapes.
# Usage (repo root, $OUT set; carry .devwork/old and .devwork/lead/carry):
#   bash bench/results/2026-12-03-final/run.sh
# $OUT: summary.txt and all.tgz (check/, sweep/, ab/).
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
t0=$(date +%s); S=$OUT/summary.txt; W=/tmp/final; mkdir -p $W/check $W/sweep $W/ab; el() { echo $(( $(date +%s)-t0 )); }
ROOT=$PWD
# the old tree's library, in the background (this tree's bench_gemm.cu against it)
( cd .devwork/old && D=$ROOT/.devwork/old_b bash $ROOT/bench/device/lib.sh > $W/old_lib.log 2>&1 &&
  $NVCC $F -I$CUDA/include -I$ROOT/.devwork/old/include $ROOT/bench/bench_gemm.cu $ROOT/.devwork/old_b/lib.a $LK \
    -o $ROOT/.devwork/old_b/bench_gemm > $W/old_link.log 2>&1; echo "old bench_gemm rc=$? at $(el)s" >> $S ) &
OUT=$W/check bash bench/device/check.sh > $W/check/check.out 2>&1
echo "check.sh done at $(el)s" >> $S
grep -E "rc=|checks|FAIL|ok  |PASS|ERROR" $W/check/final.txt | head -40 >> $S
wait
echo "old built: $(ls .devwork/old_b 2>/dev/null | tr '\n' ' ')" >> $S
B=.devwork/b/bench_gemm
for dt in bf16 f16; do
  timeout 200 $B $W/sweep/sweep_$dt.csv --sweep --graph --dtype $dt > $W/sweep/sweep_$dt.log 2>&1
  echo "sweep $dt (graph) rc=$? at $(el)s: $(tail -1 $W/sweep/sweep_$dt.log)" >> $S
done
SH=""
for s in 1,4096,4096 8,4096,4096 64,4096,4096 8,6144,4096 32,6144,4096 1,4096,14336 16,4096,11008 \
         128,6144,4096 256,11008,4096 512,6144,4096 1024,14336,4096 2048,2048,2048 4096,4096,4096 8192,8192,8192; do SH="$SH --shape $s"; done
if [ -x .devwork/old_b/bench_gemm ]; then
  timeout 240 bash bench/gemm_ab.sh $W/ab 2 .devwork/old_b/bench_gemm $B --graph --dtype bf16 $SH > $W/ab/ab.txt 2>&1
  echo "ab rc=$? at $(el)s" >> $S; cat $W/ab/ab.txt >> $S
fi
cp $W/check/final.txt $OUT/check_final.txt 2>/dev/null
tar czf $OUT/all.tgz -C /tmp final
echo "done at $(el)s" >> $S
cat $S

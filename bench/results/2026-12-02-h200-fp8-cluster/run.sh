#!/usr/bin/env bash
# One device call (~160 s, ~100 s of it the build): the GEMM library with its gates (no
# C7510/C7514/C7518, no spills), memcheck on small cases of the 2x1-cluster FP8 path, then per-tensor fast e4m3 -> bf16 against cuBLASLt (fast accumulation)
# in one process, interleaved (bench_gemm_fp8 --variants C:G:T = cluster_m:group_m:config):
#   sweep.*: 8192^3, 4096^3, 16384^3, 4096x14336x4096, 8192x28672x8192: the planner's pick (0:0:0),
#            no clusters (1:0:1, as before), 2x1 clusters (2:0:1), and raster groups of 4, 16 and
#            32 tile rows with and without clusters; cuBLASLt's algorithm printed per shape.
#   table.*: the 34 shapes of the FP8 table (squares 1024-16384, the LLM shapes): pick,
#            no clusters, clusters wherever the tiles are 128x256.
# Outputs under $OUT (objs.txz: the objects, for confirm.sh); run from the repository root (or a
# copy of it).
set -u
CUDA=/usr/local/cuda-13.0
NVCC=$CUDA/bin/nvcc
D=${D:-/tmp/fp8cluster}
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3"
I="-Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
mkdir -p $D/obj
export NVCC F I D
{
  ls kernels/gemm_128x*.cu | xargs -P 16 -I{} sh -c \
    'n=$(basename {} .cu); $NVCC $F $I -Xptxas -v -Xcompiler -fPIC -c {} -o $D/obj/$n.o 2> $D/$n.log || { cat $D/$n.log; exit 1; }' &
  $NVCC $F $I -Xcompiler -fPIC -c kernels/cutego_gemm.cu -o $D/obj/cutego_gemm.o &
  $NVCC $F $I -Xcompiler -fPIC -c kernels/cutego_copy.cu -o $D/obj/cutego_copy.o &
  $NVCC $F $I -I$CUDA/include -c csrc/gemm/test_gemm_fp8.cu -o $D/test_gemm_fp8.o &
  $NVCC $F $I -I$CUDA/include -c bench/bench_gemm_fp8.cu -o $D/bench_gemm_fp8.o &
  for c in csrc/tma/plan.c csrc/tma/encode.c csrc/gemm/plan.c csrc/gemm/waves.c; do
    gcc -std=c99 -O2 -fPIC -Iinclude -c $c -o $D/obj/$(echo $c | tr / _).o
  done
  g++ -std=c++17 -O2 -fPIC -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $D/obj/configs.o
  wait
} > $OUT/build.log 2>&1
echo "compiled at $(el)s" | tee $OUT/summary.txt
grep -c C75 $D/gemm_*.log | grep -v ":0" >> $OUT/summary.txt
grep -l 'C7510\|C7514\|C7518' $D/gemm_*.log >> $OUT/summary.txt && echo "GATE: C75xx (wgmma serialized)" >> $OUT/summary.txt
cat $D/*.log | awk '/Function properties for/ {f=$NF} /bytes spill/ && f ~ /^cutego_gemm_128x/ && !/ 0 bytes spill stores, 0 bytes spill loads/ {print "GATE spill " f": "$0}' >> $OUT/summary.txt
grep -h "registers" $D/gemm_128x256_kk_e4m3.log | sort | uniq -c >> $OUT/summary.txt
ar rcs $D/lib.a $D/obj/*.o
L="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
$NVCC $F $D/test_gemm_fp8.o $D/lib.a $L -o $D/test_gemm_fp8 >> $OUT/build.log 2>&1 &
$NVCC $F $D/bench_gemm_fp8.o $D/lib.a $L -o $D/bench_gemm_fp8 >> $OUT/build.log 2>&1 &
wait
echo "linked at $(el)s" >> $OUT/summary.txt
# the objects, for a second call that rebuilds only what changed (confirm.sh)
tar cf - -C $D obj test_gemm_fp8.o bench_gemm_fp8.o | xz -T16 -2 > $OUT/objs.txz
echo "objects $(stat -c %s $OUT/objs.txz) bytes at $(el)s" >> $OUT/summary.txt
timeout 30 $CUDA/bin/compute-sanitizer --tool memcheck $D/test_gemm_fp8 --quick --filter "cluster odd rows,cluster one row,cluster batched L=3" > $OUT/memcheck.log 2>&1
echo "memcheck rc=$? at $(el)s: $(tail -2 $OUT/memcheck.log | tr '\n' ' ')" >> $OUT/summary.txt
V="0:0:0,1:0:1,2:0:1,1:16:1,2:16:1,2:4:1,2:32:1"
timeout 45 $D/bench_gemm_fp8 $OUT/sweep.csv --variants $V --rounds 3 --shape 8192,8192,8192 --shape 4096,4096,4096 \
  --shape 16384,16384,16384 --shape 4096,14336,4096 --shape 8192,28672,8192 > $OUT/sweep.log 2>&1
echo "sweep rc=$? at $(el)s" >> $OUT/summary.txt
timeout 75 $D/bench_gemm_fp8 $OUT/table.csv --variants 0:0:0,1:0:0,2:0:0 --rounds 2 > $OUT/table.log 2>&1
echo "table rc=$? at $(el)s" >> $OUT/summary.txt
grep -h "==" $OUT/sweep.log $OUT/table.log >> $OUT/summary.txt
cat $OUT/summary.txt

#!/usr/bin/env bash
# The one-wave fit (helper onewave's device calls 1 and 3): builds the kernels library of this tree
# (bench/device/lib.sh), test_gemm, test_gemm_graph and bench_gemm with the device's nvcc; runs
# test_gemm_graph, test_gemm in full, memcheck and racecheck on two stream-K cases with fewer tiles
# than SMs; then times every decomposition and tile forced on the shapes near one wave (two passes,
# each a process per variant, variants alternated) and writes $OUT/variants.md. $OUT gets four
# files (summary.txt, variants.md, test_gemm.log, logs.tgz: every log and CSV): the device tool
# returns at most 8.
# Usage (repo root, $OUT set): bash bench/results/2026-12-02-one-wave/fit.sh
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); S=$OUT/summary.txt; el() { echo $(( $(date +%s)-t0 )); }
export D=${D:-build/onewave}; C=/tmp/onewave_csv; mkdir -p $D $C
bash bench/device/lib.sh > $C/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" $C/lib.log >> $S
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
for t in test_gemm test_gemm_graph; do $NVCC $F -I$CUDA/include csrc/gemm/$t.cu $D/lib.a $LK -o $D/$t > $C/link_$t.log 2>&1 & done
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $C/link_bench.log 2>&1 &
wait
echo "binaries at $(el)s: $(ls $D | tr '\n' ' ')" >> $S
run() { local t=$1 name=$2; shift 2; timeout $t "$@" > $C/$name.log 2>&1; echo "$name rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks|SUMMARY" $C/$name.log | tail -8 >> $S; }
run 40 test_gemm_graph $D/test_gemm_graph
run 80 test_gemm $D/test_gemm
SAN=$CUDA/bin/compute-sanitizer
run 40 memcheck $SAN --tool memcheck --error-exitcode 3 $D/test_gemm --filter "stream-K N=1002,stream-K M=40"
run 40 racecheck $SAN --tool racecheck --error-exitcode 3 $D/test_gemm --filter "stream-K N=1002,stream-K M=40"
W=""; for m in 64 128 256 512 1024; do for nk in 4096,4096 6144,4096 11008,4096 14336,4096; do W="$W --shape $m,$nk"; done; done
W="$W --shape 333,14336,4096 --shape 2048,11008,4096"
SM=""; for m in 64 128 256; do for nk in 4096,4096 6144,4096 11008,4096 14336,4096; do SM="$SM --shape $m,$nk"; done; done
BIG="--shape 2048,2048,2048 --shape 4096,4096,4096 --shape 8192,8192,8192"
B="--dtype bf16 --layout TN --reps 5"
v() { local name=$1 pass=$2; shift 2; timeout 40 $D/bench_gemm $C/${name}_$pass.csv $B "$@" > $C/${name}_$pass.log 2>&1 || echo "bench $name $pass rc=$?" >> $S; }
for pass in 1 2; do
  v auto $pass $W $BIG
  v dp $pass --decomposition 1 $W $BIG
  v dp256 $pass --decomposition 1 --config 1 $W
  v cl256 $pass --decomposition 1 --config 1 --cluster 2 $W $BIG
  v sk256 $pass --decomposition 3 --config 1 $W
  v dp128 $pass --decomposition 1 --config 2 $W
  v cl128 $pass --decomposition 1 --config 2 --cluster 2 $W
  v sk128 $pass --decomposition 3 --config 2 $W
  v split2 $pass --split-k 2 $SM
  v split4 $pass --split-k 4 $SM
  v narrow2 $pass --split-k 2 --config 3 $SM
  v sk128c64 $pass --decomposition 3 --config 2 --max-ctas 64 $SM
  v sk128c96 $pass --decomposition 3 --config 2 --max-ctas 96 $SM
  echo "pass $pass at $(el)s" >> $S
done
python3 bench/results/2026-12-02-one-wave/variants.py $C > $OUT/variants.md 2>&1
tar czf $OUT/logs.tgz -C $C . ; cp $C/test_gemm.log $OUT/ 2>/dev/null
echo "done at $(el)s" >> $S
cat $S

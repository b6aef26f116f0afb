#!/usr/bin/env bash
# The device check of the pitch packing (options.pitch_pack) and of split K / stream-K on packed
# copies, on the H200 (run from the repo root; $OUT set by the device tool; <= 150 s). Builds the
# kernels library (bench/device/lib.sh), test_gemm and bench_gemm with nvcc directly, runs test_gemm
# (every case: the "pitch" ones are new), then bench_gemm on six shapes:
#   AUTO      the default (the cost model of csrc/gemm/waves.c decides; packed plans may split)
#   BEFORE    --pitch-pack 2 --split-k 1: no pitch packs, K padded to 16 bytes, no split (none of
#             these six shapes split before this change, so this is the old launcher's choice)
#   OFF       --pitch-pack 2: no pitch packs, but packed plans split (100x4096x4100's split alone)
#   ON        --pitch-pack 1 on the two shapes the model may get wrong (1000^3, 3000x5000x1000)
# Output: $OUT/summary.txt (and the logs, the CSVs).
# Usage: bash bench/results/2026-12-02-pitch-pack/run.sh
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); S=$OUT/summary.txt; el() { echo $(( $(date +%s)-t0 )); }
export D=${D:-build/pitchpack}; mkdir -p $D
bash bench/device/lib.sh > $OUT/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" $OUT/lib.log >> $S
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static"
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -lcublasLt -lcublas -o $D/test_gemm > $OUT/link_test_gemm.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -lcublasLt -lcublas -o $D/bench_gemm > $OUT/link_bench_gemm.log 2>&1 &
wait
echo "binaries at $(el)s: $(ls $D | tr '\n' ' ')" >> $S
timeout 30 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "pitch|FAIL|test_gemm:" $OUT/test_gemm.log >> $S
SH="--shape 3000,5000,1000 --shape 3000,5000,1024 --shape 1000,1000,1000 --shape 100,4096,4100 --shape 4096,4096,4100 --shape 4096,4096,4096"
B="--dtype bf16 --layout TN --reps 5"
bench() { local name=$1; shift; echo "=== $name: $* ($(el)s)" >> $S
  timeout 25 $D/bench_gemm $OUT/bench_$name.csv $B "$@" > $OUT/bench_$name.log 2>&1; echo "rc=$? ($(el)s)" >> $S
  tail -8 $OUT/bench_$name.log >> $S; }
bench auto $SH
bench before --pitch-pack 2 --split-k 1 $SH
bench off --pitch-pack 2 $SH
bench on --pitch-pack 1 --shape 1000,1000,1000 --shape 3000,5000,1000
echo "done at $(el)s" >> $S
cat $S

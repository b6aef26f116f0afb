#!/usr/bin/env bash
# The device check and first measurement of the 256x128 tiles (CUTEGO_GEMM_CONFIG_256x128x64,
# options.config 5, off by default) on the H200, one call (run from the repo root; $OUT set by
# the device tool; <= 150 s). Builds the kernels library (bench/device/lib.sh), test_gemm and
# bench_gemm with nvcc directly; runs test_gemm on the new cases (--filter 256x128: every pair of
# majors and types, M past the tile, batches, beta, fp32 out, split K, the refusals), then
# bench_gemm (bf16 TN, --reps 5) on M in {64,128,256,512} x (N,K) in {(4096,4096), (6144,4096),
# (11008,4096), (14336,4096)} and 4096^3, three ways, interleaved shape set by shape set:
#   AUTO   the default (main's plan: the cost model of csrc/gemm/waves.c)
#   T256   --config 5 --decomposition 1: 256x128 tiles, data-parallel (no split, no stream-K)
#   T256S  --config 5: 256x128 tiles, split K where the wave rule says (small M)
# then, with the time left, compute-sanitizer memcheck on three small 256x128 cases and the whole
# test_gemm (nothing else changed behaviour).
# Output ($OUT, at most 8 files): summary.txt, test_gemm_256.log, bench_{auto,t256,t256s}.csv,
# rest.tgz (lib.log, link logs, bench logs, the full test_gemm log).
# Usage: bash bench/results/2026-12-02-tile256/run.sh
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); S=$OUT/summary.txt; el() { echo $(( $(date +%s)-t0 )); }
R=$OUT/rest; mkdir -p $R
export D=${D:-build/tile256}; mkdir -p $D
bash bench/device/lib.sh > $R/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" $R/lib.log >> $S
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static"
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -lcublasLt -lcublas -o $D/test_gemm > $R/link_test_gemm.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -lcublasLt -lcublas -o $D/bench_gemm > $R/link_bench_gemm.log 2>&1 &
wait
echo "binaries at $(el)s: $(ls $D | tr '\n' ' ')" >> $S
timeout 30 $D/test_gemm --filter 256x128 > $OUT/test_gemm_256.log 2>&1; echo "test_gemm --filter 256x128 rc=$? ($(el)s)" >> $S
grep -E "FAIL|test_gemm:|checks" $OUT/test_gemm_256.log | tail -20 >> $S
SH=""; for m in 64 128 256 512; do for nk in 4096,4096 6144,4096 11008,4096 14336,4096; do SH="$SH --shape $m,$nk"; done; done
SH="$SH --shape 4096,4096,4096"
B="--dtype bf16 --layout TN --reps 5"
bench() { local name=$1; shift; echo "=== $name: $* ($(el)s)" >> $S
  timeout 25 $D/bench_gemm $OUT/bench_$name.csv $B "$@" > $R/bench_$name.log 2>&1; echo "rc=$? ($(el)s)" >> $S
  grep -E "^shape|^==|WRONG" $R/bench_$name.log >> $S; }
bench auto $SH
bench t256 --config 5 --decomposition 1 $SH
bench t256s --config 5 $SH
if [ $(el) -lt 105 ]; then
  timeout 20 $CUDA/bin/compute-sanitizer --tool memcheck $D/test_gemm --filter "256x128 KK bf16->bf16,256x128 small M=40,256x128 MK f16->f16" \
    > $R/memcheck_256.log 2>&1; echo "memcheck 256x128 rc=$? ($(el)s)" >> $S
  grep -E "ERROR SUMMARY|test_gemm:" $R/memcheck_256.log >> $S
fi
if [ $(el) -lt 115 ]; then
  timeout 30 $D/test_gemm > $R/test_gemm_all.log 2>&1; echo "test_gemm (all) rc=$? ($(el)s)" >> $S
  grep -E "FAIL|test_gemm:" $R/test_gemm_all.log | tail -20 >> $S
else
  echo "test_gemm (all) skipped at $(el)s" >> $S
fi
tar czf $OUT/rest.tgz -C $OUT rest && rm -rf $R
echo "done at $(el)s" >> $S
cat $S

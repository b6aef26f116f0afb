#!/usr/bin/env bash
# 128x192x64 tiles (CUTEGO_GEMM_CONFIG_128x192x64, options.config 5, 16-bit, never picked on its
# own in this tree) on the H200: builds the kernels library of this tree (bench/device/lib.sh),
# test_gemm and bench_gemm with the device's nvcc; runs test_gemm in full (the 128x192 block, the
# refusals: stream-K and split_k in clusters with config 5, FP8 with config 5), compute-sanitizer
# memcheck on the small 128x192 cases, then bench_gemm bf16 on the one-wave shapes, ours as the
# planner chooses against ours with config 5 interleaved in one process (--ab-config 5), TN, and
# NT on two of them. $OUT gets at most 8 files: summary.txt, test_gemm.log, memcheck.log,
# bench_tn.log, bench_tn.csv, bench_nt.log, bench_nt.csv, logs.tgz (build and link logs).
# Usage (repo root, $OUT set): bash bench/results/2026-12-02-tile192/run.sh   (~80 s build + ~150 s)
#
# Predictions (H200, 132 SMs; a busy SM at ~77% of its MMA rate on either tile, so a wave of
# 128x192 tiles takes ~0.77 of a wave of 128x256 ones, 47.7 us at K = 4096):
#   256x11008x4096: 2 x 58 = 116 tiles, one wave: config 5 ~36.6 us (auto 47.4: 86 tiles of 128x256)
#   512x6144x4096:  4 x 32 = 128 tiles, one wave: config 5 ~36.6 us (auto 47.7: 96 tiles of 128x256)
#   256x6144x4096:  2 x 32 = 64 tiles, one wave: config 5 ~36.6 us (auto: whatever it picks today)
#   1024x6144x4096: 8 x 32 = 256 tiles, two waves: config 5 ~73 us
#   512x11008x4096: 4 x 58 = 232 tiles, two waves: config 5 ~73 us
#   256x14336x4096: 2 x 75 = 150 tiles, two waves: config 5 ~73 us, worse than auto (112 tiles of
#                   128x256 in one wave, ~48 us): the tile only pays where it saves a wave
#   4096x4096x4096: 32 x 22 = 704 tiles, 5.3 waves: config 5 ~0.9-0.95 of auto (4 full waves of 128x256)
# Every test_gemm case "ok", test_gemm exit 0, memcheck 0 errors, bench rel_ab_config < 1e-2.
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); S=$OUT/summary.txt; G=/tmp/tile192_logs; el() { echo $(( $(date +%s)-t0 )); }
export D=${D:-.devwork/b}; mkdir -p $D $G
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,temperature.gpu,power.draw --format=csv,noheader >> $S 2>&1
bash bench/device/lib.sh > $G/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
rm -f $D/test_gemm $D/bench_gemm
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_test_gemm.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_bench_gemm.log 2>&1 &
wait
echo "binaries at $(el)s: $(ls $D | tr '\n' ' ')" >> $S
[ -x $D/test_gemm ] && [ -x $D/bench_gemm ] || { echo "BUILD FAILED" >> $S; tar czf $OUT/logs.tgz -C /tmp tile192_logs; cat $S; exit 1; }
# test_gemm in full (~70 s): the 128x192 cases and every other case, the refusals, the memo
timeout 120 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -12 >> $S
echo "128x192 cases: $(grep -c '128x192' $OUT/test_gemm.log) lines, $(grep -E '^ok' $OUT/test_gemm.log | grep -c '128x192') ok" >> $S
# memcheck on the small 128x192 cases (every path: TMA-store and direct epilogues, clusters, split K, packing)
SAN=$CUDA/bin/compute-sanitizer
timeout 90 $SAN --tool memcheck --error-exitcode 3 $D/test_gemm \
  --filter "128x192 KK bf16->bf16,128x192 MN f16->f32,128x192 cluster MK,128x192 cluster KN,128x192 small M=40,128x192 small N=136,128x192 packed A,128x192 split-K 3,128x192 direct,128x192 batched" \
  > $OUT/memcheck.log 2>&1; echo "memcheck rc=$? ($(el)s)" >> $S
grep -E "ERROR SUMMARY|^FAIL|checks" $OUT/memcheck.log | tail -4 >> $S
# bench: ours as the planner chooses (auto) against config 5, interleaved per shape
SH="--shape 256,11008,4096 --shape 512,6144,4096 --shape 1024,6144,4096 --shape 512,11008,4096 --shape 256,6144,4096 --shape 256,14336,4096 --shape 4096,4096,4096"
timeout 120 $D/bench_gemm $OUT/bench_tn.csv --dtype bf16 --layout TN --ab-config 5 $SH > $OUT/bench_tn.log 2>&1
echo "bench TN rc=$? ($(el)s)" >> $S; grep -E "^shape|config 5|WRONG|geometric" $OUT/bench_tn.log >> $S
timeout 60 $D/bench_gemm $OUT/bench_nt.csv --dtype bf16 --layout NT --ab-config 5 --shape 256,11008,4096 --shape 512,6144,4096 > $OUT/bench_nt.log 2>&1
echo "bench NT rc=$? ($(el)s)" >> $S; grep -E "^shape|config 5|WRONG" $OUT/bench_nt.log >> $S
tar czf $OUT/logs.tgz -C /tmp tile192_logs
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# 64x64x64 tiles with ONE consumer warpgroup and 13 stages (CUTEGO_GEMM_CONFIG_64x64x64, options.config
# 6, 16-bit, the decode tile for M <= 64) on the H200: builds the kernels library of this tree
# (bench/device/lib.sh), test_gemm, test_gemm_graph and bench_gemm with the device's nvcc; runs
# test_gemm in full (the 64x64 block: every major pair x in/out type at M = 1..200, N = 1000 and
# 4096, split K 2 and 4, clusters, batches, packed A, the direct epilogue; the refusals: stream-K
# and FP8 with config 6; the automatic choice where this tree takes 64x64 tiles) and
# test_gemm_graph, compute-sanitizer memcheck on a few small 64x64 cases, then bench_gemm bf16 TN
# on the decode shapes, ours as the planner chooses against ours with config 6 interleaved in one
# process (--ab-config 6): M in {1, 8, 16, 32, 64} x (N, K) in {(4096,4096), (6144,4096),
# (14336,4096), (4096,14336), (11008,4096), (4096,11008), (28672,8192)} (35 shapes); then the
# same against config 3 (128x64, the tile the automatic choice took before 64x64) on the 20 shapes
# where cutego_gemm_narrow picks narrow tiles (N = 4096 or 6144).
# $OUT gets 8 files: summary.txt, test_gemm.log, memcheck.log, bench_tn.log, bench_tn.csv,
# bench_128x64.log, bench_128x64.csv, logs.tgz (build and link logs, test_gemm_graph.log).
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-decode/run.sh   (~90 s build + ~170 s)
#
# Predictions (H200, 132 SMs). Decode shapes are bound by B's bytes (the weights) at the rate the
# SMs pull them; the bytes in flight per SM bound that rate. 128x64 tiles keep 8 stages x 8 KiB =
# 64 KiB of B in flight per SM (their 16 KiB of A per stage is mostly rows past M); 64x64 ones 13
# x 8 KiB = 104 KiB (cuBLAS: nvjet_sm90_tst_64x8_64x16, 16 stages, 13.2 us on 8x6144x4096).
#   8x6144x4096:  auto (128x64, 96 tiles, no split) 16.9 us -> config 6 ~13.5 us (96 tiles of 64x64)
#   64x4096x4096: auto (128x64 in 2 slices) 11.6 us -> config 6 ~10 us (64 tiles in 2 slices)
#   1x4096x4096:  config 6 splits like 128x64 (64 tiles, 2 slices): ~0.85-0.9 of auto
#   N = 11008, 14336, 28672 (auto: 128x128, 86-224 tiles, no split, 96 KiB of B in flight): config
#     6 has 172-448 tiles, 1.3-3.4 waves where 128x128's fill 0.65-1.7, about the same bytes per
#     SM in flight: ~0.95-1.15 of auto (11008 worst: 40 SMs run a second 64x64 tile alone)
#   K = 14336 / 11008 at N = 4096 (64 tiles in 2 slices): config 6 0.85-0.9 of auto
# With this tree's automatic choice (the last commit: a 16-bit M <= 64 that took 128x64 runs on
# 64x64), auto and config 6 are the same plan on the 20 narrow shapes (N = 4096, 6144): "config 6"
# ratio ~1.00 there, and bench_128x64 shows auto (64x64) at ~0.8-0.9 of config 3's time; where
# 128x128 stays auto (N >= 11008: narrow off) config 6 is compared with it. Without that commit
# auto is 128x64 on the narrow shapes and bench_tn shows the gain.
# Every test_gemm case "ok", test_gemm exit 0, test_gemm_graph exit 0, memcheck 0 errors, bench
# rel_ab_config < 1e-2 (no WRONG RESULT).
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); S=$OUT/summary.txt; G=/tmp/decode_logs; el() { echo $(( $(date +%s)-t0 )); }
export D=${D:-.devwork/b}; mkdir -p $D $G
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,temperature.gpu,power.draw --format=csv,noheader >> $S 2>&1
bash bench/device/lib.sh > $G/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
rm -f $D/test_gemm $D/test_gemm_graph $D/bench_gemm
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_test_gemm.log 2>&1 &
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm_graph.cu $D/lib.a $LK -o $D/test_gemm_graph > $G/link_test_gemm_graph.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_bench_gemm.log 2>&1 &
wait
echo "binaries at $(el)s: $(ls $D | tr '\n' ' ')" >> $S
[ -x $D/test_gemm ] && [ -x $D/test_gemm_graph ] && [ -x $D/bench_gemm ] || {
  echo "BUILD FAILED" >> $S; tar czf $OUT/logs.tgz -C /tmp decode_logs; cat $S; exit 1; }
# test_gemm in full (~70 s): the 64x64 cases and every other case, the refusals, the memo
timeout 150 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -12 >> $S
echo "64x64 cases: $(grep -c '64x64' $OUT/test_gemm.log) lines, $(grep -E '^ok' $OUT/test_gemm.log | grep -c '64x64') ok" >> $S
grep -E "decode auto|narrow auto" $OUT/test_gemm.log >> $S
timeout 60 $D/test_gemm_graph > $G/test_gemm_graph.log 2>&1; echo "test_gemm_graph rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks|failures" $G/test_gemm_graph.log | tail -3 >> $S
# memcheck on small 64x64 cases (TMA-store and direct epilogues, M-major A, clusters, split K, packing, batches)
SAN=$CUDA/bin/compute-sanitizer
timeout 100 $SAN --tool memcheck --error-exitcode 3 $D/test_gemm \
  --filter "64x64 KK bf16->bf16,64x64 MN f16->f32,64x64 cluster KK,64x64 cluster MN,64x64 split-K 4,64x64 packed A,64x64 direct epilogue,64x64 batched B broadcast,64x64 batched M=100" \
  > $OUT/memcheck.log 2>&1; echo "memcheck rc=$? ($(el)s)" >> $S
grep -E "ERROR SUMMARY|^FAIL|checks" $OUT/memcheck.log | tail -4 >> $S
# bench: ours as the planner chooses (auto) against config 6, interleaved per shape, bf16 TN
SH=""
for m in 1 8 16 32 64; do
  for nk in 4096,4096 6144,4096 14336,4096 4096,14336 11008,4096 4096,11008 28672,8192; do SH="$SH --shape $m,$nk"; done
done
timeout 150 $D/bench_gemm $OUT/bench_tn.csv --dtype bf16 --layout TN --ab-config 6 $SH > $OUT/bench_tn.log 2>&1
echo "bench TN rc=$? ($(el)s)" >> $S; grep -E "^shape|config 6|WRONG|geometric" $OUT/bench_tn.log >> $S
# auto against 128x64 (config 3) on the narrow shapes
SH=""
for m in 1 8 16 32 64; do for nk in 4096,4096 6144,4096 4096,14336 4096,11008; do SH="$SH --shape $m,$nk"; done; done
timeout 100 $D/bench_gemm $OUT/bench_128x64.csv --dtype bf16 --layout TN --ab-config 3 $SH > $OUT/bench_128x64.log 2>&1
echo "bench 128x64 rc=$? ($(el)s)" >> $S; grep -E "^shape|config 3|WRONG|geometric" $OUT/bench_128x64.log >> $S
# the same timed as captured CUDA graphs (device time alone, --graph), logs in logs.tgz
timeout 100 $D/bench_gemm $G/bench_128x64_graph.csv --graph --dtype bf16 --layout TN --ab-config 3 $SH > $G/bench_128x64_graph.log 2>&1
echo "bench 128x64 graph rc=$? ($(el)s)" >> $S; grep -E "^shape|config 3|WRONG|geometric" $G/bench_128x64_graph.log >> $S
tar czf $OUT/logs.tgz -C /tmp decode_logs
echo "done at $(el)s" >> $S
cat $S

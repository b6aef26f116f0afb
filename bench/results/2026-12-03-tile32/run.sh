#!/usr/bin/env bash
# 64x32x64 tiles with one consumer warpgroup and 16 stages (CUTEGO_GEMM_CONFIG_64x32x64, options.config
# 7, 16-bit) on the H200, and the automatic choice that takes them for decode GEMMs that 64x64 tiles
# split: builds the kernels library of this tree (bench/device/lib.sh), test_gemm, test_gemm_graph
# and bench_gemm with the device's nvcc; runs test_gemm in full (the 64x32 block: every major pair x
# in/out type at M = 1..100, N = 1000 and 4096, K = 520 and 4096, beta, split K 2, clusters, batches,
# packed A, fp32 D by TMA and forced direct; the refusals: stream-K and FP8 with config 7; the
# automatic choice: 64x4096x4096 and 1x4096x14336 on 64x32 tiles unsplit) and test_gemm_graph,
# compute-sanitizer memcheck on a few small 64x32 cases, then bench_gemm bf16 TN as CUDA graphs
# (--graph: device time) and without, ours as the planner chooses (auto) against config 6 (64x64,
# the automatic tile before this tree) interleaved in one process (--ab-config 6), on M in {1, 8, 16,
# 32, 64} x (N, K) in {(4096,4096), (4096,14336), (4096,11008), (6144,4096)} (20 shapes).
# $OUT gets 8 files: summary.txt, test_gemm.log, memcheck.log, bench_graph.log, bench_graph.csv,
# bench.log, bench.csv, logs.tgz (build and link logs, test_gemm_graph.log).
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-tile32/run.sh   (~90 s build + ~200 s)
#
# Predictions (H200, 132 SMs). Measured before (bench/results/2026-12-03-decode): 64x4096x4096 on
# 64x64 tiles is 64 tiles in 2 slices of K (128 CTAs) and the reduction kernel, 10.8 us; cuBLAS 8.6
# (unsplit, 32x64 tiles, 128 CTAs, 16 stages). On 64x32 tiles N = 4096 is 128 tiles unsplit: one
# wave, no partial sums written and read back, no reduction kernel; per CTA A's 64 rows and B's 32
# rows of the whole K (cuBLAS's bytes), 16 stages x 4 KiB = 64 KiB of B in flight per SM (64x64
# had 104 KiB, but for half the K per CTA).
#   64x4096x4096 (auto 64x32 vs config 6): 10.8 -> ~9.0 us (ratio auto/config 6 ~0.83)
#   1, 8, 16, 32 x 4096 x 4096: likewise ~0.8-0.9 (the reduction's ~1-2 us gone)
#   M x 4096 x 14336 and x 11008 (64x64: 2 slices): the reduction kernel's ~1-2 us of ~25-30 and
#     ~20-24 us gone: ~0.93-0.97
#   M x 6144 x 4096: 192 tiles of 64x32 would be 1.5 waves: auto stays on 64x64 (96 tiles,
#     unsplit), the same plan as config 6: ratio ~1.00 (the control)
#   Without --graph the split side pays a second launch too (~2-3 us host): ratios ~0.05 lower.
# Every test_gemm case "ok", test_gemm exit 0, test_gemm_graph exit 0, memcheck 0 errors, bench
# rel_ab_config < 1e-2 (no WRONG RESULT).
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); S=$OUT/summary.txt; G=/tmp/tile32_logs; el() { echo $(( $(date +%s)-t0 )); }
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
  echo "BUILD FAILED" >> $S; tar czf $OUT/logs.tgz -C /tmp tile32_logs; cat $S; exit 1; }
# test_gemm in full (~80 s): the 64x32 cases and every other case, the refusals, the memo
timeout 170 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -12 >> $S
echo "64x32 cases: $(grep -c '64x32' $OUT/test_gemm.log) lines, $(grep -E '^ok' $OUT/test_gemm.log | grep -c '64x32') ok" >> $S
grep -E "decode auto|narrow auto" $OUT/test_gemm.log >> $S
timeout 60 $D/test_gemm_graph > $G/test_gemm_graph.log 2>&1; echo "test_gemm_graph rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks|failures" $G/test_gemm_graph.log | tail -3 >> $S
# memcheck on small 64x32 cases (direct epilogue with C, fp32 TMA stores, M-major A, N-major B in the
# 64-byte swizzle, clusters, split K, packing, batches)
SAN=$CUDA/bin/compute-sanitizer
timeout 110 $SAN --tool memcheck --error-exitcode 3 $D/test_gemm \
  --filter "64x32 KK bf16->bf16,64x32 MN f16->f32,64x32 KN bf16->f16,64x32 cluster KK,64x32 cluster MN,64x32 split-K 2 M=40,64x32 packed A,64x32 direct epilogue,64x32 batched B broadcast,64x32 batched M=100" \
  > $OUT/memcheck.log 2>&1; echo "memcheck rc=$? ($(el)s)" >> $S
grep -E "ERROR SUMMARY|^FAIL|checks" $OUT/memcheck.log | tail -4 >> $S
# bench: auto (this tree) against config 6 (64x64), interleaved per shape, bf16 TN; graphs, then not
SH=""
for m in 1 8 16 32 64; do for nk in 4096,4096 4096,14336 4096,11008 6144,4096; do SH="$SH --shape $m,$nk"; done; done
timeout 120 $D/bench_gemm $OUT/bench_graph.csv --graph --dtype bf16 --layout TN --ab-config 6 $SH > $OUT/bench_graph.log 2>&1
echo "bench graph rc=$? ($(el)s)" >> $S; grep -E "^shape|config 6|WRONG|geometric" $OUT/bench_graph.log >> $S
timeout 120 $D/bench_gemm $OUT/bench.csv --dtype bf16 --layout TN --ab-config 6 $SH > $OUT/bench.log 2>&1
echo "bench rc=$? ($(el)s)" >> $S; grep -E "^shape|config 6|WRONG|geometric" $OUT/bench.log >> $S
tar czf $OUT/logs.tgz -C /tmp tile32_logs
echo "done at $(el)s" >> $S
cat $S

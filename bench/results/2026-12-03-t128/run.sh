#!/usr/bin/env bash
# 64x128x64 tiles with one consumer warpgroup and 8 stages (CUTEGO_GEMM_CONFIG_64x128x64, options.config
# 8, 16-bit) on the H200, and the automatic choice that takes them where 128x128 tiles fill at most
# half a wave and 64x128 ones one wave, neither split (the tree's last commit): builds the kernels
# library of this tree (bench/device/lib.sh), test_gemm, test_gemm_graph and bench_gemm with the
# device's nvcc; runs test_gemm in full (the 64x128 block: every major pair x in/out type at M = 1,
# 40, 100, 200, N = 1000 and 4096, K = 520 and 4096, beta, split K 2, clusters, batches with B
# broadcast, packed A, the direct epilogue, 1000^3 / 1024^3 / 128x6144x4096 unsplit; the refusals:
# stream-K and FP8 with config 8; the automatic choice on 1000^3 and 1024^3) and test_gemm_graph,
# compute-sanitizer memcheck on a few small 64x128 cases, then bench_gemm bf16 TN as CUDA graphs
# (--graph: device time) and without, ours as the planner chooses (auto) against config 8 (64x128)
# interleaved in one process (--ab-config 8), on 13 shapes.
# $OUT gets 8 files: summary.txt, test_gemm.log, memcheck.log, bench_graph.log, bench_graph.csv,
# bench.log, bench.csv, logs.tgz (build and link logs, test_gemm_graph.log).
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-t128/run.sh   (~90 s build + ~250 s)
#
# Predictions (H200, 132 SMs; bench/GEMM-NOTES.md: cuBLAS runs 1000^3 and 1024^3 on 128 CTAs of
# 64x128, nvjet_sm90_tst_128x64_64x8_1x2, 7.0 us at 1024^3, 8.8 at 1000^3). Before: 1000^3 on 64
# tiles of 128x128 (10.9 us, half the SMs idle), 1024^3 on 128 of 128x64 (7.9 us), 128x6144x4096 on
# 96 of 128x64 (20.2 us, cuBLAS 16.3 on 64x96). On 64x128 tiles each CTA reads B's 128 rows once per
# 64 rows of A (as cuBLAS), one wave of 128 CTAs at 1000^3 / 1024^3, 96 at 128x6144.
#   config 8 (the "config 8" column):
#     1000^3: 10.9 -> ~8 us;  1024^3: 7.9 -> ~7.2;  768^3: ~6.7 (128x64 today) -> ~5.5-6
#     512^3: ~4-5 us either way (launch-bound; 32 tiles of 64x128 against 16 of 128x128)
#     128x6144x4096: 20.2 -> ~17;  128x4096x4096: config 8 has 64 tiles, the wave rule splits it
#       in 2 (as 128x64 today): ~1.0 of auto;  128x11008x4096: 172 tiles of 64x128 (1.3 waves)
#       against auto's 128x64 / 128x128: config 8 ~1.1-1.3x slower (the control)
#     256x4096x4096: 128 tiles of 64x128 unsplit against auto's 128x64 in 2 slices: ~0.9-1.0
#     256x6144x4096 (192 tiles, 1.5 waves), 1536^3, 2048^3, 3000x5000x1000, 4096^3: config 8
#       slower than auto (more waves of a half-size tile): ratios auto/config 8 ~0.6-0.9 (controls)
#   auto (the tree's rule): 1000^3, 1024^3, 768^3, 512^3 on 64x128 (ratio auto/config 8 = 1.00,
#     the same plan); every other shape unchanged from before this tree (128x6144x4096 keeps
#     128x64: 128x128 would split it, and the split-reducing narrow rule comes first; its config 8
#     column says whether 64x128 should take it too).
#   Without --graph: the same ratios within ~0.03 (one launch on both sides, except the split ones).
# Every test_gemm case "ok", test_gemm exit 0, test_gemm_graph exit 0, memcheck 0 errors, bench
# rel_ab_config < 1e-2 (no WRONG RESULT).
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
t0=$(date +%s); S=$OUT/summary.txt; G=/tmp/t128_logs; el() { echo $(( $(date +%s)-t0 )); }
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
  echo "BUILD FAILED" >> $S; tar czf $OUT/logs.tgz -C /tmp t128_logs; cat $S; exit 1; }
# test_gemm in full (~90 s): the 64x128 cases and every other case, the refusals, the memo
timeout 200 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -12 >> $S
echo "64x128 cases: $(grep -c '64x128' $OUT/test_gemm.log) lines, $(grep -E '^ok' $OUT/test_gemm.log | grep -c '64x128') ok" >> $S
grep -E "square auto|decode auto|narrow auto" $OUT/test_gemm.log >> $S
timeout 60 $D/test_gemm_graph > $G/test_gemm_graph.log 2>&1; echo "test_gemm_graph rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks|failures" $G/test_gemm_graph.log | tail -3 >> $S
# memcheck on small 64x128 cases (TMA stores of 2 and 4 chunks, beta, M-major A, N-major B in two
# loads per stage, clusters, split K, packing, batches, the direct epilogue)
SAN=$CUDA/bin/compute-sanitizer
timeout 120 $SAN --tool memcheck --error-exitcode 3 $D/test_gemm \
  --filter "64x128 KK bf16->bf16,64x128 MN f16->f32,64x128 KN bf16->f16,64x128 cluster KK,64x128 cluster MN,64x128 split-K 2 M=40,64x128 packed A,64x128 direct epilogue,64x128 batched B broadcast,64x128 batched M=100" \
  > $OUT/memcheck.log 2>&1; echo "memcheck rc=$? ($(el)s)" >> $S
grep -E "ERROR SUMMARY|^FAIL|checks" $OUT/memcheck.log | tail -4 >> $S
# bench: auto (this tree) against config 8 (64x128), interleaved per shape, bf16 TN; graphs, then not
SH=""
for s in 1000,1000,1000 1024,1024,1024 768,768,768 512,512,512 1536,1536,1536 2048,2048,2048 \
         128,6144,4096 128,4096,4096 128,11008,4096 256,4096,4096 256,6144,4096 3000,5000,1000 4096,4096,4096; do
  SH="$SH --shape $s"; done
timeout 150 $D/bench_gemm $OUT/bench_graph.csv --graph --dtype bf16 --layout TN --ab-config 8 $SH > $OUT/bench_graph.log 2>&1
echo "bench graph rc=$? ($(el)s)" >> $S; grep -E "^shape|config 8|WRONG|geometric" $OUT/bench_graph.log >> $S
timeout 150 $D/bench_gemm $OUT/bench.csv --dtype bf16 --layout TN --ab-config 8 $SH > $OUT/bench.log 2>&1
echo "bench rc=$? ($(el)s)" >> $S; grep -E "^shape|config 8|WRONG|geometric" $OUT/bench.log >> $S
tar czf $OUT/logs.tgz -C /tmp t128_logs
echo "done at $(el)s" >> $S
cat $S

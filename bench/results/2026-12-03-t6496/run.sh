#!/usr/bin/env bash
# 64x96x64 tiles with one consumer warpgroup and 10 stages (CUTEGO_GEMM_CONFIG_64x96x64,
# options.config 9, 16-bit, taken only when asked for) on the H200 (prepared, not run): builds the
# kernels library of this tree (bench/device/lib.sh), test_gemm and bench_gemm with the device's
# nvcc; runs test_gemm in full (the 64x96 block: every major pair x in/out type at M = 1, 40, 100,
# 200, N = 1000 and 4096, K = 520 and 4096, beta, 128x6144x4096 unsplit and with 2x1 clusters,
# split K 2, clusters, batches with B broadcast, packed A, the direct epilogue with fp32 D; the
# refusals: stream-K and FP8 with config 9), compute-sanitizer memcheck on a few small 64x96
# cases, then bench_gemm bf16 TN as CUDA graphs (--graph: device time), ours as the planner
# chooses (auto) against config 9 (64x96) interleaved in one process (--ab-config 9), on 13
# shapes; then config 9 with 2x1 clusters against none (--cluster 2 --ab-cluster --config 9).
# $OUT gets: summary.txt, test_gemm.log, memcheck.log, bench_graph.log, bench_graph.csv,
# bench_cluster.log, bench_cluster.csv, logs.tgz (build and link logs).
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-t6496/run.sh   (~90 s build + ~200 s)
#
# Predictions (H200, 132 SMs). cuBLAS runs 128x6144x4096 on 64x96 tiles in 2x1 clusters (2 x 64 =
# 128 CTAs, one wave); ours today takes 64x128 (96 tiles, 36 SMs idle): 18.3 us, 0.88 of cuBLAS.
#   config 9 (the "config 9" column): 128x6144x4096: 18.3 -> ~16 us (128 CTAs of 64x96, one full
#     wave; each CTA's B is 3/4 of 64x128's, A the same, 10 stages in flight against 8);
#     128x4096x4096: 2 x 43 = 86 tiles against auto's 64x128 in 2 slices: ~1.0 of auto;
#     100x6144x4096: as 128x6144 (two tile rows, the second partial): ~16 us against auto's 64x128;
#     256x6144x4096: 4 x 64 = 256 tiles, two waves (one 124 short) against auto's one wave: slower
#     (~0.7-0.8 of auto: the control); N = 11008 and 14336 (115 / 150 column tiles: 230-600 tiles,
#     2-5 waves of a small tile) against auto's 128x128 / 128x192 / stream-K: slower (controls);
#     128x4096x14336: 86 tiles against auto's split: ~0.9-1.0.
#   --cluster 2 --config 9 against none: the pair of M tiles shares B by multicast; at
#     128x6144x4096 ~1.0-1.05x (the clusters' gain on the one-wave class: 0.87-1.08).
# Every test_gemm case "ok", test_gemm exit 0, memcheck 0 errors, bench rel_ab_config < 1e-2 (no
# WRONG RESULT).
set -u
G=/tmp/t6496_logs; . bench/device/env.sh
export D=${D:-.devwork/b}; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,temperature.gpu,power.draw --format=csv,noheader >> $S 2>&1
bash bench/device/lib.sh > $G/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S
rm -f $D/test_gemm $D/bench_gemm
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_test_gemm.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_bench_gemm.log 2>&1 &
wait
echo "binaries at $(el)s: $(ls $D | tr '\n' ' ')" >> $S
[ -x $D/test_gemm ] && [ -x $D/bench_gemm ] || {
  echo "BUILD FAILED" >> $S; tar czf $OUT/logs.tgz -C /tmp t6496_logs; cat $S; exit 1; }
# test_gemm in full: the 64x96 cases and every other case, the refusals, the memo
timeout 240 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -12 >> $S
echo "64x96 cases: $(grep -c '64x96' $OUT/test_gemm.log) lines, $(grep -E '^ok' $OUT/test_gemm.log | grep -c '64x96') ok" >> $S
# memcheck on small 64x96 cases (the direct epilogue of 16-bit D, TMA stores of three fp32 chunks,
# beta, M-major A, N-major B in three 64-byte-swizzle loads per stage, clusters, split K, packing,
# batches)
timeout 150 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm \
  --filter "64x96 KK bf16->bf16,64x96 MN f16->f32,64x96 KN bf16->f16,64x96 cluster KK,64x96 cluster MN,64x96 split-K 2 M=40,64x96 packed A,64x96 direct epilogue f32,64x96 batched B broadcast" \
  > $OUT/memcheck.log 2>&1; echo "memcheck rc=$? ($(el)s)" >> $S
grep -E "ERROR SUMMARY|^FAIL|checks" $OUT/memcheck.log | tail -4 >> $S
# bench: auto against config 9 (64x96), interleaved per shape, bf16 TN, graphs
SH=""
for m in 100 128 256; do for n in 4096 6144 11008 14336; do SH="$SH --shape $m,$n,4096"; done; done
SH="$SH --shape 128,4096,14336"
timeout 200 $D/bench_gemm $OUT/bench_graph.csv --graph --dtype bf16 --layout TN --ab-config 9 $SH > $OUT/bench_graph.log 2>&1
echo "bench graph, auto against config 9, rc=$? ($(el)s)" >> $S; grep -E "^shape|config 9|WRONG|geometric" $OUT/bench_graph.log >> $S
# config 9 with 2x1 clusters against config 9 without (same process)
timeout 200 $D/bench_gemm $OUT/bench_cluster.csv --graph --dtype bf16 --layout TN --config 9 --cluster 2 --ab-cluster $SH \
  > $OUT/bench_cluster.log 2>&1
echo "bench graph, config 9 clusters against none, rc=$? ($(el)s)" >> $S
grep -E "^shape|clusters|WRONG|geometric" $OUT/bench_cluster.log >> $S
# summary: 128x6144x4096, the shape this tile is for
echo "== 128x6144x4096 (predicted: 18.3 us on 64x128 -> ~16 us on 64x96)" >> $S
grep -A2 -E " 128 +6144 +4096 " $OUT/bench_graph.log $OUT/bench_cluster.log | sed -E 's/ +/ /g' >> $S
tar czf $OUT/logs.tgz -C /tmp t6496_logs
echo "done at $(el)s" >> $S
cat $S

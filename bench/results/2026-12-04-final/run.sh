#!/usr/bin/env bash
# The session's final tree on the H200 (one call, ~7 minutes): memcheck of FP8 stream-K's cases,
# the bf16 and fp16 sweeps (CUDA graphs, interleaved timer) and bench_gemm_fp8's per-tensor table.
# Predicted: sweeps bf16 ~1.11, fp16 ~1.11 geomean (the deferred stores +0.5-2% on the large
# shapes); FP8 per-tensor geomean 1.009 -> ~1.013 (1024 x 14336 x {4096, 11008, 14336} on
# stream-K, 1.03-1.07x).
set -u
G=/tmp/final; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree csrc/gemm/test_gemm_fp8 bench/bench_gemm bench/bench_gemm_fp8
sanitize memcheck 150 test_gemm_fp8 "stream-K 128x256 e4m3xe4m3,stream-K 128x128 e5m2"
sweep bf16 f16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
timeout 110 $D/bench_gemm_fp8 $OUT/fp8.csv > $OUT/fp8.log 2>&1
echo "fp8 per-tensor rc=$? at $(el)s: $(grep -i "geometric" $OUT/fp8.log | tail -2 | tr '\n' ' ')" >> $S
echo "done at $(el)s" >> $S; cat $S

#!/usr/bin/env bash
# One call for two changes (~8 minutes): FP8 stream-K (bench/results/2026-12-04-fp8-streamk/run.sh,
# its predictions there) and, beside it, the deferred stores restricted to tiles of >= 192
# columns against the same tree with them off (nodefer.patch: only the 128x256 and 128x192 16-bit
# units rebuilt), alternated twice. Predicted for the deferred stores: 1.005-1.015x on 4096^3 and
# the LLM shapes of several 128x256 tiles per CTA (the first run: +0.4-1.3% to cuBLAS there, 8192^3
# -1.5%, noise-sized); one-wave shapes 1.00x (1024^3 no longer changed: 64x128 keeps one loop).
set -u
G=/tmp/combo; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=.devwork/b
variant_prepare nodefer bench/results/2026-12-04-epilogue/nodefer.patch
variant_compile nodefer:gemm_128x256_kk nodefer:gemm_128x192_kk &
R=bench/results/2026-12-04-fp8-streamk
. <(sed -n '/^variant_prepare before/,$p' $R/run.sh | sed '/^echo "done at/,$d')
wait
grep -E "BUILD-FAIL" $G/variants.log >> $S
variant_link nodefer
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_bg.log 2>&1 || echo "LINK-FAIL bench_gemm" >> $S
SH=""; for s in 4096,4096,4096 8192,8192,8192 8192,4096,4096 4096,14336,4096 16384,6144,4096 4096,4096,11008 \
  2048,28672,8192 4096,11008,4096 2048,2048,2048 3000,5000,1000; do SH="$SH --shape $s"; done
ab deferred 2 $G/nodefer/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH
echo "done at $(el)s" >> $S; cat $S

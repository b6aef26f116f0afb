#!/usr/bin/env bash
# Each tile's stores deferred under the next tile's first k-tiles (DeferredStore, gemm_kernels.cuh)
# against the tree without it (deferred.patch reversed; both libraries built whole), alternated
# twice, CUDA graphs (one call, ~6 minutes). Predicted from the no-epilogue bound of run2.sh (4096^3
# 3.0%, 8192 x 4096^2 5.0%, 4096 x 14336 3.2%, 8192^3 2.1%): half of it where 2 of 4 chunks are
# deferred (128x256), i.e. 4096^3 and the LLM shapes of 4+ tiles per CTA 1.01-1.025x, 8192^3
# ~1.01x; one-wave shapes (one tile per CTA: nothing to defer under) 1.00x.
# Also test_gemm (the deferred cases: few CTAs, short K, 128x192's odd chunk count), memcheck and
# racecheck of them, test_gemm_fp8 and test_gemm_graph.
set -u
G=/tmp/epi3; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-04-epilogue
export D=.devwork/b
variant_prepare before $R/deferred.patch -R
if grep -q PATCH-FAIL $S; then cat $S; exit 1; fi
(cd $G/before/src && D=$G/before/b bash bench/device/lib.sh > $G/lib_before.log 2>&1) &
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm
wait
grep -E "lib:|BUILD-FAIL" $G/lib_before.log | sed 's/^/before: /' >> $S
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/before/b/lib.a $LK -o $G/before/bench_gemm > $G/link_before.log 2>&1 || echo "LINK-FAIL before" >> $S
echo "built both at $(el)s" >> $S
run_test 200 test_gemm
run_test 150 test_gemm_fp8
run_test 150 test_gemm_graph
sanitize memcheck 120 test_gemm deferred
sanitize racecheck 150 test_gemm "deferred 128x256 K 64"
SH=""; for s in 2048,2048,2048 4096,4096,4096 8192,8192,8192 8192,4096,4096 4096,14336,4096 16384,6144,4096 \
  4096,4096,11008 2048,28672,8192 4096,11008,4096 512,4096,4096 1024,1024,1024 256,6144,4096 3000,5000,1000; do SH="$SH --shape $s"; done
ab deferred 2 $G/before/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH
ab deferred16 1 $G/before/bench_gemm $D/bench_gemm --graph --dtype f16 --shape 4096,4096,4096 --shape 8192,8192,8192 --shape 4096,14336,4096
echo "done at $(el)s" >> $S; cat $S

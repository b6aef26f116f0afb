#!/usr/bin/env bash
# The tensor maps prefetched before the grid-dependency wait (prefetch.tensormap, CUTLASS's
# prefetch_tma_descriptor) against the tree without it (prefetch.patch -R, every kernel unit
# rebuilt), alternated twice, CUDA graphs (one call, ~5 minutes). Predicted: the one-wave small
# shapes, where a CTA's first TMA load waits for its descriptor, 0.1-0.3 us faster (256^3 3.8 us,
# 512^3 4.0, 1024^3 6.2, 1000^3 8.8, 64 x 4096^2 9.5, 8 x 4096^2 8.2, 128 x 6144 17.5): 1.01-1.05x;
# the large ones (4096^3) 1.00x. Also test_gemm on the tree.
set -u
G=/tmp/pf; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-04-prefetch
export D=.devwork/b
variant_prepare before $R/prefetch.patch -R
if grep -q PATCH-FAIL $S; then cat $S; exit 1; fi
(cd $G/before/src && D=$G/before/b bash bench/device/lib.sh > $G/lib_before.log 2>&1) &
build_tree bench/bench_gemm csrc/gemm/test_gemm
wait
grep -E "lib:|BUILD-FAIL" $G/lib_before.log | sed 's/^/before: /' >> $S
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/before/b/lib.a $LK -o $G/before/bench_gemm > $G/link_before.log 2>&1 || echo "LINK-FAIL before" >> $S
echo "built both at $(el)s" >> $S
run_test 200 test_gemm
SH=""; for s in 256,256,256 512,512,512 1024,1024,1024 1000,1000,1000 64,4096,4096 8,4096,4096 128,6144,4096 \
  256,6144,4096 512,14336,4096 4096,4096,4096; do SH="$SH --shape $s"; done
ab pf 2 $G/before/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH
echo "done at $(el)s" >> $S; cat $S

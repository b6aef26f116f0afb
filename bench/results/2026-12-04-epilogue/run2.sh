#!/usr/bin/env bash
# The epilogue's share on every tile (one call, ~4 minutes): the tree against the tree without
# the epilogue's stores (noepi_all.patch: timing only, D is not written; bench_gemm --no-verify),
# every kernel unit the shapes below run. Predicted: one-wave shapes 3-8% (2048^3 measured 8% in
# the first call: one 128x256 tile per CTA, nothing to hide the epilogue behind); 4 tiles per CTA
# (4096^3) ~2%, 8192^3 ~1%.
set -u
G=/tmp/epi2; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-04-epilogue
export D=.devwork/b
variant_prepare noepi $R/noepi_all.patch
if grep -q PATCH-FAIL $S; then cat $S; exit 1; fi
U=""; for u in 128x256 128x128 64x128 64x64 64x96 128x96 64x32 128x168 128x224; do U="$U noepi:gemm_${u}_kk"; done
variant_compile $U &
build_tree bench/bench_gemm
wait
grep -E "BUILD-FAIL" $G/variants.log >> $S
variant_link noepi
echo "linked at $(el)s" >> $S
SH=""; for s in 256,256,256 512,512,512 1000,1000,1000 1024,1024,1024 2048,2048,2048 8,4096,4096 64,4096,4096 \
  128,6144,4096 256,6144,4096 256,11008,4096 512,4096,4096 512,14336,4096 4096,4096,4096 8192,8192,8192 \
  8192,4096,4096 4096,14336,4096 16384,6144,4096; do SH="$SH --shape $s"; done
ab noepi 2 $D/bench_gemm $G/noepi/bench_gemm --graph --dtype bf16 --no-verify $SH
echo "done at $(el)s" >> $S; cat $S

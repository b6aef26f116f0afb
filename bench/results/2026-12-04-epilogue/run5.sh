#!/usr/bin/env bash
# The end of a GEMM kernel: wait until its last TMA stores have read shared memory (CUTLASS's
# store_tail, cp.async.bulk.wait_group.read 0) instead of until they have written global memory
# (waitread.patch, the 9 16-bit units the shapes run rebuilt over the tree's), and the direct
# epilogue (options.direct_epilogue) on the one-wave shapes, each against the tree, alternated.
# Predicted: waitread 1.02-1.08x on one-wave shapes (a 3-25 us kernel no longer waits for the
# last stores' writes, ~0.3-0.6 us), 1.00x on long ones; direct epilogue 0.9-1.05x (unknown on one
# tile per CTA: no staging, no barriers, but 16-byte rows per warp store).
# Also test_gemm and test_gemm_graph (its chains of dependent GEMMs, programmatic launches)
# against the variant.
set -u
G=/tmp/wr; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-04-epilogue
export D=.devwork/b
variant_prepare waitread $R/waitread.patch
if grep -q PATCH-FAIL $S; then cat $S; exit 1; fi
U=""; for u in 128x256 128x128 64x128 64x64 64x96 128x96 64x32 128x168 128x224; do U="$U waitread:gemm_${u}_kk"; done
variant_compile $U &
build_tree bench/bench_gemm
wait
grep -E "BUILD-FAIL" $G/variants.log >> $S
variant_link waitread
for t in test_gemm test_gemm_graph; do
  $NVCC $F -I$CUDA/include csrc/gemm/$t.cu $G/waitread/lib.a $LK -o $G/waitread/$t > $G/link_$t.log 2>&1 || echo "LINK-FAIL $t" >> $S &
done
wait
echo "linked at $(el)s" >> $S
for t in test_gemm test_gemm_graph; do
  timeout 60 $G/waitread/$t > $OUT/waitread_$t.log 2>&1; echo "waitread $t rc=$? $(grep -E 'checks' $OUT/waitread_$t.log | tail -1)" >> $S
done
SH=""; for s in 256,256,256 512,512,512 1000,1000,1000 1024,1024,1024 2048,2048,2048 8,4096,4096 64,4096,4096 \
  128,6144,4096 256,6144,4096 512,4096,4096 256,11008,4096 333,14336,4096 1024,14336,4096 4096,4096,4096; do SH="$SH --shape $s"; done
ab waitread 2 $D/bench_gemm $G/waitread/bench_gemm --graph --dtype bf16 $SH
printf '#!/bin/bash\nexec %s "$@" --direct-epilogue\n' "$PWD/$D/bench_gemm" > $G/direct.sh; chmod +x $G/direct.sh
ab direct 1 $D/bench_gemm $G/direct.sh --graph --dtype bf16 $SH
echo "done at $(el)s" >> $S; cat $S

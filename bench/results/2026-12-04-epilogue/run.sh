#!/usr/bin/env bash
# The epilogue's share of a 128x256 tile, and consumer warpgroups skewed so that one's epilogue
# overlaps the other's main loop (one call, ~5 minutes). Variants of gemm_128x256_kk only:
#   noepi: no epilogue (timing only: D is not written);
#   skew1 / skew2: the second consumer warpgroup starts its first tile once the first has issued
#   1 / 2 k-tiles (a named barrier), so their epilogues fall at different times.
# Predicted: noepi 1.5-2% faster on 4096^3 (a ~1,500-cycle epilogue per 64 k-tiles), ~1% at 8192^3;
# skew 0-1% (each stage of skew is a stage less of prefetch for the leading warpgroup).
# Also: the device tests on main, bench_gemm_fp8 on the shared interleaved timer (never run yet).
set -u
G=/tmp/epi; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-04-epilogue
export D=.devwork/b
for v in noepi skew1 skew2; do variant_prepare $v $R/$v.patch; done
if grep -q PATCH-FAIL $S; then cat $S; exit 1; fi
variant_compile noepi:gemm_128x256_kk skew1:gemm_128x256_kk skew2:gemm_128x256_kk &
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm bench/bench_gemm_fp8
wait
grep -E "BUILD-FAIL" $G/variants.log >> $S
for v in noepi skew1 skew2; do variant_link $v; done
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $G/skew2/lib.a $LK -o $G/skew2/test_gemm > $G/link_t2.log 2>&1 || echo "LINK-FAIL skew2 test" >> $S
echo "variants linked at $(el)s" >> $S
run_test 200 test_gemm
run_test 150 test_gemm_fp8
run_test 150 test_gemm_graph
timeout 100 $G/skew2/test_gemm > $OUT/test_gemm_skew2.log 2>&1; echo "skew2 test_gemm rc=$? $(grep -E 'checks' $OUT/test_gemm_skew2.log | tail -1)" >> $S
SH=""; for s in 2048,2048,2048 4096,4096,4096 8192,8192,8192 8192,4096,4096 4096,14336,4096 16384,6144,4096 \
  4096,4096,11008 2048,28672,8192; do SH="$SH --shape $s"; done
ab noepi 2 $D/bench_gemm $G/noepi/bench_gemm --graph --dtype bf16 $SH
ab skew1 2 $D/bench_gemm $G/skew1/bench_gemm --graph --dtype bf16 $SH
ab skew2 2 $D/bench_gemm $G/skew2/bench_gemm --graph --dtype bf16 $SH
timeout 110 $D/bench_gemm_fp8 $OUT/fp8.csv > $OUT/fp8.log 2>&1
echo "fp8 per-tensor rc=$? at $(el)s: $(grep -i "geometric" $OUT/fp8.log | tail -2 | tr '\n' ' ')" >> $S
timeout 80 $D/bench_gemm_fp8 $OUT/blockscaled.csv --blockscaled --reps 9 > $OUT/blockscaled.log 2>&1
echo "blockscaled rc=$? at $(el)s: $(tail -2 $OUT/blockscaled.log | tr '\n' ' ')" >> $S
echo "done at $(el)s" >> $S; cat $S

#!/usr/bin/env bash
# Issue 20: a column-major D computed as D^T = B A^T, row-major (cutego_gemm_swap_ab; landed in
# session 27 without a device). Main's tree with no patch applied (swapd.patch is the launcher's and
# planner's change alone, reversed here to build the launcher from before it); ~6 minutes.
# 1. test_gemm (its "col-major" cases: 6 swapped, the rest asked for a configuration or not
#    swapped, each checked for CUTEGO_GEMM_F_SWAP_AB either way) and test_gemm_fp8 (4 swapped,
#    e4m3 x e5m2 and e5m2 x e4m3 pairs with per-tensor scales among them); memcheck of the swapped
#    cases.
# 2. The launcher before (old) against after, in turn, bench_gemm --d-col (D column-major; cuBLAS's
#    D as it is), bf16 TN on session 24's ten shapes, three rounds; f16 NN on three; row-major D on
#    three (nothing may change there); the host time per call of a column-major D (--host --d-col).
# Predicted (session 24's col/row ratios, measured in one process: bench/results/2026-12-05-dtrans):
# where the rule swaps, the time of a row-major D on the same tiles: 4096^3 1.09x (0.905 -> 0.989 of
# cuBLAS), 8192^3 1.03x, the batch of 64 x 2048^2 x 128 1.97x (0.448 -> 0.883), 1000^3 1.13x,
# 3000 x 5000 x 1000 1.10-1.15x, 16384 x 4096 x 11008 1.02-1.05x; unswapped (333 x 14336, 512 x
# 11008, 1024 x 14336, 100 x 4096 x 4100) within +-1%; NN as TN; row-major D within +-1%; the
# host time of a column-major call +0.2-0.5 us (one more memo lookup: 681 -> 907 ns against the
# counting runtime, csrc/gemm/test_gemm_host.cc --bench).
set -u
G=$PWD/.devwork/swapd; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$PWD/.devwork/b; mkdir -p $D
R=bench/results/2026-12-05-swapd
variant_prepare old $R/swapd.patch -R
variant_compile old:cutego_gemm &
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 bench/bench_gemm
wait
variant_link old planner
echo "old linked at $(el)s: $(ls $G/old/bench_gemm 2>/dev/null)" >> $S
run_test 200 test_gemm
grep "col-major" $OUT/test_gemm.log | cut -c1-130 >> $S
run_test 150 test_gemm_fp8
grep "col-major" $OUT/test_gemm_fp8.log | cut -c1-130 >> $S
sanitize memcheck 150 test_gemm "beta (swapped),f32 (swapped)"
SH="--shape 4096,4096,4096 --shape 8192,8192,8192 --shape 2048,2048,128,64 --shape 3000,5000,1000"
SH="$SH --shape 1000,1000,1000 --shape 333,14336,4096 --shape 512,11008,4096 --shape 1024,14336,4096"
SH="$SH --shape 100,4096,4100 --shape 16384,4096,11008"
ab dcol 3 $G/old/bench_gemm $D/bench_gemm --graph --dtype bf16 --d-col $SH
ab dcol_nn 2 $G/old/bench_gemm $D/bench_gemm --graph --dtype f16 --layout NN --d-col --shape 4096,4096,4096 \
  --shape 3000,5000,1000 --shape 2048,2048,128,64
ab rowd 2 $G/old/bench_gemm $D/bench_gemm --graph --dtype bf16 --shape 4096,4096,4096 --shape 1024,14336,4096 \
  --shape 128,4096,4096
for v in old new; do
  b=$D/bench_gemm; [ $v = old ] && b=$G/old/bench_gemm
  timeout 60 $b /dev/null --host --d-col > $G/host_$v.log 2>&1
  echo "host, D column-major, $v: $(grep '^host' $G/host_$v.log | tr '\n' ';')" >> $S
done
(cd $OUT && tar czf logs.tgz test_gemm*.log && rm -f test_gemm*.log)
(cd $G && tar czf $OUT/ab.tgz dcol dcol_nn rowd host_*.log *.log 2>/dev/null)
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Session 32, device call 1 (carry build/carry/lib.a.gz: the tree's build/kernels/libcutego_kernels.a, built on the
# CPU machine; ~5-6 min). The decode shapes slowed between
# 2026-12-04-s21-final and 2026-12-05-dtrans on the same card type (H200: 1-32 x 4096^2 8.3-8.5 ->
# 9.4-9.5 us, 64 x 4096^2 9.0 -> 9.7, 256^3 3.40 -> 3.69; cuBLAS unchanged), and have stayed there on
# the H100 (sessions 29-31: 0.84-0.92 of cuBLAS). The only kernel change between was the evict-last
# hint of D streaming, tested at each load: every load site twice, a branch before each (SASS of
# the 64x32 kernel: UTMALDG 36 -> 68, the producer loop's gaps 18-22 -> 20-36 instructions).
# hoist.patch makes the hint a template argument chosen once per producer (producer_tiles);
# epi.patch has store_tile call one direct epilogue for shifted tiles and the others (the 64x32
# kernel: 9888 -> 7088 SASS lines, STG 288 -> 144; session 31's shift had made it two).
# 1. The tree's library carried (both); variants of it, the timed shapes' units recompiled: "main"
#    (all.patch reversed) and "hoist" (epi.patch reversed). test_gemm and test_gemm_fp8 in full,
#    memcheck of the D-streaming and B-shift cases.
# 2. main, hoist and the tree in turn, twice, on the decode and small shapes, D streaming, controls;
#    then the tree's bf16 sweep.
# Predicted: every check passes, memcheck clean; main -> tree: 1-32 x 4096^2 1.07-1.13x, 64 / 128 x
# 4096^2 and 256^3 1.05-1.09x, most of it from hoist; D streaming (524288 x 2048 x 128) and the large
# controls 0.98-1.02. Wrong if 8 / 32 x 4096^2 gain under 4%.
set -u
G=$PWD/.devwork/s32c; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$G/b; mkdir -p $D/o
gunzip -c build/carry/lib.a.gz > $D/lib.a && (cd $D/o && ar x ../lib.a) || echo "CARRY-FAIL" >> $S
R=bench/results/2026-12-05-s32
variant_prepare main $R/all.patch -R
variant_prepare hoist $R/epi.patch -R
U="gemm_64x32_kk gemm_64x64_kk gemm_64x128_kk gemm_128x128_kk gemm_128x256_kk gemm_128x224_kk"
variant_compile $(for u in $U; do echo main:$u hoist:$u; done) &
for t in bench/bench_gemm csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 ||
    echo "LINK-FAIL $t: $(grep -m1 error $G/link_$(basename $t).log)" >> $S
done
wait
grep BUILD-FAIL $G/variants.log >> $S
variant_link main
variant_link hoist
echo "linked at $(el)s" >> $S
run_test 150 test_gemm
run_test 120 test_gemm_fp8
sanitize memcheck 150 test_gemm "D streaming,B shift"
declare -A B V
B[m]=$G/main/bench_gemm; B[h]=$G/hoist/bench_gemm; B[t]=$D/bench_gemm
SH=""; for s in 1,4096,4096 8,4096,4096 16,4096,4096 32,4096,4096 64,4096,4096 128,4096,4096 256,256,256 512,512,512 \
  1024,1024,1024 1,4096,14336 16,6144,4096 16,14336,4096 1000,1000,1000 4096,4096,4096 2048,2048,2048 524288,2048,128; do
  SH="$SH --shape $s"; done
in_turn 2 m m h t
sweep bf16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
(cd $G && tar czf $OUT/csv.tgz csv *.log sweep)
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# One device call: session 40's call3.sh without its sweep (which goes to call2.sh, on the same warm
# machine, from the binaries this call leaves in /tmp/s41). Carry build/carry/s40.
# 1. Session 40's call2.sh: the automatic FP8 clusters' C and Go device cases, and the automatic
#    plan before and after on seven FP8 shapes. Predicted: all pass; 448 x 16816 x 496 and
#    720 x 9984 x 3888 1.2-1.3x, the other five within +-2%.
# 2. wgarrive.patch (one arrival per consumer warpgroup and destination CTA where a cluster shares a
#    stage) built on the device: its test_gemm and test_gemm_fp8 (predicted: all pass), then
#    (the cluster cases and the sweep are call2.sh).
set -u
bash bench/results/2026-12-06-s40/call2.sh > /dev/null 2>&1
mv $OUT/summary.txt $OUT/call2.txt 2>/dev/null
G=/tmp/s41; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
C=build/carry/s40
export D=$G/t; mkdir -p $D
cat $OUT/call2.txt >> $S
gunzip -c $C/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
ar r $D/lib.a $C/new/cutego_gemm.o $C/fp8c/gemm_split_k.o
variant_prepare wg bench/results/2026-12-06-s40/wgarrive.patch
variant_compile $(for u in kernels/gemm_[0-9]*x[0-9]*_*.cu kernels/cutego_gemm.cu; do echo wg:$(basename $u .cu); done)
grep BUILD-FAIL $G/variants.log >> $S
echo "variant built at $(el)s: $(ls $G/wg/o | wc -l) objects" >> $S
cp $D/lib.a $G/wg/lib.a && ar r $G/wg/lib.a $G/wg/o/*.o
lk() { $NVCC $F -I$CUDA/include $2.cu $1/lib.a $LK -o $1/$(basename $2) > $1/link_$(basename $2).log 2>&1 || echo "LINK-FAIL $1 $2" >> $S; }
lk $D bench/bench_gemm & lk $G/wg bench/bench_gemm & lk $G/wg csrc/gemm/test_gemm & lk $G/wg csrc/gemm/test_gemm_fp8 & wait
echo "linked at $(el)s" >> $S
for t in test_gemm test_gemm_fp8; do
  timeout 120 $G/wg/$t > $OUT/wg_$t.log 2>&1; echo "wg $t rc=$? ($(el)s)" >> $S
  grep -E "^FAIL|checks" $OUT/wg_$t.log | tail -4 >> $S
done

echo "all done at $(el)s" >> $S
cat $S

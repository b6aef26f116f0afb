#!/usr/bin/env bash
# Prepared, not run (no device time left): call2.sh first, then the clusters' coupled pipeline with
# CUTLASS's arrival count (wgarrive.patch: where a cluster shares a stage, each consumer warpgroup
# releases it to each CTA with one arrival from its first warp, not one per warp: 4 arrivals on a
# barrier of two warpgroups in a 2-CTA cluster where there were 16). Carry build/carry/s40 (call2's).
# 1. The variant's test_gemm and test_gemm_fp8 (their cluster cases). Predicted: all pass.
# 2. --ab-cluster on session 39's ten cluster cases, the tree and the variant in turn, two rounds
#    (cluster_table.py: no clusters / clusters). Predicted: the variant's clusters 2-6% faster where
#    they share a stage (1024^3 0.95 -> 0.98-1.00, 512 x 4096 x 14336 0.99 -> 1.01-1.03), unclustered
#    times unchanged.
# 3. The 110-shape sweep, both (the automatic clusters of B off the grid: 1000^3, 3000 x 5000 x 1000).
#    Predicted: within +-1% but for those, 1-4% faster.
set -u
bash bench/results/2026-12-06-s40/call2.sh > /dev/null 2>&1
mv $OUT/summary.txt $OUT/call2.txt 2>/dev/null
G=$PWD/.devwork/s40c; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
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
cluster_pair 2 tree:$D/bench_gemm wg:$G/wg/bench_gemm
sweep_pair tree:$D/bench_gemm wg:$G/wg/bench_gemm
(cd $G && tar czf $OUT/call3.tgz cl sweep_*.csv 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Right after call1.sh, on the same warm machine (its tree library in /tmp/s41/t; rebuilt if absent):
# wgarrive.patch (bench/results/2026-12-06-s40: where a cluster shares a stage, each consumer
# warpgroup releases it to each CTA with one arrival from its first warp, CUTLASS's count, not one
# per warp: 4 arrivals on a barrier of two warpgroups in a 2-CTA cluster where there were 16).
# 1. The variant's test_gemm and test_gemm_fp8 (their cluster cases). Predicted: all pass.
# 2. --ab-cluster on ten cluster cases, tree and variant in turn, two rounds (cluster_pair).
#    Predicted: the variant's clusters 2-6% faster where they share a stage (1024^3 0.95 -> 0.98-1.00,
#    512 x 4096 x 14336 0.99 -> 1.01-1.03), unclustered times unchanged.
set -u
G=/tmp/s41; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$G/t; mkdir -p $D
if [ -f $D/lib.a ]; then link_bins bench/bench_gemm; else echo "tree rebuilt (the machine was not warm)" >> $S; build_tree bench/bench_gemm; fi
variant_prepare wg bench/results/2026-12-06-s40/wgarrive.patch
variant_compile $(for u in kernels/gemm_[0-9]*x[0-9]*_*.cu kernels/cutego_gemm.cu; do echo wg:$(basename $u .cu); done)
grep BUILD-FAIL $G/variants.log >> $S
echo "variant built at $(el)s: $(ls $G/wg/o | wc -l) objects" >> $S
variant_link wg
for t in test_gemm test_gemm_fp8; do
  $NVCC $F -I$CUDA/include csrc/gemm/$t.cu $G/wg/lib.a $LK -o $G/wg/$t > $G/link_wg_$t.log 2>&1 || echo "LINK-FAIL wg $t" >> $S &
done
wait
echo "linked at $(el)s" >> $S
for t in test_gemm test_gemm_fp8; do
  timeout 150 $G/wg/$t > $OUT/wg_$t.log 2>&1; echo "wg $t rc=$? ($(el)s)" >> $S
  grep -E "^FAIL|checks" $OUT/wg_$t.log | tail -4 >> $S
done
cluster_pair 2 tree:$D/bench_gemm wg:$G/wg/bench_gemm
(cd $G && tar czf $OUT/call2.tgz cl 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

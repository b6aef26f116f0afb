#!/usr/bin/env bash
# The tree with options.d_store (not automatic) on the H200, one call:
# 1. the kernels before it (d_stream_kernel.patch reversed: TMA stores without the evict-first
#    branch) against the tree, alternated twice, on the shapes of the main tile configurations:
#    the branch costs nothing where it is not taken;
# 2. test_gemm (its D-streaming cases: evict-first stores, one-row raster, a batch, beta, stream-K)
#    and test_gemm_graph;
# 3. the bf16 and fp16 sweeps and FP8 per-tensor, beside session 21's (1.108 / 1.111; FP8 1.009).
# Predicted: before/after 0.99-1.01 on every shape; every test passes; the sweeps within 1% of
# session 21's.
set -u
G=/tmp/ds3; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=.devwork/b; mkdir -p $D
R=bench/results/2026-12-04-dstream
variant_prepare old $R/d_stream_kernel.patch -R
variant_compile old:gemm_128x256_kk old:gemm_128x224_kk old:gemm_128x168_kk old:gemm_64x128_kk &
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_graph bench/bench_gemm bench/bench_gemm_fp8
wait
grep -h "FAIL" $G/variants.log >> $S
variant_link old
echo "old linked at $(el)s" >> $S
run_test 100 test_gemm
grep "D streaming" $OUT/test_gemm.log | cut -c1-120 >> $S
run_test 100 test_gemm_graph
ab old 2 $G/old/bench_gemm $D/bench_gemm --graph --dtype bf16 --shape 8192,8192,8192 --shape 4096,4096,4096 \
  --shape 2048,2048,2048 --shape 1024,14336,4096 --shape 512,11008,4096 --shape 1000,1000,1000 \
  --shape 65536,2048,128 --shape 16384,6144,4096
sweep bf16 f16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
timeout 120 $D/bench_gemm_fp8 $OUT/fp8.csv > $OUT/fp8.log 2>&1
echo "fp8 rc=$? at $(el)s: $(grep -i "geometric" $OUT/fp8.log | head -3 | tr '\n' ' ')" >> $S
echo "done at $(el)s" >> $S
(cd $OUT && tar czf logs.tgz test_gemm.log test_gemm_graph.log fp8.log && rm -f test_gemm.log test_gemm_graph.log fp8.log)
cat $S

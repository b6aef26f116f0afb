#!/usr/bin/env bash
# The 128x224 rule (wave_128x224, csrc/gemm/waves.c) on the device (one call, ~5 minutes):
# 1. test_gemm (the automatic 128x224 plans, 2x1 clusters asked for where the choice has none),
#    test_gemm_fp8 and test_gemm_graph on the tree;
# 2. the rule against the tree without it (norule224.patch), alternated twice, bf16 and fp16, CUDA
#    graphs. Predicted from run.sh's forced runs: 512 x 14336 x 4096 1.10x, 256 x 28672 x 8192 1.10x,
#    1024 x 7168 x 4096 1.10x, 512 x 7168 1.03x, 256 x 14336 1.00x (fp16 1.05x), 384 x 18432 x 7168
#    ~1.1x (not measured: two waves each); controls (1024 x 14336 stream-K, 2048 x 14336, 4096^3,
#    512 x 28672 x 8192 stream-K, 256 x 11008) 1.00x;
# 3. the warm sweeps of the tree (bf16, fp16), the interleaved timer.
set -u
G=/tmp/r224; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-04-tile224
export D=.devwork/b
variant_prepare norule $R/norule224.patch
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm
if grep -q PATCH-FAIL $S; then cat $S; exit 1; fi
(cd $G/norule/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c -o $G/norule/o/csrc_gemm_waves.c.o)
variant_link norule
run_test 200 test_gemm
grep -E "auto.*128x224|cluster_m 2 .*128x256" $OUT/test_gemm.log | cut -c1-100 >> $S
run_test 150 test_gemm_fp8
run_test 150 test_gemm_graph
SH=""; for s in 512,14336,4096 256,28672,8192 1024,7168,4096 512,7168,4096 256,14336,4096 384,18432,7168 \
  1024,14336,4096 2048,14336,4096 4096,4096,4096 512,28672,8192 256,11008,4096; do SH="$SH --shape $s"; done
ab r224 2 $G/norule/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH
ab r224f16 2 $G/norule/bench_gemm $D/bench_gemm --graph --dtype f16 --shape 512,14336,4096 --shape 256,14336,4096 --shape 1024,7168,4096
sweep bf16 f16
cp $G/sweep/*.csv $OUT/
echo "done at $(el)s" >> $S; cat $S

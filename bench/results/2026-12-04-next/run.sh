#!/usr/bin/env bash
# Prepared in session 18 for the next session's first device call (~5 minutes):
# 1. test_gemm, test_gemm_fp8, test_gemm_graph on the tree (the automatic 128x96 plans of 256 x
#    5120-6144 have not run on the device: their forced twins have, 616 / 0);
# 2. the 128x96 rule (wave_128x96) against the tree with it reversed (rule128x96.patch -R),
#    alternated twice, CUDA graphs, bf16 and fp16. Predicted 1.08x at 256 x 6144 x 4096, 1.20x at
#    256 x 5120, 1.13x at 256 x 6144 x 11008; the controls (224 / 255 / 257 x 6144, 256 x 4096 and
#    x 7168, 4096^3) unchanged;
# 3. the first cold-L2 sweep (bench_gemm --sweep --graph --cold), bf16: predicted lower ratios on the
#    decode and one-wave shapes than the warm sweep (operands in L2 there), large shapes unchanged.
set -u
G=/tmp/next; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-04-next
export D=.devwork/b
variant_prepare before $R/rule128x96.patch -R
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm
(cd $G/before/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c -o $G/before/o/csrc_gemm_waves.c.o)
variant_link before
run_test 150 test_gemm
run_test 150 test_gemm_fp8
run_test 150 test_gemm_graph
SH=""; for s in 256,6144,4096 256,5120,4096 256,6144,11008 224,6144,4096 255,6144,4096 257,6144,4096 256,4096,4096 256,7168,4096 4096,4096,4096; do SH="$SH --shape $s"; done
ab r96 2 $G/before/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH
ab r96f16 2 $G/before/bench_gemm $D/bench_gemm --graph --dtype f16 --shape 256,6144,4096 --shape 256,5120,4096
mkdir -p $G/cold
timeout 200 $D/bench_gemm $G/cold/cold_bf16.csv --sweep --graph --cold --dtype bf16 > $G/cold/cold_bf16.log 2>&1
echo "cold sweep rc=$? at $(el)s: $(tail -1 $G/cold/cold_bf16.log)" >> $S
cp $G/cold/cold_bf16.csv $OUT/
echo "done at $(el)s" >> $S; cat $S

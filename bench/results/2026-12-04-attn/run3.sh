#!/usr/bin/env bash
# After ncu (bench/device/ncu_store.sh: at M = 524288 ours reads 209 MB from DRAM where cuBLAS reads
# A's 135 MB once): evict-first D stores with raster groups of one tile row (the row's N tiles on
# neighbouring CTAs), against the tree with its default groups, each in turn.
# Predicted: 524288 x 2048 x 128 0.87 -> ~0.92 of cuBLAS.
set -u
G=/tmp/attn3; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=.devwork/b
R=bench/results/2026-12-04-attn
variant_prepare ef $R/evict_first.patch
variant_compile ef:gemm_128x256_kk
variant_link ef
printf '#!/bin/bash\nexec %s "$@" --group 1\n' "$G/ef/bench_gemm" > $G/efg1.sh; chmod +x $G/efg1.sh
echo "built at $(el)s" >> $S
ab efg1 2 $D/bench_gemm $G/efg1.sh --graph --dtype bf16 --shape 524288,2048,128 --shape 65536,2048,128 --shape 32768,4096,128
echo "done at $(el)s" >> $S; cat $S

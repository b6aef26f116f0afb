#!/usr/bin/env bash
# D's TMA stores with an L2 evict-first policy (evict_first.patch: createpolicy.fractional
# .L2::evict_first on every epilogue chunk's cp.async.bulk.tensor store) against the tree, each in
# turn, twice: the store-bound proxies of run.sh, and shapes whose D fits in L2 or is read by no one.
# Predicted: M = 524288 x 2048 x 128 0.87 -> 0.95-1.0 of cuBLAS (D streamed to DRAM without
# evicting A's lines first); the other shapes within 1%.
set -u
G=/tmp/attn2; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=.devwork/b
R=bench/results/2026-12-04-attn
variant_prepare ef $R/evict_first.patch
variant_compile ef:gemm_128x256_kk ef:gemm_64x128_kk ef:gemm_128x224_kk &
build_tree bench/bench_gemm
wait
grep -E "BUILD-FAIL" $G/variants.log >> $S
variant_link ef
SH=""; for s in 524288,2048,128 65536,2048,128 32768,4096,128 131072,4096,256 1024,1024,1024 2048,2048,2048 4096,4096,4096 \
  8192,8192,8192 1024,14336,4096 16384,4096,4096; do SH="$SH --shape $s"; done
ab ef 2 $D/bench_gemm $G/ef/bench_gemm --graph --dtype bf16 $SH
echo "done at $(el)s" >> $S
(cd $G/ef && tar czf $OUT/csv.tgz *.csv)
cat $S

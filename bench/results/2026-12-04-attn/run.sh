#!/usr/bin/env bash
# Store-bound GEMMs of K = 128 (the attention scores of bhqd,bhkd->bhqk: 2.1 GB of D from 0.27 GB
# of operands, at 0.90 of torch.einsum): where the time goes. Proxies without a batch mode, each
# beside cuBLAS in one process: M x 2048 x 128 with M = 524288 (the same 2.1 GB of D), 65536, and
# 32768 x 4096 x 128. Variants: the automatic plan; 128x128 tiles; the direct epilogue; without
# the deferred stores (../2026-12-04-epilogue/nodefer.patch); raster
# groups of 1 and 16 tile rows; and the stores skipped (--no-verify with noepi.patch, the deferred
# stores' path included: the kernel's time without its D traffic).
# Predicted: ours ~0.90 of cuBLAS on the first two; no stores ~2x faster (D's writes bound it);
# 128x128 and the direct epilogue slower; the raster group within 2%.
set -u
G=/tmp/attn; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=.devwork/b
R=bench/results/2026-12-04-attn
variant_prepare noepi $R/noepi.patch
variant_prepare nodefer bench/results/2026-12-04-epilogue/nodefer.patch
variant_compile noepi:gemm_128x256_kk noepi:gemm_128x128_kk nodefer:gemm_128x256_kk &
build_tree bench/bench_gemm
wait
variant_link noepi
variant_link nodefer
SH="--shape 524288,2048,128 --shape 65536,2048,128 --shape 32768,4096,128"
run() { local name=$1 bin=$2; shift 2; timeout 90 $bin $OUT/$name.csv --dtype bf16 --graph $SH "$@" > $G/$name.log 2>&1;
  echo "$name rc=$? ($(el)s)" >> $S; grep -E "^shape" $G/$name.log | sed 's/  */ /g' | cut -c1-150 >> $S; }
run auto $D/bench_gemm
run c128 $D/bench_gemm --config 2
run direct $D/bench_gemm --direct-epilogue
run g1 $D/bench_gemm --group 1
run g16 $D/bench_gemm --group 16
run nodefer $G/nodefer/bench_gemm
run noepi $G/noepi/bench_gemm --no-verify
echo "done at $(el)s" >> $S
(cd $OUT && tar czf csv.tgz *.csv && rm -f *.csv)
cat $S

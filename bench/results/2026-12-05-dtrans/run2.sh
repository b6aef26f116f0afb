#!/usr/bin/env bash
# Prepared in session 23 for the call after run.sh: the kernels before dtrans.patch against the
# tree with it, on row-major D (where the epilogue's new code is not taken: PairOf's stores, the
# transposed branch once per tile in store_tile), alternated twice, then the bf16 and fp16 sweeps
# and FP8 per-tensor. Predicted: before/after 0.99-1.01 on every shape; sweeps within 1% of session
# 22's (1.104 / 1.107; FP8 1.022).
set -u
G=/tmp/dt2; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-05-dtrans
git apply $R/dtrans.patch 2>> $S || patch -p1 -s < $R/dtrans.patch || echo "PATCH-FAIL" >> $S
export D=.devwork/b; mkdir -p $D
variant_prepare old $R/dtrans.patch -R
variant_compile old:gemm_128x256_kk old:gemm_128x224_kk old:gemm_128x168_kk old:gemm_128x128_kk \
  old:gemm_128x192_kk old:gemm_64x128_kk old:gemm_64x64_kk old:gemm_64x96_kk &
build_tree bench/bench_gemm bench/bench_gemm_fp8
wait
grep -h "FAIL" $G/variants.log >> $S
variant_link old configs
echo "old linked at $(el)s" >> $S
ab old 2 $G/old/bench_gemm $D/bench_gemm --graph --dtype bf16 --shape 8192,8192,8192 --shape 4096,4096,4096 \
  --shape 2048,2048,2048 --shape 1024,14336,4096 --shape 512,11008,4096 --shape 1000,1000,1000 \
  --shape 2048,2048,128,64 --shape 16384,6144,4096 --shape 128,4096,4096
sweep bf16 f16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
timeout 120 $D/bench_gemm_fp8 $OUT/fp8.csv > $OUT/fp8.log 2>&1
echo "fp8 rc=$? at $(el)s: $(grep -i "geometric" $OUT/fp8.log | head -3 | tr '\n' ' ')" >> $S
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Prepared in session 24, for the call after run.sh (~4 minutes; run.sh's builds under .devwork
# kept): the kernels before bscl.patch against the tree with it where the plans take no clusters
# (bench_gemm_fp8 --blockscaled of each: block-scaled, fast, promoted and bf16 as their plans pick,
# each as a ratio to the others and to cuBLASLt in its own process), 16-bit 2x1 clusters before and
# after (the release's mapa unpredicated), and per tensor fast 128x128 in clusters on few-wave
# shapes where the planner picks 128x128 or 128x256.
# Predicted: before/after within +-1% where no clusters run (the CM = 1 bodies are the same
# source; ptxas compiles one more body beside them); 16-bit clusters within +-1% (one predicate
# less per release); fast 128x128 in clusters ahead of fast 128x128 alone by 3-12%, and of the
# planner's 128x256 on 1-2 wave shapes where 128x128 fills the SMs better.
set -u
G=$PWD/.devwork/bscl; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-05-bscl
git apply $R/bscl.patch 2>> $S || patch -p1 -s < $R/bscl.patch || echo "PATCH-FAIL" >> $S
export D=.devwork/b
[ -x $D/bench_gemm_fp8 ] || build_tree bench/bench_gemm_fp8 bench/bench_gemm
if [ ! -f $G/old/o/gemm_128x128_kk.o ]; then
  variant_prepare old $R/bscl.patch -R
  variant_compile old:gemm_128x128_kk_e4m3_blockscaled old:gemm_128x192_kk_e4m3_blockscaled old:gemm_128x128_kk_e4m3 \
    old:gemm_128x256_kk_e4m3 old:gemm_128x256_kk old:gemm_128x128_kk
fi
variant_link old configs
(cd $G/old/src && $NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu ../lib.a $LK -o ../bench_gemm_fp8 > ../link_fp8.log 2>&1) ||
  echo "LINK-FAIL old bench_gemm_fp8" >> $S
echo "old linked at $(el)s" >> $S
timeout 150 $G/old/bench_gemm_fp8 $OUT/bs_old.csv --blockscaled --reps 9 > $OUT/bs_old.log 2>&1
echo "old blockscaled rc=$? at $(el)s" >> $S
grep "^==" $OUT/bs_old.log >> $S
ab cl16 2 $G/old/bench_gemm $D/bench_gemm --graph --dtype bf16 --cluster 2 --shape 4096,4096,4096 \
  --shape 8192,8192,8192 --shape 512,4096,14336 --shape 3000,5000,1000 --shape 1024,1024,1024 --shape 256,6144,4096
SH=""; for s in 1024,4096,4096 2048,2048,2048 4096,4096,4096 2048,7168,4096 4096,7168,16384 8192,8192,8192; do SH="$SH --shape $s"; done
timeout 200 $D/bench_gemm_fp8 $OUT/fp8_var.csv --variants 0:0:0,1:0:2,2:0:2 --rounds 2 $SH > $OUT/fp8_var.log 2>&1
echo "fp8 variants rc=$? at $(el)s" >> $S
tail -12 $OUT/fp8_var.log >> $S
echo "done at $(el)s" >> $S
cat $S

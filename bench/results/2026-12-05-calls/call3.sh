#!/usr/bin/env bash
# Call 3 of 3 (~9 minutes): each patch's "before" against the tree where its new code is not taken
# (../2026-12-05-bscl/run2.sh and ../2026-12-05-dtrans/run2.sh, predictions there): block-scaled
# and per tensor FP8 without clusters, 16-bit clusters, 16-bit row-major D; FP8 fast 128x128 in
# clusters on few-wave shapes; the bf16 and fp16 sweeps and FP8 per tensor (the tree's).
set -u
G=$PWD/.devwork/calls; mkdir -p $G; . bench/results/2026-12-05-calls/common.sh
[ -x $D/bench_gemm_fp8 ] || build_tree bench/bench_gemm bench/bench_gemm_fp8
prepare_old
variant_link old_bs configs
variant_link old_dt configs
link_old_fp8
echo "old linked at $(el)s" >> $S
timeout 150 $G/old_bs/bench_gemm_fp8 $OUT/bs_old.csv --blockscaled --reps 9 > $OUT/bs_old.log 2>&1
echo "old blockscaled rc=$? at $(el)s" >> $S
grep "^==" $OUT/bs_old.log >> $S
ab cl16 2 $G/old_bs/bench_gemm $D/bench_gemm --graph --dtype bf16 --cluster 2 --shape 4096,4096,4096 \
  --shape 8192,8192,8192 --shape 512,4096,14336 --shape 3000,5000,1000 --shape 1024,1024,1024 --shape 256,6144,4096
ab rowd 2 $G/old_dt/bench_gemm $D/bench_gemm --graph --dtype bf16 --shape 8192,8192,8192 --shape 4096,4096,4096 \
  --shape 2048,2048,2048 --shape 1024,14336,4096 --shape 512,11008,4096 --shape 1000,1000,1000 \
  --shape 2048,2048,128,64 --shape 16384,6144,4096 --shape 128,4096,4096
SH=""; for s in 1024,4096,4096 2048,2048,2048 4096,4096,4096 2048,7168,4096 4096,7168,16384 8192,8192,8192; do SH="$SH --shape $s"; done
timeout 150 $D/bench_gemm_fp8 $OUT/fp8_var.csv --variants 0:0:0,1:0:2,2:0:2 --rounds 2 $SH > $OUT/fp8_var.log 2>&1
echo "fp8 variants rc=$? at $(el)s" >> $S
tail -12 $OUT/fp8_var.log >> $S
sweep bf16 f16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
timeout 100 $D/bench_gemm_fp8 $OUT/fp8.csv > $OUT/fp8.log 2>&1
echo "fp8 rc=$? at $(el)s: $(grep -i "geometric" $OUT/fp8.log | head -3 | tr '\n' ' ')" >> $S
echo "done at $(el)s" >> $S
cat $S

# steps.sh — the device steps of FP8 in 2x1 clusters, one home for run.sh, run2.sh and
# ../2026-12-05-calls (source it after bench/device/steps.sh and variant.sh; $D the build of the
# tree with bscl.patch, $G the scratch folder, $S the summary).
#   bscl_blockscaled      bench_gemm_fp8 --blockscaled: DeepGEMM's 18 shapes, block-scaled with and
#                         without clusters beside fast, promoted, bf16 and cuBLASLt; the geomeans into $S
#   bscl_link_old_fp8 O   O/bench_gemm_fp8 from O's own source against O/lib.a (the tree's bench asks
#                         for clusters that the planner before the patch refuses)
#   bscl_before_after O   O (the kernels before the patch) against the tree: --blockscaled where no
#                         clusters run, and per tensor fast 128x128 in clusters on few-wave shapes
#   BSCL_UNITS            the units whose kernels the before/after times, of those the patch
#                         changes (FP8 128x128 and the block-scaled units; every other unit, the
#                         16-bit ones and FP8 128x256 included, compiles to main's SASS)
BSCL_UNITS="gemm_128x128_kk_e4m3_blockscaled gemm_128x192_kk_e4m3_blockscaled gemm_128x128_kk_e4m3"
bscl_blockscaled() {
  timeout 200 $D/bench_gemm_fp8 $OUT/bs_new.csv --blockscaled --reps 9 > $OUT/bs_new.log 2>&1
  echo "blockscaled rc=$? at $(el)s" >> $S
  grep "^==\|WRONG" $OUT/bs_new.log >> $S
}
bscl_link_old_fp8() {
  (cd $1/src && $NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu ../lib.a $LK -o ../bench_gemm_fp8 > ../link_fp8.log 2>&1) ||
    echo "LINK-FAIL $(basename $1) bench_gemm_fp8" >> $S
}
bscl_before_after() {
  local o=$1 SH="" s
  timeout 150 $o/bench_gemm_fp8 $OUT/bs_old.csv --blockscaled --reps 9 > $OUT/bs_old.log 2>&1
  echo "old blockscaled rc=$? at $(el)s" >> $S
  grep "^==" $OUT/bs_old.log >> $S
  for s in 1024,4096,4096 2048,2048,2048 4096,4096,4096 2048,7168,4096 4096,7168,16384 8192,8192,8192; do SH="$SH --shape $s"; done
  timeout 150 $D/bench_gemm_fp8 $OUT/fp8_var.csv --variants 0:0:0,1:0:2,2:0:2 --rounds 2 $SH > $OUT/fp8_var.log 2>&1
  echo "fp8 variants rc=$? at $(el)s" >> $S
  tail -12 $OUT/fp8_var.log >> $S
}

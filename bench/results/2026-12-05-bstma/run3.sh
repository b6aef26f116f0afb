#!/usr/bin/env bash
# The block-scaled one-k-tile crash of bstma.patch (scales by TMA), alone: on a tree with
#   git apply bench/results/2026-12-05-bstma/bstma.patch
# (no carry), ~4 minutes. Each block-scaled case of test_gemm_fp8 in a process of its own (a crash
# kills the context), its plan and whether its scales went by TMA; compute-sanitizer memcheck on the
# first failing one; then DeepGEMM's table timed against main (the patch reversed) if all pass.
# Predicted (session 28, from the rule cutego_gemm_block_scale_maps): K = 100 makes one K block, so
# a K-major SA (rows of one float) counts as M-major and SB (5 x 1) as N-major: the first cases whose
# scales go by TMA with an SB map of one K block, whose box (4 x 2) is taller than the map (dims
# 5 x 1). Wrong if "block f16 beta MN-major scales" (SB N-major, 8 K blocks) fails too.
set -u
G=$PWD/.devwork/bsdbg; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$PWD/.devwork/b; mkdir -p $D
[ -f kernels/gemm_smem.h ] && grep -q kScaleSlotBytes kernels/gemm_smem.h || { echo "PATCH-MISSING bstma.patch" >> $S; cat $S; exit 1; }
# the 128x128 e4m3 block-scaled unit again with line information, for the sanitizer's report
mkdir -p $G/dbg
$NVCC $F -lineinfo -Xcompiler -fPIC -c kernels/gemm_128x128_kk_e4m3_blockscaled.cu -o $G/dbg/u.o > $G/dbg/build.log 2>&1 &
build_tree csrc/gemm/test_gemm_fp8
wait
if [ -f $G/dbg/u.o ]; then
  mkdir -p $G/dbg/all && cp $D/o/*.o $G/dbg/all/ && cp $G/dbg/u.o $G/dbg/all/gemm_128x128_kk_e4m3_blockscaled.o &&
    ar rcs $G/dbg/lib.a $G/dbg/all/*.o &&
    $NVCC $F -I$CUDA/include csrc/gemm/test_gemm_fp8.cu $G/dbg/lib.a $LK -o $G/dbg/test_gemm_fp8 > $G/dbg/link.log 2>&1
fi
echo "debug binary at $(el)s: $(ls $G/dbg/test_gemm_fp8 2>/dev/null)" >> $S
names=$(timeout 60 $D/test_gemm_fp8 --list 2>/dev/null | grep "^block" )
[ -z "$names" ] && names=$(grep -o '"block[^"]*"' csrc/gemm/test_gemm_fp8.cu | tr -d '"')
first=""
while IFS= read -r n; do
  [ -z "$n" ] && continue
  timeout 20 $D/test_gemm_fp8 --filter "$n" > $G/one.log 2>&1; rc=$?
  line=$(grep -E "^(ok|FAIL)" $G/one.log | grep -F "$n" | head -1 | cut -c1-200)
  [ $rc -ne 0 ] && [ -z "$first" ] && first="$n"
  echo "rc=$rc $n :: ${line:-$(tail -1 $G/one.log | cut -c1-160)}" >> $S
done <<< "$names"
echo "cases done at $(el)s; first failing: $first" >> $S
if [ -n "$first" ]; then
  bin=$D/test_gemm_fp8; [ -x $G/dbg/test_gemm_fp8 ] && bin=$G/dbg/test_gemm_fp8
  timeout 120 $CUDA/bin/compute-sanitizer --tool memcheck --show-backtrace device $bin --filter "$first" > $OUT/memcheck_first.log 2>&1
  echo "memcheck rc=$? ($(el)s)" >> $S; grep -m12 -E "=====|Invalid|Error|at 0x|in " $OUT/memcheck_first.log | cut -c1-200 >> $S
fi
echo "done at $(el)s" >> $S
cat $S

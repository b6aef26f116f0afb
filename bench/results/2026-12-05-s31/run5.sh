#!/usr/bin/env bash
# Session 31, device call 4 (carry build/carry/lib.a.gz: build/kernels/libcutego_kernels.a, built on the CPU machine from
# the final tree; ~2 min). The final rule: the shift (CUTEGO_GEMM_F_B_SHIFT) only where the last
# tile column holds at most half a tile, beside 8 or more tile rows, in one wave, on tiles of at most
# 168 columns (the wider ones' kernels spilled with it: run4's 128x192 / 128x256 f16-out kernels).
# The kernels of 168 columns or fewer are run4's; the others are main's again.
# Predicted: test_gemm and test_gemm_fp8 pass in full (the "B shift" cases' split now 2), memcheck
# clean; 1024 x 904 / 928 / 960 x 14336 on 64x128 at 0.90-0.96 of cuBLAS (run4: 0.91-0.95), 1000
# and 1024 unchanged at ~1.0; the automatic 1024 x 904 x 14336 ~0.88, 2048 x 904 x 4096 ~0.85-0.95;
# 1000^3 back to ~0.86; the bf16 sweep's geomean 1.08-1.09 (run4 1.082, session 30 1.091).
set -u
G=$PWD/.devwork/s31c; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/b; mkdir -p $D
gunzip -c build/carry/lib.a.gz > $D/lib.a
for t in bench/bench_gemm bench/bench_gemm_fp8 csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 ||
    echo "LINK-FAIL $t: $(grep -m1 error $G/link_$(basename $t).log)" >> $S &
done
wait
echo "linked at $(el)s" >> $S
run_test 150 test_gemm
grep -E "^FAIL" $OUT/test_gemm.log | head -5 >> $S
echo "B shift cases: $(grep -c 'B shift' $OUT/test_gemm.log)" >> $S
run_test 120 test_gemm_fp8
grep -E "^FAIL" $OUT/test_gemm_fp8.log | head -5 >> $S
sanitize memcheck 120 test_gemm "B shift"
mkdir -p $G/csv
SH=""; for n in 896 904 928 960 1000 1024; do SH="$SH --shape 1024,$n,14336"; done
timeout 60 $D/bench_gemm $OUT/c8.csv --graph --dtype bf16 --config 8 --split-k 1 --decomposition 1 $SH > $G/c8.log 2>&1; echo "c8 rc=$?" >> $S
timeout 60 $D/bench_gemm $OUT/c2.csv --graph --dtype bf16 --config 2 --split-k 1 --decomposition 1 --shape 2048,904,14336 \
  --shape 2048,1024,14336 --shape 2048,904,4096 > $G/c2.log 2>&1; echo "c2 rc=$?" >> $S
SH=""; for s in 1024,904,14336 2048,904,4096 1000,1000,1000 1024,1000,8192 512,2000,8192 512,4100,4096 1000,5000,4096 \
  3000,5000,1000 1024,1024,1024 4096,4096,4096; do SH="$SH --shape $s"; done
timeout 60 $D/bench_gemm $OUT/auto.csv --graph --dtype bf16 $SH > $G/auto.log 2>&1; echo "auto rc=$?" >> $S
timeout 60 $D/bench_gemm_fp8 $OUT/fp8.csv --shape 1024,904,8192 --shape 2048,904,4096 --shape 4096,4096,4096 > $G/fp8.log 2>&1; echo "fp8 rc=$?" >> $S
for f in c8 c2 auto fp8; do grep -E "^ *shape|WRONG" $G/$f.log | cut -c1-150 >> $S; done
sweep bf16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
echo "done at $(el)s" >> $S
cat $S

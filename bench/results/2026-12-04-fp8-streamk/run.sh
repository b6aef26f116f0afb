#!/usr/bin/env bash
# Stream-K for per-tensor FP8 with fast accumulation (gemm_stream_k.cuh's FP8 kernels, the cost
# model of csrc/gemm/waves.c counting FP8 k-tiles of 128) against the tree without it
# (fp8sk.patch -R, every kernel unit rebuilt), one device call (~7 minutes).
# Predicted (e4m3 -> bf16 TN, 132 SMs):
#   - the model takes stream-K on 1024 x 14336 x {4096, 11008, 14336} (448 tiles of 128x256: 4
#     waves, the last 52 of 132) and on nothing else of the list; its times there 3.80 / 3.72 /
#     3.71 waves against 4: before/after 1.04-1.08x (16-bit stream-K paid 1.12-1.27 per k-iteration
#     where the model says 1.2), to cuBLASLt 0.88 -> ~0.93, 0.89-0.90 -> ~0.95;
#   - 1024 x 11008 x {4096, 11008, 14336}, 512 x 14336 x 4096, 2048 x 14336 x 4096, 4096^3,
#     8192^3: the same plans, before/after 1.00 +- 0.02;
#   - forced in one process (variants T:D = 1:1 data-parallel 128x256, 1:3 stream-K 128x256, 2:3
#     stream-K 128x128): 1:3 against 1:1 1.04-1.08x on the 1024 x 14336 shapes, 0.97-1.00x on
#     1024 x 11008 (model 3.05 / 2.97 / 2.96 waves against 3), below 1 on 4096^3 and 8192^3;
#     2:3 slower than 1:3 everywhere (128x128's dearer main loop);
#   - test_gemm_fp8 0 failures (the stream-K cases the same bits twice), test_gemm 0 failures
#     (16-bit unchanged: the data-parallel FP8 kernels' PTX is unchanged too, checked locally).
set -u
G=/tmp/fp8sk; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-04-fp8-streamk
export D=.devwork/b
variant_prepare before $R/fp8sk.patch -R
if grep -q PATCH-FAIL $S; then cat $S; exit 1; fi
(cd $G/before/src && D=$G/before/b bash bench/device/lib.sh > $G/lib_before.log 2>&1 &&
  $NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $G/before/b/lib.a $LK -o $G/before/bench_gemm_fp8 \
    > $G/link_before.log 2>&1 || echo "LINK-FAIL before" >> $S) &
build_tree csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm bench/bench_gemm_fp8
wait
grep -E "lib:|BUILD-FAIL" $G/lib_before.log | sed 's/^/before: /' >> $S
echo "built both at $(el)s" >> $S
run_test 150 test_gemm_fp8
grep -E "stream-K|data-parallel" $OUT/test_gemm_fp8.log > $OUT/test_gemm_fp8_streamk.txt
run_test 150 test_gemm
SH=""; for s in 1024,14336,4096 1024,14336,11008 1024,14336,14336 1024,11008,4096 1024,11008,11008 1024,11008,14336 \
  512,14336,4096 2048,14336,4096 4096,4096,4096 8192,8192,8192; do SH="$SH --shape $s"; done
ab fp8sk 2 $G/before/bench_gemm_fp8 $D/bench_gemm_fp8 $SH
# stream-K against data-parallel forced on the same tiles, in one process; variant 0:0:0 (the
# automatic plan) prints the plan each shape took (its stream-K reason where taken)
timeout 150 $D/bench_gemm_fp8 $OUT/variants.csv $SH --variants 0:0:0,0:0:1:1,0:0:1:3,0:0:2:3 --rounds 2 \
  > $OUT/variants.log 2>&1
echo "variants rc=$? at $(el)s" >> $S
grep -E "^ +[0-9]+ +[0-9]+ +[0-9]+ +cuBLASLt|variant|refused|WRONG" $OUT/variants.log | cut -c1-170 >> $S
echo "done at $(el)s" >> $S; cat $S

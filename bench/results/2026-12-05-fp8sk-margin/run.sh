#!/usr/bin/env bash
# Prepared in session 23 (no device lent; ~4 minutes, main's tree): FP8 per-tensor fast, stream-K
# forced against data-parallel, on the shapes where the stream-K model's 5% margin
# (csrc/gemm/waves.c kStreamKMargin) decides, to test a rule that drops the margin for FP8 at
# <= 4 waves of 128x256 tiles (margin.txt: the model's prices; such a rule would flip exactly
# 512 x 11008 x 4096, 1024 x 11008 x {11008, 14336} and 2048 x 7168 x 2048 and no shape of more
# waves). Session 21 measured stream-K 1.016x and 1.042x on 1024 x 11008 x {11008, 14336} and
# data-parallel 5-13% ahead on 1024 x 11008 x 4096, 2048 x 14336 x 4096 and 4096^3 (which the rule
# keeps). Variants: automatic, data-parallel 128x256 without clusters, stream-K 128x256; three
# rounds.
# Predicted: stream-K / data-parallel 1.01-1.05 on the four shapes the rule flips (1024 x 11008 x
# 14336 ~1.04, 512 x 11008 x 4096 the least sure: 1.3 waves), 0.97-1.01 on the many-wave shapes
# inside the margin (8192^3, 4096 x 11008 x 14336, 3072 x 14336 x 4096, 16384 x 8192 x 8192), and
# below 1 on the three that stay data-parallel.
set -u
G=/tmp/skm; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b; mkdir -p $D
# (a build left by an earlier call of the session is reused: its per-tensor kernels are main's code)
[ -x $D/bench_gemm_fp8 ] || build_tree bench/bench_gemm_fp8
SH=""; for s in 512,11008,4096 1024,11008,11008 1024,11008,14336 2048,7168,2048 8192,8192,8192 4096,11008,14336 \
  3072,14336,4096 16384,8192,8192 1024,11008,4096 2048,14336,4096 4096,4096,4096; do SH="$SH --shape $s"; done
timeout 400 $D/bench_gemm_fp8 $OUT/fp8_margin.csv --variants 0:0:0:0,1:0:1:1,1:0:1:3 --rounds 3 $SH > $OUT/fp8_margin.log 2>&1
echo "fp8 margin rc=$? at $(el)s" >> $S
tail -20 $OUT/fp8_margin.log >> $S
echo "done at $(el)s" >> $S
cat $S

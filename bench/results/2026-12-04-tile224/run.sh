#!/usr/bin/env bash
# 128x224 tiles (options.config 12, asked for only) on the device (one call, ~5 minutes):
# 1. test_gemm with the 128x224 cases (every major order and type, partial tiles, 256 x 14336 x 4096,
#    split K, batches, packed A, the direct epilogue, refusals), memcheck of the 128x224 cases;
# 2. 128x224 forced beside the automatic plan (--ab-config 12, interleaved a repeat at a time), bf16,
#    on N = 7168 / 14336 / 28672. Predicted from waves (a 128x224 tile at ~0.9 of a 128x256 one's
#    time): 256 x 14336 x 4096 (128 tiles against 112, one wave each) ~0.9 of the time, 512 x 14336
#    (256 against 224, two waves each) ~0.9, 256 x 28672 x 8192 ~0.9, 512 x 7168 (128 against 112)
#    ~0.9; 1024 x 14336 (512 tiles, 4 waves, against stream-K on 448) ~1.0; 4096 x 14336 (16 waves
#    against 14) ~1.0 (the tile's own speed on a long run).
set -u
G=/tmp/t224; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree csrc/gemm/test_gemm bench/bench_gemm
grep -h "128x224" $G/lib.log | grep -i -E "error|spill" | head -5 >> $S
run_test 200 test_gemm
grep "128x224" $OUT/test_gemm.log | grep -c "^ok" | sed 's/^/128x224 cases ok: /' >> $S
grep "128x224" $OUT/test_gemm.log | grep -v "^ok" | head -5 >> $S
sanitize memcheck 150 test_gemm 128x224
L=""; for s in 256,14336,4096 384,14336,4096 512,14336,4096 1024,14336,4096 2048,14336,4096 4096,14336,4096 \
  256,28672,8192 512,28672,8192 1024,28672,8192 512,7168,4096 1024,7168,4096 2048,7168,16384 256,4096,14336; do L="$L --shape $s"; done
timeout 150 $D/bench_gemm $OUT/ab224.csv --graph --dtype bf16 --ab-config 12 $L > $OUT/ab224.log 2>&1
echo "ab224 bf16 rc=$? at $(el)s" >> $S
timeout 60 $D/bench_gemm $OUT/ab224f16.csv --graph --dtype f16 --ab-config 12 --shape 256,14336,4096 --shape 512,14336,4096 > $OUT/ab224f16.log 2>&1
echo "ab224 f16 rc=$? at $(el)s" >> $S
grep -h -A1 "^shape" $OUT/ab224.log $OUT/ab224f16.log | grep -E "^shape|config 12" | sed 's/  */ /g' | cut -c1-170 >> $S
echo "done at $(el)s" >> $S; cat $S

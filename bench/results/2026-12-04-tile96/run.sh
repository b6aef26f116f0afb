#!/usr/bin/env bash
# Prepared in session 17, run in session 18 (2026-12-04; device/): 64x96 tiles (CUTEGO_GEMM_CONFIG_64x96x64,
# options.config 10). One device call:
# - correctness: test_gemm whole (28 new 64x96 cases: every major order and type, M 1-200, N = 1000
#   with a partial last tile, split K 2, 2x1 clusters, batches, packed A, direct epilogue, 128 x
#   6144 x 4096 unsplit), memcheck and racecheck of a few of them;
# - speed: the automatic plan against 64x96 forced (--config 10 --split-k 1), in separate
#   processes alternated twice, on the shapes whose 64x96 tiles fill one wave where the automatic
#   plan's fill less: M in (64, 128] x 6144 x 4096 (128 tiles against 96 of 64x128), 64 / 128 x
#   12288 x 4096, 128 x 6144 x 11008, and controls.
# Predicted: 128 x 6144 x 4096 18.6 -> ~15 us (cuBLAS's 64x96 tile there: 16.4-16.9), 96 x 6144
# ~1.15x; if so, a narrow rule (M in (64, 128], 16-bit, one batch, rows on the 128-byte grid, 64x96
# tiles filling (sms/2, sms] where 64x128 fill fewer) in cutego_gemm_narrow_config.
# Usage (repo root, $OUT set, tile96.patch applied): bash bench/results/2026-12-04-tile96/run.sh
set -u
grep -q CUTEGO_GEMM_CONFIG_64x96x64 include/cutego_kernels.h || { echo "needs the 64x96 configuration"; exit 2; }
G=/tmp/t96; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree csrc/gemm/test_gemm bench/bench_gemm
run_test 150 test_gemm
sanitize memcheck 90 test_gemm "64x96 KK bf16->bf16,64x96 MN f16->f32,64x96 cluster KN,64x96 split-K 2 M=40,64x96 packed A,64x96 direct"
sanitize racecheck 90 test_gemm "64x96 KK bf16->bf16,64x96 cluster KK"
mkdir -p $G/w
printf '#!/bin/sh\nexec %s "$@" --config 10 --split-k 1\n' $PWD/$D/bench_gemm > $G/w/t96; chmod +x $G/w/t96
SH=""; for s in 72,6144,4096 96,6144,4096 112,6144,4096 128,6144,4096 64,12288,4096 128,12288,4096 128,6144,11008 128,4096,4096 256,6144,4096 1000,1000,1000; do SH="$SH --shape $s"; done
ab t96 2 $D/bench_gemm $G/w/t96 --graph --dtype bf16 $SH
ab t96f16 2 $D/bench_gemm $G/w/t96 --graph --dtype f16 --shape 128,6144,4096 --shape 96,6144,4096
awk -F, 'NR>1 {print "auto:", $4"x"$5"x"$6, "config", $21, "split", $22, "dec", $24}' $G/t96/ab_before_*_1.csv >> $S
awk -F, 'NR>1 {print "64x96:", $4"x"$5"x"$6, "config", $21, "split", $22, "rel", $14}' $G/t96/ab_after_*_1.csv >> $S
echo "done at $(el)s" >> $S; cat $S

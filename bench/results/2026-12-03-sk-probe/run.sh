#!/usr/bin/env bash
# A probe (one device call, the tree b921b29): stream-K forced on the shapes whose tiles fill less
# than one wave (cutego_gemm_stream_k's model considers stream-K only past one full wave of 128x256
# tiles), against the automatic plan, alternated twice in separate processes:
#   sk128: --decomposition 3 --config 2 (128x128 tiles; fewer tiles than SMs: all of them stream-K)
#   sk256: --decomposition 3 --config 1 (128x256 tiles)
# Predicted: 256 x 6144 x 4096 (96 tiles of 128x128 on 132 SMs, 46.5 k-iterations each under
# stream-K) 24-26 -> ~21 us on sk128; 128 x 11008 and 1 / 8 x 14336 (86 / 112 tiles) ~1.05x; the
# rest no better than the automatic plans.
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-sk-probe/run.sh
set -u
G=/tmp/skp; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
ls $D/bench_gemm > /dev/null 2>&1 || build_tree bench/bench_gemm
mkdir -p $G/w
printf '#!/bin/sh\nexec %s "$@" --decomposition 3 --config 2\n' $PWD/$D/bench_gemm > $G/w/sk128; chmod +x $G/w/sk128
printf '#!/bin/sh\nexec %s "$@" --decomposition 3 --config 1\n' $PWD/$D/bench_gemm > $G/w/sk256; chmod +x $G/w/sk256
SH=""; for s in 256,6144,4096 192,6144,4096 128,6144,4096 256,4096,4096 128,11008,4096 8,14336,4096 1,14336,4096 256,14336,4096 384,6144,4096 512,4096,11008 256,11008,4096; do SH="$SH --shape $s"; done
ab sk128 2 $D/bench_gemm $G/w/sk128 --graph --dtype bf16 $SH
ab sk256 2 $D/bench_gemm $G/w/sk256 --graph --dtype bf16 $SH
awk -F, 'NR>1 {print "auto:", $4"x"$5"x"$6, "config", $21, "split", $22, "dec", $24}' $G/sk128/ab_before_*_1.csv >> $S
awk -F, 'NR>1 {print "sk128:", $4"x"$5"x"$6, "config", $21, "split", $22, "dec", $24, "rel", $14}' $G/sk128/ab_after_*_1.csv >> $S
echo "done at $(el)s" >> $S; cat $S

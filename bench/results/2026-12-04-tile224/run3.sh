#!/usr/bin/env bash
# Where else 128x224 might pay (one call, ~3.5 minutes): 128x224 forced beside the automatic plan
# (interleaved) where a wave of it at 0.9 of a 128x256 wave would beat the automatic choice with
# other waves. Predicted (waves x cost, automatic against 128x224): 768 x 14336 x 4096, 384 x 28672 x
# 8192, 1536 x 7168 x 4096 (128x168, 4 x 0.74 = 2.96 against 3 x 0.9 = 2.7) 1.10x; 768 x 24576 x
# 1536 (128x192, 6 x 0.83 = 4.98 against 5 x 0.9) 1.11x; 3072 x 14336 x 4096 (128x256, 11 against
# 12 x 0.9) 1.02x; 1536 x 36864 x 7168 (14 against 15 x 0.9) 1.04x; 768 x 18432 x 7168 (128x168,
# 5 x 0.74 = 3.7 against 4 x 0.9) 1.03x.
set -u
G=/tmp/p224; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree bench/bench_gemm
L=""; for s in 768,14336,4096 384,28672,8192 1536,7168,4096 768,24576,1536 3072,14336,4096 1536,36864,7168 768,18432,7168; do L="$L --shape $s"; done
timeout 200 $D/bench_gemm $OUT/p224.csv --graph --dtype bf16 --ab-config 12 $L > $OUT/p224.log 2>&1
echo "p224 bf16 rc=$? at $(el)s" >> $S
grep -h -A1 "^shape" $OUT/p224.log | grep -E "^shape|config 12" | sed 's/  */ /g' | cut -c1-170 >> $S
echo "done at $(el)s" >> $S; cat $S

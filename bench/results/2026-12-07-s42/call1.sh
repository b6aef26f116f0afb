#!/usr/bin/env bash
# One device call. Carry build/carry/s41b (see ../2026-12-07-s41/call3.sh).
# 1. ../2026-12-07-s41/call3.sh: the refitted FP8 64-row rule's automatic device cases (C and Go),
#    memcheck of the 64-row cases, test_gemm, and the automatic plans of 7f70080, a9cc23e and the
#    refit in turn on 90 shapes. Predicted there: 1.12-1.16x over 7f70080, 1.06-1.10x over a9cc23e,
#    none below 0.97x.
# 2. Two grids, every tile forced (the refit's binary, one process each), to fit what the rule leaves:
#    few rows and many tiles (M in {1, 16, 32, 64, 96, 128} x N in {8192 ... 32768} x K in {512 ...
#    7168}: where several waves of 64-row tiles beat one of 128-row tiles, as 24576 x 1536 did),
#    and mid M (192-512 rows x N in {640 ... 7168} x K on and off the 128-byte grid: where the
#    64-row tiles beat the 128-row plans, as 448 x 640 x 6208 and 289 x 1600 x 3472 did).
#    Predicted: 64x64 past one wave wins only at K <= 2048 and M <= 64 (by 1.1-1.3x); at mid M the
#    64-row tiles win where the 128-row plan makes under half a wave (by 1.1-1.4x).
set -u
bash bench/results/2026-12-07-s41/call3.sh > /tmp/call3.out 2>&1
G=/tmp/s41c; . bench/device/env.sh
S=$OUT/summary2.txt; : > $S
B=$G/new/bench_gemm_fp8
V=0:0:0,0:0:6,0:0:6:1,0:0:8,0:0:8:1,0:0:1,0:0:2,0:0:12
FEW=""; for m in 1 16 32 64 96 128; do for n in 8192 12288 16384 20480 24576 32768; do for k in 512 1024 1536 2048 4096 7168; do FEW="$FEW --shape $m,$n,$k"; done; done; done
timeout 150 $B $G/few.csv $FEW --variants $V --rounds 1 > $G/few.log 2>&1
echo "few rc=$? ($(el)s)" >> $S
MID=""; for m in 192 256 320 384 448 512; do for n in 640 1600 2112 4096 7168; do for k in 3472 4096 6208 7168; do MID="$MID --shape $m,$n,$k"; done; done; done
timeout 120 $B $G/mid2.csv $MID --variants $V --rounds 1 > $G/mid2.log 2>&1
echo "mid2 rc=$? ($(el)s)" >> $S
python3 bench/results/2026-12-07-s41/grid.py $G/few.csv | tail -1 >> $S
python3 bench/results/2026-12-07-s41/grid.py $G/mid2.csv | tail -1 >> $S
(cd $G && tar czf $OUT/grids.tgz few.csv few.log mid2.csv mid2.log)
cat /tmp/call3.out
cat $S

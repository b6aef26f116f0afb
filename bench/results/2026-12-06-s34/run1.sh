#!/usr/bin/env bash
# Session 34, device call 1 (carry build/carry/lib.a.gz: the tree's library, built on the CPU
# machine). 16-bit K-major rows on the 4-byte grid and off the 8-byte one (K = 4098: rows of 8,196
# bytes; CUTEGO_GEMM_F_ROWS_4) read in place by 4-byte cp.async pieces, where the planner copied
# A and B first (session 33 read rows on the 8-byte grid in place by 8-byte pieces).
# 1. test_gemm's rows cases first (the new "rows4" ones: every 16-bit tile configuration, batches, a
#    broadcast B, K = 2 and 6, pitches past K, M = 1..4096, col-major D, no_pack; odd K copied), then
#    test_gemm and test_gemm_fp8 in full; memcheck and racecheck of the small rows4 cases.
# 2. The copies (--pitch-pack 1), cp.async wherever it can (--pitch-pack 2, OFF) and AUTO in turn,
#    twice, on K = 4098 shapes and two K = 4100 ones (8-byte pieces); main's kernels
#    (rows4-kernel.patch reversed) against the tree on on-grid controls and on 8-byte-piece shapes,
#    twice; the bf16 and fp16 sweeps.
# Predicted: every check passes, memcheck and racecheck clean. 4-byte pieces against the copies
# 1.5-2.5x at M <= 128 (1 x 4096 x 4098 ~20 us against ~40), 0.5-0.8x on 4096^2 x 4098 (OFF);
# 1 x 4096 x 4098 by 4-byte pieces 0.7-0.85x of 1 x 4096 x 4100 by 8-byte ones (twice the
# instructions); main against the tree 0.98-1.02 (the 8-byte producer's code is the same).
# Wrong if 100 x 4096 x 4098 read in place is slower than its copies.
set -u
G=$PWD/.devwork/s34a; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$G/b; mkdir -p $D/o
gunzip -c build/carry/lib.a.gz > $D/lib.a && (cd $D/o && ar x ../lib.a) || echo "CARRY-FAIL" >> $S
R=bench/results/2026-12-06-s34
variant_prepare main $R/rows4-kernel.patch -R
variant_compile main:gemm_64x32_kk main:gemm_64x64_kk main:gemm_64x128_kk main:gemm_128x128_kk main:gemm_128x256_kk main:gemm_128x168_kk &
link_bins bench/bench_gemm csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8
run_test 150 test_gemm --filter "rows"
run_test 200 test_gemm
run_test 150 test_gemm_fp8
wait
grep BUILD-FAIL $G/variants.log >> $S
variant_link main
declare -A B V
B[m]=$G/main/bench_gemm; B[t]=$D/bench_gemm; B[c]=$D/bench_gemm; B[o]=$D/bench_gemm
V[c]="--pitch-pack 1"; V[o]="--pitch-pack 2"
SH=""; for s in 1,4096,4098 8,14336,4098 16,4096,4098 64,4096,4098 100,4096,4098 128,4096,4098 129,4096,4098 \
  256,4096,4098 500,500,502 1000,1000,1002 2048,2048,2050 4096,4096,4098 1,4096,4100 100,4096,4100; do SH="$SH --shape $s"; done
in_turn 2 c c o t
mv $G/csv $G/csv_rows4
SH=""; for s in 1,4096,4096 32,4096,4096 128,4096,4096 1000,1000,1000 1024,1024,1024 2048,2048,2048 \
  512,11008,4096 4096,4096,4096 1,4096,4100 100,4096,4100 500,500,500; do SH="$SH --shape $s"; done
in_turn 2 m m t
sanitize memcheck 200 test_gemm "rows4 K=2,rows4 B broad,rows4 batched,rows4 pitch,rows4 config,rows4 M=1,rows4 no_pack,rows4 64x"
sanitize racecheck 150 test_gemm "rows4 K=2,rows4 B broad,rows4 config 5 ,rows4 config 0 "
grep -h "WRONG" $G/*_?.log | head -3 >> $S
sweep bf16 f16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
(cd $G && tar czf $OUT/csv.tgz csv csv_rows4 *.log sweep 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

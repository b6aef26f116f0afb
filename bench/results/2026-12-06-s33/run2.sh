#!/usr/bin/env bash
# Session 33, device call 2 (carry build/carry/lib.a.gz: the tree's library with the AUTO rule of
# rows_in_place: cp.async at most 128 rows or columns, or at most 2^28 multiply-adds; copies
# elsewhere; the kernels as in call 1). test_gemm in full (the rows cases forced with pitch_pack
# OFF where AUTO now copies), the copies (--pitch-pack 1) against AUTO on the shapes off the
# 16-byte grid in turn, twice, and the bf16 and fp16 sweeps.
# Predicted: every check passes; AUTO against the copies 1.36-2.8x where M <= 128 (100 x 4096 x
# 4100 ~1.36x) and 500^3 ~1.16x, 0.99-1.01 where AUTO copies (256 and 4096 rows, 1000^2 x 1004,
# 512 x 11008 x 4100, 2048^2 x 2052); 128 x 4096 x 4100 1.2-1.4x.
set -u
G=$PWD/.devwork/s33b; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/b; mkdir -p $D/o
gunzip -c build/carry/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
link_bins bench/bench_gemm csrc/gemm/test_gemm
run_test 200 test_gemm
declare -A B V
B[c]=$D/bench_gemm; B[t]=$D/bench_gemm; V[c]="--pitch-pack 1"
SH=""; for s in 100,4096,4100 128,4096,4100 129,4096,4100 1,4096,4100 16,4096,4100 64,4096,4100 256,4096,4100 \
  8,14336,4100 500,500,500 1000,1000,1004 512,11008,4100 2048,2048,2052 4096,4096,4100; do SH="$SH --shape $s"; done
in_turn 2 c c t
sweep bf16 f16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
(cd $G && tar czf $OUT/csv.tgz csv *.log sweep 2>/dev/null)
echo "done at $(el)s" >> $S
cat $S

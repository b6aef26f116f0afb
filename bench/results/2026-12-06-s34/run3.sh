#!/usr/bin/env bash
# Session 34, device call 3 (carry build/carry/lib.a.gz: the tree's library, units.patch on top of
# 3d9094b: 4-byte pieces on the 8-byte units, two per unit, the 8-byte loop's shape). Call 2 found
# the 8-byte producer slower in 3d9094b than in main (1 / 16 x 4096 x 4100 0.87 / 0.89, the tree's
# units compiled on the device too, so not the compiler): in its SASS every 8-byte LDGSTS took its
# source from one register pair (R2) where main's spread them over R6, R8, R36...; the 4-byte loop
# beside it, 32 threads to a row and unrolled whole, had taken those registers (unrolled by 2 it
# gave them back in the 64x32 and 64x64 kernels but the 128x128 ones spilled). Now the 4-byte loop
# has the 8-byte loop's shape, each unit two 4-byte pieces: no spill in any unit, and the 8-byte
# loops' SASS is main's again (64x32, 64x64, 128x128, 128x256).
# 1. test_gemm (rows cases first) and test_gemm_fp8 in full; memcheck of the small rows4 cases.
# 2. main's kernels (m: units.patch and rows4-kernel.patch reversed, compiled on the device) against
#    the tree (t) on 8-byte-piece shapes and on-grid controls, three rounds. Predicted 0.98-1.02
#    everywhere (1 x 4096 x 4100 0.87 before); wrong if 1 / 16 x 4096 x 4100 stay below 0.95.
# 3. The copies (c, --pitch-pack 1), the tree (t) and 3d9094b's kernels (f: 32 threads to a row,
#    units.patch reversed, compiled on the device) on K = 4098 shapes, twice. Predicted t / f
#    0.85-1.05 (each instruction of the warp now touches two rows' 64-byte halves), t / c 1.2-1.8x at
#    M <= 100.
# 4. The bf16 and fp16 sweeps.
set -u
G=$PWD/.devwork/s34c; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$G/b; mkdir -p $D/o
gunzip -c build/carry/lib.a.gz > $D/lib.a && (cd $D/o && ar x ../lib.a) || echo "CARRY-FAIL" >> $S
R=bench/results/2026-12-06-s34; ROOT=$PWD
variant_prepare main $R/units.patch -R
(cd $G/main/src && patch -p1 -s -R < $ROOT/$R/rows4-kernel.patch) || echo "PATCH-FAIL main rows4" >> $S
variant_prepare full $R/units.patch -R
variant_compile main:gemm_64x32_kk main:gemm_64x64_kk main:gemm_64x128_kk main:gemm_128x128_kk main:gemm_128x256_kk \
  full:gemm_64x32_kk full:gemm_64x64_kk full:gemm_64x128_kk &
link_bins bench/bench_gemm csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8
run_test 150 test_gemm --filter "rows"
run_test 200 test_gemm
run_test 150 test_gemm_fp8
sanitize memcheck 200 test_gemm "rows4 K=2,rows4 B broad,rows4 batched,rows4 pitch,rows4 config,rows4 M=1,rows4 no_pack,rows4 64x"
sanitize racecheck 150 test_gemm "rows4 K=2,rows4 B broad,rows4 config 5 ,rows4 config 0 "
wait
grep BUILD-FAIL $G/variants.log >> $S
variant_link main
variant_link full
declare -A B V
B[m]=$G/main/bench_gemm; B[f]=$G/full/bench_gemm; B[t]=$D/bench_gemm; B[c]=$D/bench_gemm; V[c]="--pitch-pack 1"
SH=""; for s in 1,4096,4100 16,4096,4100 100,4096,4100 8,14336,4100 500,500,500 1,4096,4096 32,4096,4096 \
  1000,1000,1000 1024,1024,1024 4096,4096,4096; do SH="$SH --shape $s"; done
in_turn 3 m m t
mv $G/csv $G/csv_ctl
SH=""; for s in 1,4096,4098 16,4096,4098 64,4096,4098 100,4096,4098 128,4096,4098 129,4096,4098 8,14336,4098 \
  500,500,502; do SH="$SH --shape $s"; done
in_turn 2 c c f t
sweep bf16 f16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
(cd $G && tar czf $OUT/csv.tgz csv csv_ctl *.log sweep 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# One device call: B's rows off the 16-byte grid read in place by row residues
# (CUTEGO_GEMM_F_B_RESIDUES) against the tree before it (residues-full.patch reversed: B copied).
# test_gemm whole (its residue cases and the residue-tail checks, whose B holds infinities that
# a missed zeroing turns into NaN), test_gemm_graph, memcheck and racecheck of residue cases;
# then the two binaries alternated twice on the odd-K shapes and on shapes whose plans do not
# change (the kernels' other paths: no regression).
# Predicted: 100 x 4096 x 4100 40.4 -> 11-14 us (A copied, ~2 us, then 64x64 tiles as on 128 x
# 4096 x 4096, 9.9 us, with rows off the 128-byte grid); the unchanged plans within noise.
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-residues/run.sh
set -u
G=/tmp/res; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-residues
export D=.devwork/b
variant_prepare base $R/residues-full.patch -R
variant_compile base:gemm_128x256_kk base:gemm_128x128_kk base:gemm_128x64_kk base:gemm_64x128_kk base:gemm_64x64_kk base:gemm_64x32_kk &
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_graph bench/bench_gemm
wait
for c in plan waves; do (cd $G/base/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/$c.c -o $G/base/o/csrc_gemm_$c.c.o); done
variant_link base
grep -c FAIL $G/variants.log >> $S
run_test 150 test_gemm
grep -E "residue" $OUT/test_gemm.log > $OUT/residue_cases.txt
run_test 60 test_gemm_graph
sanitize memcheck 60 test_gemm "residues auto 100x4096x4097,residues K=70,residues 64x32 asked,residue tail"
sanitize racecheck 90 test_gemm "residues K=70,residues 64x32 asked"
cp $G/memcheck_test_gemm.log $G/racecheck_test_gemm.log $OUT/ 2>/dev/null
AB=""; for s in 100,4096,4100 1,4096,4100 64,4096,4098 100,4096,4097 256,4096,4100 512,4096,4100 100,11008,4100 16,14336,4098 4096,4096,4096 8192,8192,8192 128,4096,4096 64,4096,4096 1024,1024,1024 512,4096,4096 4096,14336,4096 256,4096,14336; do AB="$AB --shape $s"; done
mkdir -p $G/ab; timeout 200 bash bench/gemm_ab.sh $G/ab 2 $G/base/bench_gemm $D/bench_gemm --graph --dtype bf16 $AB > $OUT/ab.txt 2>&1
echo "base -> tree at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
awk -F, 'NR>1 {print $4"x"$5"x"$6, "ours", $7, "lt", $9, "ratio", $13, "config", $21, "split", $22, "rel", $14}' $G/ab/ab_after_*_1.csv >> $S
awk -F, 'NR>1 {print "before", $4"x"$5"x"$6, "ours", $7, "ratio", $13, "config", $21, "split", $22}' $G/ab/ab_before_*_1.csv >> $S
echo "done at $(el)s" >> $S; cat $S

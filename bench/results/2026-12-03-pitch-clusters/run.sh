#!/usr/bin/env bash
# One device call: pitchcl.patch (branch `pitchcl`, a planner change only) against main ("pre": the
# patch reversed, its planner): rows off the 128-byte grid are no longer copied where B, left in
# place, is shared by 2x1 clusters (cutego_gemm_pitch_in_clusters). Predicted (bench/results/
# 2026-12-03-uniform, pitch_pack OFF against the copies): 3000x5000x1000 0.77 -> ~0.91 of cuBLAS,
# 4096x4096x1000 0.89 -> ~0.99, 3000^3 0.79 -> ~0.84, 1800^3 0.87 -> ~0.90; the others here within
# +-3% or better.
# Usage (repo root, $OUT set; main since 0263ac7 holds the patch): bash bench/results/2026-12-03-pitch-clusters/run.sh
set -u
grep -q cutego_gemm_pitch_in_clusters csrc/gemm/plan.c || { echo "a tree with pitchcl.patch applied, please"; exit 2; }
G=/tmp/pc; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-pitch-clusters
variant_prepare pre $R/pitchcl.patch -R
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1
grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S
for c in csrc/gemm/plan.c csrc/gemm/waves.c; do  # pre's planner
  (cd $G/pre/src && gcc -std=c99 -O2 -fPIC -Iinclude -c $c -o $G/pre/o/$(echo $c | tr / _).o)
done
for t in csrc/gemm/test_gemm bench/bench_gemm; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 &
done
variant_link pre &
wait
echo "built at $(el)s: $(ls $D/test_gemm $D/bench_gemm $G/pre/bench_gemm | wc -l) of 3 binaries" >> $S
timeout 150 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -6 >> $S
timeout 90 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm --filter "pitch auto 3000x5000x1000" > $G/memcheck.log 2>&1
echo "memcheck rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $G/memcheck.log | tail -2 >> $S
SH=""; for s in 1800,1800,1800 3000,3000,3000 4096,4096,1000 3000,5000,1000 8192,8192,1000 4096,4096,3000 4096,11008,1800 \
  2048,2048,5000 1000,4096,3000 1000,1000,1000 4096,4096,4096; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 240 bash bench/gemm_ab.sh $G/ab 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "bf16 pre -> tree at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
awk -F, 'NR>1 {print $4"x"$5"x"$6, "config", $21, "split", $22, "cluster", $17, "dec", $24, $15}' $G/ab/ab_after_*_1.csv >> $S
tar czf $OUT/logs.tgz -C $G ab memcheck.log $(cd $G && ls *.log | grep -v memcheck)
echo "done at $(el)s" >> $S; cat $S

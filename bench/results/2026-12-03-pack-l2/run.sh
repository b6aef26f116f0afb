#!/usr/bin/env bash
# One device call on two changes to the row copies before a GEMM (both.patch, on b921b29):
# - pdl.patch: the GEMM after the copies launches as their programmatic dependent (the copy kernel
#   lets it launch at once; its first step waits for the copies);
# - krev.patch: the copy walks K's 128-byte chunks from the last to the first, each over every row,
#   so that what the GEMM reads first was written last and is still in L2 (ncu of the copy of
#   4096 x 4100: 34 MB written, 11.5 MB of it to DRAM during the copy).
# Variants: prev (both reversed), nopdl, nokrev, each against the tree, alternated twice.
# Predicted: 100 x 4096 x 4100 34.4 -> ~30 us (the GEMM on the copies ~15 -> ~11 us with its first
# ~60% of K from L2; ~1 us from the launch); 500^3 6.6 -> ~6; shapes without copies unchanged.
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-pack-l2/run.sh
set -u
G=/tmp/pl2; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-pack-l2
export D=.devwork/b
variant_prepare prev $R/both.patch -R
variant_prepare nopdl $R/pdl.patch -R
variant_prepare nokrev $R/krev.patch -R
variant_compile prev:cutego_gemm nopdl:cutego_gemm nokrev:cutego_gemm &
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm
wait; grep BUILD-FAIL $G/variants.log >> $S
variant_link prev & variant_link nopdl & variant_link nokrev & wait
echo "variants linked at $(el)s: $(ls $G/*/bench_gemm | wc -l)" >> $S
run_test 150 test_gemm
run_test 90 test_gemm_fp8
run_test 90 test_gemm_graph
sanitize memcheck 90 test_gemm "packed rows,packed A,pitch,odd,500^3"
sanitize memcheck 60 test_gemm_fp8 "packed rows"
sanitize racecheck 90 test_gemm "pitch auto 100x4096x4100,square auto 500^3"
for sh in 100,4096,4100 4096,4096,4100; do
  timeout 60 $CUDA/bin/ncu --kernel-name regex:"pack_k_rows|cutego_gemm_" --launch-count 4 --metrics gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sector_hit_rate.pct \
    $D/bench_gemm $G/ncu.csv --dtype bf16 --reps 1 --shape $sh > $G/ncu_$sh.log 2>&1
  echo "ncu tree $sh:" >> $S
  awk '/^  [a-zA-Z_].*\(/ {k=$1} /gpu__time|dram__bytes|hit_rate/ {printf "  %-34.34s %s %s %s\n", k, $1, $(NF-1), $NF}' $G/ncu_$sh.log | head -12 >> $S
done
PK="--shape 100,4096,4100 --shape 64,4096,4100 --shape 16,2048,4100 --shape 500,500,500 --shape 4095,4095,4095 --shape 2039,2053,2027 --shape 4096,4096,4100"
ab ab_prev 2 $G/prev/bench_gemm $D/bench_gemm --graph --dtype bf16 $PK --shape 1000,1000,1000 --shape 128,4096,4096 --shape 4096,4096,4096
ab ab_nopdl 2 $G/nopdl/bench_gemm $D/bench_gemm --graph --dtype bf16 $PK
ab ab_nokrev 2 $G/nokrev/bench_gemm $D/bench_gemm --graph --dtype bf16 $PK
ab ab_prev16 2 $G/prev/bench_gemm $D/bench_gemm --graph --dtype f16 --shape 100,4096,4100 --shape 500,500,500
tar czf $OUT/logs.tgz -C $G ab_prev ab_nopdl ab_nokrev ab_prev16 $(cd $G && ls *.log)
echo "done at $(el)s" >> $S; cat $S

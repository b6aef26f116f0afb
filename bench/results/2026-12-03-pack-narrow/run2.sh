#!/usr/bin/env bash
# The second device call: the tree (4e75efc's copy and narrow rule, the rule now "narrow tiles where
# they add no packed copy", and A's and B's row copies in one launch: fused.patch) against two
# variants: "pre", the tree before this session (all.patch reversed), and "rung1", the tree without
# the one launch (fused.patch reversed).
# - correctness: test_gemm and test_gemm_fp8 whole, memcheck of the packed cases;
# - the one copy kernel's time (ncu) on the tree;
# - pre -> tree on the shapes the copies or the rule change (500^3 now on 64x64 tiles on the
#   copies; 100 x 4096 x 1000 on 64x128 in place as before the session), and unchanged controls;
#   rung1 -> tree on the shapes with two row copies.
# Predicted: 100 x 4096 x 4100 ~36.5 (rung1) -> ~33 us (A's copy hidden beside B's, one launch
# less); 500^3 (64x64 on the copies, against 128x128 on them) ~1.2x; 100 x 4096 x 1000 1.00x.
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-pack-narrow/run2.sh
set -u
G=/tmp/pn2; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-pack-narrow
export D=.devwork/b
variant_prepare pre $R/all.patch -R
variant_prepare rung1 $R/fused.patch -R
variant_compile pre:cutego_gemm rung1:cutego_gemm &
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 bench/bench_gemm
wait; grep BUILD-FAIL $G/variants.log >> $S
variant_link pre; variant_link rung1
run_test 150 test_gemm
run_test 90 test_gemm_fp8
sanitize memcheck 90 test_gemm "packed rows,packed A,pitch,odd,500^3"
sanitize memcheck 60 test_gemm_fp8 "packed rows"
for sh in 100,4096,4100 4096,4096,4100 2039,2053,2027 500,500,500; do
  timeout 60 $CUDA/bin/ncu --kernel-name regex:pack_k_rows --launch-count 3 --metrics gpu__time_duration.sum,dram__bytes_read.sum \
    $D/bench_gemm $G/ncu.csv --dtype bf16 --reps 1 --shape $sh > $G/ncu_$sh.log 2>&1
  echo "ncu tree $sh: $(grep -E "gpu__time_duration|dram__bytes" $G/ncu_$sh.log | awk '{print $(NF-1), $NF}' | tr '\n' ' ')" >> $S
done
echo "ncu at $(el)s" >> $S
AB=""; for s in 100,4096,4100 64,4096,4100 16,2048,4100 100,4096,1000 500,500,500 4096,4096,4100 4095,4095,4095 2039,2053,2027 1000,1000,1000 3000,5000,1000 128,4096,4096 4096,4096,4096; do AB="$AB --shape $s"; done
ab ab 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $AB
ab fused 2 $G/rung1/bench_gemm $D/bench_gemm --graph --dtype bf16 --shape 100,4096,4100 --shape 64,4096,4100 --shape 16,2048,4100 --shape 500,500,500 --shape 4095,4095,4095 --shape 2039,2053,2027
ab fused16 2 $G/rung1/bench_gemm $D/bench_gemm --graph --dtype f16 --shape 100,4096,4100 --shape 4096,4096,4100
awk -F, 'NR>1 {print "pre:", $4"x"$5"x"$6, "config", $21, "split", $22, "dec", $24}' $G/ab/ab_before_*_1.csv >> $S
awk -F, 'NR>1 {print "tree:", $4"x"$5"x"$6, "config", $21, "split", $22, "dec", $24, "rel", $14}' $G/ab/ab_after_*_1.csv >> $S
tar czf $OUT/logs.tgz -C $G ab fused fused16 $(cd $G && ls *.log)
echo "done at $(el)s" >> $S; cat $S

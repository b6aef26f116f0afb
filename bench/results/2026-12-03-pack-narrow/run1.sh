#!/usr/bin/env bash
# One device call: the row-packing copy with 16-byte stores, four vectors per thread and every
# load before the first store, over a flat (row, vector) index (so a 100-row operand still fills
# the SMs), and the narrow tiles taken where they keep the plan's packed copies (K off the 16-byte
# grid copies A and B on any tiles): pack-narrow.patch reversed as the variant "pre" (the tree
# before both), against the tree.
# - correctness: test_gemm and test_gemm_fp8 whole (the packed-rows cases: units of 16, 8, 4, 2 and
#   1 bytes), memcheck of the packed cases;
# - the copy kernel's time (ncu) before and after;
# - the whole GEMM before/after, alternated twice (graphs), automatic plans and pitch_pack ON.
# Predicted: A's copy of 100 x 4100 4.5-5.3 -> ~2 us, B's of 4096 x 4100 19.6 -> ~17 (3.45 -> ~4
# TB/s read + written); 100 x 4096 x 4100 40.3 -> ~30 us (64x64 tiles unsplit instead of 128x128 in
# 4 slices; 0.69 -> ~0.92 of cuBLAS); 4096 x 4096 x 4100 and the odd-K squares 1-2% faster; shapes
# without copies unchanged.
# Usage (repo root, $OUT set; the tree of commit 4e75efc): bash bench/results/2026-12-03-pack-narrow/run1.sh
set -u
G=/tmp/pn; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-pack-narrow
export D=.devwork/b
variant_prepare pre $R/pack-narrow.patch -R
variant_compile pre:cutego_gemm &
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 bench/bench_gemm
wait; grep BUILD-FAIL $G/variants.log >> $S
variant_link pre
run_test 150 test_gemm
run_test 90 test_gemm_fp8
sanitize memcheck 90 test_gemm "packed rows,packed A,pitch,odd"
sanitize memcheck 60 test_gemm_fp8 "packed rows"
for b in pre:$G/pre/bench_gemm new:$D/bench_gemm; do
  for sh in 100,4096,4100 4096,4096,4100 2039,2053,2027; do
    timeout 60 $CUDA/bin/ncu --kernel-name regex:pack_k_rows --launch-count 4 --metrics gpu__time_duration.sum,dram__bytes_read.sum \
      ${b#*:} $G/ncu.csv --dtype bf16 --reps 1 --shape $sh > $G/ncu_${b%%:*}_$sh.log 2>&1
    echo "ncu ${b%%:*} $sh: $(grep -E "gpu__time_duration|dram__bytes" $G/ncu_${b%%:*}_$sh.log | awk '{print $(NF-1), $NF}' | tr '\n' ' ')" >> $S
  done
done
echo "ncu at $(el)s" >> $S
AB=""; for s in 100,4096,4100 64,4096,4100 16,2048,4100 100,4096,1000 4096,4096,4100 4095,4095,4095 2039,2053,2027 1000,1000,1000 3000,5000,1000 128,4096,4096 4096,4096,4096; do AB="$AB --shape $s"; done
ab ab 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $AB
ab ab16 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype f16 --shape 100,4096,4100 --shape 4096,4096,4100
ab abon 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 --pitch-pack 1 --shape 1000,1000,1000 --shape 3000,5000,1000
awk -F, 'NR>1 {print "after:", $4"x"$5"x"$6, "config", $21, "split", $22, "dec", $24, "rel", $14}' $G/ab/ab_after_*_1.csv >> $S
tar czf $OUT/logs.tgz -C $G ab ab16 abon $(cd $G && ls *.log)
echo "done at $(el)s" >> $S; cat $S

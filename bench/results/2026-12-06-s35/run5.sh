#!/usr/bin/env bash
# Session 35, device call 5 (carry build/carry: lib.a.gz, main 0fcab79's library; the tree's
# gemm_128x128_kk_e4m3, gemm_128x128_kk_e4m3_blockscaled and gemm_128x192_kk_e4m3_blockscaled units,
# lean.patch: the promoted loop's barriers at shared-memory addresses computed once (through a
# shuffle, so ptxas keeps them rather than converting &bar[s] again at each k-tile) and its stage
# release predicated, not branched). Calls 3-4: the block-scaled loop is bound by its consumers'
# instructions (no scale loads 1.134x; L1 prefetches, three more instructions a k-tile, 0.936x).
# lean.patch takes 263 -> 252 SASS instructions per two k-tiles of the 128x128 block-scaled loop
# (-4%); the fast and stream-K kernels' SASS is unchanged (compared here).
# Predicted: block-scaled 128x128 and promoted 1.02-1.05x main at M = 1024 and 4096; wrong if
# under 1.01.
# main (m) and the tree (t) in turn, three times, DeepGEMM's (N, K) at M = 1024 and 4096, random
# scales.
set -u
G=$PWD/.devwork/s35e; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/m; mkdir -p $D $G/t $G/o
gunzip -c build/carry/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
(cd $G/o && ar x $D/lib.a && cp $OLDPWD/build/carry/gemm_128x*.o . && ar rcs $G/t/lib.a *.o)
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm_fp8
(D=$G/t; link_bins bench/bench_gemm_fp8 csrc/gemm/test_gemm_fp8)
(D=$G/t; run_test 150 test_gemm_fp8 --filter "block,promoted")
for r in 1 2 3; do
  for v in m t; do
    timeout 200 $G/$v/bench_gemm_fp8 $G/bs_${v}_$r.csv --blockscaled --reps 9 --bs-m 1024,4096 > $G/bs_${v}_$r.log 2>&1
    echo "$v $r rc=$? ($(el)s): $(grep -E '^== M = ' $G/bs_${v}_$r.log | tr '\n' ' ')" >> $S
  done
done
cp $G/bs_*.csv $OUT/ 2>/dev/null
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Session 36, device call 5 (carry build/carry: final2.a.gz, the tree f2540a9's library; v4/: the four
# block-scaled 128x192 units of shfl192.patch, built on the CPU machine).
# shfl192.patch: the block-scaled 128x192 loop (one partial sum) takes its stage through a shuffle
# each k-tile too, as f2540a9's per-tensor promoted loop does: its descriptors then stay in uniform
# registers (R2UR 32 -> 4 per two k-tiles; 365 -> 351 instructions), before its MMAs' issue.
# Predicted: block-scaled 128x192 (block192 column) 1.03-1.08x at M >= 1024; the planner's block
# column where it takes 128x192 (4096 x 2112) likewise; 128x128, fast, promoted 0.99-1.01.
# test_gemm_fp8 passes; memcheck clean.
set -u
G=$PWD/.devwork/s36e; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/m; mkdir -p $D $G/t $G/o
gunzip -c build/carry/final2.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
(cd $G/o && ar x $D/lib.a && cp $OLDPWD/build/carry/v4/*.o . && ar rcs $G/t/lib.a *.o)
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm_fp8
(D=$G/t; link_bins bench/bench_gemm_fp8 csrc/gemm/test_gemm_fp8)
(D=$G/t; run_test 150 test_gemm_fp8)
(D=$G/t; sanitize memcheck 200 test_gemm_fp8 "block 128x192 N=1000,block 128x192 one K,block bf16,block odd")
for r in 1 2 3; do
  for v in m t; do
    timeout 200 $G/$v/bench_gemm_fp8 $G/bs_${v}_$r.csv --blockscaled --reps 9 --bs-m 64,128,1024,4096,8192 > $G/bs_${v}_$r.log 2>&1
    echo "$v $r rc=$? ($(el)s): $(grep -E '^== M = ' $G/bs_${v}_$r.log | tr '\n' ' ')" >> $S
  done
done
cp $G/*.csv $G/*.log $OUT/ 2>/dev/null
(cd $OUT && tar czf logs.tgz *.log *.csv && rm -f *.log *.csv)
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Session 36, device call 1 (carry build/carry: lib.a.gz, main 0be5df2's library; v1/: the 16
# block-scaled units and gemm_plan.o of offsets32.patch, built on the CPU machine).
# offsets32.patch: the block-scaled promotion's scale loads as one IMAD.WIDE each from 64-bit bases
# with 32-bit offsets along K (no 64-bit pointer steps, no register-pair moves before each LDG):
# 252 -> 242 SASS instructions per two k-tiles of the 128x128 loop, 186 -> 176 on 64x64, 250 -> 240
# on 64x128, 365 -> 361 on 128x192; the planner refuses K-block strides whose offsets pass 2^31 - 1.
# Predicted: block-scaled 128x128 (block128 column) and the planner's block column at M = 1024 /
# 4096 1.01-1.03x; M = 64 / 128 (64-row tiles) 1.00-1.02x; 128x192 0.99-1.01x; fast and promoted
# per tensor (controls, same units) 0.99-1.01x. test_gemm_fp8 in full passes on the tree;
# memcheck of the small block-scaled cases clean.
set -u
G=$PWD/.devwork/s36a; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/m; mkdir -p $D $G/t $G/o
gunzip -c build/carry/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
(cd $G/o && ar x $D/lib.a && cp $OLDPWD/build/carry/v1/*.o . && ar rcs $G/t/lib.a *.o)
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm_fp8
(D=$G/t; link_bins bench/bench_gemm_fp8 csrc/gemm/test_gemm_fp8)
(D=$G/t; run_test 150 test_gemm_fp8)
(D=$G/t; sanitize memcheck 200 test_gemm_fp8 "block bf16,block odd,block one K,block two K,block small M=8,block 128x192 N=1000,block 128x192 one K,block 64x64 odd,block 64x64 one K,block 64x64 two K")
for r in 1 2 3; do
  for v in m t; do
    timeout 200 $G/$v/bench_gemm_fp8 $G/bs_${v}_$r.csv --blockscaled --reps 9 --bs-m 64,128,1024,4096 > $G/bs_${v}_$r.log 2>&1
    echo "$v $r rc=$? ($(el)s): $(grep -E '^== M = ' $G/bs_${v}_$r.log | tr '\n' ' ')" >> $S
  done
done
cp $G/bs_*.csv $OUT/ 2>/dev/null
(cd $OUT && tar czf logs.tgz *.log *.csv && rm -f *.log *.csv)
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# One device call. Carry build/carry/s47 (git-ignored; carry.sh builds it here with the pinned nvcc
# 13.0.88): base/lib.a.gz (the tree), dec/lib.a.gz (the tree with ws.patch of
# bench/results/2026-12-07-s46 and dec.patch; no C7510/C7514/C7518, no wgmma spill), ws/*.o (the
# 128x192, 128x168 and 128x224 K-major kernels with ws.patch only) and wsp/*.o (the same three with
# ws.patch, dec.patch and wsp.patch).
# Variants: base; ws (base with ws/*.o); dec; decp (dec with wsp/*.o).
# ws.patch: the kernels' last wait on their TMA stores is for reading shared memory only
#   (tma_store_wait<0>); a 16-bit D not transposed is staged by stmatrix.x4.
# dec.patch: the tile scheduler counts (batch, tile of the batch) in 32 bits, a step dividing only
#   where it crosses a batch; the planner refuses a batch of 2^31 tiles or more.
# wsp.patch: the 16-bit kernels wait on the kernel before (griddepcontrol.wait) after their barrier
#   set-up, not first.
# Session 46 measured, in graphs, our per-call intercept in K 1.2-3.0 us above cuBLAS's (3328 x 704:
# 4.79 against 3.24 us), slopes within 10%; ~20% of the consumer warps' instructions at 3328 x 704 x
# 64 were the 64-bit divisions of the tile decode, ~35% the deferred epilogue's packing and stores.
# Predicted: ws 1.03-1.10x on ks.txt (short K and the sweep's small squares) where those three kernels
# run; dec 1.04-1.15x there, within 1% on the large squares and the sweep; decp a further
# 1.00-1.05x. test_gemm and test_gemm_fp8 pass on dec; racecheck and memcheck clean on dec.
set -u
G=/tmp/s47a; . bench/device/env.sh; . bench/device/steps.sh
Q=bench/results/2026-12-07-s47; C=build/carry/s47
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
for v in base dec; do mkdir -p $G/$v && gunzip -c $C/$v/lib.a.gz > $G/$v/lib.a || echo "CARRY-FAIL $v" >> $S; done
mkdir -p $G/ws $G/decp && cp $G/base/lib.a $G/ws/lib.a && ar r $G/ws/lib.a $C/ws/*.o &&
  cp $G/dec/lib.a $G/decp/lib.a && ar r $G/decp/lib.a $C/wsp/*.o || echo "CARRY-FAIL ws decp" >> $S
for v in base ws dec decp; do D=$G/$v link_bins bench/bench_gemm & done
D=$G/dec link_bins csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 &
wait
D=$G/dec run_test 90 test_gemm
D=$G/dec run_test 90 test_gemm_fp8
declare -A B V
for v in base ws dec decp; do B[$v]=$G/$v/bench_gemm; done
SH=$(sed 's/^/--shape /' $Q/ks.txt)
in_turn 2 base base ws dec decp
SH="--shape 4096,4096,4096 --shape 8192,8192,8192 --shape 2048,2048,2048"
for v in base dec; do B[q$v]=$G/$v/bench_gemm V[q$v]="--reps 30"; done
in_turn 1 qbase qbase qdec
(cd $G && tar czf $OUT/csv.tgz csv *.log)
sweep_pair base:$G/base/bench_gemm dec:$G/dec/bench_gemm
F1="128x192 small M=40,128x168 small N=136 beta,64x128 batched M=100 beta,stream-K 128x168,col-major D stream-K"
D=$G/dec sanitize racecheck 60 test_gemm "$F1"
D=$G/dec sanitize memcheck 40 test_gemm "$F1"
cp $G/sweep_*.csv $OUT/ 2>/dev/null
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "all done at $(el)s" >> $S

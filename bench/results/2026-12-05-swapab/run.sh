#!/usr/bin/env bash
# Issue 20, a swap rule for small M: the caller's swap of A and B (bench_gemm --swap-ab: D^T = B A^T,
# D written column-major through TMA stores of transposed chunks) against the plan as given, in
# turn, on a grid of the class where session 24 measured one shape (333 x 14336 x 4096: 1.074x,
# 0.86 -> 0.92 of cuBLAS) and every other shape lost (0.50-0.97). One shape is not enough to
# write a rule; this grid is. Main's tree; ~5 minutes (+2.5 to build bench_gemm on a fresh machine).
# Grid: M in {160, 192, 256, 288, 333, 384, 448, 512, 640, 768} x N in {4096, 11008, 14336, 28672}
# x K = 4096, and M = 333 / 448 at K = 8192 and 14336 (bf16, TN, CUDA graphs, three rounds).
# Predicted: the swap wins (>= 1.03x) only where the unswapped 128-row tiles leave the last row
# at most two-thirds full (M mod 128 in 1..85: 160, 288, 333, 640 at N >= 11008), by about the
# rows it stops computing less the transposed store's cost (row-major D 1.00, the transposed
# store 0.92-0.97 on these shapes in session 24): 1.02-1.08x there, 0.85-1.00x elsewhere. The
# table (bench/ab_table.py: swap over base, and both against cuBLAS) is the input of the rule.
# Since session 27 the launcher computes a column-major D as D^T = B A^T where both orientations
# make the same tiles (cutego_gemm_swap_ab): on this grid that is rarely so. Two more variants
# complete the four orientations of each shape, for a rule that would also swap where the tiles
# differ: dcol (D column-major: the transposed epilogue on M x N, or the rule's swap) and dcolswap
# (D column-major through the caller's swap: D^T row-major, the kernels' usual epilogue on N x M).
# Predicted: dcolswap over dcol 1.05-1.25x wherever the swapped tiles take no more waves (333 x
# 14336: the swapped epilogue was 0.919 of cuBLAS column-major, so row-major at least that, against
# 0.789), below 1 where they take more.
set -u
G=$PWD/.devwork/swapab; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
declare -A B V
V[base]=""; V[swap]="--swap-ab"; V[dcol]="--d-col"; V[dcolswap]="--d-col --swap-ab"
SH=""
for m in 160 192 256 288 333 384 448 512 640 768; do
  for n in 4096 11008 14336 28672; do SH="$SH --shape $m,$n,4096"; done
done
for m in 333 448; do for k in 8192 14336; do SH="$SH --shape $m,14336,$k"; done; done
[ -f $D/bench_gemm ] || build_tree bench/bench_gemm
in_turn 3 base base swap dcol dcolswap
echo "## dcol -> dcolswap" >> $S
python3 bench/ab_table.py $G/csv/dcol_*.csv -- $G/csv/dcolswap_*.csv >> $S
grep -h "333 *14336" $G/swap_1.log | head -2 | cut -c1-220 >> $S
(cd $G && tar czf $OUT/swapab.tgz csv *.log 2>/dev/null)
echo "done at $(el)s" >> $S
cat $S

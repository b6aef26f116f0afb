#!/usr/bin/env bash
# Prepared in session 23 (no device lent that session) for the next session's first device call
# (~8 minutes). The tree with dtrans.patch applied (git apply on the device's copy): a 16-bit D
# whose M has unit stride (column-major, as cuBLAS writes it) stored through TMA, each chunk staged
# transposed in shared memory (CUTEGO_GEMM_F_D_TMA_T), where it was stored directly before.
# 1. test_gemm (its 22 "col-major D" cases: every tile width, deferred-store kernels storing at once,
#    stream-K, split K, D streaming, clusters, M and N off the tile grid, a batch, a source, and
#    the three that must stay direct), test_gemm_fp8 (4 + 1 cases), test_gemm_graph; memcheck and
#    racecheck of the col-major cases;
# 2. bench_gemm on ten shapes, three rounds in turn: D row-major (the kernels' usual epilogue), D
#    column-major through the transposed TMA epilogue (--d-col), D column-major stored directly as
#    before (--d-col --direct-epilogue), and the caller's swap of A and B (--swap-ab: D^T = B A^T,
#    D seen as (N,M) with M unit stride), each as a ratio to cuBLAS in the same process.
# Predicted: every test passes, memcheck and racecheck clean. --d-col within 0.98-1.01 of row-major
# D (one stmatrix.x4.trans per 16 x 16 block of a warp, no bank conflicts; the same TMA stores), and
# 1.05-1.30x of the direct column-major stores (largest where the epilogue's share is large: the
# batch of 2048^2 x 128, 3000 x 5000 x 1000). --swap-ab (plans.txt: the planner's choices): 333 x
# 14336 x 4096 on 128x168 tiles either way, 224 tiles swapped against 258, both two waves on 132 SMs:
# 0.98-1.04x of the unswapped time (cuBLAS runs the swapped 128x168 in 2x1 clusters and is ~1.15x
# ours, so its edge is not the swap alone); 1024 x 14336 swapped is stream-K on 128x256 (128x224
# data-parallel unswapped: within 1.5% of each other in session 19), even; 100 x 4096 x 4100
# swapped splits K in 4 on 128x128, unswapped 64x64 tiles: +-5%; the squares even. The M = 333
# column-major D stays direct (666-byte columns are off the 16-byte grid).
set -u
G=/tmp/dt1; . bench/device/env.sh; . bench/device/steps.sh
R=bench/results/2026-12-05-dtrans; . $R/steps.sh
git apply $R/dtrans.patch 2>> $S || patch -p1 -s < $R/dtrans.patch || echo "PATCH-FAIL" >> $S
export D=.devwork/b; mkdir -p $D
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm
run_test 200 test_gemm
grep "col-major" $OUT/test_gemm.log | cut -c1-110 >> $S
run_test 150 test_gemm_fp8
grep "col-major" $OUT/test_gemm_fp8.log | cut -c1-110 >> $S
run_test 150 test_gemm_graph
sanitize memcheck 150 test_gemm "col-major D M 1000,col-major D 128x168,col-major D 64x64,col-major D stream-K"
sanitize racecheck 200 test_gemm "col-major D small,col-major D 64x64"
dtrans_timing
(cd $G && tar czf $OUT/csv.tgz csv *.log; cd $OUT && tar czf logs.tgz test_gemm*.log && rm -f test_gemm*.log)
echo "done at $(el)s" >> $S
cat $S

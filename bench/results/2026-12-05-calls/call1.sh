#!/usr/bin/env bash
# Call 1 of 3 (~8-9 minutes): the tree with both patches, every test, the sanitizers. The two
# "before" variants' units compile beside the library (for calls 2 and 3). Predictions:
# ../2026-12-05-dtrans/run.sh and ../2026-12-05-bscl/run.sh (every test passes, memcheck and
# racecheck clean).
set -u
G=$PWD/.devwork/calls; mkdir -p $G; . bench/results/2026-12-05-calls/common.sh
prepare_old &
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm bench/bench_gemm_fp8
wait
grep -h "FAIL" $G/variants.log >> $S 2>/dev/null
run_test 200 test_gemm
grep -E "col-major|clusters" $OUT/test_gemm.log | grep -v "^ok" | cut -c1-110 >> $S
run_test 200 test_gemm_fp8
grep -E "col-major|clusters" $OUT/test_gemm_fp8.log | grep -v "^ok" | cut -c1-110 >> $S
run_test 150 test_gemm_graph
sanitize memcheck 120 test_gemm "col-major D M 1000,col-major D 128x168,col-major D 64x64,col-major D stream-K"
sanitize memcheck 120 test_gemm_fp8 "clusters block one tile row,clusters block 128x192 straddle,clusters 128x128 promoted/3,clusters block odd,col-major"
sanitize racecheck 150 test_gemm "col-major D small,col-major D 64x64"
sanitize racecheck 150 test_gemm_fp8 "clusters block one K block,clusters block 128x192 3 tile rows"
(cd $OUT && tar czf logs.tgz test_gemm*.log && rm -f test_gemm*.log)
echo "done at $(el)s" >> $S
cat $S

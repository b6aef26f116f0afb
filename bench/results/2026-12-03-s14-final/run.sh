#!/usr/bin/env bash
# One device call on the session's final tree (1x2 clusters sharing A as an option; the planner's
# 64x32 and 64x64 one-wave rules): test_gemm and test_gemm_graph whole, memcheck of the new
# automatic cases.
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-s14-final/run.sh
set -u
G=/tmp/fin; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_graph
run_test 150 test_gemm
run_test 60 test_gemm_graph
sanitize memcheck 60 test_gemm "64x32 auto,64x64 auto,split-K auto"
echo "done at $(el)s" >> $S; cat $S

#!/usr/bin/env bash
# The tree with idle.patch applied (every unit rebuilt): test_gemm, test_gemm_fp8, test_gemm_graph,
# and memcheck of test_gemm's cases whose last tile row is at most half full.
# Predicted: every check passes, memcheck clean.
set -u
G=$PWD/.devwork/s29v; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8
run_test 120 test_gemm
run_test 120 test_gemm_fp8
sanitize memcheck 100 test_gemm "odd"
echo "done at $(el)s" >> $S
cat $S

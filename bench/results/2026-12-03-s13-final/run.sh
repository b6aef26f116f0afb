#!/usr/bin/env bash
# One device call on the session's final tree (programmatic dependent launches, 64x64 tiles on
# small one-wave plans): every C/C++ GEMM device test, memcheck of the automatic square cases, and
# a probe for the next session: the automatic plan against forced 64x64 tiles on 768^3-1024^3 and
# 1000^3 (CUDA graphs, one process each).
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-s13-final/run.sh
set -u
G=/tmp/fin; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_graph csrc/gemm/test_gemm_fp8 bench/bench_gemm
run_test 150 test_gemm
run_test 60 test_gemm_graph
run_test 120 test_gemm_fp8
sanitize memcheck 60 test_gemm "square auto"
mkdir -p $G/probe
SH=""; for s in 768,768,768 896,896,896 1000,1000,1000 1024,1024,1024; do SH="$SH --shape $s"; done
for cfg in 0 6; do for sk in 0; do
  timeout 30 $D/bench_gemm $G/probe/c${cfg}_s$sk.csv --graph --dtype bf16 --config $cfg --split-k $sk $SH > $G/probe/c${cfg}_s$sk.log 2>&1 || echo "cfg $cfg split $sk: rc $?" >> $S
done; done
echo "probe at $(el)s (us ours / cuBLASLt; config, split, cluster)" >> $S
for f in $G/probe/*.csv; do awk -F, -v f=$(basename $f .csv) 'NR>1 {printf "%s %sx%sx%s ours %.2f lt %.2f ratio %s cfg %s split %s cl %s\n", f, $4, $5, $6, $7*1000, $9*1000, $13, $21, $22, $17}' $f; done | sort -k2,2 -k4,4n >> $S
tar czf $OUT/logs.tgz -C $G probe $(cd $G && ls *.log)
echo "done at $(el)s" >> $S; cat $S

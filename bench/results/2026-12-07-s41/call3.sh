#!/usr/bin/env bash
# Right after call2.sh, on the same warm machine: the 110-shape bf16 sweep (graphs) of the tree and
# of wgarrive.patch in turn, from call2's binaries in /tmp/s41. Predicted: within +-1%, but the shapes
# whose automatic plan takes clusters (1000^3, 3000 x 5000 x 1000) 1-4% faster.
set -u
G=/tmp/s41; . bench/device/env.sh; . bench/device/steps.sh
[ -x $G/wg/bench_gemm ] && [ -x $G/t/bench_gemm ] || { echo "NO-BINARIES (the machine was not warm)" > $S; cat $S; exit 1; }
sweep_pair tree:$G/t/bench_gemm wg:$G/wg/bench_gemm
(cd $G && tar czf $OUT/call3.tgz sweep_*.csv sweep_*.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# One device call on the tree with 128x168 tiles in the planner: (1) test_gemm and test_gemm_graph
# whole (the automatic 128x168 cases run for the first time); (2) a probe of M = 136-255 (between
# one and two 128-row tiles): the automatic plan against each tile forced, in the same process
# (bench_gemm --ab-config, CUDA graphs, bf16 TN), against N = 4096-14336 at K = 4096 and N = 4096 at
# K = 11008. Forced tiles take their own automatic split, then split 2 for 64x128 and 128x128.
# (3) 128x168 forced beside the automatic plan on more shapes of several waves (M = 640-1280
# against N = 11008-28672), for its wave cost; (4) test_gemm_fp8 whole and the fp16 sweep.
# Usage (repo root, $OUT set): bash bench/results/2026-12-03-rows129/run.sh
set -u
G=/tmp/r129; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_graph csrc/gemm/test_gemm_fp8 bench/bench_gemm
run_test 150 test_gemm
run_test 60 test_gemm_graph
run_test 120 test_gemm_fp8
sanitize memcheck 60 test_gemm "data-parallel auto 256x11008,data-parallel auto 1000x5000"
mkdir -p $G/t
SH=""; for m in 136 160 176 192 208 224 240 255; do for nk in 4096,4096 6144,4096 11008,4096 14336,4096 4096,11008; do SH="$SH --shape $m,$nk"; done; done
# options.config: 8 64x128, 6 64x64, 2 128x128, 9 128x168, 5 128x192, 1 128x256
for x in 8:0 6:0 2:0 9:0 5:0 1:0 8:2 2:2; do
  cfg=${x%:*}; sk=${x#*:}
  timeout 100 $D/bench_gemm $G/t/c${cfg}_s$sk.csv --graph --dtype bf16 --ab-config $cfg $( [ $sk != 0 ] && echo --split-k $sk ) $SH > $G/t/c${cfg}_s$sk.log 2>&1 || echo "cfg $cfg split $sk: rc $?" >> $S
  echo "cfg $cfg split $sk at $(el)s" >> $S
done
echo "probe at $(el)s: run shape auto-us (cfg split) forced-us (cfg) lt-us auto/forced rel" >> $S
for f in $G/t/*.csv; do awk -F, -v f=$(basename $f .csv) 'NR>1 {b=($8>0 && $8<$7)?$8:$7; printf "%-6s %sx%sx%s auto %.2f (%s s%s) forced %.2f (%s) lt %.2f x%.3f %s\n", f, $4, $5, $6, b*1000, $21, $22, $26*1000, $25, $9*1000, b/$26, $27}' $f; done | sort -t' ' -k2,2 -k1,1 >> $S
SW=""; for m in 640 768 896 1024 1280; do for nk in 11008,4096 14336,4096 28672,4096; do SW="$SW --shape $m,$nk"; done; done
timeout 100 $D/bench_gemm $G/t/waves_c9.csv --graph --dtype bf16 --ab-config 9 $SW > $G/t/waves_c9.log 2>&1 || echo "waves probe: rc $?" >> $S
echo "waves probe at $(el)s" >> $S
awk -F, 'NR>1 {b=($8>0 && $8<$7)?$8:$7; printf "waves %sx%sx%s auto %.2f (%s s%s d%s) c168 %.2f lt %.2f x%.3f\n", $4, $5, $6, b*1000, $21, $22, $24, $26*1000, $9*1000, b/$26}' $G/t/waves_c9.csv >> $S
mkdir -p $G/sweep
timeout 100 $D/bench_gemm $G/sweep/sweep_f16.csv --sweep --graph --dtype f16 > $G/sweep/sweep_f16.log 2>&1
echo "sweep f16 (graph) rc=$? at $(el)s: $(tail -1 $G/sweep/sweep_f16.log)" >> $S
tar czf $OUT/probe.tgz -C $G t sweep
echo "done at $(el)s" >> $S; cat $S

#!/usr/bin/env bash
# One device call: pdl.patch (branch `pdl`) against the same tree with its launches not
# programmatic ("nopdl": nopdl.patch, cutego_gemm_launch's programmatic = 0; the kernels the same,
# whose griddepcontrol.wait is then a no-op). Every wgmma kernel now begins with
# griddepcontrol.wait (the kernel before it on the stream complete, its writes visible) and
# griddepcontrol.launch_dependents, and both launchers launch it with programmatic stream
# serialization: a call's launch and prologue overlap the previous call's tail.
# First run (device-v1/, every wgmma kernel so launched): 256^3-1024^3 1.04-1.17x faster, but
# 8x6144x4096 0.78x, 128x6144x4096 0.89-0.95x, 512x4096^2 0.98x. Now only main loops of at most 16
# k-tiles (cutego_gemm_programmatic). Predicted: those gains kept, the 32-64 k-tile shapes 1.00x.
# Checked: test_gemm_graph's programmatic chain (dependent 256^3 GEMMs back to back, eager and
# captured), test_gemm, memcheck. Then the sweep (--graph, bf16 and fp16) on the tree.
# Usage (repo root, $OUT set): patch -p1 < bench/results/2026-12-03-pdl/pdl.patch && bash bench/results/2026-12-03-pdl/run.sh
set -u
grep -q programmatic_launch_prologue kernels/gemm_kernels.cuh || { echo "apply pdl.patch first"; exit 2; }
G=/tmp/pdl; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-pdl
variant_prepare nopdl $R/nopdl.patch
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1
grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S
(cd $G/nopdl/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/plan.c -o $G/nopdl/o/csrc_gemm_plan.c.o)
for t in csrc/gemm/test_gemm csrc/gemm/test_gemm_graph bench/bench_gemm; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 || echo "LINK-FAIL $t" >> $S &
done
variant_link nopdl &
wait
echo "built at $(el)s: $(ls $D/test_gemm $D/test_gemm_graph $D/bench_gemm $G/nopdl/bench_gemm | wc -l) of 4 binaries" >> $S
grep -h -m5 "error" $G/link_*.log >> $S
timeout 60 $D/test_gemm_graph > $OUT/test_gemm_graph.log 2>&1; echo "test_gemm_graph rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks|chain|eager:|graph:" $OUT/test_gemm_graph.log | tail -8 >> $S
timeout 150 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -6 >> $S
timeout 120 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm_graph > $G/memcheck.log 2>&1
echo "memcheck test_gemm_graph rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $G/memcheck.log | tail -2 >> $S
SH=""; for s in 256,256,256 512,512,512 768,768,768 1024,1024,1024 1000,1000,1000 1,4096,4096 16,4096,4096 64,4096,4096 \
  8,6144,4096 128,6144,4096 100,4096,4100 512,4096,4096 2048,2048,2048 4096,4096,4096 1536,1536,1536 2048,2048,1024; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 200 bash bench/gemm_ab.sh $G/ab 2 $G/nopdl/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab_graph.txt 2>&1
echo "bf16 graphs nopdl -> pdl at $(el)s" >> $S; grep "^|" $OUT/ab_graph.txt >> $S
mkdir -p $G/ab2; timeout 150 bash bench/gemm_ab.sh $G/ab2 2 $G/nopdl/bench_gemm $D/bench_gemm --dtype bf16 $SH > $OUT/ab_stream.txt 2>&1
echo "bf16 stream launches nopdl -> pdl at $(el)s" >> $S; grep "^|" $OUT/ab_stream.txt >> $S
mkdir -p $G/sweep
for dt in bf16 f16; do
  timeout 100 $D/bench_gemm $G/sweep/sweep_$dt.csv --sweep --graph --dtype $dt > $G/sweep/sweep_$dt.log 2>&1
  echo "sweep $dt (graph) rc=$? at $(el)s: $(tail -1 $G/sweep/sweep_$dt.log)" >> $S
done
tar czf $OUT/logs.tgz -C $G ab ab2 sweep memcheck.log $(cd $G && ls *.log | grep -v memcheck)
echo "done at $(el)s" >> $S; cat $S

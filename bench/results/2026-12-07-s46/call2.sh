#!/usr/bin/env bash
# One device call. Carry build/carry/s46: base/lib.a.gz (the tree's kernels library, built by
# bench/device/lib.sh's steps with the pinned nvcc 13.0.88 here), ws/lib.a.gz (the same with ws.patch)
# and wsp/*.o (the 128x192, 128x168 and 128x224 K-major kernels with wsp.patch on top of ws.patch).
# ws.patch: (1) the GEMM kernels' last wait on their TMA stores is for the stores to have read shared
#   memory (cp.async.bulk.wait_group.read 0, CUTLASS's tma_store_wait<0>), not for their writes to
#   complete (the grid's completion covers them); (2) a 16-bit D not transposed is staged by
#   stmatrix.x4 from the wgmma fragment (four 8x8 matrices a warp, CUTLASS's SM90_U32x4_STSM_N, as
#   cuBLAS's nvjet kernels do), not by one 4-byte st.shared per value pair.
# wsp.patch: the 16-bit kernels wait on the kernel before (griddepcontrol.wait) after their barriers are
#   set up, not first.
# Call 1 said: in graphs our per-call intercept in K is 1.5-3.0 us above cuBLAS's at short K (3328 x
# 704: 4.79 against 3.24 us; 12043 x 320: 6.60 against 3.57), slopes within 10%; our kernels execute
# 1.7-2.8x cuBLAS's warp instructions there.
# Predicted: ws 1.03-1.10x on ks.txt (short K), sweep 1.00x within 1% on the large shapes; wsp a
# further 1.00-1.05x. test_gemm and test_gemm_fp8 pass on ws.
set -u
G=/tmp/s46b; . bench/device/env.sh; . bench/device/steps.sh
Q=bench/results/2026-12-07-s46
export D=$G/base
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
mkdir -p $G/base && gunzip -c build/carry/s46/base/lib.a.gz > $G/base/lib.a || echo "CARRY-FAIL base" >> $S
mkdir -p $G/ws $G/wsp && gunzip -c build/carry/s46/ws/lib.a.gz > $G/ws/lib.a && cp $G/ws/lib.a $G/wsp/lib.a &&
  ar r $G/wsp/lib.a build/carry/s46/wsp/*.o || echo "CARRY-FAIL ws" >> $S
for v in base ws wsp; do D=$G/$v link_bins bench/bench_gemm & done
wait
D=$G/ws link_bins csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8
mkdir -p $OUT/ws; OUT=$OUT/ws D=$G/ws run_test 90 test_gemm
OUT=$OUT/ws D=$G/ws run_test 60 test_gemm_fp8
declare -A B V
B[ws]=$G/ws/bench_gemm B[wsp]=$G/wsp/bench_gemm B[base]=$G/base/bench_gemm
SH=$(sed 's/^/--shape /' $Q/ks.txt)
in_turn 2 base base ws wsp
SH="--shape 4096,4096,4096 --shape 8192,8192,8192 --shape 2048,2048,2048"
V[bb]="--reps 30" V[wsb]="--reps 30" B[bb]=$G/base/bench_gemm B[wsb]=$G/ws/bench_gemm
in_turn 2 bb bb wsb
(cd $G && tar czf $OUT/csv.tgz csv *.log)
for x in base ws; do
  timeout 100 $G/$x/bench_gemm $G/sweep_$x.csv --sweep --graph --dtype bf16 > $G/sweep_$x.log 2>&1
  echo "sweep $x at $(el)s: $(tail -1 $G/sweep_$x.log)" >> $S
done
for x in ws; do
  echo "## sweep base -> $x (rows that moved more than 2%)" >> $S
  python3 bench/ab_table.py $G/sweep_base.csv -- $G/sweep_$x.csv | awk -F'|' 'NR<=2 || $9+0 < 0.98 || $9+0 > 1.02' >> $S
done
cp $G/sweep_*.csv $OUT/ 2>/dev/null

(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "all done at $(el)s" >> $S

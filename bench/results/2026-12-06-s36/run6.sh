#!/usr/bin/env bash
# Session 36, device call 6 (carry build/carry: final2.a.gz, f2540a9's library; v5/: the FP8 and the
# 16-bit K-major 128x256 units of fastshfl.patch, built on the CPU machine). An experiment for the
# next session, not landed here.
# fastshfl.patch: the fast main loop (consumer_mma_tile) takes A's descriptor base and the stage
# through shuffles, so that ptxas keeps the descriptors in uniform registers on tiles wider than 128
# columns too (where the warpgroup index is not made warp-uniform: it spilled): the 128x256 loop's
# R2UR 32 -> 5 per pass, 139 -> 118 and 133 -> 113 instructions, FP8 and bf16 alike.
# Predicted: FP8 per tensor and bf16 on 128x256 1.00-1.04x (their loops wait on their MMAs; fewer
# instructions may buy clock under the power limit); FP8 8192^3 1.00-1.04x.
set -u
G=$PWD/.devwork/s36f; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/m; mkdir -p $D $G/t $G/o
gunzip -c build/carry/final2.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
(cd $G/o && ar x $D/lib.a && cp $OLDPWD/build/carry/v5/*.o . && ar rcs $G/t/lib.a *.o)
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm_fp8 bench/bench_gemm
(D=$G/t; link_bins bench/bench_gemm_fp8 bench/bench_gemm csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8)
(D=$G/t; run_test 200 test_gemm)
(D=$G/t; run_test 150 test_gemm_fp8)
for r in 1 2; do
  for v in m t; do
    timeout 60 $G/$v/bench_gemm_fp8 $G/fp8_${v}_$r.csv > $G/fp8_${v}_$r.log 2>&1
    echo "fp8 $v $r rc=$? at $(el)s: $(grep -i "geometric" $G/fp8_${v}_$r.log | head -2 | tr '\n' ' ')" >> $S
  done
done
for v in m t; do
  timeout 100 $G/$v/bench_gemm $G/sw_$v.csv --sweep --graph --dtype bf16 > $G/sw_$v.log 2>&1
  echo "sweep bf16 $v rc=$? at $(el)s: $(tail -1 $G/sw_$v.log)" >> $S
done
cp $G/*.csv $G/*.log $OUT/ 2>/dev/null
(cd $OUT && tar czf logs.tgz *.log *.csv && rm -f *.log *.csv)
echo "all done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Session 38, device call 1 (carry build/carry/s38: head.a.gz, 57f9abf's library from its CI clone;
# go/: gpu.test of 57f9abf, cutego_gemm_fp8.cubin of 57f9abf, cutego_gemm.cubin and cutego_copy.cubin
# of session 36's carry, whose kernels are unchanged since).
# 1. The device cases session 37 moved and never ran: test_gemm in full (stream-K auto at
#    1536 x 14336 x 14336; 128x192 / 128x168 data-parallel at K = 4096), test_gemm_fp8, test_gemm_graph,
#    the Go launcher's device tests (TestGemmOnDevice). Predicted: all pass.
# 2. Standing figures: sweeps bf16 / fp16 (graphs), FP8 per tensor. Predicted: bf16 geomean 1.095-1.10.
# 3. The 17 shapes of the 1,080-shape grid that still take stream-K (K = 11008 / 14336): the automatic
#    plan against --decomposition 1 in turn, two rounds. Predicted (session 37, H100): data-parallel
#    0.97-1.08x of stream-K, i.e. on this card the long-K rule is at best even.
set -u
G=$PWD/.devwork/s38a; . bench/device/env.sh; . bench/device/steps.sh
C=$PWD/build/carry/s38
export D=$G/t; mkdir -p $D
gunzip -c $C/head.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm bench/bench_gemm_fp8
run_test 200 test_gemm
grep -E "stream-K auto|data-parallel auto (1536|2048)" $OUT/test_gemm.log | head -8 >> $S
run_test 150 test_gemm_fp8
run_test 100 test_gemm_graph
E=$C/go
(cd $E && for z in *.gz; do gunzip -f "$z"; done && chmod +x gpu.test)
GOENV="CUTEGO_CUBIN=$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$E/cutego_gemm.cubin:$E/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 200 $E/gpu.test -test.v -test.count=1 -test.run 'OnDevice' > $G/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" $G/gpu_test.log | head -20 >> $S
grep -cE "^--- PASS" $G/gpu_test.log | sed 's/^/gpu.test passed: /' >> $S
cp $G/gpu_test.log $OUT/
standing 150
SH=""
for s in 640,28672,11008 640,28672,14336 768,28672,11008 768,28672,14336 1280,14336,11008 1280,14336,14336 \
  1536,14336,11008 1536,14336,14336 2048,11008,14336 2560,5000,11008 2560,5000,14336 2560,7168,11008 \
  2560,7168,14336 3072,7168,11008 3072,7168,14336 4097,4097,11008 4097,4097,14336; do SH="$SH --shape $s"; done
declare -A V=([dp]="--decomposition 1") B=()
in_turn 2 auto auto dp
cp -r $G/csv $OUT/longk
(cd $OUT && tar czf logs.tgz *.log longk && rm -rf *.log longk)
echo "all done at $(el)s" >> $S
cat $S

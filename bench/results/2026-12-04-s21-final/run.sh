#!/usr/bin/env bash
# The session's final tree on the H200 (one call): gpu.test (built here, carried with the three
# cubins: bench/device/prep.sh), test_gemm and test_gemm_graph, the bf16 and fp16 sweeps (CUDA
# graphs, interleaved timer), and FP8 per-tensor fast with the decomposition forced (automatic,
# data-parallel, stream-K) on the few-wave shapes, to see where the FP8 stream-K model stands.
# Predicted: every test passes; sweeps bf16 ~1.115, fp16 ~1.115 (1024 x 14336 x 4096 on 128x224
# tiles, 0.93 -> ~0.96); FP8: stream-K ahead of data-parallel where the model takes it, behind on
# 1024 x 11008 x 4096 (-6%), ahead on 1024 x 11008 x 14336 (+4%, where the model does not take it).
set -u
G=/tmp/s21; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b; C=.devwork/lead/carry
for z in $C/*.cubin.gz; do [ -f "$z" ] && gunzip -f "$z"; done
export LD_LIBRARY_PATH=$CUDA/targets/x86_64-linux/lib
C2=$(cd $C && pwd)
GOENV="CUTEGO_CUBIN=$C2/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$C2/cutego_gemm.cubin:$C2/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 150 ../$C/gpu.test -test.v -test.count=1 > $OUT/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S) &
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_graph bench/bench_gemm bench/bench_gemm_fp8
wait
grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" $OUT/gpu_test.log | head -10 >> $S
run_test 100 test_gemm
run_test 100 test_gemm_graph
sweep bf16 f16
cp $G/sweep/*.csv $OUT/ 2>/dev/null
SH=""; for s in 1024,11008,4096 1024,11008,11008 1024,11008,14336 1024,14336,4096 1024,14336,11008 1024,14336,14336 \
  2048,11008,14336 2048,14336,4096 512,28672,8192 1536,14336,8192 768,28672,4096 4096,4096,4096; do SH="$SH --shape $s"; done
timeout 150 $D/bench_gemm_fp8 $OUT/fp8_dec.csv --variants 0:0:0:0,0:0:1:1,1:0:1:3 --rounds 2 $SH > $OUT/fp8_dec.log 2>&1
echo "fp8 decompositions rc=$? at $(el)s" >> $S
echo "done at $(el)s" >> $S
(cd $OUT && tar czf logs.tgz gpu_test.log test_gemm.log test_gemm_graph.log fp8_dec.log && rm -f gpu_test.log test_gemm.log test_gemm_graph.log fp8_dec.log)
cat $S

#!/usr/bin/env bash
# gpu.test only: every device test, then the benchmark.
set -u
G=/tmp/g2; . bench/device/env.sh  # C: gpu.test and the cubins built here (bench/device/prep.sh; cubins gzipped to fit)
C=.devwork/lead/carry
for z in $C/*.cubin.gz; do [ -f "$z" ] && gunzip -f "$z"; done
export LD_LIBRARY_PATH=$CUDA/targets/x86_64-linux/lib
C2=$(cd $C && pwd)
GOENV="CUTEGO_CUBIN=$C2/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$C2/cutego_gemm.cubin:$C2/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 150 ../$C/gpu.test -test.v -test.count=1 > $OUT/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" $OUT/gpu_test.log | head -20 >> $S
(cd gpu && env $GOENV timeout 90 ../$C/gpu.test -test.run '^$' -test.bench GemmDecomposition -test.benchtime 200x \
  -test.count 2 > $OUT/gobench.log 2>&1; echo "go bench rc=$? ($(el)s)" >> $S)
grep -E "^Benchmark|cutego_gemm_|FAIL" $OUT/gobench.log >> $S
echo "done at $(el)s" >> $S; cat $S


#!/usr/bin/env bash
# 1. gpu.test (stream-K from Go; the device tests' plans as the planner now makes them).
# 2. Stream-K against the data-parallel plan of 128x224 / 128x192 tiles on the shapes where the
#    model takes stream-K (decomposition 1 forced as "after", the automatic plan "before").
set -u
G=/tmp/g3; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b; mkdir -p $D; C=.devwork/lead/carry
for z in $C/*.cubin.gz; do [ -f "$z" ] && gunzip -f "$z"; done
build_tree bench/bench_gemm &
export LD_LIBRARY_PATH=$CUDA/targets/x86_64-linux/lib
C2=$(cd $C && pwd)
GOENV="CUTEGO_CUBIN=$C2/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$C2/cutego_gemm.cubin:$C2/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 150 ../$C/gpu.test -test.v -test.count=1 > $OUT/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" $OUT/gpu_test.log | head -20 >> $S
wait
printf '#!/bin/bash\nexec %s "$@" --decomposition 1\n' "$PWD/$D/bench_gemm" > $G/dp.sh; chmod +x $G/dp.sh
SH=""; for s in 512,28672,4096 512,28672,8192 512,28672,16384 1024,14336,4096 1024,14336,8192 1024,14336,16384 \
  2048,7168,4096 2048,7168,8192 2048,7168,16384 768,28672,4096 768,28672,16384 1536,14336,4096 1536,14336,16384 \
  3072,7168,4096 3072,7168,16384 1536,28672,8192 3072,14336,8192; do SH="$SH --shape $s"; done
ab dp 2 $D/bench_gemm $G/dp.sh --graph --dtype bf16 $SH
ab dp16 1 $D/bench_gemm $G/dp.sh --graph --dtype f16 --shape 1024,14336,4096 --shape 512,28672,8192 --shape 2048,7168,16384 --shape 1024,14336,11008
echo "done at $(el)s" >> $S
(cd $G && tar czf $OUT/csv.tgz $(find dp dp16 -name '*.csv'))
cat $S

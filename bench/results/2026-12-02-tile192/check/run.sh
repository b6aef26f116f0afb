#!/usr/bin/env bash
# new/: the device check (bench/device/check.sh) of the tree with 128x192 auto-picked and the
# wider narrow rule; old/: main's kernels library and bench_gemm built beside it; then both
# bench_gemm binaries alternated (old, new, old, new) on the same shapes in this call.
T=$OUT; R=$PWD; t0=$(date +%s); S=$T/summary.txt; el() { echo $(( $(date +%s)-t0 )); }
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
( cd old && D=b bash bench/device/lib.sh > $R/lib_old.log 2>&1 &&
  $NVCC $F -I$CUDA/include bench/bench_gemm.cu b/lib.a -L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas -o b/bench_gemm > $R/link_old.log 2>&1 ) &
OLD=$!
mkdir -p /tmp/c
( cd new && OUT=/tmp/c D=.devwork/b CARRY=carry timeout 280 bash bench/device/check.sh > /tmp/c/check.out 2>&1 )
wait $OLD
echo "check + old build at $(el)s; old: $(grep lib: lib_old.log)" >> $S
grep -E "checks|rc=|PASSED|FAIL|torch_fp8" /tmp/c/final.txt | head -40 >> $S
SH="--shape 4096,4096,4096 --shape 8192,8192,8192 --shape 8192,14336,4096 --shape 4096,11008,4096 --shape 2048,2048,2048 --shape 1024,1024,1024 --shape 768,768,768 --shape 512,512,512 --shape 256,11008,4096 --shape 512,6144,4096 --shape 1024,6144,4096 --shape 512,11008,4096 --shape 1536,1536,1536 --shape 3000,3000,3000 --shape 333,14336,4096 --shape 8,4096,4096 --shape 1024,14336,4096"
mkdir -p /tmp/ab
for r in 1 2; do for w in old new; do
  timeout 60 $w/$([ $w = old ] && echo b || echo .devwork/b)/bench_gemm /tmp/ab/${w}_$r.csv --dtype bf16 --reps 15 $SH > /tmp/ab/${w}_$r.log 2>&1
  echo "bench $w round $r rc=$? ($(el)s)" >> $S
done; done
for w in old new; do [ $(el) -lt 330 ] && timeout 40 $w/$([ $w = old ] && echo b || echo .devwork/b)/bench_gemm /tmp/ab/${w}_f16.csv --dtype f16 --reps 15 $SH > /tmp/ab/${w}_f16.log 2>&1; done
tar czf $T/ab.tgz -C /tmp ab; tar czf $T/check.tgz -C /tmp c; cp /tmp/c/test_gemm.log $T/ 2>/dev/null; cp /tmp/c/gpu_test.log $T/ 2>/dev/null
echo "done at $(el)s" >> $S; cat $S

#!/usr/bin/env bash
# One device call: build the GEMM library with its gates (bench/gemm_fp8_device.sh), the FP8
# device tests, memcheck on small block-scaled cases, the SASS of the block-scaled main loop,
# then DeepGEMM's 18 shapes (block-scaled beside per tensor fast/promoted, cuBLASLt, bf16) and
# the promoted and fast squares against cuBLASLt. Outputs under $OUT.
set -u
CUDA=/usr/local/cuda-13.0
D=${D:-.devwork/fp8build}
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
bash bench/gemm_fp8_device.sh $D > $OUT/build.log 2>&1; echo "build rc=$? at $(el)s" | tee -a $OUT/summary.txt
grep -h "C75" $D/gemm_*.log > $OUT/ptxas_c75.txt; echo "C75xx notes: $(wc -l < $OUT/ptxas_c75.txt)" >> $OUT/summary.txt
$CUDA/bin/cuobjdump -sass -fun cutego_gemm_128x128_kk_e4m3_bf16_blockscaled $D/obj/gemm_128x128_kk_e4m3_blockscaled.o \
  | grep -nE "QGMMA|WARPGROUP|FFMA|SYNCS|LDG" > $OUT/sass_blockscaled.txt 2>&1
timeout 60 $D/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 rc=$? at $(el)s: $(tail -1 $OUT/test_gemm_fp8.log)" >> $OUT/summary.txt
timeout 60 $CUDA/bin/compute-sanitizer --tool memcheck $D/test_gemm_fp8 --quick --filter "block bf16,block odd,block batched L=4,block MN-major A,block small M=8,block split-K 4,block one,block two,promoted K=128" > $OUT/memcheck.log 2>&1
echo "memcheck rc=$? at $(el)s: $(tail -2 $OUT/memcheck.log | tr '\n' ' ')" >> $OUT/summary.txt
timeout 150 $D/bench_gemm_fp8 $OUT/blockscaled.csv --blockscaled --reps 9 > $OUT/blockscaled.log 2>&1; echo "blockscaled rc=$? at $(el)s" >> $OUT/summary.txt
timeout 40 $D/bench_gemm_fp8 $OUT/promoted_quick.csv --quick --promoted > $OUT/promoted_quick.log 2>&1; echo "promoted rc=$? at $(el)s" >> $OUT/summary.txt
timeout 40 $D/bench_gemm_fp8 $OUT/fast_quick.csv --quick > $OUT/fast_quick.log 2>&1; echo "fast rc=$? at $(el)s" >> $OUT/summary.txt
tail -n 2 $OUT/blockscaled.log $OUT/promoted_quick.log $OUT/fast_quick.log >> $OUT/summary.txt
cat $OUT/summary.txt
# (the device hands back a few files: the small ones travel in one archive)
tar -C $OUT -czf $OUT/small.tgz ptxas_c75.txt sass_blockscaled.txt test_gemm_fp8.log memcheck.log build.log fast_quick.csv promoted_quick.csv && rm -f $OUT/ptxas_c75.txt $OUT/sass_blockscaled.txt $OUT/test_gemm_fp8.log $OUT/memcheck.log $OUT/build.log $OUT/fast_quick.csv $OUT/promoted_quick.csv

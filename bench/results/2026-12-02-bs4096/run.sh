#!/usr/bin/env bash
# One device call (about 110-150 s on a cold machine, of which the build is ~100 s): build the
# GEMM library with its gates (bench/gemm_fp8_device.sh: no C7510/C7514/C7518, no spills), the
# FP8 device tests in full (the 128x192 block-scaled cases among them), memcheck on small
# 128x192 cases, the SASS of the 128x192 loop, then DeepGEMM's 18 shapes (block-scaled, automatic
# and forced 128x128 / 128x192, beside per-tensor fast, promoted, cuBLASLt and bf16 in the same
# process) and the 4096^3 / 8192^3 quick benches of per-tensor fast FP8 and bf16 (kernels whose
# SASS is unchanged). Outputs under $OUT; run from the repository root.
set -u
CUDA=/usr/local/cuda-13.0
D=${D:-build_dev}
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
bash bench/gemm_fp8_device.sh $D > $OUT/build.log 2>&1; echo "build rc=$? at $(el)s" | tee -a $OUT/summary.txt
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3"
$CUDA/bin/nvcc $F -Iinclude -Icsrc/tma -Ikernels -I$CUDA/include bench/bench_gemm.cu $D/lib.a \
  -L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas -o $D/bench_gemm > $OUT/bench_gemm_build.log 2>&1 &
grep -h "C75" $D/gemm_*.log > $OUT/ptxas_c75.txt; echo "C75xx notes: $(wc -l < $OUT/ptxas_c75.txt)" >> $OUT/summary.txt
grep -h "spill" $D/gemm_128x192_*.log | sort | uniq -c > $OUT/ptxas_192.txt
$CUDA/bin/cuobjdump -sass -fun cutego_gemm_128x192_kk_e4m3_bf16_blockscaled $D/obj/gemm_128x192_kk_e4m3_blockscaled.o > $OUT/sass_block192.txt 2>&1
timeout 90 $D/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 rc=$? at $(el)s: $(tail -1 $OUT/test_gemm_fp8.log)" >> $OUT/summary.txt
grep -h "^FAIL" $OUT/test_gemm_fp8.log >> $OUT/summary.txt
timeout 60 $CUDA/bin/compute-sanitizer --tool memcheck $D/test_gemm_fp8 --quick --filter "block 128x192 N=1000,block 128x192 straddle,block 128x192 one K block,block 128x192 three K blocks,block 128x192 small M=8,block 128x192 batched L=3 beta" > $OUT/memcheck.log 2>&1
echo "memcheck rc=$? at $(el)s: $(tail -2 $OUT/memcheck.log | tr '\n' ' ')" >> $OUT/summary.txt
timeout 90 $D/bench_gemm_fp8 $OUT/blockscaled.csv --blockscaled --reps 9 > $OUT/blockscaled.log 2>&1; echo "blockscaled rc=$? at $(el)s" >> $OUT/summary.txt
timeout 30 $D/bench_gemm_fp8 $OUT/fast_quick.csv --quick > $OUT/fast_quick.log 2>&1; echo "fast rc=$? at $(el)s" >> $OUT/summary.txt
wait
timeout 40 $D/bench_gemm $OUT/bf16_quick.csv --quick --dtype bf16 --layout TN > $OUT/bf16_quick.log 2>&1; echo "bf16 rc=$? at $(el)s" >> $OUT/summary.txt
grep -h "^square\|==" $OUT/fast_quick.log >> $OUT/summary.txt 2>/dev/null
grep -h " 4096 \| 8192 " $OUT/bf16_quick.log | head -4 >> $OUT/summary.txt 2>/dev/null
grep -h "4096   7168  16384\|==" $OUT/blockscaled.log >> $OUT/summary.txt
cat $OUT/summary.txt

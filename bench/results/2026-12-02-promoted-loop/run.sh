#!/usr/bin/env bash
# One device call (about 110-130 s on a cold machine, of which the build is ~96 s): build the
# GEMM library with its gates (bench/gemm_fp8_device.sh: no C7510/C7514/C7518, no spills), the
# FP8 device tests, memcheck on small promoted and block-scaled cases, the SASS of the promoted
# loop, then the promoted squares (4096^3, 8192^3) against cuBLASLt without fast accumulation,
# promoted every 4 k-tiles (the interval loop, unchanged), per-tensor fast (unchanged code) and
# DeepGEMM's 18 shapes (block-scaled beside per tensor fast/promoted, cuBLASLt, bf16;
# 4096x7168x16384 among them). Outputs under $OUT; run from the repository root.
set -u
CUDA=/usr/local/cuda-13.0
D=${D:-.devwork/promobuild}
t0=$(date +%s); el() { echo $(( $(date +%s)-t0 )); }
bash bench/gemm_fp8_device.sh $D > $OUT/build.log 2>&1; echo "build rc=$? at $(el)s" | tee -a $OUT/summary.txt
grep -h "C75" $D/gemm_*.log > $OUT/ptxas_c75.txt; echo "C75xx notes: $(wc -l < $OUT/ptxas_c75.txt)" >> $OUT/summary.txt
$CUDA/bin/cuobjdump -sass -fun cutego_gemm_128x128_kk_e4m3_bf16_promoted $D/obj/gemm_128x128_kk_e4m3.o > $OUT/sass_promoted.txt 2>&1
timeout 60 $D/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 rc=$? at $(el)s: $(tail -1 $OUT/test_gemm_fp8.log)" >> $OUT/summary.txt
timeout 40 $CUDA/bin/compute-sanitizer --tool memcheck $D/test_gemm_fp8 --quick --filter "promoted K=128,promoted small M=8,promoted batched L=3,promoted/2 K=640,promoted persistent 4,block one,block two,block small M=8" > $OUT/memcheck.log 2>&1
echo "memcheck rc=$? at $(el)s: $(tail -2 $OUT/memcheck.log | tr '\n' ' ')" >> $OUT/summary.txt
timeout 40 $D/bench_gemm_fp8 $OUT/promoted_quick.csv --quick --promoted > $OUT/promoted_quick.log 2>&1; echo "promoted rc=$? at $(el)s" >> $OUT/summary.txt
timeout 40 $D/bench_gemm_fp8 $OUT/blockscaled.csv --blockscaled --reps 9 > $OUT/blockscaled.log 2>&1; echo "blockscaled rc=$? at $(el)s" >> $OUT/summary.txt
if [ $(el) -lt 130 ]; then
  timeout 20 $D/bench_gemm_fp8 $OUT/promoted4_quick.csv --quick --promoted --interval 4 > $OUT/promoted4_quick.log 2>&1; echo "promoted/4 rc=$? at $(el)s" >> $OUT/summary.txt
  timeout 20 $D/bench_gemm_fp8 $OUT/fast_quick.csv --quick > $OUT/fast_quick.log 2>&1; echo "fast rc=$? at $(el)s" >> $OUT/summary.txt
fi
if [ $(el) -lt 125 ]; then  # the first promoted launch (4096^3): instructions per warp-k-tile, tensor pipe
  NCU="$CUDA/bin/ncu --clock-control none --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section InstructionStats"
  timeout 25 $NCU --kernel-name regex:_promoted $D/bench_gemm_fp8 $OUT/ncu_bench.csv --quick --promoted --reps 5 > $OUT/ncu_promoted.txt 2>&1
  echo "ncu promoted rc=$? at $(el)s" >> $OUT/summary.txt
fi
grep -h "^square\|==" $OUT/promoted_quick.log $OUT/promoted4_quick.log $OUT/fast_quick.log >> $OUT/summary.txt 2>/dev/null
grep -h "4096   7168  16384\|==" $OUT/blockscaled.log >> $OUT/summary.txt
cat $OUT/summary.txt

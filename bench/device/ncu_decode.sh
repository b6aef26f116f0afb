#!/usr/bin/env bash
# ncu on decode shapes (M <= 64, the sweep's largest class below 0.95 of cuBLAS): cuBLAS's kernel
# and ours (64x64 unsplit, 64x64 in 2 slices, 64x32 unsplit), with the memory, warp-state and
# scheduler sections: what bounds a k-tile (~180-230 ns per CTA on ours, ~130 on cuBLAS's).
# Run from the repo root on the H200 ($OUT set by the device tool; the library build is ~150 s).
# Output: summary.txt (the headline rows of every profile) and ncu.tgz.
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
export D=${D:-.devwork/b}; mkdir -p $D /tmp/ncu; t0=$(date +%s); S=$OUT/summary.txt; el() { echo $(( $(date +%s)-t0 )); }
if [ ! -x $D/bench_gemm ]; then
  bash bench/device/lib.sh > /tmp/ncu/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" /tmp/ncu/lib.log >> $S
  $NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a -L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas -o $D/bench_gemm
fi
echo "built at $(el)s" >> $S
SEC="--section SpeedOfLight --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats"
N="$CUDA/bin/ncu --clock-control none $SEC"
prof() {  # name, kernel-name regex, launch count, bench_gemm arguments...
  local name=$1 re=$2 n=$3; shift 3
  [ $(el) -gt 330 ] && { echo "skip $name at $(el)s" >> $S; return; }
  timeout 45 $N --kernel-name regex:"$re" --launch-count $n --log-file /tmp/ncu/$name.txt $D/bench_gemm /tmp/ncu/$name.csv --reps 1 --dtype bf16 "$@" > /tmp/ncu/$name.log 2>&1
  echo "== $name rc=$? ($(el)s): $*" >> $S
  grep -E "^  [a-zA-Z_].*\(|Duration|DRAM Throughput|Memory Throughput|L2 Cache Throughput|L2 Hit Rate|Compute \(SM\)|Grid Size|Block Size|Registers Per|No Eligible|Warp Cycles Per Issued|Stall|Issued Warp" /tmp/ncu/$name.txt | head -40 >> $S
}
prof lt_8x6144 "nvjet|sm90_xmma|cublas" 1 --shape 8,6144,4096
prof ours_8x6144 "cutego_gemm" 1 --shape 8,6144,4096
prof lt_64x4096 "nvjet|sm90_xmma|cublas" 2 --shape 64,4096,4096
prof ours_64x4096_split "cutego_gemm" 2 --shape 64,4096,4096
prof ours_64x4096_64x32 "cutego_gemm" 1 --shape 64,4096,4096 --config 7
tar czf $OUT/ncu.tgz -C /tmp ncu
echo "done at $(el)s" >> $S
cat $S

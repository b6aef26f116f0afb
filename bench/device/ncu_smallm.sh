#!/usr/bin/env bash
# ncu on the shapes where one wave of 128x256 tiles leaves SMs idle (M = 64-1024 against
# N = 4096-14336, the sweep's largest class below 0.95 of cuBLAS): cuBLAS's own kernel (its name
# gives its tile, cluster and split; its grid and rates the target), ours data-parallel and ours
# stream-K, with the warp-state and scheduler sections that say what a stream-K k-iteration waits
# on. Run from the repo root on the H200 ($OUT set by the device tool; ~150 s cold: the library
# build is ~80 s). Output: summary.txt (the headline rows of every profile) and ncu.tgz.
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
export D=${D:-.devwork/b}; mkdir -p $D /tmp/ncu; t0=$(date +%s); S=$OUT/summary.txt; el() { echo $(( $(date +%s)-t0 )); }
if [ ! -x $D/bench_gemm ]; then
  bash bench/device/lib.sh > /tmp/ncu/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" /tmp/ncu/lib.log >> $S
  $NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a -L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas -o $D/bench_gemm
fi
echo "built at $(el)s" >> $S
SEC="--section SpeedOfLight --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section Occupancy"
N="$CUDA/bin/ncu --clock-control none $SEC"
prof() {  # name, kernel-name regex, launch count, bench_gemm arguments...
  local name=$1 re=$2 n=$3; shift 3
  [ $(el) -gt 400 ] && { echo "skip $name at $(el)s" >> $S; return; }
  timeout 60 $N --kernel-name regex:"$re" --launch-count $n --log-file /tmp/ncu/$name.txt $D/bench_gemm /tmp/ncu/$name.csv --reps 1 --dtype bf16 "$@" > /tmp/ncu/$name.log 2>&1
  echo "== $name rc=$? ($(el)s): $*" >> $S
  grep -E "^  [a-zA-Z_].*\(|Duration|DRAM Throughput|L2 Cache Throughput|L2 Hit Rate|Compute \(SM\)|Grid Size|Cluster Size|Registers Per|No Eligible|Warp Cycles Per Issued|Stall" /tmp/ncu/$name.txt | head -40 >> $S
}
for sh in 256,11008,4096 512,6144,4096 64,4096,4096 128,6144,4096; do
  t=$(echo $sh | tr , x)
  prof lt_$t "nvjet|sm90_xmma|cublas" 2 --shape $sh
  prof dp_$t "cutego_gemm" 1 --shape $sh --decomposition 1
  prof sk_$t "cutego_gemm" 1 --shape $sh --decomposition 3
done
tar czf $OUT/ncu.tgz -C /tmp ncu
echo "done at $(el)s" >> $S
cat $S

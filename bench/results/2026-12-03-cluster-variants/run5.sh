#!/usr/bin/env bash
# Fifth call (ncu): the grid and occupancy of the cluster plans, and mclocal (independent CTAs in
# the cluster code path: no multicast, no cross-CTA release) beside the plan without clusters on
# 64x128 tiles at 256x4096x4096, where run2.sh measured mclocal 0.69 of the time without clusters,
# run3.sh (placement alone) 0.95 and run4.sh (B in two boxes) 0.92.
set -u
G=/tmp/cv5; mkdir -p $G; ROOT=$PWD; R=bench/results/2026-12-03-cluster-variants
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
V=$G/mclocal; mkdir -p $V/src $V/o; tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $V/src
(cd $V/src && patch -p1 -s < $ROOT/$R/mclocal.patch) || echo "PATCH-FAIL" >> $OUT/summary.txt
export D=.devwork/b
( for u in gemm_128x128_kk gemm_64x128_kk; do echo $u; done ) |
  xargs -P 2 -I{} sh -c "cd $V/src && $NVCC $F -Xcompiler -fPIC -c kernels/{}.cu -o $V/o/{}.o || echo BUILD-FAIL {}" > $G/var.log 2>&1 &
NCU_SECTIONS="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section LaunchStats --section Occupancy"
NCU_ROWS='^  [a-zA-Z_].*\(|Duration|Elapsed Cycles|SM Active Cycles|DRAM Throughput|L2 Cache Throughput|L2 Hit Rate|L1/TEX Cache Throughput|Compute \(SM\)|Grid Size|Cluster Size|Max Active Clusters|Issued Warp|Warp Cycles Per Issued'
NCU_BUDGET_S=300 NCU_TIMEOUT_S=40
. bench/device/ncu_lib.sh
wait; cat $G/var.log >> $S
mkdir -p $V/all && cp $D/o/*.o $V/all/ && cp $V/o/*.o $V/all/ && ar rcs $V/lib.a $V/all/*.o
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $V/lib.a $LK -o $V/bench_gemm > $G/link_v.log 2>&1
echo "mclocal built at $(el)s" >> $S
prof c8c1 "cutego_gemm" 1 --shape 256,4096,4096 --config 8 --split-k 1 --cluster 1
prof c8c2 "cutego_gemm" 1 --shape 256,4096,4096 --config 8 --split-k 1 --cluster 2
prof c2c2 "cutego_gemm" 1 --shape 512,4096,4096 --config 2 --split-k 1 --cluster 2
prof c8c2_1024 "cutego_gemm" 1 --shape 1024,1024,1024 --config 8 --split-k 1 --cluster 2
DB=$D; D=$V; prof ml8 "cutego_gemm" 1 --shape 256,4096,4096 --config 8 --split-k 1 --cluster 2
prof ml2 "cutego_gemm" 1 --shape 512,4096,4096 --config 2 --split-k 1 --cluster 2
ncu_finish

#!/usr/bin/env bash
# Probes of the one-wave and decode classes with the tree as it is (no kernel change), on the H200:
# (1) 2x1 clusters sharing B (--cluster 2 --ab-cluster: ours in clusters against the same plan
#     without) on 64x128 tiles forced (options.config 8) where M = 100-1024 gives two or more rows
#     of tiles, and on the automatic tile of 256-512 x 4096-6144;
# (2) 64x32 tiles unsplit (options.config 7, split_k 1) against the automatic plan (64x64 split in
#     two) at M = 32-64, N = 4096-6144, alternated in separate processes (bench/gemm_ab.sh);
# (3) the names of cuBLAS's kernels (ncu LaunchStats) on the shapes below 0.95 not profiled before.
# Predicted: (1) clusters 0.95-1.00 of the time on 64x128 at M = 128 (B's 16 KiB of a 24 KiB k-block
# shared, one wave of 96 tiles) and 1.00-1.05 on 128-row tiles (as session 8); (2) 64x32 unsplit
# 0.95-1.05 of the automatic time at 64 x 4096^2 (no reduction launch, twice the k-tiles per CTA).
set -u
G=/tmp/probe; . bench/device/env.sh
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link.log 2>&1
echo "built at $(el)s" >> $S; grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S
B=$D/bench_gemm
SH=""; for s in 128,4096,4096 128,6144,4096 128,11008,4096 128,14336,4096 128,4096,14336 100,6144,4096 \
  256,4096,4096 512,512,512 768,768,768 1024,1024,1024 1000,1000,1000; do SH="$SH --shape $s"; done
timeout 120 $B $G/c8.csv --graph --dtype bf16 --config 8 --cluster 2 --ab-cluster $SH > $OUT/cluster64x128.txt 2>&1
echo "(1a) rc=$? at $(el)s" >> $S; grep -E "ours|clusters" $OUT/cluster64x128.txt >> $S
SH=""; for s in 256,6144,4096 512,4096,4096 512,6144,4096 512,4096,14336 256,11008,4096 1024,14336,4096; do SH="$SH --shape $s"; done
timeout 120 $B $G/ca.csv --graph --dtype bf16 --cluster 2 --ab-cluster $SH > $OUT/cluster_auto.txt 2>&1
echo "(1b) rc=$? at $(el)s" >> $S; grep -E "ours|clusters" $OUT/cluster_auto.txt >> $S
printf '#!/bin/sh\nexec %s "$@" --config 7 --split-k 1\n' $PWD/$B > $G/b7.sh; chmod +x $G/b7.sh
SH=""; for s in 32,4096,4096 48,4096,4096 64,4096,4096 64,6144,4096 64,11008,4096 16,4096,4096; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 120 bash bench/gemm_ab.sh $G/ab 2 $B $G/b7.sh --graph --dtype bf16 $SH > $OUT/ab64x32.txt 2>&1
echo "(2) rc=$? at $(el)s (before: automatic; after: 64x32 unsplit)" >> $S; cat $OUT/ab64x32.txt >> $S
NCU_SECTIONS="--section LaunchStats" NCU_ROWS='^  [a-zA-Z_].*\(|Duration|Grid Size|Cluster Size' NCU_BUDGET_S=500 NCU_TIMEOUT_S=40
. bench/device/ncu_lib.sh
for sh in 256,6144,4096 512,4096,4096 512,4096,14336 256,256,256 512,512,512 1000,1000,1000 3000,5000,1000 100,4096,4100 \
  8192,6144,4096 1024,11008,4096 333,14336,4096; do
  prof lt_$(echo $sh | tr , x) "nvjet|sm90_xmma|cutlass|splitK|reduce" 3 --shape $sh --reps 1
done
ncu_finish

#!/usr/bin/env bash
# 2x1 clusters that end without a cluster barrier (prepared in session 10, not run): tail.patch
# replaces the closing barrier.cluster (all threads, release semantics: MEMBAR.ALL.GPU each) by
# CUTLASS's producer_tail (the producer acquires every stage once more: both CTAs' consumers have
# released all it filled, so no peer writes its stages or arrives on its barriers after), and the
# opening one by a relaxed arrival (fence_barrier_init already orders the barriers' init).
# Usage: git apply bench/results/2026-12-03-cluster-tail/tail.patch, then run this on the device
# from the repo root. It builds the patched tree and, from it with tail.patch reversed, the
# "pre" 64x128, 128x128, 128x192 and 128x256 K-major units; runs test_gemm in full, memcheck and
# racecheck on the cluster cases, and times clusters against none (--ab-cluster, same process)
# with both libraries, plus before/after without clusters on large shapes.
# Predicted: the closing barrier costs ~1 us per CTA pair at the end of a one-wave kernel (its
# GPU-scope fences wait for the epilogue's stores), so clusters gain +3-8% on 7-30 us shapes
# (1024^3 0.87 -> ~0.93 of the speed without; 256x4096^2 0.89 -> ~0.93) and nothing on long ones.
set -u
grep -q producer_tail kernels/gemm_kernels.cuh || { echo "apply tail.patch first"; exit 2; }
G=/tmp/ct; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-cluster-tail
variant_prepare pre $R/tail.patch -R
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
variant_compile pre:gemm_64x128_kk pre:gemm_128x128_kk pre:gemm_128x192_kk pre:gemm_128x256_kk
wait; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/variants.log >> $S
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link.log 2>&1 &
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_t.log 2>&1 &
variant_link pre &
wait; echo "built at $(el)s" >> $S
timeout 100 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -8 >> $S
for tool in memcheck racecheck; do
  timeout 60 $CUDA/bin/compute-sanitizer --tool $tool --error-exitcode 3 $D/test_gemm --filter "3 tile rows,64x128 cluster KK,small M=50 cluster" > $OUT/$tool.log 2>&1
  echo "$tool rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $OUT/$tool.log | tail -2 >> $S
done
for b in pre:$G/pre/bench_gemm tail:$D/bench_gemm; do
  for cs in "8:256,4096,4096 128,6144,4096 1024,1024,1024" "2:512,4096,4096 256,6144,4096 512,4096,14336" "5:512,6144,4096 256,11008,4096"; do
    c=${cs%%:*}; SH=""; for s in ${cs#*:}; do SH="$SH --shape $s"; done
    timeout 60 ${b#*:} $G/${b%%:*}_c$c.csv --graph --dtype bf16 --config $c --split-k 1 --cluster 2 --ab-cluster $SH 2>&1 | grep -E "ours|clusters" | sed "s/^/${b%%:*} /" >> $OUT/clusters.txt
  done
done
echo "clusters at $(el)s" >> $S; sed -E 's/ +/ /g' $OUT/clusters.txt | cut -c1-120 >> $S
SH=""; for s in 4096,4096,4096 8192,8192,8192 2048,2048,2048 512,4096,4096; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 80 bash bench/gemm_ab.sh $G/ab 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "ab (no clusters) at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
# Where clusters now pay against the automatic plan (which may split K or stream): the one-wave
# class below 0.95 of cuBLAS (bench/results/2026-12-02-below), clusters asked for against none.
SH=""; for s in 128,6144,4096 128,11008,4096 256,4096,11008 256,4096,14336 256,6144,4096 256,11008,4096 256,14336,4096 \
  333,14336,4096 512,4096,4096 512,4096,11008 512,4096,14336 512,11008,4096 1024,11008,4096 1024,14336,4096 1024,1024,1024 1000,1000,1000; do SH="$SH --shape $s"; done
timeout 120 $D/bench_gemm $G/auto_cl.csv --graph --dtype bf16 --cluster 2 --ab-cluster $SH > $OUT/auto_clusters.txt 2>&1
echo "automatic tile, clusters against none, at $(el)s" >> $S; grep -E "ours|clusters" $OUT/auto_clusters.txt | sed -E 's/ +/ /g' | cut -c1-120 >> $S
echo "done at $(el)s" >> $S; cat $S

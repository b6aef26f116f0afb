#!/usr/bin/env bash
# The three experiments prepared in session 10, verified and timed in ONE device call (one build):
# next.patch = branch `next` against main: 64x96 tiles (../2026-12-03-t6496), per-tensor fast FP8
# in 2x1 clusters (../2026-12-03-fp8-clusters) and clusters ending on CUTLASS's producer_tail
# (../2026-12-03-cluster-tail). Usage: git apply bench/results/2026-12-03-next/next.patch, then
# run this on the device from the repo root (~6 min: build ~100 s, tests ~3 min, timing ~1.5 min).
# "pre" is the tree with next.patch reversed (main), its 16-bit and FP8 units that the timing uses.
# Predictions: in the three folders' run.sh headers (64x96: 128x6144x4096 18.3 -> ~16 us; tail:
# clusters +3-8% on 7-30 us shapes; FP8 clusters 1.00-1.04x of none, 8192^3 ~1.03-1.05 of cuBLASLt).
set -u
grep -q producer_tail kernels/gemm_kernels.cuh && grep -q kFp8Clusters kernels/gemm_kernels.cuh && [ -f kernels/gemm_64x96_kk.cu ] ||
  { echo "apply next.patch first"; exit 2; }
G=/tmp/next; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-next
variant_prepare pre $R/next.patch -R
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
variant_compile pre:gemm_64x128_kk pre:gemm_128x128_kk pre:gemm_128x192_kk pre:gemm_128x256_kk pre:gemm_128x256_kk_e4m3
wait; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/variants.log >> $S
for c in csrc/gemm/plan.c csrc/gemm/waves.c; do  # pre's planner with pre's table (variant_link ... configs)
  (cd $G/pre/src && gcc -std=c99 -O2 -fPIC -Iinclude -c $c -o $G/pre/o/$(echo $c | tr / _).o)
done
for t in csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 bench/bench_gemm bench/bench_gemm_fp8; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 &
done
variant_link pre configs &
wait
$NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $G/pre/lib.a $LK -o $G/pre/bench_gemm_fp8 > $G/link_pre_fp8.log 2>&1
echo "built at $(el)s: $(ls $D/test_gemm $D/test_gemm_fp8 $D/bench_gemm $D/bench_gemm_fp8 $G/pre/bench_gemm $G/pre/bench_gemm_fp8 | wc -l) of 6 binaries" >> $S
# correctness
timeout 120 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -6 >> $S
timeout 120 $D/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm_fp8.log | tail -6 >> $S
for tool in memcheck racecheck; do
  timeout 60 $CUDA/bin/compute-sanitizer --tool $tool --error-exitcode 3 $D/test_gemm --filter "3 tile rows,64x128 cluster KK,small M=50 cluster,64x96 KK bf16->bf16 M=1" > $OUT/$tool.log 2>&1
  echo "$tool test_gemm rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $OUT/$tool.log | tail -2 >> $S
done
timeout 60 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm_fp8 --filter "3 tile rows,one tile row,batched B broadcast" > $OUT/memcheck_fp8.log 2>&1
echo "memcheck test_gemm_fp8 rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $OUT/memcheck_fp8.log | tail -2 >> $S
# bf16: clusters against none on the same unsplit plans, pre and next (the producer tail)
for b in pre:$G/pre/bench_gemm next:$D/bench_gemm; do
  for cs in "8:256,4096,4096 128,6144,4096 1024,1024,1024" "2:512,4096,4096 256,6144,4096 512,4096,14336" "5:512,6144,4096"; do
    c=${cs%%:*}; SH=""; for s in ${cs#*:}; do SH="$SH --shape $s"; done
    timeout 60 ${b#*:} $G/${b%%:*}_c$c.csv --graph --dtype bf16 --config $c --split-k 1 --cluster 2 --ab-cluster $SH 2>&1 | grep -E "ours|clusters" | sed "s/^/${b%%:*} /" >> $OUT/clusters.txt
  done
done
echo "bf16 clusters at $(el)s" >> $S; sed -E 's/ +/ /g' $OUT/clusters.txt | cut -c1-110 >> $S
# 64x96 against the automatic plan, and in clusters
SH=""; for s in 100,6144,4096 128,4096,4096 128,6144,4096 128,11008,4096 128,14336,4096 128,4096,14336 256,6144,4096; do SH="$SH --shape $s"; done
timeout 90 $D/bench_gemm $G/t96.csv --graph --dtype bf16 --ab-config 9 $SH > $OUT/t6496.txt 2>&1
timeout 90 $D/bench_gemm $G/t96c.csv --graph --dtype bf16 --config 9 --split-k 1 --cluster 2 --ab-cluster $SH >> $OUT/t6496.txt 2>&1
echo "64x96 at $(el)s" >> $S; grep -E "ours|config 9|clusters" $OUT/t6496.txt | sed -E 's/ +/ /g' | cut -c1-150 >> $S
# no clusters: pre against next on large shapes (both bodies share a kernel)
SH=""; for s in 4096,4096,4096 8192,8192,8192 2048,2048,2048 512,4096,4096; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 80 bash bench/gemm_ab.sh $G/ab 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "bf16 no clusters, pre -> next, at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
# FP8: 128x256 without and with clusters beside cuBLASLt; pre without
SH=""; for s in 8192,8192,8192 4096,4096,4096 16384,16384,16384 4096,14336,4096 8192,28672,8192; do SH="$SH --shape $s"; done
timeout 120 $D/bench_gemm_fp8 $OUT/fp8.csv --variants 1:0:1,2:0:1 --rounds 3 $SH > $OUT/fp8.log 2>&1
echo "fp8 rc=$? ($(el)s)" >> $S; grep -hE "cuBLASLt|variant|==" $OUT/fp8.log >> $S
timeout 60 $G/pre/bench_gemm_fp8 $OUT/fp8_pre.csv --variants 1:0:1 --rounds 2 $SH > $OUT/fp8_pre.log 2>&1
echo "fp8 pre rc=$? ($(el)s)" >> $S; grep -hE "==" $OUT/fp8_pre.log >> $S
echo "done at $(el)s" >> $S; cat $S

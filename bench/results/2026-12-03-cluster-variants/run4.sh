#!/usr/bin/env bash
# Fourth call: does the number of TMA boxes per k-tile cost time? split2.patch: no clusters, B's
# stage loaded in its two cluster-slice boxes (64 rows each, the multicast box) instead of one,
# each CTA loading both (the loads mcoff and mclocal of run2.sh issued), against the tree, on
# 128x128, 64x128 and 128x192 tiles, alternated twice (bench/gemm_ab.sh).
# Predicted: if a box costs the time, 0.70-0.90 (as mclocal, whose only other differences are the
# cluster launch, measured harmless by run3.sh, and the producer loop's unrolling); else ~1.00.
set -u
G=/tmp/cv4; . bench/device/env.sh
ROOT=$PWD; R=bench/results/2026-12-03-cluster-variants
V=$G/split2; mkdir -p $V/src $V/o; tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $V/src
(cd $V/src && patch -p1 -s < $ROOT/$R/split2.patch) || echo "PATCH-FAIL split2" >> $S
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
( for u in gemm_128x128_kk gemm_64x128_kk gemm_128x192_kk; do echo $u; done ) |
  xargs -P 3 -I{} sh -c "cd $V/src && $NVCC $F -Xcompiler -fPIC -c kernels/{}.cu -o $V/o/{}.o || echo BUILD-FAIL {}" > $G/var.log 2>&1
(cd $V/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/plan.c -o $V/o/csrc_gemm_plan.c.o) || echo BUILD-FAIL plan >> $S
wait
grep -E "lib:|BUILD-FAIL" $G/lib.log $G/var.log >> $S
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link.log 2>&1 &
mkdir -p $V/all && cp $D/o/*.o $V/all/ && cp $V/o/*.o $V/all/ && ar rcs $V/lib.a $V/all/*.o
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $V/lib.a $LK -o $V/bench_gemm > $G/link_v.log 2>&1 &
wait
echo "built at $(el)s" >> $S
for cs in "2:512,4096,4096 512,4096,14336 256,6144,4096" "8:128,6144,4096 256,4096,4096 1024,1024,1024" "5:512,6144,4096 256,11008,4096"; do
  c=${cs%%:*}; SH=""; for s in ${cs#*:}; do SH="$SH --shape $s"; done
  mkdir -p $G/ab$c; timeout 150 bash bench/gemm_ab.sh $G/ab$c 2 $D/bench_gemm $V/bench_gemm --graph --dtype bf16 --config $c --split-k 1 --cluster 1 $SH > $OUT/ab_cfg$c.txt 2>&1
  echo "cfg $c (before: the tree; after: B in two boxes) at $(el)s" >> $S; grep -E "^\||exit" $OUT/ab_cfg$c.txt >> $S
done
echo "done at $(el)s" >> $S; cat $S

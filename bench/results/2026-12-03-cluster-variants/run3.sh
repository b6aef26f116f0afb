#!/usr/bin/env bash
# Third call: independent CTAs (the tree's kernels without cluster code, no multicast, nothing
# shared) launched in clusters of two (place.patch: CUTEGO_PLACE_PAIRS set), against the same
# launch without clusters, alternated twice (bench/gemm_ab.sh), on the plans of run2.sh.
# Predicted: if where a cluster's CTAs are placed costs the time, 0.69-0.89 as mclocal in run2;
# if mclocal's code path does (B in two 64-row boxes, the producer loop not unrolled), ~1.00.
set -u
G=/tmp/cv3; . bench/device/env.sh
ROOT=$PWD; R=bench/results/2026-12-03-cluster-variants
V=$G/place; mkdir -p $V/src $V/o; tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $V/src
(cd $V/src && patch -p1 -s < $ROOT/$R/place.patch) || echo "PATCH-FAIL place" >> $S
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
(cd $V/src && $NVCC $F -Xcompiler -fPIC -c kernels/cutego_gemm.cu -o $V/o/cutego_gemm.o) > $G/var.log 2>&1 || echo BUILD-FAIL place >> $S
wait
grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link.log 2>&1 &
mkdir -p $V/all && cp $D/o/*.o $V/all/ && cp $V/o/*.o $V/all/ && ar rcs $V/lib.a $V/all/*.o
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $V/lib.a $LK -o $V/bench_gemm > $G/link_place.log 2>&1 &
wait
printf '#!/bin/sh\nCUTEGO_PLACE_PAIRS=1 exec %s "$@"\n' $V/bench_gemm > $G/pairs.sh; chmod +x $G/pairs.sh
echo "built at $(el)s" >> $S
for cs in "2:512,4096,4096 512,4096,14336 256,6144,4096" "8:128,6144,4096 256,4096,4096 1024,1024,1024" "5:512,6144,4096 256,11008,4096"; do
  c=${cs%%:*}; SH=""; for s in ${cs#*:}; do SH="$SH --shape $s"; done
  mkdir -p $G/ab$c; timeout 150 bash bench/gemm_ab.sh $G/ab$c 2 $V/bench_gemm $G/pairs.sh --graph --dtype bf16 --config $c --split-k 1 --cluster 1 $SH > $OUT/ab_cfg$c.txt 2>&1
  echo "cfg $c (before: no clusters; after: the same CTAs launched in pairs) at $(el)s" >> $S; grep "^|" $OUT/ab_cfg$c.txt >> $S
done
echo "done at $(el)s" >> $S; cat $S

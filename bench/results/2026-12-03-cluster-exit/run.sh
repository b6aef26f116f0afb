#!/usr/bin/env bash
# The producer warpgroup's idle threads leave at once with clusters too (gemm_kernels.cuh), where
# they used to wait at the closing cluster barrier, lanes 1-31 of the producer's warp diverged
# from its loop for the whole kernel. Builds this tree, and main's 128x256 / 128x128 K-major units
# ("pre", the kernels before, from pre.patch reversed) for a before/after without clusters; then
# clusters against none on the same unsplit plans (--ab-cluster), before/after on large shapes,
# and test_gemm's cluster cases.
# Predicted: mclocal of run2.sh (0.69-0.89) came from the divergence, so clusters now 1.00-1.10 of
# the time without (multicast halves B's L2 reads); no change without clusters (0.99-1.01).
set -u
G=/tmp/cx; . bench/device/env.sh
ROOT=$PWD; V=$G/pre; mkdir -p $V/src $V/o; tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $V/src
(cd $V/src && patch -p1 -R -s < $ROOT/bench/results/2026-12-03-cluster-exit/pre.patch) || echo "PATCH-FAIL" >> $S
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
( for u in gemm_128x256_kk gemm_128x128_kk; do echo $u; done ) |
  xargs -P 2 -I{} sh -c "cd $V/src && $NVCC $F -Xcompiler -fPIC -c kernels/{}.cu -o $V/o/{}.o || echo BUILD-FAIL {}" > $G/var.log 2>&1
wait; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/var.log >> $S
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link.log 2>&1 &
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_t.log 2>&1 &
mkdir -p $V/all && cp $D/o/*.o $V/all/ && cp $V/o/*.o $V/all/ && ar rcs $V/lib.a $V/all/*.o
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $V/lib.a $LK -o $V/bench_gemm > $G/link_pre.log 2>&1 &
wait; echo "built at $(el)s" >> $S
for cs in "8:256,4096,4096 128,6144,4096 1024,1024,1024" "2:512,4096,4096 256,6144,4096 512,4096,14336" "5:512,6144,4096"; do
  c=${cs%%:*}; SH=""; for s in ${cs#*:}; do SH="$SH --shape $s"; done
  timeout 60 $D/bench_gemm $G/c$c.csv --graph --dtype bf16 --config $c --split-k 1 --cluster 2 --ab-cluster $SH 2>&1 | grep -E "ours|clusters" >> $OUT/clusters.txt
done
echo "clusters at $(el)s" >> $S; grep -E "ours|clusters" $OUT/clusters.txt | sed -E 's/ +/ /g' | cut -c1-150 >> $S
SH=""; for s in 4096,4096,4096 8192,8192,8192 512,4096,4096 2048,2048,2048; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 80 bash bench/gemm_ab.sh $G/ab 2 $V/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "ab at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
timeout 40 $D/test_gemm --filter cluster > $OUT/test_gemm.log 2>&1; echo "test_gemm cluster rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -8 >> $S
echo "done at $(el)s" >> $S; cat $S

#!/usr/bin/env bash
# Second call: what in the cluster costs the time, now that mcoff (no multicast) measured as slow
# as multicast. Variants (patches beside this script, against the tree):
#   mcoff:   as in run.sh (each CTA loads every slice of B itself; stages still freed by both CTAs);
#   mclocal: mcoff with each CTA's stages freed by its own consumers alone (two independent CTAs
#            that are merely launched as a cluster: the placement alone);
#   lb:      the tree's clusters launched with cudaClusterSchedulingPolicyLoadBalancing.
# Predicted: mclocal ~1.00 of the time without clusters if the cross-CTA release costs the time,
# mcoff's 0.70-0.95 if the placement of a cluster's CTAs does; lb within 2% of base.
set -u
G=/tmp/cv2; . bench/device/env.sh
ROOT=$PWD; R=bench/results/2026-12-03-cluster-variants
for v in mcoff mclocal lb; do
  mkdir -p $G/$v/src $G/$v/o; tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $G/$v/src
  (cd $G/$v/src && patch -p1 -s < $ROOT/$R/$v.patch) || echo "PATCH-FAIL $v" >> $S
done
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
( for v in mcoff mclocal; do for u in gemm_128x128_kk gemm_64x128_kk gemm_128x192_kk; do echo "$v $u"; done; done; echo "lb cutego_gemm" ) |
  xargs -P 8 -L 1 sh -c "cd $G/\$0/src && $NVCC $F -Xcompiler -fPIC -c kernels/\$1.cu -o $G/\$0/o/\$1.o || echo BUILD-FAIL \$0 \$1" > $G/var.log 2>&1
wait
grep -E "lib:|BUILD-FAIL" $G/lib.log $G/var.log >> $S
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link.log 2>&1 &
for v in mcoff mclocal lb; do
  V=$G/$v; mkdir -p $V/all && cp $D/o/*.o $V/all/ && cp $V/o/*.o $V/all/ && ar rcs $V/lib.a $V/all/*.o
  $NVCC $F -I$CUDA/include bench/bench_gemm.cu $V/lib.a $LK -o $V/bench_gemm > $G/link_$v.log 2>&1 &
done
wait
echo "built at $(el)s: $(ls $D/bench_gemm $G/*/bench_gemm | tr '\n' ' ')" >> $S
run1() {  # binary tag
  for cs in "2:512,4096,4096 512,4096,14336 256,6144,4096" "8:128,6144,4096 256,4096,4096 1024,1024,1024" "5:512,6144,4096 256,11008,4096"; do
    c=${cs%%:*}; SH=""; for s in ${cs#*:}; do SH="$SH --shape $s"; done
    timeout 90 $1 $G/c_$2_$c.csv --graph --dtype bf16 --config $c --split-k 1 --cluster 2 --ab-cluster $SH 2>&1 | grep -E "ours|clusters" | sed "s/^/$2 cfg$c /" >> $OUT/clusters.txt
  done
}
for r in 1 2; do
  run1 $D/bench_gemm base; run1 $G/mcoff/bench_gemm mcoff; run1 $G/mclocal/bench_gemm mclocal; run1 $G/lb/bench_gemm lb
done
echo "(1) at $(el)s" >> $S
python3 - $OUT/clusters.txt >> $S <<'PY'
import re, sys
rows = open(sys.argv[1]).read().splitlines()
cur = None
for l in rows:
    m = re.match(r"(\S+) (cfg\d+) shape\s+\S+\s+\S+\s+(\d+)\s+(\d+)\s+(\d+)\s+ours\s+([\d.]+) us.*ratio ([\d.]+)", l)
    if m: cur = m.groups(); continue
    m = re.search(r"clusters ([\d.]+)x", l)
    if m and cur: print(f"{cur[0]:7} {cur[1]} {cur[2]}x{cur[3]}x{cur[4]}: clusters {cur[5]} us (to cuBLAS {cur[6]}), time without / with {m.group(1)}")
PY
echo "done at $(el)s" >> $S; cat $S

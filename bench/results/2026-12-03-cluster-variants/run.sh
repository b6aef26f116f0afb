#!/usr/bin/env bash
# Why 2x1 clusters sharing B slow our kernel, and whether the one-wave 128x128 main loop is bound
# by a cost per stage. Variants of this tree (patches beside this script), built in one call:
#   mcoff: clusters as now, but each CTA loads every slice of B itself (no multicast): the
#          cluster's cross-CTA stage protocol without the multicast transport;
#   kb:    128x128 tiles in 3 stages of two 64-wide k-blocks (KBlocked<Gemm_128x128x64_S6, 2, 3>).
# Timed: bench_gemm bf16 TN --graph, (1) --cluster 2 --ab-cluster on base and mcoff (clusters
# against the same plan without, in one process), (2) base against kb on 128x128 tiles forced,
# alternated twice (bench/gemm_ab.sh).
# Predicted: (1) if the protocol (a stage freed only when both CTAs' consumers release it) costs
# the time, mcoff's cluster ratio ~ base's (0.87-0.92 on 128x128); if the multicast transport
# does, mcoff ~1.00. (2) kb 1.00-1.05x base where the loop is bound per stage (512x4096^2: ~400
# ns per k-tile, as the decode stages before k-blocks), ~0.95 if bytes in flight bind it.
set -u
G=/tmp/cv; . bench/device/env.sh
ROOT=$PWD; R=bench/results/2026-12-03-cluster-variants
for v in mcoff kb; do
  mkdir -p $G/$v/src $G/$v/o; tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $G/$v/src
  (cd $G/$v/src && patch -p1 -s < $ROOT/$R/$v.patch) || echo "PATCH-FAIL $v" >> $S
done
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
( for u in gemm_128x128_kk gemm_64x128_kk gemm_128x192_kk; do echo "mcoff $u"; done; echo "kb gemm_128x128_kk" ) |
  xargs -P 4 -L 1 sh -c "cd $G/\$0/src && $NVCC $F -Xcompiler -fPIC -c kernels/\$1.cu -o $G/\$0/o/\$1.o || echo BUILD-FAIL \$0 \$1" > $G/var.log 2>&1
wait
grep -E "lib:|BUILD-FAIL" $G/lib.log $G/var.log >> $S
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link.log 2>&1 &
for v in mcoff kb; do
  V=$G/$v; (cd $V/src && g++ -std=c++17 -O2 -fPIC -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $V/o/configs.o)
  mkdir -p $V/all && cp $D/o/*.o $V/all/ && cp $V/o/*.o $V/all/ && ar rcs $V/lib.a $V/all/*.o
  $NVCC $F -I$CUDA/include bench/bench_gemm.cu $V/lib.a $LK -o $V/bench_gemm > $G/link_$v.log 2>&1 &
done
wait
echo "built at $(el)s: $(ls $D/bench_gemm $G/*/bench_gemm | tr '\n' ' ')" >> $S
run1() {  # binary tag
  for cs in "2:512,4096,4096 512,4096,14336 256,6144,4096 1024,4096,4096" "8:128,6144,4096 256,4096,4096 1024,1024,1024" "5:512,6144,4096 256,11008,4096"; do
    c=${cs%%:*}; SH=""; for s in ${cs#*:}; do SH="$SH --shape $s"; done
    timeout 90 $1 $G/c_$2_$c.csv --graph --dtype bf16 --config $c --split-k 1 --cluster 2 --ab-cluster $SH 2>&1 | grep -E "ours|clusters" | sed "s/^/$2 cfg$c /" >> $OUT/clusters.txt
  done
}
run1 $D/bench_gemm base; run1 $G/mcoff/bench_gemm mcoff
echo "(1) at $(el)s" >> $S
python3 - $OUT/clusters.txt >> $S <<'PY'
import re, sys
rows = open(sys.argv[1]).read().splitlines()
cur = None
for l in rows:
    m = re.match(r"(\S+) (cfg\d+) shape\s+\S+\s+\S+\s+(\d+)\s+(\d+)\s+(\d+)\s+ours\s+([\d.]+) us.*ratio ([\d.]+)", l)
    if m: cur = m.groups(); continue
    m = re.search(r"clusters ([\d.]+)x", l)
    if m and cur: print(f"{cur[0]:6} {cur[1]} {cur[2]}x{cur[3]}x{cur[4]}: clusters {cur[5]} us (to cuBLAS {cur[6]}), time without / with {m.group(1)}")
PY
SH=""; for s in 512,4096,4096 512,4096,14336 256,6144,4096 128,11008,4096 1024,4096,4096 4096,4096,4096 2048,2048,2048; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 200 bash bench/gemm_ab.sh $G/ab 2 $D/bench_gemm $G/kb/bench_gemm --graph --dtype bf16 --config 2 $SH > $OUT/ab_kb.txt 2>&1
echo "(2) at $(el)s: before base, after kb (128x128 forced)" >> $S; cat $OUT/ab_kb.txt >> $S
echo "done at $(el)s" >> $S; cat $S

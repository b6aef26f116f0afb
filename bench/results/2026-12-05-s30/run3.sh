#!/usr/bin/env bash
# Session 30, device call 3 (main, no carry). Where else does a TMA box past the tensor's edge cost?
# run2 found B's box past N free (128x128, 128x168, 128x256 at K = 14336), where A's past M had cost
# up to 1.5x (run1). One plan per series (config and split forced, data-parallel), the edge's share
# stepped with the tile count fixed:
#   a64: 64x128 (config 8), N = 1024, K = 14336, M = 960 (15 tile rows) .. 1024 (16): A's 64-row box
#        past M by 56 (968), 48, 32, 24 (1000), 8, 0 rows;
#   b64: the same tiles, M = 1024, N = 896 (7 tile columns) .. 1024 (8): B's box past N;
#   k64: the same tiles, M = N = 1024, K = 960 .. 1024: the last k-tile's boxes past K;
#   k128: 128x128 (config 2), M = N = 1024, K = 960 .. 1024.
# Predicted: if A's box past M costs on 64-row tiles as on 128-row ones, a64's 968 .. 1016 take
# longer than 1024 (up to 1.3x); b64 and the K series rise with the flops only (within 2%).
# Then 1000^3 and 1024^3 (0.88-0.90 of cuBLAS, cuBLAS on 128x64 in 1x2 clusters): the automatic plan
# against 128x64 (config 3) and 128x128 (config 2); 128x64 in 1x2 clusters and 64x128 in 2x1 against the
# same tiles without clusters; in one process each.
set -u
G=$PWD/.devwork/s30; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
[ -x $D/bench_gemm ] || build_tree bench/bench_gemm
mkdir -p $G/edge3
series() {  # name config shapes...
  local n=$1 c=$2 r; shift 2
  local sh=""; for s in "$@"; do sh="$sh --shape $s"; done
  for r in 1 2; do
    timeout 100 $D/bench_gemm $G/edge3/${n}_$r.csv --graph --dtype bf16 --config $c --split-k 1 --decomposition 1 $sh > $G/edge3/${n}_$r.log 2>&1 || echo "$n $r exit $?" >> $S
  done
}
series a64 8 960,1024,14336 968,1024,14336 976,1024,14336 992,1024,14336 1000,1024,14336 1016,1024,14336 1024,1024,14336
series b64 8 1024,896,14336 1024,904,14336 1024,928,14336 1024,960,14336 1024,1000,14336 1024,1024,14336
series k64 8 1024,1024,960 1024,1024,968 1024,1024,1000 1024,1024,1016 1024,1024,1024
series k128 2 1024,1024,960 1024,1024,968 1024,1024,1000 1024,1024,1024
echo "series at $(el)s" >> $S
python3 - $G/edge3 >> $S <<'P'
import csv, glob, sys, collections
t = collections.defaultdict(list); meta = {}
for f in sorted(glob.glob(sys.argv[1] + '/*_*.csv')):
    c = f.split('/')[-1].split('_')[0]
    for r in csv.DictReader(open(f)):
        key = (c, int(r['m']), int(r['n']), int(r['k']))
        t[key] += [float(r['ms_ours']), float(r['ms_ours_again'])]
        meta[key] = (r['config'], r['split_k'], r['decomposition'], r['ms_cublaslt'], r['rel_err'])
print('| series | M | N | K | best us | worst us | best us per GFLOP | config split dec | cuBLASLt us | rel_err |')
for key in sorted(t):
    v = t[key]; c, m, n, k = key
    print(f'| {c} | {m} | {n} | {k} | {1e3*min(v):.2f} | {1e3*max(v):.2f} | {1e3*min(v)/(2*m*n*k/1e9):.3f} | {" ".join(meta[key][:3])} | {1e3*float(meta[key][3]):.2f} | {meta[key][4]} |')
P
mkdir -p $G/cfg
for r in 1 2; do
  for o in "--ab-config 3" "--ab-config 2" "--config 3 --cluster-n 2 --ab-cluster" "--config 8 --cluster 2 --ab-cluster"; do
    f=$(echo "$o" | tr -d ' -'); timeout 60 $D/bench_gemm $G/cfg/${f}_$r.csv --graph --dtype bf16 $o --shape 1000,1000,1000 --shape 1024,1024,1024 --shape 2000,3000,1000 > $G/cfg/${f}_$r.log 2>&1 || echo "cfg $o $r exit $?" >> $S
    grep -E "ours |config [0-9]+:|without clusters" $G/cfg/${f}_$r.log | cut -c1-150 | sed "s/^/$f r$r /" >> $S
  done
done
(cd $G && tar czf $OUT/csv.tgz edge3 cfg)
echo "done at $(el)s" >> $S
cat $S

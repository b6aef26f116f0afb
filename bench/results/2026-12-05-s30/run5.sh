#!/usr/bin/env bash
# Session 30, device call 5 (main, no carry). run3/run4: on 64x128 tiles (config 8), M = 1024, K =
# 14336, a last tile column of at most 64 valid columns made the GEMM 1.5-1.9x slower (N = 904 81-89
# us, 928 75-89, 960 68-74 against 1000 49, 1024 48, 896 46), and loading B in boxes that stop at N
# (bsplit.patch) did not help: not B's box past N. Where is the time? One plan per row (forced):
#   e1 config 8, N = 896 .. 1024, K = 14336, with and without --direct-epilogue;
#   e2 the same tiles, K = 2048 (is the extra a constant or per k-tile?);
#   e3 128x128 (config 2), M = 2048 (16 tile rows, two consumer warpgroups);
#   e4 config 8, M = 512 (8 tile rows);
#   e5 128x64 (config 3), M = 1024;
#   e6 config 8 in 2x1 clusters (B's halves by multicast).
# Predicted: the extra is per k-tile (e2 1.5x too) and follows the one consumer warpgroup's tile
# (e3 none, e5 none); the direct epilogue changes nothing.
set -u
G=$PWD/.devwork/s30c; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
[ -x $D/bench_gemm ] || build_tree bench/bench_gemm
mkdir -p $G/e
one() {  # name options... -- shapes
  local n=$1; shift; local o=""; while [ "$1" != "--" ]; do o="$o $1"; shift; done; shift
  local sh=""; for s in "$@"; do sh="$sh --shape $s"; done
  for r in 1 2; do
    timeout 60 $D/bench_gemm $G/e/${n}_$r.csv --graph --dtype bf16 --split-k 1 --decomposition 1 $o $sh > $G/e/${n}_$r.log 2>&1 || echo "$n $r exit $?" >> $S
  done
}
N8="1024,896,14336 1024,904,14336 1024,960,14336 1024,1000,14336 1024,1024,14336"
one e1 --config 8 -- $N8
one e1direct --config 8 --direct-epilogue -- $N8
one e2 --config 8 -- 1024,896,2048 1024,904,2048 1024,960,2048 1024,1000,2048 1024,1024,2048
one e3 --config 2 -- 2048,896,14336 2048,904,14336 2048,960,14336 2048,1000,14336 2048,1024,14336
one e4 --config 8 -- 512,896,14336 512,904,14336 512,960,14336 512,1024,14336
one e5 --config 3 -- 1024,896,14336 1024,904,14336 1024,928,14336 1024,960,14336
one e6 --config 8 --cluster 2 -- $N8
echo "runs at $(el)s" >> $S
python3 - $G/e >> $S <<'P'
import csv, glob, sys, collections
t = collections.defaultdict(list); meta = {}
for f in sorted(glob.glob(sys.argv[1] + '/*_*.csv')):
    c = f.split('/')[-1].rsplit('_', 1)[0]
    for r in csv.DictReader(open(f)):
        key = (c, int(r['m']), int(r['n']), int(r['k']))
        t[key] += [float(r['ms_ours']), float(r['ms_ours_again'])]
        meta[key] = (r['config'], r['cluster_m'], r['epilogue'], r['ms_cublaslt'])
print('| run | M | N | K | best us | worst us | config cluster epilogue | cuBLASLt us |')
for key in sorted(t):
    v = t[key]; c, m, n, k = key
    print(f'| {c} | {m} | {n} | {k} | {1e3*min(v):.1f} | {1e3*max(v):.1f} | {" ".join(meta[key][:3])} | {1e3*float(meta[key][3]):.1f} |')
P
(cd $G && tar czf $OUT/csv.tgz e)
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Session 30, device call 2 (main b214bc6+, no carry). Two questions, one build.
# 1. Is A in halves slower where K is short? run1 measured 448 x 4096^2 at 0.963 (25.5 -> 26.5 us)
#    while 448 x 4096 x 14336 gained 1.077. Main against main with the planner's halves rule off
#    (nohalves.patch, planner-only variant: the kernels honour the flag either way), three rounds
#    alternated. Predicted: 448 x 4096^2 within +-3%, the K = 14336 shapes as run1.
# 2. Does a B box reaching past N cost as A's did past M? One plan per series (config and split
#    forced, data-parallel), N stepped so the tile count and waves stay fixed while the last tile
#    column's share of B's box past N changes:
#    128x168 (config 9) M = 512: N 10920 (65 whole columns, 260 tiles) then 10928 .. 11088 (264
#    tiles; the box past N: 160, 128, 80, 40, 0 rows);
#    128x128 (config 2) M = 1024: N 4096 (256 tiles) then 4104 .. 4224 (264 tiles);
#    128x256 (config 1) M = 512: N 7936 (124 tiles) then 7944 .. 8192 (128 tiles, one wave).
#    Predicted, if a box past N costs as A's did: time falls as N grows within each series (the
#    smallest remainder slowest, by up to 1.3-1.5x at K = 14336); if not, time rises with N by
#    the flops (under 2%).
set -u
G=$PWD/.devwork/s30; . bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
export D=$PWD/.devwork/b; mkdir -p $D
R=bench/results/2026-12-05-s30
variant_prepare nohalves $R/nohalves.patch
[ -x $D/bench_gemm ] || build_tree bench/bench_gemm
variant_link nohalves planner
declare -A B V; B[nohalves]=$G/nohalves/bench_gemm
SH=""; for s in 448,4096,4096 448,4096,14336 416,4096,14336 416,4096,4096 320,4096,4096 129,4096,4096 \
  448,11008,4096 320,11008,4096 1000,1000,1000 4096,4096,4096; do SH="$SH --shape $s"; done
in_turn 3 main main nohalves
mkdir -p $G/edge
for r in 1 2; do
  S9=""; for n in 10920 10928 10960 11008 11048 11088; do S9="$S9 --shape 512,$n,14336"; done
  timeout 100 $D/bench_gemm $G/edge/c9_$r.csv --graph --dtype bf16 --config 9 --split-k 1 --decomposition 1 $S9 > $G/edge/c9_$r.log 2>&1 || echo "c9 $r exit $?" >> $S
  S2=""; for n in 4096 4104 4128 4160 4192 4224; do S2="$S2 --shape 1024,$n,14336"; done
  timeout 100 $D/bench_gemm $G/edge/c2_$r.csv --graph --dtype bf16 --config 2 --split-k 1 --decomposition 1 $S2 > $G/edge/c2_$r.log 2>&1 || echo "c2 $r exit $?" >> $S
  S1=""; for n in 7936 7944 7968 8064 8160 8192; do S1="$S1 --shape 512,$n,14336"; done
  timeout 100 $D/bench_gemm $G/edge/c1_$r.csv --graph --dtype bf16 --config 1 --split-k 1 --decomposition 1 $S1 > $G/edge/c1_$r.log 2>&1 || echo "c1 $r exit $?" >> $S
  echo "edge round $r at $(el)s" >> $S
done
python3 - $G/edge >> $S <<'P'
import csv, glob, sys, collections
t = collections.defaultdict(list); meta = {}
for f in sorted(glob.glob(sys.argv[1] + '/c*_*.csv')):
    c = f.split('/')[-1].split('_')[0]
    for r in csv.DictReader(open(f)):
        key = (c, int(r['m']), int(r['n']), int(r['k']))
        t[key] += [float(r['ms_ours']), float(r['ms_ours_again'])]
        meta[key] = (r['config'], r['split_k'], r['decomposition'], r['ms_cublaslt'], r['rel_err'])
print('| series | M | N | K | best us | worst us | flops-normalized (us per N x 1000) | config split dec | cuBLASLt us | rel_err |')
for key in sorted(t):
    v = t[key]; c, m, n, k = key
    print(f'| {c} | {m} | {n} | {k} | {1e3*min(v):.1f} | {1e3*max(v):.1f} | {1e6*min(v)/n:.3f} | {" ".join(meta[key][:3])} | {1e3*float(meta[key][3]):.1f} | {meta[key][4]} |')
P
(cd $G && tar czf $OUT/csv.tgz csv edge *.log nohalves/*.log 2>/dev/null)
echo "done at $(el)s" >> $S
cat $S

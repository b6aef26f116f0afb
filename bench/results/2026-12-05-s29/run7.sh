#!/usr/bin/env bash
# Why 448 x 4096 x 14336 takes 1.43x the time of 512 x 4096 x 14336 on the same plan (128x128 tiles,
# 128 tiles, one wave; run6.sh: 115.2 against 80.3 us), where the last row of tiles is half past M.
# One wave: the slowest CTA sets the time. M = 384-512 against N = 4096, K = 14336 (and N partial:
# 512 x 4032 / 3976), two rounds, each variant in turn:
#   auto   the automatic plan (TN: A and B K-major)
#   nn     --layout NN (A M-major: its box is 64 rows of M by K-blocks)
#   direct --direct-epilogue (D by st.global, no TMA store)
#   swap   --swap-ab (D^T = B A^T: the partial tiles on N')
#   t64    --config 8 (64x128 tiles: 448 = 7 whole rows)
# Predicted (TMA loads of boxes partly out of bounds are slow): 416-511 at 1.2-1.45x 512's time on
# auto, nn and direct alike; 384 at ~0.75x; t64 at 448 faster than auto; N partial the same.
set -u
G=$PWD/.devwork/s29t; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
if [ -x $D/bench_gemm ]; then echo "reused the build" >> $S; else build_tree bench/bench_gemm; fi
SH=""; for s in 384,4096,14336 416,4096,14336 448,4096,14336 449,4096,14336 480,4096,14336 511,4096,14336 \
  512,4096,14336 512,4032,14336 512,3976,14336 448,4096,4096 512,4096,4096; do SH="$SH --shape $s"; done
declare -A V=([auto]="" [nn]="--layout NN" [direct]="--direct-epilogue" [swap]="--swap-ab" [t64]="--config 8")
mkdir -p $G/csv
for r in 1 2; do
  for v in auto nn direct swap t64; do
    timeout 90 $D/bench_gemm $G/csv/${v}_$r.csv --graph --dtype bf16 $SH ${V[$v]} > $G/${v}_$r.log 2>&1 ||
      echo "$v $r: exit $? $(grep -m2 -iE 'error|refus|invalid' $G/${v}_$r.log | cut -c1-200)" >> $S
  done
  echo "round $r at $(el)s" >> $S
done
python3 - $G/csv >> $S <<'PY'
import csv, glob, os, sys
t = {}
for f in glob.glob(sys.argv[1] + '/*.csv'):
    v = os.path.basename(f).rsplit('_', 1)[0]
    for r in csv.DictReader(open(f)):
        k = (int(r['m']), int(r['n']), int(r['k']))
        o = min(float(r['ms_ours']), float(r['ms_ours_again'])) * 1e3
        c = min(float(r['ms_cublaslt']), float(r['ms_gemmex'])) * 1e3
        t.setdefault(k, {}).setdefault(v, []).append((o, c, r['config'], r['epilogue']))
vs = ['auto', 'nn', 'direct', 'swap', 't64']
print('| M x N x K | cuBLAS us | ' + ' | '.join(vs) + ' (us, best of rounds) |')
for k in sorted(t):
    d = t[k]
    cb = min(x[1] for v in d for x in d[v])
    print('| %dx%dx%d | %.1f | %s | %s |' % (k + (cb, ' | '.join('%.1f' % min(x[0] for x in d[v]) if v in d else '-' for v in vs),
          ' '.join('%s:%s/%s' % (v, d[v][0][2], d[v][0][3]) for v in vs if v in d))))
PY
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S

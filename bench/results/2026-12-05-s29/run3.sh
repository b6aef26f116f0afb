#!/usr/bin/env bash
# Mid-M shapes (M = 320-896, few waves of 128-row tiles): main's automatic plan against each tile
# configuration data-parallel and stream-K, one bench_gemm per variant over all shapes, two rounds
# alternated (bf16 TN, row-major D, --graph). The first call of the session measured 448 x 11008 x
# 4096 at 0.69 of cuBLAS (H100; automatic: 128x168 data-parallel, 264 tiles = 2 waves).
# Predicted: stream-K on 128x256 (172 tiles, 1.3 waves balanced) beats the automatic plan by
# 1.1-1.3x on 448 x 11008; the best variant is within 0.95 of cuBLAS on at most half the shapes.
set -u
G=$PWD/.devwork/s29x; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
if [ -x $D/bench_gemm ]; then echo "reused the build" >> $S; else build_tree bench/bench_gemm; fi
SH=""; for s in 448,11008,4096 448,14336,4096 320,11008,4096 384,11008,4096 640,11008,4096 768,11008,4096 \
  896,14336,4096 448,4096,4096 640,4096,4096 448,28672,8192; do SH="$SH --shape $s"; done
declare -A V=([auto]="" [dp256]="--config 1 --decomposition 1" [sk256]="--config 1 --decomposition 3"
  [dp224]="--config 12 --decomposition 1" [sk224]="--config 12 --decomposition 3" [dp168]="--config 9 --decomposition 1"
  [sk168]="--config 9 --decomposition 3" [dp128]="--config 2 --decomposition 1" [sk128]="--config 2 --decomposition 3"
  [autosk]="--decomposition 3")
mkdir -p $G/csv
for r in 1 2; do
  for v in auto dp256 sk256 dp224 sk224 dp168 sk168 dp128 sk128 autosk; do
    timeout 90 $D/bench_gemm $G/csv/${v}_$r.csv --graph --dtype bf16 $SH ${V[$v]} > $G/${v}_$r.log 2>&1 ||
      echo "$v $r: exit $? $(grep -m2 -iE 'error|refus' $G/${v}_$r.log)" >> $S
  done
  echo "round $r at $(el)s" >> $S
done
cp $G/csv/*.csv $OUT/
python3 - $G/csv >> $S <<'PY'
import csv, glob, os, sys, statistics as st
rows = {}
for f in glob.glob(sys.argv[1] + '/*.csv'):
    v = os.path.basename(f).rsplit('_', 1)[0]
    for r in csv.DictReader(open(f)):
        k = (int(r['m']), int(r['n']), int(r['k']))
        rows.setdefault(k, {}).setdefault(v, []).append((float(r['ms_ours']), min(float(r['ms_cublaslt']), float(r['ms_gemmex'])), r['config'], r['decomposition']))
vs = ['auto', 'dp256', 'sk256', 'dp224', 'sk224', 'dp168', 'sk168', 'dp128', 'sk128', 'autosk']
print('| M x N x K | cuBLAS best ms | ' + ' | '.join(vs) + ' | auto plan |')
print('|---|---:|' + '---:|' * len(vs) + '---|')
for k in sorted(rows):
    d = rows[k]; cb = st.median([x[1] for v in d for x in d[v]])
    cells = []
    for v in vs:
        cells.append('%.3f' % (cb / st.median([x[0] for x in d[v]])) if v in d else '-')
    a = d.get('auto', [(0, 0, '?', '?')])[0]
    print('| %dx%dx%d | %.4f | %s | cfg %s dec %s |' % (k + (cb, ' | '.join(cells), a[2], a[3])))
PY
echo "done at $(el)s" >> $S
cat $S

#!/usr/bin/env bash
# Which kernels cuBLAS runs where we lose (ncu, one metric: each kernel's name and duration), one
# bench_gemm per shape (bf16 TN, row-major D, no graph, one pass): the mid-M shapes of run3.sh,
# the decode and small-square shapes of the standing sweep. The names give cuBLAS's tile, cluster
# and decomposition (e.g. tilesize128x256x64_cluster2x1x1 ... stream-K).
set -u
G=$PWD/.devwork/s29n; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
if [ -x $D/bench_gemm ]; then echo "reused the build" >> $S; else build_tree bench/bench_gemm; fi
for s in 448,11008,4096 384,11008,4096 640,4096,4096 448,4096,4096 1000,1000,1000 1024,1024,1024 \
         32,4096,4096 256,6144,4096 512,11008,4096 100,4096,4100; do
  timeout 60 $CUDA/bin/ncu --metrics gpu__time_duration.sum --csv --print-units base \
    $D/bench_gemm $G/x.csv --dtype bf16 --passes 1 --reps 5 --no-verify --shape $s > $G/ncu_$s.csv 2> $G/ncu_$s.err
  echo "== $s rc=$? ($(el)s)" >> $S
  python3 - $G/ncu_$s.csv >> $S <<'PY'
import csv, sys, statistics as st
lines = [l for l in open(sys.argv[1]) if l.startswith('"')]
d = {}
for r in csv.DictReader(lines):
    if r.get('Metric Name') != 'gpu__time_duration.sum': continue
    d.setdefault(r['Kernel Name'][:150], []).append(float(r['Metric Value'].replace(',', '')) / 1000)
for k, v in sorted(d.items(), key=lambda kv: st.median(kv[1])):
    print('  %7.2f us x%-3d %s' % (st.median(v), len(v), k))
PY
done
cp $G/ncu_*.csv $OUT/ 2>/dev/null
echo "done at $(el)s" >> $S
cat $S

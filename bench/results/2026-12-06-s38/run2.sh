#!/usr/bin/env bash
# Session 38, device call 2 (carry build/carry/s38b/lib.a.gz, the tree's library: 57f9abf's with the planner of a stream-K iteration at 1.6; nothing built; session 37's run2.sh, never run there; run after run2v.sh in the same call).
# Where the automatic plan stands against every tile and decomposition we have, on the shapes that
# last measured below 0.95 of cuBLAS (bf16 TN, session 36's sweeps) and the FP8 shapes below 0.95 of
# cuBLASLt: each (shape, variant) one bench_gemm process (a refused variant costs only its line),
# the variant A/B'd against the automatic plan in that process (--ab-config: interleaved), up to
# two rounds (a shape is started only within 250 s; small-M
# shapes: the narrow tiles, the others: the wide ones); FP8 (1024 x 11008 x {4096, 11008, 14336}) through
# bench_gemm_fp8 --variants (every variant and cuBLASLt interleaved).
# Predicted: the automatic plan is the best of ours or within 3% on at least 12 of the 16 bf16 shapes;
# 2048 x 11008 x 4096 now runs 128x168 data-parallel itself (session 37), so no variant beats it by more
# than 3%; FP8 1024 x 11008 x {11008, 14336}: the automatic plan within 2% of the best variant (session 37's
# run3: 128x256 data-parallel 1.00 of cuBLASLt, stream-K 0.935x of it).
set -u
G=$PWD/.devwork/s38b; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/base; mkdir -p $D $G/csv
gunzip -c build/carry/s38b/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm bench/bench_gemm_fp8
SH="1024,1024,1024 1000,1000,1000 64,4096,4096 32,4096,4096 256,256,256 256,6144,4096 128,6144,4096 512,4096,4096
128,14336,4096 1,4096,11008 333,14336,4096 512,11008,4096 1024,11008,4096 2048,11008,4096 1024,14336,4096 3000,5000,1000"
declare -A V=([c1d1]="--config 1 --decomposition 1" [c1d3]="--config 1 --decomposition 3" [c2d1]="--config 2 --decomposition 1"
  [c2d3]="--config 2 --decomposition 3" [sk]="--decomposition 3" [dp]="--decomposition 1" [cl2]="--cluster 2" [cn2]="--cluster-n 2")
for c in 3 5 6 7 8 9 10 11 12; do V[c$c]="--ab-config $c"; done
SMALL="c2d1 c2d3 c3 c6 c7 c8 c10 c11 sk dp cl2 cn2"; LARGE="c1d1 c1d3 c2d1 c2d3 c5 c9 c12 sk dp cl2 cn2"
for r in 1 2; do
  for s in $SH; do
    m=${s%%,*}; VS=$SMALL; case $s in 333,*|512,11008,*|1024,11008,*|2048,*|1024,14336,*|3000,*) VS=$LARGE;; esac
    [ $(el) -gt 250 ] && break
    for v in $VS; do
      timeout 30 $D/bench_gemm $G/csv/${v}_${s//,/x}_$r.csv --graph --dtype bf16 --shape $s ${V[$v]} > $G/x.log 2>&1 ||
        echo "$r $s $v: exit $? $(grep -m1 -iE 'error|refus|cutego_gemm' $G/x.log | cut -c1-160)" >> $G/refused.txt
    done
  done
  echo "bf16 round $r at $(el)s" >> $S
done
sort -u -k2 $G/refused.txt | head -60 > $OUT/refused.txt
for r in 1; do
  timeout 60 $D/bench_gemm_fp8 $G/fp8v_$r.csv --shape 1024,11008,4096 --shape 1024,11008,11008 --shape 1024,11008,14336 \
    --variants 1:0:0,1:0:1:1,1:0:1:3,1:0:12:1,1:0:12:3,1:0:2:1,1:0:2:3,2:0:1:1,2:0:0 --rounds 2 > $G/fp8v_$r.log 2>&1
  echo "fp8 variants $r rc=$? ($(el)s)" >> $S
done
python3 - $G/csv >> $S <<'PY'
import csv, glob, os, sys, statistics as st, collections
rows = collections.defaultdict(lambda: collections.defaultdict(list))
for f in glob.glob(sys.argv[1] + '/*.csv'):
    v = os.path.basename(f).split('_')[0]
    for r in csv.DictReader(open(f)):
        k = (int(r['m']), int(r['n']), int(r['k']))
        cb = min(x for x in (float(r['ms_cublaslt']), float(r['ms_gemmex'])) if x > 0)
        ours = min(float(r['ms_ours']), float(r['ms_ours_again']))
        if v.startswith('c') and r['ab_config'] != '-1' and float(r['ms_ab_config']) > 0:
            rows[k]['auto*'].append(cb / ours)
            rows[k][v].append(cb / float(r['ms_ab_config']))
        else:
            rows[k][v].append(cb / ours)
print('| M x N x K | auto (median of the A/B runs) | best variant | its ratio | gain |')
print('|---|---:|---|---:|---:|')
for k in sorted(rows):
    d = {v: st.median(x) for v, x in rows[k].items() if x}
    a = d.get('auto*', 0)
    best = max((v for v in d if v != 'auto*'), key=lambda v: d[v])
    print(f"| {k[0]} x {k[1]} x {k[2]} | {a:.3f} | {best} | {d[best]:.3f} | {d[best]/a if a else 0:.3f} |")
    print('  ' + ' '.join(f"{v}={d[v]:.3f}" for v in sorted(d)))
PY
grep -hE "^ *(variant|== |[0-9]+ +[0-9]+ +[0-9]+ +cuBLASLt)" $G/fp8v_*.log | cut -c1-150 | head -160 >> $S
cp $G/fp8v_*.csv $G/fp8v_*.log $OUT/ 2>/dev/null
(cd $G/csv && tar czf $OUT/csv.tgz *.csv)
(cd $OUT && tar czf logs.tgz fp8v_* refused.txt && rm -f fp8v_* refused.txt)
echo "all done at $(el)s" >> $S
cat $S

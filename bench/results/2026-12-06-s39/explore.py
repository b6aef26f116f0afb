#!/usr/bin/env python3
# explore.py DIR: bench_gemm --ab-config CSVs named <layout>_c<config>.csv (config = CUTEGO_GEMM_CONFIG_* + 1,
# A/B'd against the automatic plan in each process). Per shape: the automatic plan's configuration
# and ratio to cuBLAS (the better of cuBLASLt and cublasGemmEx; the median over the processes), and
# the best configuration asked for, its ratio and its gain over the automatic plan.
import csv, glob, os, sys, statistics as st, collections
auto = collections.defaultdict(list); var = collections.defaultdict(dict); cfg = {}
for f in sorted(glob.glob(sys.argv[1] + '/*_c*.csv')):
    lay, c = os.path.basename(f)[:-4].rsplit('_c', 1)
    for r in csv.DictReader(open(f)):
        k = (lay, int(r['m']), int(r['n']), int(r['k']))
        cb = min(x for x in (float(r['ms_cublaslt']), float(r['ms_gemmex'])) if x > 0)
        ours = min(float(r['ms_ours']), float(r['ms_ours_again']))
        auto[k].append(cb / ours); cfg[k] = r['config']
        if r['ab_config'] != '-1' and float(r['ms_ab_config']) > 0:
            var[k][int(c)] = cb / float(r['ms_ab_config'])
print('| layout | M x N x K | automatic (config) | best asked for | its ratio | gain |')
print('|---|---|---:|---|---:|---:|')
for k in sorted(auto, key=lambda k: st.median(auto[k])):
    a = st.median(auto[k])
    if not var[k]:
        print(f"| {k[0]} | {k[1]} x {k[2]} x {k[3]} | {a:.3f} ({cfg[k]}) | - | - | - |"); continue
    b = max(var[k], key=var[k].get)
    print(f"| {k[0]} | {k[1]} x {k[2]} x {k[3]} | {a:.3f} ({cfg[k]}) | config {b - 1} | {var[k][b]:.3f} | {var[k][b] / a:.3f} |")

#!/usr/bin/env python3
# cluster_table.py DIR: bench_gemm --ab-cluster CSVs named <variant>_<case>_<round>.csv; per case and
# variant the median over rounds of (time without clusters) / (time with them), each process's own
# pair (>1: the clusters faster), and the clustered time itself.
import csv, glob, os, sys, statistics as st, collections
d = collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob(sys.argv[1] + '/*.csv')):
    v, case, _ = os.path.basename(f)[:-4].rsplit('_', 2)
    for r in csv.DictReader(open(f)):
        w = min(float(r['ms_ours']), float(r['ms_ours_again']))
        nc = float(r['ms_ours_no_cluster'])
        if w > 0 and nc > 0: d[case][v].append((nc / w, w * 1000, nc * 1000))
print('| case | variant | no clusters / clusters | clustered us | unclustered us |')
print('|---|---|---:|---:|---:|')
for case in sorted(d):
    for v in sorted(d[case]):
        xs = d[case][v]
        print(f"| {case} | {v} | {st.median(x[0] for x in xs):.3f} | {st.median(x[1] for x in xs):.2f} | {st.median(x[2] for x in xs):.2f} |")

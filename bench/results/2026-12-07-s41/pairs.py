#!/usr/bin/env python3
# pairs.py BEFORE AFTER — two bench_gemm_fp8 --variants 0:0:0 runs in turn (BEFORE_<round>.csv and
# AFTER_<round>.csv): per shape the fastest time of each, before over after, each side's best ratio to
# cuBLASLt (in its own process), the after plan; the geometric mean of before/after and of the ratios.
import csv, glob, math, sys, collections

def load(prefix):
    r = collections.defaultdict(list)
    why = {}
    for f in sorted(glob.glob(prefix + '_*.csv')):
        for x in csv.DictReader(open(f)):
            k = (int(x['m']), int(x['n']), int(x['k']))
            r[k].append((float(x['ms']), float(x['ratio'])))
            why[k] = x['reason']
    return r, why

b, _ = load(sys.argv[1])
a, why = load(sys.argv[2])
gm = lambda l: math.exp(sum(map(math.log, l)) / len(l)) if l else float('nan')
print(f'| M x N x K | before us | after us | before/after | to cuBLASLt before | after | after plan |')
print('|---|---:|---:|---:|---:|---:|---|')
q, rb, ra = [], [], []
for k in sorted(set(a) & set(b)):
    tb, ta = min(t for t, _ in b[k]), min(t for t, _ in a[k])
    xb, xa = max(x for _, x in b[k]), max(x for _, x in a[k])
    q.append(tb / ta); rb.append(xb); ra.append(xa)
    print(f'| {k[0]} x {k[1]} x {k[2]} | {tb*1e3:.1f} | {ta*1e3:.1f} | {tb/ta:.3f} | {xb:.3f} | {xa:.3f} | {why[k][:90]} |')
print(f'{len(q)} shapes: before/after geomean {gm(q):.3f} (min {min(q, default=0):.3f}, max {max(q, default=0):.3f}); '
      f'to cuBLASLt {gm(rb):.3f} -> {gm(ra):.3f}')

#!/usr/bin/env python3
# grid.py CSV — bench_gemm_fp8 --variants 0:0:0,0:0:6,0:0:6:1,0:0:8,0:0:8:1,0:0:1,0:0:2,0:0:12 in one
# process: per shape each variant's ratio to cuBLASLt (the automatic plan, 64x64 with its split and
# data-parallel, 64x128 likewise, 128x256, 128x128, 128x224 with their split), the fastest, and the
# automatic plan over the fastest and over the best 128-row variant.
import csv, math, sys, collections
cols = ['0:0:0', '0:0:6', '0:0:6:1', '0:0:8', '0:0:8:1', '0:0:1', '0:0:2', '0:0:12']
names = ['auto', '64x64', '64x64 dp', '64x128', '64x128 dp', '128x256', '128x128', '128x224']
r = collections.defaultdict(dict)
plan = {}
for x in csv.DictReader(open(sys.argv[1])):
    k = (int(x['m']), int(x['n']), int(x['k']))
    r[k][x['variant']] = (float(x['ms']), float(x['ratio']))
    if x['variant'] == '0:0:0': plan[k] = x['reason']
gm = lambda l: math.exp(sum(map(math.log, l)) / len(l)) if l else float('nan')
print('| M x N x K | ' + ' | '.join(names) + ' | fastest | auto/fastest | auto/best 128-row | auto plan |')
print('|---|' + '---:|' * (len(names) + 3) + '---|')
af, a128 = [], []
for k in sorted(r, key=lambda k: (k[1], k[2], k[0])):
    v = r[k]
    if '0:0:0' not in v: continue
    best = min(v, key=lambda c: v[c][0])
    b128 = min((v[c][0] for c in ('0:0:1', '0:0:2', '0:0:12') if c in v), default=None)
    af.append(v[best][0] / v['0:0:0'][0])
    if b128: a128.append(b128 / v['0:0:0'][0])
    cells = [f'{v[c][1]:.2f}' if c in v else '-' for c in cols]
    print(f'| {k[0]} x {k[1]} x {k[2]} | ' + ' | '.join(cells) + f' | {names[cols.index(best)]} | {af[-1]:.3f} | '
          f'{a128[-1] if b128 else float("nan"):.3f} | {plan[k][:70]} |')
print(f'{len(af)} shapes: the automatic plan at {gm(af):.3f} of the fastest variant (geomean), min {min(af, default=0):.3f}; '
      f'against the best 128-row variant {gm(a128):.3f}x')

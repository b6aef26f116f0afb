#!/usr/bin/env python3
# grid.py CSV — a bench_gemm_fp8 --variants run (one process): per shape each variant's ratio to
# cuBLASLt, the fastest variant, and the automatic plan (0:0:0) over the fastest and over the best
# 128-row variant (128x256, 128x128, 128x224 with their own split: 0:0:1, 0:0:2, 0:0:12).
import csv, math, sys, collections
known = {'0:0:0': 'auto', '0:0:6': '64x64', '0:0:6:1': '64x64 dp', '0:0:8': '64x128', '0:0:8:1': '64x128 dp',
         '0:0:1': '128x256', '0:0:2': '128x128', '0:0:12': '128x224', '0:0:1:3': '128x256 sk', '0:0:2:3': '128x128 sk'}
r = collections.defaultdict(dict)
plan, cols = {}, []
for x in csv.DictReader(open(sys.argv[1])):
    k = (int(x['m']), int(x['n']), int(x['k']))
    r[k][x['variant']] = (float(x['ms']), float(x['ratio']))
    if x['variant'] not in cols: cols.append(x['variant'])
    if x['variant'] == '0:0:0': plan[k] = x['reason']
names = [known.get(c, c) for c in cols]
gm = lambda l: math.exp(sum(map(math.log, l)) / len(l)) if l else float('nan')
print('| M x N x K | ' + ' | '.join(names) + ' | fastest | fastest/auto | auto/best 128-row | auto plan |')
print('|---|' + '---:|' * (len(names) + 3) + '---|')
af, a128 = [], []
for k in sorted(r, key=lambda k: (k[1], k[2], k[0])):
    v = r[k]
    if '0:0:0' not in v: continue
    best = min(v, key=lambda c: v[c][0])
    b128 = min((v[c][0] for c in ('0:0:1', '0:0:2', '0:0:12') if c in v), default=None)
    af.append(v['0:0:0'][0] / v[best][0])
    if b128: a128.append(b128 / v['0:0:0'][0])
    cells = [f'{v[c][1]:.2f}' if c in v else '-' for c in cols]
    print(f'| {k[0]} x {k[1]} x {k[2]} | ' + ' | '.join(cells) + f' | {known.get(best, best)} | {af[-1]:.3f} | '
          f'{(b128 / v["0:0:0"][0]) if b128 else float("nan"):.3f} | {plan[k][:70]} |')
print(f'{len(af)} shapes: the fastest variant over the automatic plan {gm(af):.3f} (geomean), max {max(af, default=0):.3f}; '
      f'the automatic plan over the best 128-row variant {gm(a128):.3f}x')

#!/usr/bin/env python3
"""trace_summary.py LOG: the traced launch of trace_gemm (trace.patch) by tile: each consumer
warpgroup's main loop (start to MMAs done) and store time, the producer's time waiting on empty
barriers (its consumers' pace), grouped by whether the tile is in the last tile row or column."""
import sys, collections
P, C, plan = {}, collections.defaultdict(list), ''
for line in open(sys.argv[1]):
    f = line.split()
    if not f: continue
    if f[0] == 'P' and len(f) == 8:
        cta, sm, m, n, t_in, t_out, wait = int(f[1]), int(f[2]), int(f[3]), int(f[4]), int(f[5]), int(f[6]), int(f[7])
        P[(m, n)] = (cta, sm, t_in, t_out, wait)
    elif f[0] == 'C' and len(f) == 9:
        cta, sm, cw, m, n, ts, tm, te = (int(x) for x in f[1:])
        C[(m, n)].append((cw, ts, tm, te, sm))
    elif f[0] == 'PLAN':
        plan = line.strip()
    elif f[0] == 'TIME':
        print(line.strip())
print(plan)
if not C:
    sys.exit('no consumer lines')
t0 = min(x[1] for v in C.values() for x in v)
mmax = max(k[0] for k in C); nmax = max(k[1] for k in C)
groups = collections.defaultdict(list)
for (m, n), v in C.items():
    g = ('last row ' if m == mmax else '') + ('last column' if n == nmax else '')
    for cw, ts, tm, te, sm in v:
        pw = P.get((m, n), (0, 0, 0, 0, 0))[4]
        groups[g or 'inner'].append(((tm - ts) / 1e3, (te - tm) / 1e3, (ts - t0) / 1e3, pw / 1e3, sm, m, n, cw))
print('| tiles | count | main loop us (min / median / max) | store us (median) | start offset us (median) | producer waiting on empty us (median) |')
for g, v in sorted(groups.items()):
    ml = sorted(x[0] for x in v); st = sorted(x[1] for x in v); so = sorted(x[2] for x in v); pw = sorted(x[3] for x in v)
    med = lambda a: a[len(a) // 2]
    print(f'| {g} | {len(v)} | {ml[0]:.1f} / {med(ml):.1f} / {ml[-1]:.1f} | {med(st):.1f} | {med(so):.1f} | {med(pw):.1f} |')
print('slowest main loops (us, store us, start us, producer wait us, sm, m, n, warpgroup):')
for x in sorted((x for v in groups.values() for x in v), reverse=True)[:12]:
    print('  ' + ' '.join(f'{y:.1f}' if isinstance(y, float) else str(y) for y in x))

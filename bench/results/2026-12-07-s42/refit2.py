#!/usr/bin/env python3
# refit2.py GRID.csv... — the FP8 64-row rule of csrc/gemm/waves.c (fp8_few_rows: up to 512 rows,
# 64x64 where one wave, 64x128 where one wave unless B is off the 128-byte grid above 64 rows, 64x64
# past one wave at <= 64 rows with K 1024-4096 and B on the grid; fp8_row_split) replayed on
# bench_gemm_fp8 --variants grids (one process each): per shape the variant the rule takes (the
# automatic plan where the 64-row plan would add a packed copy the 128-row plan has not: the
# launchers refuse those), against the grid's automatic plan and its fastest variant; shapes where it
# is slower than the automatic plan by more than 3%, then the geometric means.
import csv, math, collections, sys
r = collections.defaultdict(dict); why = collections.defaultdict(dict)
for f in sys.argv[1:]:
    for x in csv.DictReader(open(f)):
        k = (int(x['m']), int(x['n']), int(x['k']))
        r[k][x['variant']] = float(x['ms']) * 1e3; why[k][x['variant']] = x['reason']
sms = 132
ct = lambda m, n, bm, bn: -(-m // bm) * -(-n // bn)
def split(t, K, minK=1536):
    for s in range(16, 1, -1):
        if t * s <= sms and K / s >= minK and K % s == 0 and (K // s) % 16 == 0: return s if s >= 3 else 1
    return 1
def rule(k):
    m, n, K = k
    if m > 512: return '0:0:0'
    off = K % 128 != 0
    t64, t128 = ct(m, n, 64, 64), ct(m, n, 64, 128)
    if t64 <= sms: c = '0:0:6' if split(t64, K) > 1 else '0:0:6:1'
    elif t128 <= sms and (m <= 64 or not off): c = '0:0:8' if split(t128, K) > 1 else '0:0:8:1'
    elif m <= 64 and not off and 1024 <= K <= 4096: c = '0:0:6:1'
    else: return '0:0:0'
    if c in why[k] and 'compact copies' in why[k][c] and 'compact copies' not in why[k]['0:0:0']: return '0:0:0'
    return c
gm = lambda l: math.exp(sum(map(math.log, l)) / len(l))
q, gain = [], []
for k, v in sorted(r.items(), key=lambda kv: (kv[0][1], kv[0][2], kv[0][0])):
    if '0:0:0' not in v: continue
    c = rule(k); best = min(v.values())
    if c not in v: continue
    q.append(best / v[c]); gain.append(v['0:0:0'] / v[c])
    if gain[-1] < 0.97: print(k, c, 'rule over auto %.3f' % gain[-1], 'best/rule %.3f' % q[-1])
print('%d shapes: rule over the automatic plan gm %.3f min %.3f max %.3f; best/rule gm %.3f min %.3f; moved %d'
      % (len(q), gm(gain), min(gain), max(gain), gm(q), min(q), sum(1 for g in gain if g != 1.0)))

# compare.py — block-scaled FP8 on 64-row tiles against the 128-row tiles the planner took before
# (128x192 where N = 24576 at M <= 128, else 128x128; both timed forced in the same bench_gemm_fp8 --blockscaled
# run, interleaved), per shape: the median over the CSVs of each side's TFLOP/s.
#   python3 compare.py CSV...
import csv, sys, statistics, math
d = {}
for p in sys.argv[1:]:
    for r in csv.DictReader(open(p)):
        k = (int(r['m']), int(r['n']), int(r['k']))
        # (M > 128: the plan is unchanged, its own tile's forced figure beside it)
        big = k[1] == 24576 if k[0] <= 128 else '128x192' in r['plan_block']
        old = r['tflops_block192'] if big else r['tflops_block128']
        for c, v in (('new', r['tflops_block']), ('old', old), ('fast', r['tflops_fast'])):
            d.setdefault(k, {}).setdefault(c, []).append(float(v))
print('| M x N x K | before (128-row) | after (auto) | after/before | block/fast after | plan |')
print('|---|---:|---:|---:|---:|---|')
plans = {}
for p in sys.argv[1:]:
    for r in csv.DictReader(open(p)):
        plans[(int(r['m']), int(r['n']), int(r['k']))] = r['plan_block'][:60]
lg, lf = [], []
for k in sorted(d):
    x = {c: statistics.median(v) for c, v in d[k].items()}
    r = x['new'] / x['old']; f = x['new'] / x['fast']
    lf.append(math.log(f))
    if k[0] <= 128: lg.append(math.log(r))
    print('| %dx%dx%d | %.1f | %.1f | %.3f | %.3f | %s |' % (k + (x['old'], x['new'], r, f, plans[k])))
g = lambda l: math.exp(sum(l) / len(l)) if l else 0
print('M <= 128: after/before geomean %.3f; block/fast geomean over all %.3f' % (g(lg), g(lf)))

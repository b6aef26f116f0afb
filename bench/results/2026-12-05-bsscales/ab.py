# ab.py — the block-scaled before/after of run.sh: per shape, the median over rounds of each
# side's TFLOP/s (bench_gemm_fp8 --blockscaled CSVs), and after/before.
#   python3 ab.py OLD_CSV... -- NEW_CSV...
import csv, sys, statistics, math
i = sys.argv.index('--'); old, new = sys.argv[1:i], sys.argv[i + 1:]
def load(paths):
    d = {}
    for p in paths:
        for r in csv.DictReader(open(p)):
            k = (int(r['m']), int(r['n']), int(r['k']))
            for c in ('tflops_block', 'tflops_block128', 'tflops_fast', 'tflops_fast128', 'tflops_cublaslt'):
                d.setdefault(k, {}).setdefault(c, []).append(float(r[c]))
    return {k: {c: statistics.median(v) for c, v in x.items()} for k, x in d.items()}
o, n = load(old), load(new)
print('| M x N x K | block128 before | after | after/before | block (auto) before | after | after/before | block/fast after | fast |')
print('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
lr, la, lf, l4 = [], [], [], []
for k in sorted(n):
    if k not in o: continue
    r1 = n[k]['tflops_block128'] / o[k]['tflops_block128']; r2 = n[k]['tflops_block'] / o[k]['tflops_block']
    bf = n[k]['tflops_block'] / n[k]['tflops_fast']
    lr.append(math.log(r1)); la.append(math.log(r2)); lf.append(math.log(bf))
    if k[0] == 4096: l4.append(math.log(bf))
    print('| %dx%dx%d | %.1f | %.1f | %.3f | %.1f | %.1f | %.3f | %.3f | %.1f |' % (k + (o[k]['tflops_block128'], n[k]['tflops_block128'], r1, o[k]['tflops_block'], n[k]['tflops_block'], r2, bf, n[k]['tflops_fast'])))
g = lambda l: math.exp(sum(l) / len(l)) if l else 0
print('geomean after/before: block128 %.3f, block %.3f; block/fast after %.3f (M = 4096 %.3f)' % (g(lr), g(la), g(lf), g(l4)))

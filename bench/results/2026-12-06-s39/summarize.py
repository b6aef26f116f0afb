#!/usr/bin/env python3
# summarize.py CSV... : per bench_gemm / bench_gemm_fp8 CSV, the count of shapes, the geometric mean
# and minimum of the in-process ratio (cuBLAS's time over ours: bench_gemm's `ratio`, the better of
# cuBLASLt and cublasGemmEx; bench_gemm_fp8's `ratio`, cuBLASLt), and each shape below 0.95 with
# its plan.
import csv, math, sys
for f in sys.argv[1:]:
    rows = [r for r in csv.DictReader(open(f)) if r.get('ratio') not in (None, '', '0', '0.0000')]
    rs = [(float(r['ratio']), r) for r in rows if float(r['ratio']) > 0]
    if not rs:
        print(f"{f}: no rows"); continue
    g = math.exp(sum(math.log(x) for x, _ in rs) / len(rs))
    print(f"{f.split('/')[-1]}: {len(rs)} shapes, geomean {g:.3f}, min {min(x for x, _ in rs):.3f}, "
          f"below 0.95: {sum(x < 0.95 for x, _ in rs)}")
    for x, r in sorted(rs, key=lambda t: t[0]):
        if x >= 0.95: break
        plan = ' '.join(f"{k}={r[k]}" for k in ('layout', 'config', 'split_k', 'decomposition', 'cluster_m', 'cluster_n', 'path', 'variant') if k in r)
        print(f"  {r['m']} x {r['n']} x {r['k']}: {x:.3f} ({plan})")

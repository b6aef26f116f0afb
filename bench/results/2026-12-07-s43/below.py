#!/usr/bin/env python3
# below.py CSV [LIMIT] : the shapes of a bench_gemm / bench_gemm_fp8 CSV whose in-process ratio to
# cuBLAS (its `ratio` column) is below LIMIT (default 0.95), as "M,N,K" lines, for --shape.
import csv, sys
lim = float(sys.argv[2]) if len(sys.argv) > 2 else 0.95
for r in csv.DictReader(open(sys.argv[1])):
    x = float(r.get('ratio') or 0)
    if 0 < x < lim:
        print(f"{r['m']},{r['n']},{r['k']}")

#!/usr/bin/env bash
# run.sh — the CPU einsum benchmark: cute/einsum/cpu's BenchmarkContract (BLAS path,
# float32 and float64, and the reference loops) beside numpy.einsum (optimize=False, its
# own C loops, and optimize=True, through BLAS) on the same contractions and operands, in
# one run, one thread each (GOMAXPROCS=1, OPENBLAS/MKL/OMP threads 1). numpy is installed
# into the git-ignored build/pydeps when missing. Prints a markdown table of times and
# ratios (numpy time / cutego time: above 1, cutego is faster); writes it to
# build/einsum-bench.md as well. Best of 3 interleaved rounds on both sides (a shared
# machine's load changes by the minute).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
py=${PYTHON:-python3}
pyd=$root/build/pydeps
if ! PYTHONPATH=$pyd $py -c 'import numpy' 2>/dev/null; then
  $py -m pip install -q --target "$pyd" numpy
fi
out=$root/build/einsum-bench
mkdir -p "$out"
export OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 OMP_NUM_THREADS=1
# Interleaved rounds: each case runs in Go and then in numpy, case after case, three times,
# so that both sides see the same load; the best of the three is kept.
go test -c -o "$out/cpu.test" ./cute/einsum/cpu
cases=$(awk '!/^#/ && NF {print $1}' cute/einsum/cpu/testdata/bench_cases.txt)
: >"$out/go.txt"; : >"$out/numpy.txt"
for round in 1 2 3; do
  for c in $cases; do
    (cd cute/einsum/cpu && "$out/cpu.test" -test.run '^$' -test.bench "BenchmarkContract/^$c\$" \
      -test.benchtime "${BENCHTIME:-1s}" -test.cpu 1) | grep '^Benchmark' | tee -a "$out/go.txt"
    PYTHONPATH=$pyd $py bench/einsum/numpy_einsum.py "$c" | tee -a "$out/numpy.txt"
  done
done
PYTHONPATH=$pyd $py - "$out/go.txt" "$out/numpy.txt" <<'PY' | tee "$root/build/einsum-bench.md"
import re, sys
import numpy
go, npy = {}, {}
for line in open(sys.argv[1]):
    m = re.match(r"BenchmarkContract/(\w+)/(\w+)/(\w+)\S*\s+\d+\s+([\d.]+) ns/op", line)
    if m:
        k = (m.group(1), m.group(2), m.group(3))
        go[k] = min(go.get(k, float("inf")), float(m.group(4)))
for line in open(sys.argv[2]):
    name, variant, tag, ns = line.split()
    k = (name, variant, tag)
    npy[k] = min(npy.get(k, float("inf")), float(ns))
names = []
for (n, _, _) in go:
    if n not in names:
        names.append(n)
def ms(x):
    return "%.2f" % (x / 1e6) if x else "-"
print("numpy %s, one thread each; times in ms (best of 3); ratio = numpy / cutego" % numpy.__version__)
print()
print("| contraction | type | cutego BLAS | cutego reference | numpy einsum | numpy einsum(optimize) | einsum / BLAS | einsum(opt) / BLAS | einsum / reference |")
print("|---|---|---|---|---|---|---|---|---|")
for n in names:
    for tag in ("f64", "f32"):
        b, r = go.get((n, "blas", tag)), go.get((n, "ref", tag))
        e, o = npy.get((n, "einsum", tag)), npy.get((n, "einsum_opt", tag))
        rr = lambda x, y: "%.2f" % (x / y) if x and y else "-"
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (n, tag, ms(b), ms(r), ms(e), ms(o), rr(e, b), rr(o, b), rr(e, r)))
PY

#!/usr/bin/env bash
# run.sh — the CPU einsum benchmark: cute/einsum/cpu's BenchmarkContract (BLAS path,
# float32 and float64, and the reference loops) beside numpy.einsum (optimize=False, its
# own C loops, and optimize=True, through BLAS) on the same contractions and operands, in
# one run, one thread each (GOMAXPROCS=1, OPENBLAS/MKL/OMP threads 1), or THREADS each
# (THREADS="1 2": each count in turn, and a table of the speed-ups). numpy is installed
# into the git-ignored build/pydeps when missing. Prints a markdown table of times and
# ratios (numpy time / cutego time: above 1, cutego is faster), by CPU time and by wall
# time (on a shared machine the wall time counts other processes' turns); writes them to
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
# THREADS (default 1): the threads of both sides (OpenBLAS/MKL/OpenMP threads, GOMAXPROCS);
# a list ("1 2") runs each count in turn within every round
threads_list=${THREADS:-1}
# Interleaved rounds: each case runs in Go and then in numpy, case after case, three times,
# so that both sides see the same load; the best of the three is kept.
nice go test -c -o "$out/cpu.test" ./cute/einsum/cpu
# which BLAS cutego's BLAS path runs (cpu.BLAS(), logged by TestCBLAS: a CBLAS opened at run
# time, or gonum)
blas=$(cd cute/einsum/cpu && "$out/cpu.test" -test.run '^TestCBLAS$' -test.v 2>&1 |
  sed -n 's/.*cblas_test.go:[0-9]*: \(\(cblas\|gonum\): .*\)/\1/p' | head -1)
echo "cutego's BLAS: ${blas:-unknown}"
cases=$(awk '!/^#/ && NF {print $1}' cute/einsum/cpu/testdata/bench_cases.txt)
for threads in $threads_list; do : >"$out/go-$threads.txt"; : >"$out/numpy-$threads.txt"; done
for round in 1 2 3; do
  for c in $cases; do
    for threads in $threads_list; do
      export OPENBLAS_NUM_THREADS=$threads MKL_NUM_THREADS=$threads OMP_NUM_THREADS=$threads
      (cd cute/einsum/cpu && "$out/cpu.test" -test.run '^$' -test.bench "BenchmarkContract/^$c\$" \
        -test.benchtime "${BENCHTIME:-1s}" -test.cpu "$threads") | grep '^Benchmark' | tee -a "$out/go-$threads.txt"
      PYTHONPATH=$pyd $py bench/einsum/numpy_einsum.py "$c" | sed "s/^/$threads /" | tee -a "$out/numpy-$threads.txt"
    done
  done
done
: >"$root/build/einsum-bench.md"
for threads in $threads_list; do
PYTHONPATH=$pyd BLAS="${blas:-unknown}" THREADS=$threads $py - "$out/go-$threads.txt" "$out/numpy-$threads.txt" <<'PY' | tee -a "$root/build/einsum-bench.md"
import os, re, sys
import numpy
go, npy = {}, {}   # (case, variant, type) -> (wall ns, cpu ns), each the best of the rounds
def keep(d, k, wall, cpu):
    w, c = d.get(k, (float("inf"), float("inf")))
    d[k] = (min(w, wall), min(c, cpu))
for line in open(sys.argv[1]):
    m = re.match(r"BenchmarkContract/(\w+)/(\w+)/(\w+)\S*\s+\d+\s+([\d.]+) ns/op\s+([\d.]+) cpu-ns/op", line)
    if m:
        keep(go, (m.group(1), m.group(2), m.group(3)), float(m.group(4)), float(m.group(5)))
for line in open(sys.argv[2]):
    _, name, variant, tag, ns, cpu = line.split()
    keep(npy, (name, variant, tag), float(ns), float(cpu))
names = []
for (n, _, _) in go:
    if n not in names:
        names.append(n)
for which, i in (("CPU time", 1), ("wall time", 0)):
    print("cutego's BLAS: %s. numpy %s, %s thread(s) each; %s per contraction in ms (best of 3 interleaved rounds); ratio = numpy / cutego (above 1: cutego faster)" % (os.environ["BLAS"], numpy.__version__, os.environ["THREADS"], which))
    print()
    print("| contraction | type | cutego BLAS | cutego reference | numpy einsum | numpy einsum(optimize) | einsum / BLAS | einsum(opt) / BLAS | einsum / reference |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n in names:
        for tag in ("f64", "f32"):
            g = lambda v: go[(n, v, tag)][i] if (n, v, tag) in go else None
            p = lambda v: npy[(n, v, tag)][i] if (n, v, tag) in npy else None
            b, r, e, o = g("blas"), g("ref"), p("einsum"), p("einsum_opt")
            ms = lambda x: "%.2f" % (x / 1e6) if x else "-"
            rr = lambda x, y: "%.2f" % (x / y) if x and y else "-"
            print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (n, tag, ms(b), ms(r), ms(e), ms(o), rr(e, b), rr(o, b), rr(e, r)))
    print()
PY
done
set -- $threads_list
if [ $# -gt 1 ]; then
PYTHONPATH=$pyd $py - "$out" "$1" "${@: -1}" <<'PY' | tee -a "$root/build/einsum-bench.md"
import re, sys
out, t1, t2 = sys.argv[1:]
def best(t):
    go, npy = {}, {}
    for line in open("%s/go-%s.txt" % (out, t)):
        m = re.match(r"BenchmarkContract/(\w+)/(\w+)/(\w+)\S*\s+\d+\s+([\d.]+) ns/op\s+([\d.]+) cpu-ns/op", line)
        if m:
            k = (m.group(1), m.group(2), m.group(3))
            w, c = go.get(k, (float("inf"),) * 2)
            go[k] = (min(w, float(m.group(4))), min(c, float(m.group(5))))
    for line in open("%s/numpy-%s.txt" % (out, t)):
        _, name, variant, tag, ns, cpu = line.split()
        k = (name, variant, tag)
        w, c = npy.get(k, (float("inf"),) * 2)
        npy[k] = (min(w, float(ns)), min(c, float(cpu)))
    return go, npy
g1, n1 = best(t1)
g2, n2 = best(t2)
print("Thread scaling (best of 3 interleaved rounds): wall ms with %s thread(s) -> with %s, speed-up = the first / the second (above 1: faster with more threads); CPU ms per call with %s" % (t1, t2, t2))
print()
print("| contraction | type | cutego BLAS wall | speed-up | cutego CPU | numpy einsum(optimize) wall | speed-up | numpy CPU | einsum(opt) / BLAS wall at %s |" % t2)
print("|---|---|---|---|---|---|---|---|---|")
names = []
for (n, _, _) in g1:
    if n not in names:
        names.append(n)
for n in names:
    for tag in ("f64", "f32"):
        a, b = g1.get((n, "blas", tag)), g2.get((n, "blas", tag))
        x, y = n1.get((n, "einsum_opt", tag)), n2.get((n, "einsum_opt", tag))
        if not (a and b and x and y):
            continue
        print("| %s | %s | %.3f -> %.3f | %.2f | %.3f | %.3f -> %.3f | %.2f | %.3f | %.2f |" % (n, tag, a[0] / 1e6, b[0] / 1e6, a[0] / b[0], b[1] / 1e6, x[0] / 1e6, y[0] / 1e6, x[0] / y[0], y[1] / 1e6, y[0] / b[0]))
print()
PY
fi

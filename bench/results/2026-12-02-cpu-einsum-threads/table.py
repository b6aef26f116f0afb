"""table.py LOG: the tables of 2026-12-02-cpu-einsum-threads.md from threads.sh's log (best
wall and best CPU time of the rounds, in ms)."""
import re
import sys

best = {}  # (who, threads, case, type) -> [wall ns, cpu ns]
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 3 or f[0] == "uptime":
        continue
    who, t = f[0], f[1]
    if who == "NUMPY":
        _, _, name, _, tag, ns, cpu = f
        k = (who, t, name, tag)
    else:
        m = re.match(r"BenchmarkContract/(\w+)/blas/(\w+)\S*\s+\d+\s+([\d.]+) ns/op\s+([\d.]+) cpu-ns/op", " ".join(f[2:]))
        if not m:
            continue
        k, ns, cpu = (who, t, m.group(1), m.group(2)), m.group(3), m.group(4)
    w, c = best.get(k, (float("inf"), float("inf")))
    best[k] = (min(w, float(ns)), min(c, float(cpu)))
names = []
for (_, _, n, _) in best:
    if n not in names:
        names.append(n)
ms = lambda x: "%.3f" % (x / 1e6)
print("| contraction | type | before, 1 | cutego 1 thread | cutego 2 | speed-up | CPU at 2 | before, 2 | numpy opt 1 | numpy opt 2 | speed-up | numpy 1 / cutego 1 | numpy 2 / cutego 2 |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for n in names:
    for tag in ("f64", "f32"):
        g = lambda who, t: best.get((who, t, n, tag))
        b1, n1, n2, b2, p1, p2 = g("BASE", "1"), g("NEW", "1"), g("NEW", "2"), g("BASE", "2"), g("NUMPY", "1"), g("NUMPY", "2")
        if not (b1 and n1 and n2 and b2 and p1 and p2):
            continue
        print("| %s | %s | %s | %s | %s | %.2f | %s | %s | %s | %s | %.2f | %.2f | %.2f |" % (
            n, tag, ms(b1[0]), ms(n1[0]), ms(n2[0]), n1[0] / n2[0], ms(n2[1]), ms(b2[0]), ms(p1[0]), ms(p2[0]), p1[0] / p2[0], p1[0] / n1[0], p2[0] / n2[0]))

"""Summarizes bench_gemm --sweep CSVs: per dtype the geometric mean and minimum of the ratio to the
better of cuBLASLt and cublasGemmEx, and a markdown table of every shape (with a "before" CSV of
the same sweep, its ratio beside).
    python3 bench/sweep_table.py after.csv [after_f16.csv ...] [--before before.csv]"""
import csv, math, sys


def load(path):
    return {(r["dtype"], r["set"], int(r["m"]), int(r["n"]), int(r["k"])): r for r in csv.DictReader(open(path))}


def best(r, cols):
    return min(float(r[c]) for c in cols if float(r[c]) > 0)


def main(argv):
    before = {}
    if "--before" in argv:
        i = argv.index("--before")
        before = load(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    rows = {}
    for p in argv:
        rows.update(load(p))
    for dt in sorted({k[0] for k in rows}):
        ks = [k for k in rows if k[0] == dt]
        rs = [float(rows[k]["ratio"]) for k in ks]
        lo = min(ks, key=lambda k: float(rows[k]["ratio"]))
        print("**%s**: %d shapes, geometric mean %.3f, minimum %.3f (%dx%dx%d), %d below 0.95" %
              (dt, len(rs), math.exp(sum(map(math.log, rs)) / len(rs)), min(rs), lo[2], lo[3], lo[4],
               sum(r < 0.95 for r in rs)))
        b = [float(before[k]["ratio"]) for k in ks if k in before]
        if b:
            print("before: geometric mean %.3f, minimum %.3f, %d below 0.95" %
                  (math.exp(sum(map(math.log, b)) / len(b)), min(b), sum(r < 0.95 for r in b)))
        print()
        print("| set | M | N | K | ours µs | cuBLAS µs (best) | ratio | before | tiles | split |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
        for k in ks:
            r = rows[k]
            ours = best(r, ["ms_ours", "ms_ours_again"]) * 1e3
            cub = best(r, ["ms_cublaslt", "ms_cublaslt_again", "ms_gemmex", "ms_gemmex_again"]) * 1e3
            bf = "%.3f" % float(before[k]["ratio"]) if k in before else ""
            cfg = {"0": "128x256", "1": "128x128", "2": "128x64", "3": "128x192x128", "4": "128x192", "5": "64x64", "6": "64x32", "7": "64x128", "8": "128x168", "9": "64x96", "10": "128x96", "11": "128x224"}.get(r["config"], r["config"])
            print("| %s | %d | %d | %d | %.1f | %.1f | %s%.3f%s | %s | %s | %s |" %
                  (k[1], k[2], k[3], k[4], ours, cub, "**" if float(r["ratio"]) < 0.95 else "", float(r["ratio"]),
                   "**" if float(r["ratio"]) < 0.95 else "", bf, cfg, r["split_k"] if r["split_k"] not in ("0", "1") else ""))
        print()


if __name__ == "__main__":
    main(sys.argv[1:])

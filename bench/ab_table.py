"""Before/after from bench_gemm CSVs of alternated runs in one device call: per shape the best time
of ours in the "before" runs and in the "after" runs, their quotient (above 1: after is faster),
and each run's ratio to cuBLAS (the better of cuBLASLt and cublasGemmEx, same process). Also
bench_gemm_fp8's CSVs (its e4m3 TN table: no dtype or layout column; the ratio is to cuBLASLt's
FP8 matmul).
    python3 bench/ab_table.py before_1.csv [before_2.csv ...] -- after_1.csv [after_2.csv ...]"""
import csv
import sys


def load(paths):
    runs = {}
    for p in paths:
        for r in csv.DictReader(open(p)):
            # a batch of L GEMMs (bench_gemm's l column, where there is one) shows as "L x M"
            l = int(r.get("l") or 1)
            m = r["m"] if l == 1 else "%d x %s" % (l, r["m"])
            key = (r.get("dtype", "e4m3"), r.get("layout", "TN"), m, int(r["n"]), int(r["k"]))
            runs.setdefault(key, []).append((min(float(r["ms_ours"]), float(r["ms_ours_again"])), float(r["ratio"])))
    return runs


def main(argv):
    if "--" not in argv or argv.index("--") in (0, len(argv) - 1):
        print(__doc__, file=sys.stderr)
        return 2
    i = argv.index("--")
    before, after = load(argv[:i]), load(argv[i + 1 :])
    print("| dtype | layout | M | N | K | before µs | after µs | before/after | to cuBLAS, before runs | to cuBLAS, after runs |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|---|")
    missing = 0
    def order(key):
        m = str(key[2]).split(" x ")
        return key[:2] + (int(m[-1]), int(m[0]) if len(m) == 2 else 1) + key[3:]

    for key in sorted(set(before) | set(after), key=order):
        if key not in before or key not in after:
            missing += 1
            print("| %s | %s | %s | %d | %d | missing on one side |" % key)
            continue
        tb = min(t for t, _ in before[key])
        ta = min(t for t, _ in after[key])
        print("| %s | %s | %s | %d | %d | %.1f | %.1f | %.3f | %s | %s |" % (
            key + (tb * 1e3, ta * 1e3, tb / ta, " ".join("%.3f" % r for _, r in before[key]),
                   " ".join("%.3f" % r for _, r in after[key]))))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

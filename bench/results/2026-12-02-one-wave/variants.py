"""One table from bench_gemm CSVs named <variant>_<pass>.csv: per shape, each variant's best time of
ours over the passes (µs) and its best ratio to cuBLAS (the better of cuBLASLt and cublasGemmEx, same
process), with the plan it ran (config 0 = 128x256, 1 = 128x128, 2 = 128x64; split; decomposition
1 DP, 2 split K, 3 stream-K; cluster). The best variant of each shape is starred.
    python3 variants.py DIR > table.md"""
import csv, glob, os, sys

def main(d):
    t = {}
    order = []
    for p in sorted(glob.glob(os.path.join(d, "*_[0-9].csv"))):
        v = os.path.basename(p).rsplit("_", 1)[0]
        if v not in order: order.append(v)
        for r in csv.DictReader(open(p)):
            key = (int(r["m"]), int(r["n"]), int(r["k"]))
            ms = min(float(r["ms_ours"]), float(r["ms_ours_again"]))
            plan = "c%s s%s d%s k%s" % (r["config"], r["split_k"], r["decomposition"], r["cluster_m"])
            old = t.setdefault(key, {}).get(v)
            if old is None or ms < old[0]: t[key][v] = (ms, float(r["ratio"]) if old is None else max(old[1], float(r["ratio"])), plan)
            else: t[key][v] = (old[0], max(old[1], float(r["ratio"])), old[2])
    print("| M | N | K | " + " | ".join(order) + " |")
    print("|---|---|---|" + "---|" * len(order))
    for key in sorted(t):
        row = t[key]
        best = min(row, key=lambda v: row[v][0])
        cells = []
        for v in order:
            if v not in row: cells.append(""); continue
            ms, ratio, plan = row[v]
            cells.append("%s%.1f (%.2f) %s" % ("*" if v == best else "", ms * 1e3, ratio, plan))
        print("| %d | %d | %d | " % key + " | ".join(cells) + " |")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")

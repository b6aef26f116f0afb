"""Plots bench_gemm --sweep CSVs: the ratio of cutego_gemm to the better of cuBLASLt and
cublasGemmEx per shape, one panel per CSV (dtype): the LLM shapes against M, one line per (N, K)
(with a "before" CSV, its ratios dashed), and the squares and off-grid sizes.
    python3 bench/plot_gemm_sweep.py out.png after_bf16.csv [after_f16.csv ...] [--before before.csv]"""
import csv, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


def load(path):
    return list(csv.DictReader(open(path)))


def main(argv):
    out, argv = argv[0], argv[1:]
    before = []
    if "--before" in argv:
        i = argv.index("--before")
        before = load(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    fig, axes = plt.subplots(len(argv), 2, figsize=(15, 4.8 * len(argv)), squeeze=False,
                             gridspec_kw={"width_ratios": [2.2, 1]})
    for row, path in zip(axes, argv):
        rows = load(path)
        dt = rows[0]["dtype"]
        pairs = []
        for r in rows:
            if r["set"] == "llm" and (r["n"], r["k"]) not in pairs:
                pairs.append((r["n"], r["k"]))
        for j, (n, k) in enumerate(pairs):
            c = plt.cm.tab10(j)
            pts = [(int(r["m"]), float(r["ratio"])) for r in rows if r["set"] == "llm" and (r["n"], r["k"]) == (n, k)]
            row[0].plot(*zip(*pts), "o-", color=c, ms=3, label="N=%s K=%s" % (n, k))
            old = [(int(r["m"]), float(r["ratio"])) for r in before
                   if r["set"] == "llm" and r["dtype"] == dt and (r["n"], r["k"]) == (n, k)]
            if old:
                row[0].plot(*zip(*old), ":", color=c, lw=1)
        row[0].axhline(1.0, color="k", lw=0.8)
        row[0].axhline(0.95, color="r", lw=0.8, ls="--")
        row[0].set_xscale("log", base=2)
        row[0].set_xlabel("M")
        row[0].set_ylabel("ratio to the better cuBLAS (higher is faster)")
        row[0].set_title("%s TN, LLM shapes (dotted: before)" % dt)
        row[0].grid(alpha=0.3)
        row[0].legend(fontsize=7, ncol=2)
        other = [r for r in rows if r["set"] != "llm"]
        xs = range(len(other))
        row[1].bar(xs, [float(r["ratio"]) for r in other], color=["#76b900" if r["set"] == "square" else "#4477aa" for r in other])
        row[1].axhline(1.0, color="k", lw=0.8)
        row[1].axhline(0.95, color="r", lw=0.8, ls="--")
        row[1].set_xticks(list(xs))
        row[1].set_xticklabels(["%sx%sx%s" % (r["m"], r["n"], r["k"]) for r in other], rotation=90, fontsize=7)
        row[1].set_yscale("log")
        row[1].set_title("%s squares (green) and off-grid sizes (blue)" % dt)
        row[1].grid(alpha=0.3, axis="y")
    fig.tight_layout()
    fig.savefig(out, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1:])

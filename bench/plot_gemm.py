"""Plots bench_gemm's CSV, or bench_gemm_fp8's (per tensor: e4m3 A and B, no dtype column): TFLOP/s
of cutego_gemm and cuBLASLt (same process, same run) per shape, one panel per dtype; squares
against size, the LLM shapes in order; the device's peak (TFLOP/s over the peak_fraction column)
drawn where the CSV has one.
    python3 bench/plot_gemm.py bench_tn.csv out.png"""
import csv, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    r.setdefault("dtype", "e4m3 (FP8)")
dtypes = sorted({r["dtype"] for r in rows})
fig, axes = plt.subplots(len(dtypes), 2, figsize=(14, 4.2 * len(dtypes)), squeeze=False,
                         gridspec_kw={"width_ratios": [1, 2.2]})
for row, dt in zip(axes, dtypes):
    sq = [r for r in rows if r["dtype"] == dt and r["set"] == "square"]
    x = [int(r["m"]) for r in sq]
    row[0].plot(x, [float(r["tflops_ours"]) for r in sq], "o-", color="#76b900", label="cutego_gemm (wgmma)")
    row[0].plot(x, [float(r["tflops_cublaslt"]) for r in sq], "s--", color="#555555", label="cuBLASLt")
    peaks = [float(r["tflops_ours"]) / float(r["peak_fraction_ours"]) for r in rows
             if r["dtype"] == dt and float(r.get("peak_fraction_ours") or 0) > 0]
    if peaks:
        row[0].axhline(peaks[0], color="#bb3333", lw=0.8, ls=":", label="dense peak %.0f" % peaks[0])
    row[0].set_xscale("log", base=2)
    row[0].set_xticks(x)
    row[0].set_xticklabels([str(v) for v in x], fontsize=8)
    row[0].set_xlabel("M = N = K")
    row[0].set_ylabel("TFLOP/s")
    row[0].set_title("%s, squares (TN)" % dt)
    row[0].grid(alpha=0.3)
    row[0].legend(fontsize=8)
    llm = [r for r in rows if r["dtype"] == dt and r["set"] == "llm"]
    xs = range(len(llm))
    row[1].bar([i - 0.2 for i in xs], [float(r["tflops_ours"]) for r in llm], 0.4, color="#76b900", label="cutego_gemm")
    row[1].bar([i + 0.2 for i in xs], [float(r["tflops_cublaslt"]) for r in llm], 0.4, color="#999999", label="cuBLASLt")
    row[1].set_xticks(list(xs))
    row[1].set_xticklabels(["%sx%sx%s" % (r["m"], r["n"], r["k"]) for r in llm], rotation=70, fontsize=7)
    row[1].set_ylabel("TFLOP/s")
    row[1].set_title("%s, LLM shapes M x N x K (TN); ratio above each pair" % dt)
    for i, r in enumerate(llm):
        row[1].text(i, max(float(r["tflops_ours"]), float(r["tflops_cublaslt"])) * 1.01, "%.2f" % float(r["ratio"]),
                    ha="center", fontsize=6.5)
    top = max([float(r["tflops_ours"]) for r in llm] + [float(r["tflops_cublaslt"]) for r in llm])
    row[1].set_ylim(0, top * 1.12)
    row[1].legend(fontsize=8, loc="lower right")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)

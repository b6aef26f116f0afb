"""Plots bench_gemm_fp8 --blockscaled's CSV: per shape (DeepGEMM's table, M x N x K), the TFLOP/s
of cutego's block-scaled FP8 GEMM beside its per-tensor fast FP8, cuBLASLt's per-tensor FP8 (the
upper reference: no scaling step) and its own bf16, all timed in one process; block / fast above
each group (issue 17's goal: at least 0.90).
    python3 bench/plot_gemm_blockscaled.py bs.csv out.png"""
import csv, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = list(csv.DictReader(open(sys.argv[1])))
series = [("tflops_block", "cutego block-scaled (1x128 A, 128x128 B)", "#76b900"),
          ("tflops_fast", "cutego per-tensor fast", "#3a6b00"),
          ("tflops_cublaslt", "cuBLASLt per-tensor FP8", "#999999"),
          ("tflops_bf16", "cutego bf16", "#4477aa")]
fig, ax = plt.subplots(figsize=(15, 5))
w = 0.2
for j, (col, label, color) in enumerate(series):
    ax.bar([i + (j - 1.5) * w for i in range(len(rows))], [float(r[col]) for r in rows], w, color=color, label=label)
top = max(float(r[c]) for r in rows for c, _, _ in series)
for i, r in enumerate(rows):
    ax.text(i, max(float(r[c]) for c, _, _ in series) + top * 0.01, "%.2f" % float(r["block_over_fast"]),
            ha="center", fontsize=7)
ax.set_xticks(range(len(rows)))
ax.set_xticklabels(["%sx%sx%s" % (r["m"], r["n"], r["k"]) for r in rows], rotation=60, fontsize=7)
ax.set_ylim(0, top * 1.12)
ax.set_ylabel("TFLOP/s")
ax.set_title("Block-scaled FP8 (e4m3, bf16 out) on DeepGEMM's shapes; block / fast above each group")
ax.grid(axis="y", alpha=0.3)
ax.legend(fontsize=8, loc="upper left")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)

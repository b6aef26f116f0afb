"""Plots bench_copy's CSV: GB/s per case beside the same run's cudaMemcpy D2D figure."""
import csv, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = [r for r in csv.DictReader(open(sys.argv[1])) if not r["case"].startswith("tune")]
title = sys.argv[3] if len(sys.argv) > 3 else "cutego_copy on H200"
names = [r["case"] for r in rows]
ours = [float(r["GBps"]) for r in rows]
ref = [float(r["d2d_GBps"]) for r in rows]
fig, ax = plt.subplots(figsize=(11, 0.45 * len(rows) + 1.5))
y = range(len(rows))
ax.barh([i + 0.2 for i in y], ref, height=0.4, color="#bbbbbb", label="cudaMemcpy D2D (same bytes, same run)")
ax.barh([i - 0.2 for i in y], ours, height=0.4, color="#76b900", label="cutego_copy")
for i, r in enumerate(rows):
    ax.text(float(r["GBps"]) + 30, i - 0.2, "%s  %.0f%%" % (r["path"], 100 * float(r["ratio"])), va="center", fontsize=8)
ax.set_yticks(list(y))
ax.set_yticklabels(names, fontsize=8)
ax.invert_yaxis()
ax.set_xlabel("GB/s (bytes read + bytes written)")
ax.set_title(title, fontsize=10)
ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.06), ncol=2, fontsize=8)
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)

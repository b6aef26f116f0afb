#!/usr/bin/env python3
"""sass_top.py — the SASS instructions where a kernel's warps were sampled most, from ncu's
source page (ncu -i REP --page source --csv --print-source sass), with each one's share of all
samples and its stall-reason columns where ncu gives them. Usage: sass_top.py FILE.csv [N]"""
import csv
import sys


def num(x):
    try:
        return float(str(x).replace(",", ""))
    except ValueError:
        return 0.0


def main():
    path, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 40
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    # ncu may print lines before the CSV header: the header is the first row naming the source
    start = next((i for i, r in enumerate(rows) if any("Source" in c for c in r)), 0)
    head, body = rows[start], [r for r in rows[start + 1:] if len(r) == len(rows[start])]
    print("columns:", " | ".join(head))
    col = next((i for i, c in enumerate(head) if c.startswith("Warp Stall Sampling (All")), None)
    src = next((i for i, c in enumerate(head) if c == "Source"), 1)
    if col is None:
        print("no sampling column")
        return
    total = sum(num(r[col]) for r in body) or 1.0
    # columns whose name says stall, with a per-row count: shown as the top three of each row
    stall_cols = [i for i, c in enumerate(head) if "stall" in c.lower() and i != col and "Sampling" not in c]
    print(f"total samples {total:.0f} over {len(body)} instructions")
    for r in sorted(body, key=lambda r: -num(r[col]))[:n]:
        reasons = sorted(((num(r[i]), head[i]) for i in stall_cols), reverse=True)[:3]
        why = ", ".join(f"{h} {v:.0f}" for v, h in reasons if v > 0)
        print(f"{100 * num(r[col]) / total:5.1f}%  {r[0]:>6}  {r[src][:70]:70}  {why}")


if __name__ == "__main__":
    main()

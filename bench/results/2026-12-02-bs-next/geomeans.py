#!/usr/bin/env python3
"""geomeans.py — block-scaled over per-tensor fast FP8, per build variant, from run.sh's CSVs.

    geomeans.py LOGDIR      (bs_<variant>_<round>.csv from bench_gemm_fp8 --blockscaled)

Each time is the least over the rounds; fast is the per-tensor fast kernel timed in the same
process (its code is main's in every variant). Prints, per variant, the geomean of fast / block
for the planner's choice (auto), forced 128x128 and forced 128x192, and the faster of the two
forced, over M = 64, 128, 4096 and all 18 shapes; then M = 4096 shape by shape.
"""
import csv
import glob
import math
import os
import sys

sys.dont_write_bytecode = True


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    runs = {}  # variant -> (m, n, k) -> column -> least ms
    for path in sorted(glob.glob(os.path.join(argv[1], "bs_*_*.csv"))):
        v = os.path.basename(path)[3:].rsplit("_", 1)[0]
        for row in csv.DictReader(open(path)):
            key = (int(row["m"]), int(row["n"]), int(row["k"]))
            d = runs.setdefault(v, {}).setdefault(key, {})
            for c in ("ms_block", "ms_fast", "ms_block128", "ms_block192"):
                x = float(row[c])
                if x > 0:
                    d[c] = min(d.get(c, x), x)
    cols = (("auto", "ms_block"), ("128x128", "ms_block128"), ("128x192", "ms_block192"))
    print("fast / block-scaled (>= 0.90 is the goal), geomean; each time the least over the rounds")
    print(f"{'variant':8} {'set':6} {'auto':>7} {'128x128':>8} {'128x192':>8} {'best':>7}")
    for v in ("base", "direct", "smem", "s5", "skew", "smemskew"):
        if v not in runs:
            continue
        for name, ms in (("M=64", (64,)), ("M=128", (128,)), ("M=4096", (4096,)), ("all", (64, 128, 4096))):
            keys = [k for k in runs[v] if k[0] in ms]
            out = []
            for _, c in cols + (("best", None),):
                r = []
                for k in keys:
                    d = runs[v][k]
                    b = min(d.get("ms_block128", 1e9), d.get("ms_block192", 1e9)) if c is None else d.get(c)
                    if b and b < 1e9 and "ms_fast" in d:
                        r.append(d["ms_fast"] / b)
                out.append(math.exp(sum(map(math.log, r)) / len(r)) if r else float("nan"))
            print(f"{v:8} {name:6} " + " ".join(f"{x:7.3f}" for x in out))
    print("\nM = 4096, shape by shape: fast / block (auto, 128x128, 128x192)")
    for v in runs:
        for k in sorted(runs[v]):
            if k[0] != 4096:
                continue
            d = runs[v][k]
            f = d.get("ms_fast", float("nan"))
            print(f"{v:8} {k[0]}x{k[1]}x{k[2]:<6} " + " ".join(
                f"{f / d[c]:6.3f}" if c in d else "   nan" for _, c in cols))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

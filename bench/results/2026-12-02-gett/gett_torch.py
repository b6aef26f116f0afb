"""The GETT stupr,qtru->stqp (and, as controls, gett_like and bgemm) through cutego.einsum on
PyTorch tensors against torch.einsum in one process: bench/torch_gpu.py's cases, verification
(small instances against float64, large ones against torch's fp32 evaluation) and timing
(CUDA events on torch's stream, interleaved, 3 warm-ups, medians of 10; one call and queued).

    python3 bench/results/2026-12-02-gett/gett_torch.py OUT_DIR
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
import torch_gpu as T  # noqa: E402  (bench/torch_gpu.py: cases, check, time_pair)
import cutego  # noqa: E402
from cutego import gpu  # noqa: E402

CASES = ("gett_paper", "gett_like", "bgemm")
# GETT sizes whose packed A takes the grouped permute (r, u of 16 and 32 elements; p a multiple of
# 64 / r), verified in full against float64 (bench/torch_gpu.py's small one does not group)
GROUPED = ("s=3,t=2,u=16,p=8,r=16,q=24", "s=6,t=3,u=32,p=6,r=32,q=40")


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    lines = ["| contraction | cutego path | cutego TFLOP/s | torch TFLOP/s | ratio | queued ratio | rel. diff |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for case, spec, small, large in T.EINSUM:
        if case not in CASES:
            continue
        ext = T.sizes(small)
        a, b = T.operands(spec, ext)
        T.check(f"einsum {case} small", cutego.einsum(spec, a, b), T.torch.einsum(spec, a.double(), b.double()), 1e-2)
        for mid in GROUPED if case == "gett_paper" else ():
            a, b = T.operands(spec, T.sizes(mid))
            T.check(f"einsum {case} {mid}", cutego.einsum(spec, a, b), T.torch.einsum(spec, a.double(), b.double()), 1e-2)
        ext = T.sizes(large)
        a, b = T.operands(spec, ext)
        out = cutego.einsum(spec, a, b)
        plan = gpu.last_plan()
        err = T.rel(out, T.torch.einsum(spec, a.float(), b.float()))
        o1, t1, oq, tq = T.time_pair(lambda: cutego.einsum(spec, a, b, out=out), lambda: T.torch.einsum(spec, a, b))
        fl = 2.0 * math.prod(ext.values())
        lines.append(f"| `{spec}` ({case}) | {plan.get('path')}, {plan.get('orientation')} | {fl / o1 / 1e9:.2f} | "
                     f"{fl / t1 / 1e9:.2f} | {t1 / o1:.2f} | {tq / oq:.2f} | {err:.1e} |")
        print(f"plan {case}: {plan}", flush=True)
        if not err <= 2e-2:
            T.failures.append(case)
        del a, b, out
        T.torch.cuda.empty_cache()
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(out_dir, "gett_torch.md"), "w") as f:
        f.write(text + "\n")
    print("failures:", T.failures or "none")
    sys.exit(1 if T.failures else 0)


if __name__ == "__main__":
    main()

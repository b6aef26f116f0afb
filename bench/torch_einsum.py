"""torch.einsum on the same contractions as bench/goeinsum, for the ratio in einsum_gpu.sh.

    python3 torch_einsum.py cases.csv out.csv

cases.csv is what `goeinsum -list` writes (case, spec, sizes "b=8,h=32,..."), so both sides
time the same instances. Each operand is a contiguous (row-major) bf16 CUDA tensor with its
indices in the written order, as goeinsum stores them; the output is bf16, as goeinsum's
timed output. Timing: torch.cuda.Event around one einsum call, 3 warm-up calls, the median
of 10 (3 when a call takes over 200 ms). TFLOP/s = 2 * (product of all index extents) / t.
"""
import csv
import math
import statistics
import sys

import torch


def sizes(text):
    out = {}
    for kv in text.split(","):
        k, v = kv.strip().split("=")
        out[k] = int(v)
    return out


def time_ms(fn):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)

    def once():
        start.record()
        fn()
        end.record()
        end.synchronize()
        return start.elapsed_time(end)

    first = once()
    warm, reps = (3, 10) if first <= 200 else (0, 3)
    for _ in range(warm):
        once()
    return statistics.median(once() for _ in range(reps))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: torch_einsum.py cases.csv out.csv")
    torch.manual_seed(0)
    dev = torch.device("cuda")
    print(f"torch {torch.__version__}, CUDA {torch.version.cuda}, {torch.cuda.get_device_name(0)}", flush=True)
    with open(sys.argv[1], newline="") as f:
        cases = list(csv.DictReader(f))
    rows = []
    for c in cases:
        spec, ext = c["spec"], sizes(c["sizes"])
        lhs, out_idx = spec.split("->")
        ia, ib = lhs.split(",")
        row = {"case": c["case"], "spec": spec, "sizes": c["sizes"], "ms": "", "tflops": "", "error": ""}
        try:
            a = torch.randn([ext[x] for x in ia], dtype=torch.bfloat16, device=dev)
            b = torch.randn([ext[x] for x in ib], dtype=torch.bfloat16, device=dev)
            r = torch.einsum(spec, a, b)
            assert r.dtype == torch.bfloat16 and list(r.shape) == [ext[x] for x in out_idx], (r.dtype, r.shape)
            del r
            ms = time_ms(lambda: torch.einsum(spec, a, b))
            flops = 2.0 * math.prod(ext[x] for x in dict.fromkeys(ia + ib + out_idx))
            row["ms"], row["tflops"] = f"{ms:.4f}", f"{flops / (ms * 1e-3) / 1e12:.2f}"
            print(f"{c['case']:22s} {spec:20s} {c['sizes']:34s} {ms:9.4f} ms {flops / (ms * 1e-3) / 1e12:8.2f} TFLOP/s", flush=True)
            del a, b
        except Exception as e:  # one failing case (e.g. out of memory) must not hide the others
            row["error"] = f"{type(e).__name__}: {e}"[:300]
            print(f"{c['case']}: ERROR {row['error']}", flush=True)
        torch.cuda.empty_cache()
        rows.append(row)
    with open(sys.argv[2], "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["case", "spec", "sizes", "ms", "tflops", "error"])
        w.writeheader()
        w.writerows(rows)


if __name__ == "__main__":
    main()

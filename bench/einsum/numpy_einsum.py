"""numpy.einsum on the contractions of cute/einsum/cpu/testdata/bench_cases.txt, with the
same operands as BenchmarkContract (C-order arrays, element i holding i%7 + 1). Prints one
line per case and variant: NAME VARIANT DTYPE NS CPU_NS, the wall time and the process's
CPU time per call (the mean over a loop of at least a second, as `go test -bench` measures).
VARIANTS (default "einsum,einsum_opt") picks the variants run."""
import os
import sys
import time

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
cases_path = os.path.join(here, "..", "..", "cute", "einsum", "cpu", "testdata", "bench_cases.txt")


def cases():
    for line in open(cases_path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, spec, ext = line.split()
        yield name, spec, {k: int(v) for k, v in (kv.split("=") for kv in ext.split(","))}


def operand(idx, ext, dtype):
    shape = tuple(ext[c] for c in idx)
    n = int(np.prod(shape)) if shape else 1
    return ((np.arange(n) % 7) + 1).astype(dtype).reshape(shape)


def timeit(fn, min_time=1.0):
    fn()
    n, t0, c0 = 0, time.perf_counter(), time.process_time()
    while True:
        fn()
        n += 1
        dt = time.perf_counter() - t0
        if dt >= min_time:
            break
    return dt / n * 1e9, (time.process_time() - c0) / n * 1e9


def main():
    only = sys.argv[1:]
    for name, spec, ext in cases():
        if only and name not in only:
            continue
        ins, out = spec.split("->")
        sa, sb = ins.split(",")
        for dtype, tag in ((np.float64, "f64"), (np.float32, "f32")):
            a, b, c = operand(sa, ext, dtype), operand(sb, ext, dtype), operand(out, ext, dtype)
            for variant, opt in (("einsum", False), ("einsum_opt", True)):
                if variant not in os.environ.get("VARIANTS", "einsum,einsum_opt").split(","):
                    continue
                ns, cpu = timeit(lambda: np.einsum(spec, a, b, out=c, optimize=opt))
                print(name, variant, tag, "%.0f" % ns, "%.0f" % cpu, flush=True)


if __name__ == "__main__":
    main()

"""bench.py — the host time of cutego.gemm and cutego.einsum calls, without a GPU: the package
(the wheel unpacked by build.sh, its C extension included) over build/py_host/libcutego_kernels.so,
the real launchers linked to the counting CUDA runtime (csrc/gemm/cudart_stub.cc), so that every
call runs the package's Python, ctypes, the planner and the launcher's host side, and nothing on a
device. Operands at fake 256-byte-aligned device addresses, made by the stand-ins of the Python
tests: torch.Tensors of a stand-in `torch` module (the attributes cutego reads; the path PyTorch
users take), DLPack producers (hand-made capsules, bfloat16) and __cuda_array_interface__ objects
(float16: the interface has no bfloat16).

    python3 bench/py_host/bench.py                  # per-call host time of each case
    python3 bench/py_host/bench.py --profile 15     # and a cProfile of each (top 15 by own time)
    python3 bench/py_host/bench.py --site before=DIR --site after=build/py_host/site --clock cpu

Per case: 2000 calls timed with time.perf_counter (--clock cpu: time.process_time), repeated
(--reps), the median and the least per-call time in microseconds. With several --site (A/B),
each round runs every site in its own process, alternating, and the table gives each site's
median and least over the rounds (on a shared machine the least is the steadier figure). A
benchmark: not run by make test (bench/py_host/README.md)."""

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.abspath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(TOP, "build", "py_host")

# fake device addresses, 256-byte aligned, far apart (no operand overlaps another)
PTR = [(i + 1) << 40 for i in range(4)]

# (name, kind, what): gemm cases are (M, N, K); einsum cases are (spec, extents)
GETT = ("stupr,qtru->stqp", dict(s=64, t=4, u=32, p=64, r=32, q=512))
ATTN = ("bhqd,bhkd->bhqk", dict(b=8, h=32, q=2048, k=2048, d=128))
CASES = [
    ("gemm 64x64x64 bf16 (torch)", "torch", "gemm", (64, 64, 64)),
    ("gemm 64x64x64 bf16 (torch, no C)", "torch-noc", "gemm", (64, 64, 64)),
    ("gemm 64x64x64 bf16 (dlpack)", "dlpack", "gemm", (64, 64, 64)),
    ("gemm 64x64x64 f16 (cai)", "cai", "gemm", (64, 64, 64)),
    ("einsum gett stupr,qtru->stqp bf16 (torch)", "torch", "einsum", GETT),
    ("einsum gett stupr,qtru->stqp bf16 (dlpack)", "dlpack", "einsum", GETT),
    ("einsum gett stupr,qtru->stqp f16 (cai)", "cai", "einsum", GETT),
    ("einsum bhqd,bhkd->bhqk bf16 (torch)", "torch", "einsum", ATTN),
    ("einsum bhqd,bhkd->bhqk f16 (cai)", "cai", "einsum", ATTN),
    # the floor: cutego_gemm alone through ctypes, with the layouts the calls above cached
    ("launcher alone: gemm 64x64x64 bf16", "launcher", "gemm", (64, 64, 64)),
    ("launcher alone: einsum gett", "launcher", "einsum", GETT),
    ("launcher alone: einsum bhqd,bhkd->bhqk", "launcher", "einsum", ATTN),
]


def setup(site):
    """Imports cutego from site over the stub libraries; returns (cutego, gpu, K, maker)."""
    os.environ["CUTEGO_CUDART"] = os.path.join(OUT, "libcudart_stub.so")
    os.environ["CUTEGO_KERNELS_LIBRARY"] = os.path.join(OUT, "libcutego_kernels.so")
    sys.path.insert(0, os.path.abspath(site))
    sys.path.insert(1, os.path.join(TOP, "python", "tests"))  # the tests' stand-ins
    import cutego
    from cutego import gpu, _kernels as K
    from test_gpu import Arr, Capsule
    from test_gpu_fp8 import make_torch
    torch = sys.modules["torch"] = make_torch()
    lib = K.load()
    if lib.error is not None:
        sys.exit("bench: " + lib.error)

    def make(kind, shape, i):
        if kind.startswith("torch"):
            return torch.Tensor(shape, torch.bfloat16, PTR[i])
        if kind == "dlpack":
            return Capsule(shape, None, dev=(2, 0), ptr=PTR[i], byte_offset=0)
        return Arr(shape, ptr=PTR[i])
    return cutego, gpu, K, make


def call_of(case, cutego, gpu, make):
    """The call of a case (a function of no arguments)."""
    name, kind, op, what = case
    if kind == "torch-noc" or kind == "launcher":
        gpu._cgemm[0] = gpu._cgemm[1] = None  # what CUTEGO_GEMM_NO_C=1 does
    if kind == "launcher":
        return launcher_of(call_of((name, "torch", op, what), cutego, gpu, make), op, what, gpu)
    if op == "gemm":
        m, n, k = what
        d, a, b = make(kind, (m, n), 0), make(kind, (m, k), 1), make(kind, (k, n), 2)
        return lambda: cutego.gemm(d, a, b)
    spec, ext = what
    ia, rest = spec.split(",")
    ib, ic = rest.split("->")
    a, b, out = (make(kind, tuple(ext[ch] for ch in ix), i) for i, ix in ((1, ia), (2, ib), (0, ic)))
    return lambda: cutego.einsum(spec, a, b, out=out)


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def launcher_of(f, op, what, gpu):
    """cutego_gemm alone, called as the package calls it, with the layouts f's call cached."""
    import ctypes
    from cutego import _kernels as K
    gpu._cache.clear()
    gpu._fast.clear()
    f()
    if op == "gemm":
        (e,) = [v for v in gpu._fast.values() if isinstance(v, gpu._GemmCall)]
        lays = (e.ld, e.la, e.lb)
    else:
        ((fold, _),) = [v for k, v in gpu._cache.items() if k[0] == "einsum" and k[1] == what[0]]
        lays = (ctypes.byref(fold.c), ctypes.byref(fold.a), ctypes.byref(fold.b))
    kl = K.kernels(op)
    ab = K.DTYPE_BF16

    def call():
        plan = K.GemmPlan()
        st = kl.cutego_gemm(PTR[0], lays[0], PTR[1], lays[1], PTR[2], lays[2], None, None, ab, ab, 1.0, 0.0,
                            0x5000, None, ctypes.byref(plan))
        if st != K.OK:
            K.raise_status(op, st)
    return call


def per_call_us(f, n, clock=time.perf_counter):
    t0 = clock()
    for _ in range(n):
        f()
    return (clock() - t0) / n * 1e6


def run_cases(args):
    """This process's measurements: {case: [per-call us of each rep]}, and the plans."""
    cutego, gpu, K, make = setup(args.site_dir)
    res, plans = {}, {}
    for case in CASES:
        if args.only and not any(s in case[0] for s in args.only):
            continue
        saved = list(gpu._cgemm)
        try:
            f = call_of(case, cutego, gpu, make)
            f()
            p = gpu.last_plan()
            plans[case[0]] = "%s%s" % (p.get("path"), ", " + p["orientation"] if "orientation" in p else "")
            for _ in range(50):
                f()
            res[case[0]] = [per_call_us(f, args.calls, CLOCKS[args.clock]) for _ in range(args.reps)]
            if args.profile:
                prof = cProfile.Profile()
                prof.enable()
                for _ in range(args.calls):
                    f()
                prof.disable()
                s = io.StringIO()
                pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(args.profile)
                plans[case[0]] += "\n" + s.getvalue()
        finally:
            gpu._cgemm[:] = saved
    return res, plans


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", action="append", default=[],
                    help="NAME=DIR: a cutego package folder to measure (default: build/py_host/site)")
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3, help="with several --site: processes per site, alternating")
    ap.add_argument("--profile", type=int, default=0, help="also a cProfile of each case: its top N functions")
    ap.add_argument("--only", action="append", help="cases whose name contains this")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                    help="wall: time.perf_counter; cpu: time.process_time (the process's CPU time, which a "
                    "loaded machine disturbs less)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        args.site_dir = args.child
        res, plans = run_cases(args)
        print(json.dumps(dict(res=res, plans=plans)))
        return
    sites = [s.split("=", 1) if "=" in s else (s, s) for s in args.site] or [("site", os.path.join(OUT, "site"))]
    if len(sites) == 1 and args.rounds <= 1 or args.profile:
        args.site_dir = sites[0][1]
        res, plans = run_cases(args)
        for name, v in res.items():
            print("%-44s %8.2f us median, %8.2f least   %s" % (name, statistics.median(v), min(v), plans[name]))
        return
    per = {name: {} for name, _ in sites}
    plans = {}
    for r in range(args.rounds):
        for name, d in sites:
            cmd = [sys.executable, os.path.abspath(__file__), "--child", d, "--calls", str(args.calls),
                   "--reps", str(args.reps), "--clock", args.clock] + sum((["--only", o] for o in args.only or []), [])
            out = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
            for case, v in out["res"].items():
                per[name].setdefault(case, []).extend(v)
            plans.setdefault(name, out["plans"])
    names = [n for n, _ in sites]
    ratio = len(names) > 1
    print("| case | " + " | ".join("%s us/call (median, least)" % n for n in names) +
          (" | %s / %s (median, least) |" % (names[-1], names[0]) if ratio else " |"))
    print("|---|" + "---:|" * (len(names) + ratio))
    for case in per[names[0]]:
        med = [statistics.median(per[n][case]) for n in names]
        least = [min(per[n][case]) for n in names]
        row = "| %s | " % case + " | ".join("%.2f, %.2f" % ml for ml in zip(med, least))
        if ratio:
            row += " | %.2f, %.2f" % (med[-1] / med[0], least[-1] / least[0])
        print(row + " |")
    for n in names:
        for case, p in plans[n].items():
            if plans[names[0]].get(case) != p:
                print("bench: %s plans %s as %r, %s as %r" % (n, case, p, names[0], plans[names[0]][case]))
                sys.exit(1)


if __name__ == "__main__":
    main()

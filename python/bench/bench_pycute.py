#!/usr/bin/env python3
"""The binding against PyCuTe, in one process, per operation: ns per call (best of 5
repeats of timeit, in CPU time of the process). Two columns for cutego: the call on Layout objects that already exist
(the FFI crossing and the result object included), and the same call with its input layouts
built from Python tuples inside the timed loop (as code that builds layouts on the fly pays).

    make python-bench        (the built wheel, unpacked into build/py-bench: the C extension;
                              CUTEGO_PURE=1 for the ctypes path)
"""

import os
import sys
import time
import timeit

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.append(os.path.join(TOP, ".deps", "py"))
import cutego  # noqa: E402
import pycute  # noqa: E402


def cases(m):
    L = m.Layout
    A = L((64, 128), (128, 1))
    B = L(((2, 4), (8, 4)))
    C = L((2, (3, 4)), (1, (2, 6)))
    D = L((16, 8), (1, 16))
    T = (L(4, 2), L(2, 4))
    P = L((2, 2), (4, 1))
    Q = L((4, 2), (2, 1))
    R = L((4, 8), (8, 1))
    S = L((3, (2, 3)), (3, (12, 1)))
    G = L((64, 128), (1, 64))
    K = L((2, 2), (1, 6))
    Z = (L(8), L(16))
    return [
        ("composition((64,128):(128,1), ((2,4),(8,4)))",
         lambda: m.composition(A, B), lambda: m.composition(L((64, 128), (128, 1)), L(((2, 4), (8, 4))))),
        ("coalesce((2,(3,4)):(1,(2,6)))",
         lambda: m.coalesce(C), lambda: m.coalesce(L((2, (3, 4)), (1, (2, 6))))),
        ("complement((2,2):(1,6), 24)",
         lambda: m.complement(K, 24), lambda: m.complement(L((2, 2), (1, 6)), 24)),
        ("logical_divide((16,8):(1,16), (4:2,2:4))",
         lambda: m.logical_divide(D, T), lambda: m.logical_divide(L((16, 8), (1, 16)), (L(4, 2), L(2, 4)))),
        ("zipped_divide((64,128):(1,64), (8:1,16:1))",
         lambda: m.zipped_divide(G, Z), lambda: m.zipped_divide(L((64, 128), (1, 64)), (L(8), L(16)))),
        ("logical_product((2,2):(4,1), (4,2):(2,1))",
         lambda: m.logical_product(P, Q), lambda: m.logical_product(L((2, 2), (4, 1)), L((4, 2), (2, 1)))),
        ("right_inverse((4,8):(8,1))",
         lambda: m.right_inverse(R), lambda: m.right_inverse(L((4, 8), (8, 1)))),
        ("left_inverse((4,8):(8,1))",
         lambda: m.left_inverse(R), lambda: m.left_inverse(L((4, 8), (8, 1)))),
        ("L(1,5) on (3,(2,3)):(3,(12,1))",
         lambda: S(1, 5), lambda: L((3, (2, 3)), (3, (12, 1)))(1, 5)),
        ("L(16) on (3,(2,3)):(3,(12,1))",
         lambda: S(16), lambda: L((3, (2, 3)), (3, (12, 1)))(16)),
        ("idx2crd(16, (3,(2,3)))",
         lambda: m.idx2crd(16, (3, (2, 3))), lambda: m.idx2crd(16, (3, (2, 3)))),
        ("size((64,128):(128,1))", lambda: m.size(A), lambda: m.size(L((64, 128), (128, 1)))),
        ("Layout((64,128),(128,1)) and .shape", None,
         lambda: L((64, 128), (128, 1)).shape),
    ]


def best(f, n):
    # CPU time of this process (all its threads, Go's included): on a shared machine
    # wall-clock time mostly measures the other tenants
    return min(timeit.repeat(f, number=n, repeat=5, timer=time.process_time)) / n * 1e9


def main():
    n = int(os.environ.get("BENCH_N", "20000"))
    ours, ref = cases(cutego), cases(pycute)
    rows = []
    for (name, f, g), (_, pf, pg) in zip(ours, ref):
        p = best(pf or pg, max(1, n // 10))
        c = best(f, n) if f else None
        cb = best(g, n)
        pb = best(pg, max(1, n // 10))
        rows.append((name, p, c, cb, pb))
    print("| operation | PyCuTe ns | cutego ns (layouts given) | ratio | cutego ns (layouts built in the loop) | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, p, c, cb, pb in rows:
        cs = "%.0f" % c if c else "–"
        rs = "%.1f×" % (p / c) if c else "–"
        print("| %s | %.0f | %s | %s | %.0f | %.1f× |" % (name, p, cs, rs, cb, pb / cb))
    from cutego import _ffi
    path = "the C extension" if _ffi.cext is not None else "ctypes (the extension: %s)" % _ffi.CEXT_STATUS
    print("\n(Python %s; cutego %s through %s; %s)" % (sys.version.split()[0], cutego.__version__,
                                                      path, cutego._LIBRARY_PATH))


if __name__ == "__main__":
    main()

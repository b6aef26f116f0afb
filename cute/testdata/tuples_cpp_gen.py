#!/usr/bin/env python3
"""Generate testdata/tuples_cpp.txt: random cases of the tuples-branch operations, each
evaluated by C++ CuTe (CUTLASS headers from .deps, every integer static, host g++).

Usage (from the repository root):  python3 cute/testdata/tuples_cpp_gen.py [N] [SEED]

Each output line is  op|arg|arg|...|C++ result  (ERROR when C++ does not compile the case).
Cases are compiled in batches; a batch that fails is split until the failing cases are
isolated. The Go test TestTuplesAgainstCpp (tuples_cpp_test.go) replays the file.
"""
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INC = [
    os.path.join(ROOT, ".deps/py/cutlass_library/source/include"),
    os.path.join(ROOT, ".deps/py/nvidia/cu13/include"),
    os.path.join(ROOT, ".deps/py/nvidia/cu13/include/cccl"),
]


# --- values: ints and nested tuples as Python ints / tuples; "_" for Underscore ---

def s_go(t):
    if isinstance(t, tuple):
        return "(" + ",".join(s_go(e) for e in t) + ")"
    return str(t)


def s_cpp(t, fn="make_shape"):
    if isinstance(t, tuple):
        return fn + "(" + ",".join(s_cpp(e, fn) for e in t) + ")"
    if t == "_":
        return "_"
    return "Int<%d>{}" % t


def lay_go(s, d):
    return s_go(s) + ":" + s_go(d)


def lay_cpp(s, d):
    return "make_layout(%s,%s)" % (s_cpp(s), s_cpp(d, "make_stride"))


def rshape(r, depth=2, leaves=(1, 2, 2, 3, 4, 4, 8, 6, 5)):
    if depth == 0 or r.random() < 0.55:
        return r.choice(leaves)
    return tuple(rshape(r, depth - 1, leaves) for _ in range(r.randint(1, 3)))


def like(r, t, f):
    if isinstance(t, tuple):
        return tuple(like(r, e, f) for e in t)
    return f(t)


def flat(t):
    if isinstance(t, tuple):
        out = []
        for e in t:
            out.extend(flat(e))
        return out
    return [t]


def size(t):
    n = 1
    for v in flat(t):
        n *= v
    return n


def rcoord(r, s, top=True):
    x = r.random()
    if x < 0.3:
        return "_"
    if not isinstance(s, tuple):
        return r.randrange(s)
    if x < 0.45 and not top:
        return r.randrange(size(s))
    return tuple(rcoord(r, e, False) for e in s)


def compact_stride(s, right=False):
    cur = [1]

    def walk(t):
        if isinstance(t, tuple):
            idx = range(len(t) - 1, -1, -1) if right else range(len(t))
            out = [None] * len(t)
            for i in idx:
                out[i] = walk(t[i])
            return tuple(out)
        if t == 1:
            return 0
        d = cur[0]
        cur[0] *= t
        return d

    return walk(s)


def rstride(r, s):
    # a permuted compact stride, sometimes with zeros / negatives / scaled values
    leaves = flat(s)
    order = list(range(len(leaves)))
    r.shuffle(order)
    st = [0] * len(leaves)
    cur = 1
    for i in order:
        st[i] = cur if leaves[i] != 1 else 0
        cur *= leaves[i]
    for i in range(len(st)):
        x = r.random()
        if x < 0.1:
            st[i] = 0
        elif x < 0.2:
            st[i] = -st[i]
        elif x < 0.3:
            st[i] *= 2
    it = iter(st)
    return like(r, s, lambda _: next(it))


# --- case builders: (op, [go args], C++ statement printing the result) ---

def P(expr):
    return "print(%s);" % expr


def cases(r, n):
    out = []
    for _ in range(n):
        k = r.randrange(17)
        s = rshape(r)
        if k == 0:
            b = r.choice([1, 2, 3, 4, 6, 8, 12, 16, 24, 40, 64])
            out.append(("shape_div", [s_go(s), str(b)], P("shape_div(%s,%s)" % (s_cpp(s), s_cpp(b)))))
        elif k == 1:
            b = r.choice([1, 2, 3, 5, 7, 8, 16]) if r.random() < 0.6 else like(r, s, lambda v: r.choice([1, 2, 3]))
            out.append(("ceil_div", [s_go(s), s_go(b)], P("ceil_div(%s,%s)" % (s_cpp(s), s_cpp(b)))))
        elif k == 2:
            right = r.random() < 0.5
            out.append(("compact_major", [s_go(s), "R" if right else "L"],
                        P("compact_%s_major(%s)" % ("row" if right else "col", s_cpp(s)))))
        elif k == 3:
            o = like(r, s, lambda v: r.randrange(6)) if r.random() < 0.7 or not isinstance(s, tuple) \
                else tuple(r.randrange(6) for _ in s)
            out.append(("make_ordered_layout", [s_go(s), s_go(o)], P("make_ordered_layout(%s,%s)" % (s_cpp(s), s_cpp(o)))))
        elif k == 4:
            d = rstride(r, s)
            out.append(("make_layout_like", [lay_go(s, d)], P("make_layout_like(%s)" % lay_cpp(s, d))))
        elif k == 5:
            d = compact_stride(s, r.random() < 0.5)
            i = r.randrange(size(s))
            out.append(("idx2crd", [str(i), s_go(s), s_go(d)], P("idx2crd(Int<%d>{},%s,%s)" % (i, s_cpp(s), s_cpp(d, "make_stride")))))
        elif k in (6, 7):
            d = rstride(r, s)
            c = rcoord(r, s)
            op = "slice_and_offset" if k == 6 else "dice"
            if op == "dice":
                stmt = P("dice(%s,%s)" % (s_cpp(c, "make_coord"), lay_cpp(s, d)))
            else:
                stmt = ("{auto r = slice_and_offset(%s,%s); print(get<0>(r)); printf(\" @ \"); print(get<1>(r));}"
                        % (s_cpp(c, "make_coord"), lay_cpp(s, d)))
            out.append((op, [s_go(c), lay_go(s, d)], stmt))
        elif k == 8:
            d = rstride(r, s)
            nn = r.choice([2, 4, 8])
            out.append(("upcast", [lay_go(s, d), str(nn)], P("upcast<%d>(%s)" % (nn, lay_cpp(s, d)))))
        elif k == 9:
            d = rstride(r, s)
            nn = r.choice([2, 3, 4])
            out.append(("downcast", [lay_go(s, d), str(nn)], P("downcast<%d>(%s)" % (nn, lay_cpp(s, d)))))
        elif k == 10:
            d = rstride(r, s)
            a, b = r.choice([(8, 16), (16, 8), (16, 32), (32, 8), (8, 32), (32, 16), (64, 16)])
            out.append(("recast_layout", [lay_go(s, d), str(a), str(b)],
                        P("recast_layout<uint%d_t,uint%d_t>(%s)" % (a, b, lay_cpp(s, d)))))
        elif k == 11:
            i = r.randrange(size(s) * 2)
            out.append(("identity", [s_go(s), str(i)],
                        "{auto l = make_identity_layout(%s); print(l); printf(\" @ \"); print(l(Int<%d>{}));}" % (s_cpp(s), i)))
        elif k == 12:
            big = (r.choice([64, 128, 96]), r.choice([64, 128, 256]))
            tile = (r.choice([8, 16, 32]), r.choice([8, 16, 64]))
            right = r.random() < 0.5
            rest = (big[0] // tile[0], big[1] // tile[1])
            c = tuple(r.choice(["_", r.randrange(rest[i])]) for i in range(2))
            if r.random() < 0.2:
                c = r.randrange(rest[0] * rest[1])
            lay = "make_layout(%s,%s)" % (s_cpp(big), "LayoutRight{}" if right else "LayoutLeft{}")
            d = compact_stride(big, right)
            out.append(("local_tile", [lay_go(big, d), s_go(tile), s_go(c)],
                        "{auto t = local_tile(make_tensor(&buf[0],%s),%s,%s); print(t.layout()); printf(\" @ %%d\", int(t.data()-&buf[0]));}"
                        % (lay, s_cpp(tile), s_cpp(c, "make_coord"))))
        elif k == 13:
            big = (r.choice([16, 32, 64]), r.choice([32, 64]))
            thr = (r.choice([2, 4, 8]), r.choice([2, 4, 8]))
            right = r.random() < 0.5
            td = compact_stride(thr, r.random() < 0.5)
            idx = r.randrange(size(thr))
            d = compact_stride(big, right)
            lay = "make_layout(%s,%s)" % (s_cpp(big), "LayoutRight{}" if right else "LayoutLeft{}")
            out.append(("local_partition", [lay_go(big, d), lay_go(thr, td), str(idx)],
                        "{auto t = local_partition(make_tensor(&buf[0],%s),%s,Int<%d>{}); print(t.layout()); printf(\" @ %%d\", int(t.data()-&buf[0]));}"
                        % (lay, lay_cpp(thr, td), idx)))
        elif k == 14:
            kind = r.choice(["K_INTER", "K_SW32", "K_SW64", "K_SW128", "MN_INTER", "MN_SW32", "MN_SW64", "MN_SW128"])
            ty, bits = r.choice([("half_t", 16), ("float", 32), ("uint8_t", 8), ("double", 64)])
            rows, cols = r.choice([64, 128, 256]), r.choice([64, 128])
            if kind.startswith("MN"):
                rows, cols = cols, rows
            tgt = (rows, cols) if r.random() < 0.7 else (rows, cols, r.choice([2, 3, 4]))
            out.append(("gmma_tile", [kind, str(bits), s_go(tgt)],
                        P("tile_to_shape(as_position_independent_swizzle_layout(GMMA::Layout_%s_Atom<%s>{}),%s)"
                          % (kind, ty, s_cpp(tgt)))))
        elif k == 15:
            sw = r.choice([(3, 3, 3), (2, 3, 3), (3, 4, 3), (1, 2, 3), (2, 1, -3), (3, 2, 3)])
            m, n = r.choice([8, 16, 4]), r.choice([64, 32, 16, 8])
            ly = ((m, n), (n, 1)) if r.random() < 0.5 else ((n, m), (1, n))
            if r.random() < 0.3:
                ly = ((ly[0][0], ly[0][1], 2), (ly[1][0], ly[1][1], m * n))
            c = rcoord(r, ly[0])
            if not isinstance(c, tuple) or all(x == "_" for x in flat(c)) or "_" not in flat(c):
                c = tuple(["_"] + [r.randrange(x) for x in ly[0][1:]])
            out.append(("composed_slice", ["Sw<%d,%d,%d>" % sw, lay_go(*ly), s_go(c)],
                        "{auto r = slice_and_offset(%s, composition(Swizzle<%d,%d,%d>{},%s)); print(get<0>(r)); printf(\" @ \"); print(get<1>(r));}"
                        % (s_cpp(c, "make_coord"), sw[0], sw[1], sw[2], lay_cpp(*ly))))
        else:
            d = rstride(r, s)
            sh = r.choice([(2, 2), 4, (4, 2), (2, (2, 2)), 16, (8, 2)])
            out.append(("with_shape", [lay_go(s, d), s_go(sh)], P("%s.with_shape(%s)" % (lay_cpp(s, d), s_cpp(sh)))))
    return out


PRE = """#include <cute/tensor.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cstdio>
using namespace cute;
static float buf[1<<22];
"""


def compile_run(batch):
    src = PRE + "int main() {\n"
    for i, (_, _, stmt) in batch:
        src += '  printf("%d|"); %s printf("\\n");\n' % (i, stmt)
    src += "}\n"
    with tempfile.TemporaryDirectory() as d:
        cpp, exe = os.path.join(d, "t.cpp"), os.path.join(d, "t")
        open(cpp, "w").write(src)
        cmd = ["g++", "-std=c++17", "-w", "-O0"] + ["-I" + p for p in INC] + [cpp, "-o", exe]
        if subprocess.run(cmd, capture_output=True).returncode != 0:
            return None
        res = subprocess.run([exe], capture_output=True, text=True).stdout
    out = {}
    for line in res.splitlines():
        i, _, v = line.partition("|")
        out[int(i)] = v
    return out


def evaluate(batch, results):
    got = compile_run(batch)
    if got is not None:
        results.update(got)
        return
    if len(batch) == 1:
        results[batch[0][0]] = "ERROR"
        return
    h = len(batch) // 2
    evaluate(batch[:h], results)
    evaluate(batch[h:], results)


def suspicious(case):
    """Routing only (not an expected value): cases C++ may refuse are compiled in small
    batches so that bisecting a failed batch stays cheap."""
    op, args, _ = case
    return op in ("shape_div", "upcast", "downcast", "recast_layout", "with_shape", "ceil_div")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    r = random.Random(seed)
    cs = list(enumerate(cases(r, n)))
    results = {}
    safe = [c for c in cs if not suspicious(c[1])]
    risky = [c for c in cs if suspicious(c[1])]
    batches = [safe[k:k + 60] for k in range(0, len(safe), 60)] + [risky[k:k + 6] for k in range(0, len(risky), 6)]
    for j, b in enumerate(batches):
        evaluate(b, results)
        print("batch %d/%d" % (j + 1, len(batches)), file=sys.stderr)
    path = os.path.join(ROOT, "cute/testdata/tuples_cpp.txt")
    with open(path, "w") as f:
        f.write("# Tuples-branch cases: op|args...|C++ CuTe result (CUTLASS headers in .deps, all integers\n")
        f.write("# static, g++ -std=c++17; ERROR = C++ does not compile it). Generated by\n")
        f.write("# tuples_cpp_gen.py %d %d (random inputs).\n" % (n, seed))
        for i, (op, args, _) in cs:
            f.write("|".join([op] + args + [results.get(i, "MISSING")]) + "\n")


if __name__ == "__main__":
    main()

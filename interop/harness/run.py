"""The cross-check: every case through C++ CuTe (g++, static integers), `cutego eval`, and
PyCuTe; exact comparison of printed forms (minus CuTe's `_` marks), functional equality as
a second line of evidence, brute-force soundness of C++'s compositions."""

import argparse
import os
import re
import resource
import subprocess
import sys
import time
from collections import OrderedDict

from . import gen, func, pyref, atoms
from .cases import Case, load_curated, group_of
from .cxx import CxxRunner, include_dirs
from .expr import parse, to_cxx, to_eval, Lay, Tup, Int, Call, Composed, Sw, Apply, Basis, Under

# cases of gen.Families in `make interop` (about 4% of its C++ compile time)
FAMILY_CASES = 800
# random cases of the atom family (harness/atoms.py), beside its cases of the atom table
ATOM_CASES = 100

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def strip_marks(s):
    """CuTe prints compile-time integers as _N; the eval contract prints N. Only `_`
    immediately before a digit or minus sign is a mark."""
    return re.sub(r"_(?=-?\d)", "", s)


def _composed_literal(n):
    """As a literal the functional checks can evaluate: composition(Sw, L) with a literal L
    as the composed layout Sw o 0 o L, make_composed_layout(Sw, O, L) as Sw o O o L,
    make_identity_layout(shape) as shape:make_basis_like(shape); n itself otherwise."""
    if isinstance(n, Call) and n.name == "composition" and len(n.args) == 2 and \
            isinstance(n.args[0], Sw) and isinstance(n.args[1], Lay):
        return Composed(n.args[0], Int(0), n.args[1])
    if isinstance(n, Call) and n.name == "make_composed_layout" and len(n.args) == 3 and \
            isinstance(n.args[0], Sw) and isinstance(n.args[1], Int) and isinstance(n.args[2], Lay):
        return Composed(*n.args)
    if isinstance(n, Call) and n.name == "make_identity_layout" and len(n.args) == 1 and \
            _int_tuple(n.args[0]):
        return Lay(n.args[0], _basis_like(n.args[0]))
    return n


def _int_tuple(n):
    return isinstance(n, Int) or isinstance(n, Tup) and all(_int_tuple(x) for x in n.items)


def _basis_like(shape, path=()):
    """CuTe's make_basis_like: 1 for an integer shape, E<i,j,...> (printed 1@...@j@i) at
    each position of a tuple shape."""
    if isinstance(shape, Tup):
        return Tup([_basis_like(x, path + (i,)) for i, x in enumerate(shape.items)])
    return Basis(1, list(reversed(path))) if path else Int(1)


def _compact_left(shape):
    """make_layout(shape): the column-major layout."""
    p = [1]

    def go(t):
        if isinstance(t, Tup):
            return Tup([go(x) for x in t.items])
        d = Int(p[0] if t.v != 1 else 0)
        p[0] *= t.v
        return d
    return Lay(shape, go(shape))


def _has_under(n):
    return isinstance(n, Under) or isinstance(n, Tup) and any(_has_under(x) for x in n.items)


def definition(case):
    """The brute-force check of a case's result against the definition of its operation:
    (check(R) -> (True|False|None, why), what a failure means), or None when none applies.
    composition with literal operands (identity and composed layouts included) and
    with_shape (composition with make_layout(shape)): R(c) = A(B(c)); the tile of the
    divides; the post-conditions of right_inverse, left_inverse and nullspace (layout.hpp);
    a slice L(c) with `_`: R(j) + k = L(c_j)."""
    n = case.node
    if isinstance(n, Apply):
        L = _composed_literal(n.fn)
        if isinstance(n.arg, Tup) and _has_under(n.arg) and literal(L) and \
                isinstance(L, (Lay, Composed)):
            return (lambda R: func.check_slice(L, n.arg, R)), "C++'s slice is not L there"
        return None
    if not isinstance(n, Call):
        return None
    args = [_composed_literal(a) for a in n.args]
    if not all(literal(a) for a in args):
        return None
    if n.name == "composition" and len(args) == 2 and case.op in ("composition", "composed"):
        A, B = args
        return (lambda R: func.check_composition(A, B, R)), "C++ result is not A o B"
    if case.op in func.DIVIDES and len(args) == 2:
        A, B = args
        return (lambda R: func.check_divide_tile(case.op, A, B, R)), "C++'s tile is not A o B"
    if n.name == "with_shape" and len(args) == 2 and _int_tuple(args[1]):
        A, B = args[0], _compact_left(args[1])
        return ((lambda R: func.check_composition(A, B, R)),
                "C++'s with_shape is not A o make_layout(shape)")
    if len(args) == 1 and n.name in POSTCONDITIONS:
        A = args[0]
        return (lambda R: POSTCONDITIONS[n.name](A, R)), \
            "C++'s %s fails its post-condition" % n.name
    return None


POSTCONDITIONS = {"right_inverse": func.check_right_inverse,
                  "left_inverse": func.check_left_inverse,
                  "nullspace": func.check_nullspace}


def _swizzle_last(text):
    """Is text C++'s `L o O o Sw`, a layout composed after a swizzle (C++'s inverses of
    Sw o O o B with O != 0)?"""
    try:
        r = parse(text)
    except Exception:
        return False
    return isinstance(r, Composed) and isinstance(r.b, Sw)


def literal(n):
    """Is n a literal layout / tiler (something func.py can evaluate)?"""
    if isinstance(n, (Int, Lay)):
        return True
    if isinstance(n, Composed):
        return isinstance(n.a, Sw) and isinstance(n.o, Int) and isinstance(n.b, Lay)
    if isinstance(n, Tup):
        return all(literal(x) or type(x).__name__ == "Under" for x in n.items)
    return False


def run_cutego(exe, lines, timeout=600):
    text = "".join(l + "\n" for l in lines)
    r = subprocess.run([exe, "eval"], input=text, capture_output=True, text=True,
                       timeout=timeout)
    outs = r.stdout.split("\n")
    if outs and outs[-1] == "":
        outs.pop()
    if len(outs) != len(lines):
        raise SystemExit("cutego eval wrote %d lines for %d inputs (rc %d): %s"
                         % (len(outs), len(lines), r.returncode, r.stderr[-2000:]))
    return outs


def _nonpositive_shape(text):
    """The shape part of a printed layout (after any `Sw<..> o O o ` prefix, and the
    iterator of a printed tensor, `counting_iter(n) o `) if it holds a non-positive integer,
    else None."""
    t = re.sub(r"^\s*(?:gmem_|smem_)?counting_iter\(-?\d+\)\s+o\s+", "", text)
    while True:
        m = re.match(r"\s*Sw<[^>]*>\s+o\s+[^o]*?\s+o\s+", t)
        if not m:
            break
        t = t[m.end():]
    depth = 0
    for i, ch in enumerate(t):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == ":" and depth == 0:
            shape = t[:i]
            if re.search(r"(?<![\d@])(-\d+|0)(?![\d@])", shape):
                return shape
            return None
    return None


def classify(case, cx, cg):
    """cx: (status, text) from C++; cg: cutego's line (or None).
    Returns (category, note)."""
    cstat, ctext = cx
    note = ""
    unsound = False
    bad = None
    check = definition(case)
    if cstat == "ok":
        ctext = strip_marks(ctext)
        # brute force: does C++'s result satisfy the definition of the operation?
        if check:
            try:
                ok, why = check[0](parse(ctext))
            except Exception as e:  # unparsable result: no verdict
                ok, why = None, str(e)
            if ok is False:
                unsound = True
                note = check[1] + ": " + why
        # A layout's shape is positive (CuTe's definition of a layout); C++ prints non-positive
        # shapes for some negative-stride inputs (left_inverse(4:-1) = (-1,4):(0,1),
        # complement(2:-2) = (-2,0):(1,-4)): that is not a layout, cutego must refuse.
        bad = _nonpositive_shape(ctext)
        if bad:
            unsound = True
            note = "C++ result has the non-positive shape %s: not a layout" % bad
        # (a swizzle's shift may be negative: Sw<2,0,-3>)
        if re.search(r"(?<![\d@])-\d", re.sub(r"Sw<[^>]*>| o -?\d+ o ", "", ctext)) and \
                not re.search(r"-\d", case.eval):
            unsound = True
            note = "negative value from non-negative inputs (32-bit overflow in C++)"
    if cg is None:
        if cstat == "reject" and _no_such_name(ctext):
            return "cxx-n/a", "C++ CuTe has no such function: " + ctext
        return ("cxx-unsound" if unsound else "no-cutego"), note
    cg_err = cg.startswith("error")
    if unsound:
        if cg_err:
            return "cxx-unsound", note + "; cutego: error"
        if bad:
            return "disagree", note + "; cutego must refuse it, but returned " + cg
        if check:
            try:
                ok, why = check[0](parse(cg))
            except Exception as e:
                ok, why = False, "cutego output unparsable: %s" % e
            if ok:
                return "cxx-unsound", note + "; cutego satisfies the definition"
            return "disagree", note + "; cutego does not satisfy the definition either: " + why
        return "cxx-unsound", note + "; cutego: " + cg
    if cstat == "reject" and _no_such_name(ctext):
        # the C++ side names something CuTe does not have (e.g. prefix_product is PyCuTe's):
        # nothing to compare. For a curated C++ side (`||`) it is a harness error.
        if case.cxx_explicit:
            return "disagree", "harness error: the curated C++ side does not compile: " + ctext
        return "cxx-n/a", "C++ CuTe has no such function: " + ctext
    if cstat == "reject" and not cg_err and case.op in ("max_common_vector", "max_common_layout") \
            and isinstance(case.node, Call) and len(case.node.args) == 2 \
            and all(literal(_composed_literal(x)) for x in case.node.args):
        # Ruling 3 (KNOWN_DISAGREEMENTS.md): max_common_* never fail on valid layouts (1 and
        # 1:0 are always correct); where a static_assert inside C++'s composition
        # refuses them, cutego's answer must satisfy CuTe's post-condition.
        A, B = (_composed_literal(x) for x in case.node.args)
        try:
            ok, why = func.check_max_common(case.op, A, B, parse(cg))
        except Exception as e:
            ok, why = False, "cutego output unparsable: %s" % e
        if ok:
            return "cxx-refuses-valid", "C++ rejects: %s; cutego's answer satisfies the post-condition: %s" % (ctext, why)
        return "disagree", "C++ rejects: %s; cutego's answer fails the post-condition: %s" % (ctext, why)
    if cstat == "reject" and not cg_err and _composed_slice(case) and check:
        # Ruling 6: slicing a swizzled composed layout, C++'s attempt to decay it to a plain
        # layout static_asserts where the swizzle's projections do not compose with the
        # layout; the slice exists (Sw o (O + B(c)) o slice(c, B)), cutego's must be it.
        try:
            ok, why = check[0](parse(cg))
        except Exception as e:
            ok, why = False, "cutego output unparsable: %s" % e
        if ok:
            return "cxx-refuses-valid", "C++ rejects: %s; cutego's answer is the slice: %s" % (ctext, why)
        return "disagree", "C++ rejects: %s; cutego's answer is not the slice: %s" % (ctext, why)
    if cstat == "reject":
        return ("rejected-by-both" if cg_err else "disagree"), ("C++ rejects: " + ctext)
    if cg == ctext:
        return "agree", ""
    if cg_err and case.op in ("right_inverse", "left_inverse") and _swizzle_last(ctext):
        # Ruling 4: C++'s inverse of Sw o O o B with O != 0 is inverse(B) o -O o Sw, which a
        # composed layout cannot hold; cutego refuses it.
        return "ruled", "ruling 4: C++ returns a layout composed after a swizzle; cutego: " + cg
    if not cg_err and case.op in ("max_common_vector", "max_common_layout"):
        r = _ruling5(case, ctext, cg)
        if r:
            return r
    # second line of evidence
    if cg_err:
        return "disagree", "cutego rejects what C++ accepts"
    try:
        eq, why = func.functional_equal(parse(ctext), parse(cg))
    except Exception as e:
        eq, why = None, "not comparable: %s" % e
    if eq is True:
        return "disagree", "functionally equal (%s), printed forms differ" % why
    if eq is False:
        return "disagree", "functionally different: " + why
    return "disagree", "printed forms differ (%s)" % why


def _composed_slice(case):
    n = case.node
    return isinstance(n, Apply) and isinstance(_composed_literal(n.fn), Composed)


def _ruling5(case, ctext, cg):
    """Ruling 5: max_common_vector / max_common_layout with a composed layout Sw o O o B,
    O != 0. C++ ignores O ("assumes that Offset is in the YZ domain of the Swizzle");
    cutego also bounds the common vector by O's alignment (and by 2^M of both swizzles
    when the offsets differ). Its answer must be smaller than C++'s and still a common
    vector: A(j) - A(0) = B(j) - B(0) = n on it. Returns (category, note) or None."""
    n = case.node
    if not (isinstance(n, Call) and len(n.args) == 2):
        return None
    A, B = (_composed_literal(a) for a in n.args)
    if not any(isinstance(x, Composed) and isinstance(x.o, Int) and x.o.v != 0 for x in (A, B)):
        return None
    if not (literal(A) and literal(B)):
        return None
    try:
        mine, theirs = parse(cg), parse(ctext)
        smaller = func.size_of(mine) < func.size_of(theirs) if case.op == "max_common_layout" \
            else func.ival(mine) < func.ival(theirs)
        ok, why = func.check_max_common_relative(case.op, A, B, mine)
    except Exception as e:
        return "disagree", "offset: cutego's answer not checkable: %s" % e
    if smaller and ok:
        return "ruled", "ruling 5: cutego's smaller common vector for an offset: " + why
    return "disagree", "offset: cutego's answer %s C++'s%s" % (
        "is smaller than" if smaller else "is not smaller than",
        "" if ok else ", and fails: " + why)


def definition_checks(cases, cx, cg, cats, runner, log):
    """For disagreements on divides and logical_product: evaluate the intermediates of CuTe's
    definition with C++ (complements), then check C++'s result, and cutego's, against the
    definition by brute force. A C++ result that fails it is C++-unsound (CUTLASS
    #3177/#2955 reach these operations through composition)."""
    todo = []
    for i, c in enumerate(cases):
        if cats[i][0] != "disagree" or c.op not in func.AUX_OPS or cx[i][0] != "ok":
            continue
        if not (isinstance(c.node, Call) and len(c.node.args) in (2, 3)) or \
                (len(c.node.args) == 3 and c.op != "tile_to_shape"):
            continue
        A, B = _composed_literal(c.node.args[0]), c.node.args[1]
        if not (literal(A) and literal(B)):
            continue
        outer = None
        if isinstance(A, Composed):  # the operation acts on B of Sw o O o B and keeps Sw, O
            outer, A = A, A.b
        if not isinstance(A, Lay):
            continue
        reqs = func.aux_requests(c.op, A, B)
        if reqs:
            todo.append((i, A, B, reqs, outer))
    if not todo:
        return
    exprs = []
    for _, _, _, reqs, _ in todo:
        for r in reqs:
            if r is not None:
                exprs.append(("core", to_cxx(r)))
    log("interop: definition checks: %d disagreements, %d C++ intermediates" % (len(todo), len(exprs)))
    res = iter(runner.evaluate(exprs))
    for i, A, B, reqs, outer in todo:
        aux = []
        bad = False
        for r in reqs:
            if r is None:
                aux.append(None)
                continue
            st, text = next(res)
            if st != "ok":
                bad = True
                aux.append(None)
                continue
            try:
                aux.append(parse(strip_marks(text)))
            except Exception:
                bad = True
                aux.append(None)
        if bad:
            continue
        c = cases[i]
        try:
            ok, why = func.check_with_aux(c.op, A, B, _inner(parse(strip_marks(cx[i][1])), outer),
                                          aux)
        except Exception as e:
            ok, why = None, str(e)
        if ok is not False:
            cats[i] = (cats[i][0], cats[i][1] + "; C++ satisfies the definition (%s)" % why)
            continue
        note = "C++ result fails the definition: " + why
        if cg[i] is None or cg[i].startswith("error"):
            cats[i] = ("cxx-unsound", note + "; cutego: %s" % cg[i])
            continue
        try:
            ok2, why2 = func.check_with_aux(c.op, A, B, _inner(parse(cg[i]), outer), aux)
        except Exception as e:
            ok2, why2 = None, str(e)
        if ok2:
            cats[i] = ("cxx-unsound", note + "; cutego satisfies it")
        else:
            cats[i] = ("disagree", note + "; cutego fails it too: %s" % why2)


def _inner(R, outer):
    """The layout B' of a result Sw o O o B' of an operation on the composed layout outer =
    Sw o O o B (Sw<0,M,S> o 0 o B' prints as B'); R itself when outer is None."""
    if outer is None:
        return R
    sw = outer.a
    if isinstance(R, Composed) and isinstance(R.a, Sw) and \
            (R.a.b, R.a.m, R.a.s) == (sw.b, sw.m, sw.s) and isinstance(R.o, Int) and \
            R.o.v == outer.o.v:
        return R.b
    if isinstance(R, Lay) and sw.b == 0 and outer.o.v == 0:
        return R
    raise func.NotAFunction("not the composed layout's swizzle and offset: %s" % to_eval(R))


def _no_such_name(msg):
    return bool(re.search(r"was not declared in this scope|is not a member of|no type named", msg))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=20000, help="random cases")
    ap.add_argument("--family-cases", type=int, default=FAMILY_CASES,
                    help="random cases of gen.Families (composed layouts, mode and tuple "
                         "access, partitions, negative strides, by-mode products, identity)")
    ap.add_argument("--atom-cases", type=int, default=ATOM_CASES,
                    help="random cases of the atom family (TiledMMA, TiledCopy), beside one "
                         "case per MMA atom of the table (0: none of them)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=100, help="cases per C++ translation unit")
    ap.add_argument("--cutego", default=os.path.join(TOP, "build", "cutego"))
    ap.add_argument("--no-cutego", action="store_true", help="C++ vs PyCuTe only")
    ap.add_argument("--out", default=os.path.join(TOP, "build", "interop"))
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--curated", default=os.path.join(TOP, "interop", "cases"))
    ap.add_argument("--only", default="", help="comma-separated operations to run")
    ap.add_argument("--show", type=int, default=5, help="disagreements shown in full")
    ap.add_argument("--deps", default=os.path.join(TOP, ".deps", "py"))
    a = ap.parse_args(argv)

    t0 = time.time()
    a.out = os.path.abspath(a.out)  # g++ runs in out/work: a relative path would not resolve
    os.makedirs(a.out, exist_ok=True)
    log = lambda *x: print(*x, file=sys.stderr, flush=True)

    cases = load_curated(a.curated) if os.path.isdir(a.curated) else []
    ncur = len(cases)
    for i, (op, nd) in enumerate(gen.generate(a.seed, a.cases)):
        cases.append(Case(op, nd, "random:%d:%d" % (a.seed, i)))
    for i, (op, nd) in enumerate(gen.generate_families(a.seed, a.family_cases)):
        cases.append(Case(op, nd, "family:%d:%d" % (a.seed, i), group=group_of(nd)))
    if a.atom_cases > 0:
        for i, (op, nd) in enumerate(atoms.generate_atoms(a.seed, a.atom_cases)):
            cases.append(Case(op, nd, "atom:%d:%d" % (a.seed, i), group=group_of(nd)))
    if a.only:
        keep = set(a.only.split(","))
        cases = [c for c in cases if c.op in keep]
    log("interop: %d cases (%d curated, %d random, %d of the families, %d of the atoms, seed %d),"
        " %d operations"
        % (len(cases), sum(1 for c in cases if not c.src.startswith(("random", "family", "atom"))),
           sum(1 for c in cases if c.src.startswith("random")),
           sum(1 for c in cases if c.src.startswith("family")),
           sum(1 for c in cases if c.src.startswith("atom")), a.seed,
           len({c.op for c in cases})))

    # 1. cutego
    cg = [None] * len(cases)
    have_cutego = not a.no_cutego and os.path.exists(a.cutego)
    if not a.no_cutego and not have_cutego:
        log("interop: %s not found (build it with `go build -o build/cutego ./cmd/cutego`)"
            % a.cutego)
    if have_cutego:
        t = time.time()
        cg = run_cutego(a.cutego, [c.eval for c in cases])
        log("interop: cutego eval: %d lines in %.1fs" % (len(cg), time.time() - t))

    # 2. PyCuTe
    t = time.time()
    pyref.load(a.deps)
    py = []
    for c in cases:
        if c.group != "core" or c.cxx != _derived(c):
            py.append(("unsupported", "kernel case"))
        else:
            py.append(pyref.evaluate(c.node))
    log("interop: pycute: %.1fs" % (time.time() - t))

    # 3. C++
    runner = CxxRunner(include_dirs(a.deps), os.path.join(a.out, "work"), jobs=a.jobs, batch=a.batch,
                       cache_path=None if a.no_cache else os.path.join(a.out, "cxx-cache.json"),
                       log=log)
    # cases predicted to be rejected by C++ go in small batches of their own (a rejection
    # costs a recompile of its batch). Predictor: cutego's errors, for operations where
    # cutego rejects few cases (an unimplemented operation rejects them all); else PyCuTe's.
    likely = {i for i, p in enumerate(py) if p[0] == "error"}
    if have_cutego:
        errs, tot = {}, {}
        for i, c in enumerate(cases):
            tot[c.op] = tot.get(c.op, 0) + 1
            if cg[i].startswith("error"):
                errs[c.op] = errs.get(c.op, 0) + 1
        trusted = {op for op in tot if errs.get(op, 0) <= 0.4 * tot[op]}
        likely = {i for i, c in enumerate(cases)
                  if (cg[i].startswith("error") if c.op in trusted else i in likely)}
    last = [0.0]

    def progress(done, total, el, cached):
        if cached is not None:
            log("interop: C++: %d cases cached, %d to compile" % (cached, total))
            return
        if time.time() - last[0] > 10 or done == total:
            last[0] = time.time()
            rate = done / el if el > 0 else 0.0
            eta = (total - done) / rate if rate > 0 else float("nan")
            log("interop: C++: %d/%d compiled and run (%.0fs, %.1f cases/s, ETA %s)"
                % (done, total, el, rate, "%.0fs" % eta if eta == eta else "?"))

    cx = runner.evaluate([(c.group, c.cxx) for c in cases], likely, progress)
    st = runner.stats
    log("interop: C++ done: %d compiles (%.0f s of compiler time), %d rejections attributed"
        " from diagnostics, %d bisections, %d run-time rejections; %.0f CPU-s so far"
        % (st["compiles"], st["compile_s"], st["attributed"], st["bisections"],
           st["runtime_rejects"], cpu_seconds()))

    # 4. compare
    cats = [classify(c, cx[i], cg[i]) for i, c in enumerate(cases)]
    definition_checks(cases, cx, cg, cats, runner, log)
    table = OrderedDict()
    dis = []
    unsound = []
    expect_fail = []
    for i, c in enumerate(cases):
        row = table.setdefault(c.op, {k: 0 for k in (
            "cases", "agree", "disagree", "rejected-by-both", "cxx-unsound", "cxx-refuses-valid",
            "ruled", "no-cutego", "cxx-n/a", "cxx-rejects", "py-agree", "py-differ", "py-n/a")})
        row["cases"] += 1
        cat, note = cats[i]
        row[cat] += 1
        if cx[i][0] == "reject":
            row["cxx-rejects"] += 1
        ctext = strip_marks(cx[i][1]) if cx[i][0] == "ok" else "error: " + cx[i][1]
        rec = (c, ctext, cg[i], note)
        if cat == "disagree":
            dis.append(rec)
        if cat == "cxx-unsound":
            unsound.append(rec)
        if c.expect is not None and ctext != c.expect:
            expect_fail.append(rec)
        ps, pt = py[i]
        if ps == "unsupported":
            row["py-n/a"] += 1
        elif (ps == "ok" and cx[i][0] == "ok" and pt == ctext) or \
                (ps == "error" and cx[i][0] == "reject"):
            row["py-agree"] += 1
        else:
            row["py-differ"] += 1

    cols = ["cases", "agree", "disagree", "rejected-by-both", "cxx-unsound", "cxx-refuses-valid",
            "ruled", "cxx-rejects", "cxx-n/a"]
    if not have_cutego:
        cols = ["cases", "no-cutego", "cxx-unsound", "cxx-rejects", "cxx-n/a"]
    cols += ["py-agree", "py-differ", "py-n/a"]
    w = max(len(k) for k in table) + 2
    lines = ["%-*s" % (w, "operation") + "".join("%19s" % h for h in cols)]
    tot = {h: 0 for h in cols}
    for op, row in table.items():
        lines.append("%-*s" % (w, op) + "".join("%19d" % row[h] for h in cols))
        for h in cols:
            tot[h] += row[h]
    lines.append("%-*s" % (w, "TOTAL") + "".join("%19d" % tot[h] for h in cols))
    report = "\n".join(lines)
    print(report)

    def full(rec):
        c, ctext, cgo, note = rec
        return ("  case    %s (%s)\n  eval    %s\n  c++src  %s\n  c++     %s\n  cutego  %s\n  note    %s\n"
                % (c.op, c.src, c.eval, c.cxx, ctext, cgo, note))

    with open(os.path.join(a.out, "disagreements.txt"), "w") as f:
        for rec in dis:
            f.write(full(rec) + "\n")
    with open(os.path.join(a.out, "cxx-unsound.txt"), "w") as f:
        for rec in unsound:
            f.write(full(rec) + "\n")
    with open(os.path.join(a.out, "pycute-differences.txt"), "w") as f:
        for i, c in enumerate(cases):
            ps, pt = py[i]
            if ps == "unsupported":
                continue
            ctext = strip_marks(cx[i][1]) if cx[i][0] == "ok" else "error: " + cx[i][1]
            if (ps == "ok" and cx[i][0] == "ok" and pt == ctext) or \
                    (ps == "error" and cx[i][0] == "reject"):
                continue
            f.write("  eval    %s\n  c++     %s\n  pycute  %s%s\n\n"
                    % (c.eval, ctext, "error: " if ps == "error" else "", pt))
    with open(os.path.join(a.out, "table.txt"), "w") as f:
        f.write(report + "\n")
    last = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "LAST_TABLE.txt")
    if os.path.exists(last) and open(last).read().split() != report.split():
        print("\nnote: this table differs from interop/LAST_TABLE.txt, where the README's figures come "
              "from; after a full `make interop`: cp %s interop/LAST_TABLE.txt && ci/readme_counts.py --write"
              % os.path.join(a.out, "table.txt"))

    if unsound:
        print("\n%d cases where C++ CuTe is unsound (see %s):" %
              (len(unsound), os.path.join(a.out, "cxx-unsound.txt")))
        for rec in unsound[:2]:
            print(full(rec))
    if expect_fail:
        print("\n%d curated cases where C++ does not print the documented result:" % len(expect_fail))
        for c, ctext, _, _ in expect_fail[:10]:
            print("  %s: %s\n    documented %s\n    c++        %s" % (c.src, c.eval, c.expect, ctext))
    el = time.time() - t0
    print("\ninterop: %d cases over %d operations in %.0f s (%.0f CPU-s); %d disagreements%s"
          % (len(cases), len(table), el, cpu_seconds(), len(dis),
             "" if have_cutego else " (cutego not run: C++ and PyCuTe only)"))
    if dis:
        print("first %d disagreements (all in %s):" % (min(a.show, len(dis)),
                                                      os.path.join(a.out, "disagreements.txt")))
        for rec in dis[:a.show]:
            print(full(rec))
    if dis or expect_fail:
        return 1
    if not have_cutego and not a.no_cutego:
        return 2
    return 0


def cpu_seconds():
    """User + system CPU time of this process and its finished children (g++, the programs
    it built, cutego eval): the cost of a run on a shared machine, where wall time is not."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + ch.ru_utime + ch.ru_stime


def _derived(c):
    from .expr import to_cxx
    try:
        return to_cxx(c.node)
    except Exception:
        return None


if __name__ == "__main__":
    sys.exit(main())

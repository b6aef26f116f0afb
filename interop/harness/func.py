"""Layouts as functions, evaluated independently of both C++ CuTe and cutego: the second
line of evidence (functional equality) and the brute-force soundness check of composition.

Values of a layout are dicts {basis-modes tuple: coefficient} so that scaled-basis strides
(`1@0`) and plain integers (key ()) are handled alike."""

from .expr import Int, Tup, Lay, Basis, Sw, Composed, Under


class NotAFunction(Exception):
    pass


def flat(n):
    if isinstance(n, Tup):
        out = []
        for x in n.items:
            out.extend(flat(x))
        return out
    return [n]


def ival(n):
    if not isinstance(n, Int):
        raise NotAFunction("not an integer: %r" % (n,))
    return n.v


def size_of(n):
    if isinstance(n, Lay):
        p = 1
        for s in flat(n.shape):
            p *= ival(s)
        return p
    if isinstance(n, Composed):
        return size_of(n.b)
    if isinstance(n, (Int, Tup)):  # a shape as a layout
        p = 1
        for s in flat(n):
            p *= ival(s)
        return p
    raise NotAFunction(type(n).__name__)


def _vec(d):
    if isinstance(d, Int):
        return {(): d.v} if d.v else {}
    if isinstance(d, Basis):
        return {tuple(d.modes): d.v} if d.v else {}
    raise NotAFunction("stride %r" % (d,))


def _add(a, b, k=1):
    r = dict(a)
    for key, v in b.items():
        r[key] = r.get(key, 0) + k * v
        if r[key] == 0:
            del r[key]
    return r


def swizzle(b, m, s, x):
    ymsk = ((1 << b) - 1) << (m + max(0, s))
    y = x & ymsk
    return x ^ (y >> s if s >= 0 else y << -s)


class Fn:
    """A compiled layout-like function of a linear index (CuTe's 1-D coordinate)."""

    def __init__(self, node):
        self.node = node
        if isinstance(node, (Int, Tup)):
            node = Lay(node, None)
        if isinstance(node, Sw):
            # a swizzle as a function of the index, on every index (C++'s `L o -O o Sw`)
            self.kind = "sw"
            self.sw = node
            self.size = None
            return
        if isinstance(node, Lay):
            self.kind = "lay"
            self.shape = [ival(s) for s in flat(node.shape)]
            if node.stride is None:
                st, p = [], 1
                for s in self.shape:
                    st.append({(): p})
                    p *= s
                self.stride = st
            else:
                fs = flat(node.stride)
                if len(fs) != len(self.shape):
                    raise NotAFunction("shape/stride mismatch")
                self.stride = [_vec(d) for d in fs]
            self.size = 1
            for s in self.shape:
                self.size *= s
        elif isinstance(node, Composed):
            self.kind = "comp"
            self.inner = Fn(node.b)
            self.size = self.inner.size
            self.off = _vec(node.o) if isinstance(node.o, (Int, Basis)) else None
            if self.off is None:
                raise NotAFunction("tuple offset")
            if isinstance(node.a, Sw):
                self.outer = node.a
            else:
                self.outer = Fn(node.a)
        else:
            raise NotAFunction(type(node).__name__)

    def __call__(self, i):
        """i: int (1-D coordinate) or a value dict (only integer part is used)."""
        if isinstance(i, dict):
            if set(i) - {()}:
                raise NotAFunction("basis-valued argument")
            i = i.get((), 0)
        if self.kind == "sw":
            v = swizzle(self.sw.b, self.sw.m, self.sw.s, i)
            return {(): v} if v else {}
        if self.kind == "lay":
            r = {}
            n = len(self.shape)
            for k, s in enumerate(self.shape):
                if k == n - 1:
                    c = i
                else:
                    # C++ (and Go) truncate toward zero: a negative index gives negative
                    # coordinates, not Python's floor-division ones
                    q = abs(i) // s if s else 0
                    q = q if i >= 0 else -q
                    c, i = i - q * s, q
                if c:
                    r = _add(r, self.stride[k], c)
            return r
        x = _add(self.off, self.inner(i))
        if isinstance(self.outer, Sw):
            if set(x) - {()}:
                raise NotAFunction("swizzle of a basis value")
            v = swizzle(self.outer.b, self.outer.m, self.outer.s, x.get((), 0))
            return {(): v} if v else {}
        return self.outer(x)


LIMIT = 1 << 16


def functional_equal(a, b, limit=LIMIT):
    """(True|False|None, why). None: not comparable as functions."""
    try:
        fa, fb = Fn(a), Fn(b)
    except NotAFunction as e:
        return None, str(e)
    if fa.size != fb.size:
        return False, "sizes %d vs %d" % (fa.size, fb.size)
    n = fa.size
    step = 1 if n <= limit else n // limit + 1
    try:
        for i in range(0, n, step):
            if fa(i) != fb(i):
                return False, "differ at %d: %s vs %s" % (i, fa(i), fb(i))
    except NotAFunction as e:
        return None, str(e)
    return True, "equal on %d coordinates" % ((n + step - 1) // step)


def modes(lay):
    """The top-level modes of a layout node as layout nodes."""
    if isinstance(lay.shape, Tup):
        if not isinstance(lay.stride, Tup) or len(lay.stride.items) != len(lay.shape.items):
            raise NotAFunction("incongruent")
        return [Lay(s, d) for s, d in zip(lay.shape.items, lay.stride.items)]
    return [lay]


def check_composition(A, B, R, limit=LIMIT):
    """Is R = A o B by the definition R(c) = A(B(c)) for every c (and size(R) = size(B))?
    A tiler B (a tuple) composes mode by mode. Returns (True|False|None, why)."""
    try:
        if isinstance(B, Tup):
            if not isinstance(A, Lay) or not isinstance(R, Lay):
                return None, "by-mode composition of non-layouts"
            am, rm = modes(A), modes(R)
            if len(B.items) > len(am) or len(rm) != len(B.items):
                return False, "rank of result %d, tiler %d" % (len(rm), len(B.items))
            for j, bj in enumerate(B.items):
                if isinstance(bj, Under):
                    ok, why = functional_equal(am[j], rm[j], limit)
                else:
                    if isinstance(bj, Int):
                        bj = Lay(bj, Int(1))
                    ok, why = check_composition(am[j], bj, rm[j], limit)
                if not ok:
                    return ok, "mode %d: %s" % (j, why)
            return True, "by-mode definition holds"
        fa, fb, fr = Fn(A), Fn(B), Fn(R)
        if fr.size != fb.size:
            return False, "size(R)=%d, size(B)=%d" % (fr.size, fb.size)
        n = fb.size
        step = 1 if n <= limit else n // limit + 1
        for c in range(0, n, step):
            want = fa(fb(c))
            got = fr(c)
            if want != got:
                return False, "R(%d)=%s but A(B(%d))=%s" % (c, _fmt(got), c, _fmt(want))
        return True, "R(c)=A(B(c)) on %d coordinates" % ((n + step - 1) // step)
    except NotAFunction as e:
        return None, str(e)


def _fmt(v):
    if set(v) <= {()}:
        return str(v.get((), 0))
    return "+".join("%d@%s" % (c, "@".join(map(str, k))) for k, c in sorted(v.items()))


DIVIDES = ("logical_divide", "zipped_divide", "tiled_divide", "flat_divide")


def check_divide_tile(op, A, B, R, limit=LIMIT):
    """A necessary condition of every divide: its tile part is A o B. With a layout B, the
    first size(B) 1-D coordinates of R (the tile mode comes first and is the fastest) must
    give A(B(c)); for logical_divide with a tiler, the same holds in each divided mode.
    Returns (True|False|None, why)."""
    try:
        if isinstance(B, Tup):
            if op != "logical_divide" or not isinstance(A, Lay) or not isinstance(R, Lay):
                return None, "not checked"
            am, rm = modes(A), modes(R)
            if len(rm) < len(B.items):
                return False, "rank of result %d, tiler %d" % (len(rm), len(B.items))
            for j, bj in enumerate(B.items):
                if isinstance(bj, Under):
                    continue
                if isinstance(bj, Int):
                    bj = Lay(bj, Int(1))
                ok, why = check_divide_tile(op, am[j], bj, rm[j], limit)
                if ok is False:
                    return ok, "mode %d: %s" % (j, why)
            return True, "tile of every mode is A o B"
        if not isinstance(B, Lay):
            return None, "not checked"
        fa, fb, fr = Fn(A), Fn(B), Fn(R)
        n = min(fb.size, fr.size)
        step = 1 if n <= limit else n // limit + 1
        for c in range(0, n, step):
            if fr(c) != fa(fb(c)):
                return False, "R(%d)=%s but A(B(%d))=%s" % (c, _fmt(fr(c)), c, _fmt(fa(fb(c))))
        return True, "tile is A o B"
    except NotAFunction as e:
        return None, str(e)


def as_layout(b):
    """A tiler element as a layout: N -> N:1."""
    if isinstance(b, Int):
        return Lay(b, Int(1))
    return b


def concat(x, y):
    return Lay(Tup([x.shape, y.shape]), Tup([x.stride, y.stride]))


def check_def(A, L, R, limit=LIMIT):
    """R = A o L by R(c) = A(L(c)) for every c < size(L), size(R) = size(L)."""
    try:
        fa, fl, fr = Fn(A), Fn(L), Fn(R)
        if fr.size != fl.size:
            return False, "size(R)=%d, expected %d" % (fr.size, fl.size)
        n = fl.size
        step = 1 if n <= limit else n // limit + 1
        for c in range(0, n, step):
            if fr(c) != fa(fl(c)):
                return False, "R(%d)=%s but the definition gives %s" % (c, _fmt(fr(c)), _fmt(fa(fl(c))))
        return True, "definition holds on %d coordinates" % ((n + step - 1) // step)
    except NotAFunction as e:
        return None, str(e)


# Definitions with C++'s own intermediate results (aux), for the operations built on
# composition: aux_requests names the C++ intermediates to evaluate, check_with_aux checks a
# result against the definition.
#   logical_divide(A,B) = A o (B, complement(B, shape(coalesce(A))))  (by mode for a tiler)
#   zipped/tiled/flat_divide(A,B) with a layout B: the same function of the 1-D coordinate
#   logical_product(A,B) = (A, complement(A, size(A)*cosize(B)) o B)
from .expr import Call  # noqa: E402

PRODUCTS = ("logical_product", "zipped_product", "tiled_product", "flat_product",
            "blocked_product", "raked_product")
AUX_OPS = DIVIDES + PRODUCTS + ("tile_to_shape",)


def aux_requests(op, A, B):
    if op in DIVIDES:
        if isinstance(B, Lay):
            return [Call("complement", [B, Call("shape", [Call("coalesce", [A])])])]
        if isinstance(B, Tup) and isinstance(A, Lay):
            out = []
            for j, bj in enumerate(B.items):
                if isinstance(bj, Under):
                    out.append(None)
                else:
                    aj = Call("layout", [A, Int(j)])
                    out.append(Call("complement", [as_layout(bj),
                                                   Call("shape", [Call("coalesce", [aj])])]))
            return out
        return None
    if op in PRODUCTS and isinstance(B, Lay):
        return [Call("complement", [A, Call("elem_scale", [Call("size", [A]),
                                                           Call("cosize", [B])])])]
    if op in PRODUCTS and isinstance(B, Tup) and isinstance(A, Lay):
        # by mode: logical_product(layout<j>(A), B_j) for the modes of the tiler
        out = []
        for j, bj in enumerate(B.items):
            if isinstance(bj, Under):
                out.append(None)
                continue
            aj = Call("layout", [A, Int(j)])
            out.append(Call("complement", [aj, Call("elem_scale", [
                Call("size", [aj]), Call("cosize", [as_layout(bj)])])]))
        return out
    if op == "tile_to_shape" and isinstance(A, Lay) and isinstance(B, (Int, Tup)):
        # tile_to_shape(block, trg, ord) = coalesce(blocked_product(block,
        # make_ordered_layout(P, ord)), P), P = ceil_div(product_each(trg), block's modes)
        n = 1
        for x in tile_product_shape(A, B):
            n *= x
        return [Call("complement", [A, Int(size_of(A) * n)])]
    return None


def tile_product_shape(A, trg):
    """tile_to_shape's product shape: ceil_div(product_each(trg), product_each(shape of
    block padded to rank(trg)))."""
    tm = trg.items if isinstance(trg, Tup) else [trg]
    am = modes(A) if isinstance(A.shape, Tup) else [A]
    if len(am) > len(tm):
        raise NotAFunction("rank of the block exceeds the target's")
    out = []
    for k, t in enumerate(tm):
        b = size_of(am[k]) if k < len(am) else 1
        out.append(-(-size_of(t) // b))
    return out


def _image(fn, n=None):
    from collections import Counter
    n = fn.size if n is None else n
    return Counter(tuple(sorted(fn(c).items())) for c in range(n))


def _sum_images(a, b):
    from collections import Counter
    out = Counter()
    for x, m in a.items():
        for y, k in b.items():
            d = dict(x)
            for key, v in y:
                d[key] = d.get(key, 0) + v
            out[tuple(sorted((kk, vv) for kk, vv in d.items() if vv))] += m * k
    return out


def check_with_aux(op, A, B, R, aux):
    """aux: parsed C++ results of aux_requests (None where not needed). The rearranging
    variants (zipped/tiled/flat divides by a tiler, every product but logical_product) are
    checked by a necessary condition: the multiset of R's values equals the definition's."""
    try:
        if op == "tile_to_shape" or (op in PRODUCTS and isinstance(B, Tup)):
            # the values of block ⊕ complement(block, size(block)·size(P)) o O for O =
            # make_ordered_layout(P, ord), a bijection onto [0, size(P)): every order gives
            # the same multiset. By mode for a tiler of products.
            from collections import Counter
            want = _image(Fn(A))
            if op == "tile_to_shape":
                n = 1
                for x in tile_product_shape(A, B):
                    n *= x
                fx = Fn(aux[0])
                want = _sum_images(want, Counter(tuple(sorted(fx(c).items())) for c in range(n)))
            else:
                for j, bj in enumerate(B.items):
                    if isinstance(bj, Under):
                        continue
                    fx, fb = Fn(aux[j]), Fn(as_layout(bj))
                    want = _sum_images(want, Counter(tuple(sorted(fx(fb(c)).items()))
                                                     for c in range(fb.size)))
            if sum(want.values()) > 1 << 18:
                return None, "too large"
            got = _image(Fn(R))
            if got != want:
                return False, "the multiset of values differs from the definition's"
            return True, "same multiset of values as the definition"
        if (op in DIVIDES and op != "logical_divide" and isinstance(B, Tup)) or \
                (op in PRODUCTS and op != "logical_product"):
            if op in DIVIDES:
                am = modes(A)
                want = None
                for j, aj in enumerate(am):
                    if j < len(B.items) and not isinstance(B.items[j], Under):
                        img = _image(Fn(aj), None) if False else None
                        L = concat(as_layout(B.items[j]), aux[j])
                        fa, fl = Fn(aj), Fn(L)
                        from collections import Counter
                        img = Counter(tuple(sorted(fa(fl(c)).items())) for c in range(fl.size))
                    else:
                        img = _image(Fn(aj))
                    want = img if want is None else _sum_images(want, img)
            else:
                fa, fx, fb = Fn(A), Fn(aux[0]), Fn(B)
                from collections import Counter
                rest = Counter(tuple(sorted(fx(fb(c)).items())) for c in range(fb.size))
                want = _sum_images(_image(fa), rest)
            got = _image(Fn(R))
            if sum(got.values()) > 1 << 18:
                return None, "too large"
            if got != want:
                return False, "the multiset of values differs from the definition's"
            return True, "same multiset of values as the definition"
        if op in DIVIDES and isinstance(B, Lay):
            return check_def(A, concat(B, aux[0]), R)
        if op == "logical_divide" and isinstance(B, Tup):
            am, rm = modes(A), modes(R)
            if len(rm) != len(am):
                return False, "rank %d, A has rank %d" % (len(rm), len(am))
            for j in range(len(am)):
                if j >= len(B.items) or isinstance(B.items[j], Under):
                    ok, why = functional_equal(am[j], rm[j])
                else:
                    ok, why = check_def(am[j], concat(as_layout(B.items[j]), aux[j]), rm[j])
                if not ok:
                    return ok, "mode %d: %s" % (j, why)
            return True, "definition holds in every mode"
        if op == "logical_product":
            rm = modes(R)
            if len(rm) != 2:
                return False, "rank %d" % len(rm)
            ok, why = functional_equal(A, rm[0])
            if not ok:
                return ok, "mode 0 is not A: " + why
            ok, why = check_def(aux[0], B, rm[1])
            return ok, ("mode 1: " + why)
    except NotAFunction as e:
        return None, str(e)
    return None, "not checked"


def check_max_common(op, A, B, R, limit=LIMIT, relative=False):
    """Does cutego's answer R to max_common_vector(A, B) (an integer N) or
    max_common_layout(A, B) (a layout) satisfy CuTe's post-condition (layout.hpp)?
    max_common_layout: A(R(n)) = B(R(n)) = n for n < size(R). max_common_vector: for
    n < N some coordinate j has B(j) = n and A(j) = n (A and B agree on the first N
    elements). relative: the values are taken relative to A(0) and B(0) (a composed layout
    with an offset: the elements are contiguous in both, from wherever each starts).
    Returns (True|False|None, why)."""
    try:
        fa, fb = Fn(A), Fn(B)
        val = lambda n: {(): n} if n else {}
        if relative:
            a0, b0 = _int(fa(0)), _int(fb(0))
            fa0, fb0 = fa, fb
            fa = lambda j: val(_int(fa0(j)) - a0)
            fb = lambda j: val(_int(fb0(j)) - b0)
            fb.size = fb0.size
        rel = " - A(0)/B(0)" if relative else ""
        if op == "max_common_layout":
            fr = Fn(R)
            if fr.size > limit:
                return None, "too large to check"
            for n in range(fr.size):
                j = fr(n)
                if fa(j) != val(n) or fb(j) != val(n):
                    return False, "at %d: R = %s, A(R)%s = %s, B(R)%s = %s" % (n, j, rel, fa(j), rel, fb(j))
            return True, "A(R(n)) = B(R(n)) = n%s for n < %d" % (rel, fr.size)
        N = ival(R)
        if fb.size > limit:
            return None, "too large to check"
        want = set(range(N))
        for j in range(fb.size):
            b = fb(j)
            n = b.get((), 0) if not (set(b) - {()}) else None
            if n in want and fa(j) == val(n):
                want.discard(n)
        if want:
            return False, "no coordinate j with A(j) = B(j) = %d%s" % (min(want), rel)
        return True, "A and B agree on the first %d elements%s" % (N, rel)
    except NotAFunction as e:
        return None, str(e)


# ------------------------------------------------------------------ post-conditions
# CuTe's documented post-conditions (layout.hpp) of the operations whose C++ answer can be
# wrong, checked by brute force. Each returns (True|False|None, why); None: no verdict.

def _int(v):
    if set(v) - {()}:
        raise NotAFunction("basis value")
    return v.get((), 0)


def check_right_inverse(A, R, limit=LIMIT):
    """layout(result(i)) == i for all i < size(result), result(i) a non-negative index of
    layout, which is evaluated past its domain as CuTe does (the last mode takes the rest),
    as check_left_inverse evaluates R: right_inverse(Sw<3,0,-4> o 0 o 16:1) is itself,
    R(1) = 17 and A(17) = 1."""
    try:
        fa, fr = Fn(A), Fn(R)
        if fr.size is None:
            return None, "result has no size"
        if fr.size > limit:
            return None, "too large to check"
        for i in range(fr.size):
            x = _int(fr(i))
            if x < 0:
                return False, "R(%d) = %d is no index of A" % (i, x)
            got = _int(fa(x))
            if got != i:
                return False, "A(R(%d)) = %d, not %d" % (i, got, i)
        return True, "A(R(i)) = i for i < %d" % fr.size
    except NotAFunction as e:
        return None, str(e)


def check_left_inverse(A, R, limit=LIMIT):
    """layout(result(layout(i))) == layout(i) for all i < size(layout), result(layout(i)) a
    coordinate of layout."""
    try:
        fa, fr = Fn(A), Fn(R)
        if fa.size > limit:
            return None, "too large to check"
        # C++ meets it only where A is injective off its stride-0 modes (its left_inverse of
        # ((10,2),6,(2,16)):((2,32),1,(4,0)) maps A(4) = 8 to a coordinate where A is 0)
        inner = A.b if isinstance(A, Composed) else A
        if not isinstance(inner, Lay):
            return None, "not a layout"
        vals = set()
        for i in range(fa.size):
            k = tuple(sorted(fa(i).items()))
            vals.add(k)
        zero = 1
        for s, d in zip(flat(inner.shape), flat(inner.stride)):
            if not _vec(d):
                zero *= ival(s)
        if len(vals) * zero != fa.size:
            return None, "not injective off its stride-0 modes"
        for i in range(fa.size):
            a = fa(i)
            x = _int(fr(a))
            if not 0 <= x < fa.size:
                return False, "R(A(%d)) = %d is no coordinate of A (size %d)" % (i, x, fa.size)
            back = fa(x)
            if back != a:
                return False, "A(R(A(%d))) = %s, not A(%d) = %s" % (i, _fmt(back), i, _fmt(a))
        return True, "A(R(A(i))) = A(i) for i < %d" % fa.size
    except NotAFunction as e:
        return None, str(e)


def check_nullspace(A, R, limit=LIMIT):
    """layout(result(i)) == 0 for all i < size(result), and size(result) == size(layout) /
    size(filter(layout)) (for A o O o B: of B)."""
    try:
        inner = A.b if isinstance(A, Composed) else A
        if not isinstance(inner, Lay):
            return None, "not a layout"
        fa, fr = Fn(A), Fn(R)
        want = 1
        for s, d in zip(flat(inner.shape), flat(inner.stride)):
            if not _vec(d):
                want *= ival(s)
        if fr.size != want:
            return False, "size(R) = %d, size(B)/size(filter(B)) = %d" % (fr.size, want)
        if fr.size > limit:
            return None, "too large to check"
        for i in range(fr.size):
            v = fa(fr(i))
            if v:
                return False, "A(R(%d)) = %s, not 0" % (i, _fmt(v))
        return True, "A(R(i)) = 0 for i < %d" % fr.size
    except NotAFunction as e:
        return None, str(e)


def _slice_index(shape, crd):
    """For a coordinate crd (a node holding `_`s) of a shape node: the sizes of the `_`
    positions and the function that maps their 1-D coordinates (one a position) to the 1-D
    index of the whole coordinate (positions in colexicographic order, as CuTe's slice
    keeps the modes of the `_`s)."""
    free = []   # (size, multiplier)
    fixed = [0]

    def go(s, c, mult):
        n = 1
        for x in flat(s):
            n *= ival(x)
        if isinstance(c, Under):
            free.append((n, mult))
        elif isinstance(c, Int):
            if not 0 <= c.v < n:
                raise NotAFunction("coordinate out of range")
            fixed[0] += c.v * mult
        elif isinstance(c, Tup):
            if not isinstance(s, Tup) or len(s.items) != len(c.items):
                raise NotAFunction("coordinate not congruent")
            m = mult
            for si, ci in zip(s.items, c.items):
                go(si, ci, m)
                m *= size_of(si)
        else:
            raise NotAFunction("coordinate %r" % (c,))
        return n
    go(shape, crd, 1)
    return free, fixed[0]


def check_slice(L, crd, R, limit=LIMIT):
    """R is L sliced at crd: R(j) + k = L(c_j) for every 1-D coordinate j of the `_` part
    (c_j the coordinate agreeing with crd off its `_`s) and one constant k (the offset that
    slicing drops)."""
    try:
        inner = L.b if isinstance(L, Composed) else L
        if not isinstance(inner, Lay):
            return None, "not a layout"
        if isinstance(crd, Int) and isinstance(inner.shape, Tup):
            return None, "1-D coordinate"
        free, base = _slice_index(inner.shape, crd)
        fl, fr = Fn(L), Fn(R)
        n = 1
        for sz, _ in free:
            n *= sz
        if fr.size != n:
            return False, "size(R) = %d, the `_` modes have %d elements" % (fr.size, n)
        if n > limit:
            return None, "too large to check"
        k = None
        for j in range(n):
            idx, q = base, j
            for sz, mult in free:
                idx += (q % sz) * mult
                q //= sz
            want = _int(fl(idx))
            got = _int(fr(j))
            if k is None:
                k = want - got
            elif want - got != k:
                return False, "R(%d) = %d, but L at that coordinate is %d (R(0) + %d)" % (
                    j, got, want, k)
        return True, "R(j) + %d = L(c_j) for j < %d" % (k or 0, n)
    except NotAFunction as e:
        return None, str(e)


def check_max_common_relative(op, A, B, R, limit=LIMIT):
    """check_max_common up to the values at coordinate 0 (see its relative argument)."""
    return check_max_common(op, A, B, R, limit, relative=True)

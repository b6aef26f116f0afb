"""The C extension's fast paths against the Python functions they stand in front of.

With cutego._cext, each public function is a _cext.Function that takes the common argument
forms in C and hands the rest to the Python function it wraps (``__wrapped__``, which calls
libcutego through ctypes). Here both answer the same inputs, many near the edges of the
fast paths (int64 limits, the bound below which cutego_device.h's evaluators cannot
overflow, capacity, odd types), and must agree: the same value, or the same cutego.Error
kind. The C encoder of Layout(shape, stride) must give the struct of the Python encoder.
L(c), crd2idx, idx2crd, size and cosize are thereby checked against libcutego's own
(Go) answers. On the ctypes path (CUTEGO_PURE=1) the functions have no __wrapped__ and
each is compared with itself: the run then only checks that every input is answered or
refused, never crashes.
"""

import random
import unittest

import cutego
from cutego import Layout, _ffi
from cutego._codec import encode_layout

BIG = [2**29, 2**29 + 1, 2**31, 2**40, 2**62, 2**63 - 1, -2**63, 2**63, 2**70]


def outcome(f, *args):
    try:
        r = f(*args)
    except cutego.Error as e:
        return ("Error", e.op, e.kind, e.reason)
    except TypeError as e:  # a call form the function does not take
        return ("TypeError", str(e))
    if isinstance(r, Layout):
        return ("Layout", r.shape, r.stride)
    return ("value", r)


def slow(f):
    return getattr(f, "__wrapped__", f)


def random_layouts(rnd, n):
    out = []
    for _ in range(n):
        rank = rnd.randint(1, 3)
        s, d = [], []
        for _ in range(rank):
            if rnd.random() < 0.3:
                k = rnd.randint(1, 3)
                s.append(tuple(rnd.randint(1, 6) for _ in range(k)))
                d.append(tuple(rnd.choice([0, 1, 2, 3, 4, 8, 16, 24, -1, -3]) for _ in range(k)))
            else:
                s.append(rnd.randint(1, 8))
                d.append(rnd.choice([0, 1, 2, 4, 6, 8, 32, -2]))
        if rank == 1 and rnd.random() < 0.5:
            out.append(Layout(s[0], d[0]))
        else:
            out.append(Layout(tuple(s), tuple(d)))
    # values at the edges of the fast paths
    out += [Layout(4, 2**29), Layout((2, 2**29), (2**29, 1)), Layout((3, 5), (2**30, 2**31)),
            Layout((2, 2), (2**62, 1)), Layout((2, 2), (2**62, -2**62)), Layout(2**62, 1),
            Layout((2**32, 2**32), (1, 2**32)), Layout((2**40, 2**40, 2**40), (1, 1, 1)),
            Layout((2,) * 16, (1,) * 16), Layout((7, (3, 1)), (-5, (0, 2**20)))]
    return out


def coords(rnd, L):
    cs = [0, 1, 5, 16, -1, -7, 2**29, -2**29, 2**30, 2**62, 2**63 - 1, -2**63]
    s = L.shape
    if isinstance(s, tuple):
        cs.append(tuple(rnd.randint(-3, 9) for _ in s))
        cs.append(tuple(2**40 for _ in s))
        cs.append(tuple(x if isinstance(x, int) else tuple(rnd.randint(0, 5) for _ in x) for x in s))
        cs.append(tuple(x if isinstance(x, int) else tuple(2**31 for _ in x) for x in s))
        cs.append(tuple(0 for _ in s) + (0,))
        cs.append((1, (2, 3)))
    cs += [(1,), (), (1, 2, 3, 4), ((1,),), (True,), (1.0,)]
    return cs


class FastPaths(unittest.TestCase):
    def test_the_path(self):
        # the extension imports wherever the wheel was built for this Python, unless
        # CUTEGO_PURE=1 or CUTEGO_LIBRARY chose the ctypes path
        import os
        pure = os.environ.get("CUTEGO_PURE") == "1" or bool(os.environ.get("CUTEGO_LIBRARY"))
        if pure:
            self.assertIsNone(_ffi.cext, _ffi.CEXT_STATUS)
        if _ffi.cext is not None:
            self.assertIsInstance(Layout(4), _ffi.cext.LayoutCore)
            self.assertTrue(hasattr(cutego.composition, "__wrapped__"))
            self.assertEqual(_ffi.cext.library_path(), _ffi.LIBRARY_PATH)

    def test_construction_matches_the_python_encoder(self):
        cases = [(4, 1), ((2, 3), (1, 2)), ((2, (3, 4)), (1, (2, 6))), ((2, (3, (4, 5))), (1, (2, (6, 24)))),
                 ((8,), (1,)), (((2, 2), 3), ((1, 2), 4)), ((2,) * 16, (1,) * 16), ((2,) * 17, (1,) * 17),
                 (4, -3), (4, 0), (2**63 - 1, 1), (4, -2**63), (2**63, 1), (4, 2**63), (0, 1), (-3, 1),
                 ((2, 0), (1, 2)), ((), ()), ((2, ()), (1, ())), ([2, 3], [1, 2]), ((2, 3), [1, 2]),
                 (True, 1), (4, 1.0), ((2, 3), (1,)), ((2, 3), 1), (2, (1, 2)), (None, None),
                 ((2, 3), None), (((2, 2), 3), None), (4, None), ((2**40, 2**40, 2**40), None),
                 (("2", 3), (1, 2)), (((((((((1,),),),),),),),), ((((((((1,),),),),),),),))]
        for s, d in cases:
            with self.subTest(shape=s, stride=d):
                got = outcome(lambda: bytes(Layout(s, d)._c))
                want = outcome(lambda: bytes(encode_layout(s, d, "Layout")))
                if want[0] == "Error":
                    self.assertEqual(want[:3], got[:3])
                else:
                    self.assertEqual(want, got)
                    L = Layout(s, d)
                    self.assertEqual(L, Layout(L.shape, L.stride))

    def test_evaluation_matches_libcutego(self):
        rnd = random.Random(11)
        for L in random_layouts(rnd, 150):
            for c in coords(rnd, L):
                with self.subTest(layout=str(L), coordinate=c):
                    want = outcome(L._call_slow, c)
                    self.assertEqual(want, outcome(L, c))
                    self.assertEqual(want, outcome(cutego.crd2idx, c, L))
                    self.assertEqual(outcome(slow(cutego.crd2idx), c, L.shape, L.stride),
                                     outcome(cutego.crd2idx, c, L.shape, L.stride))
            if isinstance(L.shape, tuple) and len(L.shape) > 1:
                self.assertEqual(outcome(L._call_slow, *L.shape), outcome(L, *L.shape))
            with self.subTest(layout=str(L), what="size, cosize"):
                self.assertEqual(outcome(slow(cutego.size), L), outcome(cutego.size, L))
                self.assertEqual(outcome(slow(cutego.cosize), L), outcome(cutego.cosize, L))
                self.assertEqual(outcome(slow(Layout.size), L), outcome(L.size))
                self.assertEqual(outcome(slow(Layout.cosize), L), outcome(L.cosize))

    def test_idx2crd_matches_libcutego(self):
        shapes = [4, (3, (2, 3)), ((2, 2), 3), (1,), (2,) * 16, (2,) * 17, (0, 0), (3, 0), (-2, 3),
                  (2, ()), (), [2, 3], (True, 2), (2**63 - 1, 2), (2**64, 2), Layout((3, 4), (9, 1)),
                  Layout((2, 2**62), (1, 0))]
        for s in shapes:
            for i in (0, 1, 5, 16, 23, -1, -17, 2**40, 2**63 - 1, -2**63, 2**63, 2**70):
                with self.subTest(shape=str(s), index=i):
                    self.assertEqual(outcome(slow(cutego.idx2crd), i, s), outcome(cutego.idx2crd, i, s))
        self.assertEqual(outcome(slow(cutego.idx2crd), (1, 5), (3, (2, 3))),
                         outcome(cutego.idx2crd, (1, 5), (3, (2, 3))))
        self.assertEqual(outcome(slow(cutego.idx2crd), 16, (3, 6), (1, 3)),
                         outcome(cutego.idx2crd, 16, (3, 6), (1, 3)))

    def test_algebra_matches_the_ctypes_calls(self):
        rnd = random.Random(12)
        ls = random_layouts(rnd, 60)
        unary = [cutego.coalesce, cutego.filter, cutego.filter_zeros, cutego.right_inverse,
                 cutego.left_inverse, cutego.nullspace]
        tiler = [cutego.composition, cutego.logical_divide, cutego.zipped_divide,
                 cutego.tiled_divide, cutego.flat_divide, cutego.logical_product,
                 cutego.zipped_product, cutego.tiled_product, cutego.flat_product]
        for A in ls:
            B = rnd.choice(ls)
            args = [B, (B,), (B, None), (None, B), (B, B), 2, 4, -1, 0, 2**70, None, "2:1", (2, None),
                    (Layout(2, 1), Layout(2, 2)), tuple([Layout(1)] * 17), [B]]
            for f in unary:
                with self.subTest(f=f.__name__, a=str(A)):
                    self.assertEqual(outcome(slow(f), A), outcome(f, A))
                    self.assertEqual(outcome(slow(f), A, None), outcome(f, A, None))
                    self.assertEqual(outcome(slow(f), A, 1), outcome(f, A, 1))
            for cot in (None, 1, 24, 1000, 2**62, 2**63, -4, 0, (4, 6)):
                with self.subTest(f="complement", a=str(A), cotarget=cot):
                    self.assertEqual(outcome(slow(cutego.complement), A, cot), outcome(cutego.complement, A, cot))
            with self.subTest(f="complement", a=str(A)):
                self.assertEqual(outcome(slow(cutego.complement), A), outcome(cutego.complement, A))
            for f in tiler + [cutego.blocked_product, cutego.raked_product]:
                for b in args:
                    with self.subTest(f=f.__name__, a=str(A), b=str(b)):
                        self.assertEqual(outcome(slow(f), A, b), outcome(f, A, b))
        # forms that go to the Python function: ints, None, keywords, swizzles
        self.assertEqual(Layout(4), cutego.right_inverse(4))
        self.assertIsNone(cutego.left_inverse(None))
        self.assertEqual(cutego.coalesce(layout=Layout((2, 3))), Layout(6))
        self.assertEqual(Layout(12), cutego.coalesce(Layout((2, (1, 6)), (1, (6, 2))), 1))
        self.assertEqual("6:4", cutego.complement(4, 24).format())
        sw = cutego.Swizzle(3, 4, 3)
        self.assertIsInstance(cutego.composition(sw, Layout((8, 64), (64, 1))), cutego.ComposedLayout)

    def test_results_are_layout_values(self):
        R = cutego.coalesce(Layout((2, (3, 4)), (1, (2, 6))))
        self.assertIs(type(R), Layout)
        self.assertEqual((24, 1), (R.shape, R.stride))
        self.assertEqual(Layout(24, 1), R)
        self.assertEqual(hash(Layout(24, 1)), hash(R))
        self.assertEqual("24:1", str(R))
        import pickle
        import weakref
        self.assertEqual(R, pickle.loads(pickle.dumps(R)))
        self.assertIs(weakref.ref(R)(), R)
        with self.assertRaises(AttributeError):
            R.shape = 3
        with self.assertRaises(AttributeError):
            R.extra = 3  # no __dict__: a value
        with self.assertRaises(TypeError):
            Layout()
        with self.assertRaises(TypeError):
            Layout(1, 2, 3)
        self.assertEqual(Layout((2, 3), (3, 1)), Layout(_shape=(2, 3), _stride=(3, 1)))

    def test_function_objects_read_like_the_python_functions(self):
        import inspect
        for name in ("composition", "coalesce", "size", "idx2crd"):
            f = getattr(cutego, name)
            self.assertEqual(name, f.__name__)
            self.assertIn("is CuTe's " + name, inspect.getdoc(f))
            self.assertIn("(", str(inspect.signature(f)))
        self.assertEqual(["_shape", "_stride"],
                         list(inspect.signature(Layout.__init__).parameters)[1:])


if __name__ == "__main__":
    unittest.main()

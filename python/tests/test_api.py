"""The Python API itself: CuTe's documented examples written as Python (expected values from
CuTe's 02_layout_algebra.md / 01_layout.md, which the interop run checks against C++),
the Layout value type, PyCuTe's call conventions, pictures, docstrings and type hints."""

import inspect
import pickle
import unittest

import cutego
from cutego import Layout


class DocumentedExamples(unittest.TestCase):
    # (function, arguments, CuTe's documented result)
    def test_algebra_from_the_cute_docs(self):
        cases = [
            (cutego.coalesce, (Layout((2, (1, 6)), (1, (6, 2))),), "12:1"),
            (cutego.coalesce, (Layout((2, (1, 6)), (1, (6, 2))), (1, 1)), "(2,6):(1,2)"),
            (cutego.composition, (Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1))), "((2,2),3):((24,2),8)"),
            (cutego.composition, (Layout(20, 2), Layout((5, 4), (4, 1))), "(5,4):(8,2)"),
            (cutego.composition, (Layout((10, 2), (16, 4)), Layout((5, 4), (1, 5))), "(5,(2,2)):(16,(80,4))"),
            (cutego.composition, (Layout((12, (4, 8)), (59, (13, 1))), (Layout(3, 4), Layout(8, 2))),
             "(3,(2,4)):(236,(26,1))"),
            (cutego.composition, (Layout((12, (4, 8)), (59, (13, 1))), (3, 8)), "(3,(4,2)):(59,(13,1))"),
            (cutego.complement, (Layout(4, 1), 24), "6:4"),
            (cutego.complement, (Layout(6, 4), 24), "4:1"),
            (cutego.complement, (Layout((4, 6), (1, 4)), 24), "1:0"),
            (cutego.complement, (Layout((2, 2), (1, 6)), 24), "(3,2):(2,12)"),
            (cutego.logical_divide, (Layout((4, 2, 3), (2, 1, 8)), Layout(4, 2)), "((2,2),(2,3)):((4,1),(2,8))"),
            (cutego.logical_divide, (Layout((9, (4, 8)), (59, (13, 1))), (Layout(3, 3), Layout((2, 4), (1, 8)))),
             "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"),
            (cutego.zipped_divide, (Layout((9, (4, 8)), (59, (13, 1))), (Layout(3, 3), Layout((2, 4), (1, 8)))),
             "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"),
            (cutego.logical_product, (Layout((2, 2), (4, 1)), Layout(6, 1)), "((2,2),(2,3)):((4,1),(2,8))"),
            # by hand: complement((2,2):(4,1), 4*8) = (2,4):(2,8); composed with (4,2):(2,1)
            (cutego.logical_product, (Layout((2, 2), (4, 1)), Layout((4, 2), (2, 1))),
             "((2,2),(4,2)):((4,1),(8,2))"),
            (cutego.blocked_product, (Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3))),
             "((2,3),(5,4)):((5,10),(1,30))"),
            (cutego.raked_product, (Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3))),
             "((3,2),(4,5)):((10,5),(30,1))"),
        ]
        for f, args, want in cases:
            with self.subTest(f=f.__name__, args=[str(a) for a in args]):
                self.assertEqual(want, f(*args).format())

    def test_coordinates_from_the_cute_docs(self):
        # 01_layout.md: the coordinates of (3,(2,3)) and its layout with stride (3,(12,1))
        shape = (3, (2, 3))
        self.assertEqual((1, (1, 2)), cutego.idx2crd(16, shape))
        self.assertEqual((1, (1, 2)), cutego.idx2crd((1, 5), shape))
        self.assertEqual(16, cutego.crd2idx((1, 5), shape))
        self.assertEqual(16, cutego.crd2idx((1, (1, 2)), shape))
        L = Layout(shape, (3, (12, 1)))  # (1,(1,2)) -> 1*3 + 1*12 + 2*1
        self.assertEqual(17, L(16))
        self.assertEqual(17, L(1, 5))
        self.assertEqual(17, L((1, (1, 2))))
        self.assertEqual(17, cutego.crd2idx(16, shape, (3, (12, 1))))


class LayoutValue(unittest.TestCase):
    def test_construction_and_access(self):
        L = Layout((2, (3, 4)), (1, (2, 6)))
        self.assertEqual((2, (3, 4)), L.shape)
        self.assertEqual((1, (2, 6)), L.stride)
        self.assertEqual(2, len(L))
        self.assertEqual(Layout((3, 4), (2, 6)), L[1])
        self.assertEqual(Layout((3, 4), (2, 6)), L[-1])
        self.assertEqual([Layout(2, 1), Layout((3, 4), (2, 6))], list(L))
        self.assertEqual(24, cutego.size(L))
        self.assertEqual(24, L.cosize())
        self.assertEqual(2, L.depth())
        self.assertEqual("(2, (3, 4)):(1, (2, 6))", str(L))  # PyCuTe's str
        self.assertEqual("(2,(3,4)):(1,(2,6))", L.format())  # CuTe's printed form
        self.assertEqual(Layout((2, 3, 4), (1, 2, 6)), Layout((2, 3, 4)))  # column-major
        self.assertEqual(Layout((4, 3), (3, 1)), cutego.make_layout_right((4, 3)))
        self.assertEqual(L, Layout.parse("(_2,(_3,_4)):(_1,(_2,_6))"))
        with self.assertRaises(IndexError):
            L[2]

    def test_value_semantics(self):
        L = Layout((4, 8), (8, 1))
        self.assertEqual(hash(L), hash(Layout((4, 8), (8, 1))))
        self.assertNotEqual(L, Layout((4, 8), (1, 4)))
        self.assertNotEqual(Layout(4, 1), Layout((4,), (1,)))  # as PyCuTe: tuples compare
        self.assertEqual(L, pickle.loads(pickle.dumps(L)))
        with self.assertRaises(AttributeError):
            L.shape = 3
        self.assertEqual({L: 1}[Layout((4, 8), (8, 1))], 1)

    def test_slicing_with_none(self):
        L = Layout((4, 8), (8, 1))
        self.assertEqual(Layout((8,), (1,)), L(2, None))  # PyCuTe's slice: a tuple of modes
        self.assertEqual(Layout((4,), (8,)), L(None, 3))
        self.assertEqual((Layout((4,), (8,)), 3), cutego.slice_and_offset((None, 3), L))

    def test_pycute_conventions(self):
        self.assertIsNone(cutego.right_inverse(None))
        self.assertEqual(Layout(4), cutego.left_inverse(4))
        A = Layout((4, 6), (1, 4))
        self.assertIs(A, cutego.composition(A, None))
        # a by-mode tuple tiler drops A's modes beyond its rank (C++; PyCuTe kept them)
        self.assertEqual(Layout((2,), (1,)), cutego.composition(Layout((8, 3, 10), (1, 8, 24)), (2,)))
        self.assertIs(A, cutego.logical_divide(A, None))
        self.assertEqual(Layout(((2, 2), 6), ((1, 2), 4)), cutego.logical_divide(A, (2, None)))
        self.assertEqual(cutego.composition(A, "(2:2,3:1)"), cutego.composition(A, (Layout(2, 2), Layout(3, 1))))
        self.assertEqual(cutego.make_layout(Layout(2, 1), Layout(3, 2)),
                         cutego.make_layout([Layout(2, 1), Layout(3, 2)]))
        self.assertEqual(Layout((2, 3), (1, 2)), cutego.make_layout(Layout(2, 1), Layout(3, 2)))
        self.assertEqual((1, 2, 3), cutego.flatten(((1, 2), 3)))
        self.assertEqual(Layout((2, 3, 4), (1, 2, 6)), cutego.flatten(Layout((2, (3, 4)), (1, (2, 6)))))
        self.assertEqual(24, cutego.product((2, (3, 4))))
        self.assertEqual((1, 2), cutego.shape_div((3, 4), 6))
        self.assertEqual(((1, 2), 6), cutego.prefix_product(((2, 3), 4)))
        self.assertEqual(15, cutego.inner_product(((2, 3), 4), ((2, 1), 2)))

    def test_swizzle(self):
        sw = cutego.Swizzle(3, 4, 3)
        # Swizzle<3,4,3>: bits 7-9 xor-ed into bits 4-6
        for x in (0, 1, 0x80, 0x3f0, 12345):
            self.assertEqual(x ^ ((x & (7 << 7)) >> 3), sw(x))
        self.assertEqual("Sw<3,4,3>", sw.format())
        C = cutego.composition(sw, Layout((8, 64), (64, 1)))
        self.assertIsInstance(C, cutego.ComposedLayout)
        self.assertEqual("Sw<3,4,3> o 0 o (8,64):(64,1)", C.format())
        for i in (0, 5, 77, 511):
            self.assertEqual(sw(Layout((8, 64), (64, 1))(i)), C(i))
        self.assertEqual(C, cutego.ComposedLayout.parse("Sw<3,4,3> o 0 o (8,64):(64,1)"))
        C2 = cutego.composition(C, Layout(8, 64))
        # (8,64):(64,1) o 8:64: the stride 64 passes the first mode (8) and walks the second by 8
        self.assertEqual("Sw<3,4,3> o 0 o 8:8", C2.format())


class Pictures(unittest.TestCase):
    def test_repr_is_print_layout(self):
        L = Layout((2, 3), (3, 1))
        want = ("(2,3):(3,1)\n"
                "      0   1   2 \n"
                "    +---+---+---+\n"
                " 0  | 0 | 1 | 2 |\n"
                "    +---+---+---+\n"
                " 1  | 3 | 4 | 5 |\n"
                "    +---+---+---+")
        self.assertEqual(want, repr(L))
        self.assertEqual(want + "\n", cutego.print_layout_text(L))
        self.assertEqual("Layout((2, 2, 2),(1, 2, 4))", repr(Layout((2, 2, 2))))
        with self.assertRaises(cutego.Error):
            cutego.print_layout_text(Layout((2, 2, 2)))

    def test_svg_for_jupyter(self):
        svg = Layout((4, 8), (8, 1))._repr_svg_()
        self.assertIn("<svg", svg)
        self.assertEqual(32, svg.count("<rect"))
        self.assertIsNone(Layout((2, 2, 2))._repr_svg_())
        self.assertIn("tikzpicture", cutego.print_latex(Layout((2, 2))))


class Documentation(unittest.TestCase):
    def test_docstrings_read_like_the_go_doc(self):
        for name in ("composition", "complement", "logical_divide", "zipped_divide",
                     "tiled_divide", "logical_product", "blocked_product", "raked_product",
                     "right_inverse", "left_inverse", "coalesce", "filter", "crd2idx",
                     "idx2crd", "size", "cosize", "shape_div", "prefix_product", "product"):
            doc = inspect.getdoc(getattr(cutego, name))
            with self.subTest(name=name):
                self.assertTrue(doc and ("is CuTe's " + name) in doc, doc)
        self.assertIn("A o B", inspect.getdoc(cutego.composition))
        self.assertIn("#3177", inspect.getdoc(cutego.composition))

    def test_type_hints(self):
        import typing
        hints = typing.get_type_hints(cutego.Layout.__init__, vars(cutego.layout))
        self.assertIn("_shape", hints)
        self.assertIn("return", typing.get_type_hints(cutego.composition, vars(cutego.layout)))
        self.assertTrue(issubclass(cutego.Error, ValueError))


if __name__ == "__main__":
    unittest.main()

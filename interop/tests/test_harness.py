"""Self-tests of the harness: parsing/rendering, the functional checks, classification, and
an end-to-end run against a deliberately wrong fake cutego (the harness must fail on it)."""

import os
import stat
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from harness import expr, func, gen  # noqa: E402
from harness.expr import Int  # noqa: E402
from harness.cases import Case  # noqa: E402
from harness.run import classify, strip_marks  # noqa: E402

TOP = os.path.dirname(os.path.dirname(HERE))


class TestExpr(unittest.TestCase):
    def test_roundtrip(self):
        for s in ["(4,5):(16,64)", "8:1", "(2,(3,4)):(1,(2,6))", "composition((4,5):(16,64),(2,_))",
                  "Sw<3,4,3>(128)", "(4,5):(1,4)(_,2)", "upcast((4,8):(8,1),2)", "()",
                  "(8)", "Sw<3,4,3> o 0 o (8,64):(64,1)", "(4,5):(1@0,1@1)",
                  "make_layout((4,5),LayoutRight)", "-3"]:
            self.assertEqual(expr.to_eval(expr.parse(s)), s)

    def test_apply_rank1_coordinate(self):
        n = expr.Apply(expr.parse("((2,3)):((1,2))"), expr.Tup([expr.parse("(1,2)")]))
        back = expr.parse(expr.to_eval(n))
        self.assertEqual(expr.to_cxx(back), expr.to_cxx(n))
        self.assertEqual(expr.to_eval(expr.parse("(4,5):(1,4)((1,2))")), "(4,5):(1,4)(1,2)")

    def test_cute_marks(self):
        self.assertEqual(expr.to_eval(expr.parse("(_4,_5):(_16,_64)")), "(4,5):(16,64)")
        self.assertEqual(strip_marks("(_4,_5):(_16,_1@0)"), "(4,5):(16,1@0)")
        self.assertEqual(strip_marks("Sw<3,4,3> o _0 o _8:_-1"), "Sw<3,4,3> o 0 o 8:-1")

    def test_cxx(self):
        self.assertEqual(expr.to_cxx(expr.parse("upcast(8:1,2)")),
                         "upcast<2>(make_layout(Int<8>{},Int<1>{}))")
        self.assertEqual(expr.to_cxx(expr.parse("composition((4,5):(1,4),(2,_))")),
                         "composition(make_layout(cute::make_tuple(Int<4>{},Int<5>{}),"
                         "cute::make_tuple(Int<1>{},Int<4>{})),cute::make_tuple(Int<2>{},_))")


class TestExprFamilies(unittest.TestCase):
    def test_cxx_spellings(self):
        L = "make_layout(cute::make_tuple(Int<4>{},Int<6>{}),cute::make_tuple(Int<1>{},Int<4>{}))"
        self.assertEqual(expr.to_cxx(expr.parse("size((4,6):(1,4),1)")), "size<1>(%s)" % L)
        self.assertEqual(expr.to_cxx(expr.parse("size((4,6):(1,4))")), "size(%s)" % L)
        self.assertEqual(expr.to_cxx(expr.parse("depth((4,6):(1,4),0)")), "depth<0>(%s)" % L)
        self.assertEqual(expr.to_cxx(expr.parse("with_shape((4,6):(1,4),(2,12))")),
                         "(%s).with_shape(cute::make_tuple(Int<2>{},Int<12>{}))" % L)
        self.assertEqual(expr.to_cxx(expr.parse("local_tile((4,6):(1,4),(2,3),(1,_))")),
                         "local_tile(make_tensor(counting_iterator<int>(0), %s), "
                         "cute::make_tuple(Int<2>{},Int<3>{}),cute::make_tuple(Int<1>{},_)).layout()"
                         % L)
        # L(x,y) is L(make_coord(x,y)), but a rank-1 coordinate (_) stays a tuple
        self.assertEqual(expr.to_cxx(expr.parse("(4,6):(1,4)(_,1)")), "(%s)(_,Int<1>{})" % L)
        self.assertEqual(expr.to_cxx(expr.parse("5:1((_))")),
                         "(make_layout(Int<5>{},Int<1>{}))(cute::make_tuple(_))")

    def test_composed_applied(self):
        # `(Sw o O o L)(c)` would read as a rank-1 tuple applied to c
        n = expr.Apply(expr.parse("Sw<2,2,3> o 4 o (6,5):(1,6)"), expr.parse("(_,1)"))
        self.assertEqual(expr.to_eval(n), "make_composed_layout(Sw<2,2,3>,4,(6,5):(1,6))(_,1)")
        self.assertEqual(expr.to_cxx(expr.parse(expr.to_eval(n))), expr.to_cxx(n))

    def test_group_of(self):
        from harness.cases import group_of
        self.assertEqual(group_of(expr.parse("local_partition((8,8):(1,8),(2,4):(1,2),3)")), "tensor")
        self.assertEqual(group_of(expr.parse("size(local_tile((8,8):(1,8),(2,4),(1,_)))")), "tensor")
        self.assertEqual(group_of(expr.parse("coalesce((8,8):(1,8))")), "core")


class TestFunc(unittest.TestCase):
    def test_composition_check(self):
        A = expr.parse("(4,5):(16,64)")
        ok, _ = func.check_composition(A, expr.parse("(2,5):(2,4)"), expr.parse("(2,5):(32,64)"))
        self.assertTrue(ok)
        ok, _ = func.check_composition(A, expr.parse("(2,5):(2,4)"), expr.parse("(2,5):(32,65)"))
        self.assertFalse(ok)
        # a stride that does not divide across modes: (4,6):(1,10) o 4:3 is not 4:3
        ok, _ = func.check_composition(expr.parse("(4,6):(1,10)"), expr.parse("4:3"),
                                       expr.parse("4:3"))
        self.assertFalse(ok)

    def test_divide_tile(self):
        A = expr.parse("(4,2,3):(2,1,8)")
        ok, _ = func.check_divide_tile("logical_divide", A, expr.parse("4:2"),
                                       expr.parse("((2,2),(2,3)):((4,1),(2,8))"))
        self.assertTrue(ok)
        ok, _ = func.check_divide_tile("logical_divide", A, expr.parse("4:2"),
                                       expr.parse("((2,2),(2,3)):((4,2),(2,8))"))
        self.assertFalse(ok)
        ok, _ = func.check_divide_tile("logical_divide", expr.parse("(9,(4,8)):(59,(13,1))"),
                                       expr.parse("(3:3,(2,4):(1,8))"),
                                       expr.parse("((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"))
        self.assertTrue(ok)

    def test_functional(self):
        self.assertTrue(func.functional_equal(expr.parse("(2,4):(1,2)"), expr.parse("8:1"))[0])
        self.assertFalse(func.functional_equal(expr.parse("(2,4):(1,2)"), expr.parse("8:2"))[0])
        self.assertTrue(func.functional_equal(expr.parse("Sw<3,4,3> o 0 o 1024:1"),
                                              expr.parse("Sw<3,4,3> o 0 o (512,2):(1,512)"))[0])
        self.assertEqual(func.swizzle(3, 4, 3, 128), 144)


class TestPostconditions(unittest.TestCase):
    P = staticmethod(expr.parse)

    def test_swizzle_last(self):
        # C++'s left_inverse(Sw<1,0,-2> o 4 o (4):(1)) = 4:1 o -4 o Sw<1,0,-2>: a layout
        # composed after a swizzle, evaluated as L(-4 + Sw(x))
        f = func.Fn(self.P("4:1 o -4 o Sw<1,0,-2>"))
        self.assertEqual([f(x) for x in (4, 1, 6, 3)], [{}, {(): 1}, {(): 2}, {(): 3}])
        ok, _ = func.check_left_inverse(self.P("Sw<1,0,-2> o 4 o (4):(1)"),
                                        self.P("4:1 o -4 o Sw<1,0,-2>"))
        self.assertTrue(ok)

    def test_inverses(self):
        A = self.P("Sw<1,0,-4> o 0 o (((4,8),3,(2,2)),1,1):(((64,8),256,(1,3840)),4602,0)")
        # C++'s right inverse: R(1) = 1632, and A(1632) = 17 (A past its 384 coordinates)
        self.assertFalse(func.check_right_inverse(A, self.P("Sw<2,5,-4> o 0 o 2:96"))[0])
        # R(1) = 17 past A's 16 coordinates, A(17) = 1: CuTe's evaluation past the domain
        self.assertTrue(func.check_right_inverse(self.P("Sw<3,0,-4> o 0 o 16:1"),
                                                 self.P("Sw<3,0,-4> o 0 o 16:1"))[0])
        self.assertTrue(func.check_right_inverse(self.P("(4,8):(8,1)"), self.P("(8,4):(4,1)"))[0])
        self.assertFalse(func.check_right_inverse(self.P("(4,8):(8,1)"), self.P("(8,4):(4,2)"))[0])
        # C++'s left_inverse(Sw<3,2,-4> o 0 o ((2,2,1)):((2,1,0))) maps f(2) = 1 to 34
        self.assertFalse(func.check_left_inverse(self.P("Sw<3,2,-4> o 0 o ((2,2,1)):((2,1,0))"),
                                                 self.P("Sw<3,1,-4> o 0 o (2,2):(2,1)"))[0])
        self.assertTrue(func.check_left_inverse(self.P("(4,8):(8,1)"), self.P("(8,4):(4,1)"))[0])
        # a layout that is not injective off its stride-0 modes has a quasi-inverse only
        self.assertIsNone(func.check_left_inverse(self.P("((10,2),6,(2,16)):((2,32),1,(4,0))"),
                                                  self.P("(2,2,8,2):(20,1,120,10)"))[0])

    def test_nullspace(self):
        A = self.P("Sw<2,2,4> o 0 o (4,2,3):(0,1,0)")
        self.assertTrue(func.check_nullspace(A, self.P("(4,3):(1,8)"))[0])
        self.assertFalse(func.check_nullspace(A, self.P("1:0"))[0])  # C++: size is not 12
        # an offset: C++'s 1:0 maps to Sw(64)
        self.assertFalse(func.check_nullspace(self.P("Sw<3,4,4> o 64 o 6:1"), self.P("1:0"))[0])
        self.assertTrue(func.check_nullspace(self.P("(4,5):(1,4)"), self.P("1:0"))[0])

    def test_slice(self):
        L = self.P("Sw<2,2,3> o 4 o (6,5,4):(1,6,30)")
        c = self.P("(_,1,1)")
        self.assertTrue(func.check_slice(L, c, self.P("Sw<2,2,3> o 40 o (6):(1)"))[0])
        self.assertFalse(func.check_slice(L, c, self.P("Sw<2,2,3> o 41 o (6):(1)"))[0])
        self.assertFalse(func.check_slice(L, c, self.P("(6):(1)"))[0])  # not linear there
        # C++'s decay, which assumes the offset and the slice touch disjoint bits
        L2 = self.P("Sw<3,1,-5> o 8 o (2,(8,1,16)):(128,(16,0,1))")
        self.assertFalse(func.check_slice(L2, self.P("(_,127)"), self.P("(2):(-128)"))[0])
        self.assertTrue(func.check_slice(L2, self.P("(_,127)"),
                                         self.P("Sw<3,1,-5> o 135 o (2):(128)"))[0])
        # plain layouts: the offset is dropped
        self.assertTrue(func.check_slice(self.P("(4,(2,3)):(3,(1,12))"), self.P("(_,(1,_))"),
                                         self.P("(4,3):(3,12)"))[0])

    def test_max_common_relative(self):
        A, B = self.P("Sw<1,4,2> o 3 o (2):(1)"), self.P("(2):(1)")
        self.assertTrue(func.check_max_common_relative("max_common_vector", A, B, Int(2))[0])
        self.assertFalse(func.check_max_common_relative(
            "max_common_vector", self.P("Sw<1,1,2> o 3 o (8):(1)"), self.P("(8):(1)"), Int(8))[0])

    def test_products_by_mode_and_tile_to_shape(self):
        # zipped_product((6,1,7,1):(7,1,1,42),((2,4):(4,1))): mode 0's product is
        # (6:7, complement(6:7, 48) o (2,4):(4,1)) with complement(6:7, 48) = (7,2):(1,42)
        A, B = self.P("(6,1,7,1):(7,1,1,42)"), self.P("((2,4):(4,1))")
        aux = [self.P("(7,2):(1,42)")]
        self.assertFalse(func.check_with_aux("zipped_product", A, B, self.P(
            "((6),((2,4),1,7,1)):((7),((4,1),1,1,42))"), aux)[0])  # C++
        # (no layout is right there: complement o B is not affine); (4,3):(1,4) by (2:1):
        # complement(4:1, 8) = 2:4
        self.assertTrue(func.check_with_aux("zipped_product", self.P("(4,3):(1,4)"),
                                            self.P("(2:1)"), self.P("((4),(2,3)):((1),(4,4))"),
                                            [self.P("2:4")])[0])
        self.assertFalse(func.check_with_aux("zipped_product", self.P("(4,3):(1,4)"),
                                             self.P("(2:1)"), self.P("((4),(2,3)):((1),(8,4))"),
                                             [self.P("2:4")])[0])
        # tile_to_shape((2,9,1):(45,1,180),(6,36,1),(0,2,1)): complement(block, 18*12) =
        # (5,3):(9,90), the product shape (3,4,1)
        A, T = self.P("(2,9,1):(45,1,180)"), self.P("(6,36,1)")
        self.assertEqual(func.tile_product_shape(A, T), [3, 4, 1])
        aux = [self.P("(5,3):(9,90)")]
        self.assertFalse(func.check_with_aux("tile_to_shape", A, T, self.P(
            "((2,3),(9,(2,2)),(1,1)):((45,9),(1,(27,90)),(180,0))"), aux)[0])  # C++
        # (no layout is right there either); (2,2):(1,2) to (4,4): complement(.., 16) = 4:4
        A, T, aux = self.P("(2,2):(1,2)"), self.P("(4,4)"), [self.P("4:4")]
        self.assertTrue(func.check_with_aux("tile_to_shape", A, T, self.P(
            "((2,2),(2,2)):((1,4),(2,8))"), aux)[0])
        self.assertFalse(func.check_with_aux("tile_to_shape", A, T, self.P(
            "((2,2),(2,2)):((1,4),(2,4))"), aux)[0])


class TestClassify(unittest.TestCase):
    def case(self, s):
        n = expr.parse(s)
        from harness.cases import op_of
        return Case(op_of(n), n, "test")

    def test_categories(self):
        c = self.case("coalesce((2,4):(1,2))")
        self.assertEqual(classify(c, ("ok", "_8:_1"), "8:1")[0], "agree")
        self.assertEqual(classify(c, ("ok", "_8:_1"), "(2,4):(1,2)")[0], "disagree")
        self.assertIn("functionally equal", classify(c, ("ok", "_8:_1"), "(2,4):(1,2)")[1])
        self.assertEqual(classify(c, ("ok", "_8:_1"), "error: x")[0], "disagree")
        self.assertEqual(classify(c, ("reject", "static assertion"), "error: x")[0],
                         "rejected-by-both")
        self.assertEqual(classify(c, ("reject", "static assertion"), "8:1")[0], "disagree")
        u = self.case("composition((4,6):(1,10),4:3)")
        self.assertEqual(classify(u, ("ok", "_4:_3"), "error: stride")[0], "cxx-unsound")
        self.assertEqual(classify(u, ("ok", "_4:_3"), "4:3")[0], "disagree")
        self.assertEqual(classify(u, ("ok", "_4:_3"), "(4,5):(1,1)")[0], "disagree")
        w = self.case("composition((8,8):(8,1),composition(Sw<2,0,3>,(8,8):(1,8)))")
        self.assertEqual(classify(w, ("ok", "Sw<2,0,-3> o _0 o (_8,_8):(_8,_1)"), "error: x")[0],
                         "disagree")
        n = self.case("left_inverse((4):(-1))")
        # CUTLASS's own test gets (-1,4):(0,1): a non-positive shape is not a layout (CuTe's
        # definition), so cutego must refuse it, and returning it is a disagreement.
        self.assertEqual(classify(n, ("ok", "(_-1,_4):(_0,_1)"), "error: negative")[0], "cxx-unsound")
        self.assertEqual(classify(n, ("ok", "(_-1,_4):(_0,_1)"), "(-1,4):(0,1)")[0], "disagree")
        # a tensor's iterator is not part of its layout's shape
        p = self.case("partition_C(get_slice(make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{}),0),iota_tensor((16,8):(1,16)))")
        t = "counting_iter(0) o ((_2,_2),_1,_1):((_16,_8),_0,_0)"
        self.assertEqual(classify(p, ("ok", t), strip_marks(t))[0], "agree")
        self.assertEqual(classify(p, ("ok", "counting_iter(0) o (_0,_2):(_1,_1)"), "error: x")[0], "cxx-unsound")

    def test_max_common_ruling(self):
        # Ruling 3: where a static_assert inside C++'s composition refuses max_common_* on
        # valid layouts, cutego answers; the answer must satisfy the post-condition.
        rej = ("reject", "static assertion failed: Shape Divisibility Condition")
        v = self.case("max_common_vector(((4,1),8,15):((1,0),0,4),(1,4,15):(1,1,4))")
        self.assertEqual(classify(v, rej, "1")[0], "cxx-refuses-valid")
        self.assertEqual(classify(v, rej, "4")[0], "cxx-refuses-valid")  # A(j) = B(j) = j, j < 4
        self.assertEqual(classify(v, rej, "5")[0], "disagree")  # B(4) = 4 but A(4) = 0
        self.assertEqual(classify(v, rej, "error: x")[0], "rejected-by-both")
        l = self.case("max_common_layout((8,(1,(1)),2,(9,12,1)):(0,(0,(216)),108,(12,1,1)),"
                      "((1),2,(9,12,1),8):((0),108,(12,1,0),0))")
        self.assertEqual(classify(l, rej, "1:0")[0], "cxx-refuses-valid")
        self.assertEqual(classify(l, rej, "2:1")[0], "disagree")
        # an answer C++ gives is still compared exactly
        self.assertEqual(classify(v, ("ok", "_1"), "2")[0], "disagree")


    def test_definitions(self):
        # identity layouts compose as shape:make_basis_like(shape) (CUTLASS #2955)
        c = self.case("composition(make_identity_layout((4,8,2)),(3,8):(4,4))")
        self.assertEqual(classify(c, ("ok", "(_3,_8):(_1@1,_1@1)"), "error: x")[0], "cxx-unsound")
        self.assertEqual(classify(c, ("ok", "(_3,_8):(_1@1,_1@1)"), "(3,8):(1@1,1@1)")[0], "disagree")
        c = self.case("composition(make_identity_layout((4,8)),(4,2):(1,4))")
        self.assertEqual(classify(c, ("ok", "(_4,_2):(_1@0,_1@1)"), "(4,2):(1@0,1@1)")[0], "agree")
        # with_shape is composition with make_layout(shape) (CUTLASS #3177)
        w = self.case("with_shape((4,12,16):(384,16,1),(32,6,2,2))")
        self.assertEqual(classify(w, ("ok", "((_4,_8),(_2,_3),_2,_2):((_384,_16),(_128,_1),_4,_8)"),
                                  "error: x")[0], "cxx-unsound")
        # the inverses' and nullspace's post-conditions
        r = self.case("right_inverse(Sw<1,0,-4> o 0 o (((4,8),3,(2,2)),1,1):"
                      "(((64,8),256,(1,3840)),4602,0))")
        self.assertEqual(classify(r, ("ok", "Sw<2,5,-4> o _0 o _2:_96"), "error: x")[0], "cxx-unsound")
        self.assertEqual(classify(r, ("ok", "Sw<2,5,-4> o _0 o _2:_96"), "Sw<2,5,-4> o 0 o 2:96")[0],
                         "disagree")
        n = self.case("nullspace(Sw<3,4,4> o 64 o 6:1)")
        self.assertEqual(classify(n, ("ok", "_1:_0"), "error: offset")[0], "cxx-unsound")
        self.assertEqual(classify(n, ("ok", "_1:_0"), "1:0")[0], "disagree")
        # slices of composed layouts: C++'s wrong decay, C++'s static_assert (ruling 6)
        s = self.case("make_composed_layout(Sw<3,1,-5>,8,(2,(8,1,16)):(128,(16,0,1)))(_,127)")
        self.assertEqual(classify(s, ("ok", "(_2):(_-128)"), "Sw<3,1,-5> o 135 o (2):(128)")[0],
                         "cxx-unsound")
        self.assertEqual(classify(s, ("ok", "(_2):(_-128)"), "(2):(-128)")[0], "disagree")
        s = self.case("make_composed_layout(Sw<2,2,3>,4,(6,5,4):(1,6,30))(_,1,1)")
        rej = ("reject", "static assertion failed: Stride Divisibility Condition")
        self.assertEqual(classify(s, rej, "Sw<2,2,3> o 40 o (6):(1)")[0], "cxx-refuses-valid")
        self.assertEqual(classify(s, rej, "Sw<2,2,3> o 41 o (6):(1)")[0], "disagree")
        self.assertEqual(classify(s, rej, "error: x")[0], "rejected-by-both")
        # a plain layout's slice C++ refuses stays a disagreement
        p = self.case("(6,5,4):(1,6,30)(_,1,1)")
        self.assertEqual(classify(p, rej, "(6):(1)")[0], "disagree")
        # the identity swizzle decays as C++'s: keeping the offset is a disagreement
        z = self.case("make_composed_layout(Sw<0,2,3>,3,(3,2,1):(2,1,1))(2,0,_)")
        self.assertEqual(classify(z, ("ok", "(_1):(_1)"), "Sw<0,2,3> o 7 o (1):(1)")[0], "disagree")

    def test_rulings_4_5(self):
        # Ruling 4: C++'s inverse with an offset is a layout composed after a swizzle
        l = self.case("left_inverse(Sw<1,0,-2> o 4 o (4):(1))")
        cx = ("ok", "_4:_1 o _-4 o Sw<1,0,-2>")
        self.assertEqual(classify(l, cx, "error: offset 4")[0], "ruled")
        self.assertEqual(classify(l, cx, "4:1")[0], "disagree")
        # Ruling 5: a smaller common vector for an offset, still a common vector
        v = self.case("max_common_vector(Sw<1,4,2> o 3 o (2):(1),(2):(1))")
        self.assertEqual(classify(v, ("ok", "_2"), "1")[0], "ruled")
        self.assertEqual(classify(v, ("ok", "_2"), "2")[0], "agree")
        w = self.case("max_common_vector(Sw<1,1,2> o 8 o (8):(1),(8):(1))")
        self.assertEqual(classify(w, ("ok", "_2"), "1")[0], "ruled")
        self.assertEqual(classify(w, ("ok", "_4"), "3")[0], "disagree")  # Sw(8+2) = 14
        m = self.case("max_common_layout((8,2,(16,1,2)):(64,32,(2,2,1)),"
                      "Sw<3,1,4> o 3 o (8,2,(16,1,2)):(128,1024,(4,4,1)))")
        self.assertEqual(classify(m, ("ok", "_2:_256"), "1:256")[0], "ruled")
        # without an offset the answers must agree
        u = self.case("max_common_vector(Sw<1,4,2> o 0 o (2):(1),(2):(1))")
        self.assertEqual(classify(u, ("ok", "_2"), "1")[0], "disagree")

    def test_inner(self):
        from harness.run import _inner
        outer = expr.parse("Sw<3,4,4> o 16 o (4,2):(1,4)")
        self.assertEqual(expr.to_eval(_inner(expr.parse("Sw<3,4,4> o 16 o (4,2,2):(1,4,8)"), outer)),
                         "(4,2,2):(1,4,8)")
        with self.assertRaises(func.NotAFunction):
            _inner(expr.parse("Sw<3,4,4> o 0 o (4,2,2):(1,4,8)"), outer)


class TestAtoms(unittest.TestCase):
    def test_atom_spellings(self):
        from harness.cases import group_of
        M = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{},(2,2,1):(1,2,0),(32,_,16))"
        n = expr.parse("partition_C(get_slice(%s,3),iota_tensor((32,32):(32,1)))" % M)
        self.assertEqual(expr.to_eval(n), "partition_C(get_slice(%s,3),iota_tensor((32,32):(32,1)))" % M)
        c = expr.to_cxx(n)
        self.assertTrue(c.startswith("((make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{},make_layout("), c)
        self.assertIn(").get_slice(Int<3>{})).partition_C(make_tensor(counting_iterator<int>(0), ", c)
        self.assertEqual(group_of(n), "atom")
        t = expr.parse("get_layoutS_TV(make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>{},(32,8):(8,1),(1,8):(0,1)))")
        self.assertIn("make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>{},", expr.to_cxx(t))
        self.assertTrue(expr.to_cxx(t).endswith(".get_layoutS_TV()"))
        for bad in ("Copy_Atom<UniversalCopy<uint128_t>,half_t{}", "SM80_16x8x16_F32F16F16F32_TN<", "X<(4)>{}"):
            with self.assertRaises(expr.ParseError):
                expr.parse(bad)

    def test_atom_family(self):
        from harness import atoms
        a = atoms.generate_atoms(2, 120)
        self.assertEqual([expr.to_eval(n) for _, n in a], [expr.to_eval(n) for _, n in atoms.generate_atoms(2, 120)])
        ops = {op for op, _ in a}
        for op in ("atom_table", "tiled_mma_tv", "tiled_mma_thrfrg", "tiled_mma_partition",
                   "tiled_mma_partition_shape", "tiled_copy_tv", "tiled_copy_partition"):
            self.assertIn(op, ops)
        for _, n in a:  # eval text parses back (the harness's parser reads no `::`)
            s = expr.to_eval(n)
            if "::" not in s:
                self.assertEqual(expr.to_eval(expr.parse(s)), s)
        self.assertTrue(any("SM90_64x8x8_F32TF32TF32_SS_TN<>{}" in expr.to_cxx(n) for _, n in a))

    def test_atom_table_sample(self):
        # the table cases: every non-GMMA atom and GMMA_ROWS GMMA rows, one atom each, drawn
        # by the seed from every row, those naming a GMMA::Major included (eval spells
        # GMMA::Major::K / MN, C++ SM90::GMMA::Major::K / MN); as many cases as before they
        # joined (79 + 128)
        from harness import atoms
        f = atoms.AtomFamily(1)
        rows = f.table_rows()
        gmma = [n for n in rows if atoms._gmma(n)]
        self.assertEqual(len(rows), 207)
        self.assertEqual(len(gmma), atoms.GMMA_ROWS)
        self.assertEqual(len({f.layouts[n] for n in gmma}), len(gmma))  # one atom per row
        self.assertEqual(rows, atoms.AtomFamily(1).table_rows())
        self.assertNotEqual(rows, atoms.AtomFamily(2).table_rows())
        major = [n for n in gmma if "GMMA::Major" in n]
        for m in ("GMMA::Major::K", "GMMA::Major::MN"):
            self.assertTrue(any(m in n for n in major), m)
        self.assertGreaterEqual(len(major), 20)
        a = [(op, n) for op, n in atoms.generate_atoms(1, 100) if op == "atom_table"]
        self.assertEqual(len(a), 207)
        ev = [expr.to_eval(n) for _, n in a]
        cx = [expr.to_cxx(n) for _, n in a]
        self.assertTrue(any("<GMMA::Major::MN," in s for s in ev))
        self.assertTrue(any("<SM90::GMMA::Major::MN," in s for s in cx))
        # every GMMA row of the table is reachable: the seeds' samples cover all of them
        seen = set()
        for seed in range(1, 9):
            seen |= {f.layouts[n] for n in atoms.AtomFamily(seed).table_rows() if atoms._gmma(n)}
        self.assertEqual(len(seen), len({f.layouts[n] for n in f.mma if atoms._gmma(n)}))


class TestGen(unittest.TestCase):
    def test_deterministic(self):
        a = [expr.to_eval(n) for _, n in gen.generate(7, 300)]
        b = [expr.to_eval(n) for _, n in gen.generate(7, 300)]
        self.assertEqual(a, b)
        self.assertGreaterEqual(len({op for op, _ in gen.generate(7, 300)}), 15)
        for s in a:  # everything generated parses back
            self.assertEqual(expr.to_eval(expr.parse(s)), s)

    def test_families(self):
        a = gen.generate_families(3, 400)
        self.assertEqual([expr.to_eval(n) for _, n in a],
                         [expr.to_eval(n) for _, n in gen.generate_families(3, 400)])
        texts = [expr.to_eval(n) for _, n in a]
        self.assertEqual(len(set(texts)), len(texts))
        for s in texts:
            self.assertEqual(expr.to_eval(expr.parse(s)), s)
        ops = {op for op, _ in a}
        for op in ("right_inverse", "nullspace", "max_common_vector", "apply", "tile_to_shape",
                   "group", "select", "take", "local_tile", "local_partition", "with_shape",
                   "size", "stride", "depth", "tiled_product", "composition"):
            self.assertIn(op, ops)
        self.assertTrue(any(isinstance(n, expr.Call) and n.args and isinstance(n.args[0], expr.Composed)
                            and n.args[0].o.v != 0 for _, n in a))  # offsets other than 0
        self.assertTrue(any("-1)" in t and t.startswith("group(") for t in texts))  # group<B,-1>
        # the families do not change generate()'s cases
        self.assertEqual([expr.to_eval(n) for _, n in gen.generate(3, 50)],
                         [expr.to_eval(n) for _, n in gen.generate(3, 50)])


@unittest.skipUnless(os.path.isdir(os.path.join(TOP, ".deps", "py", "cutlass_library")),
                     "CUTLASS not installed (make setup)")
class TestEndToEnd(unittest.TestCase):
    def test_fails_on_wrong_cutego(self):
        with tempfile.TemporaryDirectory() as d:
            cases = os.path.join(d, "cases")
            os.mkdir(cases)
            with open(os.path.join(cases, "t.txt"), "w") as f:
                f.write("coalesce((2,4):(1,2))\nsize((4,5):(16,64))\n"
                        "composition((4,5):(1,4),(2,4):(2,4))\n")
            fake = os.path.join(d, "cutego")
            with open(fake, "w") as f:
                f.write("#!/bin/sh\nread a; echo '8:1'; read b; echo 21; read c; echo 'error: no'\n")
            os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
            r = subprocess.run([sys.executable, os.path.join(TOP, "interop", "run.py"),
                                "--cases", "0", "--family-cases", "0", "--atom-cases", "0",
                                "--curated", cases,
                                "--cutego", fake,
                                "--out", os.path.join(d, "out"), "--no-cache"],
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
            self.assertIn("2 disagreements", r.stdout)
            with open(os.path.join(d, "out", "disagreements.txt")) as f:
                dis = f.read()
            self.assertIn("size((4,5):(16,64))", dis)
            self.assertIn("c++     20", dis)

    def test_dyn_prints_as_cute(self):
        """interop::Dyn (harness/cxx.py) prints a static result with run-time integers: the
        text must be CuTe's print of the static value, once its `_` marks are stripped."""
        from harness.cxx import CxxRunner, include_dirs
        exprs = ["make_layout(make_shape(Int<2>{},make_shape(Int<3>{},Int<4>{})),"
                 "make_stride(Int<12>{},make_stride(Int<-4>{},Int<0>{})))",
                 "Int<1048576>{}", "make_shape(Int<7>{},make_shape(Int<1>{}),Int<-3>{})",
                 "make_tuple()", "cute::C<true>{}",
                 "make_tuple(Int<2>{},cute::C<false>{})",
                 "composition(Swizzle<3,4,3>{},make_layout(make_shape(Int<8>{},Int<64>{}),"
                 "make_stride(Int<64>{},Int<1>{})))",
                 "make_identity_layout(make_shape(Int<4>{},Int<6>{}))",
                 "complement(make_layout(Int<4>{},Int<2>{}),Int<32>{})"]
        with tempfile.TemporaryDirectory() as d:
            r = CxxRunner(include_dirs(os.path.join(TOP, ".deps", "py")), d)
            r.prelude("core")
            src = os.path.join(d, "dyn.cpp")
            with open(src, "w") as f:
                f.write('#include "prelude_core.hpp"\nint main() {\n')
                for e in exprs:
                    f.write("  interop::emit([]{ return %s; }); std::printf(\"\\t\");"
                            " interop::out(%s); interop::end();\n" % (e, e))
                f.write("}\n")
            c = subprocess.run([r.cxx] + r.flags + [src, "-o", src[:-4]], capture_output=True,
                               text=True, cwd=d)
            self.assertEqual(c.returncode, 0, c.stderr[-3000:])
            out = subprocess.run([src[:-4]], capture_output=True, text=True).stdout
        lines = out.splitlines()
        self.assertEqual(len(lines), len(exprs), out)
        for e, line in zip(exprs, lines):
            dyn, static = line.split("\t")
            self.assertEqual(strip_marks(dyn), strip_marks(static), e)
        self.assertEqual(lines[0], "(2,(3,4)):(12,(-4,0))\t(_2,(_3,_4)):(_12,(_-4,_0))")
        self.assertEqual(lines[4], "true\ttrue")


if __name__ == "__main__":
    unittest.main()

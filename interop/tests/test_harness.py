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


class TestGen(unittest.TestCase):
    def test_deterministic(self):
        a = [expr.to_eval(n) for _, n in gen.generate(7, 300)]
        b = [expr.to_eval(n) for _, n in gen.generate(7, 300)]
        self.assertEqual(a, b)
        self.assertGreaterEqual(len({op for op, _ in gen.generate(7, 300)}), 15)
        for s in a:  # everything generated parses back
            self.assertEqual(expr.to_eval(expr.parse(s)), s)


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
                                "--cases", "0", "--curated", cases, "--cutego", fake,
                                "--out", os.path.join(d, "out"), "--no-cache"],
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
            self.assertIn("2 disagreements", r.stdout)
            dis = open(os.path.join(d, "out", "disagreements.txt")).read()
            self.assertIn("size((4,5):(16,64))", dis)
            self.assertIn("c++     20", dis)


if __name__ == "__main__":
    unittest.main()

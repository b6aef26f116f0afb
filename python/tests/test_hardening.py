"""No input crashes the interpreter: reproducers of inputs that once crashed or stalled the
library, and the binding's own edges. Each runs in a child interpreter, so that a crash of
the library is a failed test (with the child's exit status), not the end of the test run.
Cost is checked by scaling, not by a clock: an input's cost at 16 times the size is compared
with its cost measured in the same test (see test_cost_is_linear_in_the_text)."""

import functools
import os
import subprocess
import sys
import textwrap
import time
import unittest

import cutego

CASES = {
    # a parser with no depth limit would abort the host
    "parse_1e6_open": 'cutego.Layout.parse("(" * 1000000)',
    "tiler_text_1e6_open": 'cutego.composition(cutego.Layout(4), "(" * 1000000)',
    "swizzle_parse_1e6_open": 'cutego.Swizzle.parse("(" * 1000000)',
    "composed_parse_1e6_open": 'cutego.ComposedLayout.parse("(" * 1000000)',
    # Swizzle{B:-5,M:3,S:2}.Apply(7) panicked in Go
    "swizzle_negative_bits": 'cutego.Swizzle(-5, 3, 2)(7)',
    "composed_negative_bits": 'cutego.make_composed_layout(cutego.Swizzle(-5, 3, 2), 0, cutego.Layout(8))',
    # idx2crd(5,(0,0)) divided by zero
    "idx2crd_zero_shape": 'cutego.idx2crd(5, (0, 0))',
    # 1@1048576 must not become a million-element tuple
    "scaled_basis_text": 'cutego.Layout.parse("(" + ",".join(["2"] * 200) + "):(" + ",".join(["1@1048576"] * 200) + ")")',
    "at_path_text": 'cutego.Layout.parse("1" + "@0" * 300000)',
    # a NUL byte must not silently end an expression
    "nul_byte": 'cutego.Layout.parse("4:1\\0garbage(((")',
    "nul_byte_tiler": 'cutego.logical_divide(cutego.Layout(8), "2:1\\0(((")',
    # a lone surrogate has no UTF-8 form: UnicodeEncodeError escaped the binding
    "lone_surrogate": 'cutego.Layout.parse("\\ud800")',
    "lone_surrogate_swizzle": 'cutego.Swizzle.parse("Sw<3,4,3>\\udfff")',
    "lone_surrogate_composed": 'cutego.ComposedLayout.parse("Sw<1,2,3> o 0 o \\ud800")',
    "lone_surrogate_tiler": 'cutego.logical_divide(cutego.Layout(8), "2:1\\ud800")',
    "cosize_overflow": 'cutego.Layout((2, 2), (6917529027641081856, -6917529027641081856)).cosize()',
    # the binding's own edges
    "deep_python_tuple": 'cutego.Layout(__import__("functools").reduce(lambda t, _: (t,), range(100000), 4))',
    "deep_python_coordinate": 'cutego.Layout(4)(__import__("functools").reduce(lambda t, _: (t,), range(100000), 1))',
    "deep_flatten": 'cutego.flatten(__import__("functools").reduce(lambda t, _: (t,), range(100000), 1))',
    "wide_python_tuple": 'cutego.Layout(tuple(range(1, 10**6)))',
    "huge_int_shape": 'cutego.Layout(2**80)',
    "huge_int_coordinate": 'cutego.Layout(4)(2**70)',
    "huge_int_idx2crd": 'cutego.idx2crd(2**70, (4, 4))',
    "huge_swizzle_offset": 'cutego.Swizzle(3, 4, 3)(2**64)',
    "huge_swizzle_bits": 'cutego.Swizzle(2**40, 0, 2**41)',
    "bool_shape": 'cutego.Layout(True)',
    "float_stride": 'cutego.Layout(4, 1.0)',
    "incongruent": 'cutego.Layout((2, 3), (1,))',
    "too_many_leaves": 'cutego.Layout(tuple([2] * 17))',
    "zero_shape": 'cutego.Layout((2, 0))',
    "negative_shape_op": 'cutego.coalesce(cutego.Layout(-3, 1))',
    "make_layout_overflow": 'cutego.make_layout(*[cutego.Layout((2,) * 9)] * 2)',
    "prefix_product_overflow": 'cutego.Layout((2**40, 2**40, 2**40))',
    "long_text": 'cutego.Layout.parse("1," * 10**6)',
    "bytes_garbage": 'cutego.Layout.parse(bytes(range(1, 256)))',
    "tiler_object": 'cutego.composition(cutego.Layout(8), object())',
    "tiler_deep_tuple": 'cutego.logical_divide(cutego.Layout(8), __import__("functools").reduce(lambda t, _: (t,), range(100000), 2))',
    "shape_div_zero": 'cutego.shape_div((3, 4), 0)',
}

CHILD = textwrap.dedent("""
    import sys
    import cutego
    try:
        r = %s
        print("RESULT", repr(r)[:200])
    except cutego.Error as e:
        assert isinstance(e, ValueError)
        print("ERROR", e.op, "|", e.kind, "|", str(e)[:300].replace("\\n", " "))
""")


def run_child(expr):
    env = dict(os.environ)
    here = os.path.dirname(os.path.abspath(__file__))
    # the child imports the same cutego as this process
    import cutego as c
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(c.__file__)))
    return subprocess.run([sys.executable, "-c", CHILD % expr], capture_output=True, encoding="utf-8",
                          timeout=120, env=env, cwd=here)


class Hardening(unittest.TestCase):
    def test_no_input_crashes_the_interpreter(self):
        for name, expr in CASES.items():
            with self.subTest(case=name):
                r = run_child(expr)
                self.assertEqual(0, r.returncode, "%s: the interpreter died (rc %d): %s"
                                 % (name, r.returncode, r.stderr[-600:]))
                out = r.stdout
                # every one of these is refused with a cutego.Error, not answered
                self.assertIn("ERROR ", out, "%s was answered: %s" % (name, out))

    def test_error_names_operation_and_reason(self):
        with self.assertRaises(cutego.Error) as cm:
            cutego.composition(cutego.Layout((4, 3), (3, 1)), cutego.Layout((2, 2), (3, 1)))
        e = cm.exception
        self.assertIsInstance(e, ValueError)
        self.assertEqual("composition", e.op)
        self.assertEqual("not admissible", e.kind)
        self.assertIn("#2955", e.reason)
        self.assertTrue(str(e).startswith("composition: "))

    def test_errors_are_per_thread_and_do_not_leak(self):
        # a failure leaves no state behind: the next call succeeds
        with self.assertRaises(cutego.Error):
            cutego.Swizzle(-5, 3, 2)
        self.assertEqual(cutego.Layout(6), cutego.coalesce(cutego.Layout((2, 3))))

    def test_text_not_unicode(self):
        # a str with a lone surrogate is refused as a parse error, not UnicodeEncodeError
        for f in (cutego.Layout.parse, cutego.Swizzle.parse, cutego.ComposedLayout.parse,
                  lambda t: cutego.composition(cutego.Layout(8), t)):
            with self.assertRaises(cutego.Error) as cm:
                f("(4,2):(1,\ud800)")
            self.assertEqual("parse", cm.exception.kind)
            self.assertIn("position 9", cm.exception.reason)

    def test_cost_is_linear_in_the_text(self):
        # Each class of adversarial input, at n and at 16n: a library linear in its input
        # takes about 16 times as long at 16n, a quadratic one 256 times; the bar, 64, is
        # between them with room for a loaded machine's noise. The baseline is the same
        # input measured here, so the test does not depend on the machine's speed;
        # per-call times under 20 µs count as 20 µs.
        parse = cutego.Layout.parse
        deep = lambda n: functools.reduce(lambda t, _: (t,), range(n), 4)
        classes = {
            # parsed to the end (under the 16 KB text limit): n = 1 KB
            "long tuple": (parse, lambda n: "(" + "1," * (n // 2) + "1)", 1000),
            "long layout": (parse, lambda n: "(" + "2," * (n // 4) + "2):(" + "1," * (n // 4) + "1)", 1000),
            "spaces": (parse, lambda n: "1" + " " * n, 1000),
            # refused by the text limit: n = 64 KB
            "open parentheses": (parse, lambda n: "(" * n, 65536),
            "@ paths": (parse, lambda n: "1@0" * (n // 3), 65536),
            "failed tuples": (parse, lambda n: "(2," * (n // 3), 65536),
            "garbage": (parse, lambda n: "x" * n, 65536),
            # the binding's conversion of Python tuples
            "wide Python tuple": (cutego.Layout, lambda n: tuple(range(1, n)), 1000),
            "deep Python tuple": (cutego.Layout, deep, 1000),
        }
        for name, (f, make, n) in classes.items():
            with self.subTest(input=name):
                small, big = ratio_within(f, make(n), make(16 * n), 64)
                self.assertLess(big, 64 * max(small, 2e-5),
                                "%s: %.6f s at 16n, %.6f s at n" % (name, big, small))

    def test_cost_does_not_grow_with_a_value(self):
        # 200 strides 1@1048576 cost what 200 strides 1@1 cost: the basis index is a value,
        # not text to materialize (a million-element tuple per stride).
        def text(k):
            return "(" + ",".join(["2"] * 200) + "):(" + ",".join(["1@%d" % k] * 200) + ")"
        small, big = ratio_within(cutego.Layout.parse, text(1), text(1048576), 8)
        self.assertLess(big, 8 * max(small, 2e-5), "%.6f s for 1@1048576, %.6f s for 1@1" % (big, small))


def ratio_within(f, a, b, bar, tries=3):
    """The times of f(a) and f(b), measured up to tries times until f(b) takes less than bar
    times f(a) (per-call times under 20 µs count as 20 µs): a loaded machine can slow one
    measurement, but a cost that grows faster than the bar allows fails every try."""
    for _ in range(tries):
        small, big = best_time(f, a), best_time(f, b)
        if big < bar * max(small, 2e-5):
            break
    return small, big


def best_time(f, arg, reps=5, loops=10):
    """The time of one f(arg), refused (cutego.Error) or not: the least over reps of the
    mean over loops calls."""
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        for _ in range(loops):
            try:
                f(arg)
            except cutego.Error:
                pass
        best = min(best, (time.perf_counter() - t) / loops)
    return best


if __name__ == "__main__":
    unittest.main()

"""Interop cases through the binding, compared with `cutego eval` (build/cutego) line by
line: the curated cases of interop/cases/ and a few thousand seeded random cases of the
interop generator (interop/harness/gen.py). The binding must print exactly what eval
prints, and refuse exactly what eval refuses (with the same message)."""

import os
import re
import subprocess
import unittest

from common import CUTEGO_EXE, TOP, cutego  # noqa: F401
from harness import gen
from harness.cases import load_curated
from harness.expr import to_eval
import evalbind

SEED = int(os.environ.get("CUTEGO_PY_INTEROP_SEED", "11"))
RANDOM_CASES = int(os.environ.get("CUTEGO_PY_INTEROP_CASES", "4000"))


def eval_lines(lines):
    r = subprocess.run([CUTEGO_EXE, "eval"], input="".join(l + "\n" for l in lines),
                       capture_output=True, encoding="utf-8", timeout=600)
    out = r.stdout.split("\n")
    if out and out[-1] == "":
        out.pop()
    if len(out) != len(lines):
        raise AssertionError("cutego eval: %d lines for %d (rc %d): %s"
                             % (len(out), len(lines), r.returncode, r.stderr[-1000:]))
    return out


# int-tuple helpers the binding computes in Python (PyCuTe's), with messages of their own
PY_HELPERS = {"shape_div", "prefix_product", "product", "inner_product", "elem_scale"}


def _same_refusal(op, got, want):
    """The binding names the operation called first, then libcutego's message:
    `logical_divide: complement: ...` where eval says `complement: ...`. A value refused while
    eval parses it reads `parse: <reason> at byte N of "<text>"`, where the binding, which
    builds the value, says `make_<kind>: <reason>`: the reasons must agree."""
    reason = want[len("error: "):]
    if reason.startswith("parse: "):
        reason = re.sub(r' at byte \d+ of ".*"$', "", reason[len("parse: "):])
    return reason in got or op in PY_HELPERS


class Interop(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.path.exists(CUTEGO_EXE):
            raise AssertionError("%s is missing (make build)" % CUTEGO_EXE)
        cases = [(c.op, c.node) for c in load_curated(os.path.join(TOP, "interop", "cases"))
                 if c.group == "core"]
        cases += gen.generate(SEED, RANDOM_CASES)
        cls.cases = cases
        cls.lines = [to_eval(n) for _, n in cases]
        cls.want = eval_lines(cls.lines)

    def test_binding_matches_eval(self):
        compared = unsupported = errors = 0
        bad = []
        by_op = {}
        for (op, node), line, want in zip(self.cases, self.lines, self.want):
            st, got = evalbind.evaluate(node)
            if st == "unsupported":
                unsupported += 1
                continue
            compared += 1
            by_op[op] = by_op.get(op, 0) + 1
            if st == "error":
                errors += 1
                got = "error: " + got
            if got != want and not (st == "error" and want.startswith("error: ") and
                                     _same_refusal(op, got, want)):
                bad.append("%s\n   eval    %s\n   binding %s" % (line, want, got))
        print("\ninterop through the binding: %d compared (%d refused by both), %d not "
              "expressible in the binding (upcast/downcast, scaled bases, ordered layouts); "
              "%d operations" % (compared, errors, unsupported, len(by_op)))
        self.assertEqual([], bad[:20], "%d differences" % len(bad))
        self.assertGreaterEqual(compared, 3000)
        self.assertGreaterEqual(len(by_op), 25)


if __name__ == "__main__":
    unittest.main()

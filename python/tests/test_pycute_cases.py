"""PyCuTe's own test cases (CUTLASS test/python/pycute/*.py, operands extracted into
interop/cases/cutlass_pycute_tests.txt) through the binding. Expected values: C++ CuTe's
answers (data/pycute_cases_cxx.tsv, written by python/tools/cxx_answers.py with CUTLASS's
headers); where C++ has no such function (prefix_product is PyCuTe's own), PyCuTe's.

Where PyCuTe disagrees with C++, the binding gives C++'s answer; those cases are listed
in PYCUTE_DIFFERS with both answers, and the test checks the list is exactly that."""

import os
import unittest

from common import DATA, have_deps, pycute
from harness.expr import parse
import evalbind

# eval -> (C++'s answer, PyCuTe's answer)
PYCUTE_DIFFERS = {
    # PyCuTe coalesces A first (1:1 -> 1:0) and takes the stride from the coalesced A
    "composition(1:1,1:1)": ("1:1", "1:0"),
    # PyCuTe's left_inverse is right_inverse(make_layout(L, complement(L))) with its own
    # complement default (cotarget 1); C++ builds it from the sorted modes
    "left_inverse(4:2)": ("(2,4):(0,1)", "(2,4):(4,1)"),
    "left_inverse((4,2):(1,16))": ("(16,2):(1,4)", "(4,4,2):(1,8,4)"),
}


def load():
    rows = []
    with open(os.path.join(DATA, "pycute_cases_cxx.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            ev, cst, ctext, pst, ptext = line.rstrip("\n").split("\t")
            rows.append((ev, cst, ctext, pst, ptext))
    return rows


class PyCuTeCases(unittest.TestCase):
    def test_cases_give_cxx_answers(self):
        rows = load()
        self.assertGreaterEqual(len(rows), 100)
        checked = 0
        for ev, cst, ctext, pst, ptext in rows:
            with self.subTest(case=ev):
                st, got = evalbind.evaluate(parse(ev))
                if cst == "ok":
                    self.assertEqual(("ok", ctext), (st, got))
                elif cst == "reject":
                    self.assertEqual("error", st, got)
                else:  # C++ has no such function: PyCuTe's definition is the reference
                    self.assertEqual(("ok", ptext), (st, got))
                checked += 1
        self.assertEqual(len(rows), checked)

    def test_pycute_differences_listed(self):
        rows = load()
        differ = {}
        for ev, cst, ctext, pst, ptext in rows:
            if cst == "ok" and not (pst == "ok" and ptext == ctext):
                differ[ev] = (ctext, ptext)
        self.assertEqual(PYCUTE_DIFFERS, differ)

    @unittest.skipUnless(have_deps(), "needs the pinned PyCuTe in .deps/py (make setup)")
    def test_recorded_pycute_answers_are_pycute(self):
        # the PyCuTe column of the data file is what the pinned PyCuTe computes today
        from harness import pyref
        pyref._pc = pycute()
        for ev, cst, ctext, pst, ptext in load():
            with self.subTest(case=ev):
                self.assertEqual((pst, ptext), pyref.evaluate(parse(ev)))


if __name__ == "__main__":
    unittest.main()

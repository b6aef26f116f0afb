#!/usr/bin/env python3
"""Re-expresses the cases of CUTLASS's PyCuTe tests (test/python/pycute/*.py) as eval lines.

Usage: extract_pycute_tests.py CUTLASS_GIT_DIR [REV] > interop/cases/cutlass_pycute_tests.txt

Each test method is walked statement by statement (Python's ast): assignments are evaluated
with PyCuTe to get the operands' values, and every `self.helper_test_X(args)` call, or
`self.assertEqual(F(args), ...)` with F an operation of eval, becomes the line `F(args)`.
Only the operands are taken; the expected values come from C++ at run time."""
import ast
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), ".deps", "py"))
import pycute  # noqa: E402
from harness import pyref  # noqa: E402

pyref._pc = pycute
HELPERS = {"helper_test_composition": "composition", "helper_test_coalesce": "coalesce",
           "helper_test_complement": "complement", "helper_test_left_inverse": "left_inverse",
           "helper_test_right_inverse": "right_inverse"}
FUNCS = {"product", "inner_product", "shape_div", "prefix_product", "crd2idx", "idx2crd",
         "flatten", "size", "cosize", "coalesce", "composition", "complement", "logical_divide",
         "logical_product", "zipped_divide", "tiled_divide", "left_inverse", "right_inverse"}


def in_order(body):
    """statements and then the calls inside each, in source order"""
    for st in body:
        yield st
        for node in ast.walk(st):
            if isinstance(node, ast.Call):
                yield node
        for k in ("body", "orelse"):
            if isinstance(st, (ast.For, ast.If, ast.With, ast.While)) and getattr(st, k, None):
                yield from in_order(getattr(st, k))


def main():
    git, rev = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "HEAD")
    files = subprocess.run(["git", "-C", git, "ls-tree", "--name-only", rev,
                            "test/python/pycute/"], capture_output=True, text=True).stdout.split()
    ns = {k: getattr(pycute, k) for k in dir(pycute) if not k.startswith("_")}
    out = ["# Operands of the cases in CUTLASS's PyCuTe tests (test/python/pycute/*.py),",
           "# extracted by interop/tools/extract_pycute_tests.py; results come from C++."]
    seen = set()
    for f in files:
        if not f.endswith(".py") or "run_all" in f:
            continue
        src = subprocess.run(["git", "-C", git, "show", "%s:%s" % (rev, f)],
                             capture_output=True, text=True).stdout
        out.append("# %s" % f)
        for fn in ast.walk(ast.parse(src)):
            if not isinstance(fn, ast.FunctionDef) or not fn.name.startswith("test"):
                continue
            env = {}
            for st in in_order(fn.body):
                if isinstance(st, ast.Assign) and len(st.targets) == 1 and \
                        isinstance(st.targets[0], ast.Name):
                    try:
                        env[st.targets[0].id] = eval(compile(ast.Expression(st.value), f, "eval"), ns, env)
                    except Exception:
                        pass
                if not isinstance(st, ast.Call):
                    continue
                name, args = None, None
                if isinstance(st.func, ast.Attribute) and st.func.attr in HELPERS:
                    name, args = HELPERS[st.func.attr], st.args
                elif isinstance(st.func, ast.Attribute) and st.func.attr == "assertEqual" and \
                        isinstance(st.args[0], ast.Call) and isinstance(st.args[0].func, ast.Name) \
                        and st.args[0].func.id in FUNCS:
                    name, args = st.args[0].func.id, st.args[0].args
                if not name:
                    continue
                try:
                    vals = [eval(compile(ast.Expression(a), f, "eval"), ns, env) for a in args]
                    line = "%s(%s)" % (name, ",".join(pyref.fmt(v) for v in vals))
                except Exception:
                    continue
                if line not in seen:
                    seen.add(line)
                    out.append(line)
    print("\n".join(out))


if __name__ == "__main__":
    main()

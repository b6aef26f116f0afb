"""The modules of the cutego package import one way: each module imports only modules below
it in LAYERS (no import circles), and each imports on its own, first in a fresh interpreter
(without the package's __init__ having imported the others before it)."""

import ast
import importlib.util
import os
import subprocess
import sys
import unittest

# bottom to top: a module may import only modules before it
LAYERS = ["typing", "errors", "_cext", "_ffi", "_codec", "_tuples", "layout", "int_tuple",
          "swizzle", "atom", "cuda_array", "_kernels", "gpu", "__init__"]

# run in a fresh interpreter: the package as a bare module (its __init__ not run), then one
# module imported first
FIRST = """
import importlib, sys, types
pkg = types.ModuleType("cutego")
pkg.__path__ = [sys.argv[1]]
sys.modules["cutego"] = pkg
importlib.import_module("cutego." + sys.argv[2])
"""


def package_dir():
    spec = importlib.util.find_spec("cutego")  # finds the package without importing it
    return list(spec.submodule_search_locations)[0]


def modules(d):
    return sorted(f[:-3] for f in os.listdir(d) if f.endswith(".py"))


def relative_imports(path):
    """The modules of the package that a file imports, at any depth of its code."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)  # from . import _ffi
        elif isinstance(node, ast.Import):
            out.update(a.name.split(".")[1] for a in node.names if a.name.startswith("cutego."))
    return out


class TestImports(unittest.TestCase):
    def test_layers_cover_the_package(self):
        self.assertEqual(sorted(set(modules(package_dir())) - set(LAYERS)), [],
                         "a module of the package is not placed in LAYERS")

    def test_no_module_imports_one_above_it(self):
        d = package_dir()
        for m in modules(d):
            for dep in relative_imports(os.path.join(d, m + ".py")):
                with self.subTest(module=m, imports=dep):
                    self.assertIn(dep, LAYERS, "%s imports %s, not in LAYERS" % (m, dep))
                    self.assertLess(LAYERS.index(dep), LAYERS.index(m),
                                    "%s imports %s, which is above it" % (m, dep))

    def test_each_module_imports_first(self):
        d = package_dir()
        for m in modules(d):
            if m == "__init__":
                continue
            with self.subTest(module=m):
                r = subprocess.run([sys.executable, "-c", FIRST, d, m], capture_output=True,
                                   text=True, timeout=120)
                self.assertEqual(r.returncode, 0, "import cutego.%s first:\n%s" % (m, r.stderr))


if __name__ == "__main__":
    unittest.main()

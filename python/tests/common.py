"""Shared set-up of the Python tests: where the repository is, the reference PyCuTe, the
interop harness. The cutego under test is whatever `import cutego` finds (`make python-test`
runs these tests in a fresh virtual environment where the built wheel is installed)."""

import importlib
import os
import sys

TOP = os.environ.get("CUTEGO_REPO") or \
    os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEPS_PY = os.path.join(TOP, ".deps", "py")
CUTEGO_EXE = os.environ.get("CUTEGO_EXE") or os.path.join(TOP, "build", "cutego")
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

for p in (os.path.join(TOP, "interop"),):
    if p not in sys.path:
        sys.path.insert(0, p)

import cutego  # noqa: E402

_pycute = None


def pycute():
    """The reference PyCuTe from the pinned nvidia-cutlass package (.deps/py), imported
    under its own name without letting .deps/py shadow anything else."""
    global _pycute
    if _pycute is None:
        saved = sys.modules.get("pycute")
        sys.path.insert(0, DEPS_PY)
        try:
            sys.modules.pop("pycute", None)
            _pycute = importlib.import_module("pycute")
        finally:
            sys.path.remove(DEPS_PY)
            if saved is not None:
                sys.modules["pycute"] = saved
    return _pycute


def have_deps():
    return os.path.isdir(os.path.join(DEPS_PY, "pycute"))

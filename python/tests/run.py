"""Runs the Python tests (unittest; pytest finds the same files) and ends with the line
`python: N passed, N failed`. With CUTEGO_STRICT=1 (make python-test) a skipped test is a
failure and the cutego under test must be an installed copy, not the source tree. With
CUTEGO_EXPECT_PATH=extension|ctypes the run fails unless cutego takes that path (the C
extension, or the ctypes fallback that CUTEGO_PURE=1 selects)."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def main():
    import cutego
    strict = os.environ.get("CUTEGO_STRICT") == "1"
    from cutego import _ffi
    path = "extension" if _ffi.cext is not None else "ctypes"
    print("python: cutego %s from %s (libcutego %s), path: %s (the extension: %s)"
          % (cutego.__version__, os.path.dirname(cutego.__file__), cutego._LIBRARY_PATH, path,
             _ffi.CEXT_STATUS))
    want = os.environ.get("CUTEGO_EXPECT_PATH")
    if want and want != path:
        print("python: the %s path was expected, the %s path is taken" % (want, path))
        return 1
    if strict and os.path.abspath(os.path.join(HERE, "..", "cutego")) == \
            os.path.dirname(os.path.abspath(cutego.__file__)):
        print("python: testing the source tree, not an installed copy")
        return 1
    suite = unittest.defaultTestLoader.discover(HERE, pattern="test_*.py")
    r = unittest.TextTestRunner(verbosity=1).run(suite)
    failed = len(r.failures) + len(r.errors) + len(r.unexpectedSuccesses)
    skipped = len(r.skipped)
    if strict:
        failed += skipped
    passed = r.testsRun - len(r.failures) - len(r.errors) - skipped
    print("python: %d passed, %d failed%s" % (passed, failed,
          ", %d skipped" % skipped if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

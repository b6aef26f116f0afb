#!/usr/bin/env python3
"""Builds the cutego wheels for every Python found here, and tests each installed copy.

    python3 python/tools/wheels.py --lib build/lib/libcutego.so.0.1.0 --out build/dist/all [--test]

The Pythons: python3.X and pypy3 on PATH, /usr/bin/python3.X, and pyenv's versions (each
version once; CPython 3.9 or newer). For each CPython with its headers (Python.h) it builds
the cpXY-cpXY wheel (the extension compiled for it, build_wheel.py run by that interpreter);
once, the py3-none wheel (ctypes only), for every other Python. With --test each wheel is
installed with pip (no index) into a fresh venv of its interpreter and python/tests/run.py
runs against it, on the path that wheel must take: the extension for cpXY, ctypes for
py3-none (PyPy, and CPython without headers). Ends with `python-wheels: N passed, N failed`.
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
MIN = (3, 9)
PROBE = ("import sys, platform, sysconfig, os; print(platform.python_implementation(), "
         "'%d.%d' % sys.version_info[:2], sys.version.split()[0], "
         "int(os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h'))))")


def candidates():
    names = ["python3.%d" % m for m in range(MIN[1], 20)] + ["pypy3"]
    found = [shutil.which(n) for n in names]
    found += sorted(glob.glob("/usr/bin/python3.[0-9]*"))
    root = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    found += sorted(glob.glob(os.path.join(root, "versions", "*", "bin", "python3")))
    found += sorted(glob.glob(os.path.join(root, "versions", "*", "bin", "pypy3")))
    return [f for f in found if f and os.access(f, os.X_OK) and not f.endswith("-config")]


def pythons():
    """[(exe, impl, 'X.Y', full version, has headers)], one per implementation and X.Y."""
    seen, out = set(), []
    for exe in candidates():
        try:
            p = subprocess.run([exe, "-c", PROBE], capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            print("python-wheels: %s skipped: %s" % (exe, e))
            continue
        if p.returncode != 0:
            continue  # e.g. a pyenv shim of a version that is not selected
        impl, xy, full, hdr = p.stdout.split()
        if tuple(int(x) for x in xy.split(".")) < MIN or (impl, xy) in seen:
            continue
        seen.add((impl, xy))
        out.append((exe, impl, xy, full, hdr == "1"))
    return out


def test(exe, wheel, want, venv_root, host):
    venv = os.path.join(venv_root, os.path.basename(wheel)[:-4] + "-" + os.path.basename(exe))
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([exe, "-m", "venv", "--without-pip", venv], check=True)
    py = os.path.join(venv, "bin", "python")
    subprocess.run([host, "-m", "pip", "--python", py, "install", "-q", "--no-index", "--no-deps",
                    "--disable-pip-version-check", wheel], check=True)
    env = dict(os.environ, CUTEGO_REPO=TOP, CUTEGO_STRICT="1", CUTEGO_EXPECT_PATH=want)
    for k in ("CUTEGO_PURE", "CUTEGO_LIBRARY", "PYTHONPATH"):
        env.pop(k, None)
    p = subprocess.run([py, os.path.join(TOP, "python", "tests", "run.py")], cwd=venv_root,
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    last = [l for l in p.stdout.splitlines() if l.startswith("python: ")]
    ok = p.returncode == 0
    if not ok:
        print(p.stdout)
    return ok, last[-1][len("python: "):] if last else "no result line"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lib", required=True, help="libcutego.so to bundle")
    ap.add_argument("--out", required=True, help="output folder of the wheels")
    ap.add_argument("--test", action="store_true", help="install and test each wheel")
    a = ap.parse_args()
    lib = os.path.abspath(a.lib)
    os.makedirs(a.out, exist_ok=True)
    build = os.path.join(HERE, "build_wheel.py")

    def wheel_of(before):
        new = sorted(set(glob.glob(os.path.join(a.out, "cutego-*.whl"))) - before)
        return new[0] if new else None

    found = pythons()
    print("python-wheels: Pythons found: " + ", ".join(
        "%s %s (%s)" % (impl, full, exe) for exe, impl, _, full, _ in found))
    for old in glob.glob(os.path.join(a.out, "cutego-*.whl")):
        os.remove(old)
    subprocess.run([sys.executable, build, "--lib", lib, "--out", a.out, "--cext", "no"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    universal = glob.glob(os.path.join(a.out, "cutego-*-py3-none-*.whl"))[0]
    plan = []  # (exe, label, wheel, path)
    for exe, impl, xy, full, hdr in found:
        label = "%s %s" % (impl, full)
        if impl == "CPython" and hdr:
            before = set(glob.glob(os.path.join(a.out, "cutego-*.whl")))
            p = subprocess.run([exe, build, "--lib", lib, "--out", a.out], capture_output=True,
                               text=True)
            w = wheel_of(before)
            if p.returncode != 0 or w is None:
                print("python-wheels: %s: the extension does not build:\n%s" % (label, p.stderr))
                plan.append((exe, label, None, "extension"))
                continue
            plan.append((exe, label, w, "extension"))
        else:
            plan.append((exe, label, universal, "ctypes"))
    print("python-wheels: built " + ", ".join(sorted(os.path.basename(w) for w in
                                                     glob.glob(os.path.join(a.out, "*.whl")))))
    if not a.test:
        return 0 if all(w for _, _, w, _ in plan) else 1
    venvs = os.path.join(a.out, "venvs")
    rows, failed = [], 0
    for exe, label, w, path in plan:
        if w is None:
            ok, res = False, "no wheel"
        else:
            ok, res = test(exe, w, path, venvs, sys.executable)
        failed += not ok
        rows.append((label, os.path.basename(w) if w else "-", path, res))
    shutil.rmtree(venvs, ignore_errors=True)
    for r in rows:
        print("python-wheels: %-16s %-52s %-9s %s" % r)
    print("python-wheels: %d passed, %d failed" % (len(rows) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

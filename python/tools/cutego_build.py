"""The PEP 517 build backend of pyproject.toml: `pip install .` (or `pip wheel .`,
`python -m build`) from a checkout.

build_wheel runs `make libcutego` in the checkout (Go and gcc build build/lib/libcutego.so),
then build_wheel.py's build(): the package with libcutego bundled and cutego._cext compiled
for the interpreter that runs the build (a cpXY-cpXY wheel). config_settings {"cext": "no"}
builds the ctypes-only py3-none wheel instead. No build requirement is installed: the
backend is the standard library and this folder (backend-path), so the build works offline.

build_sdist packs the files git tracks (or, outside a git checkout, the tree less build
outputs), with PKG-INFO, into NAME-VERSION.tar.gz.
"""

import io
import os
import re
import subprocess
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import build_wheel as _wheel  # noqa: E402  (python/tools/build_wheel.py)


def _libcutego():
    """Builds libcutego with the project's Makefile; returns the shared library's path."""
    make = os.environ.get("MAKE", "make")
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    p = subprocess.run([make, "-C", TOP, "--no-print-directory", "libcutego"], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stdout)
        raise RuntimeError("cutego: `make libcutego` failed in %s (it needs Go and gcc; "
                           "see docs/INSTALL.md)" % TOP)
    v = _wheel.version_from_header()
    return os.path.join(TOP, "build", "lib", "libcutego.so." + v)


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    cext = (config_settings or {}).get("cext", "yes") != "no"
    cc = os.environ.get("CC", "gcc")
    return os.path.basename(_wheel.build(_libcutego(), wheel_directory, cext=cext, cc=cc))


def _tracked():
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=TOP, capture_output=True,
                             check=True).stdout.decode()
        return [f for f in out.split("\0") if f and os.path.isfile(os.path.join(TOP, f))]
    except (OSError, subprocess.CalledProcessError):
        skip = re.compile(r"^(\.git|\.deps|build|\.devwork)(/|$)")
        found = []
        for d, dirs, files in os.walk(TOP):
            rel = os.path.relpath(d, TOP)
            dirs[:] = [x for x in dirs if not skip.match(os.path.normpath(os.path.join(rel, x)))]
            found += [os.path.normpath(os.path.join(rel, f)) for f in files]
        return sorted(found)


def build_sdist(sdist_directory, config_settings=None):
    v = _wheel.version_from_header()
    base = "cutego-%s" % v
    path = os.path.join(sdist_directory, base + ".tar.gz")
    pkg_info = ("Metadata-Version: 2.1\nName: cutego\nVersion: %s\n"
                "Summary: CuTe's layout algebra (PyCuTe's API) computed by libcutego\n"
                "Requires-Python: >=3.9\n" % v).encode()
    with tarfile.open(path, "w:gz", format=tarfile.PAX_FORMAT) as t:
        for f in _tracked():
            t.add(os.path.join(TOP, f), arcname=base + "/" + f, recursive=False)
        ti = tarfile.TarInfo(base + "/PKG-INFO")
        ti.size = len(pkg_info)
        t.addfile(ti, io.BytesIO(pkg_info))
    return os.path.basename(path)

#!/usr/bin/env python3
"""Builds the cutego wheel: the package python/cutego/ with libcutego.so bundled.

    python3 python/tools/build_wheel.py --lib build/lib/libcutego.so.0.1.0 --out build/dist

A wheel is a zip file with a .dist-info folder (PEP 427); it is written here with the
standard library alone, so building needs no setuptools, wheel or network. Nothing is
compiled at install. The package is Python over ctypes (ABI mode), plus cutego._cext, a
CPython extension compiled here (gcc, the headers of the Python running this script, from
sysconfig) from python/cutego/_cext.c and linked to the bundled library with rpath
$ORIGIN: the fast path of the common calls. The wheel's tag is then cpXY-cpXY-PLATFORM,
for the interpreter it was built with; with --cext no it is py3-none-PLATFORM (ctypes
only). The package falls back to ctypes wherever the extension does not import.

PLATFORM is manylinux_2_X_ARCH when the library needs only the C library's own shared
objects (libc, libm, libpthread, libdl, librt, the dynamic loader) and its newest GLIBC
symbol version is 2.X (read with objdump); otherwise linux_ARCH.
"""

import argparse
import shutil
import sysconfig
import tempfile
import base64
import hashlib
import os
import platform
import re
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.join(os.path.dirname(HERE), "cutego")
TOP = os.path.dirname(os.path.dirname(HERE))

ALLOWED_NEEDED = {"libcutego.so.0",  # the bundled library, for the extension
                  "libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1",
                  "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}


def version_from_header():
    h = open(os.path.join(TOP, "include", "cutego.h"), encoding="utf-8").read()
    parts = [re.search(r"#define CUTEGO_VERSION_%s (\d+)" % k, h).group(1)
             for k in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


# what the kernels library (--kernels) may need besides: the CUDA 13 runtime (PyTorch's or the
# nvidia-cuda-runtime package's copy, loaded by cutego/_kernels.py first) and the C++ runtime
KERNELS_NEEDED = {"libcudart.so.13", "libstdc++.so.6", "libgcc_s.so.1"}


def platform_tag(*libs, allowed=frozenset()):
    arch = platform.machine()
    try:
        dyn = needed = ""
        for lib in libs:
            dyn += subprocess.run(["objdump", "-T", lib], capture_output=True, text=True,
                                  check=True).stdout
            needed += subprocess.run(["objdump", "-p", lib], capture_output=True, text=True,
                                     check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        print("build_wheel: objdump failed (%s); tagging linux_%s" % (e, arch), file=sys.stderr)
        return "linux_" + arch, "objdump unavailable"
    libs = set(re.findall(r"NEEDED\s+(\S+)", needed))
    vers = [tuple(int(x) for x in v.split(".")) for v in re.findall(r"GLIBC_(\d+\.\d+)", dyn)]
    extra = libs - ALLOWED_NEEDED - allowed
    if extra or not vers:
        return "linux_" + arch, "needs %s" % sorted(extra)
    major, minor = max(vers)
    return "manylinux_%d_%d_%s" % (major, minor, arch), \
        "needs %s, newest symbol GLIBC_%d.%d" % (sorted(libs), major, minor)


def python_tag():
    """cpXY for the running CPython (cpXYd for a debug build), None for another Python."""
    if platform.python_implementation() != "CPython":
        return None
    tag = "cp%d%d" % sys.version_info[:2]
    return tag + ("d" if sysconfig.get_config_var("Py_DEBUG") else "")


def build_cext(lib, tmp, cc):
    """Compiles python/cutego/_cext.c into tmp; returns the extension's path."""
    out = os.path.join(tmp, "_cext" + sysconfig.get_config_var("EXT_SUFFIX"))
    cmd = [cc, "-O2", "-g0", "-fPIC", "-shared", "-std=gnu11", "-Wall", "-Wextra", "-Werror",
           "-Wno-missing-field-initializers", "-Wno-cast-function-type",
           "-fvisibility=hidden", "-I" + sysconfig.get_paths()["include"],
           "-I" + os.path.join(TOP, "include"), os.path.join(PKG, "_cext.c"), "-o", out,
           lib, "-Wl,-rpath,$ORIGIN", "-Wl,--as-needed"]
    print("build_wheel: " + " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True)
    return out


def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build(lib, out, version=None, cext=True, cc="gcc", kernels=None):
    """Writes the wheel into out (replacing an older one of the same Python tag); returns
    its path. cext: compile and bundle cutego._cext for the running CPython. kernels: a
    libcutego_kernels.so to bundle as cutego/libcutego_kernels.so (cutego.gemm/copy/einsum
    load it at their first call)."""
    version = version or version_from_header()
    tmp = tempfile.mkdtemp(prefix="cutego-wheel-")
    ext = None
    pytag = "py3-none"
    if cext:
        py = python_tag()
        if py is None:
            sys.exit("build_wheel: the extension needs CPython (use --cext no)")
        ext = build_cext(lib, tmp, cc)
        pytag = "%s-%s" % (py, py)
    tag, why = platform_tag(lib, *([ext] if ext else []), *([kernels] if kernels else []),
                            allowed=KERNELS_NEEDED if kernels else frozenset())
    name = "cutego-%s-%s-%s.whl" % (version, pytag, tag)
    os.makedirs(out, exist_ok=True)
    for old in os.listdir(out):
        if old.startswith("cutego-") and old.endswith(".whl") and \
                old.split("-")[2:4] == pytag.split("-"):
            os.remove(os.path.join(out, old))
    path = os.path.join(out, name)
    dist = "cutego-%s.dist-info" % version

    files = []
    for f in sorted(os.listdir(PKG)):
        if f.endswith(".py") or f == "py.typed":
            files.append(("cutego/" + f, open(os.path.join(PKG, f), "rb").read(), 0o644))
    files.append(("cutego/libcutego.so.0", open(lib, "rb").read(), 0o755))
    if kernels:
        files.append(("cutego/libcutego_kernels.so", open(kernels, "rb").read(), 0o755))
    if ext:
        files.append(("cutego/" + os.path.basename(ext), open(ext, "rb").read(), 0o755))
    shutil.rmtree(tmp, ignore_errors=True)

    readme = os.path.join(os.path.dirname(HERE), "README.md")
    desc = open(readme, encoding="utf-8").read() if os.path.exists(readme) else ""
    metadata = (
        "Metadata-Version: 2.1\n"
        "Name: cutego\n"
        "Version: %s\n"
        "Summary: CuTe's layout algebra (PyCuTe's API) computed by libcutego\n"
        "License: BSD-3-Clause\n"
        "Requires-Python: >=3.9\n"
        "Classifier: Programming Language :: Python :: 3\n"
        "Classifier: Operating System :: POSIX :: Linux\n"
        "Description-Content-Type: text/markdown\n"
        "\n%s" % (version, desc)).encode()
    wheel = ("Wheel-Version: 1.0\n"
             "Generator: cutego build_wheel.py\n"
             "Root-Is-Purelib: false\n"
             "Tag: %s-%s\n" % (pytag, tag)).encode()
    files.append((dist + "/METADATA", metadata, 0o644))
    files.append((dist + "/WHEEL", wheel, 0o644))
    files.append((dist + "/top_level.txt", b"cutego\n", 0o644))

    record = "".join("%s,%s,%d\n" % (n, record_hash(d), len(d)) for n, d, _ in files)
    record += dist + "/RECORD,,\n"
    files.append((dist + "/RECORD", record.encode(), 0o644))

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d, mode in files:
            zi = zipfile.ZipInfo(n, date_time=(1980, 1, 1, 0, 0, 0))
            zi.external_attr = (0o100000 | mode) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, d)
    print("build_wheel: %s (%s: %s)" % (path, tag, why), file=sys.stderr)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lib", required=True, help="libcutego.so to bundle")
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--version", default=None, help="default: include/cutego.h's")
    ap.add_argument("--cext", choices=("yes", "no"), default="yes",
                    help="compile and bundle cutego._cext (default yes; no: ctypes only)")
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"), help="C compiler (gcc)")
    ap.add_argument("--kernels", default=None,
                    help="libcutego_kernels.so to bundle (make kernels-so; default: none)")
    a = ap.parse_args()
    build(a.lib, a.out, a.version, a.cext == "yes", a.cc, a.kernels)


if __name__ == "__main__":
    main()

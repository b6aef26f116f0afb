#!/usr/bin/env python3
"""Runs the commands of docs/INSTALL.md exactly as written, and checks their output.

    python3 ci/install_doc_test.py [--doc docs/INSTALL.md] [--group NAME]...

A block of the doc takes part when the line before it (blank lines aside) is an HTML
comment `<!-- test GROUP: KIND [ARG] -->`:

    file NAME       the block is written to NAME in the group's folder
    run             the block runs there (bash -e -o pipefail), `run checkout`: in the checkout
    output          the previous run's standard output must be this block

Each group runs in its own scratch folder with its own HOME; CUTEGO is the checkout. Go keeps
the caller's build and module caches (so nothing is rebuilt or downloaded twice) and runs
offline: GOPROXY is a file:// proxy that serves this checkout as github.com/cutego/cutego at
include/cutego.h's version (what `go get github.com/cutego/cutego@latest` finds once
published), then off; GOSUMDB is off (the local module is not in the checksum database).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE = "github.com/cutego/cutego"
MARK = re.compile(r"^<!-- test ([\w-]+): (file|run|output)(?: (\S+))? -->$")


def blocks(doc):
    """[(group, kind, arg, text, line)] in the doc's order."""
    lines = open(doc, encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        m = MARK.match(lines[i].strip())
        i += 1
        if not m:
            continue
        while i < len(lines) and not lines[i].strip():
            i += 1
        if i >= len(lines) or not lines[i].startswith("```"):
            sys.exit("%s:%d: a test comment not followed by a code block" % (doc, i))
        start, i = i + 1, i + 1
        while i < len(lines) and lines[i] != "```":
            i += 1
        if i >= len(lines):
            sys.exit("%s:%d: unterminated code block" % (doc, start))
        out.append((m.group(1), m.group(2), m.group(3), "\n".join(lines[start:i]) + "\n", start))
        i += 1
    return out


def version():
    h = open(os.path.join(TOP, "include", "cutego.h"), encoding="utf-8").read()
    return "v" + ".".join(re.search(r"#define CUTEGO_VERSION_%s (\d+)" % k, h).group(1)
                          for k in ("MAJOR", "MINOR", "PATCH"))


def module_proxy(root):
    """A GOPROXY folder serving the checkout's tracked files as MODULE@version()."""
    v = version()
    d = os.path.join(root, MODULE, "@v")
    os.makedirs(d)
    files = subprocess.run(["git", "ls-files", "-z"], cwd=TOP, capture_output=True,
                           check=True).stdout.decode().split("\0")
    with zipfile.ZipFile(os.path.join(d, v + ".zip"), "w", zipfile.ZIP_DEFLATED) as z:
        for f in files:
            p = os.path.join(TOP, f)
            if f and os.path.isfile(p) and not os.path.islink(p):
                z.write(p, "%s@%s/%s" % (MODULE, v, f))
    shutil.copy(os.path.join(TOP, "go.mod"), os.path.join(d, v + ".mod"))
    with open(os.path.join(d, v + ".info"), "w") as f:
        json.dump({"Version": v, "Time": "2026-01-01T00:00:00Z"}, f)
    with open(os.path.join(d, "list"), "w") as f:
        f.write(v + "\n")


def go_env(*names):
    try:
        out = subprocess.run(["go", "env"] + list(names), capture_output=True, text=True,
                             check=True).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        return {}
    return {k: v for k, v in zip(names, out) if v}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--doc", default=os.path.join(TOP, "docs", "INSTALL.md"))
    ap.add_argument("--group", action="append", help="run only these groups")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folders")
    a = ap.parse_args()

    all_blocks = blocks(a.doc)
    groups = []
    for g, *_ in all_blocks:
        if g not in groups:
            groups.append(g)
    for g in a.group or []:
        if g not in groups:
            sys.exit("install_doc_test: no group %r in %s (have %s)" % (g, a.doc, groups))
    groups = [g for g in groups if not a.group or g in a.group]
    if not groups:
        sys.exit("install_doc_test: no test blocks in %s" % a.doc)

    scratch = tempfile.mkdtemp(prefix="cutego-install-doc-")
    proxy = os.path.join(scratch, "goproxy")
    module_proxy(proxy)
    base = dict(os.environ)
    for k in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "VIRTUAL_ENV", "PYTHONPATH", "PKG_CONFIG_PATH",
              "LD_LIBRARY_PATH", "CUTEGO_PURE"):
        base.pop(k, None)
    base.update(go_env("GOCACHE", "GOMODCACHE", "GOPATH"))
    base.update(CUTEGO=TOP, GOPROXY="file://" + proxy + ",off", GOSUMDB="off",
                GOTOOLCHAIN="local", PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INDEX="1")
    failed = 0
    for g in groups:
        root = os.path.join(scratch, g)
        home, work = os.path.join(root, "home"), os.path.join(root, "work")
        os.makedirs(home)
        os.makedirs(work)
        env = dict(base, HOME=home)
        last, ok = None, True
        for bg, kind, arg, text, line in all_blocks:
            if bg != g or not ok:
                continue
            where = "%s:%d" % (os.path.relpath(a.doc, TOP), line)
            if kind == "file":
                with open(os.path.join(work, arg), "w") as f:
                    f.write(text)
            elif kind == "run":
                cwd = TOP if arg == "checkout" else work
                p = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text], cwd=cwd, env=env,
                                   stdin=subprocess.DEVNULL, capture_output=True, text=True)
                last = p.stdout
                if p.returncode != 0:
                    print("install-doc %s: FAILED (exit %d) at %s:\n%s\n-- stdout:\n%s-- stderr:\n%s"
                          % (g, p.returncode, where, text, p.stdout, p.stderr))
                    ok = False
            elif kind == "output":
                if last is None or last.rstrip() != text.rstrip():
                    print("install-doc %s: FAILED at %s: the run printed\n%s\nthe doc says\n%s"
                          % (g, where, last, text))
                    ok = False
                last = None
        print("install-doc %s: %s" % (g, "ok" if ok else "FAILED"))
        failed += not ok
    if a.keep:
        print("install-doc: scratch kept in " + scratch)
    else:
        shutil.rmtree(scratch, ignore_errors=True)
    print("install-doc: %d passed, %d failed" % (len(groups) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

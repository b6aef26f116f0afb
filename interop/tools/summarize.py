#!/usr/bin/env python3
"""Groups build/interop/disagreements.txt by operation and kind, with the shortest case of
each group as its minimal reproducer (the raw material of interop/KNOWN_DISAGREEMENTS.md).

Usage: summarize.py [build/interop/disagreements.txt]"""
import re
import sys
from collections import defaultdict


def kind(note, cxx, cg):
    if note.startswith("harness error"):
        return "harness error"
    if "cutego rejects what C++ accepts" in note:
        m = re.match(r"error: ([^:]+: )?(.*)", cg)
        msg = cg[len("error: "):]
        if "not implemented" in msg:
            return "cutego: not implemented"
        return "cutego rejects what C++ accepts"
    if note.startswith("C++ rejects"):
        return "cutego accepts what C++ rejects"
    if "functionally equal" in note:
        return "same function, different printed form"
    if "functionally different" in note:
        return "different function"
    if "does not satisfy the definition" in note:
        return "C++ unsound and cutego wrong too"
    return "different value"


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "build/interop/disagreements.txt"
    recs = open(path).read().strip().split("\n\n")
    groups = defaultdict(list)
    for r in recs:
        f = {}
        for line in r.splitlines():
            k, _, v = line.strip().partition(" ")
            f[k] = v.strip()
        if "eval" not in f:
            continue
        op = f["case"].split(" ")[0]
        groups[(op, kind(f.get("note", ""), f.get("c++", ""), f.get("cutego", "")))].append(f)
    for (op, k), fs in sorted(groups.items(), key=lambda x: (-len(x[1]), x[0])):
        best = min(fs, key=lambda f: len(f["eval"]))
        print("%-22s %-40s %5d   e.g. %s" % (op, k, len(fs), best["eval"]))
        print("%-22s %-40s         c++    %s" % ("", "", best["c++"]))
        print("%-22s %-40s         cutego %s" % ("", "", best["cutego"]))


if __name__ == "__main__":
    main()

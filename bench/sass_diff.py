#!/usr/bin/env python3
"""sass_diff.py — compares the SASS of two builds of the same kernels, up to register renaming.

    sass_diff.py BEFORE.sass AFTER.sass [--prefix cutego_gemm_128x]   (cuobjdump -sass output)

For each function (those whose name starts with the prefix) present in both dumps it prints the
instruction counts and how many instructions differ, four ways:
  raw       the instruction text as dumped (addresses and encodings dropped);
  renamed   registers (R, UR, P, UP, B) renamed in order of first use within the function (one
            register more early on renumbers every later one: an upper bound);
  masked    register numbers and branch/call targets masked: a build that only allocated
            registers differently, or moved code, counts 0;
  opcodes   the opcode sequence alone.
Exit status 1 when a function differs after masking or is missing from one side.
  sass_diff.py --selftest   checks the comparison on built-in examples.
"""
import difflib
import re
import sys

FUNC = re.compile(r"^\s*Function : (\S+)")
INSN = re.compile(r"^\s*/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;")
REG = re.compile(r"\b(UR|UP|R|P|B)(\d+)\b")
TARGET = re.compile(r"^((?:@!?U?P\w* )?(?:BRA|CALL|BRX|JMP|BSSY|WARPSYNC)\S*(?: \S+,)*) 0x[0-9a-f]+")


def parse(text):
    funcs, cur = {}, None
    for line in text.splitlines():
        m = FUNC.match(line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = INSN.match(line)
        if m and cur is not None:
            cur.append(" ".join(m.group(1).split()))
    return funcs


def rename(insns):
    names, counts, out = {}, {}, []

    def sub(m):
        key = m.group(0)
        if key not in names:
            kind = m.group(1)
            counts[kind] = counts.get(kind, 0) + 1
            names[key] = "%s#%d" % (kind, counts[kind])
        return names[key]

    for ins in insns:
        out.append(REG.sub(sub, ins))
    return out


def mask(insns):
    return [TARGET.sub(r"\1 <target>", REG.sub(r"\1", ins)) for ins in insns]


def ndiff(a, b):
    """Instructions replaced, inserted or deleted between a and b: the common prefix and suffix
    are stripped first (builds that differ in a few places compare in linear time); what is left
    is aligned by difflib (its junk heuristic on for long remainders, which can count a few more)."""
    i = 0
    while i < len(a) and i < len(b) and a[i] == b[i]:
        i += 1
    j = 0
    while j < len(a) - i and j < len(b) - i and a[-1 - j] == b[-1 - j]:
        j += 1
    a, b = a[i : len(a) - j], b[i : len(b) - j]
    changed = 0
    junk = len(a) + len(b) > 4000
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=junk).get_opcodes():
        if tag != "equal":
            changed += max(i2 - i1, j2 - j1)
    return changed


def compare(before, after, prefix):
    fa, fb = parse(before), parse(after)
    rows, bad = [], False
    for name in sorted(set(fa) | set(fb)):
        if not name.startswith(prefix):
            continue
        if name not in fa or name not in fb:
            rows.append((name, len(fa.get(name, [])), len(fb.get(name, [])), "missing", "", "", ""))
            bad = True
            continue
        a, b = fa[name], fb[name]
        raw = ndiff(a, b)
        ren = ndiff(rename(a), rename(b))
        msk = ndiff(mask(a), mask(b))
        ops = ndiff([x.split()[0] for x in a], [x.split()[0] for x in b])
        bad |= msk != 0
        rows.append((name, len(a), len(b), raw, ren, msk, ops))
    return rows, bad


def selftest():
    d1 = """
        Function : k1
        /*0000*/                   MOV R1, c[0x0][0x28] ;    /* 0x0 */
        /*0010*/                   IADD3 R2, R1, 0x1, RZ ;  /* 0x0 */
        /*0020*/              @!P0 BRA 0x40 ;               /* 0x0 */
"""
    d2 = d1.replace("R1", "R7").replace("R2", "R3")
    d3 = d1.replace("0x1, RZ", "0x2, RZ")
    rows, bad = compare(d1, d2, "k")
    assert not bad and rows[0][3] == 2 and rows[0][4] == 0 and rows[0][5] == 0, rows
    rows, bad = compare(d1, d3, "k")
    assert bad and rows[0][4] == 1 and rows[0][5] == 1 and rows[0][6] == 0, rows
    # code that only moved: branch targets differ
    rows, bad = compare(d1, d1.replace("BRA 0x40", "BRA 0x80"), "k")
    assert not bad and rows[0][3] == 1 and rows[0][5] == 0, rows
    rows, bad = compare(d1, d1.replace("k1", "k2"), "k")
    assert bad, rows
    # R1 used where R2 was: not a renaming (renamed counts it), but masking cannot tell
    d4 = d1.replace("IADD3 R2, R1", "IADD3 R1, R1")
    rows, bad = compare(d1, d4, "k")
    assert rows[0][4] == 1 and rows[0][5] == 0, rows
    print("sass_diff selftest: ok")


def main(argv):
    if argv[1:] == ["--selftest"]:
        selftest()
        return 0
    args = argv[1:]
    prefix = "cutego_gemm_"
    if "--prefix" in args:
        i = args.index("--prefix")
        prefix = args[i + 1]
        del args[i : i + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    rows, bad = compare(open(args[0]).read(), open(args[1]).read(), prefix)
    print("%-44s %7s %7s %6s %8s %7s %8s" % ("function", "before", "after", "raw", "renamed", "masked", "opcodes"))
    for r in rows:
        print("%-44s %7s %7s %6s %8s %7s %8s" % r)
    print("%d functions, %d differ after masking registers and branch targets" % (len(rows), sum(1 for r in rows if r[5] != 0)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

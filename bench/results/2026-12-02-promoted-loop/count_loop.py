#!/usr/bin/env python3
"""count_loop.py — the instructions of a kernel's main loops, from its SASS.

    count_loop.py DUMP.sass [FUNCTION_SUBSTRING]      (cuobjdump -sass output)

A loop is a backward branch (BRA to a lower address) and the instructions from its target to
it; for each loop holding wgmma (GMMA) instructions it prints the instruction count, the GMMA
count and the most frequent opcodes. The promoted and block-scaled main loops issue two
k-tiles per iteration (8 QGMMA on 128x128x128 tiles): half the count is per k-tile per
consumer warp. Loops around other loops (the tile loop) print too; they are the large ones.
"""
import os
import re
import sys

sys.dont_write_bytecode = True  # (no __pycache__ beside bench/sass_diff.py)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from sass_diff import parse  # noqa: E402  (bench/sass_diff.py: function -> instruction texts)

BRA = re.compile(r"\bBRA\b.*?(0x[0-9a-f]+)")
INSN_BYTES = 16  # sm_90 instructions are 16 bytes, the first at address 0


def opcode(insn):
    words = insn.split()
    return (words[1] if words[0].startswith("@") else words[0]).split(".")[0]


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    want = argv[2] if len(argv) > 2 else ""
    for name, insns in parse(open(argv[1]).read()).items():
        if want not in name:
            continue
        print(name, len(insns), "instructions")
        for i, text in enumerate(insns):
            m = BRA.search(text)
            if not m or int(m.group(1), 16) > i * INSN_BYTES:
                continue
            t = int(m.group(1), 16) // INSN_BYTES
            ops = {}
            for x in insns[t:i + 1]:
                ops[opcode(x)] = ops.get(opcode(x), 0) + 1
            if not any("GMMA" in o for o in ops):
                continue
            g = sum(n for o, n in ops.items() if "GMMA" in o and o != "WARPGROUP")
            top = ", ".join(f"{o} {n}" for o, n in sorted(ops.items(), key=lambda kv: -kv[1])[:10])
            print(f"  loop {t * INSN_BYTES:#x}-{i * INSN_BYTES:#x}: {i + 1 - t} instructions, {g} GMMA; {top}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

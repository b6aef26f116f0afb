#!/usr/bin/env python3
"""readme_counts.py: the README's interop figures come from interop/LAST_TABLE.txt.

  ci/readme_counts.py            check: each figure in README.md equals the table's TOTAL row
  ci/readme_counts.py --write    rewrite those figures in README.md from the table

LAST_TABLE.txt is the table of the last full `make interop` (build/interop/table.txt, copied);
`make interop` says when its fresh table differs from it.
"""
import re
import sys

# Each figure: the table column it comes from, and the README text around it ({} is the number;
# whitespace in the pattern matches any run of whitespace, so line wrapping does not matter).
FIGURES = [
    ("cases", "`make interop` ran {} cases"),
    ("disagree", "{} disagreements:"),
    ("agree", "disagreements: {} agree"),
    ("rejected-by-both", "{} refused by both"),
    ("cxx-unsound", "in {} cases C++'s answer fails"),
    ("cxx-refuses-valid", "in {} a static_assert"),
    ("ruled", "{} follow documented rulings"),
    ("cxx-n/a", "{} (`prefix_product`"),
]
NUM = r"(\d{1,3}(?:,\d{3})*)"


def total_row(path):
    lines = open(path, encoding="utf-8").read().splitlines()
    head = lines[0].split()[1:]
    for line in lines:
        f = line.split()
        if f and f[0] == "TOTAL":
            return dict(zip(head, (int(x) for x in f[1:])))
    raise SystemExit("%s: no TOTAL row" % path)


def pattern(text):
    before, after = text.split("{}")
    esc = lambda s: r"\s+".join(re.escape(w) for w in s.split(" ")) if s else ""
    return re.compile(esc(before) + NUM + esc(after))


def main(argv):
    write = "--write" in argv
    table = total_row("interop/LAST_TABLE.txt")
    readme = open("README.md", encoding="utf-8").read()
    bad = []
    for col, text in FIGURES:
        m = list(pattern(text).finditer(readme))
        if len(m) != 1:
            bad.append("README.md: %r found %d times (want once)" % (text, len(m)))
            continue
        want = "{:,}".format(table[col])
        got = m[0].group(1)
        if got != want:
            if write:
                s, e = m[0].span(1)
                readme = readme[:s] + want + readme[e:]
            else:
                bad.append("README.md says %s for %r; interop/LAST_TABLE.txt's %s is %s"
                           % (got, text, col, want))
    if write:
        open("README.md", "w", encoding="utf-8").write(readme)
    if bad:
        print("\n".join(bad) + "\n(ci/readme_counts.py --write updates README.md from the table)")
        return 1
    print("readme-counts: %d README figures equal interop/LAST_TABLE.txt" % len(FIGURES))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

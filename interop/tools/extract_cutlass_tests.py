#!/usr/bin/env python3
"""Re-expresses the cases of CUTLASS's C++ CuTe core unit tests (test/unit/cute/core/*.cpp)
as eval lines.

Usage: extract_cutlass_tests.py CUTLASS_GIT_DIR [REV] > interop/cases/cutlass_core_tests.txt

The test bodies are read statement by statement: `auto x = EXPR;` binds x, and each call of a
test helper (`test_composition(a, b)`, `test_complement(l, t)`, ...) becomes the eval line of
the operation it tests, on the bound operands. A small translator turns CuTe's C++
spellings (`Layout<Shape<_2,_4>,Stride<_1,_2>>{}`, `make_layout(make_shape(Int<2>{},4))`,
`Step<_1,_1>{}`, `Swizzle<3,4,3>{}` ...) into eval values; dynamic integers become static ones
(the harness's target is C++ with every integer static). Statements it cannot translate are
skipped and counted. Only operands are taken: the expected results come from C++ at run time."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from harness.expr import Int, Tup, Lay, Under, Sw, Call, Tag, to_eval  # noqa: E402

HELPERS = {"test_coalesce": "coalesce", "test_complement": "complement",
           "test_composition": "composition", "test_left_inverse": "left_inverse",
           "test_right_inverse": "right_inverse", "test_logical_divide": "logical_divide",
           "test_logical_product": "logical_product", "test_nullspace": "nullspace"}
TUPLES = {"Shape", "Stride", "Step", "Coord", "Tile", "tuple", "Tuple", "make_shape",
          "make_stride", "make_coord", "make_tile", "make_step", "make_tuple", "cute::tuple"}
CALLS = {"make_layout", "composition", "complement", "coalesce", "logical_divide",
         "logical_product", "zipped_divide", "tiled_divide", "right_inverse", "left_inverse",
         "blocked_product", "raked_product", "make_ordered_layout", "size", "cosize",
         "filter", "nullspace", "upcast", "downcast", "layout", "get", "select", "take",
         "append", "prepend", "make_layout_like", "tile_to_shape", "make_identity_layout"}

TOK = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_:]*)|(\S))")


class Skip(Exception):
    pass


def tokens(s):
    out, pos = [], 0
    while pos < len(s):
        m = TOK.match(s, pos)
        if not m:
            break
        pos = m.end()
        n, i, p = m.groups()
        if n:
            out.append(("n", int(n)))
        elif i:
            out.append(("i", i.replace("cute::", "")))
        elif p:
            out.append(("p", p))
    return out


class P:
    def __init__(self, toks, env):
        self.t, self.i, self.env = toks, 0, env

    def peek(self, k=0):
        return self.t[self.i + k] if self.i + k < len(self.t) else ("eof", None)

    def eat(self, v=None):
        t = self.peek()
        if v is not None and t[1] != v:
            raise Skip("expected %s got %s" % (v, t))
        self.i += 1
        return t

    def maybe(self, v):
        if self.peek()[1] == v:
            self.i += 1
            return True
        return False

    def list_(self, close, item):
        xs = []
        if self.maybe(close):
            return xs
        while True:
            xs.append(item())
            if self.maybe(","):
                continue
            self.eat(close)
            return xs

    def expr(self):
        t = self.eat()
        if t[0] == "n":
            return Int(t[1])
        if t[0] == "p" and t[1] == "-" and self.peek()[0] == "n":
            return Int(-self.eat()[1])
        if t[0] != "i":
            raise Skip("token %s" % (t,))
        name = t[1]
        if re.fullmatch(r"_\d+", name):
            self.maybe("{") and self.eat("}")
            return Int(int(name[1:]))
        if name == "_":
            return Under()
        if name in ("LayoutLeft", "LayoutRight"):
            self.eat("{")
            self.eat("}")
            return Tag(name)
        targs = None
        if self.peek()[1] == "<":
            self.eat("<")
            targs = self.list_(">", self.expr)
        if self.peek()[1] == "{":
            self.eat("{")
            self.eat("}")
            return self.typed(name, targs)
        if self.peek()[1] == "(":
            self.eat("(")
            args = self.list_(")", self.expr)
            if name in TUPLES:
                return Tup(args)
            if name in CALLS:
                return Call(name, args + (targs or []))
            raise Skip("function " + name)
        if targs is not None:
            return self.typed(name, targs)  # a type used as a template argument
        if name in self.env:
            return self.env[name]
        raise Skip("name " + name)

    def typed(self, name, targs):
        if name in ("Int", "C"):
            return targs[0]
        if name in TUPLES:
            return Tup(targs)
        if name == "Layout":
            if len(targs) == 2:
                return Lay(targs[0], targs[1])
            return Call("make_layout", [targs[0]])
        if name == "Swizzle":
            return Sw(*(a.v for a in targs))
        raise Skip("type " + name)


def simplify(n):
    """make_layout(shape, stride) of literal tuples -> shape:stride literal"""
    if isinstance(n, Call):
        args = [simplify(a) for a in n.args]
        if n.name == "make_layout" and len(args) == 2 and all(isinstance(a, (Int, Tup)) for a in args) \
                and _ints(args[0]) and _ints(args[1]):
            return Lay(args[0], args[1])
        return Call(n.name, args)
    if isinstance(n, Tup):
        return Tup([simplify(x) for x in n.items])
    return n


def _ints(t):
    return isinstance(t, Int) or (isinstance(t, Tup) and all(_ints(x) for x in t.items))


def statements(src):
    src = re.sub(r"//[^\n]*", "", src)
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    body = src[src.find("TEST("):] if "TEST(" in src else ""
    # drop block braces (but not the {} of value initialisation)
    return [s.strip() for s in re.split(r";", body)]


def main():
    git, rev = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "HEAD")
    files = subprocess.run(["git", "-C", git, "ls-tree", "--name-only", rev, "test/unit/cute/core/"],
                           capture_output=True, text=True).stdout.split()
    out = ["# Operands of the cases in CUTLASS's C++ CuTe core unit tests (test/unit/cute/core/*.cpp),",
           "# extracted by interop/tools/extract_cutlass_tests.py; results come from C++ at run time.",
           "# Dynamic integers of the tests are static here."]
    seen = set()
    skipped = 0
    for f in files:
        if not f.endswith(".cpp"):
            continue
        src = subprocess.run(["git", "-C", git, "show", "%s:%s" % (rev, f)],
                             capture_output=True, text=True).stdout
        env = {}
        lines = []
        for st in statements(src):
            st = re.sub(r"^[\s{}]*(TEST\([^)]*\)\s*)?[\s{}]*", "", st)
            st = re.sub(r"^using namespace cute\s*", "", st)
            m = re.match(r"(?:auto|Layout|constexpr auto|auto const)\s+([A-Za-z_]\w*)\s*=\s*(.*)$", st, re.S)
            try:
                if m:
                    env.pop(m.group(1), None)  # a failed translation must not leave a stale value
                    env[m.group(1)] = P(tokens(m.group(2)), env).expr()
                    continue
                m = re.match(r"(test_\w+)\s*\((.*)\)\s*$", st, re.S)
                if m and m.group(1) in HELPERS:
                    p = P(tokens(m.group(2)), env)
                    args = p.list_("eof", p.expr) if False else _args(p)
                    line = to_eval(simplify(Call(HELPERS[m.group(1)], args)))
                    if line not in seen:
                        seen.add(line)
                        lines.append(line)
            except (Skip, IndexError, AttributeError, TypeError) as e:
                skipped += 1
                if m and m.re.pattern.startswith("(test_"):
                    lines.append("# skipped: %s (%s)" % (" ".join(st.split())[:120], e))
        if lines:
            out.append("# " + f)
            out.extend(lines)
    out.append("# %d statements not translated" % skipped)
    print("\n".join(out))


def _args(p):
    xs = [p.expr()]
    while p.maybe(","):
        xs.append(p.expr())
    if p.peek()[0] != "eof":
        raise Skip("trailing " + str(p.peek()))
    return xs


if __name__ == "__main__":
    main()

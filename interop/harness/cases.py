"""Cases: curated ones from interop/cases/*.txt, random ones from gen.py.

Curated file format (one case a line; `#` comments and blank lines ignored):

    EVAL-EXPRESSION                      the C++ side is derived from it (every integer static)
    EVAL-EXPRESSION  ||  C++-EXPRESSION  the C++ side given verbatim (kernel atoms, traits)
    EVAL-EXPRESSION  =>  EXPECTED        also check C++ against a documented result

File directives: `#! op: NAME` labels the cases that follow (default: derived from the
expression), `#! group: mma` compiles them with the MMA-traits headers."""

import glob
import os

from .expr import parse, to_eval, to_cxx, Call, Apply, Sw, Composed, Raw, TypeVal, TENSOR_FUNCS


class Case:
    __slots__ = ("op", "node", "eval", "cxx", "group", "src", "expect", "cxx_explicit")

    def __init__(self, op, node, src, group="core", cxx=None, expect=None):
        self.op = op
        self.node = node
        self.eval = to_eval(node)
        self.cxx = cxx if cxx is not None else to_cxx(node)
        self.cxx_explicit = cxx is not None
        self.group = group
        self.src = src
        self.expect = expect


def group_of(node):
    """The prelude a derived C++ side needs: "atom" for CuTe's atoms (a type value anywhere),
    "tensor" for the functions C++ CuTe has on tensors only (expr.TENSOR_FUNCS), else
    "core"."""
    if _has_type(node):
        return "atom"
    if isinstance(node, Call):
        if node.name in TENSOR_FUNCS:
            return "tensor"
        return "tensor" if any(group_of(a) == "tensor" for a in node.args) else "core"
    if isinstance(node, Apply):
        return "tensor" if "tensor" in (group_of(node.fn), group_of(node.arg)) else "core"
    return "core"


def _has_type(node):
    if isinstance(node, TypeVal):
        return True
    if isinstance(node, Call):
        return any(_has_type(a) for a in node.args)
    return isinstance(node, Apply) and (_has_type(node.fn) or _has_type(node.arg))


def op_of(node):
    if isinstance(node, Call):
        if node.name == "coalesce" and len(node.args) == 2:
            return "coalesce_profile"
        if node.name == "composition" and node.args and isinstance(node.args[0], (Sw, Composed)):
            return "composed"
        if node.name == "composition" and node.args and isinstance(node.args[0], Call) \
                and node.args[0].name == "composition":
            return "composed"
        if node.name == "make_ordered_layout":
            return "make_layout"
        return node.name
    if isinstance(node, Apply):
        return "swizzle" if isinstance(node.fn, Sw) else "apply"
    return "value"


def load_curated(folder):
    out = []
    for path in sorted(glob.glob(os.path.join(folder, "*.txt"))):
        name = os.path.basename(path)
        op_label = None
        group = "core"
        with open(path) as f:
            for ln, line in enumerate(f, 1):
                line = line.strip()
                if line.startswith("#!"):
                    k, _, v = line[2:].partition(":")
                    k, v = k.strip(), v.strip()
                    if k == "op":
                        op_label = v or None
                    elif k == "group":
                        group = v
                    continue
                if not line or line.startswith("#"):
                    continue
                expect = None
                cxx = None
                if "=>" in line:
                    line, _, expect = line.partition("=>")
                    line, expect = line.strip(), expect.strip()
                if "||" in line:
                    line, _, cxx = line.partition("||")
                    line, cxx = line.strip(), cxx.strip()
                try:
                    node = parse(line)
                except Exception as e:
                    raise SystemExit("%s:%d: cannot parse %r: %s" % (path, ln, line, e))
                out.append(Case(op_label or op_of(node), node, "%s:%d" % (name, ln),
                                group=group, cxx=cxx, expect=expect))
    return out

"""PyCuTe (the pure-Python CuTe shipped in the same nvidia-cutlass package) on the same
cases. Its answers are reported beside C++'s; they are data, not failures."""

import os
import sys

from .expr import Int, Tup, Lay, Basis, Under, Sw, Composed, Tag, Call, Apply, Raw


class Unsupported(Exception):
    pass


_pc = None


def load(deps_py):
    global _pc
    if _pc is None:
        sys.path.insert(0, deps_py)
        import pycute  # noqa: E402
        _pc = pycute
    return _pc


def _val(n):
    pc = _pc
    if isinstance(n, Int):
        return n.v
    if isinstance(n, Tup):
        return tuple(_val(x) for x in n.items)
    if isinstance(n, Lay):
        return pc.Layout(_val(n.shape), _val(n.stride))
    if isinstance(n, Under):
        return None
    if isinstance(n, Sw):
        return pc.Swizzle(n.b, n.m, n.s)
    if isinstance(n, Composed):
        return pc.ComposedLayout(_val(n.a), _val(n.o), _val(n.b))
    if isinstance(n, Apply):
        f = _val(n.fn)
        a = _val(n.arg)
        if isinstance(n.arg, Tup) and isinstance(f, pc.Layout):
            return f(*a)
        return f(a)
    if isinstance(n, Call):
        return _call(n.name, [_val(a) for a in n.args], n)
    if isinstance(n, (Basis, Tag, Raw)):
        raise Unsupported(type(n).__name__)
    raise Unsupported(repr(n))


def _as_layout(x):
    pc = _pc
    if isinstance(x, int) or isinstance(x, tuple):
        return pc.Layout(x)
    return x


def _call(name, a, node):
    pc = _pc
    L = _as_layout
    if name in ("coalesce", "filter"):
        return getattr(pc, name)(L(a[0]), *a[1:])
    if name == "composition":
        b = a[1]
        if isinstance(b, int):
            b = pc.Layout(b)
        if isinstance(a[0], pc.Swizzle):
            return pc.ComposedLayout(a[0], 0, b)
        return pc.composition(L(a[0]), b)
    if name == "complement":
        if len(a) > 1 and not isinstance(a[1], int):
            raise Unsupported("tuple cotarget")
        return pc.complement(L(a[0]), *a[1:])
    if name in ("right_inverse", "left_inverse"):
        return getattr(pc, name)(L(a[0]))
    if name in ("logical_divide", "zipped_divide", "tiled_divide", "logical_product",
                "zipped_product", "tiled_product"):
        b = a[1]
        if isinstance(b, int):
            b = pc.Layout(b)
        return getattr(pc, name)(L(a[0]), b)
    if name in ("size", "cosize"):
        return getattr(pc, name)(L(a[0]) if isinstance(a[0], tuple) is False else a[0])
    if name in ("crd2idx", "idx2crd", "shape_div", "prefix_product", "inner_product",
                "flatten", "product", "elem_scale"):
        if name == "flatten" and isinstance(a[0], pc.Layout):
            raise Unsupported("flatten(layout)")
        return getattr(pc, name)(*a)
    if name == "make_layout":
        if len(a) == 1 and not isinstance(a[0], pc.Layout):
            return pc.Layout(a[0])
        if len(a) == 2 and not isinstance(a[0], pc.Layout) and not isinstance(a[1], pc.Layout):
            return pc.Layout(a[0], a[1])
        return pc.make_layout(*a)
    if name == "make_swizzle":
        return pc.Swizzle(*a)
    if name == "make_composed_layout":
        return pc.ComposedLayout(*a)
    if name == "rank":
        x = a[0]
        return len(x) if isinstance(x, (tuple, pc.Layout)) else 1
    raise Unsupported(name)


def fmt(v):
    pc = _pc
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, tuple):
        return "(" + ",".join(fmt(x) for x in v) + ")"
    if isinstance(v, pc.Layout):
        return fmt(v.shape) + ":" + fmt(v.stride)
    if isinstance(v, pc.Swizzle):
        return "Sw<%d,%d,%d>" % (v.bits, v.base, v.shift)
    if isinstance(v, pc.ComposedLayout):
        return "%s o %s o %s" % (fmt(v.layoutB), fmt(v.offset), fmt(v.layoutA))
    if v is None:
        return "_"
    raise Unsupported("result type " + type(v).__name__)


def evaluate(node):
    """Returns ('ok', text) | ('error', msg) | ('unsupported', why)."""
    try:
        v = _val(node)
        return "ok", fmt(v)
    except Unsupported as e:
        return "unsupported", str(e)
    except RecursionError:
        return "error", "recursion"
    except Exception as e:  # pycute signals rejection with asserts and exceptions
        return "error", "%s: %s" % (type(e).__name__, e)

"""`cutego eval` expressions (interop/harness/expr.py's trees) evaluated through the Python
binding, printed as `cutego eval` prints: CuTe's form without spaces or `_` marks."""

import cutego
from harness.expr import Int, Tup, Lay, Basis, Under, Sw, Composed, Tag, Call, Apply, Raw


class Unsupported(Exception):
    """The expression uses something the binding does not offer (scaled bases, upcast, ...)."""


def val(n):
    if isinstance(n, Int):
        return n.v
    if isinstance(n, Tup):
        return tuple(val(x) for x in n.items)
    if isinstance(n, Lay):
        return cutego.Layout(val(n.shape), val(n.stride))
    if isinstance(n, Under):
        return None
    if isinstance(n, Sw):
        return cutego.Swizzle(n.b, n.m, n.s)
    if isinstance(n, Composed):
        return cutego.make_composed_layout(val(n.a), val(n.o), val(n.b))
    if isinstance(n, Apply):
        f = val(n.fn)
        a = val(n.arg)
        return f(a)
    if isinstance(n, Call):
        return call(n.name, [val(a) for a in n.args], n)
    if isinstance(n, Tag):
        return n.name
    if isinstance(n, (Basis, Raw)):
        raise Unsupported(type(n).__name__)
    raise Unsupported(repr(n))


def _L(x):
    return x if isinstance(x, cutego.LayoutBase) else cutego.Layout(x)


SAME = {"coalesce", "filter", "filter_zeros", "composition", "complement", "right_inverse",
        "left_inverse", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
        "logical_product", "zipped_product", "tiled_product", "flat_product",
        "max_common_vector", "max_common_layout", "nullspace", "tile_to_shape", "crd2idx",
        "idx2crd", "shape_div", "prefix_product", "product", "inner_product", "flatten",
        "elem_scale"}


def call(name, a, node):
    if name == "composition" and len(a) == 2 and isinstance(a[1], cutego.ComposedLayout):
        raise Unsupported("composition(Layout, ComposedLayout): not in the C ABI")
    if name in ("blocked_product", "raked_product"):
        return getattr(cutego, name)(_L(a[0]), _L(a[1]))
    if name in ("size", "cosize", "rank", "depth"):
        x = a[0]
        return getattr(cutego, name)(x)
    if name == "make_layout":
        if len(a) == 2 and a[1] in ("LayoutLeft", "LayoutRight"):
            return cutego.make_layout_left(a[0]) if a[1] == "LayoutLeft" \
                else cutego.make_layout_right(a[0])
        if any(isinstance(x, str) for x in a):
            raise Unsupported("make_layout tag")
        return cutego.make_layout(*a)
    if name == "make_swizzle":
        return cutego.Swizzle(*a)
    if name == "make_composed_layout":
        return cutego.make_composed_layout(*a)
    if name in SAME:
        f = getattr(cutego, name)
        if name in ("coalesce", "filter", "right_inverse", "left_inverse", "nullspace",
                    "filter_zeros") and not isinstance(a[0], cutego.LayoutBase):
            a = [_L(a[0])] + a[1:]
        return f(*a)
    raise Unsupported(name)


def fmt(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, tuple):
        return "(" + ",".join(fmt(x) for x in v) + ")"
    if isinstance(v, (cutego.Layout, cutego.Swizzle, cutego.ComposedLayout)):
        return v.format()
    if v is None:
        return "_"
    raise Unsupported("result type " + type(v).__name__)


def evaluate(node):
    """('ok', text) | ('error', message) | ('unsupported', why)."""
    try:
        return "ok", fmt(val(node))
    except Unsupported as e:
        return "unsupported", str(e)
    except cutego.Error as e:
        return "error", str(e)

"""Python IntTuples <-> libcutego's C structs (leaf values + CUTE_NEST_* tokens).

Encoding walks the tuple once and stops as soon as the struct's capacity is passed, so an
adversarial input (a million-deep tuple, a huge tuple) costs at most MAX_TOKENS steps.
Decoding builds the nested tuple with a function generated once per nesting pattern.
"""

from __future__ import annotations

import ctypes
import operator

from . import _ffi
from .errors import Error, raise_status

LayoutT = _ffi.LayoutT
IntTupleT = _ffi.IntTupleT
MAX_LEAVES = _ffi.MAX_LEAVES
MAX_TOKENS = _ffi.MAX_TOKENS
LO, HI = _ffi.INT64_MIN, _ffi.INT64_MAX
OPEN, CLOSE, LEAF = _ffi.NEST_OPEN, _ffi.NEST_CLOSE, _ffi.NEST_LEAF


class _Capacity(Exception):
    pass


def to_int(v, op: str, what: str) -> int:
    """v as a Python int: an int or anything with __index__, but not a bool or a float."""
    if type(v) is int:
        return v
    if isinstance(v, (bool, float)) or v is None:
        raise Error(op, "%s: %s is not an integer" % (what, _short(v)))
    try:
        return operator.index(v)
    except TypeError:
        raise Error(op, "%s: %s is not an integer" % (what, _short(v))) from None


def to_int64(v, op: str, what: str) -> int:
    """v as an int that fits int64 (ctypes would wrap a larger one silently)."""
    if type(v) is not int:
        v = to_int(v, op, what)
    if v < LO or v > HI:
        raise Error(op, "%s: %d does not fit int64" % (what, v), "overflow")
    return v


def _walk1(t, vals, nest, op, what):
    """Appends t's leaves to vals and its tokens to nest."""
    if type(t) is int:
        vals.append(t)
        nest.append(LEAF)
        return
    if isinstance(t, (tuple, list)):
        nest.append(OPEN)
        if len(nest) > MAX_TOKENS or len(t) > MAX_TOKENS:
            raise _Capacity()
        for x in t:
            _walk1(x, vals, nest, op, what)
        nest.append(CLOSE)
        if len(nest) > MAX_TOKENS or len(vals) > MAX_LEAVES:
            raise _Capacity()
        return
    vals.append(to_int(t, op, what))
    nest.append(LEAF)


def _walk2(s, d, vs, vd, nest, op):
    """Appends the leaves of the congruent s and d to vs, vd and their tokens to nest."""
    if type(s) is int:
        if type(d) is not int:
            if isinstance(d, (tuple, list)):
                raise Error(op, "shape %r and stride %r are not congruent" % (s, d))
            d = to_int(d, op, "stride")
        vs.append(s)
        vd.append(d)
        nest.append(LEAF)
        return
    if isinstance(s, (tuple, list)):
        if not isinstance(d, (tuple, list)) or len(d) != len(s):
            raise Error(op, "shape %s and stride %s are not congruent" % (_short(s), _short(d)))
        nest.append(OPEN)
        if len(nest) > MAX_TOKENS or len(s) > MAX_TOKENS:
            raise _Capacity()
        for x, y in zip(s, d):
            _walk2(x, y, vs, vd, nest, op)
        nest.append(CLOSE)
        if len(nest) > MAX_TOKENS or len(vs) > MAX_LEAVES:
            raise _Capacity()
        return
    if isinstance(d, (tuple, list)):
        raise Error(op, "shape %r and stride %s are not congruent" % (s, _short(d)))
    vs.append(to_int(s, op, "shape"))
    vd.append(to_int(d, op, "stride"))
    nest.append(LEAF)


def _short(x) -> str:
    r = repr(x)
    return r if len(r) <= 80 else r[:77] + "..."


def _capacity(op, what):
    return Error(op, "%s has more than %d leaf modes or %d nesting tokens (the capacity of "
                 "libcutego's layout struct)" % (what, MAX_LEAVES, MAX_TOKENS), "capacity")


def _check_range(vals, op, what):
    if vals and (min(vals) < LO or max(vals) > HI):
        raise Error(op, "%s: a value does not fit int64" % what, "overflow")


def encode_layout(shape, stride, op: str) -> LayoutT:
    """The cute_layout_t of shape:stride; stride None is the column-major layout of shape
    (computed by libcutego). Shapes must be positive."""
    c = LayoutT()
    if stride is None:
        t = encode_tuple(shape, op, "shape")
        st = _ffi.fn.cute_make_layout_left(t, c)
        if st:
            raise_status(op, st)
        return c
    if type(shape) is int and type(stride) is int:
        if shape <= 0 or shape > HI or stride < LO or stride > HI:
            _check_range([shape, stride], op, "layout")
            raise Error(op, "shape %d is not positive" % shape)
        c.shape[0] = shape
        c.stride[0] = stride
        c.leaves = 1
        c.ntokens = 1
        return c
    vs, vd, nest = [], [], []
    try:
        _walk2(shape, stride, vs, vd, nest, op)
    except _Capacity:
        raise _capacity(op, "the layout") from None
    except RecursionError:
        raise _capacity(op, "the layout") from None
    n = len(vs)
    if n:
        if min(vs) <= 0:
            _check_range(vs, op, "shape")
            raise Error(op, "shape %s is not positive" % _short(shape))
        _check_range(vs, op, "shape")
        _check_range(vd, op, "stride")
        c.shape[:n] = vs
        c.stride[:n] = vd
    c.leaves = n
    c.ntokens = len(nest)
    c.nest[:len(nest)] = nest
    return c


def encode_tuple(t, op: str, what: str = "int tuple") -> IntTupleT:
    """The cute_int_tuple_t of an IntTuple."""
    c = IntTupleT()
    if type(t) is int:
        if t < LO or t > HI:
            _check_range([t], op, what)
        c.value[0] = t
        c.leaves = 1
        c.ntokens = 1
        return c
    vals, nest = [], []
    try:
        _walk1(t, vals, nest, op, what)
    except _Capacity:
        raise _capacity(op, what) from None
    except RecursionError:
        raise _capacity(op, what) from None
    n = len(vals)
    if n:
        _check_range(vals, op, what)
        c.value[:n] = vals
    c.leaves = n
    c.ntokens = len(nest)
    c.nest[:len(nest)] = nest
    return c


# ---- decoding ------------------------------------------------------------------------

_templates = {}


def _template(key: bytes):
    f = _templates.get(key)
    if f is not None:
        return f
    parts = []
    i = 0
    for tok in key:
        if tok == LEAF:
            parts.append("v[%d]," % i)
            i += 1
        elif tok == OPEN:
            parts.append("(")
        else:
            parts.append("),")
    src = "".join(parts)
    if src.endswith(","):
        src = src[:-1]
    f = eval("lambda v: " + (src or "()"))  # noqa: S307 -- generated from nest tokens only
    if len(_templates) > 4096:
        _templates.clear()
    _templates[key] = f
    return f


_string_at = ctypes.string_at
_addressof = ctypes.addressof
_LNEST = _ffi.LAYOUT_NEST_OFFSET
_TNEST = _ffi.TUPLE_NEST_OFFSET


def decode_layout(c: LayoutT):
    """(shape, stride) of a cute_layout_t as Python IntTuples."""
    f = _template(_string_at(_addressof(c) + _LNEST, c.ntokens))
    n = c.leaves
    return f(c.shape[:n]), f(c.stride[:n])


def decode_shape(c: LayoutT):
    f = _template(_string_at(_addressof(c) + _LNEST, c.ntokens))
    return f(c.shape[:c.leaves])


def decode_tuple(c: IntTupleT):
    """A cute_int_tuple_t as a Python IntTuple."""
    f = _template(_string_at(_addressof(c) + _TNEST, c.ntokens))
    return f(c.value[:c.leaves])


def nest_of(c) -> list:
    """The nest tokens of a struct, as a list."""
    return list(c.nest[:c.ntokens])

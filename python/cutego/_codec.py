"""Python IntTuples <-> libcutego's C structs (leaf values + CUTE_NEST_* tokens).

Encoding walks the tuple once and stops as soon as the struct's capacity is passed, so an
adversarial input (a million-deep tuple, a huge tuple) costs at most MAX_TOKENS steps.
Decoding builds the nested tuple with a function generated once per nesting pattern.
"""

from __future__ import annotations

import operator
import struct

from . import _ffi
from ._ffi import raise_status
from .errors import Error

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


def _walk2(s, d, vs, vd, nest, op, dirty):
    """Appends the leaves of the congruent s and d to vs, vd and their tokens to nest."""
    if type(s) is int:
        if type(d) is not int:
            if isinstance(d, (tuple, list)):
                raise Error(op, "shape %r and stride %r are not congruent" % (s, d))
            d = to_int(d, op, "stride")
            dirty.append(1)
        vs.append(s)
        vd.append(d)
        nest.append(LEAF)
        return
    if isinstance(s, (tuple, list)):
        if type(s) is not tuple or type(d) is not tuple:
            dirty.append(1)
        if not isinstance(d, (tuple, list)) or len(d) != len(s):
            raise Error(op, "shape %s and stride %s are not congruent" % (_short(s), _short(d)))
        nest.append(OPEN)
        if len(nest) > MAX_TOKENS or len(s) > MAX_TOKENS:
            raise _Capacity()
        for x, y in zip(s, d):
            _walk2(x, y, vs, vd, nest, op, dirty)
        nest.append(CLOSE)
        if len(nest) > MAX_TOKENS or len(vs) > MAX_LEAVES:
            raise _Capacity()
        return
    if isinstance(d, (tuple, list)):
        raise Error(op, "shape %r and stride %s are not congruent" % (s, _short(d)))
    vs.append(to_int(s, op, "shape"))
    vd.append(to_int(d, op, "stride"))
    nest.append(LEAF)
    dirty.append(1)


def _short(x) -> str:
    r = repr(x)
    return r if len(r) <= 80 else r[:77] + "..."


def _capacity(op, what):
    return Error(op, "%s has more than %d leaf modes or %d nesting tokens (the capacity of "
                 "libcutego's layout struct)" % (what, MAX_LEAVES, MAX_TOKENS), "capacity")


def _check_range(vals, op, what):
    if vals and (min(vals) < LO or max(vals) > HI):
        raise Error(op, "%s: a value does not fit int64" % what, "overflow")


_FLAT_NEST_B = [bytes([OPEN] + [LEAF] * n + [CLOSE]) for n in range(MAX_LEAVES + 1)]
_INT = {int}
# cute_layout_t as bytes: n shapes, padding, n strides, padding, leaves, ntokens, nest
_LPACK = [struct.Struct("=%dq%dx%dq%dxii%ds" % (n, 8 * (MAX_LEAVES - n), n, 8 * (MAX_LEAVES - n),
                                               MAX_TOKENS)) for n in range(MAX_LEAVES + 1)]
_from_bytes = LayoutT.from_buffer_copy
assert _LPACK[0].size == LayoutT.stride.offset * 2 + 8 + MAX_TOKENS == len(bytes(LayoutT()))


def encode_layout(shape, stride, op: str) -> LayoutT:
    """The cute_layout_t of shape:stride; stride None is the column-major layout of shape
    (computed by libcutego). Shapes must be positive."""
    return encode_layout_clean(shape, stride, op)[0]


def encode_layout_clean(shape, stride, op: str):
    """(the cute_layout_t of shape:stride, whether shape and stride are already what
    decoding the struct gives: tuples and ints only)."""
    c = LayoutT()
    if stride is None:
        t, clean = encode_tuple_clean(shape, op, "shape")
        st = _ffi.fn.cute_make_layout_left(t, c)
        if st:
            raise_status(op, st)
        return c, clean
    ts = type(shape)
    if ts is int and type(stride) is int:
        if shape <= 0 or shape > HI or stride < LO or stride > HI:
            _check_range([shape, stride], op, "layout")
            raise Error(op, "shape %d is not positive" % shape)
        c.shape[0] = shape
        c.stride[0] = stride
        c.leaves = 1
        c.ntokens = 1
        return c, True
    if ts is tuple and type(stride) is tuple:
        n = len(shape)
        if 0 < n <= MAX_LEAVES and len(stride) == n and set(map(type, shape + stride)) == _INT \
                and min(shape) > 0:
            try:
                return _from_bytes(_LPACK[n].pack(*shape, *stride, n, n + 2, _FLAT_NEST_B[n])), True
            except struct.error:
                pass  # out of int64: the walk below says which
    vs, vd, nest, dirty = [], [], [], []
    try:
        if ts is tuple and type(stride) is tuple and len(shape) == len(stride) \
                and len(shape) <= MAX_TOKENS:
            # depth <= 2 without recursion: modes that are ints or flat tuples of ints
            nest.append(OPEN)
            for x, y in zip(shape, stride):
                if type(x) is int and type(y) is int:
                    vs.append(x)
                    vd.append(y)
                    nest.append(LEAF)
                elif type(x) is tuple and type(y) is tuple and len(x) == len(y) and \
                        len(x) <= MAX_LEAVES and set(map(type, x + y)) == _INT:
                    vs += x
                    vd += y
                    nest.append(OPEN)
                    nest += _FLAT_NEST_B[len(x)][1:-1]
                    nest.append(CLOSE)
                else:
                    _walk2(x, y, vs, vd, nest, op, dirty)
                if len(nest) > MAX_TOKENS or len(vs) > MAX_LEAVES:
                    raise _Capacity()
            nest.append(CLOSE)
            if len(nest) > MAX_TOKENS:
                raise _Capacity()
        else:
            _walk2(shape, stride, vs, vd, nest, op, dirty)
    except (_Capacity, RecursionError):
        raise _capacity(op, "the layout") from None
    n = len(vs)
    if n and (min(vs) <= 0 or max(vs) > HI or min(vd) < LO or max(vd) > HI):
        _check_range(vs, op, "shape")
        _check_range(vd, op, "stride")
        raise Error(op, "shape %s is not positive" % _short(shape))
    return _from_bytes(_LPACK[n].pack(*vs, *vd, n, len(nest), bytes(nest))), not dirty


def encode_tuple(t, op: str, what: str = "int tuple") -> IntTupleT:
    """The cute_int_tuple_t of an IntTuple."""
    return encode_tuple_clean(t, op, what)[0]


_TPACK = [struct.Struct("=%dq%dxii%ds" % (n, 8 * (MAX_LEAVES - n), MAX_TOKENS))
          for n in range(MAX_LEAVES + 1)]
_tuple_from_bytes = IntTupleT.from_buffer_copy


def encode_tuple_clean(t, op: str, what: str = "int tuple"):
    if type(t) is tuple and 0 < len(t) <= MAX_LEAVES and set(map(type, t)) == _INT:
        n = len(t)
        try:
            return _tuple_from_bytes(_TPACK[n].pack(*t, n, n + 2, _FLAT_NEST_B[n])), False
        except struct.error:
            pass  # out of int64: the walk below says so
    if type(t) is tuple and len(t) <= MAX_LEAVES:
        # depth <= 2 without recursion: modes that are ints or flat tuples of ints
        vals, nest = [], [OPEN]
        for x in t:
            if type(x) is int:
                vals.append(x)
                nest.append(LEAF)
            elif type(x) is tuple and len(x) <= MAX_LEAVES and set(map(type, x)) == _INT:
                vals += x
                nest += _FLAT_NEST_B[len(x)]
            else:
                break
        else:
            nest.append(CLOSE)
            n = len(vals)
            if n <= MAX_LEAVES and len(nest) <= MAX_TOKENS:
                try:
                    return _tuple_from_bytes(_TPACK[n].pack(*vals, n, len(nest), bytes(nest))), False
                except struct.error:
                    pass  # out of int64: the walk below says so
    c = IntTupleT()
    if type(t) is int:
        if t < LO or t > HI:
            _check_range([t], op, what)
        c.value[0] = t
        c.leaves = 1
        c.ntokens = 1
        return c, True
    vals, nest = [], []
    try:
        _walk1(t, vals, nest, op, what)
    except (_Capacity, RecursionError):
        raise _capacity(op, what) from None
    n = len(vals)
    if n:
        _check_range(vals, op, what)
        c.value[:n] = vals
    c.leaves = n
    c.ntokens = len(nest)
    c.nest[:len(nest)] = nest
    return c, False


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


_LNEST = _ffi.LAYOUT_NEST_OFFSET
_TNEST = _ffi.TUPLE_NEST_OFFSET
_LSTRIDE = LayoutT.stride.offset
_LCOUNTS = LayoutT.leaves.offset
_TCOUNTS = IntTupleT.leaves.offset
_Q = [struct.Struct("=%dq" % i) for i in range(MAX_LEAVES + 1)]
_II = struct.Struct("=ii")


def decode_layout(c: LayoutT):
    """(shape, stride) of a cute_layout_t as Python IntTuples (read from one copy of the
    struct's bytes)."""
    b = bytes(c)
    n, nt = _II.unpack_from(b, _LCOUNTS)
    if not (0 <= n <= MAX_LEAVES and 0 <= nt <= MAX_TOKENS):
        raise Error("layout", "libcutego returned a malformed layout struct", "internal")
    f = _template(b[_LNEST:_LNEST + nt])
    q = _Q[n]
    return f(q.unpack_from(b, 0)), f(q.unpack_from(b, _LSTRIDE))


def decode_tuple(c: IntTupleT):
    """A cute_int_tuple_t as a Python IntTuple."""
    b = bytes(c)
    n, nt = _II.unpack_from(b, _TCOUNTS)
    if not (0 <= n <= MAX_LEAVES and 0 <= nt <= MAX_TOKENS):
        raise Error("int tuple", "libcutego returned a malformed int tuple struct", "internal")
    return _template(b[_TNEST:_TNEST + nt])(_Q[n].unpack_from(b, 0))

"""IntTuples: integers and nested tuples of integers (CuTe's shapes, strides, coordinates).

These are PyCuTe's tuple helpers (``pycute.int_tuple``), with its names and results: plain
tuple arithmetic, written in Python (cutego._tuples). Where PyCuTe asserts, they raise
cutego.Error (a ValueError) naming the function; nesting deeper than Python's recursion
limit raises cutego.Error too. flatten of a Layout, crd2crd, crd2idx and idx2crd take
layouts and go through libcutego (cutego.layout, which this module sits above).
"""

from __future__ import annotations

from typing import Optional

from ._tuples import (is_int, is_tuple, signum, product, inner_product, tuple_max,  # noqa: F401
                      elem_scale, shape_div, prefix_product, slice_, has_none, _deep, _flatten)
from .errors import Error
from .layout import Layout, crd2idx, idx2crd  # noqa: F401 -- re-exported (PyCuTe's module layout)
from .typing import IntTuple


@_deep("flatten")
def flatten(t):
    """flatten(t): the leaves of an IntTuple as a flat tuple (an integer gives (t,)).
    flatten(L) of a Layout is C++'s flatten(layout): the layout of the flattened shape and
    stride."""
    if type(t) is tuple:
        return _flatten(t)
    if isinstance(t, Layout):
        return Layout(_flatten(t.shape), _flatten(t.stride))
    if is_tuple(t):
        return tuple(i for a in t for i in flatten(a))
    return (t,)


def crd2crd(crd: IntTuple, dst_shape: IntTuple, src_shape: Optional[IntTuple] = None) -> IntTuple:
    """crd2crd(c, dst_shape, src_shape): the coordinate c transformed into dst_shape's
    iteration space."""
    if is_tuple(crd):
        if is_tuple(dst_shape):
            if len(crd) != len(dst_shape):
                raise Error("crd2crd", "%r and %r are not congruent" % (crd, dst_shape))
            return tuple(crd2crd(x, y) for x, y in zip(crd, dst_shape))
        if src_shape is None:
            raise Error("crd2crd", "a tuple coordinate into an integer shape needs src_shape")
        return crd2idx(crd, src_shape)
    if is_tuple(dst_shape):
        return idx2crd(crd, dst_shape)
    if not crd < dst_shape:
        raise Error("crd2crd", "coordinate %r out of range for %r" % (crd, dst_shape))
    return crd

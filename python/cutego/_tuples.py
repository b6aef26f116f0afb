"""The tuple arithmetic of cutego.int_tuple that needs no layout: integers and nested
tuples of integers, written in Python. Where PyCuTe asserts, these raise cutego.Error (a
ValueError) naming the function; nesting deeper than Python's recursion limit raises
cutego.Error too. It sits below cutego.layout (which uses it); cutego.int_tuple, above
cutego.layout, adds what takes a Layout and re-exports the rest.
"""

from __future__ import annotations

from functools import reduce
from itertools import chain
from typing import Union

from .errors import Error
from .typing import Integer, IntTuple


def is_int(x) -> bool:
    """Whether x is an integer (int or a subclass, not bool)."""
    return isinstance(x, Integer)


def is_tuple(x) -> bool:
    """Whether x is a tuple."""
    return isinstance(x, tuple)


def _deep(op):
    def wrap(f):
        def g(*a, **k):
            try:
                return f(*a, **k)
            except RecursionError:
                raise Error(op, "the tuple is nested too deeply") from None
        g.__name__ = f.__name__
        g.__qualname__ = f.__qualname__
        g.__doc__ = f.__doc__
        g.__wrapped__ = f
        return g
    return wrap


def _flatten(t):
    if type(t) is tuple:
        out = []
        for a in t:
            if type(a) is tuple:
                out.extend(_flatten(a))
            else:
                out.append(a)
        return tuple(out)
    return (t,)


def signum(a: int) -> int:
    """signum(a): -1, 0 or 1."""
    return bool(a > 0) - bool(a < 0)


def _product(a):
    if type(a) is int:
        return a
    if type(a) is tuple:
        r = 1
        for x in a:
            r *= x if type(x) is int else _product(x)
        return r
    if is_tuple(a):
        return reduce(lambda val, elem: val * _product(elem), a, 1)
    return a


@_deep("product")
def product(a: IntTuple) -> int:
    """product(a) is CuTe's product: the product of an IntTuple's integers (1 for ())."""
    return _product(a)


def _inner(a, b):
    if is_tuple(a):
        if not is_tuple(b) or len(a) != len(b):
            raise Error("inner_product", "%r and %r are not congruent" % (a, b))
        return sum(_inner(x, y) for x, y in zip(a, b))
    if is_tuple(b):
        raise Error("inner_product", "%r and %r are not congruent" % (a, b))
    return a * b


@_deep("inner_product")
def inner_product(a: IntTuple, b: IntTuple) -> int:
    """inner_product(a, b) is CuTe's inner_product: the sum of the products of the leaves
    of congruent a and b."""
    return _inner(a, b)


@_deep("tuple_max")
def tuple_max(a: IntTuple) -> int:
    """tuple_max(a): the largest leaf."""
    if is_tuple(a):
        return max(tuple_max(x) for x in a)
    return a


def _elem_scale(a, b):
    if is_tuple(a):
        if is_tuple(b):
            if len(a) != len(b):
                raise Error("elem_scale", "%r and %r are not congruent" % (a, b))
            return tuple(_elem_scale(x, y) for x, y in zip(a, b))
        raise Error("elem_scale", "a tuple %r scaled by the integer %r" % (a, b))
    if is_tuple(b):
        return _elem_scale(a, _product(b))
    return a * b


@_deep("elem_scale")
def elem_scale(a: IntTuple, b: IntTuple) -> IntTuple:
    """elem_scale(a, b) is CuTe's elem_scale: a scaled leaf by leaf by b (an integer a by
    product(b))."""
    return _elem_scale(a, b)


def _shape_div(a, b):
    if is_tuple(a):
        if is_tuple(b):
            if len(a) != len(b):
                raise Error("shape_div", "%r and %r are not congruent" % (a, b))
            return tuple(_shape_div(x, y) for x, y in zip(a, b))
        r = []
        for v in a:
            r.append(_shape_div(v, b))
            b = _shape_div(b, _product(v))
        return tuple(r)
    if is_tuple(b):
        return _shape_div(a, _product(b))
    if b == 0 or a == 0 or not (a % b == 0 or b % a == 0):
        raise Error("shape_div", "%r and %r: neither divides the other" % (a, b),
                    "not admissible")
    return (a + b - 1) // b


@_deep("shape_div")
def shape_div(a: IntTuple, b: IntTuple) -> IntTuple:
    """shape_div(a, b) is CuTe's shape_div: the inclusive prefix ceil-division of a by b,
    congruent to a: ``shape_div((3,4), 6) == (1,2)``. At each leaf one of the two must
    divide the other (C++ CuTe's static_assert)."""
    return _shape_div(a, b)


def _prefix_product(a, init=1):
    if is_tuple(a):
        if is_tuple(init):
            if len(a) != len(init):
                raise Error("prefix_product", "%r and %r are not congruent" % (a, init))
            return tuple(_prefix_product(x, i) for x, i in zip(a, init))
        r = []
        for v in a:
            r.append(_prefix_product(v, init))
            init = init * _product(v)
        return tuple(r)
    if is_tuple(init):
        raise Error("prefix_product", "an integer %r with a tuple init %r" % (a, init))
    return init


@_deep("prefix_product")
def prefix_product(a: IntTuple, init: IntTuple = 1) -> IntTuple:
    """prefix_product(a, init=1) is CuTe's prefix_product: the exclusive prefix product of
    a, congruent to a (the column-major strides of the shape a)."""
    return _prefix_product(a, init)


def _idx2crd_py(idx, shape, stride=None):
    try:
        if stride is None:
            stride = _prefix_product(shape)
        return _i2c(idx, shape, stride)
    except RecursionError:
        raise Error("idx2crd", "the tuple is nested too deeply") from None
    except ZeroDivisionError:
        raise Error("idx2crd", "a stride or shape of 0 in %r, %r" % (shape, stride)) from None


def _i2c(idx, shape, stride):
    if is_tuple(idx):
        if is_tuple(shape):
            if not (len(idx) == len(shape) and len(idx) == len(stride)):
                raise Error("idx2crd", "%r, %r and %r are not congruent" % (idx, shape, stride))
            return tuple(_i2c(i, s, d) for i, s, d in zip(idx, shape, stride))
        raise Error("idx2crd", "a tuple index %r for the integer shape %r" % (idx, shape))
    if is_tuple(shape):
        if not is_tuple(stride) or len(shape) != len(stride):
            raise Error("idx2crd", "%r and %r are not congruent" % (shape, stride))
        return tuple(_i2c(idx, s, d) for s, d in zip(shape, stride))
    return (idx // stride) % shape


def _slice(crd, trg):
    if is_tuple(crd):
        if is_tuple(trg):
            if len(crd) != len(trg):
                raise Error("slice", "%r and %r are not congruent" % (crd, trg))
            # C++'s filter_tuple: the kept modes of each mode, concatenated
            return tuple(chain(*[x for x in (_slice(c, s) for c, s in zip(crd, trg)) if x != ()]))
        raise Error("slice", "a tuple coordinate %r for the integer %r" % (crd, trg))
    if crd is None:
        return (trg,)
    return ()


@_deep("slice")
def slice_(crd: Union[None, tuple, int], trg: Union[tuple, int]):
    """slice_(crd, trg): the modes of trg paired with None in crd (C++'s slice with `_`)."""
    return _slice(crd, trg)


@_deep("has_none")
def has_none(a) -> bool:
    """Whether None appears among the leaves of a."""
    if type(a) is tuple:
        for v in a:
            if v is None or (type(v) is tuple and has_none(v)):
                return True
        return False
    return a is None

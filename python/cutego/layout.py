"""CuTe layouts and their algebra, computed by libcutego.

A Layout is a value: a shape and a stride (congruent IntTuples, shapes positive) held as
libcutego's plain C struct; ``.shape`` and ``.stride`` are Python tuples read from it. The
algebra (composition, complement, divides, products, inverses, coalesce, ...) runs in
libcutego, which follows C++ CuTe (CUTLASS 4.2) and refuses, with cutego.Error, what C++
CuTe refuses or computes wrongly. The names, arguments and results are PyCuTe's
(``pycute.layout``), so ``sys.modules["pycute"] = cutego`` lets PyCuTe code run on it.
"""

from __future__ import annotations

import ctypes
from itertools import chain
from typing import Optional, Union

from . import _ffi
from ._codec import (LayoutT, IntTupleT, encode_layout, encode_layout_clean, encode_tuple,
                     decode_layout, decode_tuple, to_int, to_int64, LO, HI, MAX_LEAVES, MAX_TOKENS,
                     OPEN, CLOSE)
from ._ffi import raise_status
from ._tuples import has_none, slice_, is_tuple, is_int, product, _product, _idx2crd_py
from .errors import Error
from .typing import IntTuple

fn = _ffi.fn
_UNSET = object()
_INTSET = {int}
_new_layout_t = LayoutT
_i64 = ctypes.c_int64
_byref = ctypes.byref
_new_object = object.__new__


class LayoutBase:
    """Base of Layout and ComposedLayout (as in PyCuTe)."""
    __slots__ = ()


_cext = _ffi.cext  # the C extension (cutego/_cext.c), or None: the ctypes path
if _cext is not None:
    LayoutBase = _cext.LayoutBase  # noqa: F811 -- the same, as a C type (see Layout below)


def is_layout(x) -> bool:
    """Whether x is a Layout or a ComposedLayout."""
    return isinstance(x, LayoutBase)


class _PyLayoutCore:
    """The state of a Layout on the ctypes path: libcutego's struct (a ctypes LayoutT) and
    the shape and stride tuples, read from it when first asked for. On the extension path
    _cext.LayoutCore holds the same in C."""

    __slots__ = ("_c", "_shape", "_stride", "__weakref__")

    def _init(self, _shape, _stride):
        self._c, clean = encode_layout_clean(_shape, _stride, "Layout")
        if clean:  # the tuples given are what decoding the struct would give
            self._shape = _shape
            self._stride = _UNSET if _stride is None else _stride
        else:
            self._shape = self._stride = _UNSET

    def _decode(self):
        self._shape, self._stride = decode_layout(self._c)

    @property
    def shape(self) -> IntTuple:
        """The shape, an IntTuple."""
        if self._shape is _UNSET:
            self._decode()
        return self._shape

    @property
    def stride(self) -> IntTuple:
        """The stride, an IntTuple congruent to the shape."""
        if self._stride is _UNSET:
            self._decode()
        return self._stride


if _cext is None:
    def _wrap(c: LayoutT) -> "Layout":
        o = _new_object(Layout)  # object.__new__, looked up once: every result comes here
        o._c = c
        o._shape = o._stride = _UNSET
        return o
else:
    _wrap = _cext.from_struct


# On the ctypes path Layout is this class. On the extension path the class statement only
# collects the methods: Layout becomes a type made in C (_cext.layout_type, a subclass of
# _cext.LayoutCore that holds the struct) with these methods (see below).
class Layout(*((_PyLayoutCore, LayoutBase) if _cext is None else ())):
    """CuTe's Layout: the function from coordinates to indices given by a shape and a
    stride, ``L(c) = inner_product(c, stride)`` for a coordinate ``c`` of the shape; a 1-D
    coordinate i is first split column-major by the shape (the last mode takes the rest).

    ``Layout(shape)`` is the column-major (LayoutLeft) layout of the shape. Shapes are
    positive; shape and stride must be congruent; values are int64. A layout holds at most
    16 leaf modes (libcutego's struct). Layouts are immutable values: equal when shape and
    stride are equal, hashable.

    ``L(c)`` maps a coordinate (an int or a tuple; several arguments form a tuple) to its
    index; a coordinate holding ``None`` slices instead (the modes at None are kept, as
    CuTe's ``_``). ``L[i]`` is mode i, ``len(L)`` the rank, iteration walks the modes.
    ``str(L)`` is PyCuTe's ``shape:stride``, ``repr(L)`` CuTe's print_layout table (for
    rank <= 2), ``L._repr_svg_()`` its picture in Jupyter.
    """

    __slots__ = ()

    def __init__(self, _shape: IntTuple, _stride: Optional[IntTuple] = None):
        # the extension path replaces this (below): LayoutCore.__new__ builds the struct
        self._init(_shape, _stride)

    @classmethod
    def parse(cls, text: str) -> "Layout":
        """A layout from CuTe's printed form: ``"(4,(2,3)):(1,(8,4))"``, ``"(_4,_2):(_1,_4)"``,
        or a shape alone (its column-major layout)."""
        c = LayoutT()
        st = fn.cute_layout_parse(_text_arg("parse", text), c)
        if st:
            raise_status("parse", st)
        return _wrap(c)

    # operator ==
    def __eq__(self, other):
        if not isinstance(other, Layout):
            return NotImplemented
        return self.shape == other.shape and self.stride == other.stride

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return hash((self.shape, self.stride))

    # len(L): the rank
    def __len__(self) -> int:
        s = self.shape
        return len(s) if type(s) is tuple else 1

    def _call_slow(self, *args):
        """Maps a coordinate to its index (CuTe's crd2idx(c, shape, stride)); a coordinate
        with ``None`` in it slices: the layout of the modes at None (C++'s ``L(_, 2)``)."""
        c = args[0] if len(args) == 1 else args
        if type(c) is int and LO <= c <= HI:
            out = _i64()
            st = fn.cute_layout_eval(self._c, c, _byref(out))
            if st:
                raise_status("crd2idx", st)
            return out.value
        if type(c) is tuple and set(map(type, c)) == _INTSET:  # a flat coordinate, no None
            out = _i64()
            st = fn.cute_crd2idx(self._c, encode_tuple(c, "crd2idx", "coordinate"), _byref(out))
            if st:
                raise_status("crd2idx", st)
            return out.value
        if has_none(c):
            return Layout(slice_(c, self.shape), slice_(c, self.stride))
        return _crd2idx_c(c, self._c)

    # L[i]: mode i
    def __getitem__(self, i):
        if type(i) is int:
            s = self.shape
            if type(s) is not tuple:
                if i == 0 or i == -1:
                    return self
                raise IndexError("layout index %d out of range for a rank-1 layout" % i)
            n = len(s)
            if i < 0:
                i += n
            if not 0 <= i < n:
                raise IndexError("layout index out of range")
            out = LayoutT()
            st = fn.cute_layout_mode(self._c, i, out)
            if st:
                raise_status("layout", st)
            return _wrap(out)
        if isinstance(i, slice):
            s = self.shape
            if type(s) is not tuple:
                s, d = (s,), (self.stride,)
            else:
                d = self.stride
            return Layout(s[i], d[i])
        return self[to_int(i, "layout", "index")]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def size(self) -> int:
        """size(L): the size of the domain, the product of the shape."""
        s = self.shape
        if type(s) is int:
            return s
        n = _product(s)
        if n > HI:
            raise Error("size", "the product of the shape %s overflows int64" % (s,), "overflow")
        return n

    def cosize(self) -> int:
        """cosize(L) = L(size(L) - 1) + 1: the size of the codomain."""
        out = _i64()
        st = fn.cute_cosize(self._c, _byref(out))
        if st:
            raise_status("cosize", st)
        return out.value

    def rank(self) -> int:
        """rank(L): the number of top-level modes."""
        return len(self)

    def depth(self) -> int:
        """depth(L): the nesting depth of the shape (0 for an integer shape)."""
        out = ctypes.c_int32()
        st = fn.cute_depth(self._c, _byref(out))
        if st:
            raise_status("depth", st)
        return out.value

    def format(self) -> str:
        """CuTe's printed form, ``(4,(2,3)):(1,(8,4))`` (no spaces, no ``_`` marks)."""
        return _ffi.text_of(fn.cute_layout_format, self._c)

    def __str__(self):
        return "%s:%s" % (self.shape, self.stride)

    def __repr__(self):
        if _ffi.HAVE_PICTURES and len(self) <= 2:
            try:
                if self.size() <= _REPR_CELLS:
                    return print_layout_text(self).rstrip("\n")
            except Error:
                pass
        return "Layout(%s,%s)" % (self.shape, self.stride)

    def _repr_svg_(self):
        """The SVG picture of the layout (CuTe's print_svg), for Jupyter; None when the
        layout has no picture (rank > 2, too many cells, or an older libcutego)."""
        if not _ffi.HAVE_PICTURES:
            return None
        try:
            return _ffi.text_of(fn.cute_print_svg, self._c)
        except Error:
            return None

    def __reduce__(self):
        return (Layout, (self.shape, self.stride))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


if _cext is None:
    Layout.__call__ = Layout._call_slow
else:
    def _layout_type(methods):
        t = _cext.layout_type()
        for k, v in vars(methods).items():
            if k not in ("__dict__", "__weakref__", "__slots__", "__module__", "__qualname__"):
                setattr(t, k, v)
        return t

    Layout = _layout_type(Layout)

#: layouts with more cells than this repr() as Layout(shape,stride), not as a table
_REPR_CELLS = 1024


#: the longest text, and the most '(' in it, that the binding passes to libcutego's parser
MAX_TEXT = 16384
MAX_TEXT_PARENS = 4 * MAX_TOKENS


def _text_arg(op: str, text) -> bytes:
    if isinstance(text, bytes):
        b = text
    elif isinstance(text, str):
        try:
            b = text.encode("utf-8")
        except UnicodeEncodeError as e:
            # a lone surrogate ("\ud800") has no UTF-8 form: no text libcutego could read
            raise Error(op, "the text is not valid Unicode: %s at position %d"
                        % (e.reason, e.start), "parse") from None
    else:
        raise Error(op, "expected a str, got %s" % type(text).__name__)
    if b"\0" in b:
        # a C string would end at the NUL and the rest be ignored silently
        raise Error(op, "the text contains a NUL byte", "parse")
    if len(b) > MAX_TEXT or b.count(b"(") > MAX_TEXT_PARENS:
        # no layout or tiler that libcutego's structs hold needs more; the bound keeps an
        # adversarial text from costing the library time or stack
        raise Error(op, "the text is longer than %d bytes or has more than %d '('"
                    % (MAX_TEXT, MAX_TEXT_PARENS), "capacity")
    return b


def _as_c(x, op: str) -> LayoutT:
    """The struct of a layout argument: a Layout, or an IntTuple shape (its column-major
    layout, as PyCuTe's functions accept for an integer)."""
    if isinstance(x, Layout):
        return x._c
    if x is None:
        raise Error(op, "expected a layout, got None")
    if isinstance(x, LayoutBase):
        raise Error(op, "not defined for a %s" % type(x).__name__)
    return encode_layout(x, None, op)


# ---- construction ----------------------------------------------------------------------

def make_layout(*layouts) -> Layout:
    """make_layout(L0, L1, ...): the layout whose mode i is Li (shape (s0,s1,...), stride
    (d0,d1,...)). A single iterable of layouts is taken as the list of modes (PyCuTe).
    ``make_layout(shape)`` and ``make_layout(shape, stride)`` with IntTuples are C++'s
    make_layout: ``Layout(shape, stride)``."""
    if len(layouts) == 1 and not isinstance(layouts[0], Layout):
        x = layouts[0]
        if isinstance(x, LayoutBase):
            raise Error("make_layout", "not defined for a %s" % type(x).__name__)
        if is_int(x) or (is_tuple(x) and not any(isinstance(e, LayoutBase) for e in x)):
            return Layout(x)
        layouts = tuple(x)
    elif len(layouts) == 2 and not isinstance(layouts[0], LayoutBase) and \
            not isinstance(layouts[1], LayoutBase):
        return Layout(layouts[0], layouts[1])
    vs, vd, nest = [], [], [OPEN]
    for a in layouts:
        if not isinstance(a, Layout):
            raise Error("make_layout", "expected layouts, got %s" % type(a).__name__)
        c = a._c
        n = c.leaves
        vs += c.shape[:n]
        vd += c.stride[:n]
        nest += c.nest[:c.ntokens]
    nest.append(CLOSE)
    n = len(vs)
    if n > MAX_LEAVES or len(nest) > MAX_TOKENS:
        raise Error("make_layout", "the result has more than %d leaf modes or %d nesting tokens"
                    % (MAX_LEAVES, MAX_TOKENS), "capacity")
    c = LayoutT()
    c.shape[:n] = vs
    c.stride[:n] = vd
    c.leaves = n
    c.ntokens = len(nest)
    c.nest[:len(nest)] = nest
    return _wrap(c)


def make_layout_left(shape: IntTuple) -> Layout:
    """make_layout(shape, LayoutLeft{}): the column-major layout of shape."""
    return Layout(shape)


def make_layout_right(shape: IntTuple) -> Layout:
    """make_layout(shape, LayoutRight{}): the row-major layout of shape."""
    out = LayoutT()
    st = fn.cute_make_layout_right(encode_tuple(shape, "make_layout_right", "shape"), out)
    if st:
        raise_status("make_layout_right", st)
    return _wrap(out)


# ---- sizes and coordinates --------------------------------------------------------------

def size(layout) -> int:
    """size(L) is CuTe's size: the size of a layout's domain, or the product of an IntTuple."""
    if isinstance(layout, LayoutBase):
        return layout.size()
    return product(layout)


def cosize(layout) -> int:
    """cosize(L) is CuTe's cosize: L(size(L) - 1) + 1, the size of the codomain."""
    if isinstance(layout, LayoutBase):
        return layout.cosize()
    return Layout(layout).cosize()


def rank(x) -> int:
    """rank(x): the number of top-level modes of a layout or an IntTuple."""
    if isinstance(x, LayoutBase):
        return len(x)
    return len(x) if is_tuple(x) else 1


def depth(x) -> int:
    """depth(x): the nesting depth of a layout's shape or of an IntTuple (0 for an int)."""
    if isinstance(x, Layout):
        return x.depth()
    return Layout(x).depth()


def _none_to_zero(t):
    if t is None:
        return 0
    if type(t) is tuple:
        return tuple(_none_to_zero(x) for x in t)
    return t


def _crd2idx_c(crd, c: LayoutT) -> int:
    out = _i64()
    if has_none(crd):  # PyCuTe: a None coordinate (a sliced mode) counts as 0
        crd = _none_to_zero(crd)
    if type(crd) is int or is_int(crd):
        st = fn.cute_layout_eval(c, to_int64(crd, "crd2idx", "coordinate"), _byref(out))
    else:
        st = fn.cute_crd2idx(c, encode_tuple(crd, "crd2idx", "coordinate"), _byref(out))
    if st:
        raise_status("crd2idx", st)
    return out.value


def crd2idx(crd: IntTuple, shape: Union[IntTuple, "Layout"], stride: Optional[IntTuple] = None) -> int:
    """crd2idx(c, shape, stride) is CuTe's crd2idx: the index of the coordinate c (an int,
    split column-major by the shape with the last mode taking the rest, or a tuple
    congruent to a coarsening of the shape) under the stride (column-major when None).
    ``None`` as the coordinate is 0."""
    if isinstance(shape, Layout) and stride is None:
        return _crd2idx_c(crd, shape._c)
    return _crd2idx_c(crd, encode_layout(shape, stride, "crd2idx"))


def _shape_only(shape, op) -> LayoutT:
    """The layout struct shape:0 (for functions of the shape alone, such as idx2crd)."""
    b = bytes(encode_tuple(shape, op, "shape"))
    return _from_bytes(b[:_STRIDE_OFF] + bytes(_STRIDE_OFF) + b[_STRIDE_OFF:])


_STRIDE_OFF = LayoutT.stride.offset
_from_bytes = LayoutT.from_buffer_copy
assert IntTupleT.leaves.offset == _STRIDE_OFF and LayoutT.leaves.offset == 2 * _STRIDE_OFF


def idx2crd(idx: IntTuple, shape: Union[IntTuple, "Layout"], stride: Optional[IntTuple] = None) -> IntTuple:
    """idx2crd(i, shape) is CuTe's idx2crd: the coordinate, congruent to the shape, of the
    1-D index i in the column-major order of the shape. A tuple index is mapped mode by mode
    (as C++ does; PyCuTe used the strides of the whole shape in each mode). With a stride
    (the three-argument form) each leaf is ``(i // d) % s``."""
    if stride is None and type(idx) is int:
        c = shape._c if isinstance(shape, Layout) else _shape_only(shape, "idx2crd")
        out = IntTupleT()
        st = fn.cute_idx2crd(c, to_int64(idx, "idx2crd", "index"), out)
        if st:
            raise_status("idx2crd", st)
        return decode_tuple(out)
    if stride is None and is_tuple(idx):
        # C++: a tuple index is mapped mode by mode, each mode with its own compact strides
        if isinstance(shape, Layout):
            shape = shape.shape
        if not is_tuple(shape) or len(shape) != len(idx):
            raise Error("idx2crd", "index %r and shape %r are not congruent" % (idx, shape))
        return tuple(idx2crd(i, s) for i, s in zip(idx, shape))
    return _idx2crd_py(idx, shape, stride)


# ---- the algebra -------------------------------------------------------------------------

def _unary(op: str, f, layout) -> Layout:
    out = LayoutT()
    st = f(layout._c if type(layout) is Layout else _as_c(layout, op), out)
    if st:
        raise_status(op, st)
    return _wrap(out)


def coalesce(layout, profile=None) -> Layout:
    """coalesce(L) is CuTe's coalesce: the layout flattened with mergeable modes combined
    (s0:d0 and s1:d1 with s0*d0 == d1 become s0*s1:d0) and size-1 modes dropped. The result
    has depth <= 1, the same size and the same function on [0, size(L)); all size 1 gives 1:0.

    coalesce(L, profile) is coalesce at the leaves of the profile, mode by mode (modes of L
    beyond the profile's rank are kept as they are); an integer profile coalesces all of L.
    """
    if profile is None or not is_tuple(profile):
        return _unary("coalesce", fn.cute_coalesce, layout)
    out = LayoutT()
    st = fn.cute_coalesce_profile(_as_c(layout, "coalesce"),
                                  encode_tuple(profile, "coalesce", "profile"), out)
    if st:
        raise_status("coalesce", st)
    return _wrap(out)


def filter_zeros(layout) -> Layout:
    """filter_zeros(L) is CuTe's filter_zeros: every stride-0 mode replaced by 1:0."""
    return _unary("filter_zeros", fn.cute_filter_zeros, layout)


def filter(layout, profile=None) -> Layout:
    """filter(L) is CuTe's filter = coalesce(filter_zeros(L)): the stride-0 and size-1
    modes removed and the rest coalesced; 1:0 when nothing is left. The image of the result
    is the image of L. filter(L, profile) = coalesce(filter_zeros(L), profile) (C++)."""
    if profile is None or not is_tuple(profile):
        return _unary("filter", fn.cute_filter, layout)
    return coalesce(filter_zeros(layout), profile)


def complement(layout, max_idx=None) -> Layout:
    """complement(L, cotarget) is CuTe's complement: the ordered layout R, disjoint from L,
    that repeats L up to the cotarget: R(i) < R(i+1) and R(i) not in image(L) for i > 0.
    A tuple cotarget is divided mode by mode. complement(L) uses cotarget cosize(L) as C++
    does (PyCuTe's default was 1). Overlapping modes (L not injective), negative strides are
    refused. An integer L is the layout L:1."""
    op = "complement"
    c = encode_layout(to_int(layout, op, "layout"), None, op) if is_int(layout) \
        else _as_c(layout, op)
    out = LayoutT()
    t = None if max_idx is None else encode_tuple(max_idx, op, "cotarget")
    st = fn.cute_complement(c, t, out)
    if st:
        raise_status(op, st)
    return _wrap(out)


def right_inverse(layout) -> Optional[Layout]:
    """right_inverse(L) is CuTe's right_inverse: the layout R with L(R(i)) = i for every
    i < size(R), as large as CuTe finds it (the coalesced modes of L by ascending stride,
    each taken while its stride equals the extent reached so far). None gives None and an
    integer N the layout N:1 (PyCuTe)."""
    if layout is None:
        return None
    if is_int(layout):
        return Layout(layout)
    return _unary("right_inverse", fn.cute_right_inverse, layout)


def left_inverse(layout) -> Optional[Layout]:
    """left_inverse(L) is CuTe's left_inverse: a layout R with R(L(i)) = i for every
    i < size(L) when L is injective (L(R(L(i))) = L(i) in general). The coalesced modes of
    L by ascending stride each need their stride divisible by the size built so far;
    negative strides are refused. None gives None and an integer N the layout N:1."""
    if layout is None:
        return None
    if is_int(layout):
        return Layout(layout)
    return _unary("left_inverse", fn.cute_left_inverse, layout)


def nullspace(layout) -> Layout:
    """nullspace(L) is CuTe's nullspace: the flat modes of L with stride 0, with the
    strides they have in the column-major layout of L's flattened shape; 1:0 when none.
    L(R(i)) = 0 for i < size(R)."""
    return _unary("nullspace", fn.cute_nullspace, layout)


def max_common_vector(a, b) -> int:
    """max_common_vector(A, B) is CuTe's max_common_vector: the largest N such that A and
    B agree on [0, N) as contiguous vectors."""
    out = _i64()
    st = fn.cute_max_common_vector(_as_c(a, "max_common_vector"),
                                   _as_c(b, "max_common_vector"), _byref(out))
    if st:
        raise_status("max_common_vector", st)
    return out.value


def max_common_layout(a, b) -> Layout:
    """max_common_layout(A, B) is CuTe's max_common_layout: the largest layout R with
    A(R(i)) = B(R(i)) = i ... (the common vector of A and B as a layout)."""
    out = LayoutT()
    st = fn.cute_max_common_layout(_as_c(a, "max_common_layout"),
                                   _as_c(b, "max_common_layout"), out)
    if st:
        raise_status("max_common_layout", st)
    return _wrap(out)


def tile_to_shape(layout, shape, order=None) -> Layout:
    """tile_to_shape(A, shape[, order]) is CuTe's tile_to_shape: A (padded with 1:0 modes
    to the rank of shape) repeated until it covers shape, the repetitions column-major or
    in the given order. Each mode of shape must be divisible by A's."""
    op = "tile_to_shape"
    out = LayoutT()
    o = None if order is None else encode_tuple(order, op, "order")
    st = fn.cute_tile_to_shape(_as_c(layout, op), encode_tuple(shape, op, "shape"), o, out)
    if st:
        raise_status(op, st)
    return _wrap(out)


# ---- functions of a layout and a tiler -----------------------------------------------------

_TILER_FNS = {}
for _op in ("composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
            "logical_product", "zipped_product", "tiled_product", "flat_product"):
    _TILER_FNS[_op] = (getattr(fn, "cute_" + _op), getattr(fn, "cute_" + _op + "_tiler"),
                       getattr(fn, "cute_" + _op + "_str"))

_ZERO_BYTES = bytes(LayoutT())  # a zero-filled element of a by-mode tiler array stands for `_`
_ARRAYS = [LayoutT * n for n in range(MAX_LEAVES + 1)]


def _tiler_text(t, op, depth=0) -> str:
    if t is None:
        return "_"
    if isinstance(t, Layout):
        return t.format()
    if is_tuple(t) or isinstance(t, list):
        if len(t) > MAX_TOKENS or depth > MAX_TOKENS:
            raise Error(op, "the tiler has more than %d modes or levels" % MAX_TOKENS,
                        "capacity")
        return "(" + ",".join(_tiler_text(x, op, depth + 1) for x in t) + ")"
    if isinstance(t, LayoutBase):
        raise Error(op, "a %s is not a tiler" % type(t).__name__)
    if isinstance(t, str):
        return t
    return str(to_int(t, op, "tiler"))


def _tiler_op(op: str, a, b) -> Layout:
    """op(A, tiler): a layout tiler, an integer N, None (``_``: the mode kept as it is), or
    a by-mode tuple of those, nested or not. Tuples of layouts go to libcutego as an array,
    anything with integers as CuTe's text (libcutego decides what an integer tile means)."""
    f, ftiles, fstr = _TILER_FNS[op]
    out = LayoutT()
    if type(a) is Layout and type(b) is Layout:  # the common case, first
        st = f(a._c, b._c, out)
        if st:
            raise_status(op, st)
        return _wrap(out)
    ac = _as_c(a, op)
    if isinstance(b, Layout):
        st = f(ac, b._c, out)
    elif b is None:
        st = fstr(ac, b"_", out)
    elif type(b) is int:
        st = fstr(ac, b"%d" % b, out)
    elif isinstance(b, str):
        st = fstr(ac, _text_arg(op, b), out)
    elif is_tuple(b) or isinstance(b, list):
        n = len(b)
        if 0 < n <= MAX_LEAVES and all(x is None or isinstance(x, Layout) for x in b):
            arr = _ARRAYS[n].from_buffer_copy(b"".join(_ZERO_BYTES if x is None else bytes(x._c)
                                                       for x in b))
            st = ftiles(ac, arr, n, out)
        else:
            st = fstr(ac, _text_arg(op, _tiler_text(b, op)), out)
    else:
        st = fstr(ac, _text_arg(op, _tiler_text(b, op)), out)
    if st:
        raise_status(op, st)
    return _wrap(out)


def composition(layoutA, layoutB) -> LayoutBase:
    """composition(A, B) is CuTe's composition A o B: the layout R with R(c) = A(B(c)) for
    every c < size(B), its shape B's shape with each leaf refined (compatible with B). A is
    evaluated beyond its size through its last mode, as CuTe does. B may be a layout, an
    integer N (the layout N:1), None (A itself), a by-mode tuple of those (mode i of A
    composed with B[i]; A's modes beyond B's rank are dropped, as in C++ CuTe: PyCuTe kept
    them), or a tiler in CuTe's text form, ``"(4:2,2:4)"``.

    Inputs that C++ CuTe rejects (stride or shape divisibility) raise cutego.Error. Where
    CuTe's walk goes wrong (a stride of B that does not divide a mode of A it runs past,
    modes of B overlapping within a mode of A, strides of both signs: CUTLASS #3177,
    #2955, #2113) the result is checked against the definition and refused when it is not
    A o B (C++ CuTe and PyCuTe return it anyway).

    composition(Swizzle, L) is the ComposedLayout Sw o 0 o L; composition(C, B) of a
    ComposedLayout C = Sw o O o L is Sw o O o composition(L, B).
    """
    if type(layoutA) is Layout:
        return layoutA if layoutB is None else _tiler_op("composition", layoutA, layoutB)
    if layoutB is None:
        return layoutA
    if not isinstance(layoutA, Layout) and isinstance(layoutA, LayoutBase) or \
            type(layoutA).__name__ == "Swizzle":
        compose = getattr(layoutA, "_compose", None)  # Swizzle, ComposedLayout (cutego.swizzle)
        if compose is None:
            raise Error("composition", "not defined for a %s" % type(layoutA).__name__)
        return compose(layoutB)
    return _tiler_op("composition", layoutA, layoutB)


def logical_divide(layoutA, layoutB) -> Layout:
    """logical_divide(A, B) is CuTe's logical_divide: for a layout tiler B,
    A o (B, complement(B, size(A))): the rank-2 layout (A o B, rest), the rest mode walking
    the repetitions of the tile over A. None keeps A; an integer N is the layout N:1; a
    tuple tiler divides mode by mode ((T0,R0),(T1,R1),...) and keeps A's extra modes."""
    if layoutB is None:
        return layoutA
    return _tiler_op("logical_divide", layoutA, layoutB)


def zipped_divide(layoutA, layoutB) -> Layout:
    """zipped_divide(A, B) is CuTe's zipped_divide: logical_divide with the tile modes
    gathered into the first mode and the rest modes (and A's extra modes) into the second:
    ((T0,T1,...),(R0,R1,...))."""
    return _tiler_op("zipped_divide", layoutA, layoutB)


def tiled_divide(layoutA, layoutB) -> Layout:
    """tiled_divide(A, B) is CuTe's tiled_divide: zipped_divide with the rest mode unpacked:
    ((T0,T1,...),R0,R1,...)."""
    return _tiler_op("tiled_divide", layoutA, layoutB)


def flat_divide(layoutA, layoutB) -> Layout:
    """flat_divide(A, B) is CuTe's flat_divide: zipped_divide with both modes unpacked:
    (T0,T1,...,R0,R1,...)."""
    return _tiler_op("flat_divide", layoutA, layoutB)


def logical_product(layoutA, layoutB) -> Layout:
    """logical_product(A, B) is CuTe's logical_product: for a layout tiler B,
    (A, complement(A, size(A)*cosize(B)) o B): the rank-2 layout of A repeated as B says.
    None keeps A; an integer N is the layout N:1 (PyCuTe divided here instead: a PyCuTe
    bug); a tuple tiler multiplies mode by mode and keeps A's extra modes."""
    if layoutB is None:
        return layoutA
    return _tiler_op("logical_product", layoutA, layoutB)


def zipped_product(layoutA, layoutB) -> Layout:
    """zipped_product(A, B) is CuTe's zipped_product: logical_product with the block modes
    gathered into the first mode and the product modes into the second."""
    return _tiler_op("zipped_product", layoutA, layoutB)


def tiled_product(layoutA, layoutB) -> Layout:
    """tiled_product(A, B) is CuTe's tiled_product: zipped_product with the second mode
    unpacked: ((A0,A1,...),P0,P1,...)."""
    return _tiler_op("tiled_product", layoutA, layoutB)


def flat_product(layoutA, layoutB) -> Layout:
    """flat_product(A, B) is CuTe's flat_product: zipped_product with both modes unpacked."""
    return _tiler_op("flat_product", layoutA, layoutB)


def _binary(op: str, f, a, b) -> Layout:
    out = LayoutT()
    st = f(_as_c(a, op), _as_c(b, op), out)
    if st:
        raise_status(op, st)
    return _wrap(out)


def blocked_product(layoutA, layoutB) -> Layout:
    """blocked_product(A, B) is CuTe's blocked_product: A and B padded with 1:0 modes to the
    larger rank R, P = logical_product(A, B), and the result zip(P0, P1): mode i is
    (A_i, P1_i), the block A repeated as B says, blocks contiguous. Rank R."""
    return _binary("blocked_product", fn.cute_blocked_product, layoutA, layoutB)


def raked_product(layoutA, layoutB) -> Layout:
    """raked_product(A, B) is CuTe's raked_product: as blocked_product but zip(P1, P0):
    mode i is (P1_i, A_i), the blocks interleaved. Rank max(rank A, rank B)."""
    return _binary("raked_product", fn.cute_raked_product, layoutA, layoutB)


def hier_unzip(splitter, layoutA, layoutB) -> Layout:
    """PyCuTe's hier_unzip: the zipped form of a by-mode logical_divide or logical_product
    (splitter). zipped_divide and zipped_product compute it in libcutego."""
    if splitter is logical_divide:
        return zipped_divide(layoutA, layoutB)
    if splitter is logical_product:
        return zipped_product(layoutA, layoutB)
    if layoutB is None:
        return make_layout(Layout(1, 0), layoutA)
    if is_tuple(layoutB):
        split = make_layout(hier_unzip(splitter, layoutA[i], layoutB[i]) for i in range(len(layoutB)))
        return make_layout(make_layout(split[i][0] for i in range(len(layoutB))),
                           make_layout(chain((split[i][1] for i in range(len(layoutB))),
                                             (layoutA[i] for i in range(len(layoutB), len(layoutA))))))
    return splitter(layoutA, layoutB)


def slice_and_offset(crd: tuple, layout: Layout):
    """(the layout of the modes at None in crd, the index of crd with None as 0)."""
    return (Layout(slice_(crd, layout.shape), slice_(crd, layout.stride)),
            crd2idx(crd, layout.shape, layout.stride))


# ---- pictures ---------------------------------------------------------------------------

def _picture(op, name, layout) -> str:
    if not _ffi.HAVE_PICTURES:
        raise Error(op, "this libcutego (%s) has no %s" % (_ffi.LIBRARY_PATH, name), "unsupported")
    if hasattr(layout, "_picture"):  # a TiledMma, TiledCopy (cutego.atom)
        return layout._picture(op, name)
    composed_c = getattr(layout, "_composed_c", None)  # a ComposedLayout (cutego.swizzle)
    if composed_c is not None:
        return _ffi.text_of(getattr(fn, name + "_composed"), composed_c())
    try:
        return _ffi.text_of(getattr(fn, name), _as_c(layout, op))
    except Error as e:
        raise Error(op, e.reason, e.kind) from None


def print_layout_text(layout) -> str:
    """CuTe's print_layout table of a rank-1 or rank-2 layout, as text."""
    return _picture("print_layout", "cute_print_layout", layout)


def print_layout(layout, file=None) -> None:
    """print_layout(L) is CuTe's print_layout: L, then the table of L(m, n) for a rank-2 (or
    rank-1) layout."""
    import sys
    (file or sys.stdout).write(print_layout_text(layout))


def print_latex(layout) -> str:
    """CuTe's print_latex: a standalone TikZ document of the layout's table; of a TiledMma
    or TiledCopy (cutego.atom), C++ CuTe's picture of its thread-value layouts."""
    return _picture("print_latex", "cute_print_latex", layout)


def print_svg(layout, **options) -> str:
    """CuTe's print_svg: an SVG picture of the layout's table; of a TiledMma or TiledCopy,
    the picture of its print_latex as SVG, with the options of its print_svg method
    (readers=, thread=, tiler=: `cutego render --readers --thread --tiler`)."""
    if options:
        if not hasattr(layout, "_picture"):
            raise Error("print_svg", "readers, thread and tiler draw a TiledMma or TiledCopy")
        return layout.print_svg(**options)
    return _picture("print_svg", "cute_print_svg", layout)


# ---- the extension's fast paths ------------------------------------------------------------
# With cutego._cext, each function below becomes a _cext.Function: the common argument forms
# (Layout arguments, integer cotargets and tiles, tuples of layouts) run in C, straight on
# libcutego's structs, and every other call goes to the Python function above, which it
# wraps (__wrapped__, __doc__, type hints and signature are that function's).

def _fast(name: str, f):
    import functools
    return functools.update_wrapper(_cext.function(name, f), f)


if _cext is not None:
    _cext.setup(Layout, Error, encode_layout_clean, LayoutT.from_buffer_copy)
    Layout.__init__ = _fast("__init__", Layout.__init__)
    Layout.size = _fast("size", Layout.size)
    Layout.cosize = _fast("cosize", Layout.cosize)
    for _name in ("coalesce", "filter", "filter_zeros", "right_inverse", "left_inverse",
                  "nullspace", "blocked_product", "raked_product", "complement", "composition",
                  "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
                  "logical_product", "zipped_product", "tiled_product", "flat_product", "size",
                  "cosize", "crd2idx", "idx2crd"):
        globals()[_name] = _fast(_name, globals()[_name])
    del _name

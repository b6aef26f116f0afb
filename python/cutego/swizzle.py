"""Swizzles and composed layouts (PyCuTe's ``pycute.swizzle``), evaluated by libcutego."""

from __future__ import annotations

import ctypes

from . import _ffi
from ._codec import LayoutT, encode_tuple, to_int, to_int64
from ._ffi import raise_status
from ._tuples import has_none, is_int
from .errors import Error
from .layout import (Layout, LayoutBase, composition, size, cosize, is_layout,  # noqa: F401
                     _text_arg, _wrap)

fn = _ffi.fn


def shiftr(a, s):
    """a >> s, a negative s shifting left."""
    return a >> s if s > 0 else shiftl(a, -s)


def shiftl(a, s):
    """a << s, a negative s shifting right."""
    return a << s if s > 0 else shiftr(a, -s)


class Swizzle:
    """CuTe's Swizzle<B,M,S> (bits, base, shift):
    f(x) = x XOR ((x AND yyy) >> S) with yyy = (2^B - 1) << (M + max(0,S)); a negative S
    shifts left. It is an involution; B = 0 is the identity. CuTe requires B >= 0, M >= 0,
    |S| >= B: anything else raises cutego.Error (PyCuTe asserted)."""

    __slots__ = ("_c", "bits", "base", "shift", "yyy_msk", "zzz_msk")

    def _compose(self, b) -> "ComposedLayout":
        """composition(Swizzle, L) = Sw o 0 o L (cutego.composition calls it)."""
        if not isinstance(b, Layout):
            b = Layout(b)  # an integer N is N:1, a shape its column-major layout
        return make_composed_layout(self, 0, b)

    def __init__(self, bits: int, base: int, shift: int):
        op = "Swizzle"
        b, m, s = (to_int(bits, op, "bits"), to_int(base, op, "base"), to_int(shift, op, "shift"))
        for v in (b, m, s):
            if not -(1 << 31) <= v < (1 << 31):
                raise Error(op, "Swizzle<%d,%d,%d>: a parameter does not fit int32" % (b, m, s),
                            "overflow")
        c = _ffi.SwizzleT()
        st = fn.cute_make_swizzle(b, m, s, c)
        if st:
            raise_status("make_swizzle", st)
        self._c = c
        self.bits, self.base, self.shift = b, m, s
        bit_msk = (1 << b) - 1
        self.yyy_msk = bit_msk << (m + max(0, s))
        self.zzz_msk = bit_msk << (m - min(0, s))

    @classmethod
    def parse(cls, text: str) -> "Swizzle":
        """A swizzle from CuTe's printed form ``Sw<3,4,3>``."""
        c = _ffi.SwizzleT()
        st = fn.cute_swizzle_parse(_text_arg("parse", text), c)
        if st:
            raise_status("parse", st)
        return cls(c.b, c.m, c.s)

    def __call__(self, offset: int) -> int:
        """The swizzled offset."""
        out = ctypes.c_int64()
        st = fn.cute_swizzle_apply(self._c, to_int64(offset, "swizzle", "offset"),
                                   ctypes.byref(out))
        if st:
            raise_status("swizzle", st)
        return out.value

    def size(self) -> int:
        """The size of the domain, 2^(B+M+|S|)."""
        return 1 << (self.bits + self.base + abs(self.shift))

    def cosize(self) -> int:
        """The size of the codomain (= size)."""
        return self.size()

    def __eq__(self, other):
        if not isinstance(other, Swizzle):
            return NotImplemented
        return (self.bits, self.base, self.shift) == (other.bits, other.base, other.shift)

    def __hash__(self):
        return hash(("Swizzle", self.bits, self.base, self.shift))

    def format(self) -> str:
        """CuTe's printed form, ``Sw<3,4,3>``."""
        return _ffi.text_of(fn.cute_swizzle_format, self._c)

    def __str__(self):
        return f"SW_{self.bits}_{self.base}_{self.shift}"

    def __repr__(self):
        return f"Swizzle({self.bits},{self.base},{self.shift})"


class ComposedLayout(LayoutBase):
    """CuTe's ComposedLayout (PyCuTe's argument order): ``layoutB o offset o layoutA``, the
    function c -> layoutB(offset + layoutA(c)). With a Swizzle as layoutB and a Layout as
    layoutA it is evaluated by libcutego (``Sw<B,M,S> o O o L``)."""

    __slots__ = ("layoutB", "offset", "layoutA", "_cc")

    def _compose(self, b) -> "ComposedLayout":
        """composition(Sw o O o L, B) = Sw o O o (L o B) (cutego.composition calls it)."""
        return make_composed_layout(self.layoutB, self.offset, composition(self.layoutA, b))

    def __init__(self, layoutB, offset, layoutA):
        self.layoutB = layoutB
        self.offset = offset
        self.layoutA = layoutA
        self._cc = None

    def _composed_c(self):
        if self._cc is None:
            if not (isinstance(self.layoutB, Swizzle) and isinstance(self.layoutA, Layout)):
                raise Error("composed_layout", "libcutego evaluates Swizzle o offset o Layout only")
            c = _ffi.ComposedT()
            st = fn.cute_make_composed_layout(self.layoutB._c,
                                              to_int64(self.offset, "composed_layout", "offset"),
                                              self.layoutA._c, c)
            if st:
                raise_status("make_composed_layout", st)
            self._cc = c
        return self._cc

    @classmethod
    def parse(cls, text: str) -> "ComposedLayout":
        """A composed layout from CuTe's printed form ``Sw<3,4,3> o 0 o (8,64):(64,1)``."""
        c = _ffi.ComposedT()
        st = fn.cute_composed_layout_parse(_text_arg("parse", text), c)
        if st:
            raise_status("parse", st)
        lay = LayoutT()
        ctypes.pointer(lay)[0] = c.layout
        r = cls(Swizzle(c.swizzle.b, c.swizzle.m, c.swizzle.s), c.offset, _wrap(lay))
        return r

    def __eq__(self, other):
        if not isinstance(other, ComposedLayout):
            return NotImplemented
        return self.layoutB == other.layoutB and self.offset == other.offset and \
            self.layoutA == other.layoutA

    def __hash__(self):
        return hash((self.layoutB, self.offset, self.layoutA))

    def __len__(self):
        return len(self.layoutA)

    def __call__(self, *args):
        if isinstance(self.layoutB, Swizzle) and isinstance(self.layoutA, Layout):
            crd = args[0] if len(args) == 1 else args
            if not has_none(crd):
                c = self._composed_c()
                out = ctypes.c_int64()
                if is_int(crd):
                    st = fn.cute_composed_layout_eval(c, to_int64(crd, "crd2idx", "coordinate"),
                                                      ctypes.byref(out))
                else:
                    st = fn.cute_composed_layout_crd2idx(
                        c, encode_tuple(crd, "crd2idx", "coordinate"), ctypes.byref(out))
                if st:
                    raise_status("crd2idx", st)
                return out.value
        return self.layoutB(self.offset + self.layoutA(*args))

    def __getitem__(self, i):
        return ComposedLayout(self.layoutB, self.offset, self.layoutA[i])

    def size(self):
        return size(self.layoutA)

    def cosize(self):
        return cosize(self.layoutB)

    def format(self) -> str:
        """CuTe's printed form, ``Sw<3,4,3> o 0 o (8,64):(64,1)``."""
        return _ffi.text_of(fn.cute_composed_layout_format, self._composed_c())

    def __str__(self):
        return f"{self.layoutB} o {self.offset} o {self.layoutA}"

    def __repr__(self):
        return f"ComposedLayout({repr(self.layoutB)},{repr(self.offset)},Layout({self.layoutA.shape},{self.layoutA.stride}))" \
            if isinstance(self.layoutA, Layout) else \
            f"ComposedLayout({repr(self.layoutB)},{repr(self.offset)},{repr(self.layoutA)})"

    def _repr_svg_(self):
        if not _ffi.HAVE_PICTURES:
            return None
        try:
            return _ffi.text_of(fn.cute_print_svg_composed, self._composed_c())
        except Error:
            return None


def make_swizzle(bits: int, base: int, shift: int) -> Swizzle:
    """Swizzle<B,M,S>{} with CuTe's static_asserts as errors."""
    return Swizzle(bits, base, shift)


def make_composed_layout(layoutB, offset, layoutA) -> ComposedLayout:
    """make_composed_layout(outer, offset, inner): c -> outer(offset + inner(c))."""
    r = ComposedLayout(layoutB, offset, layoutA)
    if isinstance(layoutB, Swizzle) and isinstance(layoutA, Layout):
        r._composed_c()  # validate now
    return r


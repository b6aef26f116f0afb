"""CuTe's MMA and copy atoms, TiledMMA and TiledCopy, computed by libcutego (package
cute/atom), named as the CuTe DSL (``cutlass.cute``) names them where it has a name:

    import cutego
    mma = cutego.make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", cutego.Layout((2, 2, 1), (1, 2, 0)))
    mma.tv_layout_C_tiled                       # get_layoutC_TV()
    mma.get_slice(3).partition_C(cutego.Layout((32, 32), (32, 1)))
    cutego.print_latex(mma)                     # C++ CuTe's print_latex, byte for byte
    cutego.print_svg(mma)                       # the same picture as SVG (also _repr_svg_)
    mma.print_svg(readers=True, thread=3)       # `cutego render --readers --thread 3`'s picture

An operation is named as CuTe spells it ("SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,
GMMA::Major::K>", "SM75_U32x4_LDSM_N", "UniversalCopy<uint128_t>"), a value type as CuTe's C++
does ("half_t", "float"). Where the DSL partitions tensors, these partition layouts (a
thread's layout of the given layout). Every refusal raises ``cutego.Error`` naming the atom
and the reason.
"""

from __future__ import annotations

import ctypes
from . import _ffi
from ._codec import encode_tuple, decode_tuple, to_int64
from ._ffi import raise_status, MMAAtomT, TiledMMAT, CopyAtomT, TiledCopyT, LayoutT
from .errors import Error
from .layout import Layout, _as_c, _text_arg, _tiler_text, _wrap

fn = _ffi.fn


def _layout(c: LayoutT) -> Layout:
    return _wrap(LayoutT.from_buffer_copy(c))


def _name(op: str, x) -> bytes:
    if not isinstance(x, str):
        raise Error(op, "expected the operation's name as CuTe spells it (a str), got %s"
                    % type(x).__name__)
    return _text_arg(op, x)


def _call(op: str, f, out, *args):
    st = f(*args, out)
    if st:
        raise_status(op, st)
    return out


class MmaAtom:
    """CuTe's MMA_Atom<Op>: the instruction's Shape_MNK, ThrID and thread-value layouts."""

    def __init__(self, c: MMAAtomT):
        self._c = c

    @property
    def op(self) -> str:
        """The operation as CuTe spells it."""
        return self._c.name.decode()

    @property
    def shape_mnk(self):
        return decode_tuple(self._c.shape_mnk)

    @property
    def thr_id(self) -> Layout:
        return _layout(self._c.thr_id)

    @property
    def tv_layout_A(self) -> Layout:
        """(thread, value) -> the column-major index in the atom's (M,K) tile of A."""
        return _layout(self._c.layoutA_TV)

    @property
    def tv_layout_B(self) -> Layout:
        return _layout(self._c.layoutB_TV)

    @property
    def tv_layout_C(self) -> Layout:
        return _layout(self._c.layoutC_TV)

    def __repr__(self):
        return "MmaAtom(%r)" % self.op


class _Pictured:
    """The pictures of a TiledMma or TiledCopy: print_latex and print_svg through the C ABI's
    cute_print_latex<_PICTURE> and cute_print_svg<_PICTURE>."""
    _PICTURE = ""

    def _picture(self, op: str, name: str) -> str:
        """print_latex or print_svg (name: cute_print_latex, cute_print_svg) of it."""
        if name not in ("cute_print_latex", "cute_print_svg"):
            raise Error(op, "a %s has no %s picture" % (type(self).__name__, op))
        try:
            return _ffi.text_of(getattr(fn, name + self._PICTURE), self._c)
        except Error as e:
            raise Error(op, e.reason, e.kind) from None

    def _repr_svg_(self):
        """The SVG picture (cutego.print_svg), for Jupyter; None when it is too large."""
        try:
            return self._picture("print_svg", "cute_print_svg")
        except Error:
            return None

    def print_svg(self, readers: bool = False, thread=None, tiler: bool = False) -> "Svg":
        """The SVG picture with `cutego render`'s options: ``readers`` lists every thread
        holding each element (CuTe's picture shows the first), ``thread`` frames that
        thread's elements (its partition_A/B/C, or partition_S/D, of tile-sized tensors),
        ``tiler`` (a TiledCopy's) draws Tiler_MN and the TV layout over the tiler's domain.
        The text is an ``Svg``: Jupyter draws it."""
        op = "print_svg"
        if type(readers) is not bool or type(tiler) is not bool:
            raise Error(op, "readers and tiler are True or False")
        if thread is None:
            t = -1
        else:
            t = to_int64(thread, op, "thread")
            if t < 0:
                raise Error(op, "thread %d: None (no thread framed) or a thread index" % t)
        args = [int(readers), t]
        if self._PICTURE == "_tiled_copy":
            args.append(int(tiler))
        elif tiler:
            raise Error(op, "tiler draws a TiledCopy's Tiler_MN (a TiledMMA's permutation is in its TV layouts)")
        try:
            return Svg(_ffi.text_of(getattr(fn, "cute_print_svg" + self._PICTURE + "_options"), self._c, *args))
        except Error as e:
            raise Error(op, e.reason, e.kind) from None


class Svg(str):
    """An SVG picture's text; Jupyter draws it (_repr_svg_)."""

    def _repr_svg_(self):
        return str(self)


class TiledMma(_Pictured):
    """CuTe's TiledMMA: an MMA atom tiled over threads (atom_layout_mnk) and values
    (permutation_mnk)."""
    _PICTURE = "_tiled_mma"

    def __init__(self, c: TiledMMAT):
        self._c = c

    @property
    def atom(self) -> MmaAtom:
        return MmaAtom(MMAAtomT.from_buffer_copy(self._c.atom))

    @property
    def op(self) -> str:
        return self._c.atom.name.decode()

    @property
    def shape_mnk(self):
        return decode_tuple(self._c.atom.shape_mnk)

    @property
    def thr_id(self) -> Layout:
        return _layout(self._c.atom.thr_id)

    @property
    def tv_layout_A(self) -> Layout:
        return _layout(self._c.atom.layoutA_TV)

    @property
    def tv_layout_B(self) -> Layout:
        return _layout(self._c.atom.layoutB_TV)

    @property
    def tv_layout_C(self) -> Layout:
        return _layout(self._c.atom.layoutC_TV)

    @property
    def atom_layout_mnk(self) -> Layout:
        return _layout(self._c.atom_layout_mnk)

    @property
    def thr_layout_vmnk(self) -> Layout:
        """tiled_product(ThrID, AtomLayoutMNK): (ThrV,ThrM,ThrN,ThrK) -> thread."""
        return _layout(self._c.thr_layout_vmnk)

    @property
    def permutation_mnk(self) -> tuple:
        """The permutation of each of M, N, K: a Layout, or None for `_`."""
        return tuple(None if p.ntokens == 0 else _layout(p) for p in self._c.permutation_mnk)

    @property
    def size(self) -> int:
        """The number of threads."""
        return self._c.size

    def get_tile_size(self, mode_idx: int) -> int:
        """tile_size<mode_idx>: the extent of the TiledMMA's tile in M, N or K."""
        if mode_idx not in (0, 1, 2):
            raise Error("get_tile_size", "mode %r is not 0, 1 or 2" % (mode_idx,))
        return self._c.tile_shape_mnk[mode_idx]

    @property
    def tile_shape_mnk(self) -> tuple:
        return tuple(self._c.tile_shape_mnk)

    @property
    def tv_layout_A_tiled(self) -> Layout:
        """get_layoutA_TV(): (thread, value) -> the column-major index in (tile_M, tile_K)."""
        return _layout(self._c.layoutA_TV)

    @property
    def tv_layout_B_tiled(self) -> Layout:
        """get_layoutB_TV(): (thread, value) -> the column-major index in (tile_N, tile_K)."""
        return _layout(self._c.layoutB_TV)

    @property
    def tv_layout_C_tiled(self) -> Layout:
        """get_layoutC_TV(): (thread, value) -> the column-major index in (tile_M, tile_N)."""
        return _layout(self._c.layoutC_TV)

    def get_slice(self, thr_idx: int) -> "ThrMma":
        return ThrMma(self, thr_idx)

    def _partition_shape(self, which: str, shape):
        op = "partition_shape_" + which
        out = _call(op, getattr(fn, "cute_" + op), _ffi.IntTupleT(), self._c, encode_tuple(shape, op, "shape"))
        return decode_tuple(out)

    def partition_shape_A(self, shape_mk):
        """The shape of a thread's fragment of an (M,K) tensor of that shape."""
        return self._partition_shape("A", shape_mk)

    def partition_shape_B(self, shape_nk):
        return self._partition_shape("B", shape_nk)

    def partition_shape_C(self, shape_mn):
        return self._partition_shape("C", shape_mn)

    def __repr__(self):
        return "TiledMma(%r, %s, %s)" % (self.op, self.atom_layout_mnk, self.permutation_mnk)


class ThrMma:
    """A TiledMma seen from thread thr_idx (TiledMma.get_slice)."""

    def __init__(self, tiled_mma: TiledMma, thr_idx: int):
        self.tiled_mma = tiled_mma
        self.thr_idx = to_int64(thr_idx, "get_slice", "thread index")

    def partition_with_offset(self, which: str, layout):
        """(partition_A/B/C of the layout, the index of the thread's first element)."""
        if which not in ("A", "B", "C"):
            raise Error("partition", "operand %r is not A, B or C" % (which,))
        op = "partition_" + which
        out, off = LayoutT(), ctypes.c_int64()
        st = getattr(fn, "cute_thr_mma_partition_" + which)(self.tiled_mma._c, self.thr_idx,
                                                              _as_c(layout, op), out, ctypes.byref(off))
        if st:
            raise_status(op, st)
        return _wrap(out), off.value

    def partition_A(self, layout_mk) -> Layout:
        """The thread's (FrgV,RestM,RestK) layout of an (M,K) layout."""
        return self.partition_with_offset("A", layout_mk)[0]

    def partition_B(self, layout_nk) -> Layout:
        return self.partition_with_offset("B", layout_nk)[0]

    def partition_C(self, layout_mn) -> Layout:
        return self.partition_with_offset("C", layout_mn)[0]


class CopyAtom:
    """CuTe's Copy_Atom<Op, ValType>."""

    def __init__(self, c: CopyAtomT):
        self._c = c

    @property
    def op(self) -> str:
        return self._c.op.decode()

    @property
    def value_type(self) -> str:
        return self._c.val_type.decode()

    @property
    def thr_id(self) -> Layout:
        return _layout(self._c.thr_id)

    @property
    def layout_src_tv(self) -> Layout:
        return _layout(self._c.val_layout_src)

    @property
    def layout_dst_tv(self) -> Layout:
        return _layout(self._c.val_layout_dst)

    @property
    def layout_ref_tv(self) -> Layout:
        return _layout(self._c.val_layout_ref)

    def __repr__(self):
        return "CopyAtom(%r, %r)" % (self.op, self.value_type)


class TiledCopy(_Pictured):
    """CuTe's TiledCopy: a copy atom over threads and values (layout_tv_tiled) and a tile
    (tiler_mn)."""
    _PICTURE = "_tiled_copy"

    def __init__(self, c: TiledCopyT):
        self._c = c

    @property
    def atom(self) -> CopyAtom:
        return CopyAtom(CopyAtomT.from_buffer_copy(self._c.atom))

    @property
    def layout_tv_tiled(self) -> Layout:
        return _layout(self._c.layout_tv)

    @property
    def tiler_mn(self):
        return decode_tuple(self._c.tiler_mn)

    @property
    def layout_src_tv_tiled(self) -> Layout:
        """get_layoutS_TV(): (thread, value) -> the column-major index in the tile."""
        return _layout(self._c.layoutS_TV)

    @property
    def layout_dst_tv_tiled(self) -> Layout:
        return _layout(self._c.layoutD_TV)

    @property
    def size(self) -> int:
        return self._c.size

    def get_slice(self, thr_idx: int) -> "ThrCopy":
        return ThrCopy(self, thr_idx)

    def retile(self, layout) -> Layout:
        """retile_S / retile_D: a thread's (V,RestM,RestN) fragment in the copy's order."""
        out = LayoutT()
        st = fn.cute_tiled_copy_retile(self._c, _as_c(layout, "retile"), out)
        if st:
            raise_status("retile", st)
        return _wrap(out)

    def __repr__(self):
        return "TiledCopy(%r, %r, %s, %s)" % (self.atom.op, self.atom.value_type,
                                            self.layout_tv_tiled, self.tiler_mn)


class ThrCopy:
    """A TiledCopy seen from thread thr_idx (TiledCopy.get_slice)."""

    def __init__(self, tiled_copy: TiledCopy, thr_idx: int):
        self.tiled_copy = tiled_copy
        self.thr_idx = to_int64(thr_idx, "get_slice", "thread index")

    def partition_with_offset(self, which: str, layout):
        """(partition_S or _D of the layout, the index of the thread's first element)."""
        if which not in ("S", "D"):
            raise Error("partition", "operand %r is not S or D" % (which,))
        op = "partition_" + which
        out, off = LayoutT(), ctypes.c_int64()
        st = getattr(fn, "cute_thr_copy_partition_" + which)(self.tiled_copy._c, self.thr_idx,
                                                               _as_c(layout, op), out, ctypes.byref(off))
        if st:
            raise_status(op, st)
        return _wrap(out), off.value

    def partition_S(self, layout) -> Layout:
        """The thread's ((FrgV,FrgX),RestM,RestN) layout of the source layout."""
        return self.partition_with_offset("S", layout)[0]

    def partition_D(self, layout) -> Layout:
        return self.partition_with_offset("D", layout)[0]

    def retile(self, layout) -> Layout:
        return self.tiled_copy.retile(layout)


def make_mma_atom(op: str) -> MmaAtom:
    """MMA_Atom<op>: the MMA atom of the operation named as CuTe spells it."""
    return MmaAtom(_call("make_mma_atom", fn.cute_make_mma_atom, MMAAtomT(), _name("make_mma_atom", op)))


def make_tiled_mma(op_or_atom, atom_layout_mnk=None, permutation_mnk=None) -> TiledMma:
    """make_tiled_mma(op_or_atom, atom_layout_mnk, permutation_mnk): the atom (an MmaAtom or
    its operation's name) tiled over threads by atom_layout_mnk (a Layout or a shape, rank
    at most 3; None is one atom) and over values by permutation_mnk (None for (_,_,_), or a
    tuple of None, integers and Layouts, or CuTe's text such as "(32,(8,2,2):(1,16,8),_)")."""
    op = "make_tiled_mma"
    name = op_or_atom.op if isinstance(op_or_atom, MmaAtom) else op_or_atom
    lay = None if atom_layout_mnk is None else _as_c(atom_layout_mnk, op)
    perm = None if permutation_mnk is None else _text_arg(op, _tiler_text(permutation_mnk, op))
    return TiledMma(_call(op, fn.cute_make_tiled_mma, TiledMMAT(), _name(op, name), lay, perm))


def _copy_atom_names(op: str, atom):
    if not isinstance(atom, CopyAtom):
        raise Error(op, "expected a CopyAtom (make_copy_atom), got %s" % type(atom).__name__)
    return atom._c.op, atom._c.val_type


def make_copy_atom(op: str, element_type: str) -> CopyAtom:
    """Copy_Atom<op, element_type>: op as CuTe spells it, element_type a CuTe value type
    ("half_t", "float", "uint128_t")."""
    name = "make_copy_atom"
    return CopyAtom(_call(name, fn.cute_make_copy_atom, CopyAtomT(), _name(name, op),
                          _name(name, element_type)))


def make_tiled_copy_tv(atom: CopyAtom, thr_layout, val_layout=None) -> TiledCopy:
    """C++ CuTe's make_tiled_copy(atom, thr_layout, val_layout): (m,n) -> thread and (m,n) ->
    value layouts, raked together; val_layout None is one value per thread."""
    op = "make_tiled_copy_tv"
    o, t = _copy_atom_names(op, atom)
    val = None if val_layout is None else _as_c(val_layout, op)
    return TiledCopy(_call(op, fn.cute_make_tiled_copy, TiledCopyT(), o, t, _as_c(thr_layout, op), val))


def make_tiled_copy(atom: CopyAtom, layout_tv, tiler_mn) -> TiledCopy:
    """make_tiled_copy(atom, layout_tv, tiler_mn) (C++'s make_tiled_copy_impl): a (thread,
    value) -> index layout over the tile of shape tiler_mn."""
    op = "make_tiled_copy"
    o, t = _copy_atom_names(op, atom)
    return TiledCopy(_call(op, fn.cute_make_tiled_copy_impl, TiledCopyT(), o, t, _as_c(layout_tv, op),
                           encode_tuple(tiler_mn, op, "tiler_mn")))


def _tiled_copy_for(which: str, atom: CopyAtom, tiled_mma: TiledMma) -> TiledCopy:
    op = "make_tiled_copy_" + which
    o, t = _copy_atom_names(op, atom)
    if not isinstance(tiled_mma, TiledMma):
        raise Error(op, "expected a TiledMma (make_tiled_mma), got %s" % type(tiled_mma).__name__)
    return TiledCopy(_call(op, getattr(fn, "cute_" + op), TiledCopyT(), o, t, tiled_mma._c))


def make_tiled_copy_A(atom: CopyAtom, tiled_mma: TiledMma) -> TiledCopy:
    """The copy of tiled_mma's A operand: its tv_layout_A_tiled over (tile_M, tile_K)."""
    return _tiled_copy_for("A", atom, tiled_mma)


def make_tiled_copy_B(atom: CopyAtom, tiled_mma: TiledMma) -> TiledCopy:
    """The copy of tiled_mma's B operand: its tv_layout_B_tiled over (tile_N, tile_K)."""
    return _tiled_copy_for("B", atom, tiled_mma)


def make_tiled_copy_C(atom: CopyAtom, tiled_mma: TiledMma) -> TiledCopy:
    """The copy of tiled_mma's C operand: its tv_layout_C_tiled over (tile_M, tile_N)."""
    return _tiled_copy_for("C", atom, tiled_mma)


__all__ = ["MmaAtom", "TiledMma", "ThrMma", "CopyAtom", "TiledCopy", "ThrCopy", "make_mma_atom",
           "make_tiled_mma", "make_copy_atom", "make_tiled_copy_tv", "make_tiled_copy",
           "make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C"]

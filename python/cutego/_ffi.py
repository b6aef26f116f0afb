"""The ctypes view of libcutego's C ABI (include/cutego.h, include/cutego_types.h).

Only this module knows the C structs and the shared library. It is ABI mode: nothing is
compiled when the package is installed; the library is loaded from, in order,
$CUTEGO_LIBRARY, the copy bundled in the wheel (cutego/libcutego.so.*), and a source
checkout's build/lib/.

The wheel may also carry cutego._cext, a CPython extension built for one Python version
(cutego/_cext.c): the fast path of the common calls. It is used when it imports, unless
CUTEGO_PURE=1 or CUTEGO_LIBRARY names a library (the extension is linked to the bundled
copy); ``cext`` is the module or None, ``CEXT_STATUS`` says why. With the extension, ctypes
opens the very library file it is linked to, so the process holds one libcutego.
"""

from __future__ import annotations

import ctypes
import glob
import os
import threading

from .errors import STATUS_NAMES, Error, status_error  # noqa: F401 -- STATUS_NAMES re-exported

# cutego_types.h
MAX_LEAVES = 16  # CUTE_LAYOUT_MAX_LEAVES
MAX_TOKENS = 64  # CUTE_LAYOUT_MAX_TOKENS
NEST_LEAF, NEST_OPEN, NEST_CLOSE = 0, 1, 2

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1

c_int64_p = ctypes.POINTER(ctypes.c_int64)
c_int32_p = ctypes.POINTER(ctypes.c_int32)
c_size_t_p = ctypes.POINTER(ctypes.c_size_t)


class LayoutT(ctypes.Structure):
    """cute_layout_t: leaf shapes, leaf strides and the nesting as CUTE_NEST_* tokens."""
    _fields_ = [
        ("shape", ctypes.c_int64 * MAX_LEAVES),
        ("stride", ctypes.c_int64 * MAX_LEAVES),
        ("leaves", ctypes.c_int32),
        ("ntokens", ctypes.c_int32),
        ("nest", ctypes.c_int8 * MAX_TOKENS),
    ]


class IntTupleT(ctypes.Structure):
    """cute_int_tuple_t: leaf values and the nesting."""
    _fields_ = [
        ("value", ctypes.c_int64 * MAX_LEAVES),
        ("leaves", ctypes.c_int32),
        ("ntokens", ctypes.c_int32),
        ("nest", ctypes.c_int8 * MAX_TOKENS),
    ]


class SwizzleT(ctypes.Structure):
    """cute_swizzle_t: Swizzle<B,M,S>."""
    _fields_ = [("b", ctypes.c_int32), ("m", ctypes.c_int32), ("s", ctypes.c_int32)]


class ComposedT(ctypes.Structure):
    """cute_composed_layout_t: swizzle o offset o layout."""
    _fields_ = [("swizzle", SwizzleT), ("offset", ctypes.c_int64), ("layout", LayoutT)]


# cutego.h: the atom values
ATOM_NAME_MAX = 128  # CUTE_ATOM_NAME_MAX


class MMAAtomT(ctypes.Structure):
    """cute_mma_atom_t: MMA_Atom<Op>."""
    _fields_ = [
        ("name", ctypes.c_char * ATOM_NAME_MAX),
        ("shape_mnk", IntTupleT),
        ("thr_id", LayoutT),
        ("layoutA_TV", LayoutT),
        ("layoutB_TV", LayoutT),
        ("layoutC_TV", LayoutT),
    ]


class TiledMMAT(ctypes.Structure):
    """cute_tiled_mma_t: TiledMMA<MMA_Atom, AtomLayoutMNK, PermutationMNK>."""
    _fields_ = [
        ("atom", MMAAtomT),
        ("atom_layout_mnk", LayoutT),
        ("permutation_mnk", LayoutT * 3),
        ("thr_layout_vmnk", LayoutT),
        ("tile_shape_mnk", ctypes.c_int64 * 3),
        ("size", ctypes.c_int64),
        ("layoutA_TV", LayoutT),
        ("layoutB_TV", LayoutT),
        ("layoutC_TV", LayoutT),
    ]


class CopyAtomT(ctypes.Structure):
    """cute_copy_atom_t: Copy_Atom<Op, ValType>."""
    _fields_ = [
        ("op", ctypes.c_char * ATOM_NAME_MAX),
        ("val_type", ctypes.c_char * ATOM_NAME_MAX),
        ("val_bits", ctypes.c_int64),
        ("thr_id", LayoutT),
        ("val_layout_src", LayoutT),
        ("val_layout_dst", LayoutT),
        ("val_layout_ref", LayoutT),
    ]


class TiledCopyT(ctypes.Structure):
    """cute_tiled_copy_t: TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>."""
    _fields_ = [
        ("atom", CopyAtomT),
        ("layout_tv", LayoutT),
        ("tiler_mn", IntTupleT),
        ("size", ctypes.c_int64),
        ("layoutS_TV", LayoutT),
        ("layoutD_TV", LayoutT),
    ]


# offsets of the nest bytes, for reading them without a per-element loop
LAYOUT_NEST_OFFSET = LayoutT.nest.offset
TUPLE_NEST_OFFSET = IntTupleT.nest.offset

# cutego_status_t
OK = 0
BUFFER_TOO_SMALL = 7


def _import_cext():
    if os.environ.get("CUTEGO_PURE") == "1":
        return None, "not used: CUTEGO_PURE=1"
    if os.environ.get("CUTEGO_LIBRARY"):
        return None, "not used: CUTEGO_LIBRARY is set"
    try:
        from . import _cext as m
    except ImportError as e:
        return None, "not available: %s" % e
    if m.library_path() is None:
        return None, "not used: its libcutego could not be located"
    return m, "used"


cext, CEXT_STATUS = _import_cext()


def _candidates():
    if cext is not None:
        yield cext.library_path()
        return
    env = os.environ.get("CUTEGO_LIBRARY")
    if env:
        yield env
    here = os.path.dirname(os.path.abspath(__file__))
    for p in sorted(glob.glob(os.path.join(here, "libcutego.so*"))):
        yield p
    top = os.path.abspath(os.path.join(here, "..", ".."))
    yield os.path.join(top, "build", "lib", "libcutego.so")


def _load():
    tried = []
    for path in _candidates():
        if not os.path.exists(path):
            tried.append(path + " (absent)")
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError("cutego: libcutego could not be loaded; tried: " + "; ".join(tried))


lib, LIBRARY_PATH = _load()

_L = ctypes.POINTER(LayoutT)
_T = ctypes.POINTER(IntTupleT)
_S = ctypes.POINTER(SwizzleT)
_C = ctypes.POINTER(ComposedT)
_MA = ctypes.POINTER(MMAAtomT)
_TM = ctypes.POINTER(TiledMMAT)
_CA = ctypes.POINTER(CopyAtomT)
_TC = ctypes.POINTER(TiledCopyT)
_i32 = ctypes.c_int32
_i64 = ctypes.c_int64
_sz = ctypes.c_size_t
_str = ctypes.c_char_p
_buf = ctypes.c_char_p

_SIGS = {
    "cutego_version": ([], ctypes.c_int),
    "cutego_last_error": ([_buf, _sz], _sz),
    "cute_make_int_tuple": ([c_int64_p, _i32, ctypes.POINTER(ctypes.c_int8), _i32, _T], ctypes.c_int),
    "cute_int_tuple_parse": ([_str, _T], ctypes.c_int),
    "cute_int_tuple_format": ([_T, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_make_layout": ([c_int64_p, c_int64_p, _i32, ctypes.POINTER(ctypes.c_int8), _i32, _L], ctypes.c_int),
    "cute_make_layout_left": ([_T, _L], ctypes.c_int),
    "cute_make_layout_right": ([_T, _L], ctypes.c_int),
    "cute_layout_parse": ([_str, _L], ctypes.c_int),
    "cute_layout_format": ([_L, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_layout_check": ([_L], ctypes.c_int),
    "cute_layout_equal": ([_L, _L, c_int32_p], ctypes.c_int),
    "cute_size": ([_L, c_int64_p], ctypes.c_int),
    "cute_cosize": ([_L, c_int64_p], ctypes.c_int),
    "cute_rank": ([_L, c_int32_p], ctypes.c_int),
    "cute_depth": ([_L, c_int32_p], ctypes.c_int),
    "cute_layout_mode": ([_L, _i32, _L], ctypes.c_int),
    "cute_layout_eval": ([_L, _i64, c_int64_p], ctypes.c_int),
    "cute_crd2idx": ([_L, _T, c_int64_p], ctypes.c_int),
    "cute_idx2crd": ([_L, _i64, _T], ctypes.c_int),
    "cute_make_swizzle": ([_i32, _i32, _i32, _S], ctypes.c_int),
    "cute_swizzle_apply": ([_S, _i64, c_int64_p], ctypes.c_int),
    "cute_swizzle_parse": ([_str, _S], ctypes.c_int),
    "cute_swizzle_format": ([_S, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_make_composed_layout": ([_S, _i64, _L, _C], ctypes.c_int),
    "cute_composed_layout_parse": ([_str, _C], ctypes.c_int),
    "cute_composed_layout_format": ([_C, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_composed_layout_eval": ([_C, _i64, c_int64_p], ctypes.c_int),
    "cute_composed_layout_crd2idx": ([_C, _T, c_int64_p], ctypes.c_int),
    # pictures (added to the ABI after 0.1.0; optional, see HAVE_PICTURES)
    "cute_print_layout": ([_L, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_latex": ([_L, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_svg": ([_L, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_layout_composed": ([_C, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_latex_composed": ([_C, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_svg_composed": ([_C, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_latex_tv": ([_L, _T, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_svg_tv": ([_L, _T, _buf, _sz, c_size_t_p], ctypes.c_int),
}
# BEGIN bindgen (capi/bindgen writes these lines from its table: go generate ./capi)
_SIGS.update({
    "cute_coalesce": ([_L, _L], ctypes.c_int),
    "cute_coalesce_profile": ([_L, _T, _L], ctypes.c_int),
    "cute_filter": ([_L, _L], ctypes.c_int),
    "cute_filter_zeros": ([_L, _L], ctypes.c_int),
    "cute_blocked_product": ([_L, _L, _L], ctypes.c_int),
    "cute_raked_product": ([_L, _L, _L], ctypes.c_int),
    "cute_complement": ([_L, _T, _L], ctypes.c_int),
    "cute_right_inverse": ([_L, _L], ctypes.c_int),
    "cute_left_inverse": ([_L, _L], ctypes.c_int),
    "cute_max_common_vector": ([_L, _L, c_int64_p], ctypes.c_int),
    "cute_max_common_layout": ([_L, _L, _L], ctypes.c_int),
    "cute_nullspace": ([_L, _L], ctypes.c_int),
    "cute_tile_to_shape": ([_L, _T, _T, _L], ctypes.c_int),
    "cute_make_mma_atom": ([_str, _MA], ctypes.c_int),
    "cute_make_tiled_mma": ([_str, _L, _str, _TM], ctypes.c_int),
    "cute_thr_mma_partition_A": ([_TM, _i64, _L, _L, c_int64_p], ctypes.c_int),
    "cute_thr_mma_partition_B": ([_TM, _i64, _L, _L, c_int64_p], ctypes.c_int),
    "cute_thr_mma_partition_C": ([_TM, _i64, _L, _L, c_int64_p], ctypes.c_int),
    "cute_partition_shape_A": ([_TM, _T, _T], ctypes.c_int),
    "cute_partition_shape_B": ([_TM, _T, _T], ctypes.c_int),
    "cute_partition_shape_C": ([_TM, _T, _T], ctypes.c_int),
    "cute_make_copy_atom": ([_str, _str, _CA], ctypes.c_int),
    "cute_make_tiled_copy": ([_str, _str, _L, _L, _TC], ctypes.c_int),
    "cute_make_tiled_copy_impl": ([_str, _str, _L, _T, _TC], ctypes.c_int),
    "cute_make_tiled_copy_A": ([_str, _str, _TM, _TC], ctypes.c_int),
    "cute_make_tiled_copy_B": ([_str, _str, _TM, _TC], ctypes.c_int),
    "cute_make_tiled_copy_C": ([_str, _str, _TM, _TC], ctypes.c_int),
    "cute_thr_copy_partition_S": ([_TC, _i64, _L, _L, c_int64_p], ctypes.c_int),
    "cute_thr_copy_partition_D": ([_TC, _i64, _L, _L, c_int64_p], ctypes.c_int),
    "cute_tiled_copy_retile": ([_TC, _L, _L], ctypes.c_int),
    "cute_print_latex_tiled_mma": ([_TM, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_latex_tiled_copy": ([_TC, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_svg_tiled_mma": ([_TM, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_svg_tiled_copy": ([_TC, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_svg_tiled_mma_options": ([_TM, _i64, _i64, _buf, _sz, c_size_t_p], ctypes.c_int),
    "cute_print_svg_tiled_copy_options": ([_TC, _i64, _i64, _i64, _buf, _sz, c_size_t_p], ctypes.c_int),
})
_TILER_OPS = ("composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
              "logical_product", "zipped_product", "tiled_product", "flat_product")
# END bindgen
for _op in _TILER_OPS:  # the three forms of a tiler argument (cutego.h's CUTEGO_TILER_FUNCS)
    _SIGS["cute_" + _op] = ([_L, _L, _L], ctypes.c_int)
    _SIGS["cute_" + _op + "_tiler"] = ([_L, _L, _i32, _L], ctypes.c_int)
    _SIGS["cute_" + _op + "_str"] = ([_L, _str, _L], ctypes.c_int)


class _Missing:
    """A function this copy of libcutego does not export: calling it raises Error."""

    def __init__(self, name):
        self.name = name

    def __call__(self, *args):
        raise Error(self.name, "this libcutego (%s) does not export %s" % (LIBRARY_PATH, self.name),
                    "unsupported")


class _Fns:
    pass


fn = _Fns()
for _name, (_args, _res) in _SIGS.items():
    try:
        _f = getattr(lib, _name)
    except AttributeError:
        setattr(fn, _name, _Missing(_name))
        continue
    _f.argtypes = _args
    _f.restype = _res
    setattr(fn, _name, _f)

HAVE_PICTURES = not isinstance(fn.cute_print_layout, _Missing)

_msg = threading.local()


def last_error() -> str:
    """The message libcutego keeps for the calling thread's last failure."""
    b = getattr(_msg, "buf", None)
    if b is None:
        b = _msg.buf = ctypes.create_string_buffer(1024)
    n = fn.cutego_last_error(b, len(b))
    if n >= len(b):
        b = _msg.buf = ctypes.create_string_buffer(n + 1)
        fn.cutego_last_error(b, len(b))
    return b.value.decode("utf-8", "replace")


def raise_status(op: str, status: int):
    """Raises the Error for a libcutego status code, with the library's message."""
    raise status_error(op, status, last_error())


def text_of(f, *args) -> str:
    """Calls a *_format / cute_print_* function with snprintf semantics, growing the buffer
    as needed; raises Error on failure."""
    n = _sz(0)
    b = ctypes.create_string_buffer(256)
    st = f(*args, b, 256, ctypes.byref(n))
    if st == BUFFER_TOO_SMALL:
        b = ctypes.create_string_buffer(n.value + 1)
        st = f(*args, b, n.value + 1, ctypes.byref(n))
    if st != OK:
        raise_status(getattr(f, "__name__", "format"), st)
    return b.raw[:n.value].decode("utf-8")


def version() -> int:
    """The library's version, MAJOR*10000 + MINOR*100 + PATCH."""
    return fn.cutego_version()

"""cutego: CuTe's layout algebra for Python, computed by libcutego.

PyCuTe's API (``Layout``, ``composition``, ``complement``, ``logical_divide``,
``zipped_divide``, ``logical_product``, ``right_inverse``, ``left_inverse``, ``coalesce``,
``size``, ``cosize``, ``crd2idx``, ``idx2crd``, ``Swizzle``, ``make_layout``, ``flatten``,
``product``, ``shape_div``, ...) with C++ CuTe's answers, fast: the algebra runs in
libcutego (Go, through ctypes; no compiler needed). Inputs CuTe refuses raise
``cutego.Error``, a ValueError naming the operation and the reason.

Drop-in for PyCuTe::

    import sys, cutego
    sys.modules["pycute"] = cutego
"""

from . import _ffi
from ._ffi import version as _lib_version, LIBRARY_PATH as _LIBRARY_PATH  # noqa: F401
from .errors import Error
from .typing import Integer, IntTuple
from .int_tuple import (is_int, is_tuple, flatten, signum, product, inner_product, tuple_max,
                        elem_scale, shape_div, prefix_product, crd2crd, slice_, has_none)
from .layout import (LayoutBase, Layout, is_layout, make_layout, make_layout_left,
                     make_layout_right, size, cosize, rank, depth, crd2idx, idx2crd, hier_unzip,
                     slice_and_offset, print_layout, print_layout_text, print_latex, print_svg)
# BEGIN bindgen (capi/bindgen writes these lines from its table: go generate ./capi)
from .layout import (coalesce, filter, filter_zeros, composition, logical_divide, zipped_divide,
                     tiled_divide, flat_divide, logical_product, zipped_product, tiled_product,
                     flat_product, blocked_product, raked_product, complement, right_inverse,
                     left_inverse, max_common_vector, max_common_layout, nullspace, tile_to_shape)
from .atom import (make_mma_atom, make_tiled_mma, make_copy_atom, make_tiled_copy_tv,
                   make_tiled_copy, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C)
# END bindgen
from .swizzle import (Swizzle, ComposedLayout, shiftl, shiftr, make_swizzle,
                      make_composed_layout)
from .atom import MmaAtom, TiledMma, ThrMma, CopyAtom, TiledCopy, ThrCopy
from .gpu import gemm, gemm_blockscaled, copy, einsum  # CUDA arrays of any framework (cutego/gpu.py)

__version__ = "%d.%d.%d" % (_lib_version() // 10000, _lib_version() // 100 % 100,
                            _lib_version() % 100)

# every public name imported above (not the submodules)
__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and type(_v) is not type(_ffi)]

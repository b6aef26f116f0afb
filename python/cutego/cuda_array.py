"""CUDA arrays of any framework as cutego sees them: a device pointer, a dtype, and the CuTe
layout of the array's own indexing (shape:stride, in elements).

A torch.Tensor (when PyTorch is already imported) is read from its attributes (data_ptr,
shape, stride, dtype, device: what its DLPack export would hold, without the export's cost,
and with its refusals). Two exchange protocols are read, with no framework imported:

- DLPack (``__dlpack__`` / ``__dlpack_device__``: PyTorch, CuPy, JAX, ...), preferred where
  both exist (PyTorch's ``__cuda_array_interface__`` has no bfloat16). The capsule's
  DLManagedTensor is read in place and left to the producer's deleter (it is not consumed).
- ``__cuda_array_interface__`` (versions 2 and 3: PyTorch, CuPy, Numba, ...): strides in bytes
  (None: C-contiguous), ``data = (pointer, read_only)``, and the producer's ``stream``.

``read(obj, op, stream)`` returns a :class:`CudaArray`. Everything here runs without a GPU
(python/tests/test_gpu.py feeds it interface dicts and hand-made DLPack capsules).
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any, NamedTuple, Optional, Tuple

from .errors import Error


class GpuError(Error):
    """A refusal of cutego's GPU functions (a cutego.Error: a ValueError with op, reason,
    kind)."""


class NotCudaArrayError(GpuError, TypeError):
    """The argument is not an array on a CUDA device (no DLPack or CUDA array interface, or
    an array in host memory)."""

    def __init__(self, op, reason):
        super().__init__(op, reason, "not a CUDA array")


class DTypeError(GpuError, TypeError):
    """An element type the operation does not take."""

    def __init__(self, op, reason):
        super().__init__(op, reason, "dtype")


class StrideError(GpuError):
    """Shapes or strides the operation cannot read (strides off the element grid,
    mismatched extents, a layout outside the array's memory, overlapping operands)."""

    def __init__(self, op, reason):
        super().__init__(op, reason, "layout")


# DLPack (dlpack.h, v0.8 and 1.x share DLTensor): device types and type codes
KDL_CPU, KDL_CUDA, KDL_CUDA_HOST, KDL_CUDA_MANAGED = 1, 2, 3, 13
_DL_DEVICE_NAMES = {1: "CPU", 2: "CUDA", 3: "CUDA host (pinned)", 4: "OpenCL", 7: "Vulkan",
                    8: "Metal", 9: "VPI", 10: "ROCm", 11: "ROCm host", 13: "CUDA managed",
                    14: "oneAPI"}
_DL_INT, _DL_UINT, _DL_FLOAT, _DL_BFLOAT, _DL_COMPLEX, _DL_BOOL = 0, 1, 2, 4, 5, 6
_DL_CODE_NAMES = {_DL_INT: "int", _DL_UINT: "uint", _DL_FLOAT: "float", _DL_BFLOAT: "bfloat",
                  _DL_COMPLEX: "complex", _DL_BOOL: "bool"}
# DLPack 1.1's 8-bit floats (one byte each), named as PyTorch and ml_dtypes name them.
# float8_e4m3fn (code 10) is the e4m3 of NVIDIA's FP8 (no infinities, CUDA's __nv_fp8_e4m3);
# float8_e4m3 (code 8) is the IEEE-like variant with infinities, a different format.
_DL_FP8_NAMES = {7: "float8_e3m4", 8: "float8_e4m3", 9: "float8_e4m3b11fnuz", 10: "float8_e4m3fn",
                 11: "float8_e4m3fnuz", 12: "float8_e5m2", 13: "float8_e5m2fnuz", 14: "float8_e8m0fnu"}


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


DL_DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", DL_DELETER)]


# PyCapsule_* of CPython's C API (PyPy's ctypes has no pythonapi: DLPack capsules are not
# read there, the CUDA array interface is)
if hasattr(ctypes, "pythonapi"):
    _capsule_get = ctypes.pythonapi.PyCapsule_GetPointer
    _capsule_get.restype = ctypes.c_void_p
    _capsule_get.argtypes = [ctypes.py_object, ctypes.c_char_p]
    _capsule_valid = ctypes.pythonapi.PyCapsule_IsValid
    _capsule_valid.restype = ctypes.c_int
    _capsule_valid.argtypes = [ctypes.py_object, ctypes.c_char_p]
else:
    _capsule_get = _capsule_valid = None

# __cuda_array_interface__ typestr (numpy's array-protocol strings) -> dtype name
_CAI_TYPES = {"f2": "float16", "f4": "float32", "f8": "float64", "i1": "int8", "i2": "int16",
              "i4": "int32", "i8": "int64", "u1": "uint8", "u2": "uint16", "u4": "uint32",
              "u8": "uint64", "b1": "bool", "c8": "complex64", "c16": "complex128"}

INT64_MAX = (1 << 63) - 1


class CudaArray(NamedTuple):
    """An array in CUDA device memory: ``ptr`` (the address of element (0,...,0)), ``dtype``
    (a name: "bfloat16", "float16", "float32", ...), ``itemsize`` (bytes), ``shape`` and
    ``strides`` (in elements, as the framework indexes it), ``device`` (the CUDA ordinal),
    ``read_only``, ``stream`` (the producer's stream from the CUDA array interface: None
    unknown, else a cudaStream_t value), ``protocol`` ("dlpack" or "cai"), ``owner`` (kept
    alive while the array is used: the object and, for DLPack, its capsule)."""
    ptr: int
    dtype: str
    itemsize: int
    shape: Tuple[int, ...]
    strides: Tuple[int, ...]
    device: int
    read_only: bool
    stream: Optional[int]
    protocol: str
    owner: Any

    def span(self):
        """(lowest, highest) element offset the array addresses (from element (0,...,0))."""
        return _extent(self.shape, self.strides)[1:]

    def byte_range(self):
        """[first, last) byte addresses the array covers (an empty array: an empty range)."""
        size, lo, hi = _extent(self.shape, self.strides)
        if size == 0:
            return self.ptr, self.ptr
        return self.ptr + lo * self.itemsize, self.ptr + (hi + 1) * self.itemsize

    @property
    def size(self):
        n = 1
        for x in self.shape:
            n *= x
        return n


# The caches below are bounded: cleared when full.
_CACHE_MAX = 512


def _extent(shape, strides):
    """(size, lowest offset, highest offset) of an array's elements (from element (0,...,0))."""
    size, lo, hi = 1, 0, 0
    for n, s in zip(shape, strides):
        size *= n
        if s > 0:
            hi += (n - 1) * s
        else:
            lo += (n - 1) * s
    for n in shape[len(strides):]:
        size *= n
    return size, lo, hi


def _exact_ints(t):
    """Whether t is a tuple of ints (not bools or floats, which compare and hash equal to ints:
    a cache keyed by them would answer for another type)."""
    if type(t) is not tuple:
        return False
    for x in t:
        if type(x) is not int:
            return False
    return True


_described = {}  # type -> its name (bounded: cleared when full)


def _describe(obj) -> str:
    t = type(obj)
    d = _described.get(t)
    if d is None:
        d = "%s.%s" % (t.__module__, t.__qualname__)
        if len(_described) >= _CACHE_MAX:
            _described.clear()
        _described[t] = d
    return d


def _check_shape(op, what, shape, strides):
    for i, (n, s) in enumerate(zip(shape, strides)):
        if type(n) is not int or type(s) is not int:
            raise StrideError(op, "%s: extent and stride of dimension %d are not integers" % (what, i))
        if n < 0 or n > INT64_MAX or abs(s) > INT64_MAX:
            raise StrideError(op, "%s: dimension %d (extent %d, stride %d) is out of int64"
                              % (what, i, n, s))


def _dlpack_stream_arg(stream: int):
    # the array API's convention: 1 is the legacy default stream (cudaStream_t 0), 2 the
    # per-thread default stream (cudaStreamPerThread, also 2)
    return 1 if stream == 0 else stream


def from_dlpack_capsule(capsule, owner, op: str, what: str) -> CudaArray:
    """Reads an unconsumed "dltensor" capsule (DLManagedTensor) in place."""
    if _capsule_valid is None:
        raise NotCudaArrayError(op, "%s: DLPack capsules need CPython's C API (ctypes.pythonapi); "
                                "this Python reads the CUDA array interface only" % what)
    if not _capsule_valid(capsule, b"dltensor"):
        raise NotCudaArrayError(op, "%s: __dlpack__ returned no \"dltensor\" capsule" % what)
    p = _capsule_get(capsule, b"dltensor")
    t = DLManagedTensor.from_address(p).dl_tensor
    dev = t.device.device_type
    if dev not in (KDL_CUDA, KDL_CUDA_MANAGED):
        raise NotCudaArrayError(op, "%s is in %s memory (DLPack device type %d), not on a CUDA device"
                                % (what, _DL_DEVICE_NAMES.get(dev, "another device's"), dev))
    nd = t.ndim
    if nd < 0 or nd > 64:
        raise StrideError(op, "%s: DLPack ndim %d" % (what, nd))
    code, bits, lanes = t.dtype.code, t.dtype.bits, t.dtype.lanes
    if lanes != 1 or bits % 8:
        raise DTypeError(op, "%s: DLPack dtype (code %d, %d bits, %d lanes) is not a scalar of whole bytes"
                         % (what, code, bits, lanes))
    name = {(_DL_BFLOAT, 16): "bfloat16", (_DL_BOOL, 8): "bool"}.get((code, bits))
    if name is None and code in _DL_FP8_NAMES and bits == 8:
        name = _DL_FP8_NAMES[code]
    if name is None:
        if code not in _DL_CODE_NAMES:
            raise DTypeError(op, "%s: DLPack type code %d is not known" % (what, code))
        name = "%s%d" % (_DL_CODE_NAMES[code], bits)
    shape = tuple(t.shape[i] for i in range(nd))
    if t.strides:
        strides = tuple(t.strides[i] for i in range(nd))
    else:
        strides = _row_major(shape)
    _check_shape(op, what, shape, strides)
    ptr = (t.data or 0) + t.byte_offset
    return CudaArray(ptr, name, bits // 8, shape, strides, t.device.device_id, False, None,
                     "dlpack", (owner, capsule))


def _row_major(shape):
    strides, s = [], 1
    for n in reversed(shape):
        strides.append(s)
        s *= max(n, 1)
    return tuple(reversed(strides))


def from_cai(cai, owner, op: str, what: str) -> CudaArray:
    """Reads a __cuda_array_interface__ dict (versions 0-3)."""
    if not isinstance(cai, dict):
        raise NotCudaArrayError(op, "%s: __cuda_array_interface__ is not a dict" % what)
    try:
        shape = tuple(cai["shape"])
        typestr = cai["typestr"]
        ptr, read_only = cai["data"]
    except (KeyError, TypeError, ValueError) as e:
        raise NotCudaArrayError(op, "%s: malformed __cuda_array_interface__ (%s)" % (what, e)) from None
    if type(ptr) is not int or ptr < 0:
        raise NotCudaArrayError(op, "%s: __cuda_array_interface__ data pointer %r" % (what, ptr))
    if cai.get("mask") is not None:
        raise StrideError(op, "%s: masked arrays are not supported" % what)
    bstrides = cai.get("strides")
    key = None
    if type(typestr) is str and _exact_ints(shape) and (bstrides is None or _exact_ints(bstrides)):
        key = (typestr, shape, bstrides)
        geo = _cai_geometries.get(key)
        if geo is not None:
            return _cai_array(cai, owner, op, what, ptr, read_only, shape, *geo)
    geo = _cai_geometry(op, what, typestr, shape, bstrides)
    if key is not None:
        if len(_cai_geometries) >= _CACHE_MAX:
            _cai_geometries.clear()
        _cai_geometries[key] = geo
    return _cai_array(cai, owner, op, what, ptr, read_only, shape, *geo)


# (typestr, shape, byte strides) -> (dtype name, itemsize, strides): _cai_geometry's answers for
# the interfaces seen (tuples of ints only; bounded: cleared when full)
_cai_geometries = {}


def _cai_geometry(op, what, typestr, shape, bstrides):
    """The dtype name, itemsize and strides in elements of an interface's typestr, shape and
    byte strides, checked (a pure function of them)."""
    if not isinstance(typestr, str) or len(typestr) < 3 or typestr[0] not in "<>|=":
        raise DTypeError(op, "%s: typestr %r" % (what, typestr))
    if typestr[0] == ">":
        raise DTypeError(op, "%s: big-endian typestr %r" % (what, typestr))
    name = _CAI_TYPES.get(typestr[1:])
    if name is None:
        raise DTypeError(op, "%s: typestr %r is not a type cutego knows" % (what, typestr))
    itemsize = int(typestr[2:]) if typestr[1] != "b" else 1
    if bstrides is None:
        strides = _row_major(shape)
    else:
        bstrides = tuple(bstrides)
        if len(bstrides) != len(shape):
            raise StrideError(op, "%s: %d strides for %d dimensions" % (what, len(bstrides), len(shape)))
        strides = []
        for i, b in enumerate(bstrides):
            if type(b) is not int:
                raise StrideError(op, "%s: stride %r of dimension %d is not an integer" % (what, b, i))
            if b % itemsize:
                raise StrideError(op, "%s: the byte stride %d of dimension %d is not a multiple of the "
                                  "element size %d" % (what, b, i, itemsize))
            strides.append(b // itemsize)
        strides = tuple(strides)
    _check_shape(op, what, shape, strides)
    return name, itemsize, strides


def _cai_array(cai, owner, op, what, ptr, read_only, shape, name, itemsize, strides):
    """The CudaArray of an interface whose geometry is checked: its stream and device."""
    stream = cai.get("stream") if cai.get("version", 0) >= 3 else None
    if stream is not None:
        if type(stream) is not int or stream == 0:
            raise NotCudaArrayError(op, "%s: __cuda_array_interface__ stream %r (0 is disallowed)"
                                    % (what, stream))
        stream = 0 if stream == 1 else stream  # 1: the legacy default stream
    return CudaArray(ptr, name, itemsize, shape, strides, _cai_device(owner), bool(read_only),
                     stream, "cai", owner)


def _cai_device(owner) -> int:
    # The interface does not name the device: the pointer's own (PyTorch and CuPy expose it)
    for attr in ("device",):
        d = getattr(owner, attr, None)
        idx = getattr(d, "index", None)  # torch.device
        if type(idx) is int:
            return idx
        idx = getattr(d, "id", None)  # cupy.cuda.Device
        if type(idx) is int:
            return idx
    return -1  # unknown: the current device


def _torch_tensor(obj):
    """obj's torch.Tensor type check, without importing PyTorch."""
    if not type(obj).__module__.startswith("torch"):
        return False
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(obj, torch.Tensor)


def _from_torch(t, op: str, what: str) -> CudaArray:
    """A torch.Tensor read from its attributes (what its DLPack export holds, without making
    one), with DLPack's refusals."""
    dev = t.device
    if dev.type != "cuda":
        raise NotCudaArrayError(op, "%s (torch.Tensor) is in %s memory, not on a CUDA device" % (what, dev.type))
    if t.requires_grad:
        raise NotCudaArrayError(op, "%s (torch.Tensor) requires grad: pass tensor.detach()" % what)
    if t.is_conj() or t.is_neg():
        raise NotCudaArrayError(op, "%s (torch.Tensor) has a lazy conjugate or negative bit: resolve it first" % what)
    name = str(t.dtype)
    name = name[6:] if name.startswith("torch.") else name
    return CudaArray(t.data_ptr(), name, t.element_size(), tuple(t.shape), tuple(t.stride()), dev.index,
                     False, None, "torch", t)


def read(obj, op: str, what: str, stream: Optional[int] = None) -> CudaArray:
    """The CudaArray of obj (a torch.Tensor from its attributes; else DLPack, then the CUDA
    array interface). stream is the stream the caller will use (for the producer's
    synchronization under DLPack)."""
    if _torch_tensor(obj):
        return _from_torch(obj, op, what)
    dl_err = None
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__") and \
            (_capsule_valid is not None or not hasattr(obj, "__cuda_array_interface__")):
        try:
            dev = obj.__dlpack_device__()
            dev_type = int(dev[0])
        except Exception as e:  # noqa: BLE001 -- any producer failure is the caller's error
            raise NotCudaArrayError(op, "%s (%s): __dlpack_device__ failed: %s" % (what, _describe(obj), e)) from None
        if dev_type not in (KDL_CUDA, KDL_CUDA_MANAGED):
            raise NotCudaArrayError(op, "%s (%s) is in %s memory (DLPack device type %d), not on a CUDA device"
                                    % (what, _describe(obj), _DL_DEVICE_NAMES.get(dev_type, "another device's"),
                                       dev_type))
        try:
            if stream is None:
                capsule = obj.__dlpack__()
            else:
                capsule = obj.__dlpack__(stream=_dlpack_stream_arg(stream))
        except Exception as e:  # noqa: BLE001 -- try the CUDA array interface, else say why
            dl_err = e
        else:
            return from_dlpack_capsule(capsule, obj, op, "%s (%s)" % (what, _describe(obj)))
    try:
        cai = obj.__cuda_array_interface__
    except AttributeError:
        if dl_err is not None:
            raise NotCudaArrayError(op, "%s (%s): __dlpack__ failed: %s" % (what, _describe(obj), dl_err)) from None
        raise NotCudaArrayError(op, "%s (%s) exports neither DLPack nor __cuda_array_interface__"
                                % (what, _describe(obj))) from None
    except Exception as e:  # noqa: BLE001 -- e.g. PyTorch refuses tensors that require grad
        raise NotCudaArrayError(op, "%s (%s): __cuda_array_interface__ failed: %s"
                                % (what, _describe(obj), e)) from None
    return from_cai(cai, obj, op, "%s (%s)" % (what, _describe(obj)))

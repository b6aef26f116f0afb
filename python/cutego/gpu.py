"""cutego's Hopper kernels on the CUDA arrays of any framework (PyTorch, CuPy, JAX, ...):

    cutego.gemm(d, a, b, alpha=1, beta=0, c=None)   d = alpha * a @ b + beta * c
    cutego.copy(dst, src)                           dst[...] = src[...]
    cutego.einsum("bhqd,bhkd->bhqk", a, b)          a two-operand contraction on one GEMM

Arrays are read through DLPack or ``__cuda_array_interface__`` (cutego/cuda_array.py); their
layouts are their shapes and strides, so a transposed or sliced view is used in place (the
planner chooses the wgmma path where a tensor map reads the operand as it is, else packs it
or takes the generic kernel; ``last_plan()`` says which). An operand may also be given as
``(array, layout)``, a cutego ``Layout`` (or its text) in elements from the array's first
element, in CuTe's convention (A (M,K[,L]), B (N,K[,L]), C and D (M,N[,L])), checked to stay
inside the array.

The work is queued on ``stream`` if given (an int cudaStream_t, a torch.cuda.Stream, a
cupy Stream, or an object with ``__cuda_stream__``), else on the current stream of the
framework that made the output (PyTorch, CuPy), else on the stream the CUDA array interface
names, else the legacy default stream. Calls are asynchronous, as the framework's own.

A torch.Tensor call whose geometry (shapes, strides, dtypes, device) was seen before reads
only the addresses, in C where the extension is used (CUTEGO_GEMM_NO_C=1: in Python).

Importing needs no GPU and no framework; the kernels library (libcutego_kernels.so) and the
CUDA runtime are loaded at the first call (cutego/_kernels.py). Refusals are cutego.Error
subclasses: NoDeviceError, DTypeError, StrideError, NotCudaArrayError, CudaError.
"""

from __future__ import annotations

import ctypes
import functools
import os
import sys
import threading
from typing import Any, NamedTuple, Optional

from . import _kernels as K
from ._codec import encode_layout
from ._ffi import LayoutT, MAX_LEAVES
from .cuda_array import CudaArray, DTypeError, GpuError, NotCudaArrayError, StrideError, read
from ._kernels import CudaError, NoDeviceError
from .errors import Error

__all__ = ["gemm", "gemm_blockscaled", "copy", "einsum", "last_plan", "available", "GpuError", "NoDeviceError",
           "DTypeError", "StrideError", "NotCudaArrayError", "CudaError"]

_AB16 = {"float16": K.DTYPE_F16, "bfloat16": K.DTYPE_BF16}  # einsum's
_FP8 = {"float8_e4m3fn": K.DTYPE_E4M3, "float8_e5m2": K.DTYPE_E5M2}
_FP8_CODES = frozenset(_FP8.values())
_AB_TYPES = dict(_AB16, **_FP8)  # gemm's
_ACCUM = {"fast": K.GEMM_FP8_ACCUM_FAST, "promoted": K.GEMM_FP8_ACCUM_PROMOTED}
_CD_TYPES = {"float16": K.DTYPE_F16, "bfloat16": K.DTYPE_BF16, "float32": K.DTYPE_F32}
_last = threading.local()


def last_plan() -> dict:
    """What the calling thread's last gemm/copy/einsum did: {"op", "path", "reason", ...}
    (path: "wgmma", "generic", "tma-copy", "tma-permute", "none"); a GEMM's also "flags",
    "config", "split_k", "decomposition" ("data-parallel", "split-k" or "stream-k") and
    "swapped_ab" (a column-major out computed as out^T = b a^T: the plan is that GEMM's)."""
    rec = getattr(_last, "plan", None)
    if rec is None:
        return {}
    op, plan, reason, extra = rec
    out = dict(op=op, path="none", reason=reason, **extra)
    if isinstance(plan, str):
        out["path"] = plan
    elif plan is not None:
        out.update(path=K.GEMM_PATHS.get(plan.path, str(plan.path)), reason=plan.reason.decode("utf-8", "replace"),
                   flags=plan.flags, split_k=plan.split_k, config=plan.config,
                   decomposition=K.GEMM_DECOMPOSITIONS.get(plan.decomposition, str(plan.decomposition)),
                   swapped_ab=bool(plan.flags & K.GEMM_F_SWAP_AB))
    return out


def available() -> bool:
    """Whether the kernels library and a CUDA device are there (loads them)."""
    lib = K.load()
    return lib.error is None and K.device_count() > 0


# ---- streams -----------------------------------------------------------------------------

def _stream_value(op, s) -> int:
    if type(s) is int:
        if s < 0:
            raise GpuError(op, "stream %d is not a cudaStream_t" % s)
        return s
    if hasattr(s, "__cuda_stream__"):
        v = s.__cuda_stream__()
        return _stream_value(op, v[1] if isinstance(v, tuple) else v)
    for attr in ("cuda_stream", "ptr", "handle"):
        v = getattr(s, attr, None)
        if type(v) is int:
            return v
    raise GpuError(op, "stream %r is neither an int nor a CUDA stream object" % (s,))


def _framework_stream(obj) -> Optional[int]:
    """The current stream of the framework that made obj (PyTorch, CuPy), if it is loaded."""
    mod = type(obj).__module__.split(".")[0]
    if mod == "torch" and "torch" in sys.modules:
        torch = sys.modules["torch"]
        if isinstance(obj, torch.Tensor) and obj.is_cuda:
            return torch.cuda.current_stream(obj.device).cuda_stream
    if mod == "cupy" and "cupy" in sys.modules:
        cupy = sys.modules["cupy"]
        with obj.device:
            return cupy.cuda.get_current_stream().ptr
    return None


def _read_all(op, stream, out, named):
    """Reads the output (out: (name, obj)) and the inputs (named: [(name, obj)]) on one
    stream; returns (stream, device, {name: (CudaArray, layout or None)})."""
    s = _stream_value(op, stream) if stream is not None else None
    oname, oobj = out
    oobj, olay = _split(op, oname, oobj)
    if s is None:
        s = _framework_stream(oobj)
    arrays = {}
    d = read(oobj, op, oname, s if s is not None else 0)
    if s is None:
        s = d.stream if d.stream is not None else 0
    arrays[oname] = (d, olay)
    for name, obj in named:
        if obj is None:
            continue
        obj, lay = _split(op, name, obj)
        arrays[name] = (read(obj, op, name, s), lay)
    dev = -1
    for name, (x, _) in arrays.items():
        if x.device >= 0:
            if dev >= 0 and x.device != dev:
                raise GpuError(op, "%s is on device %d, another operand on device %d" % (name, x.device, dev),
                               "device")
            dev = x.device
    if d.read_only:
        raise GpuError(op, "%s is read-only" % oname, "read only")
    if stream is not None:
        # tensors read from their attributes (PyTorch) were made on their framework's current
        # stream: another stream waits for it (as the DLPack export with that stream would)
        for name, (x, lay) in arrays.items():
            if x.protocol == "torch":
                cur = _framework_stream(x.owner)
                if cur is not None and cur != s:
                    arrays[name] = (x._replace(stream=cur), lay)
    return s, dev, arrays


def _sync_inputs(op, stream, arrays):
    """Orders stream after the producers' streams named by the CUDA array interface."""
    seen = set()
    for x, _ in arrays.values():
        if x.stream is not None and x.stream != stream and x.stream not in seen:
            K.stream_wait(op, stream, x.stream)
            seen.add(x.stream)


def _split(op, name, obj):
    """(array, layout) or array -> (array, layout or None)."""
    if isinstance(obj, tuple):
        if len(obj) != 2:
            raise GpuError(op, "%s: a tuple operand is (array, layout)" % name)
        arr, lay = obj
        from . import layout as _layout
        if isinstance(lay, str):
            lay = _layout.Layout.parse(lay)
        if not _layout.is_layout(lay):
            raise GpuError(op, "%s: %r is not a cutego Layout" % (name, lay))
        return arr, lay
    return obj, None


# ---- layouts -----------------------------------------------------------------------------

def _mode(extents, strides):
    """One CuTe mode over some dimensions (dimensions of extent 1 dropped): an int mode,
    a tuple (hierarchical), or 1:0 when none is left."""
    e = [n for n in extents if n != 1]
    s = [t for n, t in zip(extents, strides) if n != 1]
    if not e:
        return 1, 0
    if len(e) == 1:
        return e[0], s[0]
    return tuple(e), tuple(s)


def _encode(op, what, modes):
    shape = tuple(m[0] for m in modes)
    stride = tuple(m[1] for m in modes)
    leaves = sum(len(m[0]) if isinstance(m[0], tuple) else 1 for m in modes)
    if leaves > MAX_LEAVES:
        raise StrideError(op, "%s needs %d leaf modes, over libcutego's %d" % (what, leaves, MAX_LEAVES))
    try:
        return encode_layout(shape, stride, op)
    except Error as e:
        raise StrideError(op, "%s: %s" % (what, e.reason)) from None


def _given(op, what, arr: CudaArray, lay) -> LayoutT:
    """A layout given by the caller, checked to address only the array's own elements."""
    c = encode_layout(lay.shape, lay.stride, op)
    lo = hi = 0
    for i in range(c.leaves):
        n, s = c.shape[i], c.stride[i]
        if s > 0:
            hi += (n - 1) * s
        else:
            lo += (n - 1) * s
    alo, ahi = arr.span()
    if arr.size == 0 or lo < alo or hi > ahi:
        raise StrideError(op, "%s: the layout %s reaches offsets [%d, %d], outside the array's [%d, %d]"
                          % (what, lay, lo, hi, alo, ahi if arr.size else -1))
    return c


def _broadcast(op, what, shape, strides, to):
    """strides of an array broadcast to the shape `to` (numpy's rules: aligned at the right,
    extent 1 or missing is stride 0)."""
    if len(shape) > len(to):
        raise StrideError(op, "%s has %d batch dimensions, the output %d" % (what, len(shape), len(to)))
    pad = len(to) - len(shape)
    out = []
    for i, n in enumerate(to):
        if i < pad:
            out.append(0)
            continue
        m, s = shape[i - pad], strides[i - pad]
        if m == n:
            out.append(s if n != 1 else 0)
        elif m == 1:
            out.append(0)
        else:
            raise StrideError(op, "%s's shape %s does not broadcast to %s"
                              % (what, tuple(shape), tuple(to)))
    return out


def _overlap(x: CudaArray, y: CudaArray) -> bool:
    a0, a1 = x.byte_range()
    b0, b1 = y.byte_range()
    return a0 < b1 and b0 < a1


def _record(op, plan, reason="", **extra):
    """Keeps what the call did for last_plan() (a GemmPlan, decoded only when asked for;
    None: nothing was launched; a str: a copy path)."""
    _last.plan = (op, plan, reason, extra)


# ---- gemm --------------------------------------------------------------------------------

def _gemm_layouts(op, A, B, C, D, scales=None):
    """CuTe's operands of d = a @ b (+ c) from the arrays' shapes and strides: A (M,K,L),
    B (N,K,L), C and D (M,N,L), L the batch dimensions, the last first (so that a row-major
    batch coalesces), broadcast ones at stride 0. None: an empty output. scales (block-scaled
    GEMM): (SA, SB), a's scales (..., M, KB) and b's (..., KB, NB), read as a and b are: SA
    (M,KB,L), SB (NB,KB,L) (their extents are cutego_gemm_blockscaled's to check)."""
    if len(D.shape) < 2:
        raise StrideError(op, "d must have at least 2 dimensions (..., M, N), not shape %s" % (D.shape,))
    ops = [("a", A, -2, -1), ("b", B, -1, -2), ("c", C, -2, -1), ("d", D, -2, -1)]
    if scales is not None:
        ops += [("scale_a", scales[0], -2, -1), ("scale_b", scales[1], -1, -2)]
    for name, x, _, _ in ops:
        if name in ("c", "d") or x is None:
            continue
        if len(x.shape) < 2:
            raise StrideError(op, "%s must have at least 2 dimensions, not shape %s" % (name, x.shape))
    batch, (m, n), k = D.shape[:-2], D.shape[-2:], A.shape[-1]
    if A.shape[-2] != m or B.shape[-2:] != (k, n):
        raise StrideError(op, "a %s @ b %s does not give d %s" % (A.shape, B.shape, D.shape))
    if D.size == 0:
        return None
    if k == 0:
        raise StrideError(op, "K = 0 (a is %s): an empty sum; cutego's GEMM needs K >= 1" % (A.shape,))
    lays = {}
    for name, x, rows, cols in ops:
        if x is None:
            continue
        if name == "c":
            st = _broadcast(op, "c", x.shape, x.strides, D.shape)
            full = tuple(batch) + (m, n)
        else:
            st = _broadcast(op, name, x.shape[:-2], x.strides[:-2], batch) + list(x.strides[-2:])
            full = tuple(batch) + tuple(x.shape[-2:])
        lmode = _mode(tuple(reversed(batch)), tuple(reversed(st[:-2])))
        lays[name] = _encode(op, name, [_mode((full[rows],), (st[rows],)), _mode((full[cols],), (st[cols],)),
                                        lmode])
    return lays


# Layouts derived from shapes and strides, by geometry (pointers are not part of them): a
# repeated call skips the derivation. Bounded: cleared when full.
_cache = {}
_CACHE_MAX = 512


def _cached(key, make):
    v = _cache.get(key, _cache)
    if v is _cache:
        v = make()
        if len(_cache) >= _CACHE_MAX:
            _cache.clear()
        _cache[key] = v
    return v


def _torch_type():
    """torch.Tensor when PyTorch is imported (None otherwise: nothing is imported here)."""
    torch = sys.modules.get("torch")
    return getattr(torch, "Tensor", None) if torch is not None else None


def _tkey(t):
    """What a torch.Tensor's reading depends on besides its address (the key of _fast)."""
    return (t.shape, t.stride(), t.dtype, t.get_device(), t.requires_grad, t.is_neg())


def _current_stream(dev):
    """PyTorch's current stream on device dev (a cudaStream_t value)."""
    torch = sys.modules["torch"]
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is not None and dev >= 0:
        return raw(dev)
    return torch.cuda.current_stream(dev if dev >= 0 else None).cuda_stream


class _GemmCall(NamedTuple):
    """A checked gemm geometry of torch.Tensors (everything but the addresses): the layouts
    and types for cutego_gemm, and each operand's byte span around its address, for the
    overlap checks."""
    kl: Any
    dev: int
    ld: Any
    la: Any
    lb: Any
    lc: Any
    ab: int
    cd: int
    b_dtype: int
    accumulation: int
    interval: int
    spans: tuple  # ((lo, hi) bytes of d, a, b, c) from each pointer; c's None without c
    c_is_d: bool  # c's layout is d's (c may then be d itself)
    cargs: tuple  # the same as ints for _cext.gemm_fast (its comment lists them)


class _EinsumCall(NamedTuple):
    """A checked einsum geometry of torch.Tensors (everything but the addresses, whose
    alignment is part of its key): the folding's layouts and the types for cutego_gemm, the
    byte spans of out, a and b around their addresses (for the overlap checks), and what
    last_plan() adds."""
    dev: int
    lc: Any  # byref of the folding's layouts (they keep the folding alive)
    la: Any
    lb: Any
    ab: int
    cd: int
    spans: tuple  # ((lo, hi) bytes of out, a, b) from each pointer
    extra: dict  # orientation, m, n, k, l (never changed: last_plan() copies it)


# geometry key -> _GemmCall (gemm), ("einsum", ...) -> _EinsumCall (bounded: cleared when full)
_fast = {}


def _spans_meet(xp, xs, yp, ys):
    """Whether the bytes [xp + xs[0], xp + xs[1]) and [yp + ys[0], yp + ys[1]) meet (_byte_span's
    spans at the addresses xp and yp): _overlap on a cached geometry."""
    return xp + xs[0] < yp + ys[1] and yp + ys[0] < xp + xs[1]


def _byte_span(x: CudaArray):
    """(lo, hi): the bytes [ptr + lo, ptr + hi) a non-empty array covers (CudaArray.byte_range
    less its address)."""
    lo, hi = x.span()
    return lo * x.itemsize, (hi + 1) * x.itemsize


def _cgemm_init():
    """[gemm_fast's setup, gemm_fast, the torch module it serves]: the C path of a known
    geometry (cutego/_cext.c), where the extension is used."""
    from . import _ffi
    m = _ffi.cext
    if m is None or not hasattr(m, "gemm_fast") or os.environ.get("CUTEGO_GEMM_NO_C") == "1":
        return [None, None, None]
    return [m.gemm_setup, m.gemm_fast, None]


_cgemm = _cgemm_init()


def _cgemm_setup(torch):
    """Points _cext.gemm_fast at this torch module, the kernels library and the CUDA runtime
    (where they are missing: off, gpu.py's own path serves)."""
    _cgemm[2] = torch
    raw = getattr(getattr(torch, "_C", None), "_cuda_getCurrentRawStream", None)
    lib = K.load()
    if raw is None or lib.error is not None:
        _cgemm[0], _cgemm[1] = None, None
        return
    addr = lambda f: ctypes.cast(f, ctypes.c_void_p).value  # noqa: E731
    _cgemm[0](torch.Tensor, _fast, raw, addr(lib.cudart.cudaGetDevice), addr(lib.kernels.cutego_gemm),
              K.GemmPlan, _last)


def _fp8_options(op, ab, bt, accumulation, interval, scales):
    """cutego_gemm_options_t for an FP8 GEMM (None where every option is the default)."""
    sa, sb = scales
    if ab not in _FP8_CODES and (sa is not None or sb is not None):
        raise DTypeError(op, "%s applies to FP8 a and b only (a is %s)"
                         % ("scale_a" if sa is not None else "scale_b", _name_of(ab)))
    if bt == ab and accumulation == K.GEMM_FP8_ACCUM_FAST and not interval and sa is None and sb is None:
        return None
    o = K.GemmOptions()
    o.b_dtype = bt if bt != ab else 0
    o.fp8_accumulation, o.fp8_promotion_interval = accumulation, interval
    o.scale_a, o.scale_b = sa, sb
    return ctypes.byref(o)


def _name_of(code):
    for n, c in _AB_TYPES.items():
        if c == code:
            return n
    return str(code)


def _scale(op, name, x, dev, stream):
    """The device address of a per-tensor scale: one float32 on d's device."""
    if x is None:
        return None
    s = read(x, op, name, stream)
    if s.dtype != "float32" or s.size != 1:
        raise DTypeError(op, "%s must hold one float32 (a per-tensor scale), not %s of shape %s"
                         % (name, s.dtype, s.shape))
    if dev >= 0 and s.device >= 0 and s.device != dev:
        raise GpuError(op, "%s is on device %d, the operands on device %d" % (name, s.device, dev), "device")
    return s


def _accumulation(op, accumulation, interval):
    if not isinstance(accumulation, str) or accumulation not in _ACCUM:
        raise GpuError(op, "accumulation must be \"fast\" or \"promoted\", not %r" % (accumulation,))
    if type(interval) is not int or interval < 0:
        raise GpuError(op, "promotion_interval must be an int >= 0 (k-tiles of 128 per promotion, 0: 1), not %r"
                       % (interval,))
    return _ACCUM[accumulation]


def _overlap_refusal(op, name):
    if name == "c":
        return StrideError(op, "c overlaps d without being d")
    return StrideError(op, "d overlaps %s (the kernels read %s while writing d)" % (name, name))


def gemm(d, a, b, alpha: float = 1.0, beta: float = 0.0, c=None, stream=None, scale_a=None, scale_b=None,
         accumulation: str = "fast", promotion_interval: int = 0):
    """d = alpha * a @ b + beta * c (c defaults to d), on cutego_gemm; returns d.

    As torch.matmul: a is (..., M, K), b (..., K, N), d and c (..., M, N); the batch
    dimensions of a, b and c broadcast to d's. a and b are bfloat16 or float16 (the same), or
    FP8: float8_e4m3fn or float8_e5m2 (any pair); c and d bfloat16, float16 or float32 (the
    same); accumulation is float32.

    FP8 only: scale_a and scale_b, per-tensor scales (one float32 each, on the device, read
    when the kernel runs, as torch._scaled_mm's): d = alpha * scale_a * scale_b * a @ b + beta
    * c; accumulation "fast" (the tensor cores' own) or "promoted" (partial sums added into
    float32 registers every promotion_interval k-tiles of 128; 0: 1). Hopper's FP8 MMA reads a
    and b K-major: an a that is not row-major (a b that is not column-major, b.t() of a
    row-major (N, K)) is transposed into a workspace first (last_plan() says so)."""
    if stream is None and _cgemm[0] is not None:
        torch = sys.modules.get("torch")
        if torch is not None:
            if torch is not _cgemm[2]:
                _cgemm_setup(torch)
            r = _cgemm[1](d, a, b, c, alpha, beta, scale_a, scale_b, accumulation, promotion_interval)
            if r is None:
                return d
            if r is not NotImplemented:
                K.raise_status("gemm", r)
    alpha, beta = float(alpha), float(beta)
    if beta == 0.0:
        c = None  # not read
    elif c is None:
        c = d
    T = _torch_type()
    key = None
    if T is not None and stream is None and type(d) is T and type(a) is T and type(b) is T and \
            (c is None or type(c) is T) and (scale_a is None or type(scale_a) is T) and \
            (scale_b is None or type(scale_b) is T) and type(accumulation) is str and type(promotion_interval) is int:
        # torch.Tensors on their current stream: a geometry seen before skips the reading
        key = (_tkey(d), _tkey(a), _tkey(b), None if c is None else _tkey(c),
               None if scale_a is None else _tkey(scale_a), None if scale_b is None else _tkey(scale_b),
               accumulation, promotion_interval)
        e = _fast.get(key)
        if e is not None:
            return _gemm_fast(e, d, a, b, c, scale_a, scale_b, alpha, beta)
    return _gemm(d, a, b, alpha, beta, c, stream, scale_a, scale_b, accumulation, promotion_interval, key)


def _gemm_fast(e, d, a, b, c, scale_a, scale_b, alpha, beta):
    """gemm on a checked geometry (_GemmCall): only the addresses are new."""
    op = "gemm"
    dp, ap, bp = d.data_ptr(), a.data_ptr(), b.data_ptr()
    sp = e.spans
    if _spans_meet(ap, sp[1], dp, sp[0]):
        raise _overlap_refusal(op, "a")
    if _spans_meet(bp, sp[2], dp, sp[0]):
        raise _overlap_refusal(op, "b")
    cp = None
    if c is not None:
        cp = c.data_ptr()
        if _spans_meet(cp, sp[3], dp, sp[0]) and not (cp == dp and e.c_is_d):
            raise _overlap_refusal(op, "c")
    opt = None
    if e.ab in _FP8_CODES:
        opt = _fp8_options(op, e.ab, e.b_dtype, e.accumulation, e.interval,
                           (None if scale_a is None else scale_a.data_ptr(),
                            None if scale_b is None else scale_b.data_ptr()))
    stream = _current_stream(e.dev)
    plan = K.GemmPlan()
    with K.on_device(op, e.dev):
        st = e.kl.cutego_gemm(dp, e.ld, ap, e.la, bp, e.lb, cp, e.lc, e.ab, e.cd, alpha, beta, stream, opt,
                              ctypes.byref(plan))
    if st != K.OK:
        K.raise_status(op, st)
    _last.plan = (op, plan, "", {})
    return d


def _gemm(d, a, b, alpha, beta, c, stream, scale_a, scale_b, accumulation, promotion_interval, key):
    op = "gemm"
    acc = _accumulation(op, accumulation, promotion_interval)
    stream, dev, arrs = _read_all(op, stream, ("d", d), [("a", a), ("b", b), ("c", c if beta != 0.0 else None)])
    D, dl = arrs["d"]
    A, al = arrs["a"]
    B, bl = arrs["b"]
    C, cl = arrs.get("c", (None, None))
    for name, x in (("a", A), ("b", B)):
        if x.dtype not in _AB_TYPES:
            raise DTypeError(op, "%s is %s: a and b must be bfloat16 or float16 (the same), or FP8 "
                             "(float8_e4m3fn, float8_e5m2)" % (name, x.dtype))
    ab, bt = _AB_TYPES[A.dtype], _AB_TYPES[B.dtype]
    if (ab in _FP8_CODES) != (bt in _FP8_CODES) or (ab not in _FP8_CODES and ab != bt):
        raise DTypeError(op, "a and b must both be bfloat16 or both float16, or both FP8, not %s and %s"
                         % (A.dtype, B.dtype))
    if D.dtype not in _CD_TYPES or (C is not None and C.dtype != D.dtype):
        raise DTypeError(op, "c and d must be one type of bfloat16, float16, float32, not %s"
                         % (D.dtype if C is None else "%s and %s" % (C.dtype, D.dtype)))
    SA, SB = _scale(op, "scale_a", scale_a, dev, stream), _scale(op, "scale_b", scale_b, dev, stream)
    opt = _fp8_options(op, ab, bt, acc, promotion_interval,
                       (None if SA is None else SA.ptr, None if SB is None else SB.ptr))
    for name, x in (("a", A), ("b", B)):
        if _overlap(x, D):
            raise _overlap_refusal(op, name)
    given = [x for x in (al, bl, dl, cl) if x is not None]
    if given:
        if al is None or bl is None or dl is None or (C is not None and cl is None):
            raise GpuError(op, "give every operand as (array, layout), or none")
        lays = {name: _given(op, name, x, lay) for name, x, lay in
                (("a", A, al), ("b", B, bl), ("c", C, cl), ("d", D, dl)) if x is not None}
        key = None
    else:
        gkey = (op, D.shape, D.strides, A.shape, A.strides, B.shape, B.strides,
                None if C is None else (C.shape, C.strides))
        lays = _cached(gkey, lambda: _gemm_layouts(op, A, B, C, D))
        if lays is None:
            _record(op, None, "empty output")
            return d
    c_is_d = C is not None and bytes(lays["c"]) == bytes(lays["d"])
    if C is not None and _overlap(C, D) and not (C.ptr == D.ptr and c_is_d):
        raise _overlap_refusal(op, "c")
    kl = K.kernels(op)
    if key is not None and all(x.protocol == "torch" for x, _ in arrs.values()):
        if len(_fast) >= _CACHE_MAX:
            _fast.clear()
        spans = (_byte_span(D), _byte_span(A), _byte_span(B), None if C is None else _byte_span(C))
        addr = [ctypes.addressof(lays[n]) if n in lays else 0 for n in ("d", "a", "b", "c")]
        cargs = tuple(addr) + (ab, _CD_TYPES[D.dtype], dev) + spans[0] + spans[1] + spans[2] + \
            (spans[3] or (0, 0)) + (int(c_is_d), int(ab in _FP8_CODES), bt if bt != ab else 0, acc, promotion_interval)
        _fast[key] = _GemmCall(kl, dev, lays["d"], lays["a"], lays["b"], lays.get("c"), ab, _CD_TYPES[D.dtype], bt,
                               acc, promotion_interval, spans, c_is_d, cargs)
    plan = K.GemmPlan()
    with K.on_device(op, dev):
        _sync_inputs(op, stream, arrs)
        st = kl.cutego_gemm(D.ptr, lays["d"], A.ptr, lays["a"], B.ptr, lays["b"],
                            C.ptr if C is not None else None, lays.get("c"),
                            ab, _CD_TYPES[D.dtype], alpha, beta, stream, opt, ctypes.byref(plan))
    if st != K.OK:
        K.raise_status(op, st)
    _record(op, plan)
    return d


def gemm_blockscaled(d, a, b, scale_a, scale_b, alpha: float = 1.0, beta: float = 0.0, c=None, stream=None):
    """d = alpha * a @ b + beta * c with DeepSeek-V3's block scaling, on cutego_gemm_blockscaled;
    returns d.

    a (..., M, K) and b (..., K, N) are FP8 (float8_e4m3fn or float8_e5m2, any pair), c and d
    bfloat16, float16 or float32, as gemm's. scale_a (..., M, ceil(K/128)) holds one float32
    per row of a and 128 of K; scale_b (..., ceil(K/128), ceil(N/128)), in b's orientation, one
    per 128x128 block of b; any strides (a transposed view: DeepGEMM's MN-major scales; the
    stride along K times ceil(K/128) within 2**31 - 1 elements), batch dimensions broadcast to d's:
        d[m, n] = alpha * sum_kb scale_a[m, kb] * scale_b[kb, n // 128] * sum_{k in kb} a[m, k] * b[k, n]
                  + beta * c[m, n]
    The tensor cores accumulate each block of 128 of K; the scaled partial sums add in float32.
    Scales of the wrong shape are refused naming scale_a or scale_b."""
    op = "gemm_blockscaled"
    alpha, beta = float(alpha), float(beta)
    if c is None and beta != 0.0:
        c = d
    stream, dev, arrs = _read_all(op, stream, ("d", d), [("a", a), ("b", b), ("c", c if beta != 0.0 else None),
                                                         ("scale_a", scale_a), ("scale_b", scale_b)])
    D, dl = arrs["d"]
    A, al = arrs["a"]
    B, bl = arrs["b"]
    C, cl = arrs.get("c", (None, None))
    SA, sal = arrs["scale_a"]
    SB, sbl = arrs["scale_b"]
    for name, x in (("a", A), ("b", B)):
        if x.dtype not in _FP8:
            raise DTypeError(op, "%s is %s: a and b must be FP8 (float8_e4m3fn, float8_e5m2)" % (name, x.dtype))
    for name, x in (("scale_a", SA), ("scale_b", SB)):
        if x.dtype != "float32":
            raise DTypeError(op, "%s is %s: the block scales are float32" % (name, x.dtype))
    if D.dtype not in _CD_TYPES or (C is not None and C.dtype != D.dtype):
        raise DTypeError(op, "c and d must be one type of bfloat16, float16, float32, not %s"
                         % (D.dtype if C is None else "%s and %s" % (C.dtype, D.dtype)))
    for name, x in (("a", A), ("b", B), ("scale_a", SA), ("scale_b", SB)):
        if _overlap(x, D):
            raise _overlap_refusal(op, name)
    given = [x for x in (al, bl, dl, cl, sal, sbl) if x is not None]
    if given:
        if None in (al, bl, dl, sal, sbl) or (C is not None and cl is None):
            raise GpuError(op, "give every operand as (array, layout), or none")
        lays = {name: _given(op, name, x, lay) for name, x, lay in
                (("a", A, al), ("b", B, bl), ("c", C, cl), ("d", D, dl), ("scale_a", SA, sal), ("scale_b", SB, sbl))
                if x is not None}
    else:
        key = (op, D.shape, D.strides, A.shape, A.strides, B.shape, B.strides,
               None if C is None else (C.shape, C.strides), SA.shape, SA.strides, SB.shape, SB.strides)
        lays = _cached(key, lambda: _gemm_layouts(op, A, B, C, D, (SA, SB)))
        if lays is None:
            _record(op, None, "empty output")
            return d
    if C is not None and _overlap(C, D) and not (C.ptr == D.ptr and bytes(lays["c"]) == bytes(lays["d"])):
        raise _overlap_refusal(op, "c")
    kl = K.kernels(op)
    f = getattr(kl, "cutego_gemm_blockscaled", None)
    if f is None or getattr(f, "argtypes", None) is None:
        raise GpuError(op, "this libcutego_kernels (%s) has no cutego_gemm_blockscaled" % K._lib.path, "unsupported")
    ab, bt = _FP8[A.dtype], _FP8[B.dtype]
    opt = None
    if bt != ab:
        o = K.GemmOptions()
        o.b_dtype = bt
        opt = ctypes.byref(o)
    plan = K.GemmPlan()
    with K.on_device(op, dev):
        _sync_inputs(op, stream, arrs)
        st = f(D.ptr, lays["d"], A.ptr, lays["a"], B.ptr, lays["b"], C.ptr if C is not None else None, lays.get("c"),
               ab, _CD_TYPES[D.dtype], SA.ptr, lays["scale_a"], SB.ptr, lays["scale_b"], alpha, beta, stream, opt,
               ctypes.byref(plan))
    if st != K.OK:
        K.raise_status(op, st)
    _record(op, plan)
    return d


# ---- copy --------------------------------------------------------------------------------

def _copy_layouts(op, D, S):
    """The layouts of dst and of src broadcast to dst's shape, over the same coordinates: one
    mode per dimension of extent > 1, the last dimension first (CuTe's colexicographic order
    then walks a row-major array as it is stored)."""
    sst = _broadcast(op, "src", S.shape, S.strides, D.shape)
    dims = [i for i in reversed(range(len(D.shape))) if D.shape[i] != 1]
    if len(dims) > MAX_LEAVES:
        raise StrideError(op, "%d dimensions of extent > 1, over libcutego's %d" % (len(dims), MAX_LEAVES))
    if not dims:
        return _encode(op, "dst", [(1, 0)]), _encode(op, "src", [(1, 0)])
    return (_encode(op, "dst", [(D.shape[i], D.strides[i]) for i in dims]),
            _encode(op, "src", [(D.shape[i], sst[i]) for i in dims]))

def copy(dst, src, stream=None):
    """dst[...] = src[...] on cutego_copy (TMA copy, TMA permute, or the generic kernel);
    returns dst. The same dtype; src broadcasts to dst's shape (numpy's rules). With
    (array, layout) operands: dst[dst_layout(i)] = src[src_layout(i)] for i < size."""
    op = "copy"
    stream, dev, arrs = _read_all(op, stream, ("dst", dst), [("src", src)])
    D, dl = arrs["dst"]
    S, sl = arrs["src"]
    if D.dtype != S.dtype:
        raise DTypeError(op, "dst is %s, src %s: copy does not convert" % (D.dtype, S.dtype))
    if D.itemsize not in (1, 2, 4, 8, 16):
        raise DTypeError(op, "elements of %d bytes (%s)" % (D.itemsize, D.dtype))
    if _overlap(D, S):
        raise StrideError(op, "dst and src overlap")
    if (dl is None) != (sl is None):
        raise GpuError(op, "give both dst and src as (array, layout), or neither")
    if dl is not None:
        ld, ls = _given(op, "dst", D, dl), _given(op, "src", S, sl)
    else:
        if D.size == 0:
            _record(op, "none", "empty")
            return dst
        ld, ls = _cached((op, D.shape, D.strides, S.shape, S.strides), lambda: _copy_layouts(op, D, S))
    kl = K.kernels(op)
    path = ctypes.c_int(0)
    with K.on_device(op, dev):
        _sync_inputs(op, stream, arrs)
        st = kl.cutego_copy(D.ptr, ld, S.ptr, ls, D.itemsize, stream, ctypes.byref(path))
    if st != K.OK:
        K.raise_status(op, st)
    _record(op, K.COPY_PATHS.get(path.value, str(path.value)))
    return dst


# ---- einsum ------------------------------------------------------------------------------

@functools.lru_cache(maxsize=256)
def _parse_spec(spec):
    """(ia, ib, ic) index strings of a two-operand spec (the implicit output: the indices
    that appear once, in ASCII order), or None where the fold must word the refusal."""
    s = spec.replace(" ", "")
    lhs, arrow, out = s.partition("->")
    parts = lhs.split(",")
    if len(parts) != 2 or not all(ch.isascii() and ch.isalpha() for ch in "".join(parts) + out):
        return None
    ia, ib = parts
    if not arrow:
        both = ia + ib
        out = "".join(sorted(ch for ch in set(both) if both.count(ch) == 1))
    return ia, ib, out


class _Fold(ctypes.Structure):
    """cutego_einsum_plan_t (cutego_einsum.h)"""
    _fields_ = [("a", LayoutT), ("b", LayoutT), ("c", LayoutT),
                ("m", ctypes.c_int64), ("n", ctypes.c_int64), ("k", ctypes.c_int64), ("l", ctypes.c_int64),
                ("m_indices", ctypes.c_char * 53), ("n_indices", ctypes.c_char * 53),
                ("k_indices", ctypes.c_char * 53), ("l_indices", ctypes.c_char * 53)]


def _fold(op, spec, la, lb, lc):
    from . import _ffi
    f = getattr(_ffi.lib, "cutego_einsum_fold", None)
    if f is None:
        raise Error(op, "this libcutego (%s) has no cutego_einsum_fold" % _ffi.LIBRARY_PATH, "unsupported")
    f.argtypes = [ctypes.c_char_p, ctypes.POINTER(LayoutT), ctypes.POINTER(LayoutT), ctypes.POINTER(LayoutT),
                  ctypes.POINTER(_Fold)]
    f.restype = ctypes.c_int
    p = _Fold()
    st = f(spec.encode("ascii", "replace"), la, lb, lc, ctypes.byref(p))
    if st != 0:
        _ffi.raise_status(op, st)
    return p


def _array_layout(op, what, x: CudaArray, reverse: bool):
    """The layout of an array with one mode per dimension (reversed: last dimension first)."""
    dims = list(range(len(x.shape)))
    if reverse:
        dims.reverse()
    if not dims:
        return encode_layout((), (), op)
    return _encode(op, what, [(x.shape[i], x.strides[i]) for i in dims])


def _alloc_like(op, proto, shape, dtype_of):
    """A new array of the framework of proto (PyTorch, CuPy) with proto's dtype and device,
    row-major."""
    mod = type(proto).__module__.split(".")[0]
    if mod == "torch" and "torch" in sys.modules:
        return sys.modules["torch"].empty(shape, dtype=dtype_of.dtype, device=proto.device)
    if mod == "cupy" and "cupy" in sys.modules:
        cupy = sys.modules["cupy"]
        with proto.device:
            return cupy.empty(shape, dtype=dtype_of.dtype)
    raise NotCudaArrayError(op, "cannot allocate the output for %s.%s arrays: pass out="
                            % (type(proto).__module__, type(proto).__qualname__))


def _einsum_fold(op, kl, spec, idx, A, B, D):
    """The folding to run (cutego_einsum_plan_t) and its name: of the index strings as written
    and reversed (the same arrays in CuTe's colexicographic order), the first whose GEMM reads
    A and B in place on the wgmma path, else the first on the wgmma path through packed
    copies, else the first that plans (bench/goeinsum chooses the same way)."""
    best, first_err = None, None
    for rev in (False, True):
        sp = spec
        if rev:
            if idx is None:
                break
            sp = "%s,%s->%s" % (idx[0][::-1], idx[1][::-1], idx[2][::-1])
        try:
            f = _fold(op, sp, _array_layout(op, "a", A, rev), _array_layout(op, "b", B, rev),
                      _array_layout(op, "out", D, rev))
        except Error as e:
            first_err = first_err or e
            continue
        plan = K.GemmPlan()
        if kl.cutego_gemm_plan(ctypes.byref(f.c), ctypes.byref(f.a), ctypes.byref(f.b), None,
                               _AB16[A.dtype], _CD_TYPES[D.dtype], 0, D.ptr, A.ptr, B.ptr, 0,
                               None, ctypes.byref(plan)) != 0:
            first_err = first_err or GpuError(op, plan.reason.decode("utf-8", "replace"), "invalid argument")
            continue
        packed = plan.flags & (K.GEMM_F_PACK_A | K.GEMM_F_PACK_B | K.GEMM_F_PACK_D)
        cand = (f, "reversed (colex)" if rev else "as written", plan.path)
        if plan.path == K.GEMM_PATH_WGMMA and not packed:
            return cand[:2]
        if best is None or (best[2] != K.GEMM_PATH_WGMMA and plan.path == K.GEMM_PATH_WGMMA):
            best = cand
    if best is None:
        raise first_err
    return best[:2]


def einsum(spec: str, a, b, out=None, stream=None):
    """The contraction spec ("bhqd,bhkd->bhqk", numpy's notation, two operands) folded by
    layouts alone onto one batched GEMM (cutego_einsum_fold) and run on cutego_gemm; returns
    out (allocated by a's framework, PyTorch or CuPy, with a's dtype, when not given). a and b
    are bfloat16 or float16; out bfloat16, float16 or float32. Of the two foldings (the index
    strings as written, and reversed), the one whose GEMM reads the operands in place is run
    (else one that packs them, else the generic kernel), as bench/goeinsum does."""
    op = "einsum"
    fkey = None
    if stream is None and out is not None and type(spec) is str:
        T = _torch_type()
        if T is not None and type(out) is T and type(a) is T and type(b) is T:
            # torch.Tensors on their current stream: a geometry seen before (with the same
            # address alignments, which the folding's choice depends on) reads the addresses only
            dp, ap, bp = out.data_ptr(), a.data_ptr(), b.data_ptr()
            fkey = ("einsum", spec, _tkey(out), _tkey(a), _tkey(b), dp % 16, ap % 16, bp % 16)
            e = _fast.get(fkey)
            if e is not None:
                return _einsum_fast(e, out, dp, ap, bp)
    if not isinstance(spec, str):
        raise Error(op, "spec must be a str", "parse")
    idx = _parse_spec(spec)
    if out is None:
        s0 = _stream_value(op, stream) if stream is not None else _framework_stream(a)
        A0 = read(a, op, "a", s0 if s0 is not None else 0)
        B0 = read(b, op, "b", s0 if s0 is not None else 0)
        if idx is None:
            # let the fold word the refusal
            _fold(op, spec, _array_layout(op, "a", A0, False), _array_layout(op, "b", B0, False),
                  encode_layout((), (), op))
            raise Error(op, "spec %r is not two operands of ASCII letters" % spec, "parse")
        ext = {}
        for ix, x in ((idx[0], A0), (idx[1], B0)):
            if len(ix) != len(x.shape):
                raise StrideError(op, "%r has %d indices, its operand %d dimensions" % (ix, len(ix), len(x.shape)))
            for ch, n in zip(ix, x.shape):
                if ext.setdefault(ch, n) != n:
                    raise StrideError(op, "index %r is %d in one place and %d in another" % (ch, ext[ch], n))
        missing = [ch for ch in idx[2] if ch not in ext]
        if missing:
            raise StrideError(op, "output index %r is in neither operand" % missing[0])
        out = _alloc_like(op, a, tuple(ext[ch] for ch in idx[2]), a)
        del A0, B0
    stream, dev, arrs = _read_all(op, stream, ("out", out), [("a", a), ("b", b)])
    D, _ = arrs["out"]
    A, _ = arrs["a"]
    B, _ = arrs["b"]
    if A.dtype not in _AB16 or A.dtype != B.dtype:
        raise DTypeError(op, "a and b must both be bfloat16 or both float16, not %s and %s" % (A.dtype, B.dtype))
    if D.dtype not in _CD_TYPES:
        raise DTypeError(op, "out must be bfloat16, float16 or float32, not %s" % D.dtype)
    for name, x in (("a", A), ("b", B)):
        if _overlap(x, D):
            raise StrideError(op, "out overlaps %s" % name)
    if D.size == 0:
        _record(op, "none", "empty output")
        return out
    if A.size == 0 or B.size == 0:
        raise StrideError(op, "an empty operand with a non-empty output: an empty sum")
    kl = K.kernels(op)
    key = (op, spec, A.shape, A.strides, B.shape, B.strides, D.shape, D.strides, A.dtype, D.dtype,
           A.ptr % 16, B.ptr % 16, D.ptr % 16)
    f, orient = _cached(key, lambda: _einsum_fold(op, kl, spec, idx, A, B, D))
    plan = K.GemmPlan()
    with K.on_device(op, dev):
        _sync_inputs(op, stream, arrs)
        st = kl.cutego_gemm(D.ptr, ctypes.byref(f.c), A.ptr, ctypes.byref(f.a), B.ptr, ctypes.byref(f.b),
                            None, None, _AB16[A.dtype], _CD_TYPES[D.dtype], 1.0, 0.0, stream, None,
                            ctypes.byref(plan))
    if st != K.OK:
        K.raise_status(op, st)
    extra = dict(orientation=orient, m=f.m, n=f.n, k=f.k, l=f.l)
    if fkey is not None and (D.ptr % 16, A.ptr % 16, B.ptr % 16) == fkey[5:]:
        if len(_fast) >= _CACHE_MAX:
            _fast.clear()
        _fast[fkey] = _EinsumCall(dev, ctypes.byref(f.c), ctypes.byref(f.a), ctypes.byref(f.b), _AB16[A.dtype],
                                  _CD_TYPES[D.dtype], (_byte_span(D), _byte_span(A), _byte_span(B)), extra)
    _record(op, plan, **extra)
    return out


def _einsum_fast(e, out, dp, ap, bp):
    """einsum on a checked geometry (_EinsumCall): only the addresses are new."""
    op = "einsum"
    sp = e.spans
    if _spans_meet(ap, sp[1], dp, sp[0]):
        raise StrideError(op, "out overlaps a")
    if _spans_meet(bp, sp[2], dp, sp[0]):
        raise StrideError(op, "out overlaps b")
    kl = K.kernels(op)
    stream = _current_stream(e.dev)
    plan = K.GemmPlan()
    with K.on_device(op, e.dev):
        st = kl.cutego_gemm(dp, e.lc, ap, e.la, bp, e.lb, None, None, e.ab, e.cd, 1.0, 0.0, stream, None,
                            ctypes.byref(plan))
    if st != K.OK:
        K.raise_status(op, st)
    _last.plan = (op, plan, "", e.extra)
    return out

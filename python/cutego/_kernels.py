"""The ctypes view of libcutego_kernels (include/cutego_kernels.h, include/cutego_tma.h): the
sm_90a GEMM and copy launchers, loaded on first use, never at import.

The library (``make kernels-so``: build/kernels/libcutego_kernels.so) needs the CUDA 13
runtime, libcudart.so.13. It is loaded first, with RTLD_GLOBAL, from the first of: the
``nvidia`` Python packages (PyTorch's own ``nvidia/cu13/lib``, or ``nvidia-cuda-runtime``),
then the system loader's search path; so PyTorch and cutego share one runtime (one current
device, the same streams). The kernels library comes from $CUTEGO_KERNELS_LIBRARY, else the
copy beside this file, else a source checkout's build/kernels/.
"""

from __future__ import annotations

import ctypes
import glob
import importlib.util
import os
import threading

from ._ffi import LayoutT
from .cuda_array import GpuError

# status codes (cutego_kernels.h)
OK, EINVAL, ECUDA, ENODEV = 0, 1, 9, 10
DTYPE_F16, DTYPE_BF16, DTYPE_F32, DTYPE_E4M3, DTYPE_E5M2 = 1, 2, 3, 4, 5
GEMM_FP8_ACCUM_FAST, GEMM_FP8_ACCUM_PROMOTED, GEMM_FP8_ACCUM_BLOCK_SCALED = 0, 1, 2
GEMM_PATH_NONE, GEMM_PATH_WGMMA, GEMM_PATH_GENERIC = 0, 1, 2
GEMM_F_PACK_A, GEMM_F_PACK_B, GEMM_F_PACK_D = 8, 16, 32
# cutego_gemm computed D^T = B A^T (a column-major D; cutego_gemm_swap_ab): the plan is the swapped GEMM's
GEMM_F_SWAP_AB = 1 << 20
COPY_PATHS = {0: "none", 1: "tma-copy", 2: "tma-permute", 3: "generic"}
GEMM_PATHS = {0: "none", 1: "wgmma", 2: "generic"}
# cutego_gemm_plan_t.decomposition (0: nothing launched, or a plan not run)
GEMM_DECOMPOSITIONS = {0: "none", 1: "data-parallel", 2: "split-k", 3: "stream-k"}
# cutego_gemm_options_t.pitch_pack
GEMM_PITCH_PACK_AUTO, GEMM_PITCH_PACK_ON, GEMM_PITCH_PACK_OFF = 0, 1, 2


class NoDeviceError(GpuError):
    """No CUDA device of compute capability 9.0 can run the kernels here (no GPU, no CUDA
    runtime, or the kernels library is absent)."""

    def __init__(self, op, reason):
        super().__init__(op, reason, "no device")


class CudaError(GpuError):
    """A CUDA runtime or driver call failed."""

    def __init__(self, op, reason):
        super().__init__(op, reason, "cuda")


class TmaDesc(ctypes.Structure):
    """cutego_tma_desc_t"""
    _fields_ = [("rank", ctypes.c_int32), ("elem_bytes", ctypes.c_int32),
                ("dims", ctypes.c_int64 * 5), ("strides", ctypes.c_int64 * 5),
                ("box", ctypes.c_int32 * 5), ("elem_strides", ctypes.c_int32 * 5),
                ("swizzle_bytes", ctypes.c_int32), ("l2_promotion", ctypes.c_int32)]


class GemmOperand(ctypes.Structure):
    """cutego_gemm_operand_t"""
    _fields_ = [("extent", ctypes.c_int64 * 3), ("stride", ctypes.c_int64 * 3),
                ("major", ctypes.c_int32), ("bcast_l", ctypes.c_int32)]


class GemmPlan(ctypes.Structure):
    """cutego_gemm_plan_t"""
    _fields_ = [("path", ctypes.c_int32), ("config", ctypes.c_int32),
                ("m", ctypes.c_int64), ("n", ctypes.c_int64), ("k", ctypes.c_int64), ("l", ctypes.c_int64),
                ("ab_dtype", ctypes.c_int32), ("cd_dtype", ctypes.c_int32),
                ("a", GemmOperand), ("b", GemmOperand), ("c", GemmOperand), ("d", GemmOperand),
                ("a_map", TmaDesc), ("b_map", TmaDesc), ("d_map", TmaDesc),
                ("tiles_m", ctypes.c_int64), ("tiles_n", ctypes.c_int64), ("tiles", ctypes.c_int64),
                ("read_c", ctypes.c_int32), ("flags", ctypes.c_int32), ("smem_bytes", ctypes.c_int32),
                ("cluster_m", ctypes.c_int32),
                ("workspace_bytes", ctypes.c_int64), ("a_workspace_offset", ctypes.c_int64),
                ("b_workspace_offset", ctypes.c_int64), ("d_workspace_offset", ctypes.c_int64),
                ("a_packed", LayoutT), ("b_packed", LayoutT), ("d_packed", LayoutT),
                ("packed_why", ctypes.c_char * 120), ("kernel", ctypes.c_char * 64),
                ("reason", ctypes.c_char * 160), ("split_k", ctypes.c_int32),
                ("decomposition", ctypes.c_int32), ("split_workspace_bytes", ctypes.c_int64), ("b_dtype", ctypes.c_int32),
                ("promoted", ctypes.c_int32), ("cluster_n", ctypes.c_int32)]


class GemmOptions(ctypes.Structure):
    """cutego_gemm_options_t"""
    _fields_ = [("force_path", ctypes.c_int32), ("config", ctypes.c_int32), ("max_ctas", ctypes.c_int32),
                ("group_m", ctypes.c_int32), ("direct_epilogue", ctypes.c_int32), ("no_pack", ctypes.c_int32),
                ("cluster_m", ctypes.c_int32), ("split_k", ctypes.c_int32),
                ("workspace", ctypes.c_void_p), ("workspace_bytes", ctypes.c_int64), ("sms", ctypes.c_int32),
                ("pitch_pack", ctypes.c_int32), ("scale_a", ctypes.c_void_p), ("scale_b", ctypes.c_void_p), ("b_dtype", ctypes.c_int32),
                ("fp8_accumulation", ctypes.c_int32), ("fp8_promotion_interval", ctypes.c_int32),
                ("decomposition", ctypes.c_int32), ("cluster_n", ctypes.c_int32), ("d_store", ctypes.c_int32)]


_L = ctypes.POINTER(LayoutT)
_vp = ctypes.c_void_p
_SIGS = {
    "cutego_gemm": ([_vp, _L, _vp, _L, _vp, _L, _vp, _L, ctypes.c_int, ctypes.c_int, ctypes.c_float,
                     ctypes.c_float, _vp, ctypes.POINTER(GemmOptions), ctypes.POINTER(GemmPlan)], ctypes.c_int),
    "cutego_gemm_plan": ([_L, _L, _L, _L, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_size_t,
                          ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t, ctypes.POINTER(GemmOptions),
                          ctypes.POINTER(GemmPlan)], ctypes.c_int),
    "cutego_copy": ([_vp, LayoutT, _vp, LayoutT, ctypes.c_size_t, _vp, ctypes.POINTER(ctypes.c_int)],
                    ctypes.c_int),
    "cutego_kernels_last_error": ([ctypes.c_char_p, ctypes.c_size_t], ctypes.c_size_t),
}
# entry points of newer libraries: set where the loaded library has them
_OPTIONAL_SIGS = {
    "cutego_gemm_blockscaled": ([_vp, _L, _vp, _L, _vp, _L, _vp, _L, ctypes.c_int, ctypes.c_int, _vp, _L, _vp, _L,
                                 ctypes.c_float, ctypes.c_float, _vp, ctypes.POINTER(GemmOptions),
                                 ctypes.POINTER(GemmPlan)], ctypes.c_int),
}
_CUDART_SIGS = {
    "cudaGetDeviceCount": [ctypes.POINTER(ctypes.c_int)],
    "cudaGetDevice": [ctypes.POINTER(ctypes.c_int)],
    "cudaSetDevice": [ctypes.c_int],
    "cudaEventCreateWithFlags": [ctypes.POINTER(_vp), ctypes.c_uint],
    "cudaEventRecord": [_vp, _vp],
    "cudaStreamWaitEvent": [_vp, _vp, ctypes.c_uint],
    "cudaEventDestroy": [_vp],
}


class _Lib:
    kernels = None   # the CDLL of libcutego_kernels, once loaded
    cudart = None    # the CDLL of libcudart.so.13
    error = None     # why loading failed (then every call raises NoDeviceError with it)
    path = None
    cudart_path = None


_lib = _Lib()
_lock = threading.Lock()


def cudart_candidates():
    """Where libcudart.so.13 may be: the nvidia packages' lib folders (PyTorch's dependency
    nvidia-cuda-runtime: nvidia/cu13/lib or nvidia/cuda_runtime/lib), then the loader's
    search path (the name alone)."""
    env = os.environ.get("CUTEGO_CUDART")
    if env:
        yield env
    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        spec = None
    for root in (spec.submodule_search_locations or []) if spec else []:
        for sub in ("cu13/lib", "cuda_runtime/lib"):
            for p in sorted(glob.glob(os.path.join(root, sub, "libcudart.so.13*"))):
                yield p
    yield "libcudart.so.13"


def kernels_candidates():
    env = os.environ.get("CUTEGO_KERNELS_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, "libcutego_kernels.so")
    yield os.path.join(here, "..", "..", "build", "kernels", "libcutego_kernels.so")


def load():
    """Loads the CUDA runtime and the kernels library once; returns _lib (check .error)."""
    if _lib.kernels is not None or _lib.error is not None:
        return _lib
    with _lock:
        if _lib.kernels is not None or _lib.error is not None:
            return _lib
        tried = []
        for p in cudart_candidates():
            if os.sep in p and not os.path.exists(p):
                continue
            try:
                _lib.cudart = ctypes.CDLL(p, mode=ctypes.RTLD_GLOBAL)
                _lib.cudart_path = p
                break
            except OSError as e:
                tried.append("%s (%s)" % (p, e))
        if _lib.cudart is None:
            _lib.error = "the CUDA 13 runtime (libcudart.so.13) was not found; tried: " + "; ".join(tried) + \
                " (install PyTorch for CUDA 13 or nvidia-cuda-runtime, or set CUTEGO_CUDART)"
            return _lib
        for name, args in _CUDART_SIGS.items():
            f = getattr(_lib.cudart, name)
            f.argtypes = args
            f.restype = ctypes.c_int
        tried = []
        for p in kernels_candidates():
            if not os.path.exists(p):
                tried.append(p + " (absent)")
                continue
            try:
                k = ctypes.CDLL(os.path.abspath(p))
            except OSError as e:
                tried.append("%s (%s)" % (p, e))
                continue
            for name, (args, res) in _SIGS.items():
                f = getattr(k, name)
                f.argtypes = args
                f.restype = res
            for name, (args, res) in _OPTIONAL_SIGS.items():
                f = getattr(k, name, None)
                if f is not None:
                    f.argtypes = args
                    f.restype = res
            _lib.path = p
            _lib.kernels = k
            return _lib
        _lib.error = "libcutego_kernels.so was not found (make kernels-so, or set CUTEGO_KERNELS_LIBRARY); tried: " + \
            "; ".join(tried)
        return _lib


def kernels(op: str):
    """The loaded kernels library, or NoDeviceError saying why there is none."""
    lib = load()
    if lib.error is not None:
        raise NoDeviceError(op, lib.error)
    return lib.kernels


def last_error() -> str:
    k = _lib.kernels
    b = ctypes.create_string_buffer(512)
    n = k.cutego_kernels_last_error(b, len(b))
    if n >= len(b):
        b = ctypes.create_string_buffer(n + 1)
        k.cutego_kernels_last_error(b, len(b))
    return b.value.decode("utf-8", "replace")


def raise_status(op: str, status: int):
    """Raises the error of a launcher's status code with the library's message."""
    msg = last_error()
    for p in ("cutego_gemm_blockscaled: ", "cutego_gemm: ", "cutego_copy: "):
        if msg.startswith(p):
            msg = msg[len(p):]
    if status == ENODEV:
        raise NoDeviceError(op, msg or "no CUDA device of compute capability 9.0")
    if status == ECUDA:
        raise CudaError(op, msg or "a CUDA call failed")
    raise GpuError(op, msg or "invalid argument (status %d)" % status, "invalid argument")


def cuda_check(op: str, what: str, rc: int):
    if rc != 0:
        raise CudaError(op, "%s failed (cudaError %d)" % (what, rc))


def device_count() -> int:
    """The CUDA devices the runtime sees (0 where there is no runtime or no driver)."""
    lib = load()
    if lib.cudart is None:
        return 0
    n = ctypes.c_int(0)
    if lib.cudart.cudaGetDeviceCount(ctypes.byref(n)) != 0:
        return 0
    return n.value


class on_device:
    """Makes ordinal the runtime's current device for a block (restoring the previous one);
    ordinal -1 keeps the current device."""

    def __init__(self, op: str, ordinal: int):
        self.op, self.ordinal, self.prev = op, ordinal, None

    def __enter__(self):
        rt = _lib.cudart
        cur = ctypes.c_int(0)
        rc = rt.cudaGetDevice(ctypes.byref(cur))
        if rc != 0:
            raise NoDeviceError(self.op, "no CUDA device (cudaGetDevice: cudaError %d)" % rc)
        if self.ordinal >= 0 and self.ordinal != cur.value:
            cuda_check(self.op, "cudaSetDevice(%d)" % self.ordinal, rt.cudaSetDevice(self.ordinal))
            self.prev = cur.value
        return self

    def __exit__(self, *exc):
        if self.prev is not None:
            _lib.cudart.cudaSetDevice(self.prev)
        return False


def stream_wait(op: str, stream: int, producer: int):
    """Makes stream wait for the work queued so far on producer (an event between them)."""
    rt = _lib.cudart
    ev = _vp()
    cuda_check(op, "cudaEventCreateWithFlags", rt.cudaEventCreateWithFlags(ctypes.byref(ev), 2))  # DisableTiming
    try:
        cuda_check(op, "cudaEventRecord", rt.cudaEventRecord(ev, producer))
        cuda_check(op, "cudaStreamWaitEvent", rt.cudaStreamWaitEvent(stream, ev, 0))
    finally:
        rt.cudaEventDestroy(ev)

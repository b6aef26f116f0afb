"""cutego.gpu against the real libcutego_kernels.so on a machine without a GPU (`make
python-kernels-test`, in `make test`): the CUDA runtime and the library load, the planner
(cutego_gemm_plan, pure host code) answers through the ctypes mirrors, the einsum folding is
chosen by it, and every launch says NoDeviceError. Environment: CUTEGO_LIBRARY,
CUTEGO_KERNELS_LIBRARY, CUTEGO_CUDART (set by the make target); CUTEGO_EXPECT_KERNELS_IN, a
folder the kernels library must be loaded from (python-wheel-gpu-test: the wheel's own). Prints one line per check and
exits 1 on a failure."""

import ctypes
import os
import sys

import cutego
from cutego import gpu, _kernels as K

failures = []


def ok(name, cond, detail=""):
    print("kernels_check: %-60s %s %s" % (name, "ok" if cond else "FAILED", detail))
    if not cond:
        failures.append(name)


class Arr:
    def __init__(self, shape, strides=None, typestr="<f2", ptr=1 << 30):
        item = int(typestr[2:])
        self.__cuda_array_interface__ = dict(
            shape=tuple(shape), typestr=typestr, data=(ptr, False), version=2,
            strides=None if strides is None else tuple(s * item for s in strides))


def plan(spec, shapes, dtype="<f2"):
    """The folding einsum would run for row-major operands of these shapes."""
    a, b, d = (cutego.cuda_array.read(Arr(s, ptr=(1 << 30) * (i + 1), typestr=dtype), "einsum", "x")
               for i, s in enumerate(shapes))
    idx = gpu._parse_spec(spec)
    return gpu._einsum_fold("einsum", K.kernels("einsum"), spec, idx, a, b, d)


def main():
    lib = K.load()
    ok("the CUDA runtime and the kernels library load", lib.error is None, lib.error or lib.path)
    if lib.error:
        return 1
    want = os.environ.get("CUTEGO_EXPECT_KERNELS_IN")
    if want:  # a wheel's own copy, found beside the package
        ok("the kernels library is the one in " + want,
           os.path.dirname(os.path.realpath(lib.path)) == os.path.realpath(want), lib.path)
    ok("no device here: available() is False", not gpu.available())
    # the planner through the mirrors: a K-major bf16 GEMM takes the wgmma path
    p = K.GemmPlan()
    mk = cutego._codec.encode_layout((256, 128, 1), (128, 1, 0), "t")
    nk = cutego._codec.encode_layout((192, 128, 1), (128, 1, 0), "t")
    mn = cutego._codec.encode_layout((256, 192, 1), (192, 1, 0), "t")
    rc = lib.kernels.cutego_gemm_plan(mn, mk, nk, None, K.DTYPE_BF16, K.DTYPE_BF16, 0, 1 << 30, 1 << 31,
                                      1 << 32, 0, None, ctypes.byref(p))
    ok("cutego_gemm_plan of 256x192x128 K-major", rc == 0 and p.path == K.GEMM_PATH_WGMMA and
       (p.m, p.n, p.k, p.l) == (256, 192, 128, 1), p.reason.decode())
    # a D that writes an element twice is refused with the planner's reason
    dup = cutego._codec.encode_layout((256, 192, 1), (1, 0, 0), "t")
    rc = lib.kernels.cutego_gemm_plan(dup, mk, nk, None, K.DTYPE_BF16, K.DTYPE_BF16, 0, 1 << 30, 1 << 31,
                                      1 << 32, 0, None, ctypes.byref(p))
    ok("cutego_gemm_plan refuses a non-injective D", rc != 0 and "inject" in p.reason.decode(), p.reason.decode())
    # FP8 through the mirrors (cutego_gemm_options_t): e4m3 A, e5m2 B (options.b_dtype), promoted
    # accumulation every 2 k-tiles: the kernel the planner names for it (cutego_kernels.h)
    o = K.GemmOptions()
    o.b_dtype, o.fp8_accumulation, o.fp8_promotion_interval = K.DTYPE_E5M2, K.GEMM_FP8_ACCUM_PROMOTED, 2
    rc = lib.kernels.cutego_gemm_plan(mn, mk, nk, None, K.DTYPE_E4M3, K.DTYPE_BF16, 0, 1 << 30, 1 << 31,
                                      1 << 32, 0, ctypes.byref(o), ctypes.byref(p))
    ok("cutego_gemm_plan of e4m3 x e5m2, promoted", rc == 0 and p.kernel == b"cutego_gemm_128x128_kk_e4m3e5m2_bf16_promoted"
       and p.promoted == 2 and p.b_dtype == K.DTYPE_E5M2, p.kernel.decode() + ": " + p.reason.decode())
    o = K.GemmOptions()
    o.scale_a = 1 << 33
    rc = lib.kernels.cutego_gemm_plan(mn, mk, nk, None, K.DTYPE_BF16, K.DTYPE_BF16, 0, 1 << 30, 1 << 31,
                                      1 << 32, 0, ctypes.byref(o), ctypes.byref(p))
    ok("cutego_gemm_plan refuses scale_a with bf16 operands", rc != 0 and "scale_a" in p.reason.decode(), p.reason.decode())
    # block-scaled FP8 (where the library has it): scales of the right shapes plan and then find
    # no device; a scale_a of the wrong shape is refused naming it
    bs = getattr(lib.kernels, "cutego_gemm_blockscaled", None)
    if bs is None:
        print("kernels_check: (this library has no cutego_gemm_blockscaled: not checked)")
    else:
        enc = cutego._codec.encode_layout
        good_sa, bad_sa = enc((256, 1, 1), (1, 256, 0), "t"), enc((128, 1, 1), (1, 128, 0), "t")
        sb = enc((2, 1, 1), (1, 2, 0), "t")
        for name, sa, want in (("scales of the right shapes", good_sa, K.ENODEV), ("a scale_a of the wrong shape", bad_sa, K.EINVAL)):
            rc = bs(1 << 30, mn, 1 << 31, mk, 1 << 32, nk, None, None, K.DTYPE_E4M3, K.DTYPE_BF16, 1 << 33, sa, 1 << 34, sb,
                    1.0, 0.0, None, None, ctypes.byref(p))
            msg = K.last_error()
            ok("cutego_gemm_blockscaled, %s" % name, rc == want and (want != K.EINVAL or "scale_a" in msg), msg)
    # einsum's choice: the batch (b,h) of row-major operands coalesces only with the index
    # strings reversed (CuTe's colexicographic order: h before b); a single batch as written
    _, orient = plan("bhqd,bhkd->bhqk", [(2, 3, 64, 64), (2, 3, 128, 64), (2, 3, 64, 128)])
    ok("einsum bhqd,bhkd->bhqk folds reversed", orient == "reversed (colex)", orient)
    _, orient = plan("bmk,bnk->bmn", [(3, 64, 64), (3, 128, 64), (3, 64, 128)])
    ok("einsum bmk,bnk->bmn folds as written", orient == "as written", orient)
    # launches: NoDeviceError, nothing else
    for name, f in (("gemm", lambda: cutego.gemm(Arr((64, 32), ptr=1 << 32), Arr((64, 64)), Arr((64, 32), ptr=1 << 31))),
                    ("copy", lambda: cutego.copy(Arr((64, 32), ptr=1 << 32), Arr((64, 32), (1, 64)))),
                    ("einsum", lambda: cutego.einsum("ik,kj->ij", Arr((64, 64)), Arr((64, 32), ptr=1 << 31),
                                                     out=Arr((64, 32), ptr=1 << 32)))):
        try:
            f()
        except gpu.NoDeviceError as e:
            ok("%s without a device: NoDeviceError" % name, e.kind == "no device", e.reason)
        except Exception as e:  # noqa: BLE001
            ok("%s without a device: NoDeviceError" % name, False, "%s: %s" % (type(e).__name__, e))
        else:
            ok("%s without a device: NoDeviceError" % name, False, "no error")
    print("kernels_check: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    print("kernels_check: cutego %s, kernels %s, cudart %s" % (cutego.__version__, os.environ.get("CUTEGO_KERNELS_LIBRARY"),
                                                             os.environ.get("CUTEGO_CUDART")))
    sys.exit(main())

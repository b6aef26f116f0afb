"""cutego.gemm / copy / einsum without a GPU: how CUDA arrays are read (the CUDA array
interface, hand-made DLPack capsules), the layouts handed to the kernels (checked element by
element against the arrays' own indexing, by brute force), the refusals, the kernels library's
struct mirrors (against the C compiler's sizeof/offsetof), and the lazy, failing load where
there is no CUDA runtime or kernels library. The kernels library itself is replaced by a
recording stand-in; bench/torch_gpu.py runs the real one on the device."""

import ctypes
import itertools
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

from common import TOP

import cutego
from cutego import gpu, _kernels as K
from cutego import cuda_array as ca
from cutego._codec import decode_layout


class Arr:
    """A CUDA array seen through __cuda_array_interface__ only (version 3)."""

    def __init__(self, shape, strides=None, typestr="<f2", ptr=1 << 30, read_only=False, stream=None,
                 device=None):
        item = int(typestr[2:])
        self.__cuda_array_interface__ = dict(
            shape=tuple(shape), typestr=typestr, data=(ptr, read_only), version=3, stream=stream,
            strides=None if strides is None else tuple(s * item for s in strides))
        if device is not None:
            self.device = type("Dev", (), {"id": device})()


class FakeKernels:
    """Records the launcher calls; cutego_gemm_plan answers with `plans` in turn (path, flags)."""

    def __init__(self, plans=None):
        self.calls = []
        self.plans = list(plans or [])

    decomposition = 0  # what cutego_gemm writes into the plan (cutego_gemm_plan_t.decomposition)
    flags = 0  # and into its flags

    def cutego_gemm(self, *args):
        self.calls.append(("gemm",) + args)
        if args[-1] is not None:
            args[-1]._obj.decomposition = self.decomposition
            args[-1]._obj.flags = self.flags
        return 0

    def cutego_copy(self, *args):
        self.calls.append(("copy",) + args)
        return 0

    def cutego_gemm_plan(self, *args):
        plan = args[-1]._obj
        plan.path, plan.flags = self.plans.pop(0) if self.plans else (K.GEMM_PATH_WGMMA, 0)
        self.calls.append(("plan",) + args)
        return 0


class _NoDevice:
    def __init__(self, *a):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


class WithFakeKernels(unittest.TestCase):
    def setUp(self):
        self.fake = FakeKernels()
        self._saved = (K.kernels, K.on_device)
        K.kernels = lambda op: self.fake
        K.on_device = _NoDevice
        gpu._cache.clear()

    def tearDown(self):
        K.kernels, K.on_device = self._saved
        gpu._cache.clear()


def layout_of(c):
    return cutego.Layout(*decode_layout(c._obj if hasattr(c, "_obj") else c))


def offset(idx, strides):
    return sum(i * s for i, s in zip(idx, strides))


class TestReadCai(unittest.TestCase):
    def test_row_major_default_and_byte_strides(self):
        x = ca.read(Arr((2, 3, 4)), "t", "x")
        self.assertEqual((x.shape, x.strides, x.dtype, x.itemsize), ((2, 3, 4), (12, 4, 1), "float16", 2))
        x = ca.read(Arr((3, 5), (1, 3), "<f4"), "t", "x")
        self.assertEqual(x.strides, (1, 3))
        self.assertEqual(x.itemsize, 4)

    def test_refusals(self):
        bad = Arr((4, 4))
        bad.__cuda_array_interface__["strides"] = (8, 3)
        with self.assertRaises(ca.StrideError) as e:
            ca.read(bad, "gemm", "a")
        self.assertIn("not a multiple of the element size", str(e.exception))
        self.assertIsInstance(e.exception, cutego.Error)
        for ts in (">f2", "<V2", "f2"):
            a = Arr((2,))
            a.__cuda_array_interface__["typestr"] = ts
            with self.subTest(typestr=ts), self.assertRaises(ca.DTypeError):
                ca.read(a, "gemm", "a")
        m = Arr((2,))
        m.__cuda_array_interface__["mask"] = object()
        with self.assertRaises(ca.StrideError):
            ca.read(m, "gemm", "a")
        with self.assertRaises(ca.NotCudaArrayError) as e:
            ca.read([1, 2], "gemm", "a")
        self.assertIsInstance(e.exception, TypeError)
        z = Arr((2,), stream=0)
        with self.assertRaises(ca.NotCudaArrayError):
            ca.read(z, "gemm", "a")

    def test_stream_and_device(self):
        self.assertEqual(ca.read(Arr((2,), stream=1), "t", "x").stream, 0)  # legacy default
        self.assertEqual(ca.read(Arr((2,), stream=7), "t", "x").stream, 7)
        self.assertIsNone(ca.read(Arr((2,)), "t", "x").stream)
        self.assertEqual(ca.read(Arr((2,), device=3), "t", "x").device, 3)


class Capsule:
    """A DLPack producer over a hand-made DLManagedTensor (kept alive by this object)."""

    def __init__(self, shape, strides, code=4, bits=16, dev=(2, 1), ptr=1 << 32, byte_offset=64):
        n = len(shape)
        self.shape = (ctypes.c_int64 * n)(*shape)
        self.strides = (ctypes.c_int64 * n)(*strides) if strides is not None else None
        self.m = ca.DLManagedTensor()
        t = self.m.dl_tensor
        t.data, t.ndim, t.byte_offset = ptr, n, byte_offset
        t.device.device_type, t.device.device_id = dev
        t.dtype.code, t.dtype.bits, t.dtype.lanes = code, bits, 1
        t.shape = ctypes.cast(self.shape, ctypes.POINTER(ctypes.c_int64))
        if self.strides is not None:
            t.strides = ctypes.cast(self.strides, ctypes.POINTER(ctypes.c_int64))
        self.dev = dev
        self.streams = []

    def __dlpack_device__(self):
        return self.dev

    def __dlpack__(self, stream=None):
        self.streams.append(stream)
        new = ctypes.pythonapi.PyCapsule_New
        new.restype = ctypes.py_object
        new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self.m), b"dltensor", None)


HAVE_PYTHONAPI = hasattr(ctypes, "pythonapi")  # CPython; PyPy reads no DLPack capsule


class FakeCapsule:
    """A DLPack producer where capsules cannot be made (PyPy): __dlpack__ returns an object."""

    def __dlpack_device__(self):
        return (2, 0)

    def __dlpack__(self, stream=None):
        return object()


class TestReadDlpack(unittest.TestCase):
    def setUp(self):
        if not HAVE_PYTHONAPI:
            # no C API here: a DLPack-only array is refused, and says why
            with self.assertRaises(ca.NotCudaArrayError) as e:
                ca.read(FakeCapsule(), "gemm", "a")
            self.assertIn("pythonapi", str(e.exception))

    def test_tensor(self):
        if not HAVE_PYTHONAPI:
            return
        p = Capsule((3, 5), (1, 3))
        x = ca.read(p, "t", "x", stream=0)
        self.assertEqual((x.ptr, x.shape, x.strides, x.dtype, x.itemsize, x.device, x.protocol),
                         ((1 << 32) + 64, (3, 5), (1, 3), "bfloat16", 2, 1, "dlpack"))
        self.assertEqual(p.streams, [1])  # cudaStream_t 0 is DLPack's 1 (the legacy default)
        x = ca.read(Capsule((2, 3, 4), None, code=2, bits=32), "t", "x", stream=5)
        self.assertEqual((x.strides, x.dtype), ((12, 4, 1), "float32"))

    def test_refusals(self):
        if not HAVE_PYTHONAPI:
            return
        with self.assertRaises(ca.NotCudaArrayError) as e:
            ca.read(Capsule((2,), None, dev=(1, 0)), "gemm", "a")
        self.assertIn("CPU memory", str(e.exception))
        with self.assertRaises(ca.DTypeError):
            ca.read(Capsule((2,), None, code=2, bits=12), "gemm", "a")


class TestGemmLayouts(WithFakeKernels):
    def test_last_plan_decomposition(self):
        # cutego_kernels.h: CUTEGO_GEMM_DECOMPOSITION_DATA_PARALLEL 1, _SPLIT_K 2, _STREAM_K 3
        for value, name in ((3, "stream-k"), (2, "split-k"), (1, "data-parallel")):
            self.fake.decomposition = value
            cutego.gemm(Arr((64, 32), ptr=1 << 38), Arr((64, 64), ptr=1 << 30), Arr((64, 32), ptr=1 << 34))
            self.assertEqual(gpu.last_plan()["decomposition"], name)

    def test_last_plan_swapped_ab(self):
        # cutego_kernels.h: CUTEGO_GEMM_F_SWAP_AB (1 << 20), set where cutego_gemm computed D^T = B A^T
        for flags, want in ((1 << 20, True), (0, False), ((1 << 20) - 1, False)):
            self.fake.flags = flags
            cutego.gemm(Arr((64, 32), ptr=1 << 38), Arr((64, 64), ptr=1 << 30), Arr((64, 32), ptr=1 << 34))
            self.assertIs(gpu.last_plan()["swapped_ab"], want)

    def check(self, a_shape, a_strides, b_shape, b_strides, d_shape):
        A, B = Arr(a_shape, a_strides, ptr=1 << 30), Arr(b_shape, b_strides, ptr=1 << 34)
        D = Arr(d_shape, ptr=1 << 38)
        cutego.gemm(D, A, B)
        call = self.fake.calls[-1]
        ld, la, lb = layout_of(call[2]), layout_of(call[4]), layout_of(call[6])
        dstr = ca.read(D, "t", "d").strides
        a_str = ca.read(A, "t", "a").strides
        b_str = ca.read(B, "t", "b").strides
        batch = d_shape[:-2]
        m, n = d_shape[-2:]
        k = a_shape[-1]
        # the L mode: the batch dimensions, the last first (colexicographic: the last fastest)
        rb = list(reversed(batch))
        for li, bidx in enumerate(itertools.product(*[range(e) for e in batch])):
            l_1d, mul = 0, 1
            for i, e in zip(reversed(bidx), rb):
                l_1d += i * mul
                mul *= e

            def bcast(shape, strides):  # offset of the batch index in an operand broadcast to batch
                pad = len(batch) - len(shape)
                return sum(0 if shape[j] == 1 else bidx[j + pad] * strides[j] for j in range(len(shape)))
            for mi in range(m):
                for ki in range(k):
                    self.assertEqual(la((mi, ki, l_1d)), bcast(a_shape[:-2], a_str[:-2]) + mi * a_str[-2] + ki * a_str[-1])
                for ni in range(n):
                    self.assertEqual(ld((mi, ni, l_1d)), offset(bidx, dstr[:-2]) + mi * dstr[-2] + ni * dstr[-1])
            for ni in range(n):
                for ki in range(k):
                    self.assertEqual(lb((ni, ki, l_1d)), bcast(b_shape[:-2], b_str[:-2]) + ki * b_str[-2] + ni * b_str[-1])

    def test_layouts_address_the_arrays(self):
        self.check((5, 3), None, (3, 4), None, (5, 4))
        self.check((3, 5), (1, 3), (5, 4), (1, 5), (3, 4))             # a.T-like and b.T-like views
        self.check((2, 3, 5, 2), None, (2, 4), None, (2, 3, 5, 4))      # b broadcast over (2, 3)
        self.check((3, 1, 4, 2), None, (1, 2, 2, 3), None, (3, 2, 4, 3))  # both broadcast
        self.check((1, 6), None, (6, 1), None, (1, 1))                  # extents of 1
        rng = random.Random(4)
        for _ in range(5):
            m, n, k, b = (rng.randint(1, 4) for _ in range(4))
            perm_a = rng.random() < 0.5
            self.check((b, m, k) if not perm_a else (b, m, k), None if not perm_a else (1, 1, m),
                       (b, k, n), None, (b, m, n))

    def test_c_and_in_place(self):
        A, B = Arr((8, 4), ptr=1 << 30), Arr((4, 6), ptr=1 << 34)
        D = Arr((8, 6), ptr=1 << 38)
        cutego.gemm(D, A, B, beta=1.0)  # c defaults to d
        call = self.fake.calls[-1]
        self.assertEqual(call[7], 1 << 38)
        self.assertEqual(bytes(call[8]), bytes(call[2]))
        bias = Arr((6,), ptr=1 << 40)  # broadcast over the rows: stride 0
        cutego.gemm(D, A, B, beta=1.0, c=bias)
        lc = layout_of(self.fake.calls[-1][8])
        self.assertEqual([lc((mi, ni, 0)) for mi in (0, 7) for ni in (0, 5)], [0, 5, 0, 5])

    def test_given_layouts(self):
        A, B = Arr((128, 64), ptr=1 << 30), Arr((96, 64), ptr=1 << 34)
        D = Arr((128, 96), ptr=1 << 38)
        cutego.gemm((D, "(128,96):(96,1)"), (A, cutego.Layout((128, 64), (64, 1))), (B, "(96,64):(64,1)"))
        self.assertEqual(layout_of(self.fake.calls[-1][6]).format(), "(96,64):(64,1)")
        with self.assertRaises(gpu.StrideError):  # reaches past the array
            cutego.gemm((D, "(128,96):(96,1)"), (A, "(128,64):(65,1)"), (B, "(96,64):(64,1)"))
        with self.assertRaises(gpu.GpuError):  # mixed
            cutego.gemm((D, "(128,96):(96,1)"), A, (B, "(96,64):(64,1)"))

    def test_refusals_launch_nothing(self):
        a, b, d = Arr((8, 4), ptr=1 << 30), Arr((4, 6), ptr=1 << 34), Arr((8, 6), ptr=1 << 38)
        cases = [
            (ca.DTypeError, lambda: cutego.gemm(d, Arr((8, 4), typestr="<f4"), Arr((4, 6), typestr="<f4"))),
            (ca.DTypeError, lambda: cutego.gemm(Arr((8, 6), typestr="<i4"), a, b)),
            (ca.StrideError, lambda: cutego.gemm(d, a, Arr((5, 6), ptr=1 << 34))),
            (ca.StrideError, lambda: cutego.gemm(d, Arr((8, 4), ptr=(1 << 38) + 8), b)),  # d overlaps a
            (ca.StrideError, lambda: cutego.gemm(d, a, b, beta=1.0, c=Arr((8, 6), ptr=(1 << 38) + 2))),
            (ca.StrideError, lambda: cutego.gemm(d, Arr((8, 0)), Arr((0, 6)))),  # K = 0
            (ca.StrideError, lambda: cutego.gemm(Arr((6,)), a, b)),
            (ca.StrideError, lambda: cutego.gemm(Arr((3, 8, 6)), Arr((2, 8, 4)), b)),  # batch mismatch
            (gpu.GpuError, lambda: cutego.gemm(Arr((8, 6), read_only=True), a, b)),
            (gpu.GpuError, lambda: cutego.gemm(Arr((8, 6), device=0), Arr((8, 4), device=1), b)),
            (ca.NotCudaArrayError, lambda: cutego.gemm(d, [[1.0]], b)),
        ]
        for typ, f in cases:
            with self.subTest(typ=typ.__name__), self.assertRaises(typ) as e:
                f()
            self.assertEqual(e.exception.op, "gemm")
        self.assertEqual(self.fake.calls, [])
        empty = Arr((0, 6), ptr=1 << 38)
        self.assertIs(cutego.gemm(empty, Arr((0, 4)), b), empty)  # nothing to do
        self.assertEqual(self.fake.calls, [])


class TestCopyLayouts(WithFakeKernels):
    def check(self, d_shape, d_strides, s_shape, s_strides):
        D, S = Arr(d_shape, d_strides, ptr=1 << 30), Arr(s_shape, s_strides, ptr=1 << 34)
        cutego.copy(D, S)
        call = self.fake.calls[-1]
        ld, ls = layout_of(call[2]), layout_of(call[4])
        dd, ss = ca.read(D, "t", "d"), ca.read(S, "t", "s")
        pad = len(d_shape) - len(s_shape)
        # element i of both layouts is the i-th element of dst in row-major order
        for i, idx in enumerate(itertools.product(*[range(e) for e in d_shape])):
            self.assertEqual(ld(i), offset(idx, dd.strides))
            sidx = [0 if s_shape[j] == 1 else idx[j + pad] for j in range(len(s_shape))]
            self.assertEqual(ls(i), offset(sidx, ss.strides))

    def test_layouts(self):
        self.check((3, 4), None, (3, 4), (1, 3))          # a transpose
        self.check((2, 3, 4), None, (2, 3, 4), (1, 8, 2))  # a permutation
        self.check((2, 1, 5), None, (1, 5), None)          # broadcast
        self.check((4, 3), (1, 4), (4, 3), None)

    def test_refusals(self):
        with self.assertRaises(gpu.DTypeError):
            cutego.copy(Arr((4,)), Arr((4,), typestr="<f4", ptr=1 << 34))
        with self.assertRaises(gpu.StrideError):
            cutego.copy(Arr((4,), ptr=1 << 30), Arr((4,), ptr=(1 << 30) + 4))
        with self.assertRaises(gpu.StrideError):
            cutego.copy(Arr((4, 3)), Arr((2, 3), ptr=1 << 34))
        self.assertEqual(self.fake.calls, [])


class TestEinsum(WithFakeKernels):
    def contract(self, spec, ext, plans=None):
        """Runs the contraction through the layouts handed to cutego_gemm, on host lists, and
        compares it with nested loops over the index letters."""
        self.fake.plans = list(plans or [])
        ia, ib = spec.split("->")[0].split(",")
        ic = spec.split("->")[1]
        rng = random.Random(spec)
        shape = {x: [ext[ch] for ch in x] for x in (ia, ib, ic)}
        size = {x: 1 for x in (ia, ib, ic)}
        for x in size:
            for e in shape[x]:
                size[x] *= e
        A, B = Arr(shape[ia], ptr=1 << 30), Arr(shape[ib], ptr=1 << 34)
        C = Arr(shape[ic], ptr=1 << 38)
        cutego.einsum(spec, A, B, out=C)
        call = self.fake.calls[-1]
        lc, la, lb = layout_of(call[2]), layout_of(call[4]), layout_of(call[6])
        a = [rng.randint(-3, 3) for _ in range(size[ia])]
        b = [rng.randint(-3, 3) for _ in range(size[ib])]
        c = [0] * size[ic]
        M, N, Kk, L = (cutego.size(x) for x in (lc[0], lc[1], la[1], lc[2]))
        for l_, m, n, k in itertools.product(range(L), range(M), range(N), range(Kk)):
            c[lc((m, n, l_))] += a[la((m, k, l_))] * b[lb((n, k, l_))]
        letters = sorted(set(ia + ib + ic))
        want = [0] * size[ic]
        sa, sb, sc = (ca.read(x, "t", "x").strides for x in (A, B, C))
        for vals in itertools.product(*[range(ext[ch]) for ch in letters]):
            v = dict(zip(letters, vals))
            want[offset([v[ch] for ch in ic], sc)] += a[offset([v[ch] for ch in ia], sa)] * \
                b[offset([v[ch] for ch in ib], sb)]
        self.assertEqual(c, want)
        return gpu.last_plan()

    def test_contractions(self):
        self.contract("bik,bkj->bij", dict(b=2, i=3, j=4, k=5))
        self.contract("stupr,qtru->stqp", dict(s=2, t=3, u=2, p=3, r=2, q=2))
        self.contract("nchw,kc->nkhw", dict(n=2, c=3, h=2, w=3, k=2))

    def test_orientation(self):
        # as written only through packed copies: the reversed folding is taken
        p = self.contract("bik,bkj->bij", dict(b=2, i=3, j=4, k=5), plans=[(K.GEMM_PATH_WGMMA, K.GEMM_F_PACK_A)])
        self.assertEqual(p["orientation"], "reversed (colex)")
        # as written on the generic kernel, reversed packed: reversed (the wgmma path)
        p = self.contract("bik,bkj->bij", dict(b=2, i=3, j=4, k=2),
                          plans=[(K.GEMM_PATH_GENERIC, 0), (K.GEMM_PATH_WGMMA, K.GEMM_F_PACK_B)])
        self.assertEqual(p["orientation"], "reversed (colex)")
        p = self.contract("bik,bkj->bij", dict(b=2, i=3, j=4, k=3))
        self.assertEqual(p["orientation"], "as written")

    def test_refusals(self):
        a, b = Arr((2, 3), ptr=1 << 30), Arr((3, 4), ptr=1 << 34)
        with self.assertRaises(ca.NotCudaArrayError):  # no framework to allocate with
            cutego.einsum("ik,kj->ij", a, b)
        with self.assertRaises(cutego.Error) as e:
            cutego.einsum("ik,kj,jl->il", a, b, out=Arr((2, 4), ptr=1 << 38))
        self.assertEqual(e.exception.kind, "parse")
        with self.assertRaises(cutego.Error):
            cutego.einsum("ik,kj->ij", a, Arr((4, 4), ptr=1 << 34), out=Arr((2, 4), ptr=1 << 38))
        with self.assertRaises(ca.DTypeError):
            cutego.einsum("ik,kj->ij", a, b, out=Arr((2, 4), typestr="<f8", ptr=1 << 38))
        self.assertEqual([c for c in self.fake.calls if c[0] == "gemm"], [])


class TestStructs(unittest.TestCase):
    """The ctypes mirrors have the C compiler's sizes and offsets."""

    def test_against_gcc(self):
        cc = shutil.which("gcc") or shutil.which("cc")
        self.assertIsNotNone(cc, "a C compiler is needed to check the struct mirrors")
        fields = [("cutego_gemm_plan_t", K.GemmPlan, ["path", "m", "a", "a_map", "d_map", "tiles", "flags", "cluster_m",
                                                      "workspace_bytes", "a_packed", "d_packed", "packed_why", "kernel",
                                                      "reason", "split_k", "decomposition", "split_workspace_bytes", "b_dtype",
                                                      "promoted", "cluster_n"]),
                  ("cutego_gemm_options_t", K.GemmOptions, ["split_k", "workspace", "workspace_bytes", "sms",
                                                            "pitch_pack", "scale_a", "scale_b", "b_dtype", "fp8_accumulation",
                                                            "fp8_promotion_interval", "decomposition", "cluster_n",
                                                            "d_store"]),
                  ("cutego_tma_desc_t", K.TmaDesc, ["box", "l2_promotion"]),
                  ("cutego_einsum_plan_t", gpu._Fold, ["c", "m", "l", "m_indices", "l_indices"])]
        src = ['#include <stdio.h>', '#include <stddef.h>', '#include "cutego_kernels.h"', '#include "cutego_einsum.h"',
               "int main(void) {"]
        want = []
        for cname, py, names in fields:
            src.append('printf("%%zu\\n", sizeof(%s));' % cname)
            want.append(ctypes.sizeof(py))
            for f in names:
                src.append('printf("%%zu\\n", offsetof(%s, %s));' % (cname, f))
                want.append(getattr(py, f).offset)
        # the plan flags the package names
        for cname, v in [("CUTEGO_GEMM_F_PACK_A", K.GEMM_F_PACK_A), ("CUTEGO_GEMM_F_PACK_B", K.GEMM_F_PACK_B),
                         ("CUTEGO_GEMM_F_PACK_D", K.GEMM_F_PACK_D), ("CUTEGO_GEMM_F_SWAP_AB", K.GEMM_F_SWAP_AB)]:
            src.append('printf("%%d\\n", (int)%s);' % cname)
            want.append(v)
        src.append("return 0; }")
        with tempfile.TemporaryDirectory() as d:
            c = os.path.join(d, "s.c")
            with open(c, "w") as f:
                f.write("\n".join(src))
            subprocess.run([cc, "-std=c99", "-I" + os.path.join(TOP, "include"), c, "-o", os.path.join(d, "s")],
                           check=True)
            got = [int(x) for x in subprocess.run([os.path.join(d, "s")], capture_output=True, text=True,
                                                  check=True).stdout.split()]
        self.assertEqual(got, want)


LOAD = """
import sys, cutego
assert "torch" not in sys.modules and "cupy" not in sys.modules, "a framework was imported"
from cutego import _kernels as K
assert K._lib.kernels is None and K._lib.cudart is None, "loaded at import"
print(cutego.gpu.available())
try:
    cutego.gemm(None, None, None)
except cutego.gpu.NotCudaArrayError as e:
    print("refused", e.kind)
class A:
    def __init__(s, p):
        s.__cuda_array_interface__ = dict(shape=(16, 16), typestr="<f2", data=(p, False), version=2)
try:
    cutego.gemm(A(1 << 30), A(1 << 31), A(1 << 32))
except cutego.gpu.NoDeviceError as e:
    print("no device:", e.kind, "|", e.reason)
"""


class TestLoad(unittest.TestCase):
    def test_import_loads_nothing_and_missing_kernels_say_so(self):
        env = dict(os.environ, CUTEGO_CUDART="/nonexistent/libcudart.so.13",
                   CUTEGO_KERNELS_LIBRARY="/nonexistent/libcutego_kernels.so")
        r = subprocess.run([sys.executable, "-c", LOAD], capture_output=True, text=True, env=env, timeout=120)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(lines[:2], ["False", "refused not a CUDA array"])
        self.assertTrue(lines[2].startswith("no device: no device | "), lines[2])
        # the reason names what is missing: the runtime, or (where a system copy loaded) the library
        self.assertTrue("libcudart.so.13" in lines[2] or "libcutego_kernels.so" in lines[2], lines[2])


if __name__ == "__main__":
    unittest.main()

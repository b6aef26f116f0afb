"""cutego.gemm's FP8 operands and its path for torch.Tensors, without a GPU and without
PyTorch: a stand-in `torch` module (the attributes cutego reads: shape, stride(), dtype,
device, data_ptr(), ...) is put in sys.modules for each test, and the kernels library is
replaced by a recording stand-in (test_gpu.FakeKernels). The arguments cutego_gemm receives
are checked against the rules of include/cutego_kernels.h (dtype codes, options), and a
repeated geometry (read once, then only the addresses) against a first reading."""

import ctypes
import itertools
import sys
import unittest

from common import TOP  # noqa: F401 -- sets up the import path

import cutego
from cutego import gpu, _kernels as K
from cutego import cuda_array as ca
from test_gpu import Capsule, FakeKernels, HAVE_PYTHONAPI, _NoDevice, layout_of


class _DType:
    def __init__(self, name, size):
        self.name, self.size = name, size

    def __str__(self):
        return "torch." + self.name

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, o):
        return isinstance(o, _DType) and o.name == self.name


class _Device:
    def __init__(self, index):
        self.type, self.index = ("cuda", index) if index >= 0 else ("cpu", None)


def make_torch():
    """A module with the surface of torch that cutego.gpu reads."""
    mod = type(sys)("torch")

    class Tensor:
        def __init__(self, shape, dtype, ptr, strides=None, device=0, requires_grad=False):
            self.shape = tuple(shape)
            if strides is None:
                strides, s = [], 1
                for n in reversed(shape):
                    strides.append(s)
                    s *= max(n, 1)
                strides = tuple(reversed(strides))
            self._strides, self.dtype, self._ptr = tuple(strides), dtype, ptr
            self.device, self.requires_grad = _Device(device), requires_grad
            self.is_cuda = device >= 0

        def stride(self):
            return self._strides

        def data_ptr(self):
            return self._ptr

        def element_size(self):
            return self.dtype.size

        def get_device(self):
            return self.device.index if self.is_cuda else -1

        def is_neg(self):
            return False

        def is_conj(self):
            return False

    Tensor.__module__ = "torch"
    mod.Tensor = Tensor
    for name, size in (("bfloat16", 2), ("float16", 2), ("float32", 4), ("float8_e4m3fn", 1),
                       ("float8_e5m2", 1), ("float8_e4m3fnuz", 1)):
        setattr(mod, name, _DType(name, size))

    class _Stream:
        cuda_stream = 0x5000

    mod.cuda = type(sys)("torch.cuda")
    mod.cuda.current_stream = lambda device=None: _Stream()
    mod._C = type(sys)("torch._C")
    mod._C._cuda_getCurrentRawStream = lambda dev: 0x5000
    return mod


class WithTorch(unittest.TestCase):
    def setUp(self):
        self.fake = FakeKernels()
        self._saved = (K.kernels, K.on_device, sys.modules.get("torch"))
        K.kernels = lambda op: self.fake
        K.on_device = _NoDevice
        self.torch = sys.modules["torch"] = make_torch()
        gpu._cache.clear()
        gpu._fast.clear()
        self._saved_c = list(gpu._cgemm)
        gpu._cgemm[:] = [None, None, None]  # the C path off (TestTorchCPath turns it on with stand-ins)

    def tearDown(self):
        gpu._cgemm[:] = self._saved_c
        K.kernels, K.on_device = self._saved[:2]
        if self._saved[2] is None:
            del sys.modules["torch"]
        else:
            sys.modules["torch"] = self._saved[2]
        gpu._cache.clear()
        gpu._fast.clear()

    def t(self, shape, dtype, ptr, **kw):
        return self.torch.Tensor(shape, getattr(self.torch, dtype), ptr, **kw)

    def opts(self, call):
        o = call[14]
        return None if o is None else ctypes.cast(o, ctypes.POINTER(K.GemmOptions)).contents


class TestFp8Gemm(WithTorch):
    def test_types_and_options(self):
        a = self.t((128, 64), "float8_e4m3fn", 1 << 30)
        bt = self.t((96, 64), "float8_e5m2", 1 << 34)  # (N, K) row-major: b = bt.T is K-major
        b = self.torch.Tensor((64, 96), bt.dtype, 1 << 34, strides=(1, 64))
        d = self.t((128, 96), "bfloat16", 1 << 38)
        sa, sb = self.t((), "float32", 1 << 40), self.t((1,), "float32", (1 << 40) + 4)
        cutego.gemm(d, a, b, scale_a=sa, scale_b=sb, accumulation="promoted", promotion_interval=2)
        call = self.fake.calls[-1]
        self.assertEqual((call[9], call[10]), (K.DTYPE_E4M3, K.DTYPE_BF16))  # ab_dtype, cd_dtype
        o = self.opts(call)
        self.assertEqual((o.b_dtype, o.fp8_accumulation, o.fp8_promotion_interval, o.scale_a, o.scale_b),
                         (K.DTYPE_E5M2, K.GEMM_FP8_ACCUM_PROMOTED, 2, 1 << 40, (1 << 40) + 4))
        self.assertEqual(layout_of(call[6]).format(), "(96,64,1):(64,1,0)")  # B (N,K): K unit stride
        # the same types without options: none passed (the defaults); e5m2 x e5m2 needs no b_dtype
        cutego.gemm(d, self.t((128, 64), "float8_e5m2", 1 << 30), b)
        self.assertIsNone(self.fake.calls[-1][14])
        self.assertEqual(self.fake.calls[-1][9], K.DTYPE_E5M2)

    def test_refusals_name_the_operand(self):
        a8, a16 = self.t((8, 32), "float8_e4m3fn", 1 << 30), self.t((8, 32), "bfloat16", 1 << 30)
        b8, b16 = self.t((32, 16), "float8_e4m3fn", 1 << 34), self.t((32, 16), "bfloat16", 1 << 34)
        d = self.t((8, 16), "float32", 1 << 38)
        one = self.t((1,), "float32", 1 << 40)
        cases = [
            (ca.DTypeError, "scale_a", lambda: cutego.gemm(d, a16, b16, scale_a=one)),
            (ca.DTypeError, "scale_b", lambda: cutego.gemm(d, a16, b16, scale_b=one)),
            (ca.DTypeError, "scale_b", lambda: cutego.gemm(d, a8, b8, scale_b=self.t((1,), "float16", 1 << 40))),
            (ca.DTypeError, "scale_a", lambda: cutego.gemm(d, a8, b8, scale_a=self.t((2,), "float32", 1 << 40))),
            (ca.NotCudaArrayError, "scale_a", lambda: cutego.gemm(d, a8, b8, scale_a=self.t((1,), "float32", 1, device=-1))),
            (gpu.GpuError, "scale_b", lambda: cutego.gemm(d, a8, b8, scale_b=self.t((1,), "float32", 1 << 40, device=1))),
            (ca.DTypeError, "bfloat16", lambda: cutego.gemm(d, a8, b16)),
            (ca.DTypeError, "bfloat16", lambda: cutego.gemm(d, a16, b8)),
            (ca.DTypeError, "a is float8_e4m3fnuz", lambda: cutego.gemm(d, self.t((8, 32), "float8_e4m3fnuz", 1 << 30), b8)),
            (ca.DTypeError, "c and d", lambda: cutego.gemm(self.t((8, 16), "float8_e4m3fn", 1 << 38), a8, b8)),
            (gpu.GpuError, "accumulation", lambda: cutego.gemm(d, a8, b8, accumulation="slow")),
            (gpu.GpuError, "accumulation", lambda: cutego.gemm(d, a8, b8, accumulation=None)),
            (gpu.GpuError, "promotion_interval", lambda: cutego.gemm(d, a8, b8, promotion_interval=-1)),
        ]
        for typ, word, f in cases:
            with self.subTest(word=word), self.assertRaises(typ) as e:
                f()
            self.assertIn(word, str(e.exception))
            self.assertEqual(e.exception.op, "gemm")
        self.assertEqual(self.fake.calls, [])

    def test_dlpack_fp8_names(self):
        if not HAVE_PYTHONAPI:  # PyPy: DLPack-only arrays are refused (test_gpu.TestReadDlpack)
            self.assertNotEqual(sys.implementation.name, "cpython")
            return
        # DLPack 1.1's codes (dlpack.h): 10 float8_e4m3fn, 12 float8_e5m2, 8 the IEEE-like e4m3
        for code, name in ((10, "float8_e4m3fn"), (12, "float8_e5m2"), (8, "float8_e4m3"), (14, "float8_e8m0fnu")):
            x = ca.read(Capsule((4, 4), None, code=code, bits=8), "gemm", "a", stream=0)
            self.assertEqual((x.dtype, x.itemsize), (name, 1))
        with self.assertRaises(ca.DTypeError):
            ca.read(Capsule((4,), None, code=10, bits=16), "gemm", "a")


class TestTorchFastPath(WithTorch):
    """A geometry seen before (shapes, strides, dtypes, device) is not read again: only the
    addresses are; the call must equal a first reading's."""

    def calls_of(self, f):
        """f() once on a fresh cache (the full reading) and once more (the fast path): the
        two C calls, and how many times the full reading ran."""
        n = [0]
        full = gpu._gemm

        def counting(*args):
            n[0] += 1
            return full(*args)
        gpu._gemm = counting
        try:
            gpu._fast.clear()
            gpu._cache.clear()
            f()
            f()
        finally:
            gpu._gemm = full
        return self.fake.calls[-2], self.fake.calls[-1], n[0]

    def same(self, c1, c2):
        norm = [x if not isinstance(x, (K.LayoutT, type(ctypes.byref(K.LayoutT())))) else bytes(getattr(x, "_obj", x))
                for x in c1]
        norm2 = [x if not isinstance(x, (K.LayoutT, type(ctypes.byref(K.LayoutT())))) else bytes(getattr(x, "_obj", x))
                 for x in c2]
        # the options and plan are fresh structures: compare their contents
        for n in (norm, norm2):
            n[14] = None if n[14] is None else bytes(ctypes.cast(n[14], ctypes.POINTER(K.GemmOptions)).contents)
            n[15] = None
        self.assertEqual(norm, norm2)

    def test_fast_path_equals_full_reading(self):
        T = self.t
        cases = [
            lambda: cutego.gemm(T((64, 32), "bfloat16", 1 << 38), T((64, 48), "bfloat16", 1 << 30),
                                T((48, 32), "bfloat16", 1 << 34)),
            lambda: cutego.gemm(T((2, 64, 32), "float32", 1 << 38), T((2, 64, 48), "float16", 1 << 30),
                                T((48, 32), "float16", 1 << 34), alpha=2, beta=0.5),  # c is d, b broadcast
            lambda: cutego.gemm(T((64, 32), "float16", 1 << 38), T((64, 48), "float8_e4m3fn", 1 << 30),
                                self.torch.Tensor((48, 32), self.torch.float8_e5m2, 1 << 34, strides=(1, 48)),
                                scale_a=T((1,), "float32", 1 << 40), accumulation="promoted"),
            lambda: cutego.gemm(T((64, 32), "bfloat16", 1 << 38), T((64, 48), "bfloat16", 1 << 30),
                                T((48, 32), "bfloat16", 1 << 34), beta=1, c=T((32,), "bfloat16", 1 << 42)),
            lambda: cutego.gemm(T((64, 32), "float32", 1 << 38), T((64, 48), "float8_e4m3fn", 1 << 30),
                                self.torch.Tensor((48, 32), self.torch.float8_e5m2, 1 << 34, strides=(1, 48)),
                                scale_a=T((1,), "float32", 1 << 40), scale_b=T((), "float32", 1 << 41),
                                accumulation="promoted", promotion_interval=3),
            lambda: cutego.gemm(T((64, 32), "float16", 1 << 38), T((64, 48), "float8_e5m2", 1 << 30),
                                self.torch.Tensor((48, 32), self.torch.float8_e5m2, 1 << 34, strides=(1, 48))),
        ]
        for i, f in enumerate(cases):
            with self.subTest(case=i):
                c1, c2, full = self.calls_of(f)
                self.assertEqual(full, 1)  # the second call took the fast path
                self.same(c1, c2)

    def test_fast_path_new_addresses_and_refusals(self):
        T = self.t
        a, b, d = T((64, 48), "bfloat16", 1 << 30), T((48, 32), "bfloat16", 1 << 34), T((64, 32), "bfloat16", 1 << 38)
        cutego.gemm(d, a, b)
        self.assertEqual(len(gpu._fast), 1)
        a2 = T((64, 48), "bfloat16", 1 << 31)
        cutego.gemm(d, a2, b)
        self.assertEqual(self.fake.calls[-1][3], 1 << 31)
        # the same geometries at addresses that overlap d: refused as the full reading refuses
        with self.assertRaises(ca.StrideError) as e:
            cutego.gemm(d, T((64, 48), "bfloat16", (1 << 38) + 64), b)
        self.assertIn("d overlaps a", str(e.exception))
        with self.assertRaises(ca.StrideError):
            cutego.gemm(d, a, T((48, 32), "bfloat16", (1 << 38) - 100))
        cutego.gemm(d, a, b, c=T((64, 32), "bfloat16", 1 << 42))  # beta 0: c is not read
        cutego.gemm(d, a, b, c=T((64, 32), "bfloat16", 1 << 42))
        self.assertEqual(self.fake.calls[-1][7:9], (None, None))
        cutego.gemm(d, a, b, beta=1.0)  # c is d: in place
        cutego.gemm(d, a, b, beta=1.0, c=T((64, 32), "bfloat16", 1 << 38))  # another tensor at d's address
        with self.assertRaises(ca.StrideError) as e:
            cutego.gemm(d, a, b, beta=1.0, c=T((64, 32), "bfloat16", (1 << 38) + 2))
        self.assertIn("c overlaps d", str(e.exception))
        # a tensor that requires grad is never in the fast path's table
        with self.assertRaises(ca.NotCudaArrayError):
            cutego.gemm(d, T((64, 48), "bfloat16", 1 << 30, requires_grad=True), b)
        with self.assertRaises(ca.NotCudaArrayError):
            cutego.gemm(d, T((64, 48), "bfloat16", 1 << 30, requires_grad=True), b)
        self.assertEqual(gpu.last_plan()["op"], "gemm")


class _BlockScaledKernels(FakeKernels):
    def cutego_gemm_blockscaled(self, *args):
        self.calls.append(("blockscaled",) + args)
        return 0


_BlockScaledKernels.cutego_gemm_blockscaled.argtypes = ()  # as the loader sets it


class TestGemmBlockscaled(WithTorch):
    """cutego.gemm_blockscaled: the scale tensors' layouts (CuTe's SA (M,KB,L), SB (NB,KB,L))
    address the tensors as torch indexes them, by brute force; the refusals name the operand."""

    def setUp(self):
        super().setUp()
        self.fake = _BlockScaledKernels()

    def offsets(self, x, bidx, batch):
        """scale[..., i, j]'s offset for the batch index bidx of d's batch (x broadcast to it)."""
        pad = len(batch) - (len(x.shape) - 2)
        st = x.stride()
        return lambda i, j: sum(0 if x.shape[t] == 1 else bidx[t + pad] * st[t] for t in range(len(x.shape) - 2)) + \
            i * st[-2] + j * st[-1]

    def check(self, batch, m, n, k, sa_t=False, sb_batch=True):
        T = self.t
        kb, nb = -(-k // 128), -(-n // 128)
        a, b = T(batch + (m, k), "float8_e4m3fn", 1 << 30), T(batch + (k, n), "float8_e5m2", 1 << 34)
        d = T(batch + (m, n), "bfloat16", 1 << 38)
        if sa_t:  # DeepGEMM's MN-major scales: a transposed view
            sa = self.torch.Tensor(batch + (m, kb), self.torch.float32, 1 << 40,
                                   strides=tuple(s * m * kb for s in range(len(batch), 0, -1))[:len(batch)] + (1, m))
        else:
            sa = T(batch + (m, kb), "float32", 1 << 40)
        sb = T((batch if sb_batch else ()) + (kb, nb), "float32", 1 << 42)
        cutego.gemm_blockscaled(d, a, b, sa, sb)
        call = self.fake.calls[-1]
        self.assertEqual(call[0], "blockscaled")
        self.assertEqual((call[9], call[10]), (K.DTYPE_E4M3, K.DTYPE_BF16))
        self.assertEqual(ctypes.cast(call[18], ctypes.POINTER(K.GemmOptions)).contents.b_dtype, K.DTYPE_E5M2)
        self.assertEqual(call[17], 0x5000)  # the current stream
        self.assertEqual((call[11], call[13]), (1 << 40, 1 << 42))
        lsa, lsb = layout_of(call[12]), layout_of(call[14])
        for li, bidx in enumerate(itertools.product(*[range(e) for e in batch])):
            l1, mul = 0, 1  # the L mode: the batch dimensions, the last first
            for i, e in zip(reversed(bidx), reversed(batch)):
                l1 += i * mul
                mul *= e
            fa, fb = self.offsets(sa, bidx, batch), self.offsets(sb, bidx, batch)
            for mi in range(m):
                for ki in range(kb):
                    self.assertEqual(lsa((mi, ki, l1)), fa(mi, ki))
            for ni in range(nb):
                for ki in range(kb):
                    self.assertEqual(lsb((ni, ki, l1)), fb(ki, ni))

    def test_scale_layouts(self):
        self.check((), 8, 256, 384)
        self.check((), 5, 130, 200, sa_t=True)
        self.check((3,), 4, 256, 256, sb_batch=False)  # one scale_b for every batch: stride 0
        self.check((2, 3), 3, 129, 300, sa_t=True)

    def test_refusals_name_the_operand(self):
        T = self.t
        a, b = T((8, 256), "float8_e4m3fn", 1 << 30), T((256, 128), "float8_e4m3fn", 1 << 34)
        d = T((8, 128), "float32", 1 << 38)
        sa, sb = T((8, 2), "float32", 1 << 40), T((2, 1), "float32", 1 << 42)
        cases = [
            (ca.DTypeError, "scale_a", lambda: cutego.gemm_blockscaled(d, a, b, T((8, 2), "float16", 1 << 40), sb)),
            (ca.DTypeError, "scale_b", lambda: cutego.gemm_blockscaled(d, a, b, sa, T((2, 1), "bfloat16", 1 << 42))),
            (ca.DTypeError, "a is bfloat16", lambda: cutego.gemm_blockscaled(d, T((8, 256), "bfloat16", 1 << 30), b, sa, sb)),
            (ca.StrideError, "scale_b", lambda: cutego.gemm_blockscaled(d, a, b, sa, T((4, 2, 1), "float32", 1 << 42))),
            (ca.StrideError, "scale_a", lambda: cutego.gemm_blockscaled(d, a, b, T((8,), "float32", 1 << 40), sb)),
            (ca.StrideError, "d overlaps scale_a", lambda: cutego.gemm_blockscaled(d, a, b, T((8, 2), "float32", 1 << 38), sb)),
            (ca.NotCudaArrayError, "scale_b", lambda: cutego.gemm_blockscaled(d, a, b, sa, T((2, 1), "float32", 1, device=-1))),
        ]
        for typ, word, f in cases:
            with self.subTest(word=word), self.assertRaises(typ) as e:
                f()
            self.assertIn(word, str(e.exception))
            self.assertEqual(e.exception.op, "gemm_blockscaled")
        self.assertEqual(self.fake.calls, [])
        # a library without the entry point says so
        self.fake = FakeKernels()
        with self.assertRaises(gpu.GpuError) as e:
            cutego.gemm_blockscaled(d, a, b, sa, sb)
        self.assertIn("no cutego_gemm_blockscaled", str(e.exception))


_GETDEV = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int))
_V = ctypes.c_void_p
_GEMM = ctypes.CFUNCTYPE(ctypes.c_int, _V, _V, _V, _V, _V, _V, _V, _V, ctypes.c_int, ctypes.c_int, ctypes.c_float,
                         ctypes.c_float, _V, _V, _V)
_C_PATH = gpu._cgemm[0] is not None  # the extension is used (not under CUTEGO_PURE=1)


class TestTorchCPath(WithTorch):
    """_cext.gemm_fast, the C path of a known geometry: the launcher (a stand-in called through
    its address) receives what the Python path hands the recording stand-in of the library,
    FP8's options included."""

    def setUp(self):
        super().setUp()
        self.c_calls, self.device, self.status = [], 0, 0

        def getdev(p):
            p[0] = self.device
            return 0

        def launch(*args):  # the options are read while the call lasts (they live on its stack)
            o = args[13]
            self.c_calls.append(args[:13] + (bytes((ctypes.c_char * ctypes.sizeof(K.GemmOptions)).from_address(o))
                                             if o else None,) + args[14:])
            return self.status
        self.cb = (_GETDEV(getdev), _GEMM(launch))  # kept alive while set up
        addr = lambda f: ctypes.cast(f, ctypes.c_void_p).value  # noqa: E731
        self._saved_c[0](self.torch.Tensor, gpu._fast, self.torch._C._cuda_getCurrentRawStream,
                         addr(self.cb[0]), addr(self.cb[1]), K.GemmPlan, gpu._last)
        gpu._cgemm[:] = [self._saved_c[0], self._saved_c[1], self.torch]

    def lay(self, x):
        if isinstance(x, K.LayoutT):
            return bytes(x)
        if x is None:
            return None
        return bytes((ctypes.c_char * ctypes.sizeof(K.LayoutT)).from_address(x))

    def test_same_arguments(self):
        T = self.t
        cases = [
            lambda: cutego.gemm(T((64, 32), "bfloat16", 1 << 38), T((64, 48), "bfloat16", 1 << 30),
                                T((48, 32), "bfloat16", 1 << 34)),
            lambda: cutego.gemm(T((2, 64, 32), "float32", 1 << 38), T((2, 64, 48), "float16", 1 << 30),
                                T((48, 32), "float16", 1 << 34), alpha=2, beta=0.5),
            lambda: cutego.gemm(T((64, 32), "bfloat16", 1 << 38), T((64, 48), "bfloat16", 1 << 30),
                                T((48, 32), "bfloat16", 1 << 34), beta=1, c=T((32,), "bfloat16", 1 << 42)),
            lambda: cutego.gemm(T((64, 32), "float32", 1 << 38), T((64, 48), "float8_e4m3fn", 1 << 30),
                                self.torch.Tensor((48, 32), self.torch.float8_e5m2, 1 << 34, strides=(1, 48)),
                                scale_a=T((1,), "float32", 1 << 40), scale_b=T((), "float32", 1 << 41),
                                accumulation="promoted", promotion_interval=3),
            lambda: cutego.gemm(T((64, 32), "float16", 1 << 38), T((64, 48), "float8_e5m2", 1 << 30),
                                self.torch.Tensor((48, 32), self.torch.float8_e5m2, 1 << 34, strides=(1, 48))),
        ]
        for i, f in enumerate(cases):
            with self.subTest(case=i):
                f()  # a new geometry: the Python path (the recording library)
                py = self.fake.calls[-1]
                n = len(self.fake.calls)
                f()  # known: the C path
                self.assertEqual(len(self.fake.calls), n)
                cc = self.c_calls[-1]
                # cutego_gemm(d, ld, a, la, b, lb, c, lc, ab, cd, alpha, beta, stream, opt, plan)
                self.assertEqual([cc[0], cc[2], cc[4], cc[6]], [py[1], py[3], py[5], py[7]])
                self.assertEqual([self.lay(cc[j]) for j in (1, 3, 5, 7)], [self.lay(py[j]) for j in (2, 4, 6, 8)])
                self.assertEqual(cc[8:13], (py[9], py[10], py[11], py[12], 0x5000))
                po = py[14]
                self.assertEqual(cc[13], None if po is None else bytes(ctypes.cast(po, ctypes.POINTER(K.GemmOptions)).contents))
                self.assertEqual(gpu.last_plan()["op"], "gemm")

    def test_falls_back(self):
        T = self.t
        a, b, d = T((64, 48), "bfloat16", 1 << 30), T((48, 32), "bfloat16", 1 << 34), T((64, 32), "bfloat16", 1 << 38)
        cutego.gemm(d, a, b)
        cutego.gemm(d, a, b)
        self.assertEqual(len(self.c_calls), 1)
        cutego.gemm(d, a, b, c=T((64, 32), "bfloat16", 1 << 42))  # beta 0: c is not read
        self.assertEqual((len(self.c_calls), self.c_calls[-1][6:8]), (2, (None, None)))
        # an overlap and another current device go back to gpu.py; a launcher failure is raised
        with self.assertRaises(ca.StrideError) as e:
            cutego.gemm(d, T((64, 48), "bfloat16", (1 << 38) + 64), b)
        self.assertIn("d overlaps a", str(e.exception))
        self.device = 1
        n = len(self.fake.calls)
        cutego.gemm(d, a, b)
        self.assertEqual((len(self.c_calls), len(self.fake.calls)), (2, n + 1))
        self.device = 0
        # a stream given, and an accumulation that is not a str: gpu.py's
        cutego.gemm(d, a, b, stream=0x5000)
        with self.assertRaises(gpu.GpuError):
            cutego.gemm(d, a, b, accumulation=["fast"])
        self.assertEqual((len(self.c_calls), len(self.fake.calls)), (2, n + 2))
        self.status = K.EINVAL
        saved = K.raise_status
        K.raise_status = lambda op, st: (_ for _ in ()).throw(gpu.GpuError(op, "status %d" % st))
        try:
            with self.assertRaises(gpu.GpuError) as e:
                cutego.gemm(d, a, b)
        finally:
            K.raise_status = saved
        self.assertIn("status 1", str(e.exception))


if not _C_PATH:
    # Without the extension (CUTEGO_PURE=1, or none built) gemm has no C path to compare: in place
    # of those tests, one that fails where the extension is loaded but its gemm path is missing.
    del TestTorchCPath

    class TestTorchNoCPath(unittest.TestCase):
        def test_no_extension_no_c_path(self):
            from cutego import _ffi
            self.assertIsNone(_ffi.cext, "the extension is loaded (%s) but gemm's C path is not"
                              % _ffi.CEXT_STATUS)


if __name__ == "__main__":
    unittest.main()

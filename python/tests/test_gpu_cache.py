"""What cutego.gpu remembers between calls is never reused where it does not apply: einsum on
torch.Tensors of a geometry seen before reads only the addresses (gpu._fast), and a changed
stride, dtype, pointer alignment or spec is planned as a first call would plan it. Each call's
arguments to cutego_gemm are compared with those of the same call made with every cache
emptied (a cold call), on the stand-in torch and kernels library of test_gpu_fp8. The CUDA
array interface's geometries (cuda_array._cai_geometries) answer as a cold reading does,
refusals included; an array's extents are computed for its own types."""

import unittest

from common import TOP  # noqa: F401 -- sets up the import path

import cutego
from cutego import gpu, _kernels as K
from cutego import cuda_array as ca
from test_gpu import Arr, FakeKernels
from test_gpu_fp8 import WithTorch


class _AlignedKernels(FakeKernels):
    """cutego_gemm_plan's answer depends on a's address: 16-byte aligned, the folding as
    written reads it in place; otherwise it is packed and the reversed folding (planned second)
    is taken. A folding reused across alignments shows in the orientation and layouts."""

    def cutego_gemm_plan(self, *args):
        first = not self.calls or self.calls[-1][0] != "plan"
        aligned = args[8] % 16 == 0  # a's address
        self.plans = [(K.GEMM_PATH_WGMMA, 0 if aligned or not first else K.GEMM_F_PACK_A)]
        return super().cutego_gemm_plan(*args)


class TestEinsumCache(WithTorch):
    def setUp(self):
        super().setUp()
        self.fake = _AlignedKernels()
        K.kernels = lambda op: self.fake
        self.reads = 0
        self._read = gpu.read

        def counting(*args, **kw):
            self.reads += 1
            return self._read(*args, **kw)
        gpu.read = counting

    def tearDown(self):
        gpu.read = self._read
        super().tearDown()

    def args(self):
        """The last cutego_gemm call: pointers, layouts (bytes), types, scalars, stream."""
        c = self.fake.calls[-1]
        self.assertEqual(c[0], "gemm")
        lay = lambda x: None if x is None else bytes(x._obj)  # noqa: E731
        return (c[1], lay(c[2]), c[3], lay(c[4]), c[5], lay(c[6]), c[7], c[8], c[9], c[10], c[11], c[12], c[13],
                c[14])

    def cold(self, f):
        """f's launcher arguments and last_plan() with every cache emptied first."""
        gpu._cache.clear()
        gpu._fast.clear()
        gpu._parse_spec.cache_clear()
        f()
        return self.args(), gpu.last_plan()

    def warm(self, f):
        """f's, made twice after the caches hold other geometries: the second call must read
        no array (the known geometry's path)."""
        f()
        n = self.reads
        f()
        self.assertEqual(self.reads, n, "a known geometry was read again")
        return self.args(), gpu.last_plan()

    def base(self, dtype="bfloat16", a_ptr=1 << 30, a_strides=None, spec="bik,bkj->bij", out_dtype="float32"):
        T = self.torch
        a = T.Tensor((2, 3, 5), getattr(T, dtype), a_ptr, strides=a_strides)
        b = T.Tensor((2, 5, 4), getattr(T, dtype), 1 << 34)
        out = T.Tensor((2, 3, 4), getattr(T, out_dtype), 1 << 38)
        return lambda: cutego.einsum(spec, a, b, out=out)

    def test_known_geometry_equals_a_cold_call(self):
        variants = [
            ("base", self.base()),
            ("a transposed in memory (same shape, other strides)", self.base(a_strides=(15, 1, 3))),
            ("float16", self.base(dtype="float16")),
            ("out bfloat16", self.base(out_dtype="bfloat16")),
            ("a 2 bytes off 16", self.base(a_ptr=(1 << 30) + 2)),
            ("a 16 bytes off (aligned again)", self.base(a_ptr=(1 << 30) + 16)),
            ("another spec, same arrays", self.base(spec="bik,bkj->bij".replace("i", "m"))),
        ]
        want = {name: self.cold(f) for name, f in variants}
        # the variants are told apart by what they change (else this test could not fail)
        self.assertNotEqual(want["base"][0][3], want["a transposed in memory (same shape, other strides)"][0][3])
        self.assertNotEqual(want["base"][0][8], want["float16"][0][8])
        self.assertNotEqual(want["base"][0][9], want["out bfloat16"][0][9])
        self.assertNotEqual(want["base"][1]["orientation"], want["a 2 bytes off 16"][1]["orientation"])
        # every variant after every other (its geometry and the others' cached)
        gpu._cache.clear()
        gpu._fast.clear()
        for _ in range(2):
            for name, f in variants:
                with self.subTest(variant=name):
                    self.assertEqual(self.warm(f), want[name])

    def test_new_addresses_and_overlap(self):
        T = self.torch
        a, b = T.Tensor((2, 3, 5), T.bfloat16, 1 << 30), T.Tensor((2, 5, 4), T.bfloat16, 1 << 34)
        out = T.Tensor((2, 3, 4), T.float32, 1 << 38)
        self.warm(lambda: cutego.einsum("bik,bkj->bij", a, b, out=out))
        moved = T.Tensor((2, 3, 5), T.bfloat16, (1 << 30) + 4096)
        got = self.warm(lambda: cutego.einsum("bik,bkj->bij", moved, b, out=out))
        self.assertEqual(got, self.cold(lambda: cutego.einsum("bik,bkj->bij", moved, b, out=out)))
        self.assertEqual(got[0][2], (1 << 30) + 4096)
        # out over a's last bytes, and b over out: refused on the known geometry's path (it
        # is cached: the addresses have its alignments) as a first call refuses them
        cases = [("a", a, b, T.Tensor((2, 3, 4), T.float32, (1 << 30) + 48)),
                 ("b", a, T.Tensor((2, 5, 4), T.bfloat16, (1 << 38) + 80), out)]
        for name, x, y, o in cases:
            self.warm(lambda: cutego.einsum("bik,bkj->bij", a, b, out=out))
            for cold in (False, True):
                if cold:
                    gpu._fast.clear()
                n = len(self.fake.calls)
                with self.subTest(operand=name, cold=cold), self.assertRaises(ca.StrideError) as e:
                    cutego.einsum("bik,bkj->bij", x, y, out=o)
                self.assertEqual(e.exception.reason, "out overlaps %s" % name)
                self.assertEqual(len(self.fake.calls), n)



def _interface(shape, typestr="<f2", strides=None, ptr=1 << 30, **kw):
    """An interface dict as given (any types: the cache must not answer for floats or bools)."""
    x = Arr((1,), typestr=typestr, ptr=ptr)
    x.__cuda_array_interface__.update(shape=shape, strides=strides, **kw)
    return x


class TestCaiCache(unittest.TestCase):
    def read(self, x):
        try:
            r = ca.read(x, "gemm", "a")
        except cutego.Error as e:
            return type(e), e.reason
        return (r.ptr, r.dtype, r.itemsize, r.shape, r.strides, r.size, r.span(), r.byte_range(), r.stream,
                r.read_only, r.device)

    def test_cached_reading_equals_a_cold_one(self):
        variants = [
            _interface((4, 6)),
            _interface((4, 6), "<f4"),
            _interface((4, 6), "<f2", (2, 8)),
            _interface((4, 6), "<f4", (4, 16)),
            _interface((4, 6), "<f2", (12, -2), ptr=(1 << 30) + 10),
            _interface((4.0, 6.0)),  # floats equal to ints: refused, never the ints' answer
            _interface((True, 6)),
            _interface((4, 6), "<f2", (12.0, 2)),
            _interface((4, 6), "<f2", (True, 2)),
            _interface((4, 6), "<f2", (3, 12)),  # off the element grid
            _interface((4, 6), ">f2"),
            _interface((4, 6), "<V2"),
            _interface((0, 6)),
            _interface((4, 6), ptr=(1 << 30) + 2, version=3, stream=7),
            _interface((4, 6), data=((1 << 30) + 6, True)),
            _interface((4, 6), "<f2", None, mask=object()),
            _interface((-4, 6)),
        ]
        want = []
        for v in variants:
            ca._cai_geometries.clear()
            want.append(self.read(v))
        self.assertNotEqual(want[0], want[5])
        self.assertEqual(want[5][0], ca.StrideError)
        for _ in range(2):
            for i, v in enumerate(variants):
                with self.subTest(variant=i, interface=v.__cuda_array_interface__):
                    self.assertEqual(self.read(v), want[i])
        self.assertTrue(ca._cai_geometries, "nothing was cached: the test tests nothing")


    def test_extents(self):
        def arr(shape, strides):
            return ca.CudaArray(1 << 30, "float16", 2, shape, strides, 0, False, None, "cai", None)
        ints = arr((4, 6), (6, 1))
        self.assertEqual((ints.size, ints.span(), ints.byte_range()), (24, (0, 23), (1 << 30, (1 << 30) + 48)))
        floats = arr((4.0, 6.0), (6.0, 1.0))  # equal to the ints: answered on its own
        self.assertEqual((type(floats.size), type(floats.span()[1])), (float, float))
        neg = arr((4, 6), (-6, 1))
        self.assertEqual((neg.size, neg.span(), neg.byte_range()), (24, (-18, 5), ((1 << 30) - 36, (1 << 30) + 12)))
        self.assertEqual(arr((0, 6), (6, 1)).byte_range(), (1 << 30, 1 << 30))


if __name__ == "__main__":
    unittest.main()

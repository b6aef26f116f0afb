"""cutego as a drop-in for PyCuTe in a real client: the pinned nvidia-cutlass package's EVT
code (cutlass_cppgen/backend/evt/ir/layout_algorithm.py, tensor.py, layout_nodes.py and
passes/smem_size_calculator.py), which does `from pycute import ...`. Each module is loaded
twice from the pinned package, once with sys.modules["pycute"] = PyCuTe and once with
sys.modules["pycute"] = cutego, and its own functions must give the same results (layouts
compared by shape and stride; failures by exception type).

cutlass_cppgen's package __init__ needs numpy and the CUDA Python bindings; the modules are
loaded by path under stub parent packages instead (only their own imports are real:
cutlass_library, and each other)."""

import importlib.util
import os
import sys
import types
import unittest

from common import DEPS_PY, cutego, have_deps, pycute

EVT = os.path.join(DEPS_PY, "cutlass_cppgen", "backend", "evt")
MODULES = [
    ("cutlass_cppgen.backend.evt.ir.layout_algorithm", "ir/layout_algorithm.py"),
    ("cutlass_cppgen.backend.evt.ir.tensor", "ir/tensor.py"),
    ("cutlass_cppgen.backend.evt.ir.node", "ir/node.py"),
    ("cutlass_cppgen.backend.evt.ir.layout_nodes", "ir/layout_nodes.py"),
    ("cutlass_cppgen.backend.evt.passes.smem_size_calculator", "passes/smem_size_calculator.py"),
]


def _stub(name, **attrs):
    m = types.ModuleType(name)
    m.__path__ = []
    m.__dict__.update(attrs)
    sys.modules[name] = m
    return m


def load_client(pc):
    """The EVT modules, imported with `pycute` bound to pc."""
    if DEPS_PY not in sys.path:
        sys.path.append(DEPS_PY)
    import cutlass_library
    for k in [k for k in sys.modules if k == "cutlass_cppgen" or k.startswith("cutlass_cppgen.")]:
        del sys.modules[k]
    saved = sys.modules.get("pycute")
    sys.modules["pycute"] = pc
    try:
        for p in ("cutlass_cppgen", "cutlass_cppgen.backend", "cutlass_cppgen.backend.evt",
                  "cutlass_cppgen.backend.evt.passes", "cutlass_cppgen.utils"):
            _stub(p)
        _stub("cutlass_cppgen.utils.datatypes",
              library_type=lambda e: e, get_datatype_and_layout=None, get_tensor_shape=None)
        _stub("cutlass_cppgen.backend.library", DataType=cutlass_library.DataType,
              DataTypeSize=cutlass_library.DataTypeSize)
        _stub("cutlass_cppgen.backend.evt.ir", TopoVisitorNode=object, DAGIR=object)
        mods = {}
        for name, rel in MODULES:
            spec = importlib.util.spec_from_file_location(name, os.path.join(EVT, rel))
            m = importlib.util.module_from_spec(spec)
            sys.modules[name] = m
            spec.loader.exec_module(m)
            mods[name.rsplit(".", 1)[1]] = m
        return mods
    finally:
        if saved is None:
            sys.modules.pop("pycute", None)
        else:
            sys.modules["pycute"] = saved


def plain(x):
    """Results as plain data: layouts by shape and stride."""
    if hasattr(x, "shape") and hasattr(x, "stride") and not isinstance(x, type):
        return ("Layout", x.shape, x.stride)
    if isinstance(x, (list, tuple)):
        return type(x)(plain(v) for v in x)
    return x


def attempt(f, *a):
    try:
        return ("ok", plain(f(*a)))
    except Exception as e:  # the client's own exceptions are part of its behaviour
        return ("raise", type(e).__name__ if not isinstance(e, AssertionError) else "assert")


# (layout shape, layout stride, new shape): row-major, column-major, broadcast, batched
RESHAPES = [
    ((4, 8), None, (32,)), ((4, 8), None, (2, 2, 8)), ((4, 8), None, (4, 2, 4)),
    ((8, 4), (4, 1), (32,)), ((8, 4), (4, 1), (8, 2, 2)), ((8, 4), (4, 1), (2, 4, 4)),
    ((16, 32, 2), (32, 1, 512), (16, 4, 8, 2)), ((16, 32, 2), (32, 1, 512), (512, 2)),
    ((4, 6), (6, 1), (24,)), ((4, 6), (6, 1), (2, 2, 6)), ((4, 6), (1, 4), (4, 2, 3)),
    ((128, 64, 3), (1, 128, 8192), (64, 2, 64, 3)), ((128, 64, 3), (64, 1, 8192), (128, 8, 8, 3)),
    ((2, 3, 4), (12, 4, 1), (6, 4)), ((2, 3, 4), (12, 4, 1), (2, 12)), ((2, 3, 4), (1, 2, 6), (24,)),
    ((1, 16), (0, 1), (16,)), ((16, 1), (1, 0), (4, 4)), ((8, 1, 4), (4, 0, 1), (32,)),
    ((6, 10), (10, 1), (3, 2, 5, 2)), ((6, 10), (10, 1), (4, 15)), ((12,), (1,), (3, 4)),
]

BROADCASTS = [((4,), (1,), (8, 4)), ((1, 4), (0, 1), (8, 4)), ((4, 1), (1, 0), (4, 8)),
              ((4, 8), (8, 1), (2, 4, 8)), ((3,), (1,), (3, 5)), ((4, 8), (8, 1), (4, 9))]


class DropIn(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not have_deps():
            raise unittest.SkipTest("needs the pinned nvidia-cutlass package in .deps/py (make setup)")
        cls.ref = load_client(pycute())
        cls.our = load_client(cutego)

    def both(self, fn):
        """fn(modules, Layout) -> result, run on both and compared."""
        r = fn(self.ref, pycute().Layout)
        o = fn(self.our, cutego.Layout)
        self.assertEqual(r, o)
        return o

    def test_imports_bind_cutego(self):
        la = self.our["layout_algorithm"]
        self.assertIs(la.Layout, cutego.Layout)
        self.assertIs(la.composition, cutego.composition)
        self.assertIs(self.our["smem_size_calculator"].shape_div, cutego.shape_div)

    def test_layout_algorithm_reshape(self):
        ok = 0
        for s, d, new in RESHAPES:
            with self.subTest(layout=(s, d), new_shape=new):
                r = self.both(lambda m, L: attempt(m["layout_algorithm"].reshape, L(s, d), new))
                ok += r[0] == "ok"
        self.assertGreaterEqual(ok, len(RESHAPES) - 4)

    def test_layout_algorithm_permutation_broadcast_canonicalization(self):
        for s, d, new in BROADCASTS:
            with self.subTest(layout=(s, d), new_shape=new):
                self.both(lambda m, L: attempt(m["layout_algorithm"].broadcast, L(s, d), new))
        for s, d, perm in [((2, 3, 4), None, [2, 0, 1]), ((4, 8), (8, 1), [1, 0]),
                           ((2, 1, 4), (4, 0, 1), [1, 2, 0])]:
            self.both(lambda m, L: attempt(m["layout_algorithm"].permutation, L(s, d), perm))
        for s, d in [((2, 1, 4), (4, 7, 1)), ((1, (1, 3)), (5, (9, 1))), (1, 3)]:
            self.both(lambda m, L: attempt(m["layout_algorithm"].canonicalization, L(s, d)))
        for s, d, dims in [((4, 1, 8), (8, 0, 1), [1]), ((4, 2), (1, 4), [1]), ((1, 1), (0, 0), [0, 1])]:
            self.both(lambda m, L: attempt(m["layout_algorithm"].debroadcast, L(s, d), dims))

    def tensor_story(self, m, L, shape, tag, steps):
        """A Tensor built as the EVT frontend builds one, then reshaped, broadcast and
        permuted; the row-major shape and stride after each step."""
        import cutlass_library
        T = m["tensor"].Tensor
        t = T(element=cutlass_library.DataType.f16, shape=shape, layout_tag=tag)
        out = [(t.shape, t.stride, plain(t.layout))]
        for op, arg in steps:
            try:
                getattr(t, op)(arg)
                out.append((op, t.shape, t.stride))
            except Exception as e:
                out.append((op, "raise", type(e).__name__))
                break
        return out

    def test_tensor(self):
        import cutlass_library
        RM, CM = cutlass_library.LayoutType.RowMajor, cutlass_library.LayoutType.ColumnMajor
        stories = [
            ((2, 128, 64), RM, [("reshape", (2, 8, 16, 64)), ("permute", [0, 2, 1, 3]),
                                ("reshape", (2, 16, 512))]),
            ((128, 64), CM, [("reshape", (8, 16, 64)), ("permute", [2, 0, 1]), ("broadcast", (2, 64, 8, 16))]),
            ((1, 64), RM, [("broadcast", (128, 64)), ("reshape", (2, 64, 64))]),
            ((64,), RM, [("broadcast", (4, 32, 64)), ("permute", [1, 0, 2])]),
            ((4, 6, 10), RM, [("reshape", (24, 10)), ("reshape", (4, 6, 2, 5)), ("permute", [3, 2, 1, 0])]),
        ]
        for shape, tag, steps in stories:
            with self.subTest(shape=shape, steps=steps):
                self.both(lambda m, L: self.tensor_story(m, L, shape, tag, steps))

    def test_layout_nodes(self):
        import cutlass_library
        RM = cutlass_library.LayoutType.RowMajor

        class Node:
            def __init__(self, **kw):
                self.kwargs = kw

        class Meta:
            def __init__(self, m, shape):
                self.tensor = m["tensor"].Tensor(element=cutlass_library.DataType.f32,
                                                 shape=shape, layout_tag=RM)

        def reshape_story(m, L, in_shape, new_shape, bshape):
            impl = m["layout_nodes"].ReshapeImpl(Node(new_shape=list(new_shape)))
            out = [impl.shape_propagation(Meta(m, in_shape))]
            meta = Meta(m, in_shape)
            try:
                impl.broadcast(bshape, meta)
                out += [impl.input_shape, impl.output_shape, meta.tensor.shape, meta.tensor.stride]
            except Exception as e:
                out.append(type(e).__name__)
            inv = impl.get_inverse_impl()
            out += [inv.input_shape, inv.output_shape]
            return out

        for in_shape, new_shape, bshape in [((2, 32, 16), (2, 512), (4, 2, 512)),
                                            ((8, 64), (8, 4, 16), (2, 8, 4, 16)),
                                            ((1, 16), (16,), (8, 16)),
                                            ((6, 10), (3, 2, 10), (3, 2, 10))]:
            with self.subTest(shape=in_shape, new_shape=new_shape):
                self.both(lambda m, L: reshape_story(m, L, in_shape, new_shape, bshape))

        def perm_story(m, L, shape, idx, bshape):
            impl = m["layout_nodes"].PermutationImpl(Node(indices=idx))
            meta = Meta(m, shape)
            out = [impl.shape_propagation(meta)]
            impl.broadcast(bshape, meta)
            return out + [impl.indices, meta.tensor.shape, meta.tensor.stride]

        for shape, idx, bshape in [((2, 3, 4), (2, 0, 1), (4, 2, 3)), ((8, 16), (1, 0), (4, 16, 8))]:
            self.both(lambda m, L: perm_story(m, L, shape, idx, bshape))

    def test_smem_size_calculator(self):
        import cutlass_library
        DT = cutlass_library.DataType
        RM, CM = cutlass_library.LayoutType.RowMajor, cutlass_library.LayoutType.ColumnMajor

        def story(m, L, cta, sched, ec, ed, tag):
            class Meta:
                def __init__(self, e):
                    self.element = e
                    self.tensor = m["tensor"].Tensor(element=e, shape=(cta[0], cta[1]), layout_tag=tag)

            class DAG:
                cc = 90

                def has_node(self, n):
                    return n == "D" or (n == "C" and ec is not None)

                def get_node_meta(self, n):
                    return Meta(ec if n == "C" else ed)

            class TD:
                threadblock_shape = list(cta)
                blackwell_threadblock_shape = list(cta)
                epilogue_schedule = sched
                is_2sm = cta[0] == 256

            G = m["smem_size_calculator"].GetSmemSize
            g = G.__new__(G)
            g.dag_ir = DAG()
            g.cc = 90
            out = []
            for f in ("sm90_epilogue_tile", "sm100_epilogue_tile"):
                try:
                    getattr(g, f)(TD())
                    out.append((f, g.epilogue_tile_mn, g.epi_tiles, g.stages_c, g.stages_d))
                except Exception as e:
                    out.append((f, type(e).__name__))
            return out

        ES = cutlass_library.EpilogueScheduleType
        for cta in [(128, 128, 64), (64, 256, 32), (256, 128, 64), (128, 64, 128)]:
            for sched in (ES.TmaWarpSpecialized, ES.TmaWarpSpecializedCooperative):
                for ec, ed, tag in [(DT.f16, DT.f16, RM), (None, DT.f32, CM), (DT.f32, DT.bf16, RM)]:
                    with self.subTest(cta=cta, sched=sched, ec=ec, ed=ed):
                        self.both(lambda m, L: story(m, L, cta, sched, ec, ed, tag))


if __name__ == "__main__":
    unittest.main()

"""The atoms (cutego.atom): TiledMMA and TiledCopy through libcutego, against C++ CuTe's own
printout kept in cute/atom/testdata (tiled.out, copies.out and print_latex.golden, each
beside the C++ program that printed it): TV layouts, tiles, partition shapes, every
partition and its offset, retile, and print_latex byte for byte. Then the CuTe DSL's names
and the typed refusals."""

import os
import unittest

import cutego
from cutego import Layout

from common import TOP

TESTDATA = os.path.join(TOP, "cute", "atom", "testdata")


def _rows(name):
    with open(os.path.join(TESTDATA, name)) as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def _plain(s):
    return s.replace("_", "")


def _layout(text):
    return Layout.parse(_plain(text))


def _tuple_text(t):
    if isinstance(t, tuple):
        return "(" + ",".join(_tuple_text(x) for x in t) + ")"
    return str(t)


def _mma_cases():
    """{case: TiledMma} for the tmma_case rows of tiled.out: (atom, atom layout, permutation)."""
    out = {}
    for r in _rows("tiled.out"):
        if r[0] == "tmma_case":
            perm = None if r[4] == "(_,_,_)" else r[4]
            out[r[1]] = cutego.make_tiled_mma(r[2], _layout(r[3]), perm)
    return out


class TiledMMAAgainstCpp(unittest.TestCase):
    def test_tiled_out(self):
        cases = _mma_cases()
        self.assertEqual(len(cases), 14)
        checked = 0
        for r in _rows("tiled.out"):
            if r[0] != "tmma":
                continue
            m, what = cases[r[1]], r[2]
            with self.subTest(case=r[1], what=what, row=r[3:]):
                if what == "vmnk":
                    self.assertEqual(m.thr_layout_vmnk.format(), _plain(r[3]))
                elif what == "tile":
                    self.assertEqual(_tuple_text(m.tile_shape_mnk), _plain(r[3]))
                    self.assertEqual(tuple(m.get_tile_size(i) for i in range(3)), m.tile_shape_mnk)
                elif what in ("A_TV", "B_TV", "C_TV"):
                    got = getattr(m, "tv_layout_%s_tiled" % what[0])
                    self.assertEqual(got.format(), _plain(r[3]))
                elif what.startswith("shape_"):
                    shape = _layout(r[3]).shape
                    got = getattr(m, "partition_shape_" + what[-1])(shape)
                    self.assertEqual(_tuple_text(got), _plain(r[4]))
                elif what.startswith("part_"):
                    thr = m.get_slice(int(r[3]))
                    got, off = thr.partition_with_offset(what[-1], _layout(r[4]))
                    self.assertEqual((got.format(), off), (_plain(r[5]), int(r[6])))
                    self.assertEqual(getattr(thr, "partition_" + what[-1])(_layout(r[4])).format(), _plain(r[5]))
                else:
                    continue
                checked += 1
        self.assertGreater(checked, 200)


class TiledCopyAgainstCpp(unittest.TestCase):
    def test_copies_out(self):
        mmas = _mma_cases()
        copies = {}
        for r in _rows("copies.out"):
            if r[0] != "tcopy_case":
                continue
            atom = cutego.make_copy_atom(r[3], r[4])
            if r[2] == "copy":
                copies[r[1]] = cutego.make_tiled_copy_tv(atom, _layout(r[5]), _layout(r[6]))
            else:
                f = getattr(cutego, "make_tiled_copy_" + r[2][-1])
                copies[r[1]] = f(atom, mmas[r[5]])
        self.assertEqual(len(copies), 5)
        checked = 0
        for r in _rows("copies.out"):
            if r[0] != "tcopy":
                continue
            c, what = copies[r[1]], r[2]
            with self.subTest(case=r[1], what=what, row=r[3:]):
                if what == "tiler":
                    self.assertEqual(_tuple_text(c.tiler_mn), _plain(r[3]))
                elif what == "layout_tv":
                    self.assertEqual(c.layout_tv_tiled.format(), _plain(r[3]))
                    # make_tiled_copy(atom, layout_tv, tiler_mn), the DSL's, rebuilds it
                    again = cutego.make_tiled_copy(c.atom, c.layout_tv_tiled, c.tiler_mn)
                    self.assertEqual(again.layout_src_tv_tiled.format(), c.layout_src_tv_tiled.format())
                elif what in ("S_TV", "D_TV"):
                    got = c.layout_src_tv_tiled if what[0] == "S" else c.layout_dst_tv_tiled
                    self.assertEqual(got.format(), _plain(r[3]))
                elif what.startswith("part_"):
                    got, off = c.get_slice(int(r[3])).partition_with_offset(what[-1], _layout(r[4]))
                    self.assertEqual((got.format(), off), (_plain(r[5]), int(r[6])))
                elif what.startswith("retile_"):
                    self.assertEqual(c.get_slice(0).retile(_layout(r[3])).format(), _plain(r[4]))
                else:
                    continue
                checked += 1
        self.assertGreater(checked, 50)


class PrintLatexAgainstCpp(unittest.TestCase):
    def test_golden(self):
        with open(os.path.join(TESTDATA, "print_latex.golden")) as f:
            text = f.read()
        parts = text.split("== ")[1:]
        self.assertEqual(len(parts), 9)
        mmas = {}
        for p in parts:
            head, _, want = p.partition("\n")
            h = head.split("\t")
            with self.subTest(head=head):
                if h[0] == "mma":
                    perm = None if h[3] == "(_,_,_)" else h[3]
                    obj = cutego.make_tiled_mma(h[1], _layout(h[2]), perm)
                    mmas[(h[1], h[2], h[3])] = obj
                else:
                    atom = cutego.make_copy_atom(h[2], h[3])
                    if h[1] == "copy":
                        obj = cutego.make_tiled_copy_tv(atom, _layout(h[4]), _layout(h[5]))
                    else:
                        # the golden's copy_A / copy_C are of the SM80 (2,2,1) TiledMMA above
                        m = mmas[("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "(_,_,_)")]
                        obj = getattr(cutego, "make_tiled_copy_" + h[1][-1])(atom, m)
                self.assertEqual(cutego.print_latex(obj), want)


class PrintSVG(unittest.TestCase):
    def test_svg(self):
        # the SVG's head names C++'s TV layouts (tiled.out case 4), and it is `cutego
        # render`'s picture of the same TiledMMA, byte for byte
        import subprocess
        from common import CUTEGO_EXE
        m = cutego.make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", Layout((2, 2, 1), (1, 2, 0)))
        svg = m._repr_svg_()
        self.assertEqual(svg, cutego.print_svg(m))
        self.assertIn("LayoutC_TV ((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))", svg)
        self.assertIn("<svg", svg)
        self.assertTrue(svg.rstrip().endswith("</svg>"))
        if os.path.exists(CUTEGO_EXE):
            out = subprocess.run([CUTEGO_EXE, "render", "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, "
                                  "Layout<Shape<_2,_2,_1>,Stride<_1,_2,_0>>{})"],
                                 capture_output=True, text=True, check=True).stdout
            self.assertEqual(svg, out)
        c = cutego.make_tiled_copy_A(cutego.make_copy_atom("SM75_U32x4_LDSM_N", "half_t"), m)
        self.assertIn("<svg", c._repr_svg_())
        big = cutego.make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", None, "(1048576,1048576,16)")
        self.assertIsNone(big._repr_svg_())


class PrintSVGOptions(unittest.TestCase):
    """print_svg's options (readers, thread, tiler) are `cutego render --readers --thread
    --tiler`'s picture byte for byte, and the framed cells are the thread's partitions."""

    def render(self, expr, *flags):
        import subprocess
        from common import CUTEGO_EXE
        if not os.path.exists(CUTEGO_EXE):
            self.skipTest("no cutego command at %s" % CUTEGO_EXE)
        return subprocess.run([CUTEGO_EXE, "render", "--format", "svg", *flags, expr],
                              capture_output=True, text=True, check=True).stdout

    def test_same_as_render(self):
        m = cutego.make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", Layout((2, 2, 1), (1, 2, 0)), "(32,_,16)")
        me = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{},(2,2,1):(1,2,0),(32,_,16))"
        c = cutego.make_tiled_copy_tv(cutego.make_copy_atom("UniversalCopy<uint64_t>", "float"),
                                      Layout((4, 8), (1, 4)), Layout((2, 2), (2, 1)))
        ce = "make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>,float>{},(4,8):(1,4),(2,2):(2,1))"
        for obj, e, opts in ((m, me, ({}, {"readers": True}, {"thread": 5}, {"readers": True, "thread": 127})),
                             (c, ce, ({}, {"readers": True}, {"thread": 3}, {"tiler": True},
                                      {"readers": True, "thread": 31, "tiler": True}))):
            for o in opts:
                with self.subTest(expr=e, options=o):
                    flags = (["--readers"] if o.get("readers") else []) + \
                        (["--thread", str(o["thread"])] if "thread" in o else []) + \
                        (["--tiler"] if o.get("tiler") else [])
                    svg = obj.print_svg(**o)
                    self.assertIsInstance(svg, cutego.atom.Svg)
                    self.assertEqual(svg._repr_svg_(), svg)
                    self.assertEqual(cutego.print_svg(obj, **o), svg)
                    self.assertEqual(svg, self.render(e, *flags))
        self.assertEqual(m.print_svg(), cutego.print_svg(m))

    def test_framed_cells_are_the_partitions(self):
        # the red frames of thread t are the cells of its partition_A/B/C (partition_S/D) of
        # tile-sized column-major tensors, evaluated element by element
        def framed(svg):
            return svg.count('stroke="rgb(220,0,0)"')

        def cells(layout, offset):
            return {offset + layout(i) for i in range(layout.size())}

        m = cutego.make_tiled_mma("SM80_16x8x8_F16F16F16F16_TN", Layout((1, 2), (0, 1)), "(_,(4,4):(4,1),_)")
        M, N, K = m.tile_shape_mnk
        for t in (0, 5, 63):
            s = m.get_slice(t)
            want = sum(len(cells(*s.partition_with_offset(w, Layout(shp))))
                       for w, shp in (("A", (M, K)), ("B", (N, K)), ("C", (M, N))))
            self.assertEqual(framed(m.print_svg(thread=t)), want, t)
            self.assertEqual(framed(m.print_svg(readers=True, thread=t)), want, t)
        self.assertEqual(framed(m.print_svg()), 0)
        c = cutego.make_tiled_copy_tv(cutego.make_copy_atom("UniversalCopy<uint128_t>", "half_t"),
                                      Layout((32, 8), (8, 1)), Layout((1, 8), (0, 1)))
        tile = (32, 64)
        for t in (0, 9, 255):
            s = c.get_slice(t)
            want = len(cells(*s.partition_with_offset("S", Layout(tile)))) + \
                len(cells(*s.partition_with_offset("D", Layout(tile))))
            self.assertEqual(framed(c.print_svg(thread=t)), want, t)

    def test_refusals(self):
        m = cutego.make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", Layout((2, 2, 1), (1, 2, 0)))
        for o in ({"thread": 128}, {"thread": -1}, {"thread": "3"}, {"readers": 1},
                  {"tiler": True}, {"thread": 1 << 70}):
            with self.subTest(options=o):
                with self.assertRaises(cutego.Error) as cm:
                    m.print_svg(**o)
                self.assertEqual(cm.exception.op, "print_svg")
                if o.get("thread") == 128:  # the library's refusal, naming the thread
                    self.assertIn("thread 128", str(cm.exception))
        with self.assertRaises(cutego.Error):
            cutego.print_svg(Layout((4, 8)), thread=1)


class Names(unittest.TestCase):
    def test_dsl_names(self):
        m = cutego.make_tiled_mma(cutego.make_mma_atom("SM80_16x8x8_F32TF32TF32F32_TN"), (2, 4, 1))
        self.assertIsInstance(m, cutego.TiledMma)
        self.assertEqual(m.size, 256)
        self.assertEqual(m.shape_mnk, (16, 8, 8))
        self.assertEqual(m.permutation_mnk, (None, None, None))
        self.assertEqual(m.thr_id.format(), "32:1")
        for name in ("tv_layout_A", "tv_layout_B", "tv_layout_C", "thr_layout_vmnk",
                     "tv_layout_A_tiled", "tv_layout_B_tiled", "tv_layout_C_tiled"):
            self.assertIsInstance(getattr(m, name), Layout, name)
        a = cutego.make_copy_atom("UniversalCopy<uint32_t>", "half_t")
        self.assertEqual((a.op, a.value_type), ("UniversalCopy<uint32_t>", "half_t"))
        self.assertEqual(a.layout_src_tv.format(), "(1,2):(0,1)")  # copies.out
        # an atom given by name or as an MmaAtom is the same TiledMMA
        p = cutego.make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN", (2, 2, 1), (32, Layout((8, 2, 2), (1, 16, 8)), 16))
        q = cutego.make_tiled_mma(cutego.make_mma_atom("SM80_16x8x16_F32F16F16F32_TN"), (2, 2, 1),
                                  "(32,(8,2,2):(1,16,8),16)")
        self.assertEqual(p.tv_layout_C_tiled, q.tv_layout_C_tiled)
        self.assertEqual(p.permutation_mnk[1].format(), "(8,2,2):(1,16,8)")


class Refusals(unittest.TestCase):
    def refused(self, kind, f, *args):
        with self.assertRaises(cutego.Error) as cm:
            f(*args)
        self.assertEqual(cm.exception.kind, kind, str(cm.exception))
        return str(cm.exception)

    def test_typed_errors_name_the_atom(self):
        atom = "SM80_16x8x16_F32F16F16F32_TN"
        msg = self.refused("invalid argument", cutego.make_tiled_mma, "SM80_16x8x16_F32F16F16F32_TX")
        self.assertIn("SM80_16x8x16_F32F16F16F32_TX", msg)
        self.assertIn(atom, self.refused("invalid argument", cutego.make_tiled_mma, atom, Layout((2, 2, 1, 2))))
        self.assertIn(atom, self.refused("not admissible", cutego.make_tiled_mma, atom, None, (24, None, None)))
        self.refused("parse", cutego.make_tiled_mma, atom, None, "(24,")
        self.refused("invalid argument", cutego.make_tiled_mma, 42)
        self.refused("parse", cutego.make_tiled_mma, atom + "\0")
        m = cutego.make_tiled_mma(atom, Layout((2, 2, 1), (1, 2, 0)))
        self.assertIn("thread index 128", self.refused("invalid argument", m.get_slice(128).partition_C,
                                                       Layout((32, 32))))
        self.refused("invalid argument", m.get_slice(0).partition_with_offset, "D", Layout((32, 32)))
        self.refused("invalid argument", m.get_tile_size, 3)
        msg = self.refused("not admissible", cutego.make_copy_atom, "SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>", "float")
        self.assertIn("SM80_CP_ASYNC_CACHEGLOBAL", msg)
        ldsm = cutego.make_copy_atom("SM75_U32x4_LDSM_N", "half_t")
        self.assertIn("SM75_U32x4_LDSM_N", self.refused("not admissible", cutego.make_tiled_copy_tv, ldsm,
                                                        Layout((3, 8), (8, 1))))
        self.refused("invalid argument", cutego.make_tiled_copy_A, "SM75_U32x4_LDSM_N", m)
        self.refused("invalid argument", cutego.make_tiled_copy_A, ldsm, "not a TiledMma")

    def test_large_values_cost_nothing(self):
        # a tile of 2^32 x 2^32: its reference layout overflows int64, refused at once
        atom = "SM80_16x8x16_F32F16F16F32_TN"
        self.assertIn("overflow", self.refused("overflow", cutego.make_tiled_mma, atom, None,
                                               "(4294967296,4294967296,16)"))
        # a 2^20 x 2^20 tile is made (layouts only), its picture refused, not drawn
        m = cutego.make_tiled_mma(atom, None, "(1048576,1048576,16)")
        self.assertEqual(m.tile_shape_mnk, (1 << 20, 1 << 20, 16))
        self.assertIn("too large", self.refused("invalid argument", cutego.print_latex, m))
        self.refused("capacity", cutego.make_tiled_mma, "S" * 100000)
        self.refused("invalid argument", cutego.make_tiled_mma, "S" * 200)


if __name__ == "__main__":
    unittest.main()

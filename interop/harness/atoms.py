"""The atom family: CuTe's MMA and copy atoms, TiledMMA and TiledCopy, against C++ CuTe.

The atoms are cutego's one table (cute/atom/atoms.txt), read through the parser of the
program that prints their C++ expected values (cute/atom/testdata/gen.py). Cases:

- the MMA atoms of the table, one case each: a TV layout (A, B, C in turn) of its one-atom
  TiledMMA. Every atom but the GMMA atoms; of those (the GMMA atoms of one row of layouts
  differ only in their types and majors) one atom of each of GMMA_ROWS rows, rows and atoms
  drawn by the seed among all of them, those whose template arguments name
  GMMA::Major::K / MN included (cute/atom's Go test compares every GMMA atom of the table
  with C++);
- random TiledMMAs: an atom, a random atom layout (column-major, row-major or permuted
  order, modes of size 1 with stride 0 as kernels write them) and a random permutation tile
  (`_`, an integer, or a layout that permutes the mode); each gives its three TV layouts,
  thrfrg, partition_shape and a thread's partition of a tensor over a counting iterator;
- random TiledCopys: make_tiled_copy of UniversalCopy atoms with random thread and value
  layouts, and make_tiled_copy_A/B/C of the ldmatrix / stmatrix / universal atoms over
  random TiledMMAs; each gives its S and D TV layouts, tidfrg and a thread's partitions.

Cases of one configuration are consecutive, so that they share a C++ translation unit and
the configuration's types are instantiated once."""

import importlib.util
import os
import random
import re

from .expr import Int, Tup, Lay, Under, Call, TypeVal
from .gen import node

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TESTDATA = os.path.join(TOP, "cute", "atom", "testdata", "gen.py")


def _table():
    """(mma names, {name: layouts row}) of cute/atom/atoms.txt, by testdata/gen.py's parser."""
    spec = importlib.util.spec_from_file_location("cute_atom_testdata_gen", TESTDATA)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    mma, _, _ = m.table()
    return mma, dict(m.LAYOUTS), m.mma_cpp


def _spelling(name, mma_cpp):
    """(eval text, C++ text) of an MMA atom value: the table's name as C++ spells it
    (`SM90_64x8x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>{}`; `<>` written as `{}`)."""
    return name[:-2] + "{}" if name.endswith("<>") else name + "{}", mma_cpp(name) + "{}"


def _gmma(name):
    """A GMMA (wgmma) atom of the table."""
    return name.startswith("SM90_64x")


# how many GMMA rows of layouts the table cases hold: the number of rows of the GMMA atoms
# without GMMA::Major arguments, which were the only ones compiled before the atoms naming
# a Major joined, so that the family's case count stays what `make interop` budgets
GMMA_ROWS = 128


def _size(layout):
    """The size of a layout written as CuTe prints it (the product of its shape)."""
    p = 1
    for x in re.findall(r"\d+", layout.split(":")[0]):
        p *= int(x)
    return p


def _shape_mnk(name):
    m = re.match(r"SM\d+_(\d+)x(\d+)x(\d+)_", name)
    return [int(m.group(i)) for i in (1, 2, 3)]


# (copy op, value type, which operand of make_tiled_copy_{A,B,C}, the MMA atoms it serves)
COPY_MMA = [
    ("SM75_U32x4_LDSM_N", "half_t", "A", "SM80_16x8x16_F32F16F16F32_TN"),
    ("SM75_U32x2_LDSM_N", "half_t", "B", "SM80_16x8x16_F32F16F16F32_TN"),
    ("SM75_U32x1_LDSM_N", "half_t", "B", "SM80_16x8x8_F16F16F16F16_TN"),
    ("SM75_U32x2_LDSM_N", "half_t", "A", "SM80_16x8x8_F16F16F16F16_TN"),
    ("SM75_U16x4_LDSM_T", "half_t", "B", "SM80_16x8x16_F16F16F16F16_TN"),
    ("SM90_U32x4_STSM_N", "half_t", "C", "SM90_64x16x8_F32TF32TF32_SS_TN<>"),
    ("SM90_U32x2_STSM_N", "half_t", "C", "SM80_16x8x16_F16F16F16F16_TN"),
    ("UniversalCopy<uint32_t>", "half_t", "C", "SM80_16x8x16_F32F16F16F32_TN"),
    ("UniversalCopy<float>", "float", "C", "SM80_16x8x8_F32TF32TF32F32_TN"),
    ("DefaultCopy", "half_t", "A", "SM80_16x8x16_F32F16F16F32_TN"),
    ("DefaultCopy", "float", "B", "SM80_8x8x4_F64F64F64F64_TN"),
]
BITS = {"half_t": 16, "float": 32, "uint8_t": 8, "double": 64}


class AtomFamily:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed * 7919 + 23)
        self.mma, self.layouts, self.mma_cpp = _table()

    def atom(self, name):
        e, c = _spelling(name, self.mma_cpp)
        return TypeVal(e, c)

    # ------------------------------------------------------------ pieces
    def atom_layout(self, max_threads=8):
        """A random (M,N,K) atom layout: sizes 1, 2, 4 (K mostly 1), column-major, row-major
        or a permuted order; stride 0 on modes of size 1."""
        r = self.r
        while True:
            shp = [r.choice([1, 2, 4]), r.choice([1, 2, 4]), r.choice([1, 1, 1, 2])]
            if shp[0] * shp[1] * shp[2] <= max_threads:
                break
        order = [0, 1, 2]
        k = r.random()
        if k < 0.4:
            pass
        elif k < 0.7:
            order = [2, 1, 0]
        else:
            r.shuffle(order)
        st, acc = [0, 0, 0], 1
        for i in order:
            st[i] = 0 if shp[i] == 1 else acc
            acc *= shp[i]
        if r.random() < 0.3:  # the rank-2 (M,N) form
            if shp[2] == 1:
                return Lay(node(shp[:2]), node(st[:2]))
        return Lay(node(shp), node(st))

    def perm_mode(self, size):
        """A permutation tile's mode for a tile of `size`: `_`, an integer multiple, or a
        layout that permutes the mode (a product of two factors in either order)."""
        r = self.r
        k = r.random()
        if k < 0.35:
            return Under()
        n = size * r.choice([1, 1, 2])
        if k < 0.75 or n < 4:
            return Int(n)
        a = r.choice([x for x in (2, 4, 8) if n % x == 0 and x < n])
        b = n // a
        if r.random() < 0.5:  # (a,b):(b,1)
            return Lay(node([a, b]), node([b, 1]))
        if a == 2:
            return Lay(node([b, a]), node([a, 1]))  # (b,a):(a,1)
        c = r.choice([x for x in (2, 4) if a % x == 0 and x < a])  # ((c,a/c),b):((1,c*b),c)
        return Lay(node([[c, a // c], b]), node([[1, c * b], c]))

    def tiled_mma(self, name):
        r = self.r
        al = self.atom_layout()
        s = [int(x.v) for x in al.shape.items] + [1] * (3 - len(al.shape.items))
        mnk = _shape_mnk(name)
        perm = Tup([self.perm_mode(mnk[i] * s[i]) for i in range(3)])
        args = [self.atom(name), al]
        if r.random() < 0.85:
            args.append(perm)
        threads = _size(self.layouts[name][1]) * s[0] * s[1] * s[2]
        return Call("make_tiled_mma", args), [mnk[i] * s[i] for i in range(3)], threads

    @staticmethod
    def col(shape):
        st, acc = [], 1
        for x in shape:
            st.append(acc)
            acc *= x
        return Lay(node(shape), node(st))

    @staticmethod
    def row(shape):
        st, acc = [0] * len(shape), 1
        for i in reversed(range(len(shape))):
            st[i] = acc
            acc *= shape[i]
        return Lay(node(shape), node(st))

    # ------------------------------------------------------------ cases
    def table_rows(self):
        """The atoms of the table cases, in table order: every non-GMMA atom, and one GMMA
        atom (drawn by the seed among the row's) from each of GMMA_ROWS rows of layouts drawn
        by the seed among all GMMA rows. Its own generator, so that the random cases do not
        depend on the table."""
        r = random.Random(self.seed * 104729 + 7)
        rows = {}
        for name in self.mma:
            if _gmma(name):
                rows.setdefault(self.layouts[name], []).append(name)
        keys = list(rows)
        chosen = set(r.sample(keys, min(GMMA_ROWS, len(keys))))
        pick = {rows[k][0]: r.choice(rows[k]) for k in keys if k in chosen}
        return [pick[n] if _gmma(n) else n for n in self.mma if not _gmma(n) or n in pick]

    def table_cases(self):
        """One TV layout of each atom of table_rows' one-atom TiledMMA."""
        out, k = [], 0
        for name in self.table_rows():
            w = "ABC"[k % 3]
            k += 1
            out.append(("atom_table", Call("get_layout%s_TV" % w,
                                           [Call("make_tiled_mma", [self.atom(name)])])))
        return out

    def mma_cases(self):
        r = self.r
        pool = [n for n in self.mma if not _gmma(n) or _shape_mnk(n)[1] <= 32]
        name = r.choice(pool)
        M, tile, nthr = self.tiled_mma(name)
        out = [("tiled_mma_tv", Call("get_layout%s_TV" % w, [M])) for w in "ABC"]
        out.append(("tiled_mma_tv", Call("tile_shape", [M])))
        dims = {"A": (0, 2), "B": (1, 2), "C": (0, 1)}
        for w in r.sample("ABC", 2):
            i, j = dims[w]
            shp = [tile[i] * r.choice([1, 2]), tile[j] * r.choice([1, 2, 3])]
            out.append(("tiled_mma_thrfrg", Call("thrfrg_" + w, [M, self.col(shp)])))
            out.append(("tiled_mma_partition_shape", Call("partition_shape_" + w, [M, node(shp)])))
            t = r.randrange(nthr)
            g = Call("iota_tensor", [self.row(shp) if r.random() < 0.5 else self.col(shp)])
            out.append(("tiled_mma_partition", Call("partition_" + w,
                                                    [Call("get_slice", [M, Int(t)]), g])))
        return out

    def copy_cases(self):
        r = self.r
        if r.random() < 0.5:
            vt = r.choice(["half_t", "float"])
            bits = r.choice([b for b in (16, 32, 64, 128) if b >= BITS[vt]])
            nv = bits // BITS[vt]
            ops = {16: "uint16_t", 32: "uint32_t", 64: "uint64_t", 128: "uint128_t"}
            A = TypeVal("Copy_Atom<UniversalCopy<%s>,%s>{}" % (ops[bits], vt))
            tm = [r.choice([1, 2, 4, 8, 16, 32]), r.choice([1, 2, 4, 8])]
            thr = self.col(tm) if r.random() < 0.5 else self.row(tm)
            vs = [nv * r.choice([1, 1, 2]), r.choice([1, 1, 2])]
            if r.random() < 0.5:
                vs.reverse()
            C = Call("make_tiled_copy", [A, thr, self.col(vs) if r.random() < 0.5 else self.row(vs)])
            tile = [tm[0] * vs[0], tm[1] * vs[1]]
            nthr = tm[0] * tm[1]
        else:
            op, vt, w, name = r.choice(COPY_MMA)
            M, mtile, nthr = self.tiled_mma(name)
            A = TypeVal("Copy_Atom<%s,%s>{}" % (op, vt))
            C = Call("make_tiled_copy_" + w, [A, M])
            i, j = {"A": (0, 2), "B": (1, 2), "C": (0, 1)}[w]
            tile = [mtile[i], mtile[j]]
        out = [("tiled_copy_tv", Call(f, [C])) for f in ("get_layoutS_TV", "get_layoutD_TV")]
        shp = [tile[0] * r.choice([1, 2]), tile[1] * r.choice([1, 2, 4])]
        out.append(("tiled_copy_tidfrg", Call(r.choice(["tidfrg_S", "tidfrg_D"]),
                                              [C, self.col(shp)])))
        for f in ("partition_S", "partition_D"):
            g = Call("iota_tensor", [self.row(shp) if r.random() < 0.5 else self.col(shp)])
            out.append(("tiled_copy_partition",
                        Call(f, [Call("get_slice", [C, Int(r.randrange(nthr))]), g])))
        return out


def generate_atoms(seed, n):
    """The table's cases and n random cases of TiledMMAs and TiledCopys (whole
    configurations: a few more than n): list of (op, node)."""
    f = AtomFamily(seed)
    out = f.table_cases()
    rnd = []
    while len(rnd) < n:
        rnd += f.mma_cases() if f.r.random() < 0.55 else f.copy_cases()
    return out + rnd

#!/usr/bin/env python3
"""gen.py writes the C++ programs whose printout is the expected values of the Go tests of
package atom: atoms.cpp (every atom of ../atoms.txt as C++ CuTe instantiates it, and the
TV layouts of its one-atom TiledMMA), tiled.cpp (TiledMMA and TiledCopy configurations:
TV layouts, tiles, thrfrg, partitions, retile) and print_latex.cpp (CuTe's print_latex of
TiledMMAs and TiledCopys). gen.sh compiles and runs them into atoms.out, tiled.out and
print_latex.golden. The configurations are listed here once; the programs print them
beside the results, so the Go tests read both from the .out files."""
import os, random, re

here = os.path.dirname(os.path.abspath(__file__))

# ---- C++ spelling of cutego's printed forms -------------------------------------------
def split_top(s):
    out, depth, cur = [], 0, ''
    for ch in s:
        if ch == ',' and depth == 0:
            out.append(cur); cur = ''; continue
        depth += ch == '('
        depth -= ch == ')'
        cur += ch
    out.append(cur)
    return out

def tup_cpp(s, kind):
    s = s.strip()
    if s.startswith('('):
        return kind + '<' + ','.join(tup_cpp(e, kind) for e in split_top(s[1:-1])) + '>'
    return '_' + s

def layout_cpp(s):
    depth = 0
    for i, ch in enumerate(s):
        depth += ch == '('
        depth -= ch == ')'
        if ch == ':' and depth == 0:
            return 'Layout<%s,%s>' % (tup_cpp(s[:i], 'Shape'), tup_cpp(s[i+1:], 'Stride'))
    return 'Layout<%s>' % tup_cpp(s, 'Shape')

def tiler_cpp(s):
    elems = split_top(s.strip()[1:-1])
    out = []
    for e in elems:
        e = e.strip()
        if e == '_': out.append('Underscore')
        elif ':' in e: out.append(layout_cpp(e))
        else: out.append('_' + e)
    return 'Tile<' + ','.join(out) + '>'

def parts(blocks, per):
    """Wraps the blocks of main() in `#if` guards, per blocks to a part, so that gen.sh
    can compile the program's parts (-DPART=k) in parallel and concatenate their
    printouts in order; without PART the program prints everything."""
    out, n = [], 0
    for i in range(0, len(blocks), per):
        out.append('#if !defined(PART) || PART == %d\n' % n)
        out.extend(blocks[i:i + per])
        out.append('#endif\n')
        n += 1
    return ''.join(out), n

def q(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'

def mma_cpp(name):
    return name.replace('GMMA::', 'SM90::GMMA::')

# ---- the table ---------------------------------------------------------------------------
def table():
    mma, nsets, copy, types = [], {}, [], {}
    global LAYOUTS
    LAYOUTS = {}
    for line in open(os.path.join(here, '..', 'atoms.txt')):
        f = line.split()
        if not f or f[0].startswith('#'): continue
        if f[0] == 'mma':
            mma.append(f[1]); LAYOUTS[f[1]] = tuple(f[2:7])
        elif f[0] == 'nset': nsets[f[1]] = f[2:]
        elif f[0] == 'gmma':
            for n in nsets[f[2]]:
                for ma in ('K', 'MN'):
                    for mb in ('K', 'MN'):
                        nm = f[1].replace('{N}', n).replace('{MA}', ma).replace('{MB}', mb)
                        if nm not in mma:
                            mma.append(nm)
                            LAYOUTS[nm] = tuple(x.replace('{N}', n).replace('{N8}', str(int(n) // 8)) for x in f[3:8])
        elif f[0] == 'copy': copy.append((f[1], f[2]))
        elif f[0] == 'type': types[f[1]] = int(f[2])
    return mma, copy, types

MMA_ROW = r'''
template <class Op>
void mma_row(const char* name) {
  using A = MMA_Atom<Op>;
  printf("mma\t%s\t", name); print(typename A::Shape_MNK{}); printf("\t"); print(typename A::ThrID{});
  printf("\t"); print(typename A::LayoutA_TV{}); printf("\t"); print(typename A::LayoutB_TV{});
  printf("\t"); print(typename A::LayoutC_TV{}); printf("\n");
}
template <class Op>
void mma_tv(const char* name) {
  auto m = make_tiled_mma(Op{});
  printf("mma_tv\t%s\t", name); print(tile_shape(m)); printf("\t"); print(m.get_layoutA_TV());
  printf("\t"); print(m.get_layoutB_TV()); printf("\t"); print(m.get_layoutC_TV()); printf("\n");
}
'''

# ---- atoms.cpp -----------------------------------------------------------------------------
PRELUDE = r'''// The GMMA atoms of N outside {8,16,32,64,96,128,192,256} need this opt-in of CUTLASS's.
#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED
#include <cstdio>
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
using namespace cute;
'''

# How many parts of each program are kept: the C++ printouts of testdata hold these parts
# (compiling a part takes minutes; more parts, more cases).
ATOMS_PARTS = 3
TILED_PARTS = 7

def gen_atoms():
    mma, copy, types = table()
    body = []
    body.append('')
    body.append(MMA_ROW + 'int main() {\n')
    # GMMA atoms differ in their majors only by their descriptors, not their layouts: each
    # N is printed with K-major A and B, and every major for N = 64.
    tv_ns = {'8', '64', '256'}
    tv_seen = set()
    for nm in mma:
        m = re.match(r'SM90_64x(\d+)x', nm)
        if m and 'Major::MN' in nm and m.group(1) != '64': continue
        body.append('  mma_row<%s>(%s);\n' % (mma_cpp(nm), q(nm)))
        if m and (m.group(1) not in tv_ns or 'Major::MN' in nm): continue
        # one-atom TiledMMAs of atoms with the same layouts are the same: one of each
        if LAYOUTS[nm] in tv_seen: continue
        tv_seen.add(LAYOUTS[nm])
        body.append('  mma_tv<%s>(%s);\n' % (mma_cpp(nm), q(nm)))
    text, n = parts(body[2:2 + 120 * ATOMS_PARTS], 120)
    open(os.path.join(here, 'atoms.cpp'), 'w').write(
        '// atoms.cpp — generated by gen.py: every atom of ../atoms.txt as C++ CuTe holds it.\n// parts: %d\n' % n
        + PRELUDE + ''.join(body[:2]) + text + '}\n')

# ---- gmma.cpp ------------------------------------------------------------------------------
# Every SM90 GMMA atom of the table (each N, each GMMA::Major of A and B), in GMMA_PARTS
# parts; atoms.cpp prints the one-atom TiledMMAs of the GMMA atoms of N = 8, 64, 256.
# C++ CuTe instantiates all 1,440 on the pinned headers; 1,024 of them (N outside
# {8,16,32,64,96,128,192,256}) only with CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED (PRELUDE):
# without it mma_traits_sm90_gmma.hpp does not declare them ("'SM90_64x24x16_F16F16F16_SS'
# was not declared in this scope").
GMMA_PARTS = 4

def gen_gmma():
    mma, copy, types = table()
    body = ['  mma_row<%s>(%s);\n' % (mma_cpp(nm), q(nm)) for nm in mma if nm.startswith('SM90_64x')]
    text, n = parts(body, -(-len(body) // GMMA_PARTS))
    open(os.path.join(here, 'gmma.cpp'), 'w').write(
        '// gmma.cpp — generated by gen.py: every SM90 GMMA atom of ../atoms.txt as C++ CuTe holds it.\n// parts: %d\n' % n
        + PRELUDE + MMA_ROW + 'int main() {\n' + text + '}\n')

# ---- tiled.cpp ------------------------------------------------------------------------------
# (atom, atom layout, permutation, extra shape multiple)
MMA_CASES = [
    ('SM70_8x8x4_F32F16F16F32_NT', '(1,1,1):(0,0,0)', '(8,8,4)'),
    ('SM70_8x8x4_F32F16F16F32_NT', '(2,2):(2,1)', '(_,_,_)'),
    ('SM70_8x8x4_F32F16F16F32_NT', '(2,2):(2,1)', '(32,32,4)'),
    ('SM70_8x8x4_F32F16F16F32_NT', '(2,2):(2,1)', '((4,4,2):(1,8,4),32,4)'),
    ('SM80_16x8x16_F32F16F16F32_TN', '(2,2,1):(1,2,0)', '(_,_,_)'),
    ('SM80_16x8x16_F32F16F16F32_TN', '(2,2,1):(1,2,0)', '(32,32,16)'),
    ('SM80_16x8x16_F32F16F16F32_TN', '(2,2,1):(2,1,0)', '(32,(8,2,2):(1,16,8),16)'),
    ('SM80_16x8x8_F16F16F16F16_TN', '(1,4,1):(0,1,0)', '(16,64,16)'),
    ('SM80_16x8x8_F32TF32TF32F32_TN', '(2,4,1):(4,1,0)', '(_,_,_)'),
    ('SM80_8x8x4_F64F64F64F64_TN', '(2,2,1):(1,2,0)', '(16,32,8)'),
    ('SM80_16x8x32_S32S8S8S32_TN', '(4,1,1):(1,0,0)', '(64,16,64)'),
    ('SM75_16x8x8_F32F16F16F32_TN', '(2,2,2):(1,2,4)', '(_,_,_)'),
    ('SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>', '(2,1,1):(1,0,0)', '(_,_,_)'),
    ('SM90_64x64x16_F16F16F16_RS<GMMA::Major::K,GMMA::Major::MN>', '(1,2,1):(0,1,0)', '(_,_,_)'),
    ('SM90_64x32x8_F32TF32TF32_SS_TN<>', '(2,1,1):(1,0,0)', '(128,64,16)'),
]

def random_mma_cases(rng, n):
    atoms = ['SM80_16x8x16_F32F16F16F32_TN', 'SM80_16x8x8_F16F16F16F16_TN', 'SM70_8x8x4_F32F16F16F32_TN',
             'SM80_8x8x16_S32S8S8S32_TN', 'SM80_16x8x4_F32TF32TF32F32_TN', 'SM90_16x8x8_F64F64F64F64_TN']
    out = []
    for _ in range(n):
        a = rng.choice(atoms)
        shp = [rng.choice([1, 2, 4]) for _ in range(2)] + [rng.choice([1, 1, 2])]
        if rng.random() < 0.5:  # column-major
            st, acc = [], 1
            for s in shp: st.append(0 if s == 1 else acc); acc *= s
        else:
            st, acc = [0] * 3, 1
            for i in reversed(range(3)): st[i] = 0 if shp[i] == 1 else acc; acc *= shp[i]
        lay = '(%s):(%s)' % (','.join(map(str, shp)), ','.join(map(str, st)))
        m = re.match(r'SM\d+_(\d+)x(\d+)x(\d+)', a)
        ams = [int(m.group(i)) for i in (1, 2, 3)]
        perm = []
        for i in range(3):
            r = rng.random()
            if r < 0.4: perm.append('_')
            else: perm.append(str(ams[i] * shp[i] * rng.choice([1, 2])))
        out.append((a, lay, '(' + ','.join(perm) + ')'))
    return out

def mma_block(i, atom, lay, perm):
    name = mma_cpp(atom)
    L = layout_cpp(lay)
    P = tiler_cpp(perm)
    return r'''  {
    auto m = make_tiled_mma(%(name)s{}, %(L)s{}, %(P)s{});
    const char* id = "%(i)d";
    printf("tmma_case\t%%s\t%%s\t%%s\t%%s\n", id, %(qa)s, %(ql)s, %(qp)s);
    tmma_fields(id, m);
  }
''' % dict(name=name, L=L, P=P, i=i, qa=q(atom), ql=q(lay), qp=q(perm))

TMMA_FIELDS = r'''
static float buf[1 << 16];
template <class L> void pl(L const& l) { print(l); }
template <class M>
void tmma_fields(const char* id, M const& m) {
  printf("tmma\t%s\tvmnk\t", id); print(m.get_thr_layout_vmnk()); printf("\n");
  printf("tmma\t%s\ttile\t", id); print(tile_shape(m)); printf("\n");
  printf("tmma\t%s\tA_TV\t", id); print(m.get_layoutA_TV()); printf("\n");
  printf("tmma\t%s\tB_TV\t", id); print(m.get_layoutB_TV()); printf("\n");
  printf("tmma\t%s\tC_TV\t", id); print(m.get_layoutC_TV()); printf("\n");
  auto ts = tile_shape(m);
  auto MK = make_shape(get<0>(ts) * _2{}, get<2>(ts) * _2{});
  auto NK = make_shape(get<1>(ts) * _2{}, get<2>(ts) * _2{});
  auto MN = make_shape(get<0>(ts) * _2{}, get<1>(ts) * _3{});
  printf("tmma\t%s\tthrfrg_A\t", id); print(MK); printf("\t"); print(m.thrfrg_A(make_layout(MK))); printf("\n");
  printf("tmma\t%s\tthrfrg_B\t", id); print(NK); printf("\t"); print(m.thrfrg_B(make_layout(NK))); printf("\n");
  printf("tmma\t%s\tthrfrg_C\t", id); print(MN); printf("\t"); print(m.thrfrg_C(make_layout(MN))); printf("\n");
  printf("tmma\t%s\tshape_A\t", id); print(MK); printf("\t"); print(partition_shape_A(m, MK)); printf("\n");
  printf("tmma\t%s\tshape_B\t", id); print(NK); printf("\t"); print(partition_shape_B(m, NK)); printf("\n");
  printf("tmma\t%s\tshape_C\t", id); print(MN); printf("\t"); print(partition_shape_C(m, MN)); printf("\n");
  auto gA = make_tensor(make_gmem_ptr(buf), make_layout(MK, LayoutRight{}));
  auto gB = make_tensor(make_gmem_ptr(buf), make_layout(NK, LayoutRight{}));
  auto gC = make_tensor(make_gmem_ptr(buf), make_layout(MN, LayoutRight{}));
  int n = size(m);
  for (int t : {0, 1, n / 2 + 3, n - 1}) {
    if (t >= n) continue;
    auto s = m.get_slice(t);
    auto pa = s.partition_A(gA); auto pb = s.partition_B(gB); auto pc = s.partition_C(gC);
    printf("tmma\t%s\tpart_A\t%d\t", id, t); print(gA.layout()); printf("\t"); print(pa.layout()); printf("\t%d\n", int(pa.data().get() - buf));
    printf("tmma\t%s\tpart_B\t%d\t", id, t); print(gB.layout()); printf("\t"); print(pb.layout()); printf("\t%d\n", int(pb.data().get() - buf));
    printf("tmma\t%s\tpart_C\t%d\t", id, t); print(gC.layout()); printf("\t"); print(pc.layout()); printf("\t%d\n", int(pc.data().get() - buf));
    printf("tmma\t%s\tfrag_C\t%d\t", id, t); print(gC.layout()); printf("\t"); print(shape(s.partition_fragment_C(gC))); printf("\n");
  }
}
'''

# (kind, copy op, value type, thr layout or mma case index, val layout)
COPY_CASES = [
    ('copy', 'UniversalCopy<uint128_t>', 'half_t', '(32,8):(8,1)', '(1,8):(0,1)'),
    ('copy', 'SM80_CP_ASYNC_CACHEALWAYS<uint128_t>', 'half_t', '(16,8):(8,1)', '(1,8):(0,1)'),
    ('copy', 'SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>', 'float', '(8,16):(1,8)', '(4,1):(1,0)'),
    ('copy', 'UniversalCopy<uint32_t>', 'float', '(32,4):(4,1)', '(1,1):(0,0)'),
    ('copy', 'UniversalCopy<uint64_t>', 'half_t', '(8,16):(1,8)', '(4,1):(1,0)'),
    ('copy', 'UniversalCopy<uint32_t>', 'half_t', '(4,8):(1,4)', '(2,2):(1,2)'),
    ('copy', 'DefaultCopy', 'float', '(4,4):(4,1)', '(2,1):(1,0)'),
    ('copy_A', 'SM75_U32x4_LDSM_N', 'half_t', 4, None),
    ('copy_B', 'SM75_U32x2_LDSM_N', 'half_t', 4, None),
    ('copy_B', 'SM75_U16x4_LDSM_T', 'half_t', 5, None),
    ('copy_A', 'SM75_U32x4_LDSM_N', 'half_t', 5, None),
    ('copy_C', 'UniversalCopy<uint32_t>', 'half_t', 4, None),
    ('copy_C', 'SM90_U32x4_STSM_N', 'half_t', 12, None),
    ('copy_A', 'DefaultCopy', 'half_t', 3, None),
    ('copy_C', 'UniversalCopy<float>', 'float', 2, None),
]

TCOPY_FIELDS = r'''
template <class C, class Frg>
void tcopy_fields(const char* id, C const& c, Frg const& frg_shape) {
  using TC = C;
  printf("tcopy\t%s\ttiler\t", id); print(typename TC::Tiler_MN{}); printf("\n");
  printf("tcopy\t%s\tlayout_tv\t", id); print(typename TC::TiledLayout_TV{}); printf("\n");
  printf("tcopy\t%s\tS_TV\t", id); print(c.get_layoutS_TV()); printf("\n");
  printf("tcopy\t%s\tD_TV\t", id); print(c.get_layoutD_TV()); printf("\n");
  auto tile = product_each(shape(typename TC::Tiler_MN{}));
  auto X = make_shape(get<0>(tile) * _2{}, get<1>(tile) * _4{});
  printf("tcopy\t%s\ttidfrg_S\t", id); print(X); printf("\t"); print(c.tidfrg_S(make_layout(X))); printf("\n");
  printf("tcopy\t%s\ttidfrg_D\t", id); print(X); printf("\t"); print(c.tidfrg_D(make_layout(X))); printf("\n");
  auto g = make_tensor(make_gmem_ptr(buf), make_layout(X, LayoutRight{}));
  int n = size(c);
  for (int t : {0, 1, n / 2 + 1, n - 1}) {
    if (t >= n) continue;
    auto s = c.get_slice(t);
    auto ps = s.partition_S(g); auto pd = s.partition_D(g);
    printf("tcopy\t%s\tpart_S\t%d\t", id, t); print(g.layout()); printf("\t"); print(ps.layout()); printf("\t%d\n", int(ps.data().get() - buf));
    printf("tcopy\t%s\tpart_D\t%d\t", id, t); print(g.layout()); printf("\t"); print(pd.layout()); printf("\t%d\n", int(pd.data().get() - buf));
  }
  auto frg = make_tensor(make_gmem_ptr(buf), make_layout(frg_shape));
  auto s0 = c.get_slice(0);
  printf("tcopy\t%s\tretile_D\t", id); print(frg.layout()); printf("\t"); print(s0.retile_D(frg).layout()); printf("\n");
  printf("tcopy\t%s\tretile_S\t", id); print(frg.layout()); printf("\t"); print(s0.retile_S(frg).layout()); printf("\n");
}
'''

def copy_block(i, kind, op, vt, thr, val, mma_cases):
    if kind == 'copy':
        make = 'make_tiled_copy(Copy_Atom<%s,%s>{}, %s{}, %s{})' % (op, vt, layout_cpp(thr), layout_cpp(val))
        frg = 'shape(make_tiled_copy(Copy_Atom<%s,%s>{}, %s{}, %s{}).get_slice(0).partition_D(make_tensor(make_gmem_ptr(buf), make_layout(product_each(shape(typename decltype(c)::Tiler_MN{}))))))' % (op, vt, layout_cpp(thr), layout_cpp(val))
        desc = (kind, op, vt, thr, val)
    else:
        a, lay, perm = mma_cases[thr]
        mm = 'make_tiled_mma(%s{}, %s{}, %s{})' % (mma_cpp(a), layout_cpp(lay), tiler_cpp(perm))
        make = 'make_tiled_%s(Copy_Atom<%s,%s>{}, %s)' % (kind, op, vt, mm)
        sl = {'copy_A': 'partition_shape_A(mm, make_shape(tile_size<0>(mm), tile_size<2>(mm)))',
              'copy_B': 'partition_shape_B(mm, make_shape(tile_size<1>(mm), tile_size<2>(mm)))',
              'copy_C': 'partition_shape_C(mm, make_shape(tile_size<0>(mm), tile_size<1>(mm)))'}[kind]
        frg = sl
        desc = (kind, op, vt, str(thr), '-')
    if kind == 'copy':
        mm_expr = 'make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN{})'
    else:
        a, lay, perm = mma_cases[thr]
        mm_expr = 'make_tiled_mma(%s{}, %s{}, %s{})' % (mma_cpp(a), layout_cpp(lay), tiler_cpp(perm))
    return r'''  {
    auto mm = %(mm)s; (void)mm;
    auto c = %(make)s;
    const char* id = "%(i)d";
    printf("tcopy_case\t%%s\t%%s\t%%s\t%%s\t%%s\t%%s\n", id, %(d0)s, %(d1)s, %(d2)s, %(d3)s, %(d4)s);
    tcopy_fields(id, c, %(frg)s);
  }
''' % dict(mm=mm_expr, make=make, i=i, frg=frg, d0=q(desc[0]), d1=q(desc[1]), d2=q(desc[2]), d3=q(desc[3]), d4=q(desc[4]))

def gen_tiled():
    rng = random.Random(16)
    cases = MMA_CASES + random_mma_cases(rng, 8)
    blocks = [mma_block(i, a, lay, perm) for i, (a, lay, perm) in enumerate(cases)]
    text, n = parts(blocks[:2 * TILED_PARTS], 2)
    open(os.path.join(here, 'tiled.cpp'), 'w').write(
        '// tiled.cpp — generated by gen.py: TiledMMA and TiledCopy configurations in C++ CuTe.\n// parts: %d\n' % n
        + PRELUDE + TMMA_FIELDS + TCOPY_FIELDS + 'int main() {\n' + text + '}\n')


COPY_ROW = r'''
template <class Op, class T>
void copy_row(const char* op, const char* t) {
  using A = Copy_Atom<Op, T>;
  printf("copy\t%s\t%s\t", op, t); print(typename A::ThrID{}); printf("\t"); print(typename A::ValLayoutSrc{});
  printf("\t"); print(typename A::ValLayoutDst{}); printf("\t"); print(typename A::ValLayoutRef{}); printf("\n");
}
'''

COPIES_CASES = [0, 7, 9, 11, 3]

def gen_copies():
    mma, copy, types = table()
    body = []
    # copy atoms: the value types each op is meant for
    for pat, rule in copy:
        if '{S}' in pat:
            for s in ['uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'uint128_t', 'half_t', 'float', 'double']:
                b = types[s]
                ok = (rule == 'ge8' and b >= 8) or (rule not in ('-', 'ge8') and str(b) in rule.split(','))
                if not ok: continue
                op = pat.replace('{S},{D}', s)
                for v in ['uint8_t', 'half_t', 'bfloat16_t', 'float', 'double', 'uint128_t']:
                    if types[v] > b and types[v] % b: continue
                    body.append('  copy_row<%s,%s>(%s,%s);\n' % (op, v, q(op), q(v)))
        else:
            for v in ['half_t', 'bfloat16_t', 'uint16_t', 'float', 'uint32_t', 'uint8_t']:
                if 'LDSM' in pat or 'STSM' in pat or 'MOVM' in pat:
                    if v == 'uint8_t': continue
                    if '_T' in pat[-2:] and types[v] != 16: continue
                body.append('  copy_row<%s,%s>(%s,%s);\n' % (pat, v, q(pat), q(v)))
    blocks = [''.join(body)]
    rng = random.Random(16)
    cases = MMA_CASES + random_mma_cases(rng, 8)
    blocks += [copy_block(i, *COPY_CASES[i], cases) for i in COPIES_CASES]
    text, n = parts(blocks, 1)
    open(os.path.join(here, 'copies.cpp'), 'w').write(
        '// copies.cpp — generated by gen.py: the copy atoms of ../atoms.txt and TiledCopy configurations in C++ CuTe.\n// parts: %d\n' % n
        + PRELUDE + COPY_ROW + TMMA_FIELDS + TCOPY_FIELDS + 'int main() {\n' + text + '}\n')

LATEX_MMA = [0, 1, 2, 3, 4]
LATEX_COPY = [0, 5, 7, 11]

def gen_latex():
    blocks = []
    for i in LATEX_MMA:
        a, lay, perm = MMA_CASES[i]
        blocks.append('  printf("== mma\\t%%s\\t%%s\\t%%s\\n", %s, %s, %s);\n' % (q(a), q(lay), q(perm)) +
                      '  print_latex(make_tiled_mma(%s{}, %s{}, %s{}));\n' % (mma_cpp(a), layout_cpp(lay), tiler_cpp(perm)))
    for i in LATEX_COPY:
        kind, op, vt, thr, val = COPY_CASES[i]
        if kind == 'copy':
            blocks.append('  printf("== copy\\t%%s\\t%%s\\t%%s\\t%%s\\t%%s\\n", %s, %s, %s, %s, %s);\n' % (q(kind), q(op), q(vt), q(thr), q(val)) +
                          '  print_latex(make_tiled_copy(Copy_Atom<%s,%s>{}, %s{}, %s{}));\n' % (op, vt, layout_cpp(thr), layout_cpp(val)))
        else:
            a, lay, perm = MMA_CASES[thr]
            blocks.append('  printf("== copy\\t%%s\\t%%s\\t%%s\\t%%s\\t%%s\\n", %s, %s, %s, %s, "-");\n' % (q(kind), q(op), q(vt), q(str(thr))) +
                          '  print_latex(make_tiled_%s(Copy_Atom<%s,%s>{}, make_tiled_mma(%s{}, %s{}, %s{})));\n' % (kind, op, vt, mma_cpp(a), layout_cpp(lay), tiler_cpp(perm)))
    text, n = parts(blocks, 1)
    open(os.path.join(here, 'print_latex.cpp'), 'w').write(
        '// print_latex.cpp — generated by gen.py: CuTe\'s print_latex of TiledMMAs and TiledCopys.\n// parts: %d\n' % n
        + PRELUDE + '#include <cute/util/print_latex.hpp>\nint main() {\n' + text + '}\n')

if __name__ == '__main__':
    gen_atoms(); gen_gmma(); gen_tiled(); gen_copies(); gen_latex()

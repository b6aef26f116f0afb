// Package atom is CuTe's atoms at run time: the MMA atoms (MMA_Atom: an instruction's
// Shape_MNK, ThrID and thread-value layouts of A, B and C) and copy atoms (Copy_Atom: ThrID
// and the source, destination and reference layouts, in bits, recast to a value type),
// read from one table (atoms.txt), and the TiledMMA and TiledCopy that CuTe builds from
// them with the layout algebra of package cute: their thread-value layouts, tile shapes,
// per-thread partitions of layouts and tensors (cute/render draws CuTe's print_latex
// pictures of them: LatexTiledMMA, LatexTiledCopy).
//
// Every result is CuTe's (cute/atom/mma_atom.hpp and copy_atom.hpp of CUTLASS), checked
// line by line against C++ CuTe's printout (testdata/: gen.py writes the programs, gen.sh
// compiles them and keeps their printouts). Where C++ CuTe stops at a
// static_assert (an atom layout of rank above 3, a tile the atom does not divide, a copy
// atom that cannot be recast to the value type), the functions here return a *cute.Error
// naming the atom and the reason.
//
// The SM90 GMMA atoms whose N is not one of 8, 16, 32, 64, 96, 128, 192, 256 exist in
// C++ CuTe only when CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED is defined (the C++ programs of
// testdata define it); they are in the table.
//
// Atoms C++ cannot instantiate on the pinned CUTLASS headers, and so absent from the
// table or refused by it: SM80_16x8x128_S32U1U1S32_TN_XORPOPC and _ANDPOPC (their
// ALayout's stride, ((512,1),((16,8))), is not congruent with its shape, ((4,8),(32,2)));
// SM90 RS GMMA atoms with an MN-major A ("Register source operand
// A must have K major layout."); SM80_CP_ASYNC_CACHEALWAYS of a type that is not 4, 8 or
// 16 bytes and SM80_CP_ASYNC_CACHEGLOBAL of one that is not 16 bytes ("cp.async sizeof(TS)
// is not supported"); UniversalCopy of a type under 8 bits. The SM90 TMA copy atoms are
// not rows of the table: their layouts come from the tensor map make_tma_copy builds.
package atom

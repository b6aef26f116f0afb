package atom

import (
	"github.com/cutego/cutego/cute"
)

// TiledMMA is CuTe's TiledMMA<MMA_Atom, AtomLayoutMNK, PermutationMNK>: an MMA atom
// replicated over threads by an (M,N,K) atom layout and over values by a per-mode
// permutation (tiler) of M, N and K.
type TiledMMA struct {
	Atom MMAAtom
	// AtomLayoutMNK is the atom layout padded to rank 3 with 1:0.
	AtomLayoutMNK cute.Layout
	// ThrLayoutVMNK is tiled_product(ThrID, AtomLayoutMNK): (ThrV,ThrM,ThrN,ThrK) → thread.
	ThrLayoutVMNK cute.Layout
	// Permutation holds the three permutations of M, N and K: `_` or a layout tiler.
	Permutation [3]cute.Tiler
}

// MakeTiledMMA is CuTe's make_tiled_mma(atom, atom_layout, permutations): atomLayout of
// rank at most 3 is padded to (M,N,K) with 1:0 modes, perm (a by-mode tiler of rank at
// most 3, whose elements are `_` or layouts; the zero Tiler means (_,_,_)) is padded with
// `_`. It refuses what C++ CuTe's static assertions refuse: an atom layout of rank above 3,
// a permutation that is not a tuple of layouts and `_`.
func MakeTiledMMA(atom MMAAtom, atomLayout cute.Layout, perm cute.Tiler) (TiledMMA, error) {
	const op = "make_tiled_mma"
	if atomLayout.IsZero() {
		atomLayout = cute.MustLayout(cute.Ints(1, 1, 1), cute.Ints(0, 0, 0))
	}
	if atomLayout.Rank() > 3 {
		return TiledMMA{}, errorf(op, cute.ErrInvalid, "%s: TiledMMA requires rank-3 AtomLayoutMNK (atom layout %v has rank %d)", atom.Name, atomLayout, atomLayout.Rank())
	}
	mnk, err := cute.AppendN(atomLayout, 3, cute.MustLayout(cute.Int(1), cute.Int(0)))
	if err != nil {
		return TiledMMA{}, wrap(op, atom.Name, err)
	}
	tm := TiledMMA{Atom: atom, AtomLayoutMNK: mnk}
	for i := range tm.Permutation {
		tm.Permutation[i] = cute.Underscore()
	}
	switch {
	case perm.IsTuple():
		if perm.Rank() > 3 {
			return TiledMMA{}, errorf(op, cute.ErrInvalid, "%s: TiledMMA requires rank-3 PermutationMNK (permutation %v has rank %d)", atom.Name, perm, perm.Rank())
		}
		for i, e := range perm.Elems() {
			if e.IsTuple() {
				return TiledMMA{}, errorf(op, cute.ErrInvalid, "%s: the permutation of mode %d, %v, is not a layout or `_`", atom.Name, i, e)
			}
			tm.Permutation[i] = e
		}
	case isZeroTiler(perm):
	default:
		return TiledMMA{}, errorf(op, cute.ErrInvalid, "%s: TiledMMA requires independent permutations of MNK (a tuple of layouts and `_`), not %v", atom.Name, perm)
	}
	tm.ThrLayoutVMNK, err = cute.TiledProduct(atom.ThrID, mnk.AsTiler())
	if err != nil {
		return TiledMMA{}, wrap(op, atom.Name, err)
	}
	// Each mode's tile must hold whole atoms, a whole number of them per thread of the
	// mode: C++ CuTe does not check it, and its TV layouts then reach past the tile.
	for i, m := range "MNK" {
		p, a, t := tm.TileSizeMNK(i), shapeAt(atom.ShapeMNK, i), mode(tm.ThrLayoutVMNK, i+1).Size()
		if p%a != 0 || (p/a)%t != 0 {
			return TiledMMA{}, errorf(op, cute.ErrNotAdmissible, "%s: the tile of %c, %d (permutation %v), is not a multiple of the atom's %d times the %d atoms along %c", atom.Name, m, p, tm.PermutationMNK(i), a, t, m)
		}
	}
	return tm, nil
}

func isZeroTiler(t cute.Tiler) bool {
	l, ok := t.IsLayout()
	return ok && l.IsZero()
}

func (tm TiledMMA) name() string { return tm.Atom.Name }

func mode(l cute.Layout, i int) cute.Layout { m, _ := l.Mode(i); return m }

func shapeAt(t cute.IntTuple, i int) int64 {
	s, _ := cute.Size(t.At(i))
	return s
}

// PermutationMNK is CuTe's TiledMMA::permutation_mnk<I>(): the permutation of mode i, or
// when it is `_`, the layout size<i>(Shape_MNK)·size<i+1>(ThrLayoutVMNK):1.
func (tm TiledMMA) PermutationMNK(i int) cute.Tiler {
	if p := tm.Permutation[i]; !p.IsUnderscore() {
		return p
	}
	return cute.ShapeTiler(cute.Int(shapeAt(tm.Atom.ShapeMNK, i) * mode(tm.ThrLayoutVMNK, i+1).Size()))
}

// TileSizeMNK is CuTe's tile_size<I>(tiled_mma): the size of PermutationMNK(i).
func (tm TiledMMA) TileSizeMNK(i int) int64 {
	p := tm.PermutationMNK(i)
	if l, ok := p.IsLayout(); ok {
		return l.Size()
	}
	return 0
}

// TileShape is CuTe's tile_shape(tiled_mma): (tile_size<0>, tile_size<1>, tile_size<2>).
func (tm TiledMMA) TileShape() cute.IntTuple {
	return cute.Ints(tm.TileSizeMNK(0), tm.TileSizeMNK(1), tm.TileSizeMNK(2))
}

// Size is CuTe's size(tiled_mma): the number of threads, size(ThrLayoutVMNK).
func (tm TiledMMA) Size() int64 { return tm.ThrLayoutVMNK.Size() }

// thrfrg is CuTe's TiledMMA::thrfrg_A/B/C for the operand whose modes are (i, j) of MNK,
// whose atom TV layout is tv, and whose thread modes are (ti, tj) of ThrLayoutVMNK.
func (tm TiledMMA) thrfrg(op string, l cute.Layout, i, j int, tv cute.Layout) (r cute.Layout, err error) {
	if tm.ThrLayoutVMNK.IsZero() {
		return cute.Layout{}, errorf(op, cute.ErrInvalid, "the TiledMMA was not made by make_tiled_mma")
	}
	if l.Rank() < 2 {
		return cute.Layout{}, errorf(op, cute.ErrInvalid, "%s: the layout to partition, %v, has rank %d, below 2", tm.name(), l, l.Rank())
	}
	fail := func(step string, err error) (cute.Layout, error) {
		return cute.Layout{}, errorf(op, errKind(err), "%s: %s of %v: %v", tm.name(), step, l, err)
	}
	t, err := cute.LogicalDivide(l, cute.TupleTiler(tm.PermutationMNK(i), tm.PermutationMNK(j)))
	if err != nil {
		return fail("logical_divide by the permutation", err)
	}
	atomTile := cute.TupleTiler(cute.ShapeTiler(cute.Int(shapeAt(tm.Atom.ShapeMNK, i))), cute.ShapeTiler(cute.Int(shapeAt(tm.Atom.ShapeMNK, j))))
	c, err := cute.ZippedDivide(t, atomTile)
	if err != nil {
		return fail("zipped_divide by the atom's tile "+atomTile.String(), err)
	}
	tvl, err := cute.CompositionTiler(c, cute.TupleTiler(tv.AsTiler(), cute.Underscore()))
	if err != nil {
		return fail("composition with the atom's TV layout", err)
	}
	thrTile := cute.TupleTiler(cute.Underscore(), cute.TupleTiler(
		cute.ShapeTiler(cute.Int(mode(tm.ThrLayoutVMNK, i+1).Size())),
		cute.ShapeTiler(cute.Int(mode(tm.ThrLayoutVMNK, j+1).Size()))))
	r, err = cute.ZippedDivide(tvl, thrTile)
	if err != nil {
		return fail("zipped_divide by the thread tile", err)
	}
	return r, nil
}

func errKind(err error) cute.ErrorKind {
	if e, ok := err.(*cute.Error); ok {
		return e.Kind
	}
	return cute.ErrInvalid
}

// ThrfrgC is CuTe's TiledMMA::thrfrg_C(layout): the (M,N,…) layout reshaped to
// ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,…))).
func (tm TiledMMA) ThrfrgC(l cute.Layout) (cute.Layout, error) {
	return tm.thrfrg("thrfrg_C", l, 0, 1, tm.Atom.LayoutC_TV)
}

// ThrfrgA is CuTe's TiledMMA::thrfrg_A(layout): the (M,K,…) layout reshaped to
// ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,…))).
func (tm TiledMMA) ThrfrgA(l cute.Layout) (cute.Layout, error) {
	return tm.thrfrg("thrfrg_A", l, 0, 2, tm.Atom.LayoutA_TV)
}

// ThrfrgB is CuTe's TiledMMA::thrfrg_B(layout): the (N,K,…) layout reshaped to
// ((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,…))).
func (tm TiledMMA) ThrfrgB(l cute.Layout) (cute.Layout, error) {
	return tm.thrfrg("thrfrg_B", l, 1, 2, tm.Atom.LayoutB_TV)
}

// thridx2thrid is CuTe's thr_idx → (ThrV,ThrM,ThrN,ThrK) map of get_layoutX_TV:
// composition((size(vmnk),1):(1,0), right_inverse(make_layout(vmnk, complement(vmnk)))).
func (tm TiledMMA) thridx2thrid() (cute.Layout, error) {
	v := tm.ThrLayoutVMNK
	c, err := cute.ComplementDefault(v)
	if err != nil {
		return cute.Layout{}, err
	}
	vc, err := cute.MakeLayoutModes(v, c)
	if err != nil {
		return cute.Layout{}, err
	}
	ri, err := cute.RightInverse(vc)
	if err != nil {
		return cute.Layout{}, err
	}
	l, err := cute.MakeLayout(cute.Ints(v.Size(), 1), cute.Ints(1, 0))
	if err != nil {
		return cute.Layout{}, err
	}
	return cute.Composition(l, ri)
}

// layoutTV is get_layoutX_TV for the operand of modes (i, j): thrfrg of the reference
// (tile_i, tile_j) layout, its thread mode spread to (ThrV,(ThrM,ThrN,ThrK)) by spread
// (for A and B), then composed with thridx2thrid.
func (tm TiledMMA) layoutTV(op string, i, j int, tv cute.Layout, spread cute.Tiler) (cute.Layout, error) {
	if tm.ThrLayoutVMNK.IsZero() {
		return cute.Layout{}, errorf(op, cute.ErrInvalid, "the TiledMMA was not made by make_tiled_mma")
	}
	ref, err := cute.MakeLayoutLeft(cute.Ints(tm.TileSizeMNK(i), tm.TileSizeMNK(j)))
	if err != nil {
		return cute.Layout{}, wrap(op, tm.name(), err)
	}
	f, err := tm.thrfrg(op, ref, i, j, tv)
	if err != nil {
		return cute.Layout{}, err
	}
	if !spread.IsUnderscore() {
		if f, err = cute.CompositionTiler(f, cute.TupleTiler(spread, cute.Underscore())); err != nil {
			return cute.Layout{}, wrap(op, tm.name(), err)
		}
	}
	t2t, err := tm.thridx2thrid()
	if err != nil {
		return cute.Layout{}, wrap(op, tm.name(), err)
	}
	r, err := cute.CompositionTiler(f, cute.TupleTiler(t2t.AsTiler(), cute.Underscore()))
	return r, wrap(op, tm.name(), err)
}

// LayoutC_TV is CuTe's TiledMMA::get_layoutC_TV(): (thread index, value) → the
// column-major index in the (tile_M, tile_N) tile of C.
func (tm TiledMMA) LayoutC_TV() (cute.Layout, error) {
	return tm.layoutTV("get_layoutC_TV", 0, 1, tm.Atom.LayoutC_TV, cute.Underscore())
}

// LayoutA_TV is CuTe's TiledMMA::get_layoutA_TV(): (thread index, value) → the
// column-major index in the (tile_M, tile_K) tile of A; threads along N read the same A.
func (tm TiledMMA) LayoutA_TV() (cute.Layout, error) {
	m, n := mode(tm.ThrLayoutVMNK, 1).Size(), mode(tm.ThrLayoutVMNK, 2).Size()
	sl, err := cute.MakeLayout(cute.Ints(m, n), cute.Ints(1, 0))
	if err != nil {
		return cute.Layout{}, errorf("get_layoutA_TV", cute.ErrInvalid, "the TiledMMA was not made by make_tiled_mma")
	}
	spread := cute.TupleTiler(cute.Underscore(), cute.TupleTiler(sl.AsTiler(), cute.Underscore()))
	return tm.layoutTV("get_layoutA_TV", 0, 2, tm.Atom.LayoutA_TV, spread)
}

// LayoutB_TV is CuTe's TiledMMA::get_layoutB_TV(): (thread index, value) → the
// column-major index in the (tile_N, tile_K) tile of B; threads along M read the same B.
func (tm TiledMMA) LayoutB_TV() (cute.Layout, error) {
	m, n := mode(tm.ThrLayoutVMNK, 1).Size(), mode(tm.ThrLayoutVMNK, 2).Size()
	sl, err := cute.MakeLayout(cute.Ints(m, n), cute.Ints(0, 1))
	if err != nil {
		return cute.Layout{}, errorf("get_layoutB_TV", cute.ErrInvalid, "the TiledMMA was not made by make_tiled_mma")
	}
	spread := cute.TupleTiler(cute.Underscore(), cute.TupleTiler(sl.AsTiler(), cute.Underscore()))
	return tm.layoutTV("get_layoutB_TV", 1, 2, tm.Atom.LayoutB_TV, spread)
}

// String prints the TiledMMA as CuTe's print(TiledMMA) does (without the `_` marks).
func (tm TiledMMA) String() string {
	return "TiledMMA\n" +
		"  ThrLayoutVMNK:  " + tm.ThrLayoutVMNK.String() + "\n" +
		"  PermutationMNK: " + cute.TupleTiler(tm.Permutation[:]...).String() + "\n" +
		tm.Atom.String()
}

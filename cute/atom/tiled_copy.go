package atom

import (
	"github.com/cutego/cutego/cute"
)

// TiledCopy is CuTe's TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>: a copy atom
// repeated over threads and values. LayoutTV maps (thread index, value) to the
// column-major index of an element of the tile that TilerMN cuts out of a tensor.
type TiledCopy struct {
	Atom     CopyAtom
	LayoutTV cute.Layout // TiledLayout_TV
	TilerMN  cute.Tiler  // Tiler_MN
}

// made refuses a TiledCopy that MakeTiledCopy (or its variants) did not make.
func (tc TiledCopy) made(op string) error {
	if tc.LayoutTV.IsZero() || tc.Atom.ValLayoutRef.IsZero() {
		return errorf(op, cute.ErrInvalid, "the TiledCopy was not made by make_tiled_copy")
	}
	return nil
}

func (tc TiledCopy) name() string { return "Copy_Atom<" + tc.Atom.Op + "," + tc.Atom.ValType + ">" }

// MakeTiledCopyImpl is CuTe's make_tiled_copy_impl(atom, layout_tv, tiler): the TiledCopy
// with the given TV layout and tiler. It refuses, as CuTe's static assertions do, a TV
// layout whose threads or values are not multiples of the atom's.
func MakeTiledCopyImpl(atom CopyAtom, layoutTV cute.Layout, tiler cute.Tiler) (TiledCopy, error) {
	const op = "make_tiled_copy"
	tc := TiledCopy{Atom: atom, LayoutTV: layoutTV, TilerMN: tiler}
	if atom.ValLayoutRef.IsZero() || layoutTV.IsZero() {
		return TiledCopy{}, errorf(op, cute.ErrInvalid, "the copy atom or TV layout was not made (use MakeCopyAtom)")
	}
	if layoutTV.Rank() != 2 {
		return TiledCopy{}, errorf(op, cute.ErrInvalid, "%s: the TV layout %v is not of rank 2 (thread, value)", tc.name(), layoutTV)
	}
	at, av := mode(atom.ValLayoutRef, 0).Size(), mode(atom.ValLayoutRef, 1).Size()
	tt, tv := mode(layoutTV, 0).Size(), mode(layoutTV, 1).Size()
	if tt%at != 0 {
		return TiledCopy{}, errorf(op, cute.ErrNotAdmissible, "%s: TiledCopy uses too few thrs for selected CopyAtom (%d threads, the atom needs a multiple of %d)", tc.name(), tt, at)
	}
	if tv%av != 0 {
		return TiledCopy{}, errorf(op, cute.ErrNotAdmissible, "%s: TiledCopy uses too few vals for selected CopyAtom (%d values, the atom needs a multiple of %d)", tc.name(), tv, av)
	}
	return tc, nil
}

// MakeTiledCopy is CuTe's make_tiled_copy(atom, thr_layout, val_layout): (m,n) → thread
// and (m,n) → value layouts raked together (raked_product) give (M,N) → (thread, value);
// its right inverse, shaped (size(thr), size(val)), is the TV layout, and the product's
// shape the tiler.
func MakeTiledCopy(atom CopyAtom, thrLayout, valLayout cute.Layout) (TiledCopy, error) {
	const op = "make_tiled_copy"
	name := "Copy_Atom<" + atom.Op + "," + atom.ValType + ">"
	if valLayout.IsZero() {
		valLayout = cute.MustLayout(cute.Int(1), cute.Int(0))
	}
	mn, err := cute.RakedProduct(thrLayout, valLayout)
	if err != nil {
		return TiledCopy{}, wrap(op, name, err)
	}
	ri, err := cute.RightInverse(mn)
	if err != nil {
		return TiledCopy{}, wrap(op, name, err)
	}
	tv, err := cute.WithShape(ri, cute.Ints(thrLayout.Size(), valLayout.Size()))
	if err != nil {
		return TiledCopy{}, wrap(op, name, err)
	}
	tiler, err := cute.ProductEach(mn.Shape())
	if err != nil {
		return TiledCopy{}, wrap(op, name, err)
	}
	return MakeTiledCopyImpl(atom, tv, cute.ShapeTiler(tiler))
}

// MakeTiledCopyA is CuTe's make_tiled_copy_A(atom, mma): the copy whose TV layout is the
// TiledMMA's get_layoutA_TV over its (tile_M, tile_K) tile.
func MakeTiledCopyA(atom CopyAtom, mma TiledMMA) (TiledCopy, error) {
	tv, err := mma.LayoutA_TV()
	if err != nil {
		return TiledCopy{}, err
	}
	return MakeTiledCopyImpl(atom, tv, cute.ShapeTiler(cute.Ints(mma.TileSizeMNK(0), mma.TileSizeMNK(2))))
}

// MakeTiledCopyB is CuTe's make_tiled_copy_B(atom, mma) (tile (tile_N, tile_K)).
func MakeTiledCopyB(atom CopyAtom, mma TiledMMA) (TiledCopy, error) {
	tv, err := mma.LayoutB_TV()
	if err != nil {
		return TiledCopy{}, err
	}
	return MakeTiledCopyImpl(atom, tv, cute.ShapeTiler(cute.Ints(mma.TileSizeMNK(1), mma.TileSizeMNK(2))))
}

// MakeTiledCopyC is CuTe's make_tiled_copy_C(atom, mma) (tile (tile_M, tile_N)).
func MakeTiledCopyC(atom CopyAtom, mma TiledMMA) (TiledCopy, error) {
	tv, err := mma.LayoutC_TV()
	if err != nil {
		return TiledCopy{}, err
	}
	return MakeTiledCopyImpl(atom, tv, cute.ShapeTiler(cute.Ints(mma.TileSizeMNK(0), mma.TileSizeMNK(1))))
}

// Size is CuTe's size(tiled_copy): the number of threads, size<0>(TiledLayout_TV).
func (tc TiledCopy) Size() int64 { return mode(tc.LayoutTV, 0).Size() }

// TileShape is the shape of the tile TilerMN cuts, as CuTe's print_latex finds it:
// product_each(shape(logical_divide(make_layout((1,1)), Tiler_MN))).
func (tc TiledCopy) TileShape() (cute.IntTuple, error) {
	if err := tc.made("tile_shape"); err != nil {
		return cute.IntTuple{}, err
	}
	d, err := cute.LogicalDivide(cute.MustLayout(cute.Ints(1, 1), cute.Ints(0, 0)), tc.TilerMN)
	if err != nil {
		return cute.IntTuple{}, wrap("tile_shape", tc.name(), err)
	}
	return cute.ProductEach(d.Shape())
}

// ref2trg is right_inverse(AtomLayoutRef).compose(AtomLayoutSrc or Dst).
func (tc TiledCopy) ref2trg(dst bool) (cute.Layout, error) {
	ri, err := cute.RightInverse(tc.Atom.ValLayoutRef)
	if err != nil {
		return cute.Layout{}, err
	}
	trg := tc.Atom.ValLayoutSrc
	if dst {
		trg = tc.Atom.ValLayoutDst
	}
	return cute.Composition(ri, trg)
}

// tile2thrfrg is CuTe's TiledCopy::tile2thrfrg: a ((TileM,TileN,…),(RestM,RestN,…))
// layout to (Thr,(FrgV,FrgX),(RestM,RestN,…)).
func (tc TiledCopy) tile2thrfrg(op string, l cute.Layout, dst bool) (cute.Layout, error) {
	if err := tc.made(op); err != nil {
		return cute.Layout{}, err
	}
	fail := func(err error) (cute.Layout, error) { return cute.Layout{}, wrap(op, tc.name(), err) }
	r2t, err := tc.ref2trg(dst)
	if err != nil {
		return fail(err)
	}
	at, av := mode(tc.Atom.ValLayoutRef, 0).Size(), mode(tc.Atom.ValLayoutRef, 1).Size()
	atomTV, err := cute.ZippedDivide(tc.LayoutTV, cute.ShapeTiler(cute.Ints(at, av)))
	if err != nil {
		return fail(err)
	}
	trgTV, err := cute.CompositionTiler(atomTV, cute.TupleTiler(r2t.AsTiler(), cute.Underscore()))
	if err != nil {
		return fail(err)
	}
	// zip: ((trg_tid,trg_val),(rest_tid,rest_val)) → ((trg_tid,rest_tid),(trg_val,rest_val))
	g := func(p ...int) cute.Layout {
		m, e := cute.Get(trgTV, p...)
		if e != nil && err == nil {
			err = e
		}
		return m
	}
	t0, v0, t1, v1 := g(0, 0), g(0, 1), g(1, 0), g(1, 1)
	if err != nil {
		return fail(err)
	}
	zt, err := cute.MakeLayoutModes(t0, t1)
	if err != nil {
		return fail(err)
	}
	zv, err := cute.MakeLayoutModes(v0, v1)
	if err != nil {
		return fail(err)
	}
	z, err := cute.MakeLayoutModes(zt, zv)
	if err != nil {
		return fail(err)
	}
	thrval2mn, err := cute.CoalesceProfile(z, cute.Tuple(cute.Int(1), cute.Ints(1, 1)))
	if err != nil {
		return fail(err)
	}
	tv, err := cute.CompositionTiler(l, cute.TupleTiler(thrval2mn.AsTiler(), cute.Underscore()))
	if err != nil {
		return fail(err)
	}
	r, err := cute.Slice(cute.CoordTuple(cute.CoordTuple(cute.CoordUnderscore(), cute.CoordUnderscore()), cute.CoordUnderscore()), tv)
	if err != nil {
		return fail(err)
	}
	return r, nil
}

func (tc TiledCopy) tidfrg(op string, l cute.Layout, dst bool) (cute.Layout, error) {
	if l.Rank() < tc.TilerMN.Rank() {
		return cute.Layout{}, errorf(op, cute.ErrInvalid, "%s: Rank of tensor to be partitioned too small (%v has rank %d, the tiler %v rank %d)", tc.name(), l, l.Rank(), tc.TilerMN, tc.TilerMN.Rank())
	}
	z, err := cute.ZippedDivide(l, tc.TilerMN)
	if err != nil {
		return cute.Layout{}, wrap(op, tc.name(), err)
	}
	return tc.tile2thrfrg(op, z, dst)
}

// TidfrgS is CuTe's TiledCopy::tidfrg_S(layout): (M,N,…) to (Thr,(FrgV,FrgX),(RestM,RestN,…))
// for the source.
func (tc TiledCopy) TidfrgS(l cute.Layout) (cute.Layout, error) {
	return tc.tidfrg("tidfrg_S", l, false)
}

// TidfrgD is CuTe's TiledCopy::tidfrg_D(layout) (see TidfrgS) for the destination.
func (tc TiledCopy) TidfrgD(l cute.Layout) (cute.Layout, error) {
	return tc.tidfrg("tidfrg_D", l, true)
}

func (tc TiledCopy) layoutTV(op string, dst bool) (cute.Layout, error) {
	shape := tilerShape(tc.TilerMN)
	ref, err := cute.MakeLayoutLeft(cute.Tuple(shape, cute.Int(1)))
	if err != nil {
		return cute.Layout{}, wrap(op, tc.name(), err)
	}
	f, err := tc.tile2thrfrg(op, ref, dst)
	if err != nil {
		return cute.Layout{}, err
	}
	r, err := cute.Slice(cute.CoordTuple(cute.CoordUnderscore(), cute.CoordUnderscore(), cute.CoordInt(0)), f)
	return r, wrap(op, tc.name(), err)
}

// tilerShape is CuTe's shape(Tiler_MN): a shape tiler's shape, a layout's shape, by mode.
func tilerShape(t cute.Tiler) cute.IntTuple {
	if l, ok := t.IsLayout(); ok {
		return l.Shape()
	}
	if t.IsTuple() {
		es := t.Elems()
		out := make([]cute.IntTuple, len(es))
		for i, e := range es {
			out[i] = tilerShape(e)
		}
		return cute.Tuple(out...)
	}
	return cute.Int(1)
}

// LayoutS_TV is CuTe's TiledCopy::get_layoutS_TV(): (thread, value) → the column-major
// index in the tile of the source element.
func (tc TiledCopy) LayoutS_TV() (cute.Layout, error) { return tc.layoutTV("get_layoutS_TV", false) }

// LayoutD_TV is CuTe's TiledCopy::get_layoutD_TV() for the destination.
func (tc TiledCopy) LayoutD_TV() (cute.Layout, error) { return tc.layoutTV("get_layoutD_TV", true) }

// Retile is CuTe's TiledCopy::retile (retile_S and retile_D): a thread's fragment
// (V,RestM,RestN,…) reshaped to the copy's ((AtomVal,RestVal),RestM,RestN,…) order.
func (tc TiledCopy) Retile(l cute.Layout) (cute.Layout, error) {
	const op = "retile"
	if err := tc.made(op); err != nil {
		return cute.Layout{}, err
	}
	fail := func(err error) (cute.Layout, error) { return cute.Layout{}, wrap(op, tc.name(), err) }
	r := l.Rank()
	v := mode(l, 0).Size()
	if r == 0 || l.Shape().IsLeaf() {
		v = l.Size()
	}
	ri, err := cute.RightInverse(tc.LayoutTV)
	if err != nil {
		return fail(err)
	}
	ws, err := cute.WithShape(ri, tilerShape(tc.TilerMN))
	if err != nil {
		return fail(err)
	}
	frgMN, err := cute.Upcast(ws, tc.Size()*v)
	if err != nil {
		return fail(err)
	}
	riMN, err := cute.RightInverse(frgMN)
	if err != nil {
		return fail(err)
	}
	lp, err := cute.LogicalProduct(cute.MustLayout(cute.Int(v), cute.Int(1)), riMN.AsTiler())
	if err != nil {
		return fail(err)
	}
	av := mode(tc.Atom.ValLayoutRef, 1).Size()
	frgV, err := cute.ZippedDivide(lp, cute.MustLayout(cute.Int(av), cute.Int(1)).AsTiler())
	if err != nil {
		return fail(err)
	}
	pe, err := cute.ProductEach(frgMN.Shape())
	if err != nil {
		return fail(err)
	}
	tile := cute.Tuple(append([]cute.IntTuple{cute.Int(v)}, elemsOf(pe)...)...)
	t, err := cute.ZippedDivide(l, cute.ShapeTiler(tile))
	if err != nil {
		return fail(err)
	}
	vt, err := cute.CompositionTiler(t, cute.TupleTiler(frgV.AsTiler(), cute.Underscore()))
	if err != nil {
		return fail(err)
	}
	rest := []cute.Coord{cute.CoordInt(0)}
	for i := 1; i < r; i++ {
		rest = append(rest, cute.CoordUnderscore())
	}
	res, err := cute.Slice(cute.CoordTuple(cute.CoordUnderscore(), cute.CoordTuple(rest...)), vt)
	if err != nil {
		return fail(err)
	}
	return res, nil
}

func elemsOf(t cute.IntTuple) []cute.IntTuple {
	if t.IsLeaf() {
		return []cute.IntTuple{t}
	}
	return t.Elems()
}

// ThrCopy is CuTe's ThrCopy: a TiledCopy seen from one thread.
type ThrCopy struct {
	TiledCopy
	ThrIdx int64
}

// Slice is CuTe's TiledCopy::get_slice(thr_idx) (get_thread_slice). A thread index
// outside [0, size(tiled_copy)) is refused.
func (tc TiledCopy) Slice(thrIdx int64) (ThrCopy, error) {
	if err := tc.made("get_slice"); err != nil {
		return ThrCopy{}, err
	}
	if n := tc.Size(); thrIdx < 0 || thrIdx >= n {
		return ThrCopy{}, errorf("get_slice", cute.ErrInvalid, "%s: thread index %d is outside the TiledCopy's %d threads", tc.name(), thrIdx, n)
	}
	return ThrCopy{TiledCopy: tc, ThrIdx: thrIdx}, nil
}

func (t ThrCopy) partition(op string, l cute.Layout, dst bool) (cute.Layout, cute.IntTuple, error) {
	f, err := t.tidfrg(op, l, dst)
	if err != nil {
		return cute.Layout{}, cute.IntTuple{}, err
	}
	us := make([]cute.Coord, l.Rank())
	for i := range us {
		us[i] = cute.CoordUnderscore()
	}
	c := cute.CoordTuple(cute.CoordInt(t.ThrIdx), cute.CoordUnderscore(), cute.CoordTuple(us...))
	r, off, err := cute.SliceAndOffset(c, f)
	if err != nil {
		return cute.Layout{}, cute.IntTuple{}, wrap(op, t.name(), err)
	}
	return r, off, nil
}

// PartitionS is CuTe's ThrCopy::partition_S on a layout: the thread's
// ((FrgV,FrgX),RestM,RestN,…) slice of tidfrg_S(layout) and its offset.
func (t ThrCopy) PartitionS(l cute.Layout) (cute.Layout, cute.IntTuple, error) {
	return t.partition("partition_S", l, false)
}

// PartitionD is CuTe's ThrCopy::partition_D on a layout (see PartitionS).
func (t ThrCopy) PartitionD(l cute.Layout) (cute.Layout, cute.IntTuple, error) {
	return t.partition("partition_D", l, true)
}

// RetileS is CuTe's ThrCopy::retile_S on a layout (TiledCopy.Retile).
func (t ThrCopy) RetileS(l cute.Layout) (cute.Layout, error) { return t.Retile(l) }

// RetileD is CuTe's ThrCopy::retile_D on a layout (TiledCopy.Retile).
func (t ThrCopy) RetileD(l cute.Layout) (cute.Layout, error) { return t.Retile(l) }

// PartitionTensorS is CuTe's ThrCopy::partition_S(tensor): a view of the tensor's data.
func PartitionTensorS[T any](t ThrCopy, x cute.Tensor[T]) (cute.Tensor[T], error) {
	return partitionCopyTensor(t, x, false)
}

// PartitionTensorD is CuTe's ThrCopy::partition_D(tensor).
func PartitionTensorD[T any](t ThrCopy, x cute.Tensor[T]) (cute.Tensor[T], error) {
	return partitionCopyTensor(t, x, true)
}

func partitionCopyTensor[T any](t ThrCopy, x cute.Tensor[T], dst bool) (cute.Tensor[T], error) {
	op := "partition_S"
	if dst {
		op = "partition_D"
	}
	f, err := t.tidfrg(op, x.Layout(), dst)
	if err != nil {
		return cute.Tensor[T]{}, err
	}
	v, err := x.WithLayout(f)
	if err != nil {
		return cute.Tensor[T]{}, wrap(op, t.name(), err)
	}
	us := make([]cute.Coord, x.Rank())
	for i := range us {
		us[i] = cute.CoordUnderscore()
	}
	r, err := v.Slice(cute.CoordTuple(cute.CoordInt(t.ThrIdx), cute.CoordUnderscore(), cute.CoordTuple(us...)))
	return r, wrap(op, t.name(), err)
}

// RetileTensor is CuTe's ThrCopy::retile_S/retile_D(tensor): the same data viewed with the
// retiled layout.
func RetileTensor[T any](t ThrCopy, x cute.Tensor[T]) (cute.Tensor[T], error) {
	l, err := t.Retile(x.Layout())
	if err != nil {
		return cute.Tensor[T]{}, err
	}
	r, err := x.WithLayout(l)
	return r, wrap("retile", t.name(), err)
}

// String prints the TiledCopy as CuTe's print(TiledCopy) does (without the `_` marks).
func (tc TiledCopy) String() string {
	return "TiledCopy\n" +
		"  Tiler_MN:       " + tc.TilerMN.String() + "\n" +
		"  TiledLayout_TV: " + tc.LayoutTV.String() + "\n" +
		tc.Atom.String()
}

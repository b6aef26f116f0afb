package explain

import (
	"fmt"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
	"github.com/cutego/cutego/internal/eval"
)

// The derivations of CuTe's make_tiled_mma and ThrMMA::partition_A/B/C, as
// cute/atom/mma_atom.hpp builds them: the thread layout is a tiled_product, each operand's
// TV layout and partition a chain of logical_divide, zipped_divide and compositions. Every
// intermediate is computed here with package cute and the ends checked against package
// cute/atom's (refused, never shown, where they differ).

// operand is what thrfrg_A/B/C differ in: the MNK modes (i, j) of the operand's tile and
// the atom's TV layout of it.
type operand struct {
	name string // "A", "B", "C"
	i, j int
	tv   func(atom.MMAAtom) cute.Layout
}

var operands = map[string]operand{
	"A": {"A", 0, 2, func(a atom.MMAAtom) cute.Layout { return a.LayoutA_TV }},
	"B": {"B", 1, 2, func(a atom.MMAAtom) cute.Layout { return a.LayoutB_TV }},
	"C": {"C", 0, 1, func(a atom.MMAAtom) cute.Layout { return a.LayoutC_TV }},
}

func sizeOf(t cute.IntTuple) int64 { return must(cute.Size(t)) }

func modeSize(l cute.Layout, i int) int64 { return must(l.Mode(i)).Size() }

// makeTiledMMA appends the steps of make_tiled_mma(atom, atom_layout, permutation) and
// returns the TiledMMA cute/atom makes, after checking its thread layout and TV layouts
// against the steps'.
func makeTiledMMA(b *builder, a atom.MMAAtom, atomLayout cute.Layout, perm cute.Tiler) atom.TiledMMA {
	tm := must(atom.MakeTiledMMA(a, atomLayout, perm))
	b.add("ThrID of MMA_Atom<"+a.Name+">", "", fmt.Sprintf("the atom's Shape_MNK %v and ThrID (its threads), from CuTe's MMA_Traits", a.ShapeMNK), a.ThrID)
	mnk := tm.AtomLayoutMNK
	b.add("AtomLayoutMNK = append<3>(atom_layout, 1:0)", "", "the atom layout padded to rank 3: atoms along M, N and K", mnk)
	cs := mul(a.ThrID.Size(), must(mnk.Cosize()))
	comp := must(cute.Complement(a.ThrID, cute.Int(cs)))
	b.add("complement(ThrID, size(ThrID)·cosize(AtomLayoutMNK))", call("complement", a.ThrID, cute.Int(cs)),
		"logical_product's second half starts from the threads ThrID leaves free", comp)
	rep := must(cute.Composition(comp, mnk))
	b.add("complement(…) ∘ AtomLayoutMNK", call("composition", comp, mnk), "the atoms' first threads, laid out as AtomLayoutMNK", rep)
	vmnk := must(cute.TiledProduct(a.ThrID, mnk.AsTiler()))
	b.add("ThrLayoutVMNK = tiled_product(ThrID, AtomLayoutMNK)", call("tiled_product", a.ThrID, mnk),
		"(ThrID, complement(…) ∘ AtomLayoutMNK) with the second mode unpacked: (ThrV,ThrM,ThrN,ThrK) → thread", vmnk)
	if !sameValue(vmnk, tm.ThrLayoutVMNK) || modeSize(vmnk, 0) != a.ThrID.Size() {
		check(fmt.Errorf("explain: make_tiled_mma: the steps give ThrLayoutVMNK %v, cute/atom %v; not shown", vmnk, tm.ThrLayoutVMNK))
	}
	for i, m := range "MNK" {
		p := tm.Permutation[i]
		size := tm.TileSizeMNK(i)
		if p.IsUnderscore() {
			b.add(fmt.Sprintf("tile_size<%d> (%c)", i, m), "", fmt.Sprintf("permutation `_`: size<%d>(Shape_MNK)·size<%d>(ThrLayoutVMNK) = %d·%d, the layout %d:1",
				i, i+1, shapeAt(a.ShapeMNK, i), modeSize(vmnk, i+1), size), cute.Int(size))
			continue
		}
		b.add(fmt.Sprintf("tile_size<%d> (%c)", i, m), "", fmt.Sprintf("the size of the permutation %v", p), cute.Int(size))
	}
	for _, name := range []string{"A", "B", "C"} {
		o := operands[name]
		b.sub(name+": ", func() { layoutTV(b, tm, o) })
	}
	b.add("TiledMMA", "", "ThrLayoutVMNK and the permutation; its TV layouts are above", eval.TiledMMA{TiledMMA: tm})
	return tm
}

func shapeAt(t cute.IntTuple, i int) int64 { return sizeOf(t.At(i)) }

// thrfrg appends the steps of thrfrg_X(l) and returns ((ThrV,(ThrI,ThrJ)),(FrgV,(RestI,RestJ,…))).
func thrfrg(b *builder, tm atom.TiledMMA, o operand, l cute.Layout) cute.Layout {
	perm := cute.TupleTiler(tm.PermutationMNK(o.i), tm.PermutationMNK(o.j))
	t := must(cute.LogicalDivide(l, perm))
	b.add("logical_divide(X, permutation)", call("logical_divide", l, tilerValue(perm)),
		fmt.Sprintf("the %s layout divided by the permutation of its modes: ((Perm%c,Rest%c),(Perm%c,Rest%c))", o.name, "MNK"[o.i], "MNK"[o.i], "MNK"[o.j], "MNK"[o.j]), t)
	atomTile := cute.Ints(shapeAt(tm.Atom.ShapeMNK, o.i), shapeAt(tm.Atom.ShapeMNK, o.j))
	z := must(cute.ZippedDivide(t, cute.ShapeTiler(atomTile)))
	b.add("zipped_divide(…, AtomShape)", call("zipped_divide", t, atomTile), "the atom's tile out of it: ((AtomI,AtomJ),(RestI,RestJ))", z)
	tv := o.tv(tm.Atom)
	c := must(cute.CompositionTiler(z, cute.TupleTiler(tv.AsTiler(), cute.Underscore())))
	b.add(fmt.Sprintf("compose(Layout%s_TV, _)", o.name), "", fmt.Sprintf("the atom tile composed with the atom's TV layout %v: ((ThrV,FrgV),(RestI,RestJ))", tv), c)
	thrTile := cute.Ints(modeSize(tm.ThrLayoutVMNK, o.i+1), modeSize(tm.ThrLayoutVMNK, o.j+1))
	r := must(cute.ZippedDivide(c, cute.TupleTiler(cute.Underscore(), cute.ShapeTiler(thrTile))))
	b.add("thrfrg_"+o.name+" = zipped_divide(…, (_, (ThrI,ThrJ)))", "", fmt.Sprintf("the rest divided among the %v atoms along its modes: ((ThrV,(ThrI,ThrJ)),(FrgV,(RestI,RestJ)))", thrTile), r)
	return r
}

// tilerValue is a tiler as a value call() prints.
func tilerValue(t cute.Tiler) cute.Value { return t }

// layoutTV appends the steps of get_layoutX_TV() and checks the result against cute/atom's.
func layoutTV(b *builder, tm atom.TiledMMA, o operand) {
	ref := must(cute.MakeLayoutLeft(cute.Ints(tm.TileSizeMNK(o.i), tm.TileSizeMNK(o.j))))
	b.add("ref = make_layout(tile)", call("make_layout", ref.Shape()), "the column-major index of the operand's tile", ref)
	f := thrfrg(b, tm, o, ref)
	if o.name != "C" {
		m, n := modeSize(tm.ThrLayoutVMNK, 1), modeSize(tm.ThrLayoutVMNK, 2)
		stride := cute.Ints(1, 0)
		what := "N"
		if o.name == "B" {
			stride, what = cute.Ints(0, 1), "M"
		}
		sl := must(cute.MakeLayout(cute.Ints(m, n), stride))
		spread := cute.TupleTiler(cute.Underscore(), cute.TupleTiler(sl.AsTiler(), cute.Underscore()))
		f = must(cute.CompositionTiler(f, cute.TupleTiler(spread, cute.Underscore())))
		b.add(fmt.Sprintf("compose((_, (%v, _)), _)", sl), "", fmt.Sprintf("the thread mode spread to (ThrV,(ThrM,ThrN,ThrK)): threads along %s read the same %s", what, o.name), f)
	}
	v := tm.ThrLayoutVMNK
	vc := must(cute.MakeLayoutModes(v, must(cute.ComplementDefault(v))))
	ri := must(cute.RightInverse(vc))
	t2t := must(cute.Composition(must(cute.MakeLayout(cute.Ints(v.Size(), 1), cute.Ints(1, 0))), ri))
	b.add("thridx_2_thrid", "", "thread index → (ThrV,ThrM,ThrN,ThrK): composition(("+fmt.Sprint(v.Size())+",1):(1,0), right_inverse(make_layout(ThrLayoutVMNK, complement(ThrLayoutVMNK))))", t2t)
	r := must(cute.CompositionTiler(f, cute.TupleTiler(t2t.AsTiler(), cute.Underscore())))
	want := must(map[string]func() (cute.Layout, error){"A": tm.LayoutA_TV, "B": tm.LayoutB_TV, "C": tm.LayoutC_TV}[o.name]())
	if !sameValue(r, want) {
		check(fmt.Errorf("explain: get_layout%s_TV: the steps give %v, cute/atom %v; not shown", o.name, r, want))
	}
	b.add("get_layout"+o.name+"_TV()", "", "compose(thridx_2_thrid, _): (thread index, value) → index in the tile", r)
}

// partition appends the steps of thr_mma.partition_X(l) and returns the partition.
func partition(b *builder, t atom.ThrMMA, o operand, l cute.Layout) cute.Layout {
	f := thrfrg(b, t.TiledMMA, o, l)
	v := t.ThrVMNK
	i, j := v[o.i+1], v[o.j+1]
	b.add("thr_vmnk = get_flat_coord(thr_idx)", "", fmt.Sprintf("thread %d's coordinate in ThrLayoutVMNK %v", t.ThrIdx, t.ThrLayoutVMNK), cute.Ints(v[0], v[1], v[2], v[3]))
	rest := f.Shape().At(1).At(1).Rank()
	us := make([]cute.Coord, rest)
	for k := range us {
		us[k] = cute.CoordUnderscore()
	}
	c := cute.CoordTuple(cute.CoordTuple(cute.CoordInt(v[0]), cute.CoordTuple(cute.CoordInt(i), cute.CoordInt(j))),
		cute.CoordTuple(cute.CoordUnderscore(), cute.CoordTuple(us...)))
	r, off := must2(cute.SliceAndOffset(c, f))
	b.add(fmt.Sprintf("partition_%s = thrfrg_%s(X)(((%d,(%d,%d)),(_,(_…))))", o.name, o.name, v[0], i, j), "",
		fmt.Sprintf("the thread's slice: (FrgV,(RestI,RestJ)) flattened to (FrgV,RestI,RestJ); its first element is at %v", off), r)
	return r
}

func must2[T, U any](a T, b U, err error) (T, U) {
	check(err)
	return a, b
}

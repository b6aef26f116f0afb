package cute

import (
	"fmt"
	"testing"
)

// No exported function panics on the zero values of this package's types (an
// uninitialized Layout, IntTuple, Tiler, Coord, ComposedLayout) or on other values a
// caller can build without an error; the fuzz target mixes them with parsed ones.

// zeroArgs are the arguments handed to every operation.
type zeroArgs struct {
	l, m Layout
	t, u IntTuple
	tl   Tiler
	sw   Swizzle
	c    ComposedLayout
	crd  Coord
	n    int64
	i, j int
}

// zeroOps calls every exported operation of the package on a (results are dropped:
// what is checked is that none panics).
var zeroOps = []func(a zeroArgs){
	func(a zeroArgs) {
		_ = Append(a.l, a.m)
		_ = Prepend(a.l, a.m)
		_, _ = AppendN(a.l, a.i, a.m)
		_, _ = PrependN(a.l, a.i, a.m)
	},
	func(a zeroArgs) { _, _ = AsArithmeticTuple(a.t); _, _ = CeilDiv(a.t, a.u); _, _ = ShapeDiv(a.t, a.u) },
	func(a zeroArgs) { _, _ = BlockedProduct(a.l, a.m); _, _ = RakedProduct(a.l, a.m) },
	func(a zeroArgs) {
		_, _ = Coalesce(a.l)
		_, _ = CoalesceProfile(a.l, a.t)
		_, _ = Filter(a.l)
		_, _ = FilterZeros(a.l)
	},
	func(a zeroArgs) {
		_, _ = CompactColMajor(a.t)
		_, _ = CompactRowMajor(a.t)
		_, _ = CompactMajor(a.t, a.i%2 == 0, a.n)
		_, _ = CompactOrder(a.t, a.u)
	},
	func(a zeroArgs) { _ = Compatible(a.t, a.u); _ = Congruent(a.t, a.u); _ = WeaklyCongruent(a.t, a.u) },
	func(a zeroArgs) { _, _ = Complement(a.l, a.t); _, _ = ComplementDefault(a.l) },
	func(a zeroArgs) { _, _ = ComposeSwizzles(a.sw, a.sw); _, _ = MakeSwizzleFromMasks(a.n, a.n) },
	func(a zeroArgs) {
		_, _ = ComposedAppendN(a.c, a.i, a.l)
		_, _ = ComposedBlockedProduct(a.c, a.l)
		_, _ = ComposedCoalesce(a.c)
		_, _ = ComposedCoalesceProfile(a.c, a.t)
		_, _ = ComposedComplement(a.c, a.t)
		_, _ = ComposedComposition(a.c, a.tl)
		_, _ = ComposedDomainOffset(a.t, a.c)
		_, _ = ComposedDowncast(a.c, a.n)
		_, _ = ComposedFlatDivide(a.c, a.tl)
		_, _ = ComposedFlatProduct(a.c, a.tl)
		_ = ComposedFlatten(a.c)
		_, _ = ComposedGet(a.c, a.i)
		_, _ = ComposedGroup(a.c, a.i, a.j)
		_, _ = ComposedLogicalDivide(a.c, a.tl)
		_, _ = ComposedLogicalProduct(a.c, a.tl)
		_, _ = ComposedMaxCommonLayout(a.c, a.l)
		_, _ = ComposedMaxCommonVector(a.c, a.l)
		_, _ = ComposedMaxCommonVectorBoth(a.c, a.c)
		_, _ = ComposedRakedProduct(a.c, a.l)
		_, _ = ComposedRecastLayout(a.c, a.n, 16)
		_, _ = ComposedSlice(a.crd, a.c)
		_, _, _ = ComposedSliceAndOffset(a.crd, a.c)
		_, _ = ComposedTake(a.c, a.i, a.j)
		_, _ = ComposedTileToShape(a.c, a.t)
		_, _ = ComposedTileToShapeOrdered(a.c, a.t, a.u)
		_, _ = ComposedTiledDivide(a.c, a.tl)
		_, _ = ComposedTiledProduct(a.c, a.tl)
		_, _ = ComposedUpcast(a.c, a.n)
		_, _ = ComposedWithShape(a.c, a.t)
		_, _ = ComposedZippedDivide(a.c, a.tl)
		_, _ = ComposedZippedProduct(a.c, a.tl)
	},
	func(a zeroArgs) {
		_, _ = Composition(a.l, a.m)
		_ = CompositionSwizzle(a.sw, a.l)
		_, _ = CompositionTiler(a.l, a.tl)
	},
	func(a zeroArgs) {
		_, _ = CoordOf(a.t)
		_, _ = AsCoord(a.t)
		_, _ = AsCoord(a.tl)
		_, _ = AsLayout(a.t)
		_, _ = AsTiler(a.t)
	},
	func(a zeroArgs) {
		_, _ = Dice(a.crd, a.l)
		_, _ = DiceTuple(a.crd, a.t)
		_, _ = Slice(a.crd, a.l)
		_, _, _ = SliceAndOffset(a.crd, a.l)
		_, _ = SliceTuple(a.crd, a.t)
	},
	func(a zeroArgs) {
		_, _ = Downcast(a.l, a.n)
		_, _ = DowncastSwizzle(a.sw, a.n)
		_, _ = Upcast(a.l, a.n)
		_, _ = UpcastSwizzle(a.sw, a.n)
	},
	func(a zeroArgs) {
		_, _ = ElemGeq(a.t, a.u)
		_, _ = ElemGtr(a.t, a.u)
		_, _ = ElemLeq(a.t, a.u)
		_, _ = ElemLess(a.t, a.u)
		_, _ = ElemScale(a.t, a.u)
	},
	func(a zeroArgs) {
		_, _ = FlatDivide(a.l, a.tl)
		_, _ = FlatProduct(a.l, a.tl)
		_ = Flatten(a.t)
		_ = FlattenLayout(a.l)
	},
	func(a zeroArgs) { _, _ = GMMALayoutAtom(GMMALayoutKind(a.i), a.n) },
	func(a zeroArgs) {
		_, _ = Get(a.l, a.i)
		_, _ = GetTuple(a.t, a.i, a.j)
		_ = GetNonswizzlePortion(a.c)
		_ = GetSwizzle(a.c)
	},
	func(a zeroArgs) {
		_, _ = Group(a.l, a.i, a.j)
		_, _ = Select(a.l, a.i, a.j)
		_, _ = Take(a.l, a.i, a.j)
	},
	func(a zeroArgs) {
		_, _, _ = InnerPartition(a.l, a.tl, a.crd)
		_, _, _ = OuterPartition(a.l, a.tl, a.crd)
		_, _, _ = LocalTile(a.l, a.tl, a.crd)
		_, _, _ = LocalTileProj(a.l, a.tl, a.crd, a.crd)
		_, _, _ = LocalPartition(a.l, a.m, a.n)
		_, _, _ = LocalPartitionProj(a.l, a.m, a.n, a.crd)
	},
	func(a zeroArgs) {
		_, _ = InnerProduct(a.t, a.u)
		_, _ = Idx2Crd(a.n, a.t)
		_, _ = Idx2CrdStride(a.t, a.u, a.t)
		_, _ = Crd2Idx(a.t, a.u, a.t)
	},
	func(a zeroArgs) { _, _ = LeftInverse(a.l); _, _ = RightInverse(a.l); _, _ = Nullspace(a.l) },
	func(a zeroArgs) { _, _ = LogicalDivide(a.l, a.tl); _, _ = LogicalProduct(a.l, a.tl) },
	func(a zeroArgs) { _, _ = MakeBasisLike(a.t); _, _ = MakeIdentityLayout(a.t) },
	func(a zeroArgs) { _ = MakeComposedLayout(a.sw, a.n, a.l); _, _ = NewComposedLayout(a.sw, a.n, a.l) },
	func(a zeroArgs) {
		_, _ = MakeLayout(a.t, a.u)
		_, _ = MakeLayoutLeft(a.t)
		_, _ = MakeLayoutRight(a.t)
		_, _ = MakeLayoutLike(a.l)
		_, _ = MakeLayoutModes(a.l, a.m)
		_, _ = MakeOrderedLayout(a.t, a.u)
	},
	func(a zeroArgs) { _, _ = MaxCommonLayout(a.l, a.m); _, _ = MaxCommonVector(a.l, a.m) },
	func(a zeroArgs) {
		_, _ = PrefixProduct(a.t)
		_, _ = PrefixProductInit(a.t, a.u)
		_, _ = Product(a.t)
		_, _ = ProductEach(a.t)
		_, _ = ProductLike(a.t, a.u)
	},
	func(a zeroArgs) { _, _ = RecastLayout(a.l, a.n, 16); _, _ = RecastSwizzle(a.sw, 8, a.n) },
	func(a zeroArgs) {
		_ = ShapeTiler(a.t)
		_ = LayoutTiler(a.l)
		_ = TupleTiler(a.tl, a.tl)
		_, _ = Size(a.t)
	},
	func(a zeroArgs) { _, _ = TileToShape(a.l, a.t); _, _ = TileToShapeOrdered(a.l, a.t, a.u) },
	func(a zeroArgs) { _, _ = TiledDivide(a.l, a.tl); _, _ = TiledProduct(a.l, a.tl) },
	func(a zeroArgs) {
		_, _ = WithShape(a.l, a.t)
		_, _ = ZippedDivide(a.l, a.tl)
		_, _ = ZippedProduct(a.l, a.tl)
	},
	// Methods.
	func(a zeroArgs) {
		l := a.l
		_, _, _, _, _ = l.String(), l.Size(), l.Rank(), l.Depth(), l.IsZero()
		_, _ = l.CheckedSize()
		_, _ = l.Cosize()
		_, _ = l.Eval(a.n)
		_, _ = l.Call(a.t)
		_, _ = l.Mode(a.i)
		_, _ = l.MarshalText()
		_ = l.Equal(a.m)
		_ = l.AsTiler()
		for range l.All() {
			break
		}
		_, _, _, _ = l.AppendNest(nil, nil, nil)
	},
	func(a zeroArgs) {
		t := a.t
		_, _, _, _, _ = t.String(), t.Rank(), t.Depth(), t.Len(), t.NumLeaves()
		_, _, _ = t.Leaves(nil), t.LeafValues(nil), t.Elems()
		_, _, _ = t.IsLeaf(), t.IsTuple(), t.IsBasis()
		_, _ = t.Value(), t.BasisPath()
		_ = t.Equal(a.u)
		_, _ = t.MarshalText()
	},
	func(a zeroArgs) {
		tl := a.tl
		_, _, _, _, _ = tl.String(), tl.Rank(), tl.IsTuple(), tl.IsUnderscore(), tl.Elems()
		_, _ = tl.IsLayout()
	},
	func(a zeroArgs) {
		c := a.c
		_, _, _ = c.String(), c.Rank(), c.Size()
		_ = c.Shape()
		_, _ = c.Eval(a.n)
		_ = c.Validate()
		_ = c.Equal(a.c)
		_, _ = c.MarshalText()
		_, _ = a.sw.MarshalText()
		_, _ = a.sw.String(), a.sw.IsIdentity()
		_ = a.sw.Validate()
	},
	func(a zeroArgs) {
		_, _, _, _ = a.crd.String(), a.crd.IsTuple(), a.crd.IsUnderscore(), a.crd.HasUnderscore()
		_, _ = a.crd.IntTuple(), a.crd.Elems()
	},
}

// pick returns one of the candidate values by a byte of fuzz input.
func pick[T any](b byte, cs ...T) T { return cs[int(b)%len(cs)] }

func zeroArgsFrom(data []byte) zeroArgs {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	lays := []Layout{{}, MustParseLayout("(4,8):(1,4)"), MustParseLayout("(2,(1,4)):(0,(8,1))"), mkLayout(Ints(1<<40, 1<<40), Ints(1, 1<<40)), MustParseLayout("(4,5):(1@0,1@1)"), mkLayout(Int(-3), Int(1)), mkLayout(Ints(0, 4), Ints(1, 0))}
	tups := []IntTuple{{}, Int(0), Int(-1), Ints(0, 0), Ints(4, 8), Tuple(), Tuple(Int(2), Ints(3, 0)), E(1, 0), Int(1 << 62)}
	tils := []Tiler{{}, Underscore(), ShapeTiler(Ints(2, 2)), TupleTiler(Tiler{}, Underscore()), LayoutTiler(Layout{}), {kind: tilerTuple}}
	sws := []Swizzle{{}, {B: 3, M: 4, S: 3}, {B: -5, M: 3, S: 2}, {B: 1, M: 100, S: 1}}
	crds := []Coord{{}, CoordUnderscore(), CoordTuple(), CoordTuple(CoordInt(1), CoordUnderscore()), CoordInt(-7)}
	a := zeroArgs{
		l: pick(next(), lays...), m: pick(next(), lays...),
		t: pick(next(), tups...), u: pick(next(), tups...),
		tl: pick(next(), tils...), sw: pick(next(), sws...), crd: pick(next(), crds...),
		n: pick(next(), int64(0), 1, -1, 4, 1<<62, -1<<63), i: pick(next(), 0, 1, -1, 5), j: pick(next(), 0, 2, -3, 1<<30),
	}
	a.c = ComposedLayout{Outer: a.sw, Offset: a.n, Inner: a.l}
	return a
}

func runZeroOps(t *testing.T, a zeroArgs) {
	t.Helper()
	for k, op := range zeroOps {
		func() {
			defer func() {
				if r := recover(); r != nil {
					if e, ok := r.(*Error); ok && docPanics(e) {
						return
					}
					t.Fatalf("operation %d panics on %+v: %v", k, a, fmt.Sprint(r))
				}
			}()
			op(a)
		}()
	}
}

// docPanics reports the panics that are documented: an invalid Swizzle's methods (see
// Swizzle), IntTuple.At out of range, E with an invalid mode.
func docPanics(e *Error) bool { return e.Op == "swizzle" || e.Op == "get" || e.Op == "basis" }

func TestZeroValues(t *testing.T) {
	runZeroOps(t, zeroArgs{})
	for b := 0; b < 64; b++ {
		runZeroOps(t, zeroArgsFrom([]byte{byte(b), byte(b / 2), byte(b * 3), byte(b * 5), byte(b * 7), byte(b * 11), byte(b * 13), byte(b * 17), byte(b * 19), byte(b * 23)}))
	}
}

func FuzzZeroValues(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Add([]byte{3, 3, 8, 8, 0, 2, 4, 4, 1, 3})
	f.Fuzz(func(t *testing.T, data []byte) { runZeroOps(t, zeroArgsFrom(data)) })
}

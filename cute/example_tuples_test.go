package cute_test

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// Outputs: C++ CuTe (CUTLASS 4.x) with static integers, minus the `_` marks; the
// shape_div and make_ordered_layout cases are CuTe's own doc comments.

func ExampleShapeDiv() {
	a, _ := cute.ParseIntTuple("(4,5,6)")
	fmt.Println(cute.ShapeDiv(a, cute.Int(40)))
	// Output: (1,1,3) <nil>
}

func ExampleCeilDiv() {
	a, _ := cute.ParseIntTuple("(5,7,9)")
	b, _ := cute.ParseIntTuple("(2,3)")
	fmt.Println(cute.CeilDiv(a, b))
	// Output: (3,3,9) <nil>
}

func ExampleMakeOrderedLayout() {
	s, _ := cute.ParseIntTuple("(2,3,4,5)")
	o, _ := cute.ParseIntTuple("(2,67,42,50)")
	fmt.Println(cute.MakeOrderedLayout(s, o))
	// Output: (2,3,4,5):(1,40,2,8) <nil>
}

func ExampleMakeLayoutLike() {
	l, _ := cute.ParseLayout("(2,3,4,5):(0,42,1,0)")
	fmt.Println(cute.MakeLayoutLike(l))
	// Output: (2,3,4,5):(0,4,1,0) <nil>
}

func ExampleCompactRowMajor() {
	s, _ := cute.ParseIntTuple("(2,1,(3,4))")
	fmt.Println(cute.CompactRowMajor(s))
	// Output: (12,0,(4,1)) <nil>
}

func ExampleIdx2CrdStride() {
	i, _ := cute.ParseIntTuple("17")
	s, _ := cute.ParseIntTuple("(2,(3,4))")
	d, _ := cute.ParseIntTuple("(1,(2,6))")
	fmt.Println(cute.Idx2CrdStride(i, s, d))
	// Output: (1,(2,2)) <nil>
}

func ExampleGroup() {
	l, _ := cute.ParseLayout("(2,3,4,5):(1,2,6,24)")
	fmt.Println(cute.Group(l, 1, 3))
	// Output: (2,(3,4),5):(1,(2,6),24) <nil>
}

func ExampleSlice() {
	l, _ := cute.ParseLayout("(4,8):(1,4)")
	c, _ := cute.ParseCoord("(_,2)")
	fmt.Println(l.Slice(c)) // CuTe's L(_,2)
	s, _ := cute.ParseLayout("(2,(3,4),5):(1,(2,6),24)")
	c, _ = cute.ParseCoord("(_,(1,_),2)")
	fmt.Println(cute.SliceAndOffset(c, s))
	// Output:
	// (4):(1) <nil>
	// (2,4):(1,6) 50 <nil>
}

func ExampleDice() {
	s, _ := cute.ParseLayout("(2,(3,4),5):(1,(2,6),24)")
	c, _ := cute.ParseCoord("(_,(1,_),2)")
	fmt.Println(cute.Dice(c, s))
	// Output: (3,5):(2,24) <nil>
}

func ExampleUpcast() {
	l, _ := cute.ParseLayout("(3,(4,5)):(0,(1,-8))")
	fmt.Println(cute.Upcast(l, 2))
	// Output: (3,(2,5)):(0,(1,-4)) <nil>
}

func ExampleDowncast() {
	l, _ := cute.ParseLayout("(4,8):(1,4)")
	fmt.Println(cute.Downcast(l, 2))
	// Output: (8,8):(1,8) <nil>
}

func ExampleRecastLayout() {
	l, _ := cute.ParseLayout("(4,8):(1,4)")
	fmt.Println(cute.RecastLayout(l, 16, 32)) // recast_layout<uint16_t,uint32_t>
	// Output: (2,8):(1,2) <nil>
}

func ExampleMakeIdentityLayout() {
	s, _ := cute.ParseIntTuple("(2,(3,4))")
	id, _ := cute.MakeIdentityLayout(s)
	fmt.Println(id)
	fmt.Println(id.Call(cute.Int(23)))
	// Output:
	// (2,(3,4)):(1@0,(1@0@1,1@1@1))
	// (1,(2,3)) <nil>
}

func ExampleMakeSwizzleFromMasks() {
	fmt.Println(cute.MakeSwizzleFromMasks(0b11000000, 0b00000110))
	// Output: Sw<2,1,5> <nil>
}

func ExampleGMMALayoutAtom() {
	// GMMA::Layout_K_SW128_Atom<half_t>, position independent.
	fmt.Println(cute.GMMALayoutAtom(cute.GMMAKSW128, 16))
	// Output: Sw<3,3,3> o 0 o (8,64):(64,1) <nil>
}

func ExampleUpcastSwizzle() {
	fmt.Println(cute.UpcastSwizzle(cute.Swizzle{B: 3, M: 4, S: 3}, 64))
	// Output: Sw<1,0,3> <nil>
}

func ExampleLocalTile() {
	// The CTA tile (1,2) of a 128x256 column-major matrix (C++: local_tile on a tensor;
	// the offset is how far the tensor's pointer moves).
	a, _ := cute.ParseLayout("(128,256):(1,128)")
	t, _ := cute.ParseTiler("(32,64)")
	c, _ := cute.ParseCoord("(1,2)")
	fmt.Println(cute.LocalTile(a, t, c))
	// Output: (32,64):(1,128) 16416 <nil>
}

func ExampleLocalPartition() {
	// CuTe's tensor_impl.hpp comment: (16,64) data over a (2,16) thread layout gives (8,4)
	// per thread; thread 3 is at (1,1).
	d, _ := cute.ParseLayout("(16,64):(1,16)")
	thr, _ := cute.ParseLayout("(2,16)")
	fmt.Println(cute.LocalPartition(d, thr, 3))
	// Output: (8,4):(2,256) 17 <nil>
}

func ExampleWithShape() {
	l, _ := cute.ParseLayout("(8,8):(8,1)")
	s, _ := cute.ParseIntTuple("(4,16)")
	fmt.Println(cute.WithShape(l, s))
	// Output: (4,(2,8)):(8,(32,1)) <nil>
}

func ExampleComposedTileToShape() {
	// A 128x64 half-precision K-major shared-memory tile from the 128-byte-swizzle atom.
	atom, _ := cute.GMMALayoutAtom(cute.GMMAKSW128, 16)
	s, _ := cute.ParseIntTuple("(128,64)")
	fmt.Println(cute.ComposedTileToShape(atom, s))
	// Output: Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0)) <nil>
}

func ExampleComposedSliceAndOffset() {
	sl := cute.CompositionSwizzle(cute.Swizzle{B: 3, M: 3, S: 3}, cute.MustLayout(cute.Ints(8, 64), cute.Ints(64, 1)))
	c, _ := cute.ParseCoord("(_,3)")
	r, off, _ := cute.ComposedSliceAndOffset(c, sl)
	fmt.Println(r.Inner, off) // decayed to a plain layout (r.Outer is the identity)
	// Output: (8):(72) 3
}

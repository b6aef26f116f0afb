package cute_test

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

func L(s string) cute.Layout {
	l, err := cute.ParseLayout(s)
	if err != nil {
		panic(err)
	}
	return l
}

func T(s string) cute.Tiler {
	t, err := cute.ParseTiler(s)
	if err != nil {
		panic(err)
	}
	return t
}

func I(s string) cute.IntTuple {
	t, err := cute.ParseIntTuple(s)
	if err != nil {
		panic(err)
	}
	return t
}

// CuTe's 02_layout_algebra.md: coalesce((2,(1,6)):(1,(6,2))) is 12:1; by mode with the
// profile (1,1) it is (2,6):(1,2).
func ExampleCoalesce() {
	l := L("(2,(1,6)):(1,(6,2))")
	fmt.Println(cute.Coalesce(l))
	fmt.Println(cute.CoalesceProfile(l, I("(1,1)")))
	// Output:
	// 12:1 <nil>
	// (2,6):(1,2) <nil>
}

// CuTe's 02_layout_algebra.md: (6,2):(8,2) ∘ (4,3):(3,1) = ((2,2),3):((24,2),8) and
// (10,2):(16,4) ∘ (5,4):(1,5) = (5,(2,2)):(16,(80,4)).
func ExampleComposition() {
	fmt.Println(cute.Composition(L("(6,2):(8,2)"), L("(4,3):(3,1)")))
	fmt.Println(cute.Composition(L("(10,2):(16,4)"), L("(5,4):(1,5)")))
	// C++ CuTe returns (2,2):(1,1) here, which is not A∘B (CUTLASS #2955): cutego refuses.
	_, err := cute.Composition(L("(2,2):(1,10)"), L("(2,2):(1,1)"))
	fmt.Println(err != nil)
	// Output:
	// ((2,2),3):((24,2),8) <nil>
	// (5,(2,2)):(16,(80,4)) <nil>
	// true
}

// CuTe's 02_layout_algebra.md: by-mode composition with the tilers <3:4, 8:2> and (3, 8).
func ExampleCompositionTiler() {
	a := L("(12,(4,8)):(59,(13,1))")
	fmt.Println(cute.CompositionTiler(a, T("(3:4,8:2)")))
	fmt.Println(cute.CompositionTiler(a, T("(3,8)")))
	// Output:
	// (3,(2,4)):(236,(26,1)) <nil>
	// (3,(4,2)):(59,(13,1)) <nil>
}

// CuTe's 02_layout_algebra.md complement examples, and a tuple cotarget.
func ExampleComplement() {
	for _, s := range []string{"4:1", "6:4", "(4,6):(1,4)", "4:2", "(2,4):(1,6)", "(2,2):(1,6)"} {
		fmt.Println(cute.Complement(L(s), cute.Int(24)))
	}
	fmt.Println(cute.Complement(L("3:1"), I("(8,3)")))
	// Output:
	// 6:4 <nil>
	// 4:1 <nil>
	// 1:0 <nil>
	// (2,3):(1,8) <nil>
	// 3:2 <nil>
	// (3,2):(2,12) <nil>
	// 9:3 <nil>
}

// right_inverse skips the modes it cannot use; left_inverse(2:24) (C++ CuTe output).
func ExampleRightInverse() {
	fmt.Println(cute.RightInverse(L("(2,4):(0,1)")))
	fmt.Println(cute.LeftInverse(L("2:24")))
	// Output:
	// 4:2 <nil>
	// (24,2):(0,1) <nil>
}

// CuTe's 02_layout_algebra.md: (4,2,3):(2,1,8) divided by 4:2, and the 2-D example with
// the tiler <3:3, (2,4):(1,8)> in its four forms (C++ CuTe output).
func ExampleLogicalDivide() {
	fmt.Println(cute.LogicalDivide(L("(4,2,3):(2,1,8)"), L("4:2").AsTiler()))
	a, t := L("(9,(4,8)):(59,(13,1))"), T("(3:3,(2,4):(1,8))")
	fmt.Println(cute.LogicalDivide(a, t))
	fmt.Println(cute.ZippedDivide(a, t))
	fmt.Println(cute.TiledDivide(a, t))
	fmt.Println(cute.FlatDivide(a, t))
	// An identity layout (scaled-basis strides) divided by (2,4).
	fmt.Println(cute.LogicalDivide(L("(8,8):(1@0,1@1)"), T("(2,4)")))
	// Output:
	// ((2,2),(2,3)):((4,1),(2,8)) <nil>
	// ((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1))) <nil>
	// ((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1))) <nil>
	// ((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1)) <nil>
	// (3,(2,4),3,(2,2)):(177,(13,2),59,(26,1)) <nil>
	// ((2,4),(4,2)):((1@0,2@0),(1@1,4@1)) <nil>
}

// CuTe's 02_layout_algebra.md: (2,2):(4,1) reproduced by 6:1 and by (4,2):(2,1); blocked
// and raked products (C++ CuTe output).
func ExampleLogicalProduct() {
	fmt.Println(cute.LogicalProduct(L("(2,2):(4,1)"), L("6:1").AsTiler()))
	fmt.Println(cute.LogicalProduct(L("(2,2):(4,1)"), L("(4,2):(2,1)").AsTiler()))
	fmt.Println(cute.BlockedProduct(L("(2,5):(5,1)"), L("(3,4):(1,3)")))
	fmt.Println(cute.RakedProduct(L("(2,5):(5,1)"), L("(3,4):(1,3)")))
	// Output:
	// ((2,2),(2,3)):((4,1),(2,8)) <nil>
	// ((2,2),(4,2)):((4,1),(8,2)) <nil>
	// ((2,3),(5,4)):((5,10),(1,30)) <nil>
	// ((3,2),(4,5)):((10,5),(30,1)) <nil>
}

// tile_to_shape, max_common_vector and nullspace (C++ CuTe output).
func ExampleTileToShape() {
	fmt.Println(cute.TileToShape(L("(2,2):(1,2)"), I("(8,4)")))
	fmt.Println(cute.MaxCommonVector(L("(4,8):(1,4)"), L("(4,8):(1,4)")))
	fmt.Println(cute.MaxCommonVector(L("(4,8):(1,4)"), L("(4,8):(8,1)")))
	fmt.Println(cute.Nullspace(L("(2,(3,4)):(0,(1,0))")))
	// Output:
	// ((2,4),(2,2)):((1,4),(2,16)) <nil>
	// 32 <nil>
	// 1 <nil>
	// (2,4):(1,6) <nil>
}

package cute_test

import (
	"fmt"
	"os"

	"github.com/cutego/cutego/cute"
)

// The seed paper, section 1.2: the loop
//
//	for (int m = 2; m <= 50; m += 3) A[m] = e(m);
//
// is the canonical loop (A + 2)[3*i] = g(i), i < 17: a 17-element vector with accessor
// A + 2, shape 17 and stride 3.
func ExampleTensor_canonicalLoop() {
	A := make([]int, 51)
	v := cute.MustTensor(A, 2, cute.MustLayout(cute.Int(17), cute.Int(3)))
	e := func(m int) int { return 1000 + m }
	g := func(i int64) int { return e(int(3*i + 2)) }
	for i := int64(0); i < v.Size(); i++ {
		_ = v.Set(g(i), i)
	}
	for m, x := range A {
		if x != 0 {
			fmt.Print(m, " ")
		}
	}
	fmt.Println()
	// Output:
	// 2 5 8 11 14 17 20 23 26 29 32 35 38 41 44 47 50
}

// Section 1.2's loop nest
//
//	for (int n = 3; n < 43; n += 2) for (int m = 4; m <= 22; m += 5) A[p*m + q*n] = e(m,n);
//
// is a 4×20 matrix with accessor A + 4p + 3q, shape (4,20) and stride (5p,2q), and the same
// data is an 80-element vector through the 1-D coordinate k = i + 4j.
func ExampleTensor_canonicalLoopNest() {
	const p, q = 1, 50
	A := make([]int, p*22+q*43)
	v := cute.MustTensor(A, 4*p+3*q, cute.MustLayout(cute.Ints(4, 20), cute.Ints(5*p, 2*q)))
	agree := 0
	for n := 3; n < 43; n += 2 {
		for m := 4; m <= 22; m += 5 {
			i, j := int64((m-4)/5), int64((n-3)/2)
			twoD, _ := v.Index(cute.Ints(i, j))
			oneD, _ := v.Index(cute.Int(i + 4*j))
			if twoD == int64(p*m+q*n) && oneD == twoD {
				agree++
			}
		}
	}
	fmt.Println(v.Layout(), "at offset", v.Offset(), "agrees with the loop nest on", agree, "elements")
	// Output:
	// (4,20):(5,100) at offset 154 agrees with the loop nest on 80 elements
}

// The paper's Figure 1: a physical array of 8 elements viewed as a 2×2×2 tensor,
// (2,2,2):(2,1,4), and folded into two matrices by grouping modes, no copy: the 4×2
// matrix ((2,2),2):((2,4),1) (mode 2 folded into mode 0; its flat, coalesced form is
// (4,2):(2,1)) and the 2×4 matrix (2,(2,2)):(2,(1,4)) (mode 2 folded into mode 1; no flat
// form exists: its second mode has no single stride). The elements printed are the
// positions in the physical array.
func ExampleTensor_folding() {
	data := []int{0, 1, 2, 3, 4, 5, 6, 7}
	t := cute.MustTensor(data, 0, cute.MustLayout(cute.Ints(2, 2, 2), cute.Ints(2, 1, 4)))
	m0, _ := t.Layout().Mode(0)
	m1, _ := t.Layout().Mode(1)
	m2, _ := t.Layout().Mode(2)
	g02, _ := cute.MakeLayoutModes(m0, m2)
	g12, _ := cute.MakeLayoutModes(m1, m2)
	l42, _ := cute.MakeLayoutModes(g02, m1)
	l24, _ := cute.MakeLayoutModes(m0, g12)
	v42, _ := t.WithLayout(l42)
	v24, _ := t.WithLayout(l24)
	flat42, _ := cute.CoalesceProfile(l42, cute.Ints(1, 1))
	flat24, _ := cute.CoalesceProfile(l24, cute.Ints(1, 1))
	fmt.Println("4x2:", v42.Layout(), "flat", flat42)
	_ = cute.PrintTensorBody(os.Stdout, v42)
	fmt.Println("2x4:", v24.Layout(), "flat", flat24)
	_ = cute.PrintTensorBody(os.Stdout, v24)
	// Output:
	// 4x2: ((2,2),2):((2,4),1) flat (4,2):(2,1)
	//     0    1
	//     2    3
	//     4    5
	//     6    7
	// 2x4: (2,(2,2)):(2,(1,4)) flat (2,(2,2)):(2,(1,4))
	//     0    1    4    5
	//     2    3    6    7
}

// The paper's reference batched GEMM (section 1.3): C(m,n,l) += A(m,k,l)·B(n,k,l) with
// four loops over 1-D coordinates, here a 2×2 product (l = 1) with A row-major, B
// (N,K) column-major and C row-major.
func ExampleGemm() {
	A := cute.MustTensor([]float64{1, 2, 3, 4}, 0, cute.MustLayout(cute.Ints(2, 2), cute.Ints(2, 1))) // [[1,2],[3,4]]
	B := cute.MustTensor([]float64{5, 6, 7, 8}, 0, cute.MustLayout(cute.Ints(2, 2), cute.Ints(2, 1))) // B(n,k): columns (5,6), (7,8) of the right factor
	C := cute.MustTensor(make([]float64, 4), 0, cute.MustLayout(cute.Ints(2, 2), cute.Ints(2, 1)))
	_ = cute.Gemm(A, B, C)
	_ = cute.PrintTensorBody(os.Stdout, C)
	// Output:
	//   1.700e+01  2.300e+01
	//   3.900e+01  5.300e+01
}

// A tile of a matrix and a thread's partition of it, as CuTe kernels take them
// (local_tile then local_partition), both views of the same data.
func ExampleTensor_LocalTile() {
	data := make([]int32, 8*8)
	for i := range data {
		data[i] = int32(i)
	}
	m := cute.MustTensor(data, 0, cute.MustLayout(cute.Ints(8, 8), cute.Ints(1, 8))) // column-major 8×8
	tile, _ := m.LocalTile(cute.ShapeTiler(cute.Ints(4, 4)), cute.CoordTuple(cute.CoordInt(1), cute.CoordInt(0)))
	part, _ := tile.LocalPartition(cute.MustLayout(cute.Ints(2, 2), cute.Ints(1, 2)), 1)
	fmt.Println(tile.Layout(), "at", tile.Offset())
	_ = cute.PrintTensorBody(os.Stdout, tile)
	fmt.Println(part.Layout(), "at", part.Offset())
	_ = cute.PrintTensorBody(os.Stdout, part)
	// Output:
	// (4,4):(1,8) at 4
	//     4   12   20   28
	//     5   13   21   29
	//     6   14   22   30
	//     7   15   23   31
	// (2,2):(2,16) at 5
	//     5   21
	//     7   23
}

package einsum_test

import (
	"fmt"
	"os"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/einsum"
)

// The paper's contraction (section 1.3, equation (1)) C_stqp = A_stupr B_qtru, with
// column-major operands, folds to C_(sp)(q)(t) = A_(sp)(ur)(t) B_(q)(ur)(t): row modes
// (s,p), column mode q, reduction modes (u,r), batch mode t. The folded layouts are the
// operands' own modes, grouped.
func ExampleFold() {
	a, _ := cute.MakeLayoutLeft(cute.Ints(2, 3, 4, 5, 6)) // s t u p r
	b, _ := cute.MakeLayoutLeft(cute.Ints(7, 3, 6, 4))    // q t r u
	c, _ := cute.MakeLayoutLeft(cute.Ints(2, 3, 7, 5))    // s t q p
	p, err := einsum.Fold("stupr,qtru->stqp", a, b, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("m=%s n=%s k=%s l=%s\n", p.Classes.M, p.Classes.N, p.Classes.K, p.Classes.L)
	fmt.Println("A:", p.A)
	fmt.Println("B:", p.B)
	fmt.Println("C:", p.C)
	// Output:
	// m=sp n=q k=ur l=t
	// A: ((2,5),(4,6),3):((1,24),(6,120),2)
	// B: (7,(4,6),3):(1,(126,21),7)
	// C: ((2,5),7,3):((1,42),6,2)
}

// A batched matrix product written as an einsum, run through the paper's reference loops
// on the folded views.
func ExampleContract() {
	// A(b,i,k): two 2×2 matrices, row-major, one after the other
	A := cute.MustTensor([]float64{1, 2, 3, 4, 1, 0, 0, 1}, 0, cute.MustLayout(cute.Ints(2, 2, 2), cute.Ints(4, 2, 1)))
	// B(b,k,j): the same two matrices
	B := cute.MustTensor([]float64{1, 2, 3, 4, 1, 0, 0, 1}, 0, cute.MustLayout(cute.Ints(2, 2, 2), cute.Ints(4, 2, 1)))
	// C(i,j,b): the batch mode last
	C := cute.MustTensor(make([]float64, 8), 0, cute.MustLayout(cute.Ints(2, 2, 2), cute.Ints(2, 1, 4)))
	if err := einsum.Contract("bik,bkj->ijb", A, B, C); err != nil {
		fmt.Println(err)
		return
	}
	_ = cute.PrintTensorBody(os.Stdout, C)
	// Output:
	//   7.000e+00  1.000e+01
	//   1.500e+01  2.200e+01
	// ----------
	//   1.000e+00  0.000e+00
	//   0.000e+00  1.000e+00
}

// An index repeated within an operand is its diagonal, one mode whose strides add: the
// diagonal of a 3×3 column-major matrix is 3:4. What the canonical form cannot hold is a
// typed error.
func ExampleFold_diagonal() {
	a := cute.MustLayout(cute.Ints(3, 3), cute.Ints(1, 3))
	b := cute.MustLayout(cute.Ints(3, 5), cute.Ints(1, 3))
	c := cute.MustLayout(cute.Int(5), cute.Int(1))
	p, err := einsum.Fold("ii,ij->j", a, b, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("A:", p.A, "B:", p.B)
	// Output:
	// A: (1,3,1):(0,4,0) B: (5,3,1):(3,1,0)
}

// What the canonical form cannot hold is a typed error.
func ExampleFold_errors() {
	l := cute.MustLayout(cute.Ints(2, 2), cute.Ints(1, 2))
	for _, s := range []string{"ij,kl->ik", "ij,jk->iki", "ij,jk,kl->il"} {
		_, err := einsum.Fold(s, l, l, l)
		fmt.Println(err)
	}
	// Output:
	// einsum: index j appears only in operand A "ij": the canonical form C(m,n,l) = A(m,k,l)·B(n,k,l) has no class for it (sum it out first)
	// einsum: index i repeats in the output "iki"
	// einsum: "ij,jk,kl->il" has 3 operands: the canonical form C = A·B takes two
}

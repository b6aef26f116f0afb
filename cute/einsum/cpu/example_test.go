package cpu_test

import (
	"fmt"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/einsum/cpu"
)

// Attention scores, S(b,h,q,k) = Σ_d Q(b,h,q,d)·K(b,h,k,d), with row-major operands: the
// folded layouts give each (b,h) a q×k×d GEMM with unit strides, run by gonum's BLAS.
func ExampleContract() {
	const B, H, Q, K, D = 2, 4, 64, 64, 32
	mk := func(shape ...int64) cute.Tensor[float32] {
		l, _ := cute.MakeLayoutRight(cute.Ints(shape...))
		d := make([]float32, l.Size())
		for i := range d {
			d[i] = float32(i%3) - 1
		}
		return cute.MustTensor(d, 0, l)
	}
	q, k, s := mk(B, H, Q, D), mk(B, H, K, D), mk(B, H, Q, K)
	path, err := cpu.Contract("bhqd,bhkd->bhqk", q, k, s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(path)
	// S(1,2,3,4): Q's row starts at element 387·32 (≡ 0 mod 3), K's at 388·32 (≡ 2 mod 3), so
	// for d ≡ 0 mod 3 the product is (-1)·(1), otherwise 0: eleven such d below 32.
	v, _ := s.At(1, 2, 3, 4)
	fmt.Println(v)
	// Output:
	// blas: 8 call(s) of gemm 64×64×32
	// -11
}

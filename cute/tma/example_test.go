package tma_test

import (
	"fmt"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/tma"
)

// A column-major fp16 matrix of 64×128 elements, copied in tiles of 64×32: the tensor
// map's dimensions are the matrix's, its byte strides 2 (one half) and 128 (a column of
// 64 halves), and its box the tile.
func ExampleDerive() {
	gmem := cute.MustParseLayout("(64,128):(1,64)")
	smem := cute.MustParseLayout("(64,32):(1,64)")
	d, err := tma.Derive(gmem, smem, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d)
	// Output: rank 2 u16 dims (64,128) strides (2,128) box (64,32)
}

// The K-major 128-byte swizzle atom of Hopper's GMMA for 16-bit types (CuTe's
// GMMA::Layout_K_SW128_Atom: Sw<3,4,3> on bytes, Sw<3,3,3> on 2-byte elements, over
// (8,64):(64,1)): the copy walks K, the contiguous dimension of the row-major global
// matrix, first, in boxes of 64 halves (128 bytes) by 8 rows.
func ExampleDerive_swizzled() {
	gmem := cute.MustParseLayout("(128,256):(256,1)")
	sw, err := cute.MakeSwizzle(3, 3, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	smem := cute.MakeComposedLayout(sw, 0, cute.MustParseLayout("(8,64):(64,1)"))
	d, err := tma.Derive(gmem, smem, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d)
	// Output: rank 2 u16 dims (256,128) strides (2,512) box (64,8) swizzle 128B
}

// The hardware's swizzle modes are Sw<B,4,3> on byte offsets: 32, 64 or 128 bytes for
// B = 1, 2, 3. On 4-byte elements the same swizzles are Sw<B,2,3>.
func ExampleSwizzleBytes() {
	for _, b := range []int{1, 2, 3} {
		sw, _ := cute.MakeSwizzle(b, 2, 3)
		n, err := tma.SwizzleBytes(sw, 4)
		fmt.Println(sw, n, err)
	}
	_, err := tma.SwizzleBytes(cute.Swizzle{B: 3, M: 3, S: 3}, 4)
	fmt.Println(err != nil)
	// Output:
	// Sw<1,2,3> 32 <nil>
	// Sw<2,2,3> 64 <nil>
	// Sw<3,2,3> 128 <nil>
	// true
}

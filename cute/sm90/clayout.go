package sm90

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// CLayout64xN is the CLayout of CuTe's SM90 GMMA MMA atoms with a 32-bit accumulator
// (MMA_Traits<SM90_64xNx16_F32…>::CLayout, CLayout_64xN in mma_traits_sm90_gmma.hpp): the
// map (thread, value) ↦ index of the 64xN accumulator tile in column-major order
// (row + 64·col) for the 128 threads of a warpgroup and the N/2 values each holds.
//
// It is built from the PTX ISA's register fragment of wgmma's D matrix, not written down:
// thread t = (t0,t1,t2) of shape (4,8,4) — t0 the thread in its quad, t1 the quad in its
// warp, t2 the warp — and value v = (v0,v1,v2) of shape (2,2,N/8) hold
//
//	row = t1 + 8·v1 + 16·t2,   col = 2·t0 + v0 + 8·v2,
//
// which is the layout ((4,8,4),(2,2,N/8)) : ((2@1,1@0,16@0),(1@1,8@0,8@1)) with
// scaled-basis strides (@0 the row, @1 the column), composed with the column-major tile
// make_layout((64,N)). For N = 256 that is ((4,8,4),(2,2,32)):((128,1,16),(64,8,512)).
// n must be a multiple of 8 in [8, 256] (the wgmma N values for 16-bit inputs).
func CLayout64xN(n int64) (cute.Layout, error) {
	if n < 8 || n > 256 || n%8 != 0 {
		return cute.Layout{}, &cute.Error{Op: "clayout_64xn", Kind: cute.ErrInvalid,
			Reason: fmt.Sprintf("wgmma N = %d is not a multiple of 8 in [8,256]", n)}
	}
	frag, err := cute.MakeLayout(
		cute.Tuple(cute.Ints(4, 8, 4), cute.Ints(2, 2, n/8)),
		cute.Tuple(cute.Tuple(cute.E(2, 1), cute.E(1, 0), cute.E(16, 0)),
			cute.Tuple(cute.E(1, 1), cute.E(8, 0), cute.E(8, 1))))
	if err != nil {
		return cute.Layout{}, err
	}
	tile, err := cute.MakeLayoutLeft(cute.Ints(64, n))
	if err != nil {
		return cute.Layout{}, err
	}
	return cute.Composition(tile, frag)
}

package sm90_test

import (
	"fmt"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/sm90"
)

// The K-major 128-byte-swizzled tile of CuTe's comment on make_gmma_desc
// (tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, …)), for one wgmma's 64 x 16 A
// operand (rows of 128 bytes, so 8-row groups 1024 bytes apart: SBO), the fixed LBO of 16
// bytes.
func ExampleMakeGmmaDesc() {
	atom, _ := cute.GMMALayoutAtom(cute.GMMAKSW128, 16)
	tile, _ := cute.ComposedTileToShape(atom, cute.Ints(128, 64))
	sub, _ := cute.ComposedZippedDivide(tile, cute.ShapeTiler(cute.Ints(64, 16)))
	a, _ := cute.ComposedGet(sub, 0)
	d, err := sm90.MakeGmmaDesc(a, 16, sm90.MajorK)
	fmt.Println(a, err)
	fmt.Printf("%v LBO %d SBO %d\n", d.LayoutType, d.LBOBytes, d.SBOBytes)
	bits, _ := d.Bits()
	fmt.Printf("%#016x\n", bits)
	// Output:
	// Sw<3,3,3> o 0 o (64,16):(64,1) <nil>
	// B128 LBO 16 SBO 1024
	// 0x4000004000010000
}

func ExampleDeriveGemm() {
	g, _ := sm90.DeriveGemm(sm90.GemmConfig{BM: 128, BN: 256, BK: 64, Stages: 4, ElemBits: 16, ConsumerWarpgroups: 2})
	b, _ := g.Operand("B_MN")
	fmt.Println(b.Stages)
	fmt.Printf("TMA: %d loads of %dx%d, %d bytes apart; wgmma: LBO %d SBO %d, K step %d\n",
		b.TMALoads, b.TMA.Box[0], b.TMA.Box[1], b.TMALoadSmemBytes, b.Desc.LBOBytes, b.Desc.SBOBytes, b.KStepBytes)
	fmt.Println(g.Acc.TV)
	// Output:
	// Sw<3,3,3> o 0 o ((64,4),(8,8),(1,4)):((1,4096),(64,512),(0,16384))
	// TMA: 4 loads of 64x64, 8192 bytes apart; wgmma: LBO 8192 SBO 1024, K step 2048
	// ((4,8,4),(2,2,32)):((128,1,16),(64,8,512))
}

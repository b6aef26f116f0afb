package atom_test

import (
	"fmt"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
)

// The TiledMMA of CUTLASS's 0t_mma_atom.md: four SM70 quadpair atoms in a 2x2 n-major
// layout, tiled to 32x32x4. The doc lists the A coordinates thread 0 reads:
// (0,0) (1,0) (2,0) (3,0) (16,0) (17,0) (18,0) (19,0).
func ExampleMakeTiledMMA() {
	a, _ := atom.MakeMMAAtom("SM70_8x8x4_F32F16F16F32_NT")
	tiler, _ := cute.ParseTiler("(32,32,4)")
	mma, _ := atom.MakeTiledMMA(a, cute.MustParseLayout("(2,2):(2,1)"), tiler)
	fmt.Println("tile:", mma.TileShape())
	tv, _ := mma.LayoutA_TV()
	M := mma.TileSizeMNK(0)
	for v := int64(0); v < 8; v++ {
		i, _ := tv.Call(cute.Ints(0, v))
		fmt.Printf("T0V%d => (%d,%d)\n", v, i.Value()%M, i.Value()/M)
	}
	// Output:
	// tile: (32,32,4)
	// T0V0 => (0,0)
	// T0V1 => (1,0)
	// T0V2 => (2,0)
	// T0V3 => (3,0)
	// T0V4 => (16,0)
	// T0V5 => (17,0)
	// T0V6 => (18,0)
	// T0V7 => (19,0)
}

// The doc's permuted M mode, (4,4,2):(1,8,4), makes thread 0's reads of A contiguous.
func ExampleMakeTiledMMA_permutation() {
	a, _ := atom.MakeMMAAtom("SM70_8x8x4_F32F16F16F32_NT")
	tiler, _ := cute.ParseTiler("((4,4,2):(1,8,4),32,4)")
	mma, _ := atom.MakeTiledMMA(a, cute.MustParseLayout("(2,2):(2,1)"), tiler)
	tv, _ := mma.LayoutA_TV()
	for v := int64(0); v < 8; v++ {
		i, _ := tv.Call(cute.Ints(0, v))
		fmt.Printf("(%d,%d) ", i.Value()%32, i.Value()/32)
	}
	fmt.Println()
	// Output:
	// (0,0) (1,0) (2,0) (3,0) (4,0) (5,0) (6,0) (7,0)
}

// A thread's share of C: partition_C of a 64x64 row-major tile by an SM80 16x8x16 atom
// replicated 2x2. Each thread holds (MMA, MMA_M, MMA_N) = (4, 2, 4) accumulators.
func ExampleThrMMA_PartitionC() {
	a, _ := atom.MakeMMAAtom("SM80_16x8x16_F32F16F16F32_TN")
	mma, _ := atom.MakeTiledMMA(a, cute.MustParseLayout("(2,2,1):(1,2,0)"), cute.Tiler{})
	thr, _ := mma.Slice(0)
	c, off, _ := thr.PartitionC(cute.MustParseLayout("(64,64):(64,1)"))
	fmt.Println(mma.Size(), mma.TileShape(), c, off)
	// Output:
	// 128 (32,16,16) ((2,2),2,4):((1,512),2048,16) 0
}

// A copy of 128-bit vectors of half_t: 32x8 threads, 8 values each, cover a 32x64 tile.
func ExampleMakeTiledCopy() {
	a, _ := atom.MakeCopyAtom("UniversalCopy<uint128_t>", "half_t")
	tc, _ := atom.MakeTiledCopy(a, cute.MustParseLayout("(32,8):(8,1)"), cute.MustParseLayout("(1,8):(0,1)"))
	fmt.Println(tc.TilerMN, tc.LayoutTV)
	// Output:
	// (32,64) ((8,32),8):((256,1),32)
}

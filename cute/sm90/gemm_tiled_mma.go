package sm90

import (
	"fmt"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
)

// GemmAtomName is CuTe's name of the SM90 GMMA atom the GEMM kernel of c issues with A and B
// of majors ma and mb, both read from shared memory (SS) into an F32 accumulator:
// SM90_64xBNx16_F32BF16BF16_SS<GMMA::Major::ma,GMMA::Major::mb> for 16-bit elements (the fp16
// atom, F32F16F16, has the same layouts), SM90_64xBNx32_F32E4M3E4M3_SS_TN for 8-bit ones
// (the e5m2 pairs have the same layouts; CuTe has only K-major SS atoms for them, so a
// name with an MN major is returned as is and MakeMMAAtom refuses it).
func GemmAtomName(c GemmConfig, ma, mb Major) string {
	if c.ElemBits == 8 {
		if ma == MajorK && mb == MajorK {
			return fmt.Sprintf("SM90_64x%dx32_F32E4M3E4M3_SS_TN", c.BN)
		}
		return fmt.Sprintf("SM90_64x%dx32_F32E4M3E4M3_SS<GMMA::Major::%v,GMMA::Major::%v>", c.BN, ma, mb)
	}
	return fmt.Sprintf("SM90_64x%dx%d_F32BF16BF16_SS<GMMA::Major::%v,GMMA::Major::%v>", c.BN, wgmmaKBits/c.ElemBits, ma, mb)
}

// GemmTiledMMA is the kernel's TiledMMA, as a CUTLASS SM90 collective builds it: CuTe's
// make_tiled_mma(GemmAtomName(c, K, K){}, Layout<Shape<W,_1,_1>>{}) with W =
// c.ConsumerWarpgroups: the consumer warpgroups stacked along M, each issuing the 64 x BN
// atom on its 64 rows. Its tile is (64·W, BN, K of the atom), which DeriveGemm checks against
// c's BM and BN.
func GemmTiledMMA(c GemmConfig) (atom.TiledMMA, error) {
	a, err := atom.MakeMMAAtom(GemmAtomName(c, MajorK, MajorK))
	if err != nil {
		return atom.TiledMMA{}, err
	}
	w := c.ConsumerWarpgroups
	return atom.MakeTiledMMA(a, cute.MustLayout(cute.Ints(w, 1, 1), cute.Ints(1, w, w)), cute.Tiler{})
}

// checkConsumerSlices checks what the kernel assumes of tm: consumer warpgroup w's threads
// 128w … 128w+127 hold, in tm's LayoutC_TV over the (BM, BN) tile, exactly the elements the
// atom's CLayout gives them on the 64 x BN tile, 64w rows down (brute force over every
// thread and value). The kernel evaluates the atom's CLayout with a row offset per consumer.
func checkConsumerSlices(c GemmConfig, tm atom.TiledMMA) error {
	ctv, err := tm.LayoutC_TV()
	if err != nil {
		return err
	}
	acc := tm.Atom.LayoutC_TV
	threads, err := cute.Size(acc.Shape().At(0))
	if err != nil {
		return err
	}
	values, err := cute.Size(acc.Shape().At(1))
	if err != nil {
		return err
	}
	bm, mm := tm.TileSizeMNK(0), int64(wgmmaM)
	for w := int64(0); w < c.ConsumerWarpgroups; w++ {
		for t := int64(0); t < threads; t++ {
			for v := int64(0); v < values; v++ {
				got, err := at(ctv, w*threads+t, v)
				if err != nil {
					return err
				}
				want, err := at(acc, t, v)
				if err != nil {
					return err
				}
				if got%bm != want%mm+w*mm || got/bm != want/mm {
					return cfgErr("%s: consumer %d thread %d value %d holds (%d,%d) in make_tiled_mma's LayoutC_TV, not (%d,%d) as the atom's CLayout %d rows down gives",
						c.Name(), w, t, v, got%bm, got/bm, want%mm+w*mm, want/mm, w*mm)
				}
			}
		}
	}
	return nil
}

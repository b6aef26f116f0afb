package sm90

import (
	"testing"

	"github.com/cutego/cutego/cute"
)

// The kernels' stages of several k-blocks (kernels/gemm_k_blocks.h, KBlocked<C, KB, S>) put
// k-block j of stage s at C's stage s·KB + j and run C's TMA boxes and wgmma descriptors within
// each k-block. This checks that layout against CuTe's own, for both operands of both majors of
// the k-blocked kernel configurations (and of 64x128, whose N-major B has two MN blocks): the atom tiled by tile_to_shape to (rows, BK, KB·S) in the
// collective's order (K-major: MN first; MN-major: K first, CUTLASS's Step<_2,_1,_3>) maps every
// (mn, k, s·KB + j) to s·KB·stage + j·stage + C's (mn, k, 0); and, for a K-major operand or an
// MN-major one of one atom-wide MN block, tile_to_shape to (rows, KB·BK, S), the layout of a BK
// of KB·64, maps (mn, k + j·BK, s) there too. (An MN-major operand of several MN blocks, B of
// 64x128, does not have the second: CuTe stacks its K atoms first; the check fails for it.)
func TestKBlockedStagesAreTileToShape(t *testing.T) {
	cases := []struct {
		base   GemmConfig
		kb, st int64
	}{
		{GemmConfig{BM: 64, BN: 64, BK: 64, Stages: 13, ElemBits: 16, ConsumerWarpgroups: 1, Multicast: 2}, 2, 6},
		{GemmConfig{BM: 64, BN: 32, BK: 64, Stages: 16, ElemBits: 16, ConsumerWarpgroups: 1, Multicast: 2}, 2, 8},
		{GemmConfig{BM: 64, BN: 128, BK: 64, Stages: 8, ElemBits: 16, ConsumerWarpgroups: 1, Multicast: 2}, 2, 4},
	}
	for _, c := range cases {
		g, err := DeriveGemm(c.base)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range g.Operands {
			order := cute.Ints(1, 2, 3)
			if o.Major == MajorMN {
				order = cute.Ints(2, 1, 3)
			}
			bk := c.base.BK
			stage := o.StageBytes / (c.base.ElemBits / 8) // elements of one k-block
			stacked, err := cute.ComposedTileToShapeOrdered(o.Atom, cute.Ints(o.Rows, bk, c.kb*c.st), order)
			if err != nil {
				t.Fatalf("%s %s: %v", c.base.Name(), o.Name, err)
			}
			for i := int64(0); i < o.Rows*bk*c.kb*c.st; i++ {
				got, err := stacked.Eval(i)
				if err != nil {
					t.Fatal(err)
				}
				base, err := o.Stages.Eval(i % (o.Rows * bk))
				if err != nil {
					t.Fatal(err)
				}
				if want := (i/(o.Rows*bk))*stage + base; got != want {
					t.Fatalf("%s %s KB %d: C's stages, element %d at %d, want %d", c.base.Name(), o.Name, c.kb, i, got, want)
				}
			}
			if o.Major == MajorMN && o.TMALoads > 1 {
				continue // several MN blocks: not the layout of a BK of KB·64 (above)
			}
			blocked, err := cute.ComposedTileToShapeOrdered(o.Atom, cute.Ints(o.Rows, c.kb*bk, c.st), order)
			if err != nil {
				t.Fatalf("%s %s: %v", c.base.Name(), o.Name, err)
			}
			bad := 0
			for s := int64(0); s < 2; s++ {
				for j := int64(0); j < c.kb; j++ {
					for k := int64(0); k < bk; k++ {
						for mn := int64(0); mn < o.Rows; mn++ {
							got, err := blocked.Eval(mn + o.Rows*((k+j*bk)+c.kb*bk*s))
							if err != nil {
								t.Fatal(err)
							}
							base, err := o.Stages.Eval(mn + o.Rows*k)
							if err != nil {
								t.Fatal(err)
							}
							if want := s*c.kb*stage + j*stage + base; got != want && bad < 3 {
								bad++
								t.Errorf("%s %s KB %d: (mn %d, k %d, stage %d) at %d, want %d", c.base.Name(), o.Name, c.kb,
									mn, k+j*bk, s, got, want)
							}
						}
					}
				}
			}
		}
	}
}

package sm90

import (
	"testing"

	"github.com/cutego/cutego/cute"
)

// The kernels' stages of several k-blocks (kernels/gemm_k_blocks.h, KBlocked<C, KB, S>) put
// k-block j of a stage j x C's stage bytes into it and run C's TMA boxes and wgmma descriptors
// within each k-block. This checks that layout against CuTe's own: the same atom tiled by
// tile_to_shape to (rows, KB·BK, S) in the collective's order (K-major: MN first; MN-major: K
// first, CUTLASS's Step<_2,_1,_3>) maps every (mn, k + j·BK, s) to s·KB·stage + j·stage + C's
// (mn, k, 0), for both operands of both majors of the two k-blocked kernel configurations. (An
// MN-major operand of several atom-wide MN blocks would not: CuTe stacks its K atoms first; the
// kernel header refuses it.)
func TestKBlockedStagesAreTileToShape(t *testing.T) {
	cases := []struct {
		base   GemmConfig
		kb, st int64
	}{
		{GemmConfig{BM: 64, BN: 64, BK: 64, Stages: 13, ElemBits: 16, ConsumerWarpgroups: 1, Multicast: 2}, 2, 6},
		{GemmConfig{BM: 64, BN: 32, BK: 64, Stages: 16, ElemBits: 16, ConsumerWarpgroups: 1, Multicast: 2}, 2, 8},
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
			blocked, err := cute.ComposedTileToShapeOrdered(o.Atom, cute.Ints(o.Rows, c.kb*bk, c.st), order)
			if err != nil {
				t.Fatalf("%s %s: %v", c.base.Name(), o.Name, err)
			}
			stage := o.StageBytes / (c.base.ElemBits / 8) // elements of one k-block
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

package sm90

import (
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
)

// TestGemmTiledMMA: the kernel's TiledMMA tiles the CTA (BM = 64·W rows, BN, the atom's K:
// 16 for 16-bit, 32 for 8-bit elements), and DeriveGemm's instruction and accumulator are
// its atom's.
func TestGemmTiledMMA(t *testing.T) {
	for _, c := range kernelConfigs {
		tm, err := GemmTiledMMA(c)
		if err != nil {
			t.Fatalf("%s: %v", c.Name(), err)
		}
		k := int64(16)
		if c.ElemBits == 8 {
			k = 32
		}
		if got := tm.TileShape().String(); got != cute.Ints(c.BM, c.BN, k).String() {
			t.Errorf("%s: tile %s", c.Name(), got)
		}
		g, err := DeriveGemm(c)
		if err != nil {
			t.Fatalf("%s: %v", c.Name(), err)
		}
		if g.MMAM != 64 || g.MMAN != c.BN || g.MMAK != k || g.Acc.TV.String() != tm.Atom.LayoutC_TV.String() {
			t.Errorf("%s: m%dn%dk%d, accumulator %v", c.Name(), g.MMAM, g.MMAN, g.MMAK, g.Acc.TV)
		}
		// The atom's CLayout is the PTX ISA's wgmma D fragment (CLayout64xN, built from the
		// ISA's formula, not from the table).
		want, err := CLayout64xN(c.BN)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Acc.TV.Equal(want) {
			t.Errorf("%s: accumulator %v is not the ISA's fragment %v", c.Name(), g.Acc.TV, want)
		}
	}
}

// TestConsumerSlicesRefuse: the per-consumer check can fail: consumers stacked along N
// (make_tiled_mma's atom layout (1,2,1)) hold other elements than the kernel assumes.
func TestConsumerSlicesRefuse(t *testing.T) {
	c := kernelConfigs[1] // 128x128, 2 consumers
	a, err := atom.MakeMMAAtom(GemmAtomName(c, MajorK, MajorK))
	if err != nil {
		t.Fatal(err)
	}
	alongN, err := atom.MakeTiledMMA(a, cute.MustLayout(cute.Ints(1, 2, 1), cute.Ints(0, 1, 0)), cute.Tiler{})
	if err != nil {
		t.Fatal(err)
	}
	err = checkConsumerSlices(c, alongN)
	if err == nil || !strings.Contains(err.Error(), "consumer 1") {
		t.Fatalf("consumers along N: %v, want consumer 1 refused", err)
	}
	good, err := GemmTiledMMA(c)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkConsumerSlices(c, good); err != nil {
		t.Fatal(err)
	}
}

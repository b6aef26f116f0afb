package atom

import (
	"errors"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// TestRefusals: every entry point refuses bad input with a *cute.Error that names the
// atom and the reason (the reasons C++ CuTe's static assertions give, where it has one).
func TestRefusals(t *testing.T) {
	sm80, err := MakeMMAAtom("SM80_16x8x16_F32F16F16F32_TN")
	if err != nil {
		t.Fatal(err)
	}
	mma, err := MakeTiledMMA(sm80, mustL(t, "(2,2,1):(1,2,0)"), cute.Tiler{})
	if err != nil {
		t.Fatal(err)
	}
	ldsm, err := MakeCopyAtom("SM75_U32x4_LDSM_N", "half_t")
	if err != nil {
		t.Fatal(err)
	}
	thr, _ := mma.Slice(0)
	cases := []struct {
		name string
		f    func() error
		want []string
	}{
		{"unknown MMA atom", func() error { _, err := MakeMMAAtom("SM80_16x8x17_F32F16F16F32_TN"); return err }, []string{"SM80_16x8x17", "did you mean SM80_16x8"}},
		{"RS with MN-major A", func() error {
			_, err := MakeMMAAtom("SM90_64x64x16_F16F16F16_RS<GMMA::Major::MN,GMMA::Major::K>")
			return err
		}, []string{"K major"}},
		{"unknown copy op", func() error { _, err := MakeCopyAtom("SM75_U64x4_LDSM_N", "half_t"); return err }, []string{"SM75_U64x4_LDSM_N", "not a copy operation"}},
		{"unknown value type", func() error { _, err := MakeCopyAtom("UniversalCopy<uint32_t>", "half"); return err }, []string{"half", "not a value type"}},
		{"cp.async width", func() error { _, err := MakeCopyAtom("SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>", "half_t"); return err }, []string{"cp.async sizeof(TS)"}},
		{"type parameter missing", func() error { _, err := MakeCopyAtom("UniversalCopy", "half_t"); return err }, []string{"type parameter"}},
		{"type parameter extra", func() error { _, err := MakeCopyAtom("SM75_U32x4_LDSM_N<half_t>", "half_t"); return err }, []string{"no type parameter"}},
		{"rank-4 atom layout", func() error {
			_, err := MakeTiledMMA(sm80, mustL(t, "(2,2,1,2):(1,2,0,4)"), cute.Tiler{})
			return err
		}, []string{"SM80_16x8x16_F32F16F16F32_TN", "rank-3 AtomLayoutMNK"}},
		{"rank-4 permutation", func() error {
			_, err := MakeTiledMMA(sm80, mustL(t, "(2,2,1):(1,2,0)"), mustTiler(t, "(32,32,16,1)"))
			return err
		}, []string{"rank-3 PermutationMNK"}},
		{"permutation not a tuple", func() error {
			_, err := MakeTiledMMA(sm80, mustL(t, "(2,2,1):(1,2,0)"), cute.LayoutTiler(mustL(t, "32:1")))
			return err
		}, []string{"independent permutations"}},
		{"tile not a multiple of the atoms", func() error {
			_, err := MakeTiledMMA(sm80, mustL(t, "(2,2,1):(1,2,0)"), mustTiler(t, "(48,_,_)"))
			return err
		}, []string{"tile of M, 48", "16 times the 2 atoms"}},
		{"thread index", func() error { _, err := mma.Slice(128); return err }, []string{"thread index 128", "128 threads"}},
		{"negative thread index", func() error { _, err := mma.Slice(-1); return err }, []string{"thread index -1"}},
		{"thrfrg of rank 1", func() error { _, err := mma.ThrfrgC(mustL(t, "64:1")); return err }, []string{"rank 1, below 2"}},
		{"partition of rank 1", func() error { _, _, err := thr.PartitionA(mustL(t, "64:1")); return err }, []string{"rank 1"}},
		{"copy with too few threads", func() error {
			_, err := MakeTiledCopy(ldsm, mustL(t, "(4,4):(4,1)"), mustL(t, "(1,8):(0,1)"))
			return err
		}, []string{"too few thrs", "SM75_U32x4_LDSM_N"}},
		{"copy with too few values", func() error {
			_, err := MakeTiledCopy(ldsm, mustL(t, "(32,1):(1,0)"), mustL(t, "(1,4):(0,1)"))
			return err
		}, []string{"too few vals"}},
		{"copy slice", func() error {
			tc, err := MakeTiledCopyA(ldsm, mma)
			if err != nil {
				return nil
			}
			_, err = tc.Slice(1 << 40)
			return err
		}, []string{"thread index"}},
		{"tidfrg rank", func() error {
			tc, err := MakeTiledCopyA(ldsm, mma)
			if err != nil {
				return nil
			}
			_, err = tc.TidfrgS(mustL(t, "64:1"))
			return err
		}, []string{"Rank of tensor to be partitioned too small"}},
	}
	for _, c := range cases {
		err := c.f()
		var ce *cute.Error
		if !errors.As(err, &ce) {
			t.Errorf("%s: got %v, want a *cute.Error", c.name, err)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not say %q", c.name, err, w)
			}
		}
	}
}

// TestTableNames: every name the table lists makes its atom, under the spellings C++
// accepts (spaces, cute::, SM90::GMMA::, a trailing {}), and the table is large.
func TestTableNames(t *testing.T) {
	names := MMAAtomNames()
	if len(names) < 1500 {
		t.Fatalf("only %d MMA atoms", len(names))
	}
	for _, n := range names {
		if _, err := MakeMMAAtom(n); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
	}
	for _, n := range []string{"cute::SM80_16x8x16_F32BF16BF16F32_TN{}", "SM90_64x128x16_F32BF16BF16_SS< SM90::GMMA::Major::K, SM90::GMMA::Major::MN >",
		"SM90_64x64x8_F32TF32TF32_SS_TN", "SM90_64x64x32_S32S8S8_SS_TN<>"} {
		if _, err := MakeMMAAtom(n); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
	if _, err := MakeCopyAtom("cute::UniversalCopy<cute::uint128_t>", "cute::half_t"); err != nil {
		t.Error(err)
	}
}

// TestZeroValues: zero TiledMMA, TiledCopy and atom values are refused, not a panic.
func TestZeroValues(t *testing.T) {
	var tm TiledMMA
	var tc TiledCopy
	l := mustL(t, "(8,8):(1,8)")
	for name, f := range map[string]func() error{
		"LayoutC_TV": func() error { _, err := tm.LayoutC_TV(); return err },
		"LayoutA_TV": func() error { _, err := tm.LayoutA_TV(); return err },
		"LayoutB_TV": func() error { _, err := tm.LayoutB_TV(); return err },
		"ThrfrgC":    func() error { _, err := tm.ThrfrgC(l); return err },
		"Slice":      func() error { _, err := tm.Slice(0); return err },
		"LayoutS_TV": func() error { _, err := tc.LayoutS_TV(); return err },
		"TidfrgD":    func() error { _, err := tc.TidfrgD(l); return err },
		"Retile":     func() error { _, err := tc.Retile(l); return err },
		"CopySlice":  func() error { _, err := tc.Slice(0); return err },
		"CopyA":      func() error { _, err := MakeTiledCopyA(CopyAtom{}, tm); return err },
		"Copy":       func() error { _, err := MakeTiledCopy(CopyAtom{}, l, l); return err },
	} {
		var ce *cute.Error
		if err := f(); !errors.As(err, &ce) {
			t.Errorf("%s: got %v, want a *cute.Error", name, err)
		}
	}
}

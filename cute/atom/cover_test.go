package atom

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// covers reports whether l maps onto every index of [0, n) and nowhere else, and whether
// it is one to one.
func covers(l cute.Layout, n int64) (onto, injective bool) {
	seen := make([]bool, n)
	injective = true
	for i := int64(0); i < l.Size(); i++ {
		v, err := l.Eval(i)
		if err != nil || v < 0 || v >= n {
			return false, false
		}
		if seen[v] {
			injective = false
		}
		seen[v] = true
	}
	for _, s := range seen {
		if !s {
			return false, injective
		}
	}
	return true, injective
}

// atomsMissingB are the atoms of the table whose BLayout, as CUTLASS writes it, does not
// cover the atom's (N,K) tile: the thread stride 32 of SM80's 4-bit 16x8x32 atoms
// (Stride<Stride<_32,_1>,Stride<_8>>) reaches k = 4·t0 + v, k < 20, of K = 32.
var atomsMissingB = []string{
	"SM80_16x8x32_S32S4S4S32_TN", "SM80_16x8x32_S32S4S4S32_TN_SATURATE",
	"SM80_16x8x32_S32S4U4S32_TN", "SM80_16x8x32_S32S4U4S32_TN_SATURATE",
	"SM80_16x8x32_S32U4S4S32_TN", "SM80_16x8x32_S32U4S4S32_TN_SATURATE",
	"SM80_16x8x32_S32U4U4S32_TN", "SM80_16x8x32_S32U4U4S32_TN_SATURATE",
}

// TestAtomLayoutsCover: every atom's CLayout is a bijection from (thread, value) onto
// its (M,N) tile, and its ALayout and BLayout reach every element of (M,K) and (N,K):
// a property of an MMA instruction, checked on the table. The exceptions are listed.
func TestAtomLayoutsCover(t *testing.T) {
	var missing []string
	done, missingKey := map[string]bool{}, map[string]bool{}
	for _, name := range MMAAtomNames() {
		if strings.Contains(name, "Major::MN") {
			continue // same layouts as the K-major atom
		}
		if n, _ := fmt.Sscanf(name, "SM90_64x%d", new(int)); n == 1 && !strings.HasPrefix(name, "SM90_64x8x") && !strings.HasPrefix(name, "SM90_64x24x") {
			continue // GMMA layouts follow one rule in N: N = 8 and 24 stand for the others
		}
		a, err := MakeMMAAtom(name)
		if err != nil {
			t.Fatal(err)
		}
		key := a.ShapeMNK.String() + a.LayoutA_TV.String() + a.LayoutB_TV.String() + a.LayoutC_TV.String()
		if done[key] {
			if missingKey[key] {
				missing = append(missing, name)
			}
			continue
		}
		done[key] = true
		s := func(i int) int64 { return a.ShapeMNK.At(i).Value() }
		if onto, inj := covers(a.LayoutC_TV, s(0)*s(1)); !onto || !inj {
			t.Errorf("%s: CLayout %v is not a bijection onto %dx%d", name, a.LayoutC_TV, s(0), s(1))
		}
		if onto, _ := covers(a.LayoutA_TV, s(0)*s(2)); !onto {
			t.Errorf("%s: ALayout %v does not cover %dx%d", name, a.LayoutA_TV, s(0), s(2))
		}
		if onto, _ := covers(a.LayoutB_TV, s(1)*s(2)); !onto {
			missing = append(missing, name)
			missingKey[key] = true
		}
	}
	sort.Strings(missing)
	want := append([]string(nil), atomsMissingB...)
	sort.Strings(want)
	if strings.Join(missing, " ") != strings.Join(want, " ") {
		t.Errorf("atoms whose BLayout misses part of (N,K):\n got %v\nwant %v", missing, want)
	}
}

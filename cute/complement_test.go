package cute

import (
	"math/rand"
	"testing"
)

var _ = claimCpp("complement", "complement_default")

// TestComplementCpp: CuTe's complement(L, cotarget) and complement(L) on the cases C++
// CuTe printed (testdata/algebra_cpp.txt).
func TestComplementCpp(t *testing.T) { cppAlgebraCases(t, "complement", "complement_default") }

// TestComplementProperties: the complement is disjoint from L, ordered, and with L
// covers the cotarget (checkComplement).
func TestComplementProperties(t *testing.T) {
	ok := 0
	randomLayouts(12, 3000, func(r *rand.Rand, _ int, a, _, c, _ Layout) {
		if checkComplement(t, c, Int(int64(1+r.Intn(200)))) {
			ok++
		}
		checkComplement(t, a, mkLayout(Ints(int64(1+r.Intn(9)), int64(1+r.Intn(9))), Ints(0, 0)).Shape())
	})
	if ok < 1000 {
		t.Fatalf("only %d admissible complements", ok)
	}
}

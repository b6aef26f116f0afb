package cute

import (
	"math/rand"
	"testing"
)

var _ = claimCpp("logical_divide")

// TestLogicalDivideCpp: CuTe's logical_divide(A, B) on the cases C++ CuTe printed.
func TestLogicalDivideCpp(t *testing.T) { cppAlgebraCases(t, "logical_divide") }

// TestLogicalDivideProperties: logical_divide(A, B) = A ∘ (B, complement(B, size(A)))
// as functions (checkLogicalDivide).
func TestLogicalDivideProperties(t *testing.T) {
	ok := 0
	randomLayouts(15, 3000, func(_ *rand.Rand, _ int, a, _, c, d Layout) {
		checkLogicalDivide(t, c, d)
		if _, err := LogicalDivide(c, d.AsTiler()); err == nil {
			ok++
		}
		checkLogicalDivide(t, a, d)
	})
	if ok < 300 {
		t.Fatalf("only %d admissible divides", ok)
	}
}

package cute

import (
	"math/rand"
	"testing"
)

var _ = claimCpp("logical_product")

// TestLogicalProductCpp: CuTe's logical_product(A, B) on the cases C++ CuTe printed.
func TestLogicalProductCpp(t *testing.T) { cppAlgebraCases(t, "logical_product") }

// TestLogicalProductProperties: logical_product(A, B) = (A, complement(A, size(A)·
// cosize(B)) ∘ B) as functions (checkLogicalProduct).
func TestLogicalProductProperties(t *testing.T) {
	randomLayouts(16, 3000, func(_ *rand.Rand, _ int, a, _, c, d Layout) {
		checkLogicalProduct(t, c, d)
		checkLogicalProduct(t, d, a)
	})
}

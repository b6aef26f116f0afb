package cute

import (
	"math/rand"
	"testing"
)

var _ = claimCpp("left_inverse")

// TestLeftInverseCpp: CuTe's left_inverse(L) on the cases C++ CuTe printed.
func TestLeftInverseCpp(t *testing.T) { cppAlgebraCases(t, "left_inverse") }

// TestLeftInverseProperties: R(L(i)) = i on L's domain (checkLeftInverse).
func TestLeftInverseProperties(t *testing.T) {
	randomLayouts(14, 3000, func(_ *rand.Rand, _ int, a, _, c, _ Layout) {
		checkLeftInverse(t, c)
		checkLeftInverse(t, a)
	})
}

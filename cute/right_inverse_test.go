package cute

import (
	"math/rand"
	"testing"
)

var _ = claimCpp("right_inverse")

// TestRightInverseCpp: CuTe's right_inverse(L) on the cases C++ CuTe printed.
func TestRightInverseCpp(t *testing.T) { cppAlgebraCases(t, "right_inverse") }

// TestRightInverseProperties: L(R(i)) = i on R's domain (checkRightInverse).
func TestRightInverseProperties(t *testing.T) {
	randomLayouts(13, 3000, func(_ *rand.Rand, _ int, a, _, c, _ Layout) {
		checkRightInverse(t, a)
		checkRightInverse(t, c)
	})
}

package cute

import (
	"math/rand"
	"testing"
)

var _ = claimCpp("coalesce", "coalesce_profile")

// TestCoalesceCpp: CuTe's coalesce(L) and coalesce(L, profile) on the cases C++ CuTe
// printed (testdata/algebra_cpp.txt).
func TestCoalesceCpp(t *testing.T) { cppAlgebraCases(t, "coalesce", "coalesce_profile") }

// TestCoalesceProperties: same size, same function on [0,size), depth ≤ 1, idempotent.
func TestCoalesceProperties(t *testing.T) {
	randomLayouts(11, 3000, func(_ *rand.Rand, _ int, a, b, c, _ Layout) {
		checkCoalesce(t, a)
		checkCoalesce(t, b)
		checkCoalesce(t, c)
	})
}

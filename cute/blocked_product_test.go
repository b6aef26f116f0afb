package cute

import "testing"

var _ = claimCpp("blocked_product")

// TestBlockedProductCpp: CuTe's blocked_product(A, B) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestBlockedProductCpp(t *testing.T) { cppAlgebraCases(t, "blocked_product") }

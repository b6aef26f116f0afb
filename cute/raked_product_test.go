package cute

import "testing"

var _ = claimCpp("raked_product")

// TestRakedProductCpp: CuTe's raked_product(A, B) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestRakedProductCpp(t *testing.T) { cppAlgebraCases(t, "raked_product") }

package cute

import "testing"

var _ = claimCpp("nullspace")

// TestNullspaceCpp: CuTe's nullspace(L) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestNullspaceCpp(t *testing.T) { cppAlgebraCases(t, "nullspace") }

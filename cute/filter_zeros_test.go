package cute

import "testing"

var _ = claimCpp("filter_zeros")

// TestFilterZerosCpp: CuTe's filter_zeros(L) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestFilterZerosCpp(t *testing.T) { cppAlgebraCases(t, "filter_zeros") }

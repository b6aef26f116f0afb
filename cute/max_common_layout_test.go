package cute

import "testing"

var _ = claimCpp("max_common_layout")

// TestMaxCommonLayoutCpp: CuTe's max_common_layout(A, B) on the cases C++ CuTe printed (testdata/algebra_cpp.txt).
func TestMaxCommonLayoutCpp(t *testing.T) { cppAlgebraCases(t, "max_common_layout") }
